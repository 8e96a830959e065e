"""Every write to a game or a tournament raises its revision, in the same transaction; a read never does."""

from __future__ import annotations

import io
import json

import pytest
import sqlalchemy as sa

from scorekeeper.extensions import db
from scorekeeper.games import service as games
from scorekeeper.games.models import Game
from scorekeeper.tournaments.models import Tournament
from scorekeeper.web.database import writing
from tests.support.api import game_revision, revision
from tests.support.pages import MADE, SET, csrf, hidden, log, start
from tests.support.tournaments import Api, hand, move_clock_back, tied_tournament

MISDEAL = {"misdeal": True}
BO_MAKES_6 = {"bidder": 1, "bid": 6, "captured": {
    "ace": 1, "jack": 1, "off_jack": 0, "high_joker": 0, "low_joker": 0, "ten": 1, "three": 1, "two": 0}}


@pytest.fixture
def played(client, make_game):
    """A ten-point game with a clock and two hands; returns (id, auth headers)."""
    game, headers = make_game("ten-point", rules={"time_limit_minutes": 30})
    for body in (BO_MAKES_6, MISDEAL):
        assert client.post(f"/api/games/{game['id']}/hands", json=body, headers=headers).status_code == 201
    return game["id"], headers


def test_a_new_game_starts_at_revision_1(app, make_game):
    game, _ = make_game()
    assert game_revision(app, game["id"]) == 1


def test_an_imported_game_with_hands_starts_at_revision_1(app, client, make_game):
    game, _ = make_game(hands=[BO_MAKES_6, MISDEAL], rules={"time_limit_minutes": 30},
                        time_called={"after_hand": 2, "finish_hand": False})
    assert game_revision(app, game["id"]) == 1


@pytest.mark.parametrize(("method", "path", "body"), [
    ("post", "/hands", BO_MAKES_6),
    ("post", "/hands", MISDEAL),
    ("put", "/hands/1", MISDEAL),
    ("put", "/hands/2", BO_MAKES_6),
    ("delete", "/hands/2", None),
    ("delete", "/hands/1", None),
    ("post", "/time", None),
    ("post", "/time", {"after_hand": 1, "finish_hand": True}),
])
def test_every_api_write_raises_the_revision_by_one(app, client, played, method, path, body):
    game_id, headers = played
    before = game_revision(app, game_id)
    response = getattr(client, method)(f"/api/games/{game_id}{path}", json=body, headers=headers)
    assert response.status_code in (200, 201), response.get_json()
    assert game_revision(app, game_id) == before + 1


@pytest.mark.parametrize(("method", "path", "body", "status"), [
    ("post", "/hands", {"bidder": 9, "bid": 6}, 422),          # a bad hand
    ("post", "/hands", dict(MISDEAL, number=7), 409),          # a stale number
    ("put", "/hands/9", MISDEAL, 404),                          # no such hand
    ("delete", "/hands/1?id=someone-else", None, 200),          # that hand is gone already: nothing removed
    ("get", "", None, 200),                                     # a read
])
def test_a_refused_write_or_a_read_leaves_the_revision(app, client, played, method, path, body, status):
    game_id, headers = played
    before = game_revision(app, game_id)
    response = getattr(client, method)(f"/api/games/{game_id}{path}", json=body, headers=headers)
    assert response.status_code == status
    assert game_revision(app, game_id) == before


def test_a_hand_sent_again_with_its_id_raises_nothing(app, client, played):
    game_id, headers = played
    body = dict(MISDEAL, id="hand-three")
    assert client.post(f"/api/games/{game_id}/hands", json=body, headers=headers).status_code == 201
    before = game_revision(app, game_id)
    assert client.post(f"/api/games/{game_id}/hands", json=body, headers=headers).status_code == 200
    assert game_revision(app, game_id) == before


def test_a_wrong_key_raises_nothing(app, client, played):
    game_id, _ = played
    before = game_revision(app, game_id)
    wrong = {"Authorization": "Bearer " + "w" * 22}
    assert client.post(f"/api/games/{game_id}/hands", json=MISDEAL, headers=wrong).status_code == 403
    assert game_revision(app, game_id) == before


def _log(client, game_id):
    log(client, game_id, MADE)


def _edit(client, game_id):
    html = client.get(f"/games/{game_id}/hands/1/edit").get_data(as_text=True)
    response = client.post(f"/games/{game_id}/hands/1/edit", data={"csrf_token": hidden(html, "csrf_token"), **SET})
    assert response.status_code == 303, response.get_data(as_text=True)


def _undo(client, game_id):
    html = client.get(f"/games/{game_id}/undo").get_data(as_text=True)
    data = {"csrf_token": hidden(html, "csrf_token"), "hand_id": hidden(html, "hand_id"),
            "number": hidden(html, "number")}
    assert client.post(f"/games/{game_id}/undo", data=data).status_code == 303


def _call_time(client, game_id):
    html = client.get(f"/games/{game_id}/time").get_data(as_text=True)
    data = {"csrf_token": hidden(html, "csrf_token"), "finish_hand": "yes"}
    assert client.post(f"/games/{game_id}/time", data=data).status_code == 303


@pytest.mark.parametrize("write", [_log, _edit, _undo, _call_time], ids=["log", "edit", "undo", "time"])
def test_every_form_write_raises_the_revision_by_one(app, client, write):
    game_id = start(client, clock="30")
    log(client, game_id, MADE)
    before = game_revision(app, game_id)
    write(client, game_id)
    assert game_revision(app, game_id) == before + 1


def test_the_start_form_and_the_import_form_make_games_at_revision_1(app, client):
    game_id = start(client)
    assert game_revision(app, game_id) == 1
    exported = client.get(f"/games/{game_id}/export.json").get_data()
    data = {"csrf_token": csrf(client, "/import"), "file": (io.BytesIO(exported), "game.json")}
    response = client.post("/import", data=data, content_type="multipart/form-data")
    assert response.status_code == 303
    assert game_revision(app, response.headers["Location"].rsplit("/", 1)[1]) == 1
    assert json.loads(exported)["hands"] == []


def test_the_clock_calling_time_raises_the_revision(app, client, played):
    game_id, _ = played
    before = game_revision(app, game_id)
    move_clock_back(app, game_id, 31)
    called = client.get(f"/api/games/{game_id}").get_json()
    assert called["time_called"] == {"after_hand": 2, "finish_hand": True}
    assert game_revision(app, game_id) == before + 1
    client.get(f"/api/games/{game_id}")
    assert game_revision(app, game_id) == before + 1, "time is called once"


def test_touch_raises_a_locked_game_once_per_transaction(app, played):
    game_id, _ = played
    before = game_revision(app, game_id)
    with app.app_context(), app.test_request_context(), writing():
        game = games.lock_game(game_id)
        assert games.touch(game) == before + 1
        assert games.touch(game) == before + 1
    assert game_revision(app, game_id) == before + 1


def test_a_write_that_fails_raises_nothing(app, played):
    game_id, _ = played
    before = game_revision(app, game_id)
    with app.app_context(), pytest.raises(RuntimeError), writing():
        games.touch(games.lock_game(game_id))
        db.session.flush()
        raise RuntimeError("the request failed after the flush")
    assert game_revision(app, game_id) == before


# ---- tournaments


@pytest.fixture
def api(client):
    return Api(client)


def test_every_tournament_write_raises_its_revision(app, api):
    api.create(games_per_team=1)
    revisions = [revision(app, Tournament, api.id)]
    api.teams(3)
    revisions.append(revision(app, Tournament, api.id))
    assert api.post("/singles", {"name": "Sal"}).status_code == 201
    assert api.post("/singles", {"name": "Sue"}).status_code == 201
    revisions.append(revision(app, Tournament, api.id))
    assert api.post("/singles/pair", {}).status_code == 201
    revisions.append(revision(app, Tournament, api.id))
    api.draw()
    revisions.append(revision(app, Tournament, api.id))
    assert revisions == sorted(set(revisions)), revisions
    assert revisions[0] == 1


def test_starting_a_round_raises_each_games_revision(app, api):
    api.create()
    api.teams(2)
    table = api.draw()["tables"][0]
    before = game_revision(app, table["game"])
    assert api.post("/rounds/1/start").status_code == 200
    assert game_revision(app, table["game"]) == before + 1


def test_the_standings_calling_time_raise_the_games_revision(app, api):
    api.create()
    api.teams(2)
    table = api.draw()["tables"][0]
    api.hand(table, hand(0, 6))
    before = game_revision(app, table["game"])
    move_clock_back(app, table["game"], 40)
    api.standings()
    assert game_revision(app, table["game"]) == before + 1
    assert api.client.get(f"/api/games/{table['game']}").get_json()["time_called"] is not None


def test_a_tie_break_raises_the_tournaments_revision(app, api):
    winners, _, _ = tied_tournament(api)
    before = revision(app, Tournament, api.id)
    response = api.post("/tie-breaks", {"teams": winners, "winner": winners[0]})
    assert response.status_code == 201, response.get_json()
    assert revision(app, Tournament, api.id) == before + 1


def stored_game(app, game_id: str) -> dict:
    """The game's row and its hands' count, read afresh."""
    with app.app_context():
        row = db.session.execute(sa.select(Game.revision, Game.clock_started_at, Game.finished_at, Game.updated_at)
                                 .where(Game.id == game_id)).one()
        hands = db.session.scalar(sa.select(sa.func.count()).select_from(games.HandRecord)
                                  .where(games.HandRecord.game_id == game_id))
        return {**row._asdict(), "hands": hands}


@pytest.mark.parametrize("prefer", [{}, {"Prefer": "return=minimal"}])
@pytest.mark.parametrize("kind", ["the first hand", "a hand in play", "the hand that ends the game",
                                  "a hand after the clock ran out"])
def test_each_kind_of_hand_stores_what_its_answer_says(app, client, make_game, kind, prefer):
    """The first hand starts the clock, a hand in play only adds itself, the last sets when the game finished, and
    a hand after the clock ran out calls time and, the hand in play being the last, ends the game: each stores the
    hand and raises the revision by one, and the answer is what the next read gives (the short answer's tag too, so
    a phone's next poll is a 304)."""
    rules = {"target": 11, "time_limit_minutes": 30}
    hands = {"the first hand": [], "a hand in play": [MISDEAL], "the hand that ends the game": [BO_MAKES_6],
             "a hand after the clock ran out": [MISDEAL]}[kind]
    game, headers = make_game("ten-point", rules=rules, hands=hands)
    if hands:  # the clock starts with the first hand logged, not with a game imported with hands
        assert client.post(f"/api/games/{game['id']}/hands", json=MISDEAL, headers=headers).status_code == 201
    if kind == "a hand after the clock ran out":
        move_clock_back(app, game["id"], 31)
    before = stored_game(app, game["id"])
    answer = client.post(f"/api/games/{game['id']}/hands", json=BO_MAKES_6, headers={**headers, **prefer})
    assert answer.status_code == 201, answer.get_json()
    after = stored_game(app, game["id"])
    assert after["revision"] == before["revision"] + 1 and after["hands"] == before["hands"] + 1
    assert after["updated_at"] > before["updated_at"]
    assert after["clock_started_at"] is not None
    if kind != "the first hand":
        assert after["clock_started_at"] == before["clock_started_at"]
    ended = kind in ("the hand that ends the game", "a hand after the clock ran out")
    assert (after["finished_at"] is not None) == ended
    read = client.get(f"/api/games/{game['id']}")
    assert read.get_json()["status"] == ("finished" if ended else "playing")
    assert (read.get_json()["time_called"] is not None) == (kind == "a hand after the clock ran out")
    if prefer:
        assert answer.headers["ETag"] == read.headers["ETag"]
        polled = client.get(f"/api/games/{game['id']}", headers={"If-None-Match": read.headers["ETag"]})
        assert polled.status_code == 304
    else:  # the clock's seconds left are counted at each answer; the rest is the same
        written, now = answer.get_json(), read.get_json()
        assert written.pop("clock")["ends_at"] == now.pop("clock")["ends_at"]
        assert written == now
