"""A recorded hand: what the table said, checked against the rules."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .catalogue import POINT_NAMES
from .errors import RuleError
from .options import Rules

MOON = "moon"
SUITS = ("clubs", "diamonds", "hearts", "spades")
# Fields of a scored hand that may come back in a body (an exported game) and are recomputed.
DERIVED = frozenset({"id", "number", "dealer", "sides", "points", "made", "delta", "scores"})
RAW = frozenset({"bidder", "bid", "trump", "captured", "all_tricks", "misdeal"})
# Fields only a scored hand has: a body with one is a hand sent back, whose `points` beside `captured` are derived.
SCORED = frozenset({"delta", "scores"})


@dataclass(frozen=True)
class Hand:
    """One hand as the table recorded it: bidder, bid, who took each point (or each team's points)."""

    bidder: int | None = None
    bid: int | str | None = None
    captured: Mapping[str, int | None] = field(default_factory=dict)
    trump: str | None = None
    all_tricks: int | None = None
    misdeal: bool = False
    points: tuple[int, ...] | None = None

    @property
    def is_moon(self) -> bool:
        """Whether the bid was to shoot the moon."""
        return self.bid == MOON

    @property
    def by_card(self) -> bool:
        """Whether the table said who took each point (not only each team's points)."""
        return not self.misdeal and self.points is None

    def to_dict(self, rules: Rules) -> dict[str, Any]:
        """The hand as JSON, in the shape the API takes it."""
        if self.misdeal:
            return {"misdeal": True}
        body: dict[str, Any] = {"bidder": self.bidder, "bid": self.bid, "trump": self.trump}
        if self.points is None:
            body["captured"] = dict(self.captured)
        else:
            body["points"] = list(self.points)
        if rules.all_tricks_bid is not None and self.bid == rules.all_tricks_bid:
            body["all_tricks"] = self.all_tricks
        return body


def _is_int(value: Any) -> bool:
    """A whole number, not a bool."""
    return isinstance(value, int) and not isinstance(value, bool)


def _team_word(rules: Rules) -> str:
    """What a side is called at this table: player (each alone), team, or side (the dealer sitting out)."""
    return rules.side_word


def parse_hand(body: Any, rules: Rules) -> Hand:
    """Check a hand body against the rules and return it as a Hand."""
    if not isinstance(body, Mapping):
        raise RuleError("A hand must be a JSON object.")
    unknown = sorted(set(body) - RAW - DERIVED)
    if unknown:
        raise RuleError(f"{unknown[0]} is not part of a hand.", unknown[0])
    misdeal = body.get("misdeal", False)
    if not isinstance(misdeal, bool):
        raise RuleError("misdeal must be true or false.", "misdeal")
    if misdeal:
        extra = sorted(key for key in RAW - {"misdeal"} if body.get(key) is not None)
        if extra:
            raise RuleError("A misdeal has no bidder, bid or points: send {\"misdeal\": true} alone.", "misdeal")
        return Hand(misdeal=True)
    bidder = _parse_bidder(body, rules)
    bid = _parse_bid(body, rules)
    trump = body.get("trump")
    if trump is not None and trump not in SUITS:
        raise RuleError("trump must be clubs, diamonds, hearts or spades (or left out).", "trump")
    if _gives_points(body):
        points = _parse_points(body, rules)
        all_tricks = _parse_all_tricks(body, rules, bid, {})
        return Hand(bidder=bidder, bid=bid, trump=trump, all_tricks=all_tricks, points=points)
    captured = _parse_captured(body, rules)
    all_tricks = _parse_all_tricks(body, rules, bid, captured)
    return Hand(bidder=bidder, bid=bid, captured=captured, trump=trump, all_tricks=all_tricks)


def _gives_points(body: Mapping[str, Any]) -> bool:
    """Whether the hand is given as each team's points; both forms at once are refused."""
    if body.get("points") is None:
        return False
    if body.get("captured") is None:
        return True
    if SCORED & set(body):
        return False  # a scored hand sent back: its points are the captured ones added up
    raise RuleError("Give either who took each point (captured) or each side's points, not both.", "points")


def _parse_points(body: Mapping[str, Any], rules: Rules) -> tuple[int, ...]:
    """Each team's points in the hand, adding up to the hand's total."""
    if rules.in_play != "all" or rules.nullable:
        raise RuleError(
            "In this game a point may go to nobody, so say who took each point (captured), not points.", "points",
        )
    points, total, count, who = body["points"], rules.total_points, rules.team_count, _team_word(rules)
    shape = f"points must be {count} whole numbers, one per {who}, each from 0 to {total}"
    if not isinstance(points, list) or len(points) != count:
        raise RuleError(f"{shape}.", "points")
    if not all(_is_int(value) and 0 <= value <= total for value in points):
        raise RuleError(f"{shape}.", "points")
    if sum(points) != total:
        raise RuleError(f"The points add up to {sum(points)}, but a hand has {total}: give every point to a {who}.",
                        "points")
    return tuple(points)


def _parse_bidder(body: Mapping[str, Any], rules: Rules) -> int:
    """The seat that won the bid."""
    bidder = body.get("bidder")
    if not _is_int(bidder) or not 0 <= bidder < rules.players:
        raise RuleError(f"Say who won the bid: a seat number from 0 to {rules.players - 1}.", "bidder")
    return bidder


def _parse_bid(body: Mapping[str, Any], rules: Rules) -> int | str:
    """A legal bid: a number in range, or the moon where allowed."""
    bid = body.get("bid")
    if bid == MOON:
        if rules.moon is None:
            raise RuleError("Shooting the moon is not allowed in this game.", "bid")
        return MOON
    if not _is_int(bid) or not rules.min_bid <= bid <= rules.max_bid:
        moon = ' or "moon"' if rules.moon else ""
        raise RuleError(f"The bid must be a number from {rules.min_bid} to {rules.max_bid}{moon}.", "bid")
    return bid


def _parse_captured(body: Mapping[str, Any], rules: Rules) -> dict[str, int | None]:
    """Who took each scoring point of the scheme."""
    captured = body.get("captured")
    if not isinstance(captured, Mapping):
        raise RuleError("Say which team took each point: captured must be an object.", "captured")
    for key in captured:
        if key not in rules.points:
            names = ", ".join(rules.points)
            raise RuleError(f"{key} is not a point in this game (the points are {names}).", f"captured.{key}")
    nullable = rules.nullable
    who = _team_word(rules)
    result: dict[str, int | None] = {}
    for key in rules.points:
        name = POINT_NAMES[key]
        if key not in captured:
            raise RuleError(f"Say which {who} took {name}.", f"captured.{key}")
        value = captured[key]
        if value is None and key in nullable:
            result[key] = None
            continue
        if not _is_int(value) or not 0 <= value < rules.team_count:
            hint = " (or null if nobody did)" if key in nullable else ""
            raise RuleError(
                f"Say which {who} took {name}: a {who} number from 0 to {rules.team_count - 1}{hint}.",
                f"captured.{key}",
            )
        result[key] = value
    return result


def _parse_all_tricks(
    body: Mapping[str, Any], rules: Rules, bid: int | str, captured: Mapping[str, int | None],
) -> int | None:
    """The side that took every trick, where a bid needs it."""
    who = _team_word(rules)
    if rules.all_tricks_bid is None:
        if body.get("all_tricks") is not None:
            raise RuleError(
                "all_tricks only counts for a bid that needs every trick; this game has none.", "all_tricks",
            )
        return None
    needed = bid == rules.all_tricks_bid
    if needed and "all_tricks" not in body:
        raise RuleError(
            f"A bid of {bid} needs every trick: say which {who} took all six tricks (null if none).", "all_tricks",
        )
    value = body.get("all_tricks")
    if value is None:
        return None
    if not _is_int(value) or not 0 <= value < rules.team_count:
        raise RuleError(f"all_tricks must be a {who} number from 0 to {rules.team_count - 1} or null.", "all_tricks")
    for key, team in captured.items():
        if team is not None and team != value:
            raise RuleError(
                f"The {who} that took every trick took every point, but {POINT_NAMES[key]} is given to another {who}.",
                "all_tricks",
            )
    return value if needed else None
