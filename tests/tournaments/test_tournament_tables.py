"""Tournament tables of any size: ten-point-six (two teams of three at a table of six), cutthroat at 3 to 7
players each alone, the table size refused at its edges, byes for the players who do not fill a table, and the
draw fixed by the seed."""

from __future__ import annotations

import re
from collections import Counter
from itertools import combinations

import pytest
import sqlalchemy as sa
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.extensions import db
from scorekeeper.tournaments.models import Tournament
from scorekeeper.tournaments.pairing import schedule
from tests.support.pages import csrf
from tests.support.tournaments import game_of, players

SIX = [("Aces", "Ann", "Bo", "Cy"), ("Kings", "Di", "Ed", "Flo"), ("Queens", "Gus", "Hal", "Ida"),
       ("Jacks", "Jo", "Kit", "Lu"), ("Tens", "Mo", "Ned", "Oz"), ("Nines", "Pat", "Quin", "Ros")]
ELEVEN = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ida", "Jo", "Kit"]
CUT = {"high": 0, "low": 0, "jack": 0, "game": 1}  # player 0 takes High, Low and Jack; player 1 Game


# ---- ten-point-six: two teams of three at a table of six

def test_a_ten_point_six_tournament_seats_two_teams_of_three_and_plays_a_round_to_standings(api):
    made = api.create(variant="ten-point-six", games_per_team=3)
    assert (made["players_per_table"], made["team_size"]) == (6, 3)
    for name, *three in SIX:
        assert api.post("/teams", {"name": name, "players": three}).status_code == 201
    drawn = api.draw()
    assert len(drawn["tables"]) == 3 and drawn["byes"] == []
    for table in drawn["tables"]:
        first, second = table["teams"]
        game = game_of(api, table)
        # Partners sit across: the teams take turns round the table, the first team's first player deals first.
        assert game["players"] == [first["players"][0], second["players"][0], first["players"][1],
                                   second["players"][1], first["players"][2], second["players"][2]]
        assert [team["name"] for team in game["teams"]] == [first["name"], second["name"]]
        assert game["rules"]["target"] == 41
    # Each table's game played to the end: seat 0's team at table 1 and 3, seat 1's at table 2, 8 points a hand.
    winners = [0, 1, 0]
    for table, winner in zip(drawn["tables"], winners, strict=True):
        done = api.win(table, winner)
        assert done["status"] == "finished" and done["winner"] == winner
    standings = api.standings()
    assert [item["winner"] for item in standings["tables"]] == winners
    assert [item["teams"] for item in standings["tables"]] == [[team["id"] for team in table["teams"]]
                                                               for table in drawn["tables"]]
    won = {table["teams"][winner]["name"] for table, winner in zip(drawn["tables"], winners, strict=True)}
    lines = standings["teams"]
    assert {line["team"]["name"] for line in lines if line["rank"] == 1} == won
    assert all(line["played"] == 1 and line["wins"] == (line["team"]["name"] in won) for line in lines)
    assert all(len(line["team"]["players"]) == 3 for line in lines)
    assert standings["result"]["status"] == "playing"


def test_a_team_of_three_is_registered_with_three_players_and_singles_make_teams_of_three(api):
    api.create(variant="ten-point-six")
    refused = api.post("/teams", {"name": "Pair", "players": ["Ann", "Bo"]})
    assert refused.status_code == 422 and refused.get_json()["field"] == "players"
    assert "three players" in refused.get_json()["error"]
    ids = players(api, ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus"])
    by_hand = api.post("/singles/pair", {"singles": ids[:2]})
    assert by_hand.status_code == 422 and by_hand.get_json()["field"] == "singles"
    made = api.post("/singles/pair", {"singles": ids[:3]})
    assert made.status_code == 201 and made.get_json()["teams"][0]["name"] == "Ann, Bo & Cy"
    at_random = api.post("/singles/pair", {"seed": 7}).get_json()
    assert len(at_random["teams"]) == 1 and len(at_random["teams"][0]["players"]) == 3
    assert len(at_random["waiting"]) == 1, "the one left over waits for two more"


def test_eleven_point_may_seat_six_in_two_teams_of_three(api):
    made = api.create(variant="eleven-point", players_per_table=6)
    assert (made["players_per_table"], made["team_size"]) == (6, 3)
    for name, *three in SIX[:2]:
        api.post("/teams", {"name": name, "players": three})
    (table,) = api.draw()["tables"]
    assert len(game_of(api, table)["players"]) == 6


# ---- cutthroat: every player alone, N at a table

def test_a_cutthroat_tournament_of_eleven_at_tables_of_five_gives_the_odd_one_a_bye_in_turn(api):
    made = api.create(variant="cutthroat", players_per_table=5, games_per_team=5)
    assert (made["players_per_table"], made["team_size"]) == (5, 1)
    players(api, ELEVEN)
    rounds = [api.draw() for _ in range(5)]
    byes = [name for drawn in rounds for name in (team["name"] for team in drawn["byes"])]
    for drawn in rounds:
        assert [len(table["teams"]) for table in drawn["tables"]] == [5, 5] and len(drawn["byes"]) == 1
        seated = [team["name"] for table in drawn["tables"] for team in table["teams"]] + \
                 [team["name"] for team in drawn["byes"]]
        assert sorted(seated) == sorted(ELEVEN), "each player plays or sits out, once a round"
    assert len(set(byes)) == 5, "no second bye before everyone has had one"
    table = rounds[0]["tables"][0]
    game = game_of(api, table)
    assert game["players"] == [team["players"][0] for team in table["teams"]]
    assert len(game["teams"]) == 5 and game["rules"]["partners"] is False
    # Player 0 bids 2 and takes High, Low and Jack, player 1 Game: 3 a hand, first to 11.
    while game["status"] == "playing":
        game = api.hand(table, {"bidder": 0, "bid": 2, "captured": CUT})
    assert game["winner"] == 0 and game["scores"] == [12, 4, 0, 0, 0]
    standings = api.standings()
    (done,) = [item for item in standings["tables"] if item["status"] == "finished"]
    assert done["teams"] == [team["id"] for team in table["teams"]] and done["winner"] == 0
    lines = {line["team"]["name"]: line for line in standings["teams"]}
    seats = [team["name"] for team in table["teams"]]
    assert lines[seats[0]]["rank"] == 1 and lines[seats[0]]["wins"] == 1 and lines[seats[0]]["average"] == 12
    assert lines[seats[1]]["rank"] == 2 and lines[seats[1]]["total"] == 4
    assert [lines[name]["rank"] for name in seats[2:]] == [3, 3, 3] and lines[seats[2]]["tied"]
    assert {standings["byes"][0]["team"]} == {rounds[0]["byes"][0]["id"]}


def test_cutthroat_defaults_to_its_usual_table_of_three(api):
    assert api.create(variant="cutthroat")["players_per_table"] == 3
    assert api.create(variant="smudge")["players_per_table"] == 4


def test_a_round_needs_enough_players_to_fill_a_table(api):
    api.create(variant="cutthroat", players_per_table=5)
    players(api, ELEVEN[:4])
    refused = api.post("/rounds")
    assert refused.status_code == 409 and "at least 5 players" in refused.get_json()["error"]


@pytest.mark.parametrize(("variant", "size", "status"), [
    ("cutthroat", 7, 201), ("cutthroat", 8, 422), ("cutthroat", 2, 201), ("cutthroat", 1, 422),
    ("cutthroat", 0, 422), ("cutthroat", "5", 422), ("cutthroat", True, 422),
    ("smudge", 7, 201), ("smudge", 8, 422),
    ("ten-point-six", 6, 201), ("ten-point-six", 4, 422), ("ten-point-six", 7, 422),
    ("tournament", 4, 201), ("tournament", 6, 422), ("tournament", 2, 422),
    ("smear", 6, 201), ("smear", 5, 422),
])
def test_players_per_table_is_refused_outside_the_presets_counts(client, variant, size, status):
    response = client.post("/api/tournaments", json={"name": "Cup", "variant": variant, "players_per_table": size})
    assert response.status_code == status, response.get_json()
    if status == 422:
        body = response.get_json()
        assert body["field"] == "players_per_table" and variant in body["error"]


def test_a_tournament_made_before_tables_of_any_size_keeps_tables_of_two(api, app):
    api.create(variant="cutthroat")
    with app.app_context():
        db.session.execute(sa.update(Tournament).where(Tournament.id == api.id).values(players_per_table=None))
        db.session.commit()
    players(api, ELEVEN[:4])
    assert api.get().get_json()["players_per_table"] == 2
    assert [len(table["teams"]) for table in api.draw()["tables"]] == [2, 2]


# ---- the draw: fixed by the seed, byes in turn, repeats only where the numbers force them

def test_the_same_players_and_seed_give_the_same_rounds_and_another_seed_others(api):
    def draw(seed: int) -> list:
        api.create(variant="cutthroat", players_per_table=3, games_per_team=4, seed=seed)
        players(api, ELEVEN[:10])
        out = []
        for _ in range(4):
            drawn = api.draw()
            out.append(([[team["name"] for team in table["teams"]] for table in drawn["tables"]],
                        [team["name"] for team in drawn["byes"]]))
        return out
    first = draw(5)
    assert draw(5) == first
    assert draw(6) != first


@pytest.mark.parametrize(("count", "size", "rounds"), [
    (9, 3, 4), (10, 3, 2), (16, 4, 2), (13, 3, 3), (49, 7, 2), (12, 3, 3), (30, 5, 3), (60, 6, 3),
])
@pytest.mark.parametrize("seed", [0, 1, 2024])
def test_tables_of_three_or_more_meet_new_players_where_the_numbers_allow(count, size, rounds, seed):
    teams = list(range(count))
    drawn = schedule(teams, rounds, seed, size)
    assert drawn == schedule(teams, rounds, seed, size)
    met: Counter = Counter()
    byes: Counter = Counter()
    for item in drawn:
        assert all(len(match.teams) == size for match in item.matches)
        assert [match.table for match in item.matches] == list(range(1, count // size + 1))
        assert len(item.byes) == count % size
        assert sorted(item.teams + list(item.byes)) == teams
        for team in item.byes:
            assert byes[team] == min(byes[other] for other in teams), "a second bye before everyone had one"
            byes[team] += 1
        for match in item.matches:
            met.update(frozenset(pair) for pair in combinations(match.teams, 2))
    # Each of these has a draw without a repeat, and the search finds it (9 in threes for 4 rounds is
    # Kirkman's schoolgirls' plan).
    assert max(met.values()) == 1


def test_where_repeats_cannot_be_avoided_the_draw_spreads_them():
    """Eleven at tables of five for five rounds: each player meets 16 others among 10, so pairs meet again;
    the draw spreads the repeats (a pair meets at most three times of five; a draw that only counted repeats,
    not how often one pair repeats, had a pair meet four times)."""
    met = Counter(frozenset(pair) for item in schedule(list(range(11)), 5, 42, 5) for match in item.matches
                  for pair in combinations(match.teams, 2))
    assert max(met.values()) <= 3


def test_a_draw_of_two_teams_a_table_is_the_round_robin_it_was():
    teams = list(range(8))
    assert schedule(teams, 7, 99) == schedule(teams, 7, 99, per_table=2)
    met = Counter(frozenset(match.teams) for item in schedule(teams, 7, 99) for match in item.matches)
    assert len(met) == 28 and set(met.values()) == {1}


# ---- the pages

def test_the_coordinator_and_standings_pages_show_tables_of_five(api, client):
    api.create(variant="cutthroat", players_per_table=5, games_per_team=2)
    long = "Bartholomew-Maximilian Featherstonehaugh"[:40]
    players(api, [long, *ELEVEN[1:10]])
    drawn = api.draw()
    table = drawn["tables"][0]
    api.hand(table, {"bidder": 0, "bid": 2, "captured": CUT})
    names = [team["name"] for team in table["teams"]]
    standings = client.get(f"/t/{api.id}").get_data(as_text=True)
    assert 'class="t-seats"' in standings
    for name in names:
        assert f"<li>{name} <b>" in standings
    assert f"<li>{names[0]} <b>3</b></li>" in standings


def test_the_new_tournament_form_sets_players_per_table_and_refuses_one_past_the_top(client):
    token = csrf(client, "/tournaments/new")
    base = {"csrf_token": token, "name": "Cutthroat Night", "entry_fee": "5", "payout_percent": "50",
            "games_per_team": "2", "minutes_per_game": "30", "variant": "cutthroat"}
    refused = client.post("/tournaments/new", data={**base, "players_per_table": "8"})
    assert refused.status_code == 422 and "2 to 7" in refused.get_data(as_text=True)
    response = client.post("/tournaments/new", data={**base, "players_per_table": "5"})
    assert response.status_code == 303
    html = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "each table seats 5 players" in html and "5 at a table each alone" in html


def test_the_coordinator_page_registers_a_team_of_three_for_ten_point_six(client):
    token = csrf(client, "/tournaments/new")
    response = client.post("/tournaments/new", data={
        "csrf_token": token, "name": "Six-Man Night", "entry_fee": "20", "payout_percent": "50",
        "games_per_team": "3", "minutes_per_game": "30", "variant": "ten-point-six"})
    assert response.status_code == 303
    manage = response.headers["Location"]
    html = client.get(manage).get_data(as_text=True)
    assert 'name="team-player_three"' in html and "6 at a table in two teams of 3" in html
    team = {"csrf_token": csrf(client, manage), "team-name": "Aces", "team-player_one": "Ann",
            "team-player_two": "Bo"}
    refused = client.post(f"{manage}/teams", data=team)
    assert refused.status_code == 422 and "A team has three players" in refused.get_data(as_text=True)
    done = client.post(f"{manage}/teams", data={**team, "team-player_three": "Cy"})
    assert done.status_code == 303
    assert "<strong>Aces</strong>: Ann &amp; Bo &amp; Cy" in client.get(manage).get_data(as_text=True)


def test_the_coordinator_page_makes_a_team_of_three_singles_by_hand(client):
    token = csrf(client, "/tournaments/new")
    manage = client.post("/tournaments/new", data={
        "csrf_token": token, "name": "Six-Man Night", "entry_fee": "20", "payout_percent": "50",
        "games_per_team": "3", "minutes_per_game": "30", "variant": "ten-point-six"}).headers["Location"]
    for name in ("Ann", "Bo", "Cy"):
        client.post(f"{manage}/singles", data={"csrf_token": csrf(client, manage), "single-name": name})
    html = client.get(manage).get_data(as_text=True)
    assert 'name="pair-third"' in html
    ids = {name: re.search(rf'<option value="(\d+)">{name}</option>', html).group(1) for name in ("Ann", "Bo", "Cy")}
    response = client.post(f"{manage}/singles/pair", data={
        "csrf_token": csrf(client, manage), "pair-first": ids["Ann"], "pair-second": ids["Bo"],
        "pair-third": ids["Cy"]})
    assert response.status_code == 303
    assert "Ann, Bo &amp; Cy registered." in client.get(manage).get_data(as_text=True)


@given(st.integers(min_value=3, max_value=7), st.integers(min_value=0, max_value=40), st.integers(1, 8),
       st.integers(min_value=0, max_value=2**31 - 1))
@settings(max_examples=60, deadline=None)
def test_any_draw_of_tables_of_three_or_more_seats_everyone_once_and_turns_the_byes(size, extra, rounds, seed):
    teams = [f"player {number}" for number in range(size + extra)]
    drawn = schedule(teams, rounds, seed, size)
    assert drawn == schedule(list(teams), rounds, seed, size), "the same teams and seed give the same rounds"
    byes: Counter = Counter()
    for item in drawn:
        assert sorted(item.teams + list(item.byes)) == sorted(teams)
        assert all(len(match.teams) == size for match in item.matches) and len(item.byes) == len(teams) % size
        byes.update(item.byes)
        counts = [byes[team] for team in teams]
        assert max(counts) - min(counts) <= 1, "a second bye before everyone had one"
