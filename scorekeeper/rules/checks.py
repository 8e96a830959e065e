"""The checks of a game's options: each override checked against its choices, partners and five at a table
applied, and the whole set checked for consistency, each problem a RuleError naming its field."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .catalogue import (
    ALONE_COUNTS,
    CATALOGUE,
    ENDS,
    IN_PLAY,
    MAX_SEATS,
    MOON_FAILURE,
    MOON_SUCCESS,
    PARTNER_COUNTS,
    POINT_VALUES,
    SIT_OUT,
    SIT_OUT_PLAYERS,
    Moon,
    ordered_points,
)
from .errors import RuleError

if TYPE_CHECKING:
    from .options import Rules


def partners_implied(players: int) -> bool:
    """What a rules dict stored before `partners` existed means: 3 players alone, else partners."""
    return players != 3


def is_int(value: Any) -> bool:
    """A whole number, not a bool."""
    return isinstance(value, int) and not isinstance(value, bool)


def int_option(name: str, value: Any, low: int, high: int, nullable: bool = False) -> int | None:
    """A whole-number option within its range."""
    if value is None and nullable:
        return None
    if not is_int(value) or not low <= value <= high:
        extra = " or null" if nullable else ""
        raise RuleError(f"{name} must be a whole number from {low} to {high}{extra}.", f"rules.{name}")
    return value


def bool_option(name: str, value: Any) -> bool:
    """A true-or-false option."""
    if not isinstance(value, bool):
        raise RuleError(f"{name} must be true or false.", f"rules.{name}")
    return value


def moon_option(current: Moon | None, value: Any) -> Moon | None:
    """The moon override merged into the current moon (or the default one)."""
    if value is None or value is False:
        return None
    if value is True:
        return current or Moon()
    if not isinstance(value, Mapping):
        raise RuleError("moon must be null, true, false or an object of moon options.", "rules.moon")
    moon = current or Moon()
    for key, item in value.items():
        if key == "success" and item in MOON_SUCCESS:
            continue
        if key == "failure" and item in MOON_FAILURE:
            continue
        if key == "penalty" and is_int(item) and 0 <= item <= 100:
            continue
        if key == "not_in_hole" and isinstance(item, bool):
            continue
        allowed = {
            "success": 'success must be "win" or "points"',
            "failure": 'failure must be "lose" or "minus"',
            "penalty": "penalty must be a whole number from 0 to 100",
            "not_in_hole": "not_in_hole must be true or false",
        }
        message = allowed.get(key, f"{key} is not a moon option (success, failure, penalty, not_in_hole)")
        raise RuleError(f"Moon: {message}.", "rules.moon")
    return dataclasses.replace(moon, **dict(value))


def points_option(value: Any) -> dict[str, int]:
    """A point set: known keys, each worth 1 to 10, one joker or two."""
    if not isinstance(value, Mapping) or not value:
        raise RuleError("points must be an object of point: value naming at least one point.", "rules.points")
    low, high = POINT_VALUES
    for key, worth in value.items():
        if key not in CATALOGUE:
            raise RuleError(f"points: {key} is not a Pitch point (the points are {', '.join(CATALOGUE)}).",
                            "rules.points")
        if not is_int(worth) or not low <= worth <= high:
            raise RuleError(f"points: {key} must be worth a whole number from {low} to {high}.", "rules.points")
    if "joker" in value and ({"high_joker", "low_joker"} & set(value)):
        raise RuleError("points: a deck has one joker or two, so use joker or high_joker and low_joker, not both.",
                        "rules.points")
    return ordered_points(value)


def check_option(rules: Rules, name: str, value: Any) -> Any:
    """One house-rule value, checked on its own."""
    if name in ("target",):
        return int_option(name, value, 1, 1000)
    if name in ("min_bid", "max_bid"):
        return int_option(name, value, 1, 20)
    if name in ("all_tricks_bid", "forced_bid"):
        return int_option(name, value, 1, 20, nullable=True)
    if name == "first_dealer":  # a seat of the game: checked against the player count when the game is seated
        return int_option(name, value, 0, MAX_SEATS - 1)
    if name == "time_limit_minutes":
        return int_option(name, value, 1, 600, nullable=True)
    if name in ("dealer_may_match", "trump_with_bid", "partners", "smudge"):
        return bool_option(name, value)
    if name == "sit_out":
        if value is not None and value not in SIT_OUT:
            raise RuleError('sit_out must be "dealer" (five players, the dealer sitting out each hand) or null.',
                            "rules.sit_out")
        return value
    if name == "end":
        if value not in ENDS:
            raise RuleError('end must be "bid_only", "first_to_target" or "highest_past_target".', "rules.end")
        return value
    if name == "in_play":
        if value not in IN_PLAY:
            raise RuleError('in_play must be "all" (every point card is dealt) or "dealt".', "rules.in_play")
        return value
    if name == "points":
        return points_option(value)
    if name == "moon":
        return moon_option(rules.moon, value)
    raise RuleError(f"{name} is not a house rule of this game.", f"rules.{name}")


def infer_partners(rules: Rules, players: Any, changes: dict[str, Any]) -> None:
    """`players` sent without `partners` reads as a rules dict does: 3 alone, else partners (where that seats them)."""
    if not is_int(players):
        return
    implied = partners_implied(players)
    if implied != rules.partners and players in (PARTNER_COUNTS if implied else ALONE_COUNTS):
        changes["partners"] = implied


def apply_partners(rules: Rules, changes: dict[str, Any]) -> None:
    """A game that changes `partners` allows the counts of its new value, the current count first if allowed."""
    if "partners" not in changes or changes["partners"] == rules.partners:
        return
    counts = PARTNER_COUNTS if changes["partners"] else ALONE_COUNTS
    first = rules.players if rules.players in counts else counts[0]
    changes["player_counts"] = (first, *(count for count in counts if count != first))
    changes["players"] = first


def apply_sit_out(rules: Rules, overrides: Mapping[str, Any], changes: dict[str, Any]) -> None:
    """Five at a table: a partnership game for four seats five, the dealer sitting out; a missed moon cannot lose."""
    if not changes.get("sit_out", rules.sit_out):
        return
    if not changes.get("partners", rules.partners):
        raise RuleError("The dealer sits out only at a game with partners; in this game everyone plays alone.",
                        "rules.sit_out")
    if 4 not in changes.get("player_counts", rules.seat_counts):
        raise RuleError("The dealer sits out only at a partnership game for four; this game is for six.",
                        "rules.sit_out")
    if "players" in overrides and overrides["players"] != SIT_OUT_PLAYERS:
        raise RuleError(f"With the dealer sitting out, a game takes exactly {SIT_OUT_PLAYERS} players.",
                        "rules.players")
    changes.update(player_counts=(SIT_OUT_PLAYERS,), players=SIT_OUT_PLAYERS)
    moon = changes.get("moon", rules.moon)
    if moon is not None and moon.failure == "lose":
        asked = overrides.get("moon")
        if isinstance(asked, Mapping) and asked.get("failure") == "lose":
            raise RuleError(
                "With the dealer sitting out there is no single other side to win, so a missed moon cannot lose "
                'the game: set the moon\'s failure to "minus".',
                "rules.moon",
            )
        changes["moon"] = dataclasses.replace(moon, failure="minus")  # the preset's penalty, as a set


def count_words(counts: tuple[int, ...]) -> str:
    """4, "4 or 6", "2 to 7": the player counts in words."""
    ordered = sorted(counts)
    if len(ordered) == 1:
        return str(ordered[0])
    if ordered == list(range(ordered[0], ordered[-1] + 1)) and len(ordered) > 2:
        return f"{ordered[0]} to {ordered[-1]}"
    return ", ".join(map(str, ordered[:-1])) + f" or {ordered[-1]}"


def check_players(counts: tuple[int, ...], value: Any) -> int:
    """A `players` option: one of the counts the variant allows."""
    if not is_int(value) or value not in counts:
        if len(counts) == 1:
            raise RuleError("players is fixed by the variant; choose another variant instead.", "rules.players")
        raise RuleError(f"players must be {count_words(counts)} in this variant.", "rules.players")
    return value


def check_scheme(rules: Rules, value: Any) -> None:
    """A `scheme` option only names the point set the game has."""
    current = rules.scheme
    if type(value) is not type(current) or value != current:
        raise RuleError("scheme is fixed by the variant; choose another variant instead, or set points.",
                        "rules.scheme")


def blame(changed: Mapping[str, Any], *names: str) -> str:
    """The field to point at: the first of `names` the house rules changed."""
    return "rules." + next((name for name in names if name in changed), names[0])


def check_consistent(rules: Rules, changed: Mapping[str, Any]) -> None:
    """Options that must agree with each other."""
    if rules.max_bid < rules.min_bid:
        raise RuleError(
            f"The highest bid ({rules.max_bid}) cannot be below the lowest ({rules.min_bid}).",
            blame(changed, "max_bid", "min_bid"),
        )
    all_tricks = rules.all_tricks_bid
    if all_tricks is not None and (rules.in_play != "dealt" or all_tricks <= rules.total_points):
        raise RuleError(
            "The all-tricks bid is for High-Low-Jack-Game games and must be above the "
            f"{rules.total_points} points in a hand.",
            blame(changed, "all_tricks_bid", "in_play", "points"),
        )
    top = max(rules.all_tricks_bid or 0, rules.total_points)
    if rules.max_bid > top:
        raise RuleError(
            f"The highest bid cannot be more than {top}: a hand has {rules.total_points} points"
            + (f" and the all-tricks bid is {rules.all_tricks_bid}." if rules.all_tricks_bid else "."),
            blame(changed, "max_bid", "all_tricks_bid", "points"),
        )
    if rules.forced_bid is not None and not rules.min_bid <= rules.forced_bid <= rules.max_bid:
        raise RuleError(
            f"The bid the dealer is stuck with when all pass must be a legal bid, {rules.min_bid} to {rules.max_bid}.",
            blame(changed, "forced_bid", "min_bid", "max_bid"),
        )


def check_teams(rules: Rules) -> None:
    """Options that depend on how many teams there are."""
    if rules.moon is not None and rules.moon.failure == "lose" and rules.team_count != 2:
        raise RuleError(
            f"A missed moon that loses the game needs two teams; with {rules.team_count} players each alone, "
            'set the moon\'s failure to "minus".',
            "rules.moon",
        )
