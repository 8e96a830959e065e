"""A tournament of tables of five, the dealer sitting out (rules.sit_out): players register one by one, each table
seats five, each keeps a score of their own, and the winning pair's two players each win the game."""

from __future__ import annotations

import pytest

from scorekeeper.rules import PRESETS
from tests.support.tournaments import Api, game_of, players

ELEVEN = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ida", "Jo", "Kit"]
FIVE_PRESETS = [name for name, rules in PRESETS.items() if rules.partners and 4 in rules.seat_counts]


@pytest.fixture
def api(client):
    return Api(client)


@pytest.mark.parametrize("variant", FIVE_PRESETS)
def test_a_tournament_seats_tables_of_five_for_every_partnership_preset(api, variant):
    """Eleven singles: two tables of five and a bye; each table's game is five players with the dealer sitting out."""
    made = api.create(variant=variant, rules={"sit_out": "dealer"}, games_per_team=2)
    assert (made["players_per_table"], made["team_size"]) == (5, 1)
    players(api, ELEVEN)
    drawn = api.draw()
    assert len(drawn["tables"]) == 2 and len(drawn["byes"]) == 1
    for table in drawn["tables"]:
        game = game_of(api, table)
        assert len(game["players"]) == 5 and game["rules"]["sit_out"] == "dealer" and game["team_names"] is None
        assert game["players"] == [team["players"][0] for team in table["teams"]]


def test_the_winning_pair_of_a_table_of_five_both_win_in_the_standings(api):
    """One table of five played out by points: the pair that wins gets a win each, every player a game played and
    their own score as the total."""
    api.create(variant="ten-point", rules={"sit_out": "dealer", "target": 10}, games_per_team=1)
    players(api, ELEVEN[:5])
    table = api.draw()["tables"][0]
    for body in ({"bidder": 1, "bid": 5, "points": [6, 4]}, {"bidder": 3, "bid": 6, "points": [3, 7]}):
        game = api.hand(table, body)
    assert game["status"] == "finished" and len(game["winners"]) == 2
    names = [team["players"][0] for team in table["teams"]]
    won = {names[seat] for seat in game["winners"]}
    lines = {line["team"]["players"][0]: line for line in api.standings()["teams"]}
    assert {name: (line["played"], line["wins"]) for name, line in lines.items()} == {
        name: (1, int(name in won)) for name in names}
    assert {name: float(lines[name]["average"]) for name in names} == dict(zip(names, game["scores"], strict=True))


def test_the_standings_page_names_the_winning_pair_of_a_table_of_five(api):
    """The live standings show who won at the table: both players of the pair."""
    made = api.create(variant="ten-point", rules={"sit_out": "dealer", "target": 10}, games_per_team=1)
    players(api, ELEVEN[:5])
    table = api.draw()["tables"][0]
    for body in ({"bidder": 1, "bid": 5, "points": [6, 4]}, {"bidder": 3, "bid": 6, "points": [3, 7]}):
        game = api.hand(table, body)
    assert game["winners"] == [3, 0]
    page = api.client.get(f"/t/{made['id']}")
    assert page.status_code == 200
    assert f"{game['players'][3]} &amp; {game['players'][0]} won" in page.get_data(as_text=True)
