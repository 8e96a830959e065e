"""Groups count games of five with the dealer sitting out (docs/api-groups.md): each of the five plays the game, each
of the winning pair wins it, over every preset that allows five and every pair that can win."""

from __future__ import annotations

import json

import pytest

from tests.support.groups import GroupApi, created_group, token
from tests.support.paths import VECTORS

FIVE = ["Ann", "Bo", "Cy", "Di", "Ed"]
VECTORS = json.loads((VECTORS / "five-at-a-table.json").read_text("utf-8"))["cases"]
WON = [case for case in VECTORS if "expect" in case and case["expect"]["status"] == "finished" and "time" not in case
       and case["players"] == FIVE]


def start(group: GroupApi, case: dict) -> dict:
    """The case's game, in the group (its people are the five names)."""
    return group.game(case["variant"], FIVE, case["hands"], rules=case["rules"])


@pytest.mark.parametrize("case", WON, ids=[case["name"] for case in WON])
def test_each_of_the_winning_pair_wins_and_every_player_plays(client, case):
    """A finished game of five: five games played, two wins (the pair's), the pair named the winner everywhere."""
    group = GroupApi(client)
    game = start(group, case)
    winners = case["expect"]["winners"]
    assert game["winners"] == winners
    ids = group.people()
    lines = {line["name"]: line for line in group.stats()["people"]}
    assert {name: (line["games"], line["wins"]) for name, line in lines.items()} == {
        name: (1, int(seat in winners)) for seat, name in enumerate(FIVE)}
    listed = group.get().get_json()["games"][0]
    assert listed["winner"] is None and listed["winners"] == winners
    assert listed["people"] == [[ids[name]] for name in FIVE]
    rows = group.client.get(f"/g/{group.id}/games.csv").get_data(as_text=True).splitlines()
    assert f"{FIVE[winners[0]]} & {FIVE[winners[1]]}" in rows[1]
    page = group.client.get(f"/g/{group.id}").get_data(as_text=True)
    assert f"{FIVE[winners[0]]} &amp; {FIVE[winners[1]]}" in page


def test_a_night_of_games_of_five_adds_up_per_player(client):
    """Every won game of the vectors in one group: each player's games and wins are the sums of the games'."""
    group = GroupApi(client, min_games=0)
    for case in WON:
        start(group, case)
    lines = {line["name"]: line for line in group.stats()["people"]}
    for seat, name in enumerate(FIVE):
        wins = sum(seat in case["expect"]["winners"] for case in WON)
        assert (lines[name]["games"], lines[name]["wins"]) == (len(WON), wins)
    board = group.stats()["leaderboard"]
    ids = {person: name for name, person in group.people().items()}
    most = max(lines[name]["wins"] for name in FIVE)
    assert lines[ids[board[0]]]["wins"] == most


def test_a_group_of_games_of_five_downloads_and_imports_to_the_same_figures(client):
    """The hands CSV has a column trio a player; the group file imports to a group with the same figures."""
    group = GroupApi(client, min_games=0)
    for case in WON[:3]:
        start(group, case)
    hands = client.get(f"/g/{group.id}/hands.csv").get_data(as_text=True).splitlines()
    assert hands[0].endswith("Team 5,Team 5 points,Team 5 total")
    assert len(hands) == 1 + sum(len(case["hands"]) for case in WON[:3])
    exported = client.get(f"/g/{group.id}/export.json").get_json()
    imported = client.post("/api/groups/import", json=exported)
    assert imported.status_code == 201, imported.get_json()
    again = client.get(f"/api/groups/{imported.get_json()['id']}/stats").get_json()
    figures = ("name", "games", "wins", "bids", "made")
    assert [{key: line[key] for key in figures} for line in again["people"]] == [
        {key: line[key] for key in figures} for line in group.stats()["people"]]


def test_the_group_start_page_seats_five_with_the_dealer_sitting_out(client):
    """The group's start page has the box; ticked with five people, the game of five starts in the group."""
    group_id, _ = created_group(client)
    html = client.get(f"/g/{group_id}/start").get_data(as_text=True)
    assert "5 players: the dealer sits out" in html
    data = {"csrf_token": token(html), "variant": "ten-point", "sit_out": "y",
            **{f"seats-{seat}": name for seat, name in enumerate(FIVE)}}
    answer = client.post(f"/g/{group_id}/start", data=data)
    assert answer.status_code == 303, answer.get_data(as_text=True)
    game = client.get(f"/api/games/{answer.headers['Location'].rsplit('/', 1)[1]}").get_json()
    assert game["rules"]["sit_out"] == "dealer" and game["players"] == FIVE and game["group"] == group_id
    without = {key: value for key, value in data.items() if key != "sit_out"}
    refused = client.post(f"/g/{group_id}/start", data=without)
    assert refused.status_code == 422 and "sit_out" in refused.get_data(as_text=True)


@pytest.mark.parametrize("case", WON, ids=[case["name"] for case in WON])
def test_the_ratings_take_the_winning_pair_as_one_side_and_the_three_others_each_alone(client, case):
    """A finished game of five rates as the model rates the winning pair as a team ranked first and each of the three
    others alone, ranked by final score (docs/api-groups.md, "Ratings")."""
    from openskill.models import PlackettLuce

    from scorekeeper.groups import ratings

    group = GroupApi(client)
    game = start(group, case)
    winners, scores = case["expect"]["winners"], game["scores"]
    others = [seat for seat in range(5) if seat not in winners]
    model = PlackettLuce()
    teams = [[model.rating(name=FIVE[seat]) for seat in winners], *([model.rating(name=FIVE[seat])] for seat in others)]
    ranks = [0, *(1 + sum(scores[other] > scores[seat] for other in others) for seat in others)]
    after = {rating.name: rating for team in model.rate(teams, ranks=ranks) for rating in team}
    shown = {line["name"]: line for line in group.stats()["ratings"]}
    assert {name: shown[name]["rating"] for name in FIVE} == {
        name: ratings.shown(after[name].mu, after[name].sigma) for name in FIVE}
    assert shown[FIVE[winners[0]]]["rating"] == shown[FIVE[winners[1]]]["rating"]  # a pair rises as one
