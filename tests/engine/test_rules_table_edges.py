"""The game JSON of scorekeeper/rules/table.py as the API and the pages show it, five at a table above all (each
hand's `sides`, the game's `winners` and `result.winners`), and the refusals a table of five gets in words; found by
mutation testing (docs/mutation.md). tests/engine/test_vectors.py compares the engine's state, not this JSON; this file
compares the JSON with every vector's `expect`, field by field, as tests/js/engine.test.mjs does for the phone."""

import json

import pytest

from scorekeeper.rules import RuleError, make_table, parse_hand, play, score, start
from scorekeeper.rules.table import hand_to_dict, state_to_dict
from tests.support.vectors import CASES, build_table, replay, steps, time_call

FIVE = ["Ann", "Bo", "Cy", "Di", "Ed"]
SIT_OUT = {"sit_out": "dealer"}
SCORED = [param for param in CASES if "expect" in param.values[0]]


def without_false_misdeal(hand: dict) -> dict:
    """A hand's fields, where `misdeal: false` is the same as none."""
    return {key: value for key, value in hand.items() if not (key == "misdeal" and value is False)}


@pytest.mark.parametrize("case", SCORED)
def test_the_game_json_shows_every_field_a_vector_expects(case):
    """Every field of `expect` (and of each of its hands) is in the game JSON with that value: where the dealer sits
    out, each hand's `sides`, `winners` and `result` with its `winners` too."""
    state = replay(case, steps(case))
    game = state_to_dict(state)
    clocked = build_table(case, time_call(case))
    assert state_to_dict(score(clocked, [scored.hand for scored in state.hands])) == game
    expect = dict(case["expect"])
    wanted = expect.pop("hands", [])
    assert len(game["hands"]) == len(wanted)
    for number, (got, want) in enumerate(zip(game["hands"], wanted, strict=True), start=1):
        shown = without_false_misdeal(got)
        assert {key: shown.get(key) for key in without_false_misdeal(want)} == without_false_misdeal(want), number
    assert {key: game.get(key) for key in expect} == expect


def test_the_five_at_a_table_vectors_name_the_sides_of_every_hand_and_the_winning_pair():
    """The comparison above reaches what a table of five is shown: every hand of those vectors lists its sides, and
    every finished one its winners in `result` too."""
    five = [param.values[0] for param in SCORED if (param.values[0].get("rules") or {}).get("sit_out")]
    assert five
    assert all("sides" in hand for case in five for hand in case["expect"]["hands"])
    assert all("winners" in case["expect"] for case in five)
    finished = [case for case in five if case["expect"]["status"] == "finished"]
    assert finished and all(case["expect"]["result"]["winners"] == case["expect"]["winners"] for case in finished)


def five_table(variant="ten-point", **rules):
    """A table of five, the dealer sitting out each hand."""
    return make_table(variant, FIVE, None, {**SIT_OUT, **rules})


def play_bodies(table, *bodies):
    """The game after the hand bodies, from the start."""
    state = start(table)
    for body in bodies:
        state = play(state, parse_hand(body, table.rules))
    return state


# Ten-point, five at a table, Ann dealing first (worked out from docs/rules.md, "Five at a table"):
# 1. Ann deals and sits out: Bo & Di (side 0) against Cy & Ed (side 1). Bo bids 5; Bo & Di take 6, Cy & Ed 4: made.
#    Bo, Di +6; Cy, Ed +4; Ann 0. Scores 0 6 4 6 4.
# 2. Bo deals: a misdeal. He deals again; the sides stay Cy & Ed (side 0) against Di & Ann (side 1). Nothing scores.
# 3. Bo deals again and sits out: Di shoots the moon for Di & Ann and takes all 10: made, and a moon that wins ends
#    the game. Di, Ann +10. Scores 10 6 4 16 4. The winners are the pair, Di & Ann: seats 3 and 0, in that order.
FIRST = {"bidder": 1, "bid": 5, "points": [6, 4]}
MISDEAL = {"misdeal": True}
MOON = {"bidder": 3, "bid": "moon", "points": [0, 10]}


def test_a_game_of_five_in_play_shows_sides_scores_a_player_and_no_winners_yet():
    table = five_table()
    game = state_to_dict(play_bodies(table, FIRST, MISDEAL))
    assert json.dumps(game) == json.dumps({
        "rules": table.rules.to_dict(),
        "players": FIVE,
        "teams": [{"name": name, "players": [seat]} for seat, name in enumerate(FIVE)],
        "hands": [
            {"number": 1, "dealer": 0, "bidder": 1, "bid": 5, "trump": None, "points": [6, 4],
             "sides": [[1, 3], [2, 4]], "delta": [0, 6, 4, 6, 4], "scores": [0, 6, 4, 6, 4], "made": True},
            {"number": 2, "dealer": 1, "misdeal": True, "sides": [[2, 4], [3, 0]], "points": [0, 0],
             "delta": [0, 0, 0, 0, 0], "scores": [0, 6, 4, 6, 4]},
        ],
        "scores": [0, 6, 4, 6, 4],
        "status": "playing",
        "winner": None,
        "next_dealer": 1,
        "next_number": 3,
        "result": None,
        "time_called": None,
        "winners": [],
    })
    assert table.rules.to_dict()["sit_out"] == "dealer"


def test_a_game_of_five_won_by_a_moon_names_the_winning_pair_in_winners_and_result():
    table = five_table()
    state = play_bodies(table, FIRST, MISDEAL, MOON)
    game = state_to_dict(state)
    assert game["hands"][2] == {
        "number": 3, "dealer": 1, "bidder": 3, "bid": "moon", "trump": None, "points": [0, 10],
        "sides": [[2, 4], [3, 0]], "delta": [10, 0, 0, 10, 0], "scores": [10, 6, 4, 16, 4], "made": True,
    }
    assert hand_to_dict(table, state.hands[2]) == game["hands"][2]
    assert (game["scores"], game["status"], game["winner"], game["winners"]) == ([10, 6, 4, 16, 4], "finished", None,
                                                                                  [3, 0])
    assert game["result"] == {"winner": None, "hand": 3, "how": "moon", "reason": "Di & Ann shot the moon",
                              "winners": [3, 0]}
    assert (game["next_dealer"], game["next_number"]) == (2, 4)
    assert list(game) == ["rules", "players", "teams", "hands", "scores", "status", "winner", "next_dealer",
                          "next_number", "result", "time_called", "winners"]


def test_a_game_of_four_has_no_sides_and_no_winners_list():
    """Only where the dealer sits out: a game of four keeps the JSON it always had."""
    table = make_table("ten-point", FIVE[:4])
    game = state_to_dict(play_bodies(table, {"bidder": 1, "bid": "moon", "points": [0, 10]}))
    assert "sides" not in game["hands"][0] and "winners" not in game and "winners" not in game["result"]
    assert game["result"] == {"winner": 1, "hand": 1, "how": "moon", "reason": "Bo/Di shot the moon"}


FIVE_HINT = ' (five play it with the dealer sitting out each hand: set the house rule sit_out to "dealer")'


@pytest.mark.parametrize(("variant", "players", "overrides", "message"), [
    ("ten-point", FIVE, None, f"ten-point needs 4 players, listed in seating order{FIVE_HINT}."),
    ("eleven-point", FIVE, None, f"eleven-point needs 4 or 6 players, listed in seating order{FIVE_HINT}."),
    ("ten-point", FIVE[:3], None, "ten-point needs 4 players, listed in seating order."),
    ("ten-point-six", FIVE, None, "ten-point-six needs 6 players, listed in seating order."),
    ("eleven-point", FIVE, {"players": 6}, "eleven-point needs 6 players, listed in seating order."),
])
def test_five_players_at_a_game_for_four_are_told_to_let_the_dealer_sit_out(variant, players, overrides, message):
    """The hint is for five at a game with partners that seats four; not for another count, nor where four is not
    seated (a game for six), as docs/rules.md's refusals say."""
    with pytest.raises(RuleError) as raised:
        make_table(variant, players, None, overrides)
    assert (raised.value.field, raised.value.message) == ("players", message)


def test_a_game_of_five_refuses_team_names_saying_why():
    with pytest.raises(RuleError) as raised:
        make_table("ten-point", FIVE, ["Us", "Them"], SIT_OUT)
    assert (raised.value.field, raised.value.message) == (
        "team_names",
        "With the dealer sitting out the sides change every hand, so a game of five has no team names; leave them out.")
