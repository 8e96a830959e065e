"""A night run by a client made from the OpenAPI document alone, every request and answer checked against it."""

from __future__ import annotations

from tests.support.openapi import DocumentClient


def test_a_client_made_from_the_document_runs_a_night(client, served, openapi):
    """Create, register, draw, score and finish every table, sign, read the standings, a player, a table, the
    game with and without the key, a refused draw and registration, call, end."""
    api = DocumentClient(client, openapi, served)
    status, made = api.call("create_night", {"name": "Hall night", "variant": "ten-point", "rules": {"target": 10},
                                             "games": 2})
    assert status == 201
    api.key, nid = made["edit_key"], made["id"]
    assert api.call("add_night_players", {"text": "Ann\nBo\nCy\nDi\nEd"}, night_id=nid)[0] == 201
    assert api.call("add_night_players", {"names": ["Flo", "Gus", "Hal", "Ida"]}, night_id=nid)[0] == 201
    assert api.call("add_night_players", {"name": "ann"}, night_id=nid)[0] == 409
    status, drawn = api.call("draw_night_game", night_id=nid)
    assert status == 201 and [len(table["seats"]) for table in drawn["tables"]] == [4, 5]
    assert api.call("draw_night_game", night_id=nid)[0] == 409
    director = api.key
    for table in reversed(drawn["tables"]):
        api.key = table["edit_key"]
        five = len(table["seats"]) == 5
        status, game = api.call("add_hand", {"bidder": 1 if five else 0, "bid": 5, "points": [10, 0]},
                                game_id=table["game"])
        assert status == 201 and game["status"] == "finished"
    head = drawn["tables"][0]
    api.key = head["edit_key"]
    status, signed = api.call("sign_scorecard", {"player": head["seats"][1]["name"]}, night_id=nid, number=1)
    assert status == 200 and signed["signed_by"] == head["seats"][1]["name"]
    api.key = None
    status, standings = api.call("night_standings", night_id=nid)
    assert status == 200 and sum(line["unconfirmed"] for line in standings["players"]) == 5
    player = standings["players"][0]["id"]
    assert api.call("night_player", night_id=nid, player_id=player)[0] == 200
    assert api.call("night_table", night_id=nid, number=2)[1]["status"] == "finished"
    assert "edit_key" not in api.call("get_night_game", night_id=nid, number=1)[1]["tables"][0]
    api.key = director
    assert api.call("get_night_game", night_id=nid, number=1)[1]["tables"][0]["edit_key"]
    assert api.call("draw_night_game", night_id=nid)[0] == 201
    assert api.call("call_night_game", night_id=nid)[1] == {"called": 2}
    assert api.call("end_night", night_id=nid)[1]["ended"] is True
    assert api.call("get_night", night_id=nid)[1]["games_drawn"] == 2


def test_a_client_made_from_the_document_changes_the_directors_key(client, served, openapi):
    """The key change, its answer and a refusal with the old key, checked against the document."""
    api = DocumentClient(client, openapi, served)
    status, made = api.call("create_night", {"name": "Key night"})
    api.key, nid = made["edit_key"], made["id"]
    assert api.call("add_night_players", {"names": ["Ann", "Bo", "Cy", "Di"]}, night_id=nid)[0] == 201
    assert api.call("draw_night_game", night_id=nid)[0] == 201
    status, changed = api.call("rotate_night_key", night_id=nid)
    assert status == 200 and changed["edit_key"] != made["edit_key"] and changed["drawn"][0]["tables"][0]["edit_key"]
    assert api.call("end_night", night_id=nid)[0] == 403
