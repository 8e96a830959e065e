"""The night API: set-up, registration, draws from the results, the head table's end, calls, keys, errors."""

from __future__ import annotations

import pytest

from scorekeeper.nights.movement import seatable
from tests.support.nights import Night, names


@pytest.fixture
def night(client):
    """A night of ten-point Pitch to 10, no games yet."""
    return Night(client)


@pytest.mark.parametrize(("body", "field"), [
    ({"name": ""}, "name"), ({"variant": "cutthroat"}, "variant"), ({"variant": "no-such"}, "variant"),
    ({"rules": {"time_limit_minutes": 5}}, "rules.time_limit_minutes"), ({"rules": {"sit_out": "dealer"}},
                                                                         "rules.sit_out"),
    ({"rules": {"players": 5}}, "rules.players"), ({"rules": []}, "rules"), ({"games": 0}, "games"),
    ({"games": 31}, "games"), ({"games": "3"}, "games"), ({"movement": "swiss"}, "movement"),
    ({"rank_by": "median"}, "rank_by"), ({"seed": -1}, "seed"), ({"minutes_per_game": 601}, "minutes_per_game"),
])
def test_a_bad_night_is_refused_with_its_field(client, body, field):
    """Each bad setting is a 422 naming its field, with a sentence; nothing is made."""
    response = client.post("/api/nights", json={"name": "Night", **body})
    assert response.status_code == 422, response.get_json()
    assert response.get_json()["field"] == field and response.get_json()["error"].endswith(".")


@pytest.mark.parametrize("games", [1, 30, None])
def test_a_night_is_made_with_its_settings(client, games):
    """The edges of the count of games, and an open night."""
    made = Night(client, games=games, movement="rotation", rank_by="average")
    shown = made.get().get_json()
    assert (shown["games"], shown["movement"], shown["rank_by"], shown["players"]) == (games, "rotation", "average", [])
    assert "edit_key" not in shown


def test_players_register_one_by_one_as_a_list_or_pasted(night):
    """A name, a list, a pasted list (lines, commas); names unique in the night, case aside."""
    assert night.post("/players", {"name": "Ann"}).status_code == 201
    assert night.register(["Bo", "Cy"]) and night.post("/players", {"text": "Di\nEd, Flo;\n\n Gus "}).status_code == 201
    assert [player["name"] for player in night.get().get_json()["players"]] == ["Ann", "Bo", "Cy", "Di", "Ed",
                                                                               "Flo", "Gus"]
    twice = night.post("/players", {"name": "ann"})
    assert twice.status_code == 409 and "already registered" in twice.get_json()["error"]


@pytest.mark.parametrize("body", [{}, {"name": ""}, {"names": []}, {"names": "Ann"}, {"text": ""}, {"text": 5},
                                  {"names": ["Ann", 3]}, [], {"name": "x" * 41}])
def test_bad_registrations_are_refused(night, body):
    """No name, a wrong shape or a name too long: 422, nobody registered."""
    assert night.post("/players", body).status_code == 422
    assert night.get().get_json()["players"] == []


def test_the_player_cap_is_kept_at_its_edge(night):
    """256 players register; the 257th is refused."""
    night.register(names(256))
    response = night.post("/players", {"name": "One more"})
    assert response.status_code == 422 and "at most 256" in response.get_json()["error"]


@pytest.mark.parametrize(("headers", "status"), [({}, 401), ({"Authorization": "Bearer " + "x" * 22}, 403)])
@pytest.mark.parametrize(("path", "body"), [("/players", {"name": "Ann"}), ("/games", None), ("/call", None),
                                            ("/end", None)])
def test_no_write_without_the_directors_key(night, headers, status, path, body):
    """Without the key 401, with a wrong one 403; nothing changes."""
    assert night.post(path, body, headers=headers).status_code == status
    assert night.get().get_json()["players"] == []


@pytest.mark.parametrize("count", [*range(1, 14), 16, 21, 41])
def test_game_one_seats_the_players_at_fours_and_fives(night, count):
    """Every table four or five (five plays with the dealer sitting out), the most seated the count allows."""
    night.register(names(count))
    response = night.post("/games")
    if seatable(count) == 0:
        assert response.status_code == 409 and "at least 4 players" in response.get_json()["error"]
        return
    drawn = response.get_json()
    seated = [seat["name"] for table in drawn["tables"] for seat in table["seats"]]
    assert len(seated) == seatable(count) and len(seated) + len(drawn["out"]) == count
    for table in drawn["tables"]:
        game = night.game(table)
        assert game["players"] == [seat["name"] for seat in table["seats"]]
        assert game["rules"].get("sit_out") == ("dealer" if len(table["seats"]) == 5 else None)


def test_the_next_game_waits_for_every_table(night):
    """While a table plays, the draw is 409 naming it; once every game is over, game 2 is drawn."""
    night.register(names(12))
    tables = night.draw()["tables"]
    night.finish(tables[2])
    refused = night.post("/games")
    assert refused.status_code == 409 and "table 1, 2" in refused.get_json()["error"]
    night.finish_all(tables[:2])
    assert night.draw()["number"] == 2


def test_the_head_tables_end_calls_time_everywhere(client):
    """The head table ends: every other table playing has time called; the hand in play decides a table that is
    ahead, a level table plays on until one side is ahead."""
    night = Night(client, rules={"target": 21})
    night.register(names(12))
    tables = night.draw()["tables"]
    assert night.hand(tables[1], {"bidder": 0, "bid": 5, "points": [6, 4]}).status_code == 201
    for _ in range(3):
        head = night.hand(tables[0], {"bidder": 0, "bid": 5, "points": [10, 0]}).get_json()
    assert head["status"] == "finished" and head["scores"] == [30, 0]
    for table in tables[1:]:
        assert night.game(table)["time_called"] is not None and night.game(table)["status"] == "playing"
    level = night.hand(tables[1], {"bidder": 1, "bid": 5, "points": [4, 6]}).get_json()
    assert (level["status"], level["scores"]) == ("playing", [10, 10])
    ahead = night.hand(tables[1], {"bidder": 0, "bid": 5, "points": [6, 4]}).get_json()
    assert (ahead["status"], ahead["scores"], ahead["winner"]) == ("finished", [16, 14], 0)
    first = night.hand(tables[2], {"bidder": 1, "bid": 5, "points": [3, 7]}).get_json()
    assert (first["status"], first["scores"], first["winner"]) == ("finished", [3, 7], 1)
    assert night.draw()["number"] == 2


def test_a_finished_table_is_not_called_and_the_call_is_once(client):
    """A table over before the head table keeps its result; the head table ending again (a hand undone and
    played again) calls nothing more."""
    night = Night(client)
    night.register(names(8))
    tables = night.draw()["tables"]
    night.finish(tables[1], side=1)
    night.finish(tables[0])
    assert night.game(tables[1])["time_called"] is None
    headers = {"Authorization": f"Bearer {tables[0]['edit_key']}"}
    assert client.delete(f"/api/games/{tables[0]['game']}/hands/1", headers=headers).status_code in (200, 204)
    night.finish(tables[0])
    assert night.get("/games/1").get_json()["called"] is True


def test_the_director_calls_a_game_everywhere(night):
    """POST /call calls time at every table still playing, once; a finished table is left as it is."""
    night.register(names(8))
    assert night.post("/call").status_code == 409
    tables = night.draw()["tables"]
    night.finish(tables[1])
    assert night.post("/call").get_json() == {"called": 1}
    assert night.post("/call").get_json() == {"called": 0}
    assert night.game(tables[0])["time_called"] is not None


def test_late_arrivals_join_until_the_last_game_is_drawn(night, client):
    """A night of two games: a late arrival plays game 2; after game 2 is drawn nobody joins."""
    night = Night(client, games=2)
    night.register(names(8))
    night.finish_all(night.draw()["tables"])
    night.register(["Late"])
    second = night.draw()
    assert [len(table["seats"]) for table in second["tables"]] == [4, 5]
    assert "Late" in [seat["name"] for seat in second["tables"][1]["seats"]]
    closed = night.post("/players", {"name": "Later"})
    assert closed.status_code == 409 and "All 2 games have been drawn" in closed.get_json()["error"]
    night.finish_all(second["tables"])
    assert night.post("/games").status_code == 409


def test_an_ended_night_takes_no_players_and_no_draw(night):
    """The director ends an open night."""
    night.register(names(4))
    assert night.post("/end").get_json()["ended"] is True
    assert night.post("/players", {"name": "Ann"}).status_code == 409
    assert night.post("/games").status_code == 409


@pytest.mark.parametrize("path", ["/games/1", "/tables/1", "/players/99999"])
def test_what_is_not_there_is_404(night, path):
    """A game not drawn, a table that has played nothing, an unknown player."""
    assert night.get(path).status_code == 404


def test_an_unknown_night_is_404(client):
    """Any id that is no night."""
    assert client.get("/api/nights/" + "a" * 22).status_code == 404
    assert client.get("/api/nights/not a token").status_code == 404


def test_a_finished_table_without_a_winning_pair_stops_the_draw_with_a_reason(night, monkeypatch):
    """Should a finished game name no winning pair, the next draw is a 409 saying so, never a 500."""
    from scorekeeper.nights import draws

    night.register(names(8))
    night.finish_all(night.draw()["tables"])
    monkeypatch.setattr(draws, "own_results", lambda table: {player: (0, False) for player in table.seats})
    refused = night.post("/games")
    assert refused.status_code == 409 and "without a winning pair" in refused.get_json()["error"]
