"""The rule options of a game and the presets, as frozen data."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .errors import RuleError

CARD_POINTS = {
    "ace": 1, "jack": 1, "off_jack": 1, "high_joker": 1,
    "low_joker": 1, "ten": 1, "three": 3, "two": 1,
}
CATEGORIES = {"high": 1, "low": 1, "jack": 1, "game": 1}
SCHEMES = {"card_points": CARD_POINTS, "categories": CATEGORIES}
# The point catalogue, in the order defenders count their points past the target (`game` last).
CATALOGUE = (
    "high", "low", "jack", "off_jack", "high_joker", "low_joker", "joker", "ace", "off_ace",
    "ten", "five", "three", "off_three", "two", "game",
)
IN_PLAY = ("all", "dealt")
SCHEME_IN_PLAY = {"card_points": "all", "categories": "dealt"}
# Points never null: in a `dealt` game High and Low are always in play.
ALWAYS_IN_PLAY = frozenset({"high", "low"})
POINT_VALUES = (1, 10)
POINT_NAMES = {
    "ace": "the ace", "jack": "the jack", "off_jack": "the off-jack",
    "high_joker": "the high joker", "low_joker": "the low joker",
    "ten": "the ten", "three": "the three", "two": "the two",
    "high": "High", "low": "Low", "game": "Game",
    "joker": "the joker", "off_ace": "the off-ace", "five": "the five", "off_three": "the off-three",
}
ENDS = ("bid_only", "first_to_target", "highest_past_target")
MOON_SUCCESS = ("win", "points")
MOON_FAILURE = ("lose", "minus")
# Who sits out each hand (five at a partnership game for four): only the dealer, or nobody (None).
SIT_OUT = ("dealer",)
SIT_OUT_PLAYERS = 5  # a game where the dealer sits out seats exactly this many
# Player counts a game allows: with partners two teams across the table, alone every player a team.
PARTNER_COUNTS = (4, 6)
ALONE_COUNTS = (2, 3, 4, 5, 6, 7)
MAX_SEATS = max(ALONE_COUNTS)  # the most players any game seats


def ordered_points(points: Mapping[str, int]) -> dict[str, int]:
    """A point set in its listing order: a named scheme's own order, else the catalogue's."""
    for named in SCHEMES.values():
        if dict(points) == named:
            return dict(named)
    return {key: points[key] for key in CATALOGUE if key in points}


def scheme_of(points: Mapping[str, int], in_play: str) -> str | None:
    """The name of a point set that has one (`card_points`, `categories`), else None."""
    for name, named in SCHEMES.items():
        if dict(points) == named and SCHEME_IN_PLAY[name] == in_play:
            return name
    return None


@dataclass(frozen=True)
class Moon:
    """What shooting the moon wins or costs."""

    success: str = "win"
    failure: str = "lose"
    penalty: int = 10
    not_in_hole: bool = False


@dataclass(frozen=True)
class Rules:
    """Every option that decides how a game is scored."""

    players: int
    target: int
    min_bid: int
    max_bid: int
    moon: Moon | None
    all_tricks_bid: int | None
    end: str
    time_limit_minutes: int | None
    dealer_may_match: bool
    forced_bid: int | None
    trump_with_bid: bool
    points: Mapping[str, int]  # each scoring point of the game and its value, in listing order
    in_play: str
    partners: bool
    smudge: bool = False
    sit_out: str | None = None  # "dealer": five at a partnership game, the dealer sitting out each hand
    first_dealer: int = 0  # the seat that deals hand 1 (a rematch passes the deal on)
    # The player counts a game of these rules may seat (the first is the one offered first).
    player_counts: tuple[int, ...] = field(default=(), compare=False)
    # The preset these rules were made from (None: a preset itself, or a rules dict read without its variant).
    base: Rules | None = field(default=None, compare=False, repr=False, metadata={"option": False})

    @property
    def scheme(self) -> str | None:
        """The name of this game's point set (`card_points`, `categories`), or None for any other."""
        return scheme_of(self.points, self.in_play)

    @property
    def total_points(self) -> int:
        """Points at stake in one hand (every point in play)."""
        return sum(self.points.values())

    @property
    def nullable(self) -> frozenset[str]:
        """The points that may go to nobody: not dealt, or (`game`) a tied count."""
        if self.in_play == "dealt":
            return frozenset(key for key in self.points if key not in ALWAYS_IN_PLAY)
        return frozenset({"game"}) & frozenset(self.points)

    @property
    def team_count(self) -> int:
        """With partners two teams; alone, every player is a team."""
        return 2 if self.partners else self.players

    @property
    def score_count(self) -> int:
        """How many running scores the game keeps: one per player where the dealer sits out, else one per team."""
        return self.players if self.sit_out else self.team_count

    @property
    def side_word(self) -> str:
        """What the table calls a side in messages: a team, a player alone, or (five at a table) a side."""
        if self.sit_out:
            return "side"
        return "team" if self.partners else "player"

    @property
    def seat_counts(self) -> tuple[int, ...]:
        """The player counts these rules allow, the usual one first."""
        return self.player_counts or (self.players,)

    def team_of(self, seat: int) -> int:
        """The team a seat plays for (partners sit across)."""
        return seat % self.team_count

    def to_dict(self) -> dict[str, Any]:
        """The options as JSON-ready data; the Pitch family's options and `first_dealer` only where not implied.

        An option added with the Pitch family is shown where its value is not the one a rules dict without it
        means, and also where it differs from the game's preset, so the dict sent back as house rules makes
        the same game.
        """
        base = self.base or self
        body: dict[str, Any] = {
            "players": self.players, "scheme": self.scheme, "target": self.target,
            "min_bid": self.min_bid, "max_bid": self.max_bid,
            "moon": None if self.moon is None else dataclasses.asdict(self.moon),
            "all_tricks_bid": self.all_tricks_bid, "end": self.end, "time_limit_minutes": self.time_limit_minutes,
            "dealer_may_match": self.dealer_may_match, "forced_bid": self.forced_bid,
            "trump_with_bid": self.trump_with_bid,
        }
        if self.scheme is None or (dict(self.points), self.in_play) != (dict(base.points), base.in_play):
            body.update(points=dict(self.points), in_play=self.in_play)
        if self.partners != _partners_implied(self.players) or self.partners != base.partners:
            body["partners"] = self.partners
        if self.smudge or self.smudge != base.smudge:
            body["smudge"] = self.smudge
        if self.sit_out or self.sit_out != base.sit_out:
            body["sit_out"] = self.sit_out
        if self.first_dealer or self.first_dealer != base.first_dealer:
            body["first_dealer"] = self.first_dealer
        return body

    def with_overrides(self, overrides: Mapping[str, Any] | None) -> Rules:
        """These rules with a game's house rules applied, checked."""
        if overrides is None:
            return self
        if not isinstance(overrides, Mapping):
            raise RuleError("House rules must be an object of option: value.", "rules")
        changes: dict[str, Any] = {}
        for name, value in overrides.items():
            if name not in ("players", "scheme"):
                changes[name] = _check_option(self, name, value)
        if "players" in overrides and "partners" not in changes:
            _infer_partners(self, overrides["players"], changes)
        _apply_partners(self, changes)
        _apply_sit_out(self, overrides, changes)
        if "players" in overrides:
            changes["players"] = _check_players(changes.get("player_counts", self.seat_counts), overrides["players"])
        if "min_bid" in changes and "forced_bid" not in changes and self.forced_bid is not None:
            changes["forced_bid"] = changes["min_bid"]  # all pass: the dealer takes the minimum
        rules = dataclasses.replace(self, base=self.base or self, **changes)
        _check_consistent(rules, changes)
        if "scheme" in overrides:
            _check_scheme(rules, overrides["scheme"])
        return rules

    def seated(self, count: int) -> Rules:
        """These rules for `count` players (one of `seat_counts`), checked for the teams that makes."""
        rules = dataclasses.replace(self, players=count)
        _check_teams(rules)
        if rules.first_dealer >= count:
            raise RuleError(f"first_dealer must be a seat from 0 to {count - 1}.", "rules.first_dealer")
        return rules


def _partners_implied(players: int) -> bool:
    """What a rules dict stored before `partners` existed means: 3 players alone, else partners."""
    return players != 3


def _is_int(value: Any) -> bool:
    """A whole number, not a bool."""
    return isinstance(value, int) and not isinstance(value, bool)


def _int_option(name: str, value: Any, low: int, high: int, nullable: bool = False) -> int | None:
    """A whole-number option within its range."""
    if value is None and nullable:
        return None
    if not _is_int(value) or not low <= value <= high:
        extra = " or null" if nullable else ""
        raise RuleError(f"{name} must be a whole number from {low} to {high}{extra}.", f"rules.{name}")
    return value


def _bool_option(name: str, value: Any) -> bool:
    """A true-or-false option."""
    if not isinstance(value, bool):
        raise RuleError(f"{name} must be true or false.", f"rules.{name}")
    return value


def _moon_option(current: Moon | None, value: Any) -> Moon | None:
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
        if key == "penalty" and _is_int(item) and 0 <= item <= 100:
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


def _points_option(value: Any) -> dict[str, int]:
    """A point set: known keys, each worth 1 to 10, one joker or two."""
    if not isinstance(value, Mapping) or not value:
        raise RuleError("points must be an object of point: value naming at least one point.", "rules.points")
    low, high = POINT_VALUES
    for key, worth in value.items():
        if key not in CATALOGUE:
            raise RuleError(f"points: {key} is not a Pitch point (the points are {', '.join(CATALOGUE)}).",
                            "rules.points")
        if not _is_int(worth) or not low <= worth <= high:
            raise RuleError(f"points: {key} must be worth a whole number from {low} to {high}.", "rules.points")
    if "joker" in value and ({"high_joker", "low_joker"} & set(value)):
        raise RuleError("points: a deck has one joker or two, so use joker or high_joker and low_joker, not both.",
                        "rules.points")
    return ordered_points(value)


def _check_option(rules: Rules, name: str, value: Any) -> Any:
    """One house-rule value, checked on its own."""
    if name in ("target",):
        return _int_option(name, value, 1, 1000)
    if name in ("min_bid", "max_bid"):
        return _int_option(name, value, 1, 20)
    if name in ("all_tricks_bid", "forced_bid"):
        return _int_option(name, value, 1, 20, nullable=True)
    if name == "first_dealer":  # a seat of the game: checked against the player count when the game is seated
        return _int_option(name, value, 0, MAX_SEATS - 1)
    if name == "time_limit_minutes":
        return _int_option(name, value, 1, 600, nullable=True)
    if name in ("dealer_may_match", "trump_with_bid", "partners", "smudge"):
        return _bool_option(name, value)
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
        return _points_option(value)
    if name == "moon":
        return _moon_option(rules.moon, value)
    raise RuleError(f"{name} is not a house rule of this game.", f"rules.{name}")


def _infer_partners(rules: Rules, players: Any, changes: dict[str, Any]) -> None:
    """`players` sent without `partners` reads as a rules dict does: 3 alone, else partners (where that seats them)."""
    if not _is_int(players):
        return
    implied = _partners_implied(players)
    if implied != rules.partners and players in (PARTNER_COUNTS if implied else ALONE_COUNTS):
        changes["partners"] = implied


def _apply_partners(rules: Rules, changes: dict[str, Any]) -> None:
    """A game that changes `partners` allows the counts of its new value, the current count first if allowed."""
    if "partners" not in changes or changes["partners"] == rules.partners:
        return
    counts = PARTNER_COUNTS if changes["partners"] else ALONE_COUNTS
    first = rules.players if rules.players in counts else counts[0]
    changes["player_counts"] = (first, *(count for count in counts if count != first))
    changes["players"] = first


def _apply_sit_out(rules: Rules, overrides: Mapping[str, Any], changes: dict[str, Any]) -> None:
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


def _count_words(counts: tuple[int, ...]) -> str:
    """4, "4 or 6", "2 to 7": the player counts in words."""
    ordered = sorted(counts)
    if len(ordered) == 1:
        return str(ordered[0])
    if ordered == list(range(ordered[0], ordered[-1] + 1)) and len(ordered) > 2:
        return f"{ordered[0]} to {ordered[-1]}"
    return ", ".join(map(str, ordered[:-1])) + f" or {ordered[-1]}"


def _check_players(counts: tuple[int, ...], value: Any) -> int:
    """A `players` option: one of the counts the variant allows."""
    if not _is_int(value) or value not in counts:
        if len(counts) == 1:
            raise RuleError("players is fixed by the variant; choose another variant instead.", "rules.players")
        raise RuleError(f"players must be {_count_words(counts)} in this variant.", "rules.players")
    return value


def _check_scheme(rules: Rules, value: Any) -> None:
    """A `scheme` option only names the point set the game has."""
    current = rules.scheme
    if type(value) is not type(current) or value != current:
        raise RuleError("scheme is fixed by the variant; choose another variant instead, or set points.",
                        "rules.scheme")


def _blame(changed: Mapping[str, Any], *names: str) -> str:
    """The field to point at: the first of `names` the house rules changed."""
    return "rules." + next((name for name in names if name in changed), names[0])


def _check_consistent(rules: Rules, changed: Mapping[str, Any]) -> None:
    """Options that must agree with each other."""
    if rules.max_bid < rules.min_bid:
        raise RuleError(
            f"The highest bid ({rules.max_bid}) cannot be below the lowest ({rules.min_bid}).",
            _blame(changed, "max_bid", "min_bid"),
        )
    all_tricks = rules.all_tricks_bid
    if all_tricks is not None and (rules.in_play != "dealt" or all_tricks <= rules.total_points):
        raise RuleError(
            "The all-tricks bid is for High-Low-Jack-Game games and must be above the "
            f"{rules.total_points} points in a hand.",
            _blame(changed, "all_tricks_bid", "in_play", "points"),
        )
    top = max(rules.all_tricks_bid or 0, rules.total_points)
    if rules.max_bid > top:
        raise RuleError(
            f"The highest bid cannot be more than {top}: a hand has {rules.total_points} points"
            + (f" and the all-tricks bid is {rules.all_tricks_bid}." if rules.all_tricks_bid else "."),
            _blame(changed, "max_bid", "all_tricks_bid", "points"),
        )
    if rules.forced_bid is not None and not rules.min_bid <= rules.forced_bid <= rules.max_bid:
        raise RuleError(
            f"The bid the dealer is stuck with when all pass must be a legal bid, {rules.min_bid} to {rules.max_bid}.",
            _blame(changed, "forced_bid", "min_bid", "max_bid"),
        )


def _check_teams(rules: Rules) -> None:
    """Options that depend on how many teams there are."""
    if rules.moon is not None and rules.moon.failure == "lose" and rules.team_count != 2:
        raise RuleError(
            f"A missed moon that loses the game needs two teams; with {rules.team_count} players each alone, "
            'set the moon\'s failure to "minus".',
            "rules.moon",
        )


def _preset(players: int | tuple[int, ...], points: Mapping[str, int], in_play: str, **options: Any) -> Rules:
    """A preset: its player counts (the usual first), its points and its other options."""
    counts = players if isinstance(players, tuple) else (players,)
    options.setdefault("partners", True)
    defaults = dict(moon=None, all_tricks_bid=None, time_limit_minutes=None, dealer_may_match=False,
                    trump_with_bid=False)
    options = {**defaults, **options}
    options.setdefault("forced_bid", options["min_bid"])
    return Rules(players=counts[0], points=ordered_points(points), in_play=in_play,
                 player_counts=counts, **options)


_TEN_POINT = _preset(4, CARD_POINTS, "all", target=31, min_bid=3, max_bid=10, moon=Moon(), end="bid_only")
_FIVE_POINT = _preset(4, CATEGORIES, "dealt", target=21, min_bid=2, max_bid=5, all_tricks_bid=5, end="bid_only",
                      dealer_may_match=True)
_JICK = {"high": 1, "low": 1, "jack": 1, "off_jack": 1, "game": 1}

PRESETS: dict[str, Rules] = {
    "ten-point": _TEN_POINT,
    "ten-point-six": dataclasses.replace(_TEN_POINT, players=6, target=41, trump_with_bid=True, player_counts=(6,)),
    "tournament": dataclasses.replace(
        _TEN_POINT, min_bid=5, forced_bid=5, end="first_to_target", time_limit_minutes=30,
        moon=Moon(success="win", failure="minus", penalty=10, not_in_hole=True),
    ),
    "five-point": _FIVE_POINT,
    "cutthroat": dataclasses.replace(
        _FIVE_POINT, players=3, partners=False, target=11, max_bid=4, all_tricks_bid=None, end="first_to_target",
        player_counts=(3, 2, 4, 5, 6, 7),
    ),
    "partnership-pitch": dataclasses.replace(_FIVE_POINT, target=11, end="first_to_target"),
    "smudge": _preset((4, 2, 3, 5, 6, 7), CATEGORIES, "dealt", partners=False, target=7, min_bid=2, max_bid=4,
                      end="first_to_target", smudge=True),
    "five-point-jick": _preset(4, _JICK, "dealt", target=11, min_bid=2, max_bid=5, end="first_to_target",
                               dealer_may_match=True),
    "seven-point": _preset(
        4, {"high": 1, "low": 1, "jack": 1, "off_jack": 1, "high_joker": 1, "low_joker": 1, "ten": 1}, "dealt",
        target=21, min_bid=3, max_bid=7, end="bid_only",
    ),
    "nine-point": _preset(4, {"ace": 1, "jack": 1, "ten": 1, "five": 5, "two": 1}, "all",
                          target=31, min_bid=3, max_bid=9, end="bid_only"),
    "eleven-point": _preset((4, 6), {**CARD_POINTS, "off_ace": 1}, "all", target=52, min_bid=3, max_bid=11,
                            moon=Moon(penalty=11), end="bid_only"),
    "thirteen-point": _preset((4, 6), {**CARD_POINTS, "off_three": 3}, "all", target=52, min_bid=3, max_bid=13,
                              moon=Moon(penalty=13), end="bid_only"),
    "smear": _preset((4, 6), {**_JICK, "joker": 1}, "dealt", target=21, min_bid=3, max_bid=6, forced_bid=None,
                     end="highest_past_target"),
}

DESCRIPTIONS = {
    "ten-point": "10-Point Pitch, 4 players, to 31, win on your bid",
    "ten-point-six": "10-Point Pitch, 6 players in two teams of 3, to 41, win on your bid",
    "tournament": "Tournament 10-Point, 4 players, bid 5 or more, first to 31, 30-minute games",
    "five-point": "Five-Point Pitch, 4 players, High-Low-Jack-Game, to 21, win on your bid",
    "cutthroat": "Cutthroat, 3 players each alone (or 2 to 7), High-Low-Jack-Game, first to 11",
    "partnership-pitch": "Partnership Pitch, 4 players, High-Low-Jack-Game, first to 11, a bid of 5 takes every trick",
    "smudge": "Pitch with smudge, 4 players each alone (or 2 to 7), first to 7, take all four points to win at once",
    "five-point-jick": "Pitch with the jick (Five-Point), 4 players, High-Low-Jack-Jick-Game, first to 11",
    "seven-point": "7-Point Pitch, 4 players, High-Low-Jack-Jick, both jokers and the ten, to 21, win on your bid",
    "nine-point": "9-Point Pitch (Catch Five), 4 players, the five is worth 5, to 31, win on your bid",
    "eleven-point": "11-Point Pitch, 4 or 6 players, the 10-point cards and the off-ace, to 52, win on your bid",
    "thirteen-point": "13-Point Pitch, 4 or 6 players, the 10-point cards and the off-three, to 52, win on your bid",
    "smear": "Six-Point Smear, 4 or 6 players, High-Low-Jack-Jick-Joker-Game, to 21, the highest score wins",
}


def preset(variant: Any) -> Rules:
    """The preset called `variant`, or a RuleError naming the choices."""
    if not isinstance(variant, str) or variant not in PRESETS:
        choices = ", ".join(PRESETS)
        raise RuleError(f"Choose a variant: {choices}.", "variant")
    return PRESETS[variant]


def player_counts_in_words(rules: Rules) -> str:
    """The player counts `rules` allow, in words: "4", "4 or 6", "2 to 7"."""
    return _count_words(rules.seat_counts)


def rules_from_dict(data: Mapping[str, Any], base: Rules | None = None) -> Rules:
    """Rules as stored with a game: every option `to_dict` gives, today's or a game's from before the Pitch family.

    `base` is the game's preset, which `to_dict` compares with.
    """
    values = dict(data)
    moon = values.get("moon")
    values["moon"] = Moon(**moon) if moon else None
    scheme = values.pop("scheme", None)
    points = values.pop("points", None) or SCHEMES[scheme]
    values.setdefault("in_play", SCHEME_IN_PLAY.get(scheme, "all"))
    values.setdefault("partners", _partners_implied(values["players"]))
    return Rules(points=ordered_points(points), base=base, **values)
