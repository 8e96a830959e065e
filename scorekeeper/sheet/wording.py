"""Numbers and hands in words, as every page, chart and summary writes them (pure functions)."""

from __future__ import annotations

from typing import Any

MINUS = "\u2212"  # a real minus sign, not a hyphen


def num(value: int) -> str:
    """A score as printed: −5, 0, 12."""
    return f"{MINUS}{-value}" if value < 0 else str(value)


def signed(value: int) -> str:
    """A change in score: +4, −5, 0."""
    return f"+{value}" if value > 0 else num(value)


def bid_label(hand: dict[str, Any], rules: dict[str, Any]) -> str:
    """How the sheet writes a bid: 6, moon, "5, all six tricks" when an all-tricks bid made, else 5."""
    bid = hand.get("bid")
    if bid == "moon":
        return "moon"
    if rules.get("all_tricks_bid") is not None and bid == rules["all_tricks_bid"] and hand.get("made"):
        return f"{bid}, all six tricks"
    return str(bid)
