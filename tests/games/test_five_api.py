"""Five at a table through the API (docs/api.md "Five at a table"): every case of tests/vectors/five-at-a-table.json
played through `POST /api/games` and `POST .../hands`, the game JSON read back, copied and rematched; every refusal
a 422 naming its field, never a 500."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings

from scorekeeper.rules import PRESETS
from tests.support.engines import broken_hand, legal_hand
from tests.support.groups import auth
from tests.support.paths import VECTORS
from tests.support.strategies import json_values

VECTORS = json.loads((VECTORS / "five-at-a-table.json").read_text("utf-8"))["cases"]
SCORED = [case for case in VECTORS if "expect" in case and "time" not in case]
REFUSED = [case for case in VECTORS if "error" in case]
HAND_FIELDS = ("dealer", "sides", "points", "made", "misdeal", "delta", "scores")


def create(client, case):
    """The case's game, made through the API."""
    body = {"variant": case["variant"], "players": case["players"]}
    body.update({name: case[name] for name in ("rules", "team_names") if name in case})
    return client.post("/api/games", json=body)


def play(client, case):
    """The case's game and hands through the API: the game JSON after the last accepted hand, and its key."""
    made = create(client, case)
    assert made.status_code == 201, made.get_json()
    game, key = made.get_json(), made.get_json()["edit_key"]
    for body in case["hands"]:
        answer = client.post(f"/api/games/{game['id']}/hands", json=body, headers=auth(key))
        assert answer.status_code == 201, answer.get_json()
        game = answer.get_json()
    return game, key


def shown(hand):
    """The checked fields of a hand of the game JSON."""
    return {name: hand[name] for name in HAND_FIELDS if name in hand}


@pytest.mark.parametrize("case", SCORED, ids=[case["name"] for case in SCORED])
def test_a_game_of_five_scores_through_the_api_as_its_vector_says(client, case):
    """Each hand says its dealer and its two sides, the running scores are per player, the winners a pair."""
    game, _ = play(client, case)
    expect = case["expect"]
    assert [shown(hand) for hand in game["hands"]] == [shown(hand) for hand in expect["hands"]]
    assert (game["scores"], game["status"], game["winner"], game["winners"], game["next_dealer"]) == (
        expect["scores"], expect["status"], None, expect["winners"], expect["next_dealer"])
    assert game["rules"]["sit_out"] == "dealer" and game["rules"]["players"] == 5
    assert game["teams"] == [{"name": name, "players": [seat]} for seat, name in enumerate(case["players"])]
    if expect["status"] == "finished":
        assert game["result"]["winners"] == expect["winners"] and game["result"]["winner"] is None
    assert client.get(f"/api/games/{game['id']}").get_json()["hands"] == game["hands"]


@pytest.mark.parametrize("case", REFUSED, ids=[case["name"] for case in REFUSED])
def test_every_refusal_of_five_at_a_table_names_its_field(client, case):
    """The refusals of the vectors through the API: 422 (409 for a finished game) with the field, nothing written."""
    if not case["hands"]:
        answer = create(client, case)
    else:
        game, key = play(client, {**case, "hands": case["hands"][:-1]})
        answer = client.post(f"/api/games/{game['id']}/hands", json=case["hands"][-1], headers=auth(key))
        after = client.get(f"/api/games/{game['id']}").get_json()
        assert len(after["hands"]) == len(case["hands"]) - 1
    assert answer.status_code == (409 if case["error"]["kind"] == "conflict" else 422), answer.get_json()
    body = answer.get_json()
    assert body.get("field") == case["error"]["field"] and body["error"].strip()


FINISHED = [case for case in SCORED if case["expect"]["status"] == "finished"]


@pytest.mark.parametrize("case", FINISHED, ids=[case["name"] for case in FINISHED])
def test_a_finished_game_of_five_copies_exports_and_rematches(client, case):
    """The game JSON posted back is the same game; its export imports to it; the rematch keeps the rules and passes
    the deal to the seat after the last dealer."""
    game, key = play(client, case)
    copy = client.post("/api/games", json={name: value for name, value in game.items() if name != "id"})
    assert copy.status_code == 201, copy.get_json()
    again = client.get(f"/api/games/{copy.get_json()['id']}").get_json()
    for name in ("rules", "players", "teams", "scores", "status", "winners", "result"):
        assert again[name] == game[name], name
    assert [shown(hand) for hand in again["hands"]] == [shown(hand) for hand in game["hands"]]
    rematch = client.post(f"/api/games/{game['id']}/rematch", headers=auth(key))
    assert rematch.status_code == 201, rematch.get_json()
    fresh = rematch.get_json()
    assert fresh["rules"] == {**game["rules"], "first_dealer": game["next_dealer"]} or (
        game["next_dealer"] == 0 and fresh["rules"] == {k: v for k, v in game["rules"].items() if k != "first_dealer"})
    assert fresh["next_dealer"] == game["next_dealer"] and fresh["winners"] == [] and fresh["team_names"] is None


FIVE_PRESETS = sorted({case["variant"] for case in SCORED if case["rules"] == {"sit_out": "dealer"}})


@pytest.mark.parametrize("variant", FIVE_PRESETS)
def test_quick_entry_by_points_at_five(client, variant):
    """`points: [side 0, side 1]` where every point is in play; elsewhere it is refused at `points` as at four."""
    case = {"variant": variant, "players": ["Ann", "Bo", "Cy", "Di", "Ed"], "rules": {"sit_out": "dealer"}, "hands": []}
    game, key = play(client, case)
    rules = PRESETS[variant]
    total = rules.total_points
    answer = client.post(f"/api/games/{game['id']}/hands", json={"bidder": 2, "bid": rules.min_bid,
                                                                 "points": [1, total - 1]}, headers=auth(key))
    if rules.in_play == "all" and not rules.nullable:
        assert answer.status_code == 201, answer.get_json()
        hand = answer.get_json()["hands"][-1]
        assert hand["points"] == [1, total - 1] and hand["sides"] == [[1, 3], [2, 4]]
        assert hand["delta"] == [0, 1, total - 1, 1, total - 1]
    else:
        assert answer.status_code == 422 and answer.get_json()["field"] == "points", answer.get_json()


@pytest.mark.parametrize("variant", ["ten-point", "five-point", "smear"])
def test_any_hand_body_at_a_table_of_five_is_answered_without_5xx_and_recorded_whole_or_not(client, variant):
    """Random hand bodies (legal, broken, hostile) at a table of five: 201 with one more hand, or 4xx with a sentence
    and a field and the game unchanged; never a 500."""
    case = {"variant": variant, "players": ["Ann", "Bo", "Cy", "Di", "Ed"], "rules": {"sit_out": "dealer"},
            "hands": []}
    game, key = play(client, case)
    rules = PRESETS[variant].with_overrides({"sit_out": "dealer"})

    @settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(body=broken_hand(rules) | legal_hand(rules) | json_values)
    def one(body):
        before = client.get(f"/api/games/{game['id']}").get_json()
        answer = client.post(f"/api/games/{game['id']}/hands", json=body, headers=auth(key))
        assert answer.status_code < 500, answer.get_data(as_text=True)
        after = client.get(f"/api/games/{game['id']}").get_json()
        if answer.status_code == 201:
            assert len(after["hands"]) == len(before["hands"]) + 1
            assert after["hands"][-1]["delta"][after["hands"][-1]["dealer"]] == 0
        else:
            assert after["hands"] == before["hands"] and answer.get_json()["error"].strip()

    one()
