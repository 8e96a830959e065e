"""The OpenAPI description (scorekeeper/games/api/openapi.yaml) and the server held to it.

The document is valid OpenAPI 3.1, every route of the API has an operation and every operation a route, and
what the server really answers (every preset, every hand operation, any body, every error status) is what the
document allows, checked by openapi-core against the document as served at /api/openapi.json.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st
from openapi_spec_validator import validate

from scorekeeper.games.api.document import document
from scorekeeper.rules import PRESETS, SUITS
from tests.support.bodies import JSON, SETTINGS, hand_bodies, valid_game, valid_hand
from tests.support.openapi import METHODS, DocumentClient, answered, checked

# JSON and downloads outside /api/ that the document describes too: the health check and the exports.
OUTSIDE_API = {
    ("GET", "/healthz"), ("GET", "/games/{game_id}/export.json"), ("GET", "/g/{group_id}/export.json"),
    ("GET", "/g/{group_id}/games.csv"), ("GET", "/g/{group_id}/hands.csv"),
}


def flask_to_openapi(rule: str) -> str:
    """/api/games/<game_id>/hands/<int:number> -> /api/games/{game_id}/hands/{number}."""
    return re.sub(r"<(?:[a-z]+:)?([a-z_]+)>", r"{\1}", rule)


def routes(app) -> set[tuple[str, str]]:
    """(method, path) of every route under /api/, and of the described routes outside it."""
    found = set()
    for rule in app.url_map.iter_rules():
        path = flask_to_openapi(rule.rule)
        for method in rule.methods - {"HEAD", "OPTIONS"}:
            if path.startswith("/api/") or (method, path) in OUTSIDE_API:
                found.add((method, path))
    return found


def operations(spec: dict) -> set[tuple[str, str]]:
    """(method, path) of every operation of the document."""
    return {(method.upper(), path) for path, item in spec["paths"].items() for method in METHODS if method in item}


def test_the_served_document_is_valid_openapi_3_1(served):
    validate(served)
    assert served["openapi"].startswith("3.1")
    assert served == document()


def test_every_api_route_has_an_operation_and_every_operation_a_route(app, served):
    described, served_routes = operations(served), routes(app)
    assert served_routes - described == set(), "routes without an operation in scorekeeper/games/api/openapi.yaml"
    assert described - served_routes == set(), "operations of scorekeeper/games/api/openapi.yaml without a route"


def test_every_operation_names_its_errors_and_write_statuses(served):
    """Each write says 401/403 when it takes a key, 429 when it is limited; every operation 503 and an id."""
    ids = [item[method]["operationId"] for item in served["paths"].values() for method in METHODS if method in item]
    assert len(ids) == len(set(ids))
    for path, item in served["paths"].items():
        for method in (m for m in METHODS if m in item):
            statuses = set(item[method]["responses"])
            assert "503" in statuses, (method, path)
            if {"editKey": []} in item[method].get("security", []) and method != "get":
                assert {"401", "403", "404", "429"} <= statuses, (method, path)
            if "requestBody" in item[method]:
                assert {"413", "415"} <= statuses, (method, path)


def test_the_engine_s_presets_and_suits_are_the_document_s_enums(served):
    schemas = served["components"]["schemas"]
    assert schemas["Variant"]["enum"] == sorted(PRESETS)
    assert schemas["Suit"]["enum"] == list(SUITS)


def test_the_document_is_kept_by_caches_and_revalidated(client):
    first = client.get("/api/openapi.json")
    assert first.headers["Cache-Control"] == "public, no-cache" and first.headers["ETag"]
    again = client.get("/api/openapi.json", headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304 and again.data == b""
    other = client.get("/api/openapi.json", headers={"If-None-Match": '"something-else"'})
    assert other.status_code == 200 and other.data == first.data


@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_every_preset_s_game_and_hands_are_answered_as_described(client, openapi, variant):
    """Create, a hand of each kind, a misdeal, the game read, a fix, an undo: each answer matches the document."""
    rules = PRESETS[variant]
    players = [f"P{seat}" for seat in range(rules.players)]
    created = checked(openapi, client.post("/api/games", json={"variant": variant, "players": players})).get_json()
    headers = {"Authorization": f"Bearer {created['edit_key']}"}
    path = f"/api/games/{created['id']}"
    assert checked(openapi, client.post(f"{path}/hands", json={"misdeal": True}, headers=headers)).status_code == 201
    short = {**headers, "Prefer": "return=minimal"}
    assert checked(openapi, client.post(f"{path}/hands", json={"misdeal": True}, headers=short)).status_code == 201
    assert checked(openapi, client.put(f"{path}/hands/1", json={"misdeal": True}, headers=short)).status_code == 200
    read = checked(openapi, client.get(path))
    assert checked(openapi, client.get(path, headers={"If-None-Match": read.headers["ETag"]})).status_code == 304
    assert checked(openapi, client.delete(f"{path}/hands/2?last=1", headers=headers)).status_code == 200
    assert checked(openapi, client.get(f"/games/{created['id']}/export.json")).status_code == 200


@pytest.mark.parametrize("variant", ["ten-point", "five-point", "cutthroat", "ten-point-six", "tournament"])
@given(data=st.data())
@SETTINGS
def test_any_hand_write_is_answered_as_described(client, openapi, make_game, variant, data):
    """Any body (valid, nearly valid or any JSON) to each hand operation, with and without the short answer."""
    game, headers = make_game(variant)
    path = f"/api/games/{game['id']}"
    client.post(f"{path}/hands", json=data.draw(valid_hand(variant)), headers=headers)
    prefer = data.draw(st.sampled_from([{}, {"Prefer": "return=minimal"}, {"Prefer": "return=representation"}]))
    key = data.draw(st.sampled_from([headers, {}, {"Authorization": "Bearer wrong-key-000000000000000"}]))
    number = data.draw(st.integers(0, 3))
    operation = data.draw(st.sampled_from(["post", "put", "delete"]))
    if operation == "post":
        response = client.post(f"{path}/hands", json=data.draw(hand_bodies(variant)), headers={**key, **prefer})
    elif operation == "put":
        response = client.put(f"{path}/hands/{number}", json=data.draw(hand_bodies(variant)), headers={**key, **prefer})
    else:
        last = data.draw(st.sampled_from(["", "?last=1", "?last=2", "?id=nope"]))
        response = client.delete(f"{path}/hands/{number}{last}", headers={**key, **prefer})
    answered(openapi, response)  # the request may break the document on purpose; the answer may not
    assert response.status_code < 500


@given(body=valid_game() | JSON)
@SETTINGS
def test_any_new_game_is_answered_as_described(client, openapi, body):
    response = client.post("/api/games", json=body)
    assert response.status_code in (200, 201, 400, 409, 422)
    if response.status_code < 300:
        checked(openapi, response)
    else:  # a body the document refuses is still answered with the error the document describes
        answered(openapi, response)


@pytest.mark.parametrize(("send", "status"), [
    (lambda client, path, key: client.post(f"{path}/hands", data="bidder=1", headers=key,
                                           content_type="application/x-www-form-urlencoded"), 415),
    (lambda client, path, key: client.post(f"{path}/hands", data="{", headers=key,
                                           content_type="application/json"), 400),
    (lambda client, path, key: client.post(f"{path}/hands", json={"misdeal": True}), 401),
    (lambda client, path, key: client.post(f"{path}/hands", json={"misdeal": True},
                                           headers={"Authorization": "Bearer not-the-key-0000000000000"}), 403),
    (lambda client, path, key: client.put(f"{path}/hands/9", json={"misdeal": True}, headers=key), 404),
    (lambda client, path, key: client.post(f"{path}/hands", json={"misdeal": True, "number": 5}, headers=key), 409),
    (lambda client, path, key: client.post(f"{path}/hands", json={"bidder": 9, "bid": 5}, headers=key), 422),
    (lambda client, path, key: client.post(f"{path}/time", headers=key), 409),
    (lambda client, path, key: client.post(f"{path}/hands", data=b"[" + b"0," * 300_000 + b"0]", headers=key,
                                           content_type="application/json"), 413),
])
def test_every_error_is_the_error_body_the_document_describes(client, openapi, make_game, send, status):
    game, key = make_game()
    response = send(client, f"/api/games/{game['id']}", key)
    assert response.status_code == status
    answered(openapi, response)
    assert set(response.get_json()) <= {"error", "field", "code"} and response.get_json()["error"]


@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_a_client_made_from_the_document_plays_a_game_and_reads_the_sheet(client, served, openapi, variant):
    """Create a game, log hands (a misdeal, then a short answer), read the sheet and the game file."""
    api = DocumentClient(client, openapi, served)
    rules = PRESETS[variant]
    status, game = api.call("create_game", {"variant": variant, "players": [f"P{n}" for n in range(rules.players)]})
    assert status == 201
    api.key = game["edit_key"]
    status, after = api.call("add_hand", {"misdeal": True}, game_id=game["id"])
    assert status == 201 and after["next_number"] == 2
    status, short = api.call("add_hand", {"misdeal": True}, {"Prefer": "return=minimal"}, game_id=game["id"])
    assert status == 201 and short["hand"]["number"] == 2
    status, sheet = api.call("get_game", game_id=game["id"])
    assert status == 200 and [hand["number"] for hand in sheet["hands"]] == [1, 2]
    assert sheet["hands"][1] == short["hand"]
    assert (sheet["scores"], sheet["next_dealer"]) == (short["scores"], short["next_dealer"])
    status, saved = api.call("export_game", game_id=game["id"])
    assert status == 200 and saved["hands"] == sheet["hands"]


def test_the_docs_page_lists_every_operation_and_schema_from_the_document(client, served):
    page = client.get("/api/docs")
    assert page.status_code == 200 and page.mimetype == "text/html"
    html = page.get_data(as_text=True)
    ids = set(re.findall(r'id="([^"]+)"', html))
    for item in served["paths"].values():
        for method in (m for m in METHODS if m in item):
            assert item[method]["operationId"] in ids
    assert {f"schema-{name}" for name in served["components"]["schemas"]} <= ids
    assert set(re.findall(r'href="#([^"]+)"', html)) <= ids  # every link inside the page lands
    assert "<script>" not in html and "'unsafe-inline'" not in page.headers["Content-Security-Policy"]
    assert client.get("/api/docs", headers={"If-None-Match": page.headers["ETag"]}).status_code == 304


def test_the_docs_page_escapes_the_document_s_text(app, client, monkeypatch):
    """Text of the document is shown as text, never as markup."""
    from scorekeeper.games.api import document as module

    spec = {**module.document(), "info": {**module.document()["info"], "summary": "<b>bold</b> & <script>x</script>"}}
    module.docs_view.cache_clear()
    monkeypatch.setattr(module, "document", lambda: spec)
    try:
        html = client.get("/api/docs").get_data(as_text=True)
    finally:
        module.docs_view.cache_clear()
    assert "&lt;b&gt;bold&lt;/b&gt; &amp; &lt;script&gt;" in html and "<b>bold</b>" not in html


@pytest.mark.parametrize(("variant", "teams"), [("tournament", [["Ann", "Bo"], ["Cy", "Di"], ["Ed", "Flo"]]),
                                               ("cutthroat", [["Ann"], ["Bo"], ["Cy"], ["Di"]])])
def test_a_client_made_from_the_document_runs_a_tournament(client, served, openapi, variant, teams):
    """Create, register teams and a pair of singles, draw, read and start a round, score a table's hand with its
    key, read the standings and the result, change the key: each request and answer checked against the document."""
    api = DocumentClient(client, openapi, served)
    status, made = api.call("create_tournament", {"name": "Club night", "variant": variant, "games_per_team": 2})
    assert status == 201
    api.key, tid = made["edit_key"], made["id"]
    for number, players in enumerate(teams):
        assert api.call("add_team", {"name": f"Team {number}", "players": players}, tournament_id=tid)[0] == 201
    if variant == "tournament":
        for name in ("Gus", "Hal"):
            assert api.call("add_single", {"name": name}, tournament_id=tid)[0] == 201
        status, paired = api.call("pair_singles", {"seed": 3}, tournament_id=tid)
        assert status == 201 and len(paired["teams"]) == 1
    status, drawn = api.call("draw_round", tournament_id=tid)
    assert status == 201 and drawn["tables"] and all(table["edit_key"] for table in drawn["tables"])
    tables = [(table["game"], table["edit_key"]) for table in drawn["tables"]]
    read = api.call("get_round", tournament_id=tid, number=1)[1]
    assert [(table["game"], table["edit_key"]) for table in read["tables"]] == tables
    assert api.call("start_round", tournament_id=tid, number=1)[0] == 200
    table = drawn["tables"][0]
    coordinator, api.key = api.key, table["edit_key"]
    status, short = api.call("add_hand", {"misdeal": True}, {"Prefer": "return=minimal"}, game_id=table["game"])
    assert status == 201 and short["hand"]["misdeal"] is True
    api.key = None
    status, standings = api.call("tournament_standings", tournament_id=tid)
    assert status == 200 and len(standings["teams"]) == len(teams) + (variant == "tournament")
    assert api.call("tournament_result", tournament_id=tid)[1]["status"] == "playing"
    api.key = coordinator
    status, rotated = api.call("rotate_tournament_key", tournament_id=tid)
    assert status == 200 and rotated["edit_key"] != coordinator and rotated["rounds"][0]["number"] == 1


def test_a_client_made_from_the_document_keeps_a_group(client, served, openapi):
    """A group, its people and a season, a game started in it and scored on the group's key, its figures, its file
    exported and imported again, a game taken out: each request and answer checked against the document."""
    api = DocumentClient(client, openapi, served)
    status, group = api.call("create_group", {"name": "Thursday table", "min_games": 1})
    assert status == 201
    api.key, gid = group["edit_key"], group["id"]
    status, ann = api.call("add_person", {"name": "Ann", "short_name": "A"}, group_id=gid)
    assert status == 201
    assert api.call("rename_person", {"name": "Annie"}, group_id=gid, person_id=ann["id"])[1]["name"] == "Annie"
    status, season = api.call("add_season", {"name": "Spring", "from": "2026-03-01", "to": "2026-05-31"}, group_id=gid)
    assert status == 201
    assert api.call("change_season", {"name": "Early spring"}, group_id=gid, season_id=season["id"])[0] == 200
    status, game = api.call("add_group_game", {"variant": "ten-point", "players": ["Annie", "Bo", "Cy", "Di"]},
                            group_id=gid)
    assert status == 201 and game["group"] == gid
    status, short = api.call("add_hand", {"bidder": 1, "bid": 5, "points": [4, 6]}, {"Prefer": "return=minimal"},
                             game_id=game["id"])
    assert status == 201 and short["scores"] == [4, 6]
    assert api.call("update_group", {"min_games": 0}, group_id=gid)[1]["min_games"] == 0
    assert api.call("group_stats", group_id=gid)[0] == 200
    assert api.call("group_seasons", group_id=gid)[0] == 200
    status, saved = api.call("export_group", group_id=gid)
    assert status == 200 and saved["format"] == "pitch-scorekeeper-group"
    status, copy = api.call("import_group", saved)
    assert status == 201 and copy["id"] != gid and len(copy["games"]) == 1
    status, bo = api.call("add_person", {"name": "Bob"}, group_id=gid)
    assert api.call("merge_person", {"into": ann["id"]}, group_id=gid, person_id=bo["id"])[0] == 200
    assert api.call("remove_season", group_id=gid, season_id=season["id"])[0] == 200
    assert api.call("remove_group_game", group_id=gid, game_id=game["id"])[1]["games"] == []
    status, rotated = api.call("rotate_group_key", group_id=gid)
    assert status == 200 and rotated["edit_key"] != api.key
