"""Words and numbers of the score sheet, shared by every page that shows a game."""

from __future__ import annotations

from typing import Any

from ..rules.options import POINT_NAMES
from . import bp

MINUS = "\u2212"
SUITS = {"clubs": "\u2663", "diamonds": "\u2666", "hearts": "\u2665", "spades": "\u2660"}
POINT_LABELS = {
    "ace": "Ace", "jack": "Jack", "off_jack": "Off-jack", "high_joker": "High joker",
    "low_joker": "Low joker", "ten": "Ten", "three": "Three", "two": "Two",
    "high": "High", "low": "Low", "game": "Game",
}
NOBODY = {"jack": "Nobody (not dealt)", "game": "Nobody (tied)"}


@bp.app_template_filter()
def num(value: int) -> str:
    """A score as printed: a real minus sign for negatives."""
    return f"{MINUS}{-value}" if value < 0 else str(value)


@bp.app_template_filter()
def signed(value: int) -> str:
    """A change in score: +4, −5, 0."""
    return f"+{value}" if value > 0 else num(value)


def bid_label(hand: dict[str, Any], rules: dict[str, Any]) -> str:
    """How the sheet writes a bid: 6, moon, or 5 all tricks."""
    bid = hand.get("bid")
    if bid == "moon":
        return "moon"
    if rules.get("all_tricks_bid") is not None and bid == rules["all_tricks_bid"]:
        return f"{bid} all tricks"
    return str(bid)


def undo_question(game: dict[str, Any]) -> str:
    """What undoing the last hand will remove, as a question."""
    hand = game["hands"][-1]
    if hand.get("misdeal"):
        return f"Remove hand {hand['number']}: a misdeal?"
    bidder = game["players"][hand["bidder"]]
    result = "made" if hand["made"] else "set"
    return f"Remove hand {hand['number']}: {bidder} bid {bid_label(hand, game['rules'])}, {result}?"


def target_line(game: dict[str, Any]) -> str:
    """The target and how a team wins."""
    rules = game["rules"]
    if rules["end"] == "bid_only":
        names = [team["name"] for team in game["teams"]]
        who = " and ".join(names) if len(names) == 2 else ", ".join(names[:-1]) + " and " + names[-1]
        return f"{who} need {rules['target']} on their own bid"
    return f"First to {rules['target']}"


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
        "bid_label": bid_label, "undo_question": undo_question, "target_line": target_line,
        "next_seats": next_seats, "SUITS": SUITS, "POINT_LABELS": POINT_LABELS, "NOBODY": NOBODY,
    }
