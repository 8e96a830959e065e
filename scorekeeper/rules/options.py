"""The rule options of a game and the presets, as frozen data."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .errors import RuleError

CARD_POINTS = {
    "ace": 1, "jack": 1, "off_jack": 1, "high_joker": 1,
    "low_joker": 1, "ten": 1, "three": 3, "two": 1,
}
CATEGORIES = {"high": 1, "low": 1, "jack": 1, "game": 1}
SCHEMES = {"card_points": CARD_POINTS, "categories": CATEGORIES}
# Points that may go to nobody: the jack of trump was not dealt, game points tied.
NULLABLE = {"card_points": frozenset(), "categories": frozenset({"jack", "game"})}
POINT_NAMES = {
    "ace": "the ace", "jack": "the jack", "off_jack": "the off-jack",
    "high_joker": "the high joker", "low_joker": "the low joker",
    "ten": "the ten", "three": "the three", "two": "the two",
    "high": "High", "low": "Low", "game": "Game",
}
ENDS = ("bid_only", "first_to_target")
MOON_SUCCESS = ("win", "points")
MOON_FAILURE = ("lose", "minus")


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
    scheme: str
    target: int
    min_bid: int
    max_bid: int
    moon: Moon | None
    all_tricks_bid: int | None
    end: str
    time_limit_minutes: int | None
    dealer_may_match: bool
    forced_bid: int
    trump_with_bid: bool

    @property
    def points(self) -> dict[str, int]:
        """The scoring points of this game's scheme and their values."""
        return SCHEMES[self.scheme]

    @property
    def total_points(self) -> int:
        """Points at stake in one hand."""
        return sum(self.points.values())

    @property
    def team_count(self) -> int:
        """Cutthroat: every player alone; otherwise two teams."""
        return 3 if self.players == 3 else 2

    def team_of(self, seat: int) -> int:
        """The team a seat plays for (partners sit across)."""
        return seat % self.team_count

    def to_dict(self) -> dict[str, Any]:
        """The options as JSON-ready data."""
        return dataclasses.asdict(self)

    def with_overrides(self, overrides: Mapping[str, Any] | None) -> Rules:
        """These rules with a game's house rules applied, checked."""
        if overrides is None:
            return self
        if not isinstance(overrides, Mapping):
            raise RuleError("House rules must be an object of option: value.", "rules")
        changes: dict[str, Any] = {}
        for name, value in overrides.items():
            changes[name] = _check_option(self, name, value)
        if "min_bid" in changes and "forced_bid" not in changes:
            changes["forced_bid"] = changes["min_bid"]  # all pass: the dealer takes the minimum
        rules = dataclasses.replace(self, **changes)
        _check_consistent(rules, changes)
        return rules


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


def _check_option(rules: Rules, name: str, value: Any) -> Any:
    """One house-rule value, checked on its own."""
    if name in ("players", "scheme"):
        current = getattr(rules, name)
        if type(value) is not type(current) or value != current:
            raise RuleError(f"{name} is fixed by the variant; choose another variant instead.", f"rules.{name}")
        return value
    if name in ("target",):
        return _int_option(name, value, 1, 1000)
    if name in ("min_bid", "max_bid", "forced_bid"):
        return _int_option(name, value, 1, 20)
    if name == "all_tricks_bid":
        return _int_option(name, value, 1, 20, nullable=True)
    if name == "time_limit_minutes":
        return _int_option(name, value, 1, 600, nullable=True)
    if name in ("dealer_may_match", "trump_with_bid"):
        return _bool_option(name, value)
    if name == "end":
        if value not in ENDS:
            raise RuleError('end must be "bid_only" or "first_to_target".', "rules.end")
        return value
    if name == "moon":
        return _moon_option(rules.moon, value)
    raise RuleError(f"{name} is not a house rule of this game.", f"rules.{name}")


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
    if all_tricks is not None and (rules.scheme != "categories" or all_tricks <= rules.total_points):
        raise RuleError(
            "The all-tricks bid is for High-Low-Jack-Game games and must be above the 4 points in a hand.",
            "rules.all_tricks_bid",
        )
    top = max(rules.all_tricks_bid or 0, rules.total_points)
    if rules.max_bid > top:
        raise RuleError(
            f"The highest bid cannot be more than {top}: a hand has {rules.total_points} points"
            + (f" and the all-tricks bid is {rules.all_tricks_bid}." if rules.all_tricks_bid else "."),
            _blame(changed, "max_bid", "all_tricks_bid"),
        )
    if rules.moon is not None and rules.scheme != "card_points":
        raise RuleError("Shooting the moon is for 10-point games only.", "rules.moon")
    if not rules.min_bid <= rules.forced_bid <= rules.max_bid:
        raise RuleError(
            f"The bid the dealer is stuck with when all pass must be a legal bid, {rules.min_bid} to {rules.max_bid}.",
            _blame(changed, "forced_bid", "min_bid", "max_bid"),
        )


_TEN_POINT = Rules(
    players=4, scheme="card_points", target=31, min_bid=3, max_bid=10,
    moon=Moon(), all_tricks_bid=None, end="bid_only", time_limit_minutes=None,
    dealer_may_match=False, forced_bid=3, trump_with_bid=False,
)

PRESETS: dict[str, Rules] = {
    "ten-point": _TEN_POINT,
    "ten-point-six": dataclasses.replace(_TEN_POINT, players=6, target=41, trump_with_bid=True),
    "tournament": dataclasses.replace(
        _TEN_POINT, min_bid=5, forced_bid=5, end="first_to_target", time_limit_minutes=30,
        moon=Moon(success="win", failure="minus", penalty=10, not_in_hole=True),
    ),
    "five-point": Rules(
        players=4, scheme="categories", target=21, min_bid=2, max_bid=5,
        moon=None, all_tricks_bid=5, end="bid_only", time_limit_minutes=None,
        dealer_may_match=True, forced_bid=2, trump_with_bid=False,
    ),
    "cutthroat": Rules(
        players=3, scheme="categories", target=11, min_bid=2, max_bid=4,
        moon=None, all_tricks_bid=None, end="first_to_target", time_limit_minutes=None,
        dealer_may_match=True, forced_bid=2, trump_with_bid=False,
    ),
}

DESCRIPTIONS = {
    "ten-point": "10-Point Pitch, 4 players, to 31, win on your bid",
    "ten-point-six": "10-Point Pitch, 6 players in two teams of 3, to 41, win on your bid",
    "tournament": "Tournament 10-Point, 4 players, bid 5 or more, first to 31, 30-minute games",
    "five-point": "Five-Point Pitch, 4 players, High-Low-Jack-Game, to 21, win on your bid",
    "cutthroat": "Cutthroat, 3 players each alone, High-Low-Jack-Game, first to 11",
}


def preset(variant: Any) -> Rules:
    """The preset called `variant`, or a RuleError naming the choices."""
    if not isinstance(variant, str) or variant not in PRESETS:
        choices = ", ".join(PRESETS)
        raise RuleError(f"Choose a variant: {choices}.", "variant")
    return PRESETS[variant]


def rules_from_dict(data: Mapping[str, Any]) -> Rules:
    """Rules as stored with a game (every option present)."""
    values = dict(data)
    moon = values.get("moon")
    values["moon"] = Moon(**moon) if moon else None
    return Rules(**values)
