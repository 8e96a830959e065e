"""The point catalogue and the options' choices, as constants: what a game may be set to."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

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
