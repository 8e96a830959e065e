"""Standings: averages, ties, the tie-break hand, corrections, payout."""

from __future__ import annotations

from fractions import Fraction

import pytest

from scorekeeper.tournaments.standings import Result, TieBreak, leaders, payout, standings, ties


def won(a, b, score_a, score_b):
    """A finished game between a and b."""
    return Result((a, b), (score_a, score_b), 0 if score_a > score_b else 1)


def table(lines):
    return [(line.team, line.rank, line.played, line.wins, line.total, line.tied) for line in lines]


def test_games_wins_total_and_average_per_game():
    lines = standings(["A", "B"], [won("A", "B", 31, 20), won("B", "A", 31, 12)])
    by_team = {line.team: line for line in lines}
    assert (by_team["A"].played, by_team["A"].wins, by_team["A"].losses, by_team["A"].total) == (2, 1, 1, 43)
    assert by_team["A"].average == Fraction(43, 2)
    assert by_team["B"].average == Fraction(51, 2)


def test_the_highest_average_ranks_first_not_the_most_wins():
    results = [won("A", "B", 31, 29), won("A", "C", 31, 30), won("B", "C", 40, 10)]
    lines = standings(["A", "B", "C"], results)
    assert [line.team for line in lines] == ["B", "A", "C"]  # B: 34.5, A: 31, C: 20
    assert lines[1].wins == 2


def test_a_team_with_a_bye_is_ranked_on_the_games_it_played():
    lines = standings(["A", "B", "C"], [won("A", "B", 31, 10), won("C", "A", 31, 30), won("C", "B", 31, 0)])
    assert [(line.team, line.played) for line in lines] == [("C", 2), ("A", 2), ("B", 2)]
    lines = standings(["A", "B", "C"], [won("A", "B", 31, 10)])
    assert table(lines)[-1] == ("C", None, 0, 0, 0, False)
    assert lines[-1].average is None


def test_equal_averages_share_a_rank_and_the_next_rank_is_skipped():
    results = [won("A", "C", 30, 20), won("B", "D", 30, 10), won("C", "D", 31, 28)]
    lines = standings(["A", "B", "C", "D"], results)
    assert table(lines) == [
        ("A", 1, 1, 1, 30, True), ("B", 1, 1, 1, 30, True),
        ("C", 3, 2, 1, 51, False), ("D", 4, 2, 0, 38, False),
    ]
    assert leaders(lines) == ["A", "B"]
    assert ties(lines) == [frozenset("AB")]


def test_averages_are_compared_exactly():
    # A: 62 in 3 games and B: 124 in 6 are the same average, 20.666...; C's 20.5 is not
    results = [won("A", "X", 21, 0), won("A", "X", 21, 0), won("A", "X", 20, 0), won("C", "X", 20, 0),
               won("C", "X", 21, 0)] + [won("B", "X", score, 0) for score in (21, 21, 20, 21, 21, 20)]
    lines = standings(["A", "B", "C", "X"], results)
    assert [(line.team, line.rank, line.tied) for line in lines][:3] == [
        ("A", 1, True), ("B", 1, True), ("C", 3, False)]


def test_a_tie_break_hand_puts_its_winner_first():
    results = [won("A", "C", 30, 20), won("B", "D", 30, 10)]
    lines = standings(["A", "B", "C", "D"], results, [TieBreak(frozenset("AB"), "B")])
    assert [(line.team, line.rank, line.tied, line.tie_break) for line in lines[:2]] == [
        ("B", 1, False, True), ("A", 2, False, True),
    ]
    assert leaders(lines) == ["B"]


def test_a_three_way_tie_needs_a_tie_break_for_each_place():
    results = [won("A", "X", 30, 0), won("B", "X", 30, 0), won("C", "X", 30, 0)]
    first = [TieBreak(frozenset("ABC"), "C")]
    lines = standings(["A", "B", "C", "X"], results, first)
    assert [(line.team, line.rank, line.tied) for line in lines[:3]] == [
        ("C", 1, False), ("A", 2, True), ("B", 2, True)]
    lines = standings(["A", "B", "C", "X"], results, first + [TieBreak(frozenset("AB"), "B")])
    assert [(line.team, line.rank) for line in lines[:3]] == [("C", 1), ("B", 2), ("A", 3)]


def test_a_tie_break_between_teams_no_longer_tied_is_ignored():
    results = [won("A", "C", 30, 20), won("B", "D", 31, 10)]
    lines = standings(["A", "B", "C", "D"], results, [TieBreak(frozenset("AB"), "A")])
    assert [(line.team, line.rank, line.tie_break) for line in lines[:2]] == [("B", 1, False), ("A", 2, False)]


def test_a_corrected_score_re_ranks_the_teams():
    teams = ["A", "B", "C", "D"]
    before = standings(teams, [won("A", "B", 31, 25), won("C", "D", 31, 20)])
    assert [line.team for line in before][:2] == ["A", "C"]
    after = standings(teams, [won("A", "B", 31, 29), won("C", "D", 33, 20)])  # hand fixed in C's game
    assert [line.team for line in after][:2] == ["C", "A"]


def test_negative_scores_count_in_the_average():
    lines = standings(["A", "B"], [won("A", "B", 31, -7), won("A", "B", 35, -10)])
    assert lines[1].average == Fraction(-17, 2)


@pytest.mark.parametrize(("teams", "fee", "percent", "expected"), [
    (12, 2000, 50, (24000, 12000, 12000)),  # the seed: $20 a team, half to the winners
    (7, 2000, 50, (14000, 7000, 7000)),
    (5, 1500, 60, (7500, 4500, 3000)),
    (3, 1001, 50, (3003, 1501, 1502)),  # odd cents: the winners' share rounds down
    (4, 0, 50, (0, 0, 0)),
    (4, 2000, 100, (8000, 8000, 0)),
])
def test_payout_is_a_share_of_the_entry_fees(teams, fee, percent, expected):
    result = payout(teams, fee, percent)
    assert (result.fees, result.winner, result.house) == expected
