"""What the sheet says of a hand and of a team past the target."""

from __future__ import annotations

import pytest

from scorekeeper.sheet.words import bid_label, plays_on, result_label

FIVE = {"all_tricks_bid": 5, "end": "bid_only", "target": 21}
TEN = {"all_tricks_bid": None, "end": "bid_only", "target": 31}
ALL = {"high": 1, "low": 1, "jack": 1, "game": 1}


@pytest.mark.parametrize(("hand", "rules", "bid", "result"), [
    ({"bidder": 1, "bid": 5, "made": True, "captured": ALL, "all_tricks": 1}, FIVE, "5, all six tricks", "made"),
    ({"bidder": 1, "bid": 5, "made": False, "captured": ALL, "all_tricks": None}, FIVE, "5", "set: not all tricks"),
    ({"bidder": 1, "bid": 5, "made": False, "captured": {**ALL, "high": 0}, "all_tricks": None}, FIVE, "5",
     "set: missed High"),
    ({"bidder": 3, "bid": 5, "made": False, "captured": {**ALL, "high": 0, "game": 0}, "all_tricks": None}, FIVE,
     "5", "set: missed High, Game"),
    ({"bidder": 3, "bid": 5, "made": False, "captured": {**ALL, "game": None}, "all_tricks": None}, FIVE, "5",
     "set: not all tricks"),
    ({"bidder": 0, "bid": 4, "made": False, "captured": ALL}, FIVE, "4", "set"),
    ({"bidder": 0, "bid": 6, "made": True, "captured": {}}, TEN, "6", "made"),
    ({"bidder": 0, "bid": "moon", "made": False, "captured": {}}, TEN, "moon", "set"),
])
def test_the_sheet_says_what_came_of_a_bid(hand, rules, bid, result):
    assert bid_label(hand, rules) == bid
    assert result_label(hand, rules, 2) == result


def test_a_misdeal_reads_misdeal():
    assert result_label({"misdeal": True}, FIVE, 2) == "misdeal"


def game(scores, end="bid_only", status="playing"):
    """A game of Us and Them to 31 with these scores."""
    rules = {**TEN, "end": end}
    return {"rules": rules, "status": status, "scores": scores, "teams": [{"name": "Us"}, {"name": "Them"}]}


@pytest.mark.parametrize(("made", "line"), [
    (game([12, 30]), ""),
    (game([12, 33]), "Them plays on: wins only on its own bid"),
    (game([35, 33]), "Us and Them play on: each wins only on its own bid"),
    (game([12, 33], end="first_to_target"), ""),
    (game([12, 33], status="finished"), ""),
])
def test_a_team_past_the_target_plays_on_in_a_bid_only_game(made, line):
    assert plays_on(made) == line
