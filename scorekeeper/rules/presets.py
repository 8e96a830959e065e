"""The presets: the seeds' games and the rest of the Pitch family, as frozen rules, and their one-line descriptions."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from .catalogue import CARD_POINTS, CATEGORIES, Moon, ordered_points
from .errors import RuleError
from .options import Rules


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
