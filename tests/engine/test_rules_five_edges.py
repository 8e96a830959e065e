"""Five at a table (the dealer sits out, rules.md): how a game ends and what the table is told, which
tests/engine/test_vectors.py does not compare; and the winners of a game of teams."""

import json

import pytest

from scorekeeper.rules import RuleError, TimeCall, make_table, parse_hand, play, score, start
from scorekeeper.rules.table import state_to_dict
from tests.support.paths import VECTORS
from tests.support.vectors import replay, steps

FIVE = ["Ann", "Bo", "Cy", "Di", "Ed"]


def cases_with_a_result():
    """The cases of five at a table whose `expect` says how the game ended (or that it did not)."""
    cases = []
    for name in ("five-at-a-table.json", "five-edges.json"):
        for case in json.loads((VECTORS / name).read_text(encoding="utf-8"))["cases"]:
            if "result" in case.get("expect", {}):
                cases.append(pytest.param(case, id=case["name"]))
    return cases


@pytest.mark.parametrize("case", cases_with_a_result())
def test_a_game_of_five_ends_as_its_result_says(case):
    """Winners, hand, how and reason (the pair's names and its higher player) of each game of five that ends."""
    assert state_to_dict(replay(case, steps(case)))["result"] == case["expect"]["result"]


def test_the_dealer_bidding_is_refused_in_words_naming_the_dealer():
    """Bo deals hand 2 and sits it out: the sentence the phone shows, and the field it points at."""
    table = make_table("ten-point", FIVE, None, {"sit_out": "dealer"})
    state = play(start(table), parse_hand({"bidder": 1, "bid": 5, "points": [6, 4]}, table.rules))
    with pytest.raises(RuleError) as raised:
        play(state, parse_hand({"bidder": 1, "bid": 5, "points": [6, 4]}, table.rules))
    assert (raised.value.field, raised.value.message) == (
        "bidder", "Bo deals this hand and sits it out, so cannot be the bidder: choose one of the four who play.")


def test_a_player_in_the_hole_at_five_is_told_in_the_singular():
    """Tournament at five: Cy and Ed were set by 5; Ed may not shoot the moon, and is named alone."""
    table = make_table("tournament", FIVE, None, {"sit_out": "dealer"})
    state = play(start(table), parse_hand({"bidder": 2, "bid": 5, "points": [6, 4]}, table.rules))
    assert state.scores == (0, 6, -5, 6, -5)
    with pytest.raises(RuleError) as raised:
        play(state, parse_hand({"bidder": 4, "bid": "moon", "points": [0, 10]}, table.rules))
    assert (raised.value.field, raised.value.message) == (
        "bid", "Ed is in the hole (-5) and may not shoot the moon.")


def test_a_team_in_the_hole_at_four_is_told_in_the_plural():
    """Tournament at four: Ann and Cy were set by 5 and may not shoot the moon."""
    table = make_table("tournament", FIVE[:4])
    state = play(start(table), parse_hand({"bidder": 0, "bid": 5, "points": [4, 6]}, table.rules))
    assert state.scores == (-5, 6)
    with pytest.raises(RuleError) as raised:
        play(state, parse_hand({"bidder": 2, "bid": "moon", "points": [10, 0]}, table.rules))
    assert (raised.value.field, raised.value.message) == (
        "bid", "Ann/Cy are in the hole (-5) and may not shoot the moon.")


def test_a_game_of_teams_won_by_a_bid_has_the_winning_team_as_its_winners():
    """Ten-point at four, target 10: Bo and Di bid 5 and take all 10; team 1 is the winner and the only winners."""
    table = make_table("ten-point", FIVE[:4], None, {"target": 10})
    state = play(start(table), parse_hand({"bidder": 1, "bid": 5, "points": [0, 10]}, table.rules))
    assert (state.scores, state.status, state.winner, state.winners) == ((0, 10), "finished", 1, (1,))
    assert state.outcome.winners == (1,)


def test_a_game_of_teams_won_on_time_has_the_team_ahead_as_its_winners():
    """Tournament at four, time called after hand 1: Ann and Cy made 6 of 5, ahead 6 to 4, win alone."""
    table = make_table("tournament", FIVE[:4], None, None, TimeCall(after_hand=1))
    state = score(table, [parse_hand({"bidder": 0, "bid": 5, "points": [6, 4]}, table.rules)])
    assert (state.scores, state.status, state.winner, state.winners) == ((6, 4), "finished", 0, (0,))
    assert (state.outcome.how, state.outcome.hand) == ("time", 1)
