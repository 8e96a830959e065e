"""Pairing: every team plays its games, new opponents while any are left, byes spread fairly."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.tournaments.pairing import games_per_team, schedule

TEAMS = st.integers(min_value=4, max_value=40)
GAMES = st.integers(min_value=1, max_value=45)
SEEDS = st.integers(min_value=0, max_value=2**31 - 1)


def pair(a, b) -> frozenset:
    return frozenset((a, b))


def check(count: int, games: int, seed: int) -> None:
    """Every property the tournament relies on, for one set-up."""
    teams = [f"team {number}" for number in range(count)]
    rounds = schedule(teams, games, seed)
    assert [item.number for item in rounds] == list(range(1, games + 1))
    met: Counter = Counter()
    byes: Counter = Counter()
    for item in rounds:
        playing = item.teams
        assert sorted(playing + list(item.byes)) == sorted(teams), "each team plays or sits out, once"
        assert len(item.byes) == count % 2
        assert [match.table for match in item.matches] == list(range(1, count // 2 + 1))
        for team in item.byes:
            assert byes[team] <= min(byes[other] for other in teams), "a second bye before everyone had one"
        for match in item.matches:
            if met[pair(*match.teams)]:
                # a repeat is only allowed when no pairing of these teams would avoid it
                assert all(met[pair(a, b)] for a, b in combinations(playing, 2))
        met.update(pair(*match.teams) for match in item.matches)
        byes.update(item.byes)
    played = games_per_team(rounds)
    assert played == {team: games - byes[team] for team in teams}
    all_pairs = [met[pair(a, b)] for a, b in combinations(teams, 2)]
    assert max(all_pairs) - min(all_pairs) <= 1, "pairs meet evenly"


@pytest.mark.parametrize("count", range(4, 41))
def test_the_seeds_five_games_for_4_to_40_teams(count):
    check(count, 5, seed=2024)


@given(TEAMS, GAMES, SEEDS)
@settings(max_examples=150, deadline=None)
def test_any_tournament_keeps_the_pairing_rules(count, games, seed):
    check(count, games, seed)


@pytest.mark.parametrize("count", [4, 6, 10, 40])
def test_an_even_field_plays_every_game_and_meets_new_opponents_for_a_whole_cycle(count):
    rounds = schedule(list(range(count)), count - 1, seed=7)
    pairs = [pair(*match.teams) for item in rounds for match in item.matches]
    assert len(pairs) == len(set(pairs)) == count * (count - 1) // 2
    assert games_per_team(rounds) == dict.fromkeys(range(count), count - 1)


@pytest.mark.parametrize("count", [5, 7, 9, 39])
def test_an_odd_field_gives_one_bye_a_round_and_each_team_one_in_a_cycle(count):
    rounds = schedule(list(range(count)), count, seed=7)
    byes = [team for item in rounds for team in item.byes]
    assert sorted(byes) == list(range(count))
    assert games_per_team(rounds) == dict.fromkeys(range(count), count - 1)


def test_seven_teams_five_games_each_plays_five_or_four_with_a_bye():
    rounds = schedule(list("ABCDEFG"), 5, seed=1)
    played = games_per_team(rounds)
    byes = {team for item in rounds for team in item.byes}
    assert len(byes) == 5
    assert played == {team: 4 if team in byes else 5 for team in "ABCDEFG"}


def test_four_teams_five_games_meet_again_only_after_meeting_everyone():
    rounds = schedule(list("ABCD"), 5, seed=3)
    first_cycle = {pair(*match.teams) for item in rounds[:3] for match in item.matches}
    assert len(first_cycle) == 6
    assert {pair(*match.teams) for match in rounds[3].matches} <= first_cycle


def test_the_same_seed_gives_the_same_rounds_and_another_seed_another_draw():
    teams = list(range(12))
    assert schedule(teams, 5, seed=11) == schedule(teams, 5, seed=11)
    draws = {tuple(match.teams for match in schedule(teams, 1, seed=seed)[0].matches) for seed in range(20)}
    assert len(draws) > 1


def test_a_longer_schedule_starts_with_the_shorter_one():
    teams = list(range(9))
    assert schedule(teams, 7, seed=5)[:3] == schedule(teams, 3, seed=5)


def test_the_fixed_team_takes_turns_dealing_first():
    rounds = schedule(list(range(6)), 5, seed=0)
    fixed = set(rounds[0].matches[0].teams) & set(rounds[1].matches[0].teams)
    (team,) = fixed
    firsts = [item.matches[0].teams[0] == team for item in rounds]
    assert True in firsts and False in firsts


@pytest.mark.parametrize("teams", [[], ["only"], ["A", "A", "B"]])
def test_too_few_or_repeated_teams_are_refused(teams):
    with pytest.raises(ValueError):
        schedule(teams, 3, seed=0)
