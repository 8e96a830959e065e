"""Tournaments with any kind of Pitch: cutthroat (everyone a team of one, two at a table) and nine-point Pitch,
from registration through standings; the pages for a tournament where everyone plays alone."""

from __future__ import annotations

import pytest

from scorekeeper.rules import PRESETS
from tests.support.pages import csrf
from tests.support.tables import FOUR
from tests.support.tournaments import Api


@pytest.fixture
def api(client):
    return Api(client)


def play_out(api: Api, table: dict, winner: int, points: dict[str, int], bid: int) -> dict:
    """Hands until the game ends: the winner's seat bids and the hand goes as `points` says (key: taker's team,
    where 0 is the winner and 1 the other)."""
    game = None
    while game is None or game["status"] == "playing":
        captured = {key: winner if side == 0 else 1 - winner for key, side in points.items()}
        game = api.hand(table, {"bidder": winner, "bid": bid, "captured": captured})
    return game


def test_a_cutthroat_tournament_seats_two_players_alone_at_each_table_through_standings(api):
    made = api.create(variant="cutthroat", games_per_team=3, players_per_table=2)
    assert made["variant"] == "cutthroat" and made["players_per_table"] == 2 and made["team_size"] == 1
    for name in FOUR:
        response = api.post("/singles", {"name": name})
        assert response.status_code == 201
        assert response.get_json()["team"] is not None, "alone, a player is a team of one at once"
    teams = api.get().get_json()["teams"]
    assert [team["players"] for team in teams] == [[name] for name in FOUR]
    tables = api.draw()["tables"]
    assert len(tables) == 2
    for table in tables:
        game = api.client.get(f"/api/games/{table['game']}").get_json()
        assert len(game["players"]) == 2 and len(game["teams"]) == 2 and game["rules"]["partners"] is False
        assert game["players"] == [team["players"][0] for team in table["teams"]]
    # Cutthroat to 11: the first player at each table bids 2 and takes High, Low, Jack (Game to the other).
    first = play_out(api, tables[0], 0, {"high": 0, "low": 0, "jack": 0, "game": 1}, 2)
    second = play_out(api, tables[1], 1, {"high": 0, "low": 0, "jack": 0, "game": 1}, 2)
    assert first["scores"] == [12, 4] and second["scores"] == [4, 12]
    standings = api.standings()
    lines = {line["team"]["name"]: (line["rank"], line["played"], line["total"]) for line in standings["teams"]}
    winners = {tables[0]["teams"][0]["name"], tables[1]["teams"][1]["name"]}
    assert {name for name, (rank, _, _) in lines.items() if rank == 1} == winners
    assert all(played == 1 for _, played, _ in lines.values())
    assert sorted(total for _, _, total in lines.values()) == [4, 4, 12, 12]


def test_a_team_of_one_can_be_registered_as_a_team_and_pairing_singles_is_refused(api):
    api.create(variant="cutthroat")
    assert api.post("/teams", {"name": "Ann"}).get_json()["players"] == ["Ann"]
    refused = api.post("/teams", {"name": "Pair", "players": ["Bo", "Cy"]})
    assert refused.status_code == 422 and refused.get_json()["field"] == "players"
    assert "Everyone plays alone" in refused.get_json()["error"]
    api.post("/singles", {"name": "Di"})
    assert api.post("/singles/pair", {}).status_code == 409


def test_a_nine_point_tournament_plays_partners_through_standings(api):
    api.create(variant="nine-point", games_per_team=1)
    api.teams(2)
    (table,) = api.draw()["tables"]
    game = api.client.get(f"/api/games/{table['game']}").get_json()
    assert game["rules"]["points"] == dict(PRESETS["nine-point"].points) and len(game["players"]) == 4
    # Seat 0 (team 0) bids 5 and takes the five and the two (6); the other team the ace, jack and ten (3).
    done = play_out(api, table, 0, {"ace": 1, "jack": 1, "ten": 1, "five": 0, "two": 0}, 5)
    assert done["status"] == "finished" and done["winner"] == 0 and done["scores"][0] >= 31
    standings = api.standings()
    names = [team["name"] for team in table["teams"]]  # the first team sits at seat 0
    assert [(line["team"]["name"], line["rank"]) for line in standings["teams"]] == [(names[0], 1), (names[1], 2)]
    assert standings["teams"][0]["total"] == done["scores"][0]


@pytest.mark.parametrize(("body", "field"), [
    ({"variant": "cutthroat", "rules": {"moon": {"failure": "x"}}}, "rules.moon"),
    ({"variant": "cutthroat", "players_per_table": 3, "rules": {"moon": {"failure": "lose"}, "in_play": "all"}},
     "rules.moon"),
])
def test_house_rules_no_table_can_play_are_refused(client, body, field):
    response = client.post("/api/tournaments", json={"name": "Cup", **body})
    assert response.status_code == 422 and response.get_json()["field"].startswith(field)


def test_the_new_tournament_page_offers_every_preset(client):
    html = client.get("/tournaments/new").get_data(as_text=True)
    for variant in PRESETS:
        assert f'value="{variant}"' in html
    assert 'name="players_per_table"' in html


def test_the_coordinator_page_of_a_cutthroat_tournament_registers_players(client):
    token = csrf(client, "/tournaments/new")
    response = client.post("/tournaments/new", data={
        "csrf_token": token, "name": "Cutthroat Night", "entry_fee": "5", "payout_percent": "50",
        "games_per_team": "2", "minutes_per_game": "30", "variant": "cutthroat"})
    assert response.status_code == 303, response.get_data(as_text=True)
    manage = response.headers["Location"]
    html = client.get(manage).get_data(as_text=True)
    assert "Register a player" in html and "Register a team" not in html
    response = client.post(f"{manage}/singles", data={"csrf_token": csrf(client, manage), "single-name": "Ann"})
    assert response.status_code == 303
    html = client.get(manage).get_data(as_text=True)
    assert "Ann registered." in html and "Players, each alone (1)" in html
