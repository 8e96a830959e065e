"""The score sheet's words in templates: the helpers every sheet template uses (scorekeeper/templating.py registers
them)."""

from __future__ import annotations

from typing import Any

from scorekeeper.rules import PAIR
from scorekeeper.rules.catalogue import POINT_NAMES

from .wording import bid_label

SUITS = {"clubs": "\u2663", "diamonds": "\u2666", "hearts": "\u2665", "spades": "\u2660"}
POINT_LABELS = {
    "ace": "Ace", "jack": "Jack", "off_jack": "Off-jack", "high_joker": "High joker",
    "low_joker": "Low joker", "ten": "Ten", "three": "Three", "two": "Two",
    "high": "High", "low": "Low", "game": "Game",
    "joker": "Joker", "off_ace": "Off-ace", "five": "Five", "off_three": "Off-three",
}
# The "nobody" choice of a point: the game count tied, any card point not dealt.
NOBODY = {key: "Nobody (tied)" if key == "game" else "Nobody (not dealt)" for key in POINT_LABELS}



def bidding_side(hand: dict[str, Any], team_count: int) -> int:
    """The side that bid a hand: its index in the hand's `points` (where the dealer sits out, side 0 or 1)."""
    if "sides" in hand:
        return 0 if hand["bidder"] in hand["sides"][0] else 1
    return hand["bidder"] % team_count


def column_side(hand: dict[str, Any], column: int) -> int | None:
    """The side a score column played for in a hand (its index in `points`); None for the dealer who sat out."""
    if "sides" not in hand:
        return column
    return next((side for side, seats in enumerate(hand["sides"]) if column in seats), None)


def bidding_columns(hand: dict[str, Any], team_count: int) -> list[int]:
    """The score columns of the side that bid a hand: a team's, or where the dealer sits out the pair's two seats."""
    if "sides" in hand:
        return list(hand["sides"][bidding_side(hand, team_count)])
    return [hand["bidder"] % team_count]


def winner_name(game: dict[str, Any]) -> str:
    """Who won a finished game: the team's name or players, or where the dealer sat out the winning pair."""
    if game.get("winners"):
        return PAIR.join(game["players"][seat] for seat in game["winners"])
    return game["teams"][game["winner"]]["name"]


def won_columns(game: dict[str, Any]) -> list[int]:
    """The score columns that won (none while the game is played)."""
    if game["status"] != "finished":
        return []
    return list(game["winners"]) if "winners" in game else [game["winner"]]


def result_label(hand: dict[str, Any], rules: dict[str, Any], team_count: int) -> str:
    """What came of a hand: made, set, misdeal; an all-tricks bid set says why: a missed point, or the tricks."""
    if hand.get("misdeal"):
        return "misdeal"
    if hand["made"]:
        return "made"
    if rules.get("all_tricks_bid") is None or hand.get("bid") != rules["all_tricks_bid"]:
        return "set"
    bidding = bidding_side(hand, team_count)
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


def sheet_words() -> dict[str, Any]:
    """The helpers every sheet template uses."""
    return {
        "bid_label": bid_label, "result_label": result_label, "plays_on": plays_on,
        "undo_question": undo_question, "bidding_columns": bidding_columns, "column_side": column_side,
        "winner_name": winner_name, "won_columns": won_columns,
        "next_seats": next_seats, "SUITS": SUITS, "POINT_LABELS": POINT_LABELS, "NOBODY": NOBODY,
    }
