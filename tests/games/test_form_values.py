"""Every form field parsed defensively: a value the field does not take is a 4xx with a message, never a 500."""

from __future__ import annotations

import html
import re

import pytest
import sqlalchemy as sa

from scorekeeper.extensions import db
from scorekeeper.games.models import Game
from scorekeeper.games.pages.handform import CHANGED
from scorekeeper.tournaments.models import Tournament
from tests.support.pages import MADE, SET, csrf, hidden, log, start
from tests.support.tables import PLAYERS
from tests.support.tournaments import token


def post_hand(client, game_id: str, path: str = "", **changes):
    """Post the hand form on the game page (or on `path`, the edit page) with `changes` on top of a made hand."""
    path = path or f"/games/{game_id}/hands"
    html = client.get(path if path.endswith("/edit") else f"/games/{game_id}").get_data(as_text=True)
    data = {"csrf_token": hidden(html, "csrf_token"), "hand_id": hidden(html, "hand_id"),
            "number": hidden(html, "number"), **MADE, **changes}
    return client.post(path, data=data)


@pytest.mark.parametrize("changes", [
    {"bidder": "abc"}, {"bidder": "9"}, {"bidder": "-1"}, {"bidder": "²"}, {"bidder": "١"},
    {"bid": "²"}, {"bid": "abc"}, {"bid": "99999999999999999999999"}, {"bid": "٥"},
    {"captured_ace": "x"}, {"captured_ace": "²"}, {"captured_ace": "5"}, {"captured_ace": "none"},
    {"number": "²"}, {"number": "abc"}, {"number": "99999999999999999999999"},
    {"trump": "bogus"}, {"hand_id": "\x00"}, {"hand_id": "x" * 200},
])
def test_a_bad_hand_form_value_is_refused_with_a_message(client, changes):
    """bidder=abc, bid=², captured_ace=x, number=²: 4xx, and no hand recorded."""
    game_id = start(client)
    response = post_hand(client, game_id, **changes)
    assert 400 <= response.status_code < 500, response.get_data(as_text=True)[:2000]
    assert client.get(f"/api/games/{game_id}").get_json()["hands"] == []


@pytest.mark.parametrize("changes", [
    {"bidder": "abc"}, {"bidder": "²"}, {"bid": "²"}, {"bid": "٥"}, {"captured_ace": "x"}, {"captured_ace": "²"},
    {"number": "²"}, {"trump": "\x00"},
])
def test_a_bad_edit_form_value_is_refused_and_the_hand_kept(client, changes):
    game_id = start(client)
    log(client, game_id, SET)
    before = client.get(f"/api/games/{game_id}").get_json()["hands"]
    response = post_hand(client, game_id, f"/games/{game_id}/hands/1/edit", **changes)
    assert 400 <= response.status_code < 500
    assert client.get(f"/api/games/{game_id}").get_json()["hands"] == before


@pytest.mark.parametrize("number", ["²", "abc", "", "-1", "1.0", "99999999999999999999"])
def test_a_bad_undo_number_is_refused_with_a_message(client, number):
    game_id = start(client)
    log(client, game_id, MADE)
    html = client.get(f"/games/{game_id}/undo").get_data(as_text=True)
    data = {"csrf_token": hidden(html, "csrf_token"), "hand_id": hidden(html, "hand_id"), "number": number}
    response = client.post(f"/games/{game_id}/undo", data=data)
    assert 400 <= response.status_code < 500
    assert "nothing was saved" in response.get_data(as_text=True) or "no hand" in response.get_data(as_text=True)
    assert len(client.get(f"/api/games/{game_id}").get_json()["hands"]) == 1


@pytest.mark.parametrize("misdeal_number", ["²", "x"])
def test_a_misdeal_with_a_changed_number_is_refused(client, misdeal_number):
    game_id = start(client)
    html = client.get(f"/games/{game_id}").get_data(as_text=True)
    data = {"csrf_token": hidden(html, "csrf_token"), "hand_id": hidden(html, "hand_id"), "number": misdeal_number,
            "misdeal": "1", "confirmed": "1"}
    response = client.post(f"/games/{game_id}/hands", data=data)
    assert response.status_code == 422 and CHANGED in response.get_data(as_text=True)
    assert client.get(f"/api/games/{game_id}").get_json()["hands"] == []


FIVE = {"bidder": "1", "bid": "5", "captured_high": "1", "captured_low": "1", "captured_jack": "1",
        "captured_game": "1"}


@pytest.mark.parametrize("all_tricks", ["maybe", "", "²"])
def test_the_all_tricks_question_takes_yes_or_no(client, all_tricks):
    game_id = start(client, "five-point")
    response = log(client, game_id, {**FIVE, "all_tricks": all_tricks}, status=422)
    assert "say whether the bidders took all six" in response.get_data(as_text=True)


@pytest.mark.parametrize(("changes", "field"), [
    ({"bidder": "abc"}, "bidder"), ({"bidder": ""}, "bidder"), ({"bid": "²"}, "bid"), ({"bid": "11"}, "bid"),
    ({"captured_ace": "x"}, "captured.ace"), ({"captured_ace": ""}, "captured.ace"), ({"trump": "bogus"}, "trump"),
])
def test_the_hand_form_says_what_the_api_says(client, make_game, changes, field):
    """Every message about a hand comes from the engine's parse_hand: the form shows the API's sentence."""
    game_id = start(client)
    response = post_hand(client, game_id, **changes)
    game, auth = make_game()
    body = {"bidder": 1, "bid": 6, "captured": {key[9:]: int(value) for key, value in MADE.items()
                                                if key.startswith("captured_")}}
    for name, value in changes.items():
        if name.startswith("captured_"):
            body["captured"][name[9:]] = value
            if value == "":
                del body["captured"][name[9:]]
        else:
            body[name] = None if value == "" else value
    api = client.post(f"/api/games/{game['id']}/hands", json=body, headers=auth).get_json()
    assert api["field"] == field
    name = field.replace(".", "_")
    shown = re.search(rf'data-error="{name}">([^<]*)</p>', response.get_data(as_text=True)).group(1)
    assert html.unescape(shown) == api["error"]


@pytest.mark.parametrize(("field", "value"), [
    ("variant", "bogus"), ("variant", "\x00"), ("target", "²"), ("target", "٣"), ("target", "1e3"), ("clock", "abc"),
    ("clock", "99999999999999999999"), ("min_bid", "-1"), ("max_bid", "1_0"), ("moon", "x"), ("end", "\x00"),
    ("forced_bid", "²"), ("forced_bid", "1_0"), ("all_pass", "x"), ("dealer_may_match", "\x00"),
    ("trump_with_bid", "1"),
])
def test_a_bad_start_form_value_is_refused_at_its_field(client, app, field, value):
    data = {"csrf_token": csrf(client), "variant": "ten-point", field: value}
    data.update({f"players-{seat}": name for seat, name in enumerate(PLAYERS["ten-point"])})
    response = client.post("/", data=data)
    assert response.status_code == 422
    name = "variant" if field == "variant" else field
    assert re.search(rf'<p class="error" id="e-{name}" data-error="{name}">[^<]+</p>', response.get_data(as_text=True))
    with app.app_context():
        assert db.session.scalar(sa.select(sa.func.count()).select_from(Game)) == 0


TOURNAMENT_NEW = {"name": "Cup", "entry_fee": "20", "payout_percent": "50", "games_per_team": "5",
                  "minutes_per_game": "30", "variant": "tournament"}


@pytest.mark.parametrize(("field", "value", "message"), [
    ("entry_fee", "sNaN", "Write the amount in dollars"), ("entry_fee", "NaN", "Write the amount in dollars"),
    ("entry_fee", "Infinity", "Write the amount in dollars"), ("entry_fee", "1e400", "Write the amount in dollars"),
    ("entry_fee", "0.001", "Write the amount in dollars"), ("entry_fee", "²", "Write the amount in dollars"),
    ("entry_fee", "100001", "Number must be between 0 and 100000."),
    ("payout_percent", "²", "Write a whole number"), ("games_per_team", "٣", "Write a whole number"),
    ("minutes_per_game", "99999999999999999999", "Write a whole number"), ("date", "2024-99-01", "date"),
    ("variant", "bogus", "Not a valid choice"), ("name", "x" * 81, "must be 1 to 80 characters"),
    ("place", "x" * 121, "must be 1 to 120 characters"),
])
def test_a_bad_tournament_form_value_is_refused_with_a_message(client, app, field, value, message):
    page = client.get("/tournaments/new")
    response = client.post("/tournaments/new", data={"csrf_token": token(page.text), **TOURNAMENT_NEW, field: value})
    assert response.status_code == 422 and message in html.unescape(response.text)
    with app.app_context():
        assert db.session.scalar(sa.select(sa.func.count()).select_from(Tournament)) == 0


@pytest.mark.parametrize(("fee", "cents"), [("20", 2000), ("12.5", 1250), ("0.99", 99), (" 7 ", 700)])
def test_the_entry_fee_is_read_in_dollars_and_cents(client, app, fee, cents):
    page = client.get("/tournaments/new")
    data = {"csrf_token": token(page.text), **TOURNAMENT_NEW, "entry_fee": fee}
    response = client.post("/tournaments/new", data=data)
    assert response.status_code == 303
    with app.app_context():
        assert db.session.scalar(sa.select(Tournament.entry_fee_cents)) == cents


# ---- The API: a value the database could not hold is refused before it gets there.

@pytest.mark.parametrize(("body", "field"), [
    ({"name": "x" * 81}, "name"), ({"name": "Cup", "place": "x" * 121}, "place"),
    ({"name": "Cup", "entry_fee_cents": 10**12}, "entry_fee_cents"), ({"name": "Cup", "seed": 2**31}, "seed"),
    ({"name": "Cup", "seed": 2**63}, "seed"), ({"name": "Cup", "seed": -1}, "seed"),
    ({"name": "Cup", "minutes_per_game": 10**10}, "minutes_per_game"),
    ({"name": "Cup", "games_per_team": 2**40}, "games_per_team"),
    ({"name": "Cup", "payout_percent": 101}, "payout_percent"),
    ({"name": "Cup", "date": "2024-11-23\x00"}, "date"), ({"name": "Cup", "date": "\ud800"}, "date"),
    ({"name": "Cup", "variant": "tourna\x00ment"}, "variant"), ({"name": "Cup", "rules": {"\x00": 1}}, "rules.\x00"),
    ({"name": "Cup", "rules": {"target": 2**63}}, "rules.target"),
])
def test_the_tournament_api_refuses_what_the_database_could_not_hold(client, app, body, field):
    response = client.post("/api/tournaments", json=body)
    assert response.status_code == 422, response.get_data(as_text=True)
    assert response.get_json()["field"] == field
    with app.app_context():
        assert db.session.scalar(sa.select(sa.func.count()).select_from(Tournament)) == 0


@pytest.mark.parametrize("hand", [
    {"bidder": 1, "bid": 6, "trump": "clu\x00bs"}, {"bidder": 1, "bid": 6, "trump": "\ud800"},
    {"bidder": 1, "bid": 6, "id": "a\x00b"}, {"bidder": 1, "bid": 6, "id": "x" * 65},
    {"bidder": 2**63, "bid": 6}, {"bidder": 1, "bid": 2**63}, {"bidder": 1, "bid": 6, "number": 2**63},
    {"bidder": 1, "bid": 6, "number": "\x00"}, {"misdeal": True, "id": "\ud800"},
])
def test_the_game_api_refuses_hand_values_the_database_could_not_hold(client, make_game, hand):
    game, auth = make_game()
    captured = {key[9:]: int(value) for key, value in MADE.items() if key.startswith("captured_")}
    body = {"captured": captured, **hand} if not hand.get("misdeal") else hand
    response = client.post(f"/api/games/{game['id']}/hands", json=body, headers=auth)
    assert 400 <= response.status_code < 500, response.get_data(as_text=True)
    assert client.get(f"/api/games/{game['id']}").get_json()["hands"] == []


@pytest.mark.parametrize("body", [
    {"variant": "ten-\x00point", "players": PLAYERS["ten-point"]},
    {"variant": "ten-point", "players": PLAYERS["ten-point"], "id": "\x00" * 22, "edit_key": "k" * 22},
    {"variant": "ten-point", "players": PLAYERS["ten-point"], "rules": {"target": 2**63}},
    {"variant": "ten-point", "players": PLAYERS["ten-point"], "rules": {"time_limit_minutes": 2**63}},
    {"variant": "ten-point", "players": PLAYERS["ten-point"], "time_called": {"after_hand": 2**63}},
])
def test_the_game_api_refuses_set_up_values_the_database_could_not_hold(client, app, body):
    response = client.post("/api/games", json=body)
    assert response.status_code == 422, response.get_data(as_text=True)
    with app.app_context():
        assert db.session.scalar(sa.select(sa.func.count()).select_from(Game)) == 0


def test_a_blank_hand_form_names_every_answer_missing(client):
    """With JavaScript off, one post shows every unanswered question, each in the engine's words."""
    game_id = start(client)
    response = post_hand(client, game_id, **{key: "" for key in MADE})
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    missing = re.findall(r'data-error="(\w+)">[^<]+</p>', page)
    assert missing == ["bidder", "bid"] + [key for key in MADE if key.startswith("captured_")]
    assert "Say which team took the three." in page
    assert client.get(f"/api/games/{game_id}").get_json()["hands"] == []
