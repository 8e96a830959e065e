"""A night's scores: sums of each player's own games, ranked by total or average, tie-breaks, sit-outs."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.nights.scores import AVERAGE, RANK_BY, TOTAL, GameLine, order_key, standings

NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"]
lines = st.lists(st.builds(GameLine, player=st.sampled_from(NAMES), score=st.integers(-30, 30), won=st.booleans(),
                           confirmed=st.booleans()), max_size=40)


@settings(max_examples=200, deadline=None)
@given(games=lines, rank_by=st.sampled_from(RANK_BY))
def test_a_night_score_is_the_sum_of_own_games(games, rank_by):
    """Total, games, wins, best and unconfirmed are each player's own games' figures; everyone has a line."""
    table = {line.player: line for line in standings(NAMES, games, rank_by)}
    assert set(table) == set(NAMES)
    for name in NAMES:
        own = [game for game in games if game.player == name]
        line = table[name]
        assert line.total == sum(game.score for game in own)
        assert line.played == len(own) and line.won == sum(game.won for game in own)
        assert line.best == (max(game.score for game in own) if own else None)
        assert line.average == (Fraction(line.total, len(own)) if own else None)
        assert line.unconfirmed == sum(not game.confirmed for game in own)


@settings(max_examples=200, deadline=None)
@given(games=lines, rank_by=st.sampled_from(RANK_BY))
def test_ranks_follow_the_order_and_ties_share(games, rank_by):
    """Ranks never go down the list's order; equal on every tie-break means the same rank, else a lower one."""
    table = standings(NAMES, games, rank_by)
    for above, below in zip(table, table[1:], strict=False):
        key_above, key_below = order_key(above, rank_by), order_key(below, rank_by)
        assert key_above >= key_below
        assert (above.rank == below.rank) == (key_above == key_below)
        if key_above != key_below:
            assert below.rank == table.index(below) + 1
    assert table[0].rank == 1
    assert all(line.tied == (sum(other.rank == line.rank for other in table) > 1) for line in table)


@settings(max_examples=100, deadline=None)
@given(games=lines)
def test_a_sit_out_adds_nothing(games):
    """A player who sat out every game adds no game: the others keep their figures and their order."""
    with_extra = standings([*NAMES, "Gus"], games)
    figures = [(line.player, line.total, line.played, line.won, line.best) for line in standings(NAMES, games)]
    assert [(line.player, line.total, line.played, line.won, line.best)
            for line in with_extra if line.player != "Gus"] == figures
    gus = next(line for line in with_extra if line.player == "Gus")
    assert (gus.played, gus.total, gus.average, gus.best) == (0, 0, None, None)


@pytest.mark.parametrize(("games", "order", "ranks"), [
    ([GameLine("Ann", 21, True), GameLine("Bo", 21, False)], ["Ann", "Bo"], [1, 2]),  # games won
    ([GameLine("Ann", 5, True), GameLine("Ann", 11, False), GameLine("Bo", 8, True), GameLine("Bo", 8, False)],
     ["Ann", "Bo"], [1, 2]),  # best single game
    ([GameLine("Ann", 8, True), GameLine("Bo", 8, True)], ["Ann", "Bo"], [1, 1]),  # shared
    ([GameLine("Ann", 8, True), GameLine("Bo", 8, True), GameLine("Cy", 3, True)], ["Ann", "Bo", "Cy"], [1, 1, 3]),
])
def test_tie_breaks(games, order, ranks):
    """Ties by games won, then the best single game, then shared (the next rank skips)."""
    table = standings(order, games)
    assert [line.player for line in table] == order and [line.rank for line in table] == ranks


def test_average_ranks_a_late_arrival_by_the_games_played():
    """By average, one game of 11 beats three games of 10; by total, 30 beats 11; a player with no game is last."""
    games = [GameLine("Ann", 10, True)] * 3 + [GameLine("Bo", 11, True)]
    assert [line.player for line in standings(["Ann", "Bo", "Cy"], games, TOTAL)] == ["Ann", "Bo", "Cy"]
    by_average = standings(["Ann", "Bo", "Cy"], games, AVERAGE)
    assert [line.player for line in by_average] == ["Bo", "Ann", "Cy"]
    assert by_average[-1].average is None and by_average[-1].rank == 3


def test_by_total_a_negative_night_ranks_below_no_game():
    """By total a player who sat out everything (0) ranks above one whose games add up below 0."""
    table = standings(["Ann", "Bo"], [GameLine("Ann", -5, False)], TOTAL)
    assert [line.player for line in table] == ["Bo", "Ann"]


def test_an_unknown_ranking_is_refused():
    """Only total and average."""
    with pytest.raises(ValueError, match="rank_by must be one of"):
        standings(NAMES, [], "median")
