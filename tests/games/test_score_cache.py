"""The scored-state cache: kept per (game, revision), never trusted past its revision, only an optimisation."""

from __future__ import annotations

import pytest

from scorekeeper import create_app
from scorekeeper.extensions import db
from scorekeeper.games import create
from scorekeeper.games import scored as scorecache
from scorekeeper.games import service as games
from scorekeeper.games.scored import Scored
from scorekeeper.rules import make_table, start
from scorekeeper.web.database import writing
from scorekeeper.web.memory import Latest
from tests.support.statements import BO_MAKES_6, MISDEAL, statements, tables_read


def entry(revision: int) -> Scored:
    return Scored(revision, start(make_table("ten-point", ["A", "B", "C", "D"])), (), ())


def test_an_entry_is_served_only_at_its_revision():
    cache = Latest(4)
    cache.put("g", entry(3))
    assert cache.get("g", 3).revision == 3
    assert cache.get("g", 2) is None and cache.get("g", 4) is None


def test_an_older_revision_never_replaces_a_newer_one():
    cache = Latest(4)
    cache.put("g", entry(5))
    cache.put("g", entry(4))
    assert cache.get("g", 5) is not None and cache.get("g", 4) is None


def test_the_least_recently_used_game_goes_first():
    cache = Latest(2)
    cache.put("a", entry(1))
    cache.put("b", entry(1))
    cache.get("a", 1)
    cache.put("c", entry(1))
    assert len(cache) == 2
    assert cache.get("b", 1) is None and cache.get("a", 1) and cache.get("c", 1)


@pytest.fixture
def second_app(app, database_url):
    """Another instance of the app on the same database (another gunicorn worker or machine)."""
    other = create_app({**{key: app.config[key] for key in (
        "TESTING", "SECRET_KEY", "SQLALCHEMY_DATABASE_URI", "SERVER_NAME", "SCORE_CACHE")}, "AUTO_MIGRATE": False})
    yield other
    with other.app_context():
        db.engine.dispose()


def test_a_write_on_one_instance_is_read_at_once_on_the_other(app, client, second_app, make_game):
    game, headers = make_game()
    other = second_app.test_client()
    url = f"/api/games/{game['id']}"
    for count in range(1, 6):
        writer, reader = (client, other) if count % 2 else (other, client)
        reader.get(url)  # the reader's cache holds the revision before the write
        assert writer.post(f"{url}/hands", json=MISDEAL, headers=headers).status_code == 201
        read = reader.get(url).get_json()
        assert len(read["hands"]) == count, "a stale entry was served"
    fixed = other.put(f"{url}/hands/2", json=BO_MAKES_6, headers=headers)
    assert fixed.status_code == 200
    assert client.get(url).get_json() == {**fixed.get_json(), "clock": None}


def test_a_stale_entry_is_never_served_even_when_it_is_kept(app, client, second_app, make_game):
    game, headers = make_game()
    url = f"/api/games/{game['id']}"
    client.get(url)
    with app.app_context():
        kept = scorecache.cache()
        stale = kept.latest(game["id"]) if kept is not None else None
    assert second_app.test_client().post(f"{url}/hands", json=MISDEAL, headers=headers).status_code == 201
    if stale is not None:
        assert stale.revision == 1 and not stale.state.hands
    assert len(client.get(url).get_json()["hands"]) == 1


def _hands_read(monkeypatch) -> list[int]:
    """Count the stored hands each read of them returns."""
    counted: list[int] = []
    real = games._hand_rows

    def spy(game_id, after=0):
        rows = real(game_id, after)
        counted.append(len(rows) if after else 0)
        return rows

    monkeypatch.setattr(games, "_hand_rows", spy)
    return counted


def _replays(monkeypatch) -> list[int]:
    """Count the full replays the game operations run (the same `score` wherever it is called)."""
    counted: list[int] = []
    real = games.score

    def spy(table, hands):
        hands = list(hands)
        counted.append(len(hands))
        return real(table, hands)

    for module in (games, create):  # a read's replay, and a new game's
        monkeypatch.setattr(module, "score", spy)
    return counted


def test_a_write_on_a_cached_revision_plays_only_the_new_hand(app, client, make_game, monkeypatch):
    app.config["SCORE_CACHE"] = True  # also in a run with SCORE_CACHE=0: this is the cache's own test
    game, headers = make_game(hands=[MISDEAL] * 30)
    url = f"/api/games/{game['id']}"
    client.get(url)
    replays = _replays(monkeypatch)
    with statements(app) as seen:
        response = client.post(f"{url}/hands", json={**BO_MAKES_6, "id": "hand-31"}, headers=headers)
    assert response.status_code == 201 and len(response.get_json()["hands"]) == 31
    assert replays == []
    on_hand = [statement for statement in seen if "hand" in tables_read(statement) or "INTO hand" in statement]
    assert len(on_hand) == 2, on_hand  # the id lookup and the insert: no hand row is loaded
    assert on_hand[-1].lstrip().upper().startswith("INSERT")
    with statements(app) as seen:
        read = client.get(url).get_json()
    assert read["hands"] == response.get_json()["hands"] and replays == []
    assert not [statement for statement in seen if "hand" in tables_read(statement)]


def test_with_the_cache_off_every_read_replays(app, client, make_game, monkeypatch):
    app.config["SCORE_CACHE"] = False
    game, _ = make_game(hands=[MISDEAL] * 3)
    replays = _replays(monkeypatch)
    client.get(f"/api/games/{game['id']}")
    client.get(f"/api/games/{game['id']}")
    assert replays == [3, 3]
    with app.app_context():
        assert scorecache.cache() is None


@pytest.mark.parametrize("writes", [
    [("post", "/hands", BO_MAKES_6), ("put", "/hands/1", MISDEAL)],
    [("delete", "/hands/2", None), ("post", "/hands", MISDEAL)],
    [("post", "/time", {"after_hand": 3, "finish_hand": True}), ("post", "/hands", BO_MAKES_6)],
])
def test_answers_are_the_same_with_the_cache_on_and_off(app, client, second_app, make_game, writes):
    app.config["SCORE_CACHE"], second_app.config["SCORE_CACHE"] = True, False
    game, headers = make_game(hands=[BO_MAKES_6, MISDEAL, BO_MAKES_6], rules={"time_limit_minutes": 30})
    url = f"/api/games/{game['id']}"
    other = second_app.test_client()
    for method, path, body in writes:
        client.get(url)
        written = getattr(client, method)(f"{url}{path}", json=body, headers=headers)
        assert written.status_code in (200, 201), written.get_json()
        cached, replayed = client.get(url).get_json(), other.get(url).get_json()
        assert {**cached, "clock": None} == {**replayed, "clock": None} == {**written.get_json(), "clock": None}
        assert other.get(f"/share/{game['id']}/live").data == client.get(f"/share/{game['id']}/live").data


def test_a_write_rolled_back_leaves_no_entry(app, client, make_game):
    game, headers = make_game(hands=[MISDEAL])
    url = f"/api/games/{game['id']}"
    client.get(url)
    with app.app_context(), pytest.raises(RuntimeError), writing():
        games.touch(games.lock_game(game["id"]))
        db.session.flush()
        games.state_of(db.session.get(games.Game, game["id"]))
        raise RuntimeError("the request failed after the flush")
    assert client.post(f"{url}/hands", json=MISDEAL, headers=headers).status_code == 201
    assert len(client.get(url).get_json()["hands"]) == 2


@pytest.mark.parametrize(("writes", "replayed"), [
    ([("post", "/hands", BO_MAKES_6), ("post", "/hands", MISDEAL)], []),  # hands added: only they are played
    ([("post", "/hands", MISDEAL), ("put", "/hands/1", MISDEAL)], [31]),  # an earlier hand changed: all again
    ([("delete", "/hands/30", None), ("post", "/hands", BO_MAKES_6)], [30]),  # one taken, one added: all again
    ([("post", "/time", {"after_hand": 30, "finish_hand": True})], [30]),  # the table changed: all again
    # As many hands more as writes only when every write appended one; any other write among them: all again
    ([("put", "/hands/5", BO_MAKES_6)], [30]),
    ([("delete", "/hands/30", None), ("post", "/hands", BO_MAKES_6), ("post", "/hands", MISDEAL)], [31]),
    ([("put", "/hands/1", MISDEAL), ("post", "/hands", BO_MAKES_6), ("post", "/hands", MISDEAL)], [32]),
    ([("post", "/hands", BO_MAKES_6), ("delete", "/hands/31", None), ("post", "/hands", MISDEAL)], [31]),
])
def test_a_worker_behind_plays_only_the_hands_added_since_it_scored(
        app, client, second_app, make_game, monkeypatch, writes, replayed):
    """Another worker wrote: this one checks its kept state against the stored table and hands; it plays on it
    only where the stored game starts with exactly that state, and answers as a full replay would."""
    app.config["SCORE_CACHE"] = second_app.config["SCORE_CACHE"] = True
    game, headers = make_game(hands=[BO_MAKES_6] + [MISDEAL] * 29, rules={"time_limit_minutes": 30})
    url = f"/api/games/{game['id']}"
    client.get(url)  # this worker keeps the game at 30 hands
    other = second_app.test_client()
    for method, path, body in writes:
        assert getattr(other, method)(f"{url}{path}", json=body, headers=headers).status_code in (200, 201)
    replays, read = _replays(monkeypatch), _hands_read(monkeypatch)
    behind = client.get(url).get_json()
    assert replays == replayed
    appended = sum(1 for method, path, _ in writes if (method, path) == ("post", "/hands"))
    assert read[-1] == 0 if replayed else read == [appended]  # rows read: every hand, or only those after the kept
    app.config["SCORE_CACHE"] = False
    assert {**behind, "clock": None} == {**client.get(url).get_json(), "clock": None}  # as replayed from nothing
