"""The group's stats over a fixture of 34 games (32 finished) mixing variants, checked against figures counted by
hand from the list below, against a recount from each game's exported JSON, and through renames, merges and seasons.

The fixture, seat by seat (Ann, Bo, Cy, Di, Ed, Flo):
- G1-G8, ten-point, Ann Bo Cy Di (Ann & Cy vs Bo & Di): seat 0,1,2,3,0,1,2,3 shoots the moon and makes it.
- G9-G12, ten-point, same seats: a misdeal, then seat 0,1,2,3 shoots the moon and misses (loses the game).
- G13-G16, ten-point, Ann Di Bo Cy (Ann & Bo vs Di & Cy): Ann, dealing, is forced to take 3 and makes it; then
  Di shoots the moon and makes it.
- G17-G25, cutthroat, Ann Bo Cy: seat t bids 2 and is set, then seat s bids 4 and takes all, twice (s wins 12-0):
  (t, s) = (1,0) (2,0) (0,1) (2,1) (0,2) (1,2) (1,0) (2,0) (0,1).
- G26-G29, ten-point-six, Ann Bo Cy Di Ed Flo (Ann Cy Ed vs Bo Di Flo): seat 0,1,2,3 makes the moon.
- G30, G31, five-point, Ann Bo Cy Di: Ann (G30) or Bo (G31) bids 5 five times and takes every point and trick.
- G32, five-point: Cy bids 5 and misses a trick (set), then Ann bids 5 and makes it six times.
- G33 (ten-point, one hand) and G34 (cutthroat, no hand) are not finished: they count for nothing.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
import sqlalchemy as sa

from scorekeeper.extensions import db
from scorekeeper.games.models import Game
from scorekeeper.rules import make_table, parse_hand, score
from scorekeeper.sheet.stats import player_stats
from tests.support.groups import FIGURES, P4, PEOPLE, GroupApi, by_name, fixture_games, normalised, ten_all

PARTNERSHIPS = {  # pair: games, wins
    ("Ann", "Cy"): (19, 10), ("Bo", "Di"): (19, 9), ("Ann", "Bo"): (4, 0), ("Cy", "Di"): (4, 4),
    ("Ann", "Ed"): (4, 2), ("Cy", "Ed"): (4, 2), ("Bo", "Flo"): (4, 2), ("Di", "Flo"): (4, 2),
}
HEAD_TO_HEAD = {("Ann", "Bo"): (9, 4, 3), ("Ann", "Cy"): (9, 4, 2), ("Bo", "Cy"): (9, 3, 2)}  # games, wins of each


@pytest.fixture
def played(client):
    """The group with its 34 games."""
    group = GroupApi(client)
    for variant, players, hands in fixture_games():
        group.game(variant, players, hands)
    return group


def test_stats_equal_the_figures_counted_by_hand(played):
    stats = played.stats()
    assert stats["games"] == 32
    people, partners, rivals, leaders = by_name(played, stats)
    assert people == PEOPLE
    assert normalised(partners) == normalised(PARTNERSHIPS)
    assert normalised(rivals) == normalised(HEAD_TO_HEAD)
    assert leaders == ["Cy", "Ann", "Di", "Bo", "Ed", "Flo"]  # Ed and Flo: 2 wins of 4 each, then by name


def test_pairs_are_sorted_by_id_and_wins_follow_that_order(played):
    stats = played.stats()
    for line in stats["partnerships"] + stats["head_to_head"]:
        assert line["people"] == sorted(line["people"])
    pairs = [line["people"] for line in stats["partnerships"]]
    assert pairs == sorted(pairs)


def test_the_leaderboard_keeps_to_the_minimum_games(played):
    played.send("patch", "", {"min_games": 5})
    assert by_name(played, played.stats())[3] == ["Cy", "Ann", "Di", "Bo"]
    played.send("patch", "", {"min_games": 24})
    assert by_name(played, played.stats())[3] == ["Cy", "Ann", "Bo"]


def recount(client, group: GroupApi) -> dict:
    """The figures counted again from each game's exported JSON: its set-up and hands replayed by the engine."""
    people, partners, rivals, finished = Counter(), Counter(), Counter(), 0
    for summary in group.get().get_json()["games"]:
        game = client.get(f"/api/games/{summary['id']}").get_json()
        table = make_table(game["variant"], game["players"], game["team_names"], game["rules"])
        hands = [{k: v for k, v in hand.items() if k in ("misdeal", "bidder", "bid", "captured", "all_tricks")}
                 for hand in game["hands"]]
        state = score(table, [parse_hand(hand, table.rules) for hand in hands])
        if state.winner is None:
            continue
        finished += 1
        seats = dict(enumerate(game["people"]))
        for line in player_stats(state):
            person = seats[line.seat]
            won = line.team == state.winner
            people.update({(person, "games"): 1, (person, "wins"): int(won), (person, "bids"): line.bids,
                           (person, "made"): line.made, (person, "set"): line.set, (person, "moons"): line.moons,
                           (person, "moons_made"): line.moons_made})
        for index, team in enumerate(table.teams):
            for first, second in combinations(sorted(seats[seat] for seat in team), 2):
                partners.update({(first, second, "games"): 1, (first, second, "wins"): int(index == state.winner)})
        if all(len(team) == 1 for team in table.teams):
            for first, second in combinations(sorted(seats.values()), 2):
                rivals[(first, second)] += 1
    return {"games": finished, "people": +people, "partnerships": +partners, "head_to_head": +rivals}


def counted(stats: dict) -> dict:
    """The stats answer in recount()'s shape."""
    people = Counter({(line["person"], key): line[key] for line in stats["people"] for key in FIGURES})
    partners = Counter()
    for line in stats["partnerships"]:
        partners.update({(*line["people"], "games"): line["games"], (*line["people"], "wins"): line["wins"]})
    rivals = Counter({tuple(line["people"]): line["games"] for line in stats["head_to_head"]})
    return {"games": stats["games"], "people": +people, "partnerships": +partners, "head_to_head": +rivals}


def test_stats_equal_a_recount_from_the_exported_games(client, played):
    assert counted(played.stats()) == recount(client, played)


def test_renames_and_merges_change_no_count(client, played):
    before = played.stats()
    people = played.people()
    played.send("patch", f"/people/{people['Ann']}", {"name": "Annie"})
    after = played.stats()
    assert {**PEOPLE, "Annie": PEOPLE["Ann"]} == {**by_name(played, after)[0], "Ann": PEOPLE["Ann"]}
    assert [line["people"] for line in after["partnerships"]] == [line["people"] for line in before["partnerships"]]
    assert after["leaderboard"] == before["leaderboard"]
    # Ed typed as "Eddie" in one more game: two people until merged, then one with both games' figures.
    played.game("ten-point", ["Eddie", "Bo", "Cy", "Di"], [ten_all(0, "moon", 0)])
    split = by_name(played, played.stats())[0]
    assert split["Eddie"] == (1, 1, 1, 1, 0, 1, 1) and split["Ed"] == PEOPLE["Ed"]
    people = played.people()
    assert played.send("post", f"/people/{people['Eddie']}/merge", {"into": people["Ed"]}).status_code == 200
    merged = played.stats()
    assert by_name(played, merged)[0]["Ed"] == (5, 3, 1, 1, 0, 1, 1)
    assert "Eddie" not in by_name(played, merged)[0] and merged["games"] == 33
    assert counted(merged) == recount(client, played)


def test_a_season_counts_the_games_finished_in_its_days(app, client, played):
    cutthroat = [summary["id"] for summary in played.get().get_json()["games"] if summary["variant"] == "cutthroat"]
    with app.app_context():  # the cutthroat games finished in 2025 (a new revision, as any write gives)
        for game in db.session.scalars(sa.select(Game).where(Game.id.in_(cutthroat))):
            if game.finished_at is not None:
                game.finished_at = game.finished_at.replace(year=2025, month=12, day=31, hour=23, minute=59)
        db.session.commit()
    season = by_name(played, played.stats("?from=2025-01-01&to=2025-12-31"))
    assert played.stats("?from=2025-01-01&to=2025-12-31")["games"] == 9
    assert season[0]["Ann"] == (9, 4, 11, 8, 3, 0, 0) and season[0]["Di"] == (0,) * 7
    assert season[1] == {} and normalised(season[2]) == normalised(HEAD_TO_HEAD)
    assert season[3] == ["Ann", "Bo", "Cy"]
    assert played.stats("?from=2026-01-01")["games"] == 23
    assert played.stats("?to=2025-12-30")["games"] == 0
    assert played.stats("?from=2025-12-31&to=2025-12-31")["games"] == 9
    everything = played.stats()
    assert everything["games"] == 32 and by_name(played, everything)[0] == PEOPLE


def test_a_group_without_finished_games_counts_zeros(client):
    group = GroupApi(client)
    group.game("ten-point", P4)
    stats = group.stats()
    assert stats["games"] == 0 and stats["partnerships"] == [] and stats["head_to_head"] == []
    assert stats["leaderboard"] == [] and all(line["games"] == 0 for line in stats["people"])
    assert len(stats["people"]) == 4
