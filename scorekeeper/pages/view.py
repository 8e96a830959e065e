"""The score sheet's words in templates: the num and signed filters (wording.py) and the sheet's helpers."""

from __future__ import annotations

from typing import Any

from ..rules.options import POINT_NAMES
from ..wording import bid_label, num, signed
from . import bp

SUITS = {"clubs": "\u2663", "diamonds": "\u2666", "hearts": "\u2665", "spades": "\u2660"}
POINT_LABELS = {
    "ace": "Ace", "jack": "Jack", "off_jack": "Off-jack", "high_joker": "High joker",
    "low_joker": "Low joker", "ten": "Ten", "three": "Three", "two": "Two",
    "high": "High", "low": "Low", "game": "Game",
    "joker": "Joker", "off_ace": "Off-ace", "five": "Five", "off_three": "Off-three",
}
# The "nobody" choice of a point: the game count tied, any card point not dealt.
NOBODY = {key: "Nobody (tied)" if key == "game" else "Nobody (not dealt)" for key in POINT_LABELS}


bp.add_app_template_filter(num)
bp.add_app_template_filter(signed)


def result_label(hand: dict[str, Any], rules: dict[str, Any], team_count: int) -> str:
    """What came of a hand: made, set, misdeal; an all-tricks bid set says why: a missed point, or the tricks."""
    if hand.get("misdeal"):
        return "misdeal"
    if hand["made"]:
        return "made"
    if rules.get("all_tricks_bid") is None or hand.get("bid") != rules["all_tricks_bid"]:
        return "set"
    bidding = hand["bidder"] % team_count
    captured = hand.get("captured") or {}
    missed = [POINT_LABELS[key] for key, team in captured.items() if team is not None and team != bidding]
    if missed:
        return f"set: missed {', '.join(missed)}"
    return "set: not all tricks" if hand.get("all_tricks") is None else "set"


def undo_question(game: dict[str, Any]) -> str:
    """What undoing the last hand will remove, as a question."""
    hand = game["hands"][-1]
    if hand.get("misdeal"):
        return f"Remove hand {hand['number']}: a misdeal?"
    bidder = game["players"][hand["bidder"]]
    result = result_label(hand, game["rules"], len(game["teams"]))
    return f"Remove hand {hand['number']}: {bidder} bid {bid_label(hand, game['rules'])}, {result}?"


def plays_on(game: dict[str, Any]) -> str:
    """In a game won only on a team's own bid, the teams past the target that have not won: they play on."""
    rules = game["rules"]
    if rules["end"] != "bid_only" or game["status"] == "finished":
        return ""
    past = [team["name"] for team, score in zip(game["teams"], game["scores"], strict=True) if score >= rules["target"]]
    if not past:
        return ""
    if len(past) == 1:
        return f"{past[0]} plays on: wins only on its own bid"
    return f"{' and '.join(past)} play on: each wins only on its own bid"


def next_seats(game: dict[str, Any]) -> tuple[str, str]:
    """Who deals next and who bids first (the seat after the dealer)."""
    players = game["players"]
    dealer = game["next_dealer"]
    return players[dealer], players[(dealer + 1) % len(players)]


def point_name(key: str) -> str:
    """A point as the engine's messages name it: the ace, High."""
    return POINT_NAMES[key]


@bp.app_context_processor
def sheet_words() -> dict[str, Any]:
    """The helpers every sheet template uses."""
    return {
        "bid_label": bid_label, "result_label": result_label, "plays_on": plays_on,
        "undo_question": undo_question,
        "next_seats": next_seats, "SUITS": SUITS, "POINT_LABELS": POINT_LABELS, "NOBODY": NOBODY,
    }
