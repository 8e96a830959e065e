"""Hands given as points per team (docs/api.md, "A hand given as points"): stored, checked, edited, exported."""

from __future__ import annotations

import csv
import io
import json

import pytest
import sqlalchemy as sa

from scorekeeper.extensions import db
from scorekeeper.games.models import Game, HandRecord
from scorekeeper.games.pages.export import import_file
from tests.support.tables import CARD_POINTS, FOUR

TOTALS = {"ten-point": 10, "nine-point": 9, "eleven-point": 11, "thirteen-point": 13}
NOBODY_GAMES = {"five-point": FOUR, "cutthroat": FOUR[:3], "smear": FOUR, "seven-point": FOUR}


def new_game(client, variant: str = "ten-point", players=FOUR, **extra) -> tuple[dict, dict]:
    """A game made through the API, and the header that carries its key."""
    response = client.post("/api/games", json={"variant": variant, "players": players, **extra})
    assert response.status_code == 201, response.get_json()
    game = response.get_json()
    return game, {"Authorization": f"Bearer {game['edit_key']}"}


def post(client, game: dict, headers: dict, hand: dict):
    """POST one hand."""
    return client.post(f"/api/games/{game['id']}/hands", json=hand, headers=headers)


def refused(response, status: int = 422, field: str | None = "points") -> str:
    """The error message of a refusal that names `field`."""
    assert response.status_code == status, response.get_data(as_text=True)
    body = response.get_json()
    assert body["field"] == field and body["error"].strip()
    return body["error"]


def stored_hands(app) -> list[HandRecord]:
    """Every stored hand row, in order."""
    with app.app_context():
        return list(db.session.scalars(sa.select(HandRecord).order_by(HandRecord.number)))


@pytest.mark.parametrize("variant", TOTALS)
def test_a_hand_given_as_points_is_stored_and_shown_without_captured(app, client, variant):
    """Bo's side (team 1) bids 5 and takes all but one point: made; the hand comes back as it was given."""
    total = TOTALS[variant]
    game, headers = new_game(client, variant)
    response = post(client, game, headers, {"bidder": 1, "bid": 5, "points": [1, total - 1], "id": "q-1"})
    assert response.status_code == 201, response.get_json()
    hand = response.get_json()["hands"][0]
    assert "captured" not in hand
    assert (hand["points"], hand["made"], hand["delta"], hand["scores"]) == (
        [1, total - 1], True, [1, total - 1], [1, total - 1])
    assert client.get(f"/api/games/{game['id']}").get_json()["hands"][0] == hand
    [row] = stored_hands(app)
    assert (row.points, row.captured) == ([1, total - 1], None)


@pytest.mark.parametrize("variant", TOTALS)
def test_the_top_legal_value_is_taken_and_one_past_it_is_refused(client, variant):
    """Every point to one side is a hand; one more than the hand holds (or one below 0) is not."""
    total = TOTALS[variant]
    game, headers = new_game(client, variant)
    assert "points" in refused(post(client, game, headers, {"bidder": 0, "bid": 5, "points": [total + 1, -1]}))
    assert "points" in refused(post(client, game, headers, {"bidder": 0, "bid": 5, "points": [-1, total + 1]}))
    response = post(client, game, headers, {"bidder": 0, "bid": 5, "points": [total, 0]})
    assert response.status_code == 201 and response.get_json()["scores"] == [total, 0]


@pytest.mark.parametrize("variant", TOTALS)
@pytest.mark.parametrize("off", [-1, 1])
def test_points_one_off_the_hand_total_are_refused(app, client, variant, off):
    """A sum one short or one over says what it adds up to and what a hand holds; nothing is stored."""
    total = TOTALS[variant]
    game, headers = new_game(client, variant)
    message = refused(post(client, game, headers, {"bidder": 0, "bid": 5, "points": [5, total - 5 + off]}))
    assert f"add up to {total + off}" in message and str(total) in message
    assert stored_hands(app) == []


@pytest.mark.parametrize("points", [
    [10], [5, 5, 0], [], [4.5, 5.5], ["4", "6"], [True, 9], [None, 10], {"0": 4, "1": 6}, "4-6", 10,
])
def test_points_of_the_wrong_shape_are_refused(app, client, points):
    """Wrong length, not whole numbers, not a list: 422 on points, nothing stored."""
    game, headers = new_game(client)
    refused(post(client, game, headers, {"bidder": 0, "bid": 5, "points": points}))
    assert stored_hands(app) == []


def test_captured_and_points_together_are_refused(client):
    """A hand is given one way or the other."""
    game, headers = new_game(client)
    captured = dict.fromkeys(CARD_POINTS, 0)
    message = refused(post(client, game, headers, {"bidder": 0, "bid": 5, "points": [10, 0], "captured": captured}))
    assert "not both" in message


@pytest.mark.parametrize("variant", NOBODY_GAMES)
def test_points_are_refused_where_a_point_may_go_to_nobody(client, variant):
    """High-Low-Jack-Game and the other `dealt` games take captured only."""
    game, headers = new_game(client, variant, NOBODY_GAMES[variant])
    total = len(game["rules"].get("points") or [1, 1, 1, 1])
    teams = len(game["teams"])
    points = [total] + [0] * (teams - 1)
    hand = {"bidder": 0, "bid": game["rules"]["min_bid"], "points": points}
    assert "captured" in refused(post(client, game, headers, hand))


def test_a_points_hand_is_set_below_its_bid(client):
    """Bo's side bids 7 and takes 6: set, losing 7; the other side keeps its 4."""
    game, headers = new_game(client)
    hand = post(client, game, headers, {"bidder": 1, "bid": 7, "points": [4, 6]}).get_json()["hands"][0]
    assert (hand["made"], hand["delta"], hand["scores"]) == (False, [4, -7], [4, -7])


@pytest.mark.parametrize(("points", "made"), [([0, 10], True), ([1, 9], False)])
def test_a_moon_given_as_points_is_made_only_with_every_point(client, points, made):
    """The moon is made by taking all 10 points, whatever else happened."""
    game, headers = new_game(client)
    body = post(client, game, headers, {"bidder": 1, "bid": "moon", "points": points}).get_json()
    assert body["hands"][0]["made"] is made
    assert body["status"] == ("finished" if made else "playing") or body["result"]


def test_an_edit_changes_a_hand_from_one_form_to_the_other(app, client):
    """PUT a points hand as per card, then back: the row holds one form at a time and the scores follow."""
    game, headers = new_game(client)
    post(client, game, headers, {"bidder": 1, "bid": 5, "points": [4, 6]})
    post(client, game, headers, {"bidder": 2, "bid": 4, "points": [7, 3]})
    by_card = {"bidder": 1, "bid": 5, "captured": {key: 1 if key in ("ace", "jack", "three") else 0
                                                     for key in CARD_POINTS}}
    response = client.put(f"/api/games/{game['id']}/hands/1", json=by_card, headers=headers)
    assert response.status_code == 200, response.get_json()
    first = response.get_json()["hands"][0]
    assert first["captured"] == by_card["captured"] and first["points"] == [5, 5] and first["made"] is True
    assert response.get_json()["scores"] == [12, 8]
    assert [(row.points, row.captured is None) for row in stored_hands(app)] == [(None, False), ([7, 3], True)]
    response = client.put(f"/api/games/{game['id']}/hands/1", json={"bidder": 1, "bid": 5, "points": [6, 4]},
                          headers=headers)
    first = response.get_json()["hands"][0]
    assert "captured" not in first and first["made"] is False and response.get_json()["scores"] == [13, -2]
    assert [(row.points, row.captured) for row in stored_hands(app)] == [([6, 4], None), ([7, 3], None)]


def test_a_refused_edit_to_points_leaves_the_hand_as_it_was(app, client):
    """An edit whose points do not add up is refused whole."""
    game, headers = new_game(client)
    post(client, game, headers, {"bidder": 1, "bid": 5, "points": [4, 6]})
    refused(client.put(f"/api/games/{game['id']}/hands/1", json={"bidder": 1, "bid": 5, "points": [4, 5]},
                       headers=headers))
    assert [row.points for row in stored_hands(app)] == [[4, 6]]


def test_the_same_points_hand_sent_twice_is_recorded_once(app, client):
    """The outbox may send a hand again: its id keeps it single."""
    game, headers = new_game(client)
    hand = {"id": "same", "bidder": 0, "bid": 3, "points": [3, 7]}
    assert post(client, game, headers, hand).status_code == 201
    again = post(client, game, headers, hand)
    assert again.status_code == 200 and len(again.get_json()["hands"]) == 1
    assert len(stored_hands(app)) == 1


def test_json_export_and_import_keep_points_hands(app, client):
    """The downloaded game file, imported, is the same game: points hands with points, per-card with captured."""
    game, headers = new_game(client, "eleven-point")
    captured = {key: 0 for key in game["rules"]["points"]}
    post(client, game, headers, {"bidder": 1, "bid": 6, "points": [3, 8], "trump": "hearts"})
    post(client, game, headers, {"bidder": 2, "bid": 5, "captured": captured})
    post(client, game, headers, {"misdeal": True})
    post(client, game, headers, {"bidder": 3, "bid": 7, "points": [5, 6]})
    exported = client.get(f"/games/{game['id']}/export.json")
    assert exported.status_code == 200
    with app.test_request_context():
        new_id = import_file(exported.data)
    copy = client.get(f"/api/games/{new_id}").get_json()
    original = client.get(f"/api/games/{game['id']}").get_json()
    strip = lambda hands: [{k: v for k, v in hand.items() if k != "id"} for hand in hands]  # noqa: E731
    assert strip(copy["hands"]) == strip(original["hands"]) and copy["scores"] == original["scores"] == [19, 1]
    assert "captured" not in copy["hands"][0] and copy["hands"][0]["points"] == [3, 8]
    assert copy["hands"][1]["captured"] == captured
    with app.app_context():
        rows = db.session.scalars(sa.select(HandRecord).where(HandRecord.game_id == new_id)
                                  .order_by(HandRecord.number)).all()
        assert [row.points for row in rows] == [[3, 8], None, None, [5, 6]]
    api_copy = client.post("/api/games", json={"variant": "eleven-point", "players": FOUR,
                                               "hands": original["hands"]})
    assert api_copy.status_code == 201 and strip(api_copy.get_json()["hands"]) == strip(original["hands"])


def test_csv_export_has_a_row_per_points_hand(client):
    """The paper sheet of a points hand: bidder, bid, made or set, each side's points and totals."""
    game, headers = new_game(client)
    post(client, game, headers, {"bidder": 1, "bid": 5, "points": [4, 6]})
    post(client, game, headers, {"bidder": 0, "bid": 6, "points": [5, 5]})
    text = client.get(f"/games/{game['id']}/export.csv").get_data(as_text=True).lstrip("\ufeff")
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[1] == ["1", "Ann", "Bo", "5", "", "made", "4", "6", "4", "6"]
    assert rows[2] == ["2", "Bo", "Ann", "6", "", "set", "-6", "5", "-2", "11"]


def test_an_import_with_a_bad_points_hand_stores_nothing(app, client):
    """One hand whose points do not add up refuses the whole import, naming the hand."""
    body = {"variant": "ten-point", "players": FOUR,
            "hands": [{"bidder": 1, "bid": 5, "points": [4, 6]}, {"bidder": 2, "bid": 5, "points": [4, 7]}]}
    response = client.post("/api/games", json=body)
    assert response.status_code == 422 and response.get_json()["error"].startswith("Hand 2: ")
    with app.app_context():
        assert db.session.scalar(sa.select(sa.func.count()).select_from(Game)) == 0
    assert stored_hands(app) == []


def test_a_points_hand_is_refused_json_that_is_not_an_object(client):
    """The body's shape is checked before its points."""
    game, headers = new_game(client)
    response = client.post(f"/api/games/{game['id']}/hands", data=json.dumps([4, 6]),
                           content_type="application/json", headers=headers)
    assert response.status_code == 422


def test_the_stats_count_points_hands_and_say_what_they_cannot(client):
    """Bids, made and set come from every hand; the share page says cards are not known for points hands."""
    game, headers = new_game(client)
    post(client, game, headers, {"bidder": 1, "bid": 5, "points": [4, 6]})
    post(client, game, headers, {"bidder": 1, "bid": 7, "points": [4, 6]})
    post(client, game, headers, {"bidder": 2, "bid": 4, "captured": dict.fromkeys(CARD_POINTS, 0)})
    html = client.get(f"/share/{game['id']}").get_data(as_text=True)
    assert "<th scope=\"row\">Bo</th><td>2</td><td>1</td><td>1</td>" in html
    assert "2 of 3 hands were given as points per side, so who took which card" in html


def test_the_stats_have_no_card_note_when_every_hand_names_its_cards(client):
    """A game entered card by card has nothing missing to say."""
    game, headers = new_game(client)
    post(client, game, headers, {"bidder": 2, "bid": 4, "captured": dict.fromkeys(CARD_POINTS, 0)})
    assert "given as points per side" not in client.get(f"/share/{game['id']}").get_data(as_text=True)
