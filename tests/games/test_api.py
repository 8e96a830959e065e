"""The JSON API of docs/api.md, through the Flask test client: every endpoint, every error status."""

from __future__ import annotations

import hashlib
import json
import re
import socket
from datetime import datetime, timedelta

import pytest
import sqlalchemy as sa

from scorekeeper import create_app
from scorekeeper.extensions import db
from scorekeeper.games import service as games
from scorekeeper.games import writes
from scorekeeper.games.json import game_json
from scorekeeper.games.models import Game, HandRecord
from scorekeeper.web import keys
from tests.support.api import BO_MAKES_6, CY_SET_ON_5, assert_error, auth, post_hands, ten, url
from tests.support.snapshots import snapshot, stable
from tests.support.tables import CARD_POINTS, FOUR
from tests.support.tables import FOUR as PLAYERS

FIVE_POINT_WIN = {"high": 1, "low": 1, "jack": 1, "game": 1}


TEAM0_MOON = ten(0, "moon")


def count_rows(app, model) -> int:
    """How many rows a table holds."""
    with app.app_context():
        return db.session.scalar(sa.select(sa.func.count()).select_from(model))


def send(client, method: str, path: str, body, headers: dict | None = None):
    """Send any JSON value as the body, `null` included."""
    return getattr(client, method)(path, data=json.dumps(body), content_type="application/json", headers=headers or {})


# --- POST /api/games ---------------------------------------------------------------------------


def test_create_game_answers_201_with_edit_key_and_share_url(client):
    """A new game: 201, the scored game, an edit key, its share link and its address."""
    response = client.post("/api/games", json={"variant": "ten-point", "players": PLAYERS})
    assert response.status_code == 201
    game = response.get_json()
    assert game["edit_key"] and game["id"] != game["edit_key"]
    assert game["share_url"] == f"http://scorekeeper.test/share/{game['id']}"
    assert response.headers["Location"].endswith(f"/api/games/{game['id']}")
    assert game["variant"] == "ten-point" and game["players"] == PLAYERS
    assert game["teams"] == [{"name": "Ann/Cy", "players": [0, 2]}, {"name": "Bo/Di", "players": [1, 3]}]
    assert game["rules"]["target"] == 31 and game["rules"]["end"] == "bid_only"
    assert (game["hands"], game["scores"], game["status"], game["winner"], game["next_dealer"]) == (
        [], [0, 0], "playing", None, 0,
    )


def test_create_game_with_team_names_house_rules_and_trimmed_names(client):
    """Team names and house rules are kept; names are trimmed."""
    body = {"variant": "ten-point", "players": [" Ann ", "Bo", "Cy", "Di"], "team_names": ["Us", " Them "],
            "rules": {"target": 21, "moon": False}}
    game = client.post("/api/games", json=body).get_json()
    assert game["players"][0] == "Ann"
    assert [team["name"] for team in game["teams"]] == ["Us", "Them"]
    assert game["rules"]["target"] == 21 and game["rules"]["moon"] is None


@pytest.mark.parametrize("variant", ["ten-point", "ten-point-six", "tournament", "five-point", "cutthroat"])
def test_every_preset_can_be_created(make_game, variant):
    """Each preset of rules.md is a variant of the API."""
    game, _ = make_game(variant)
    assert game["variant"] == variant and game["status"] == "playing"


def test_created_at_is_utc_with_an_offset(make_game):
    """Times carry their offset on every database (SQLite keeps none of its own)."""
    game, _ = make_game()
    created = datetime.fromisoformat(game["created_at"])
    assert created.utcoffset() == timedelta(0)
    assert abs(datetime.now(created.tzinfo) - created) < timedelta(minutes=5)
    assert game["time_called_at"] is None


BAD_GAMES = [
    ({"players": FOUR}, "variant"),
    ({"variant": "twelve-point", "players": FOUR}, "variant"),
    ({"variant": 5, "players": FOUR}, "variant"),
    ({"variant": ["ten-point"], "players": FOUR}, "variant"),
    ({"variant": {"ten-point": 1}, "players": FOUR}, "variant"),
    ({"variant": None, "players": FOUR}, "variant"),
    ({"variant": "ten-point"}, "players"),
    ({"variant": "ten-point", "players": "Ann, Bo, Cy, Di"}, "players"),
    ({"variant": "ten-point", "players": ["Ann", "Bo", "Cy"]}, "players"),
    ({"variant": "ten-point", "players": FOUR + ["Ed"]}, "players"),
    ({"variant": "cutthroat", "players": FOUR + ["Ed", "Flo", "Gus", "Hal"]}, "players"),
    ({"variant": "ten-point", "players": ["Ann", "Bo", "Cy", ""]}, "players"),
    ({"variant": "ten-point", "players": ["Ann", "Bo", "Cy", "   "]}, "players"),
    ({"variant": "ten-point", "players": ["Ann", "Bo", "Cy", "D" * 41]}, "players"),
    ({"variant": "ten-point", "players": ["Ann", "Bo", "Cy", 4]}, "players"),
    ({"variant": "ten-point", "players": ["Ann", "Bo", "Cy", None]}, "players"),
    ({"variant": "ten-point", "players": ["Ann", "Bo", "Cy", "ann"]}, "players"),
    ({"variant": "ten-point", "players": ["Ann", "Bo", " Ann ", "Di"]}, "players"),
    ({"variant": "ten-point", "players": FOUR, "team_names": ["Us"]}, "team_names"),
    ({"variant": "ten-point", "players": FOUR, "team_names": "Us and Them"}, "team_names"),
    ({"variant": "ten-point", "players": FOUR, "team_names": ["Us", ""]}, "team_names"),
    ({"variant": "ten-point", "players": FOUR, "team_names": ["Us", 2]}, "team_names"),
    ({"variant": "cutthroat", "players": ["Ann", "Bo", "Cy"], "team_names": ["A", "B"]}, "team_names"),
    ({"variant": "ten-point", "players": FOUR, "rules": []}, "rules"),
    ({"variant": "ten-point", "players": FOUR, "rules": "target 21"}, "rules"),
    ({"variant": "ten-point", "players": FOUR, "rules": 21}, "rules"),
    ({"variant": "ten-point", "players": FOUR, "rules": {"target": 0}}, "rules.target"),
    ({"variant": "ten-point", "players": FOUR, "rules": {"target": "31"}}, "rules.target"),
    ({"variant": "ten-point", "players": FOUR, "rules": {"target": 31.0}}, "rules.target"),
    ({"variant": "ten-point", "players": FOUR, "rules": {"target": True}}, "rules.target"),
    ({"variant": "ten-point", "players": FOUR, "rules": {"target": 10**40}}, "rules.target"),
    ({"variant": "ten-point", "players": FOUR, "rules": {"max_bid": 2}}, "rules.max_bid"),
    ({"variant": "ten-point", "players": FOUR, "rules": {"max_bid": 11}}, "rules.max_bid"),
    ({"variant": "ten-point", "players": FOUR, "rules": {"min_bid": 9, "max_bid": 8}}, "rules.max_bid"),
    ({"variant": "ten-point", "players": FOUR, "rules": {"end": "never"}}, "rules.end"),
    ({"variant": "ten-point", "players": FOUR, "rules": {"moon": 5}}, "rules.moon"),
    ({"variant": "ten-point", "players": FOUR, "rules": {"moon": {"success": "party"}}}, "rules.moon"),
    # A moon in a dealt game (five-point) is allowed (rules.md); one that loses the game needs two teams.
    ({"variant": "cutthroat", "players": ["Ann", "Bo", "Cy"], "rules": {"moon": True}}, "rules.moon"),
    ({"variant": "ten-point", "players": FOUR, "rules": {"players": 6}}, "rules.players"),
    ({"variant": "ten-point", "players": FOUR, "rules": {"scheme": "categories"}}, "rules.scheme"),
    ({"variant": "ten-point", "players": FOUR, "rules": {"time_limit_minutes": 0}}, "rules.time_limit_minutes"),
    ({"variant": "ten-point", "players": FOUR, "rules": {"dealer_may_match": "yes"}}, "rules.dealer_may_match"),
    ({"variant": "ten-point", "players": FOUR, "rules": {"jokers": 2}}, "rules.jokers"),
    ({"variant": "ten-point", "players": FOUR, "hands": {"1": {"misdeal": True}}}, "hands"),
    ({"variant": "ten-point", "players": FOUR, "hands": [{"misdeal": True, "bid": 5}]}, "misdeal"),
    ({"variant": "ten-point", "players": FOUR, "hands": [{**BO_MAKES_6, "bid": 2}]}, "bid"),
    ({"variant": "ten-point", "players": FOUR, "hands": [{**BO_MAKES_6, "id": "not an id"}]}, "id"),
    ({"variant": "ten-point", "players": FOUR, "hands": [{**BO_MAKES_6, "id": 7}]}, "id"),
    ({"variant": "ten-point", "players": FOUR, "hands": [{**BO_MAKES_6, "id": "h1"}, {**CY_SET_ON_5, "id": "h1"}]},
     "hands"),
    ({"variant": "ten-point", "players": FOUR, "hands": [TEAM0_MOON, BO_MAKES_6]}, None),
    ({"variant": "ten-point", "players": FOUR, "hands": [BO_MAKES_6, 7]}, None),
    ({"variant": "ten-point", "players": FOUR, "hands": [None]}, None),
    ({"variant": "ten-point", "players": FOUR, "hands": [["misdeal"]]}, None),
    ({"variant": "ten-point", "players": FOUR, "id": "short", "edit_key": "k" * 22}, "id"),
    ({"variant": "ten-point", "players": FOUR, "id": "a" * 65, "edit_key": "k" * 22}, "id"),
    ({"variant": "ten-point", "players": FOUR, "id": "a b" * 10, "edit_key": "k" * 22}, "id"),
    ({"variant": "ten-point", "players": FOUR, "id": "a" * 22 + "\n", "edit_key": "k" * 22}, "id"),
    ({"variant": "ten-point", "players": FOUR, "id": "a/" * 11, "edit_key": "k" * 22}, "id"),
    ({"variant": "ten-point", "players": FOUR, "id": 10**30, "edit_key": "k" * 22}, "id"),
    ({"variant": "ten-point", "players": FOUR, "id": "a" * 22, "edit_key": "k" * 21}, "edit_key"),
    ({"variant": "ten-point", "players": FOUR, "id": "a" * 22, "edit_key": ["k" * 22]}, "edit_key"),
    ({"variant": "ten-point", "players": FOUR, "id": "a" * 22}, "edit_key"),
    ({"variant": "ten-point", "players": FOUR, "edit_key": "k" * 22}, "id"),
]


@pytest.mark.parametrize(("body", "field"), BAD_GAMES)
def test_create_game_refuses_a_bad_body_with_422_and_its_field(app, client, body, field):
    """Each broken rule of a new game is a 422 naming its field, and no game is stored."""
    assert_error(client.post("/api/games", json=body), 422, field)
    assert count_rows(app, Game) == 0 and count_rows(app, HandRecord) == 0


@pytest.mark.parametrize("body", [[], "ten-point", 5, None, True])
def test_create_game_refuses_a_body_that_is_not_an_object(client, body):
    """The body must be a JSON object."""
    assert_error(send(client, "post", "/api/games", body), 422)


def test_a_game_holds_a_bounded_number_of_hands(client, monkeypatch):
    """An import with more hands than a game can hold is refused whole."""
    monkeypatch.setattr(games, "MAX_HANDS", 3)
    body = {"variant": "ten-point", "players": PLAYERS, "hands": [{"misdeal": True}] * 4}
    assert_error(client.post("/api/games", json=body), 422, "hands")
    body["hands"] = body["hands"][:3]
    assert client.post("/api/games", json=body).status_code == 201


def client_game(**extra) -> dict:
    """A game made on a phone: it carries its own id and edit key."""
    return {"variant": "ten-point", "players": PLAYERS, "id": "Phone-made_game-id-0123456789",
            "edit_key": "phone-made-edit-key_ABCDEFGHIJ", **extra}


def test_client_made_game_is_created_once_and_sent_again_answers_200(app, client):
    """The same body again (an outbox replay) answers 200 with the same game."""
    first = client.post("/api/games", json=client_game())
    assert first.status_code == 201
    assert first.get_json()["id"] == client_game()["id"]
    assert first.get_json()["edit_key"] == client_game()["edit_key"]
    again = client.post("/api/games", json=client_game())
    assert again.status_code == 200
    assert stable(again.get_json()) == stable(first.get_json())
    assert count_rows(app, Game) == 1


def test_client_made_game_replayed_after_hands_answers_200_and_keeps_them(client):
    """A late replay of the create does not wipe the hands recorded since."""
    game = client.post("/api/games", json=client_game()).get_json()
    post_hands(client, game, auth(game["edit_key"]), BO_MAKES_6)
    again = client.post("/api/games", json=client_game())
    assert again.status_code == 200 and len(again.get_json()["hands"]) == 1


@pytest.mark.parametrize("change", [
    {"players": ["Ann", "Bo", "Cy", "Dee"]},
    {"edit_key": "another-phone-edit-key-XYZ"},
    {"team_names": ["Us", "Them"]},
    {"rules": {"target": 21}},
    {"variant": "tournament"},
])
def test_client_made_id_taken_by_another_game_is_409(app, client, change):
    """The same id with another game behind it conflicts; the first game is untouched."""
    first = client.post("/api/games", json=client_game()).get_json()
    assert_error(client.post("/api/games", json=client_game(**change)), 409, "id")
    assert count_rows(app, Game) == 1
    assert snapshot(client, first)["players"] == PLAYERS


def test_client_made_id_is_not_confused_by_a_same_rules_variant(client):
    """Two variants made equal by house rules are still two different games."""
    tournament = {"min_bid": 3, "forced_bid": 3, "end": "bid_only", "time_limit_minutes": None,
                  "moon": {"failure": "lose", "penalty": 10, "not_in_hole": False}}
    first = client.post("/api/games", json=client_game(variant="tournament", rules=tournament))
    assert first.status_code == 201
    assert first.get_json()["rules"] == client.post("/api/games", json={
        "variant": "ten-point", "players": PLAYERS}).get_json()["rules"]
    assert_error(client.post("/api/games", json=client_game()), 409, "id")


@pytest.mark.parametrize(("change", "status"), [({}, 200), ({"players": ["Ann", "Bo", "Cy", "Dee"]}, 409)])
def test_client_made_game_sent_twice_at_the_same_moment(app, client, monkeypatch, change, status):
    """Two creates racing: the loser's insert hits the taken id, and it answers as a replay would."""
    first = client.post("/api/games", json=client_game()).get_json()
    real_get = db.session.get
    calls = []

    def get_missing_once(model, ident, **kwargs):  # the other request has not committed when this one looks
        calls.append(ident)
        return None if len(calls) == 1 else real_get(model, ident, **kwargs)

    monkeypatch.setattr(db.session, "get", get_missing_once)
    response = client.post("/api/games", json=client_game(**change))
    assert response.status_code == status and len(calls) == 2
    if status == 200:
        assert stable(response.get_json()) == stable(first)
    assert count_rows(app, Game) == 1


def test_a_write_answers_with_the_game_as_it_wrote_it(app, make_game):
    """Another worker's hand, committed just after ours, does not leak into (and break) our answer."""
    game, _ = make_game()
    with app.test_request_context():
        result = writes.add_hand(game["id"], game["edit_key"], BO_MAKES_6)
        with app.app_context():  # a second session: another worker
            writes.add_hand(game["id"], game["edit_key"], CY_SET_ON_5)
        body = game_json(result.game, result.state)
    assert len(body["hands"]) == 1 and body["scores"] == [4, 6]


def test_import_with_hands_scores_them_and_keeps_their_ids(client):
    """An exported game comes back whole: its hands, their ids, the same scores."""
    body = {"variant": "ten-point", "players": PLAYERS,
            "hands": [{**BO_MAKES_6, "id": "h-1"}, {"misdeal": True}, {**CY_SET_ON_5, "id": "h-3"}]}
    response = client.post("/api/games", json=body)
    assert response.status_code == 201
    game = response.get_json()
    assert [hand["number"] for hand in game["hands"]] == [1, 2, 3]
    assert game["hands"][0]["id"] == "h-1" and game["hands"][2]["id"] == "h-3"
    assert game["hands"][1]["misdeal"] is True and game["hands"][1]["dealer"] == game["hands"][2]["dealer"]
    assert game["scores"] == [-1, 12]
    exported = {"variant": "ten-point", "players": PLAYERS, "hands": game["hands"]}
    assert client.post("/api/games", json=exported).get_json()["hands"] == game["hands"]


def test_import_with_a_hand_after_the_end_is_refused_whole(app, client):
    """Hands past the winning one make the body wrong (422); nothing is stored."""
    body = {"variant": "ten-point", "players": PLAYERS, "hands": [BO_MAKES_6, TEAM0_MOON, CY_SET_ON_5]}
    assert "Hand 3" in assert_error(client.post("/api/games", json=body), 422)["error"]
    assert count_rows(app, Game) == 0 and count_rows(app, HandRecord) == 0


# --- GET /api/games/<id> -----------------------------------------------------------------------


def test_get_game_answers_the_scored_game_without_its_key(client, make_game):
    """Reads need no key and never show it."""
    game, headers = make_game()
    post_hands(client, game, headers, BO_MAKES_6)
    response = client.get(url(game))
    assert response.status_code == 200
    body = response.get_json()
    assert "edit_key" not in body and game["edit_key"] not in response.get_data(as_text=True)
    assert body["scores"] == [4, 6] and body["share_url"] == game["share_url"]


@pytest.mark.parametrize("game_id", [
    "UnknownGameId_0123456789", "short", "x" * 65, "x" * 500, "%00abcdefghijklmnopqrstuvwxyz", "%C3%A9" * 22,
    "a%0A" + "b" * 22,
])
def test_get_unknown_game_is_404(client, game_id):
    """An unknown or malformed id is a 404 (never a database error)."""
    assert_error(client.get(f"/api/games/{game_id}"), 404)
    assert client.get(f"/share/{game_id}").status_code == 404


# --- POST /api/games/<id>/hands ----------------------------------------------------------------


def test_post_hand_answers_201_and_scores_worked_example_1(client, make_game):
    """rules.md worked example 1: 4-6 after Bo makes 6, then -1-12 after Cy is set on 5."""
    game, headers = make_game()
    response = client.post(url(game, "/hands"), json=BO_MAKES_6, headers=headers)
    assert response.status_code == 201
    first = response.get_json()["hands"][0]
    assert (first["number"], first["dealer"], first["points"], first["made"], first["scores"]) == (
        1, 0, [4, 6], True, [4, 6],
    )
    body = post_hands(client, game, headers, CY_SET_ON_5)
    assert body["hands"][1]["made"] is False and body["hands"][1]["delta"] == [-5, 6]
    assert body["scores"] == [-1, 12] and body["next_dealer"] == 2 and body["next_number"] == 3


def test_hand_sent_again_with_its_id_answers_200_and_adds_nothing(client, make_game):
    """An outbox replay of a recorded hand (even with a changed body) adds nothing."""
    game, headers = make_game()
    hand = {**BO_MAKES_6, "id": "6f1c2d4e-8a0b-4c1d-9e2f-3a4b5c6d7e8f"}
    assert client.post(url(game, "/hands"), json=hand, headers=headers).status_code == 201
    before = snapshot(client, game)
    for body in (hand, {**hand, "number": 1}, {**CY_SET_ON_5, "id": hand["id"]}):
        again = client.post(url(game, "/hands"), json=body, headers=headers)
        assert again.status_code == 200
        assert stable(again.get_json()) == before
    assert snapshot(client, game) == before


def test_hand_number_precondition(client, make_game):
    """`number` must be the game's next hand number, or 409 and nothing is recorded."""
    game, headers = make_game()
    assert client.post(url(game, "/hands"), json={**BO_MAKES_6, "number": 1}, headers=headers).status_code == 201
    for number in (1, 3, 10**30):
        assert_error(client.post(url(game, "/hands"), json={**CY_SET_ON_5, "number": number}, headers=headers),
                     409, "number")
    assert len(snapshot(client, game)["hands"]) == 1
    assert client.post(url(game, "/hands"), json={**CY_SET_ON_5, "number": 2}, headers=headers).status_code == 201


@pytest.mark.parametrize("headers", [
    {},
    {"Authorization": ""},
    {"Authorization": "Bearer"},
    {"Authorization": "Bearer    "},
    {"Authorization": "Basic QW5uOnNlY3JldA=="},
])
def test_write_without_a_key_is_401_and_changes_nothing(client, make_game, headers):
    """No edit key: 401 (with WWW-Authenticate) on every write, nothing changes."""
    game, good = make_game("tournament")
    post_hands(client, game, good, BO_MAKES_6)
    before = snapshot(client, game)
    for response in write_everything(client, game, headers):
        assert_error(response, 401)
        assert response.headers["WWW-Authenticate"].startswith("Bearer")
    assert snapshot(client, game) == before


@pytest.mark.parametrize("key", ["wrong", "x" * 22, "Bearer", "a" * 2000])
def test_write_with_a_wrong_key_is_403_and_changes_nothing(client, make_game, key):
    """A wrong edit key (even another game's): 403, nothing changes."""
    game, good = make_game("tournament")
    other, _ = make_game("tournament")
    post_hands(client, game, good, BO_MAKES_6)
    before = snapshot(client, game)
    for headers in (auth(key), auth(other["edit_key"]), {"Authorization": f"Bearer {game['id']}"}):
        for response in write_everything(client, game, headers):
            assert_error(response, 403)
    assert snapshot(client, game) == before


def write_everything(client, game: dict, headers: dict) -> list:
    """One of each write to a game."""
    return [
        client.post(url(game, "/hands"), json=CY_SET_ON_5, headers=headers),
        client.put(url(game, "/hands/1"), json=CY_SET_ON_5, headers=headers),
        client.delete(url(game, "/hands/1"), headers=headers),
        client.post(url(game, "/time"), headers=headers),
    ]


def test_bearer_scheme_is_case_insensitive(client, make_game):
    """`bearer` is the same scheme as `Bearer`."""
    game, _ = make_game()
    headers = {"Authorization": f"bearer {game['edit_key']}"}
    assert client.post(url(game, "/hands"), json=BO_MAKES_6, headers=headers).status_code == 201


def five(bidder: int, bid, captured: dict, **extra) -> dict:
    """A five-point (High-Low-Jack-Game) hand."""
    return {"bidder": bidder, "bid": bid, "captured": captured, **extra}


BAD_HANDS = [
    ("ten-point", {k: v for k, v in BO_MAKES_6.items() if k != "bidder"}, "bidder"),
    ("ten-point", {**BO_MAKES_6, "bidder": -1}, "bidder"),
    ("ten-point", {**BO_MAKES_6, "bidder": 4}, "bidder"),
    ("ten-point", {**BO_MAKES_6, "bidder": "1"}, "bidder"),
    ("ten-point", {**BO_MAKES_6, "bidder": True}, "bidder"),
    ("ten-point", {**BO_MAKES_6, "bidder": 1.0}, "bidder"),
    ("ten-point", {**BO_MAKES_6, "bidder": 10**40}, "bidder"),
    ("ten-point", {k: v for k, v in BO_MAKES_6.items() if k != "bid"}, "bid"),
    ("ten-point", {**BO_MAKES_6, "bid": 2}, "bid"),
    ("ten-point", {**BO_MAKES_6, "bid": 11}, "bid"),
    ("ten-point", {**BO_MAKES_6, "bid": "6"}, "bid"),
    ("ten-point", {**BO_MAKES_6, "bid": 6.5}, "bid"),
    ("ten-point", {**BO_MAKES_6, "bid": "MOON"}, "bid"),
    ("ten-point", {**BO_MAKES_6, "bid": None}, "bid"),
    ("tournament", {**BO_MAKES_6, "bid": 4}, "bid"),
    ("five-point", five(1, "moon", FIVE_POINT_WIN), "bid"),
    ("ten-point", {**BO_MAKES_6, "trump": "stars"}, "trump"),
    ("ten-point", {**BO_MAKES_6, "trump": ["hearts"]}, "trump"),
    ("ten-point", {k: v for k, v in BO_MAKES_6.items() if k != "captured"}, "captured"),
    ("ten-point", {**BO_MAKES_6, "captured": [0, 1]}, "captured"),
    ("ten-point", {**BO_MAKES_6, "captured": {**BO_MAKES_6["captured"], "ace": 2}}, "captured.ace"),
    ("ten-point", {**BO_MAKES_6, "captured": {**BO_MAKES_6["captured"], "ace": None}}, "captured.ace"),
    ("ten-point", {**BO_MAKES_6, "captured": {**BO_MAKES_6["captured"], "ace": "1"}}, "captured.ace"),
    ("ten-point", {**BO_MAKES_6, "captured": {**BO_MAKES_6["captured"], "queen": 1}}, "captured.queen"),
    ("ten-point", {**BO_MAKES_6, "captured": {k: 0 for k in CARD_POINTS if k != "two"}}, "captured.two"),
    ("five-point", five(1, 3, {"high": 1, "low": None, "jack": 1, "game": 0}), "captured.low"),
    ("five-point", five(1, 3, {"high": 1, "low": 0, "jack": 1}), "captured.game"),
    ("five-point", five(1, 5, FIVE_POINT_WIN), "all_tricks"),
    ("five-point", five(1, 5, FIVE_POINT_WIN, all_tricks=2), "all_tricks"),
    ("five-point", five(1, 5, FIVE_POINT_WIN, all_tricks=0), "all_tricks"),
    ("ten-point", {**BO_MAKES_6, "all_tricks": 1}, "all_tricks"),
    ("ten-point", {"misdeal": "yes"}, "misdeal"),
    ("ten-point", {"misdeal": True, "bidder": 1}, "misdeal"),
    ("ten-point", {**BO_MAKES_6, "dealer_name": "Ann"}, "dealer_name"),
    ("ten-point", {**BO_MAKES_6, "id": ""}, "id"),
    ("ten-point", {**BO_MAKES_6, "id": "x" * 65}, "id"),
    ("ten-point", {**BO_MAKES_6, "id": "with space"}, "id"),
    ("ten-point", {**BO_MAKES_6, "id": "trailing-newline\n"}, "id"),
    ("ten-point", {**BO_MAKES_6, "id": 12}, "id"),
    ("ten-point", {**BO_MAKES_6, "id": {"uuid": "x"}}, "id"),
    ("ten-point", {**BO_MAKES_6, "id": ["x"]}, "id"),
    ("ten-point", {**BO_MAKES_6, "number": 0}, "number"),
    ("ten-point", {**BO_MAKES_6, "number": "1"}, "number"),
    ("ten-point", {**BO_MAKES_6, "number": True}, "number"),
    ("ten-point", {**BO_MAKES_6, "number": 1.0}, "number"),
    ("ten-point", [BO_MAKES_6], None),
    ("ten-point", "bid 6", None),
    ("ten-point", None, None),
]


@pytest.mark.parametrize(("variant", "hand", "field"), BAD_HANDS)
def test_bad_hand_is_422_with_its_field_and_not_recorded(app, client, make_game, variant, hand, field):
    """Each broken rule of a hand is a 422 naming its field; the game is unchanged."""
    game, headers = make_game(variant)
    before = snapshot(client, game)
    assert_error(send(client, "post", url(game, "/hands"), hand, headers), 422, field)
    assert snapshot(client, game) == before
    assert count_rows(app, HandRecord) == 0


def test_a_hand_for_a_finished_game_is_409(client, make_game):
    """A successful moon ends a ten-point game; no hand can follow it."""
    game, headers = make_game()
    body = post_hands(client, game, headers, TEAM0_MOON)
    assert (body["status"], body["winner"], body["result"]["how"]) == ("finished", 0, "moon")
    assert_error(client.post(url(game, "/hands"), json=BO_MAKES_6, headers=headers), 409)
    assert_error(client.post(url(game, "/hands"), json={"misdeal": True}, headers=headers), 409)
    assert len(snapshot(client, game)["hands"]) == 1


def test_a_misdeal_changes_no_score_and_the_same_dealer_deals_again(client, make_game):
    """rules.md: a misdeal scores nothing and the dealer deals again."""
    game, headers = make_game()
    body = post_hands(client, game, headers, {"misdeal": True})
    hand = body["hands"][0]
    assert hand["misdeal"] is True and hand["delta"] == [0, 0] and "made" not in hand
    assert body["next_dealer"] == 0 and body["next_number"] == 2


def test_a_game_full_of_hands_takes_no_more(client, make_game, monkeypatch):
    """Past the most hands a game holds, a new hand is a 409."""
    monkeypatch.setattr(games, "MAX_HANDS", 2)
    game, headers = make_game()
    post_hands(client, game, headers, {"misdeal": True}, {"misdeal": True})
    assert_error(client.post(url(game, "/hands"), json={"misdeal": True}, headers=headers), 409)


@pytest.mark.parametrize("method", ["post", "put", "delete"])
def test_writes_to_an_unknown_game_are_404(client, make_game, method):
    """Writing to a game that does not exist is a 404, whatever the key."""
    game, headers = make_game()
    path = "/api/games/NoSuchGame_0123456789abc/hands" + ("" if method == "post" else "/1")
    assert_error(getattr(client, method)(path, json=BO_MAKES_6, headers=headers), 404)
    assert_error(client.post("/api/games/%00/time", headers=headers), 404)


# --- PUT /api/games/<id>/hands/<number> ---------------------------------------------------------


def test_put_replaces_a_hand_and_rescores_the_rest(client, make_game):
    """Fixing hand 1 re-scores hand 2 and the totals; the hand keeps its id."""
    game, headers = make_game()
    post_hands(client, game, headers, {**BO_MAKES_6, "id": "first"}, CY_SET_ON_5)
    fixed = ten(1, 6, ("ace", "jack", "ten", "three", "two"))  # Bo/Di took the two as well: 3-7
    response = client.put(url(game, "/hands/1"), json=fixed, headers=headers)
    assert response.status_code == 200
    body = response.get_json()
    assert body["hands"][0]["id"] == "first" and body["hands"][0]["scores"] == [3, 7]
    assert body["hands"][1]["scores"] == [-2, 13] and body["scores"] == [-2, 13]
    assert snapshot(client, game) == stable(body)


@pytest.mark.parametrize("number", [0, 3, 99, 10**30])
def test_put_unknown_hand_is_404(client, make_game, number):
    """Only recorded hands can be replaced."""
    game, headers = make_game()
    post_hands(client, game, headers, BO_MAKES_6, CY_SET_ON_5)
    assert_error(client.put(url(game, f"/hands/{number}"), json=BO_MAKES_6, headers=headers), 404)


@pytest.mark.parametrize(("hand", "field"), [
    ({**BO_MAKES_6, "bid": 12}, "bid"), ({**BO_MAKES_6, "bidder": None}, "bidder"), ([], None),
    ({**BO_MAKES_6, "captured": {}}, "captured.ace"), (None, None),
])
def test_put_bad_hand_is_422_and_changes_nothing(client, make_game, hand, field):
    """A replacement that breaks a rule is refused; the game stays as it was."""
    game, headers = make_game()
    post_hands(client, game, headers, BO_MAKES_6)
    before = snapshot(client, game)
    assert_error(send(client, "put", url(game, "/hands/1"), hand, headers), 422, field)
    assert snapshot(client, game) == before


def target_7_game(client, make_game) -> tuple[dict, dict]:
    """Target 7: Bo/Di are set on 3, make 3 with 7 points, then win on their third bid."""
    game, headers = make_game(rules={"target": 7})
    post_hands(
        client, game, headers,
        ten(1, 3, ("ace", "jack")),                            # set: -3 to 8
        ten(1, 3, ("ace", "jack", "ten", "three", "two")),     # made 7: 4 to 11
        ten(1, 3, ("three",)),                                 # made 3: 7, Bo/Di win on their bid
    )
    body = snapshot(client, game)
    assert (body["status"], body["winner"], body["scores"]) == ("finished", 1, [18, 7])
    return game, headers


def test_put_that_would_end_the_game_before_its_last_hand_is_409(client, make_game):
    """If Bo/Di had made hand 1, they would have won on hand 2, and hand 3 could not be."""
    game, headers = target_7_game(client, make_game)
    before = snapshot(client, game)
    assert_error(client.put(url(game, "/hands/1"), json=ten(1, 3, ("three",)), headers=headers), 409)
    assert snapshot(client, game) == before


def test_put_on_the_last_hand_of_a_finished_game_is_allowed(client, make_game):
    """The winning hand can still be corrected, and the game plays on if it no longer wins."""
    game, headers = target_7_game(client, make_game)
    response = client.put(url(game, "/hands/3"), json=ten(1, 3, ("two",)), headers=headers)
    assert response.status_code == 200
    assert (response.get_json()["status"], response.get_json()["scores"]) == ("playing", [20, 1])


# --- DELETE /api/games/<id>/hands/<number> -----------------------------------------------------


def test_delete_last_hand_is_undo(client, make_game):
    """Removing the last hand gives back the game as it was before it."""
    game, headers = make_game()
    after_one = post_hands(client, game, headers, BO_MAKES_6)
    post_hands(client, game, headers, CY_SET_ON_5)
    response = client.delete(url(game, "/hands/2"), headers=headers)
    assert response.status_code == 200
    assert stable(response.get_json()) == stable(after_one) == snapshot(client, game)


def test_undo_reopens_a_finished_game(client, make_game):
    """Undoing the winning hand puts the game back in play."""
    game, headers = make_game()
    post_hands(client, game, headers, TEAM0_MOON)
    body = client.delete(url(game, "/hands/1"), headers=headers).get_json()
    assert (body["status"], body["hands"], body["scores"]) == ("playing", [], [0, 0])


def test_delete_a_middle_hand_renumbers_and_rescores(client, make_game):
    """Later hands move up one, and dealers and scores are derived again."""
    game, headers = make_game()
    post_hands(client, game, headers, {**BO_MAKES_6, "id": "a"}, {"misdeal": True, "id": "b"},
               {**CY_SET_ON_5, "id": "c"}, {**BO_MAKES_6, "id": "d"})
    body = client.delete(url(game, "/hands/2"), headers=headers).get_json()
    assert [(hand["id"], hand["number"], hand["dealer"]) for hand in body["hands"]] == [
        ("a", 1, 0), ("c", 2, 1), ("d", 3, 2),
    ]
    assert body["scores"] == [3, 18] and body["next_dealer"] == 3
    body = client.delete(url(game, "/hands/1"), headers=headers).get_json()
    assert [(hand["id"], hand["number"]) for hand in body["hands"]] == [("c", 1), ("d", 2)]
    assert post_hands(client, game, headers, {"misdeal": True})["hands"][-1]["number"] == 3


def test_delete_with_the_hand_id_is_idempotent(client, make_game):
    """`?id=` makes a replayed undo remove nothing more."""
    game, headers = make_game()
    post_hands(client, game, headers, {**BO_MAKES_6, "id": "a"}, {**CY_SET_ON_5, "id": "b"},
               {**BO_MAKES_6, "id": "c"})
    first = client.delete(url(game, "/hands/2?id=b"), headers=headers)
    assert first.status_code == 200 and [hand["id"] for hand in first.get_json()["hands"]] == ["a", "c"]
    again = client.delete(url(game, "/hands/2?id=b"), headers=headers)
    assert again.status_code == 200 and stable(again.get_json()) == stable(first.get_json())
    assert_error(client.delete(url(game, "/hands/1?id=c"), headers=headers), 409)
    assert_error(client.delete(url(game, "/hands/1?id="), headers=headers), 422, "id")
    assert_error(client.delete(url(game, "/hands/1?id=a%20b"), headers=headers), 422, "id")
    assert snapshot(client, game) == stable(first.get_json())


@pytest.mark.parametrize("number", [0, 2, 10**30])
def test_delete_unknown_hand_is_404(client, make_game, number):
    """Only recorded hands can be removed."""
    game, headers = make_game()
    post_hands(client, game, headers, BO_MAKES_6)
    assert_error(client.delete(url(game, f"/hands/{number}"), headers=headers), 404)
    assert len(snapshot(client, game)["hands"]) == 1


def test_delete_that_would_end_the_game_before_its_last_hand_is_409(client, make_game):
    """Without hand 1, Bo/Di would have won on hand 2, so hand 3 could not be."""
    game, headers = target_7_game(client, make_game)
    before = snapshot(client, game)
    assert_error(client.delete(url(game, "/hands/1"), headers=headers), 409)
    assert snapshot(client, game) == before


# --- POST /api/games/<id>/time -----------------------------------------------------------------


def test_time_on_a_game_without_a_clock_is_409(client, make_game):
    """Only games with a time limit can have time called."""
    game, headers = make_game()
    assert_error(client.post(url(game, "/time"), headers=headers), 409)
    assert snapshot(client, game)["time_called_at"] is None


def test_time_called_with_a_team_ahead_ends_the_game(client, make_game):
    """Tournament: time is called; the team ahead wins; a second call changes nothing."""
    game, headers = make_game("tournament")
    post_hands(client, game, headers, BO_MAKES_6)
    response = client.post(url(game, "/time"), headers=headers)
    assert response.status_code == 200
    body = response.get_json()
    assert (body["status"], body["winner"], body["result"]["how"]) == ("finished", 1, "time")
    assert body["time_called"] == {"after_hand": 1, "finish_hand": False}
    assert datetime.fromisoformat(body["time_called_at"]).utcoffset() == timedelta(0)
    again = client.post(url(game, "/time"), json={"after_hand": 0}, headers=headers)
    assert again.status_code == 200 and stable(again.get_json()) == stable(body) == snapshot(client, game)


def test_time_with_level_scores_plays_on_until_one_team_is_ahead(client, make_game):
    """Level scores when time is called: play goes on until a hand leaves one team ahead."""
    game, headers = make_game("tournament")
    body = client.post(url(game, "/time"), json={}, headers=headers).get_json()
    assert body["status"] == "playing" and body["time_called"]["after_hand"] == 0
    body = post_hands(client, game, headers, {"misdeal": True}, BO_MAKES_6)
    assert (body["status"], body["winner"]) == ("finished", 1)


def test_time_with_finish_hand_decides_after_the_hand_in_play(client, make_game):
    """finish_hand: the hand being dealt is finished, then the team ahead wins."""
    game, headers = make_game("tournament")
    post_hands(client, game, headers, BO_MAKES_6)
    body = client.post(url(game, "/time"), json={"finish_hand": True}, headers=headers).get_json()
    assert body["status"] == "playing" and body["time_called"] == {"after_hand": 1, "finish_hand": True}
    body = post_hands(client, game, headers, CY_SET_ON_5)
    assert (body["status"], body["winner"], body["scores"]) == ("finished", 1, [-1, 12])


def test_time_called_after_an_earlier_hand(client, make_game):
    """after_hand names when time was called; later hands that it would forbid are a conflict."""
    game, headers = make_game("tournament")
    post_hands(client, game, headers, BO_MAKES_6, CY_SET_ON_5)
    before = snapshot(client, game)
    assert_error(client.post(url(game, "/time"), json={"after_hand": 1}, headers=headers), 409)
    assert snapshot(client, game) == before
    body = client.post(url(game, "/time"), json={"after_hand": 1, "finish_hand": True}, headers=headers)
    assert body.status_code == 200
    assert (body.get_json()["status"], body.get_json()["result"]["hand"]) == ("finished", 2)


@pytest.mark.parametrize(("body", "field"), [
    ({"after_hand": -1}, "after_hand"), ({"after_hand": 2}, "after_hand"), ({"after_hand": "1"}, "after_hand"),
    ({"after_hand": True}, "after_hand"), ({"after_hand": 10**30}, "after_hand"),
    ({"finish_hand": "yes"}, "finish_hand"), ({"finish_hand": 1}, "finish_hand"), ([], None), ("now", None), (3, None),
])
def test_time_with_a_bad_body_is_422(client, make_game, body, field):
    """The time call's fields are checked; nothing is called."""
    game, headers = make_game("tournament")
    post_hands(client, game, headers, BO_MAKES_6)
    assert_error(send(client, "post", url(game, "/time"), body, headers), 422, field)
    assert snapshot(client, game)["time_called"] is None


def test_time_on_a_finished_game_is_409(client, make_game):
    """A game already won cannot have time called."""
    game, headers = make_game("tournament")
    post_hands(client, game, headers, TEAM0_MOON)
    assert_error(client.post(url(game, "/time"), headers=headers), 409)


# --- /healthz ---------------------------------------------------------------------------------------


def test_healthz_answers_200_when_the_database_answers(client):
    """The process is up and its database answers."""
    response = client.get("/healthz")
    assert response.status_code == 200 and response.get_json()["status"] == "ok"


def closed_port() -> int:
    """A local port with nothing listening."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture
def app_without_database():
    """An app whose database is a PostgreSQL server that is not there."""
    app = create_app({"TESTING": True, "SECRET_KEY": "test", "AUTO_MIGRATE": False, "SERVER_NAME": "scorekeeper.test",
                      "SQLALCHEMY_DATABASE_URI": f"postgresql+psycopg://root@127.0.0.1:{closed_port()}/nowhere"})
    yield app
    with app.app_context():
        db.engine.dispose()


def test_healthz_answers_503_when_the_database_is_unreachable(app_without_database):
    """The health check says when the database does not answer."""
    response = app_without_database.test_client().get("/healthz")
    assert response.status_code == 503
    assert response.get_json()["status"] == "error" and response.get_json()["database"] == "unreachable"


def test_api_answers_503_as_json_when_the_database_is_unreachable(app_without_database):
    """A database outage is a 503 the outbox can retry, never a 500."""
    client = app_without_database.test_client()
    assert_error(client.get("/api/games/SomeGameId_0123456789ab"), 503)
    assert_error(client.post("/api/games", json={"variant": "ten-point", "players": PLAYERS}), 503)
    assert_error(client.post("/api/games/SomeGameId_0123456789ab/hands", json=BO_MAKES_6, headers=auth("k")), 503)
    assert client.get("/share/SomeGameId_0123456789ab").status_code == 503


# --- errors of HTTP itself -----------------------------------------------------------------------


@pytest.mark.parametrize("path", ["/api/", "/api/nothing", "/api/games/x/y/z", "/api/games/GameId_0123456789abcdef/s"])
def test_unknown_api_paths_are_json_404(client, path):
    """Under /api/ every error is JSON."""
    assert_error(client.get(path), 404)


def api_addresses(app) -> list[tuple[str, set[str]]]:
    """Every address of the API (each variable of its rule filled: 1 for a number, an id for the rest) and the methods
    the URL map takes there."""
    adapter = app.url_map.bind("localhost")
    paths = {re.sub(r"<[^>]+>", "GameIdGameId_0123456789", re.sub(r"<int:[^>]+>", "1", rule.rule))
             for rule in app.url_map.iter_rules() if rule.rule.startswith("/api/")}
    return [(path, set(adapter.allowed_methods(path))) for path in sorted(paths)]


def test_wrong_methods_are_json_405_with_allow(app, client):
    """At every address of the API, each method it does not take is a JSON 405 whose Allow says which it does."""
    tried = []
    for path, allowed in api_addresses(app):
        for method in {"GET", "POST", "PUT", "PATCH", "DELETE"} - allowed:
            response = client.open(path, method=method)
            assert_error(response, 405)
            assert set(response.headers["Allow"].replace(" ", "").split(",")) == allowed, (method, path)
            tried.append((method, path))
    assert ("GET", "/api/games") in tried and ("POST", "/api/games/GameIdGameId_0123456789/hands/1") in tried
    assert len({path for _, path in tried}) >= 30


@pytest.mark.parametrize("data", [
    b"", b"not json", b"{", b'{"variant": "ten-point",}', b"\xff\xfe\x00", b"[" * 100_000, b'{"a":' * 50_000,
    b"1" * 5000, b"{'variant': 'ten-point'}",
])
def test_bodies_that_are_not_json_are_json_400(make_game, client, data):
    """A body that does not parse as JSON is a 400 with a JSON error, on every write."""
    game, headers = make_game()
    for path in ("/api/games", url(game, "/hands"), url(game, "/time")):
        response = client.post(path, data=data, content_type="application/json", headers=headers)
        if path.endswith("/time") and not data:
            assert_error(response, 409)  # an empty body is allowed there; the game has no clock
            continue
        assert_error(response, 400)
    assert_error(client.put(url(game, "/hands/1"), data=data, content_type="application/json", headers=headers), 400)


NOT_JSON_TYPES = ["text/plain", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded",
                  "multipart/form-data; boundary=x", None]


@pytest.mark.parametrize("content_type", NOT_JSON_TYPES)
@pytest.mark.parametrize(("method", "path"), [
    ("post", "/api/games"), ("post", "/hands"), ("put", "/hands/1"), ("post", "/time"),
])
def test_a_body_not_sent_as_json_is_415_and_changes_nothing(make_game, client, content_type, method, path):
    """A page on another site can post a form or text/plain without asking, so the API takes JSON only."""
    game, headers = make_game("tournament")
    client.post(url(game, "/hands"), json=BO_MAKES_6, headers=headers)
    before = snapshot(client, game)
    body = {"variant": "ten-point", "players": PLAYERS} if path == "/api/games" else BO_MAKES_6
    target = path if path.startswith("/api/") else url(game, path)
    kwargs = {"content_type": content_type} if content_type else {}
    response = getattr(client, method)(target, data=json.dumps(body), headers=headers, **kwargs)
    error = assert_error(response, 415)
    assert error["error"] == "Send the body as JSON (Content-Type: application/json)."
    assert snapshot(client, game) == before


def test_json_with_a_charset_is_json(make_game, client):
    """Parameters of the media type, such as a charset, are allowed."""
    game, headers = make_game()
    response = client.post(url(game, "/hands"), data=json.dumps(BO_MAKES_6),
                           content_type="application/json; charset=utf-8", headers=headers)
    assert response.status_code == 201


def test_an_empty_time_call_needs_no_content_type(make_game, client):
    """The time call takes no body at all: nothing to refuse."""
    game, headers = make_game("tournament")
    assert client.post(url(game, "/time"), headers=headers).status_code == 200


def test_too_large_bodies_are_json_413(app, client, make_game):
    """Bodies past MAX_CONTENT_LENGTH are refused before they are read."""
    game, headers = make_game()
    big = json.dumps({"variant": "ten-point", "players": PLAYERS, "pad": "x" * app.config["MAX_CONTENT_LENGTH"]})
    assert_error(client.post("/api/games", data=big, content_type="application/json"), 413)
    assert_error(client.post(url(game, "/hands"), data=big, content_type="application/json", headers=headers), 413)
    assert count_rows(app, Game) == 1


# --- security -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("method", "path"), [
    ("post", "/api/games"), ("get", "/api/games/NoSuchGame_0123456789abc"), ("get", "/api/nothing"),
    ("get", "/healthz"), ("get", "/api/games"),
])
def test_security_headers_on_every_response(client, method, path):
    """Successes and errors alike carry the hardening headers."""
    response = getattr(client, method)(path, json={"variant": "ten-point", "players": PLAYERS})
    headers = response.headers
    assert "default-src 'self'" in headers["Content-Security-Policy"]
    assert "frame-ancestors 'none'" in headers["Content-Security-Policy"]
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["X-Frame-Options"] == "DENY"
    assert headers["Referrer-Policy"] == "same-origin"


def test_edit_key_is_stored_hashed(app, make_game):
    """The database never holds the edit key itself."""
    game, _ = make_game()
    with app.app_context():
        stored = db.session.get(Game, game["id"])
        assert stored.edit_key_hash == hashlib.sha256(game["edit_key"].encode()).hexdigest()
        row = db.session.execute(sa.select(Game.__table__).where(Game.id == game["id"])).one()
    assert game["edit_key"] not in json.dumps([str(value) for value in row])


def test_edit_keys_are_compared_in_constant_time(client, make_game, monkeypatch):
    """The key check goes through hmac.compare_digest, on the stored hash."""
    game, headers = make_game()
    calls = []
    real = keys.hmac.compare_digest

    def spy(a, b):
        calls.append((a, b))
        return real(a, b)

    monkeypatch.setattr(keys.hmac, "compare_digest", spy)
    client.post(url(game, "/hands"), json=BO_MAKES_6, headers=auth("wrong-key"))
    client.post(url(game, "/hands"), json=BO_MAKES_6, headers=headers)
    hashed = hashlib.sha256(game["edit_key"].encode()).hexdigest()
    assert [b for _, b in calls] == [hashed, hashed]
    assert calls[1][0] == hashed and calls[0][0] != hashed


def test_ids_and_keys_have_at_least_128_random_bits(client):
    """Server-made ids and keys: 22+ URL-safe characters (>= 128 bits), all different."""
    tokens = set()
    for _ in range(20):
        game = client.post("/api/games", json={"variant": "ten-point", "players": PLAYERS}).get_json()
        for token in (game["id"], game["edit_key"]):
            assert keys.is_token(token) and len(token) * 6 >= 128
            tokens.add(token)
    assert len(tokens) == 40
    assert len(keys.new_token()) >= 22
