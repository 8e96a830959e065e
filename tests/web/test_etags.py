"""ETags from revisions: each cached read answers If-None-Match with 304 after one small query, loading no hand."""

from __future__ import annotations

import re

import pytest

from tests.support.statements import BO_MAKES_6, MISDEAL, statements, tables_read
from tests.support.tournaments import Api, hand, move_clock_back

GAME_READS = ["/api/games/{id}", "/share/{id}", "/share/{id}/live"]
STANDINGS_READS = ["/t/{id}", "/t/{id}/live"]


@pytest.fixture
def game(make_game):
    """A game of 40 hands, made with them (as an import is); returns its id and auth headers."""
    made, headers = make_game("ten-point", rules={"target": 1000}, hands=[MISDEAL] * 40)
    assert len(made["hands"]) == 40
    return made["id"], headers


@pytest.mark.parametrize("path", GAME_READS)
def test_a_game_read_answers_304_after_one_query_on_game_and_none_on_hand(app, client, game, path):
    game_id, _ = game
    url = path.format(id=game_id)
    first = client.get(url)
    assert first.status_code == 200 and re.fullmatch(r'"[0-9a-f]{32}"', first.headers["ETag"])
    with statements(app) as seen:
        again = client.get(url, headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304 and again.get_data() == b"" and again.headers["ETag"] == first.headers["ETag"]
    assert len(seen) == 1, seen
    assert tables_read(seen[0]) == {"game"}, seen


@pytest.mark.parametrize("path", GAME_READS)
@pytest.mark.parametrize(("method", "where", "body"), [
    ("post", "/hands", MISDEAL), ("put", "/hands/3", BO_MAKES_6), ("delete", "/hands/40", None),
])
def test_every_write_changes_each_game_etag(client, game, path, method, where, body):
    game_id, headers = game
    url = path.format(id=game_id)
    etag = client.get(url).headers["ETag"]
    response = getattr(client, method)(f"/api/games/{game_id}{where}", json=body, headers=headers)
    assert response.status_code in (200, 201), response.get_json()
    changed = client.get(url, headers={"If-None-Match": etag})
    assert changed.status_code == 200 and changed.headers["ETag"] != etag


def test_the_etags_of_one_game_differ_per_view_and_per_game(client, game, make_game):
    game_id, _ = game
    other, _ = make_game()
    tags = {client.get(path.format(id=key)).headers["ETag"] for path in GAME_READS for key in (game_id, other["id"])}
    assert len(tags) == 6


def test_a_compressed_answers_etag_is_held_too(client, game):
    game_id, _ = game
    first = client.get(f"/api/games/{game_id}", headers={"Accept-Encoding": "br"})
    assert first.headers.get("Content-Encoding") == "br"
    again = client.get(f"/api/games/{game_id}", headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304


def test_a_304_body_is_the_200_body_of_the_same_revision(client, game):
    game_id, _ = game
    first = client.get(f"/api/games/{game_id}")
    second = client.get(f"/api/games/{game_id}")
    strip = {"clock"}
    assert {k: v for k, v in first.get_json().items() if k not in strip} == {
        k: v for k, v in second.get_json().items() if k not in strip}
    assert first.headers["ETag"] == second.headers["ETag"]


@pytest.fixture
def tournament(client):
    """A tournament with a round drawn and one hand played; returns the Api and the table."""
    api = Api(client)
    api.create()
    api.teams(4)
    table = api.draw()["tables"][0]
    api.hand(table, hand(0, 6))
    return api, table


@pytest.mark.parametrize("path", STANDINGS_READS)
def test_the_standings_answer_304_after_one_aggregate_query(app, client, tournament, path):
    api, _ = tournament
    url = path.format(id=api.id)
    first = client.get(url)
    assert first.status_code == 200
    with statements(app) as seen:
        again = client.get(url, headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304 and again.get_data() == b""
    assert len(seen) == 1, seen
    assert "hand" not in tables_read(seen[0]) and {"tournament", "game"} <= tables_read(seen[0]), seen


@pytest.mark.parametrize("path", STANDINGS_READS)
@pytest.mark.parametrize("write", ["hand", "draw", "start"])
def test_a_write_to_a_game_or_the_tournament_changes_the_standings_etag(client, tournament, path, write):
    api, table = tournament
    url = path.format(id=api.id)
    etag = client.get(url).headers["ETag"]
    if write == "hand":
        api.hand(table, hand(1, 2))
    elif write == "start":
        assert api.post("/rounds/1/start").status_code == 200
    else:
        api.draw()
    changed = client.get(url, headers={"If-None-Match": etag})
    assert changed.status_code == 200 and changed.headers["ETag"] != etag


def test_the_standings_page_embeds_the_live_tag(client, tournament):
    api, _ = tournament
    live = client.get(f"/t/{api.id}/live").headers["ETag"]
    page = client.get(f"/t/{api.id}").get_data(as_text=True)
    assert live.strip('"') in page


@pytest.mark.parametrize("path", GAME_READS)
def test_a_poll_after_the_clock_ran_out_calls_time_and_gets_the_change(app, client, make_game, path):
    made, headers = make_game("ten-point", rules={"time_limit_minutes": 30})
    assert client.post(f"/api/games/{made['id']}/hands", json=BO_MAKES_6, headers=headers).status_code == 201
    url = path.format(id=made["id"])
    etag = client.get(url).headers["ETag"]
    assert client.get(url, headers={"If-None-Match": etag}).status_code == 304, "the clock still runs"
    move_clock_back(app, made["id"], 31)
    changed = client.get(url, headers={"If-None-Match": etag})
    assert changed.status_code == 200 and changed.headers["ETag"] != etag
    assert client.get(f"/api/games/{made['id']}").get_json()["time_called"] == {"after_hand": 1, "finish_hand": True}


def test_a_read_of_a_game_scored_before_is_one_query_on_game(app, client, game):
    app.config["SCORE_CACHE"] = True  # also in a run with SCORE_CACHE=0: the cache is what this is about
    game_id, _ = game
    client.get(f"/api/games/{game_id}")
    with statements(app) as seen:
        assert client.get(f"/api/games/{game_id}").status_code == 200
    assert len(seen) == 1 and tables_read(seen[0]) == {"game"}, seen


@pytest.mark.parametrize("path", [*GAME_READS, "/api/openapi.json", "/api/games/unknown-game-id-00000000", "/healthz"])
@pytest.mark.parametrize("tag", ['""', "", 'W/""', '"', '*, ""', '"a", ""', '"", W/"b"', "no-quotes", ",,"])
def test_an_empty_or_broken_if_none_match_is_no_tag_the_client_holds(client, game, path, tag):
    """`If-None-Match: ""` (an empty entity tag) and other broken lists name no version: a 200, never a 500."""
    url = path.format(id=game[0])
    response = client.get(url, headers={"If-None-Match": tag})
    assert response.status_code == (404 if "unknown" in url else 200), response.data[:200]


@pytest.mark.parametrize("path", STANDINGS_READS)
@pytest.mark.parametrize("tag", ['""', '"", W/""'])
def test_an_empty_if_none_match_on_the_standings_is_no_tag_either(client, tournament, path, tag):
    api, _ = tournament
    assert client.get(path.format(id=api.id), headers={"If-None-Match": tag}).status_code == 200
