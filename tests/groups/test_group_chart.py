"""The chart of wins over time: periods, running wins per person, ranking of the lines and the words for it."""

from __future__ import annotations

import datetime as dt

from scorekeeper.groups.chart import MOST_LINES, build

UTC = dt.UTC
NAMES = {"a": "Ann", "b": "Bo", "c": "Cy"}


def at(day: str, hour: int = 12) -> dt.datetime:
    """A moment of that UTC day."""
    return dt.datetime.fromisoformat(day).replace(hour=hour, tzinfo=UTC)


def test_wins_run_on_by_day_within_a_month():
    games = [(at("2026-03-01"), ["a", "c"]), (at("2026-03-01", 20), ["b"]), (at("2026-03-04"), ["a"])]
    chart = build(games, NAMES, ["a", "b", "c"])
    assert chart.columns == ("2026-03-01", "2026-03-04")
    assert {line.label: line.values[1:] for line in chart.table} == {"Ann": (1, 2), "Bo": (1, 1), "Cy": (1, 1)}
    assert [line.label for line in chart.series] == ["Ann", "Bo", "Cy"]
    assert "Wins now: Ann 2, Bo 1, Cy 1" in chart.description and "by day" in chart.description
    assert chart.series[0].points.startswith(f"{chart.left},")  # every line starts at 0 on the left


def test_wins_run_on_by_month_over_a_longer_span_and_a_day_is_utc():
    late = dt.datetime(2026, 1, 31, 23, 30, tzinfo=dt.timezone(dt.timedelta(hours=-5)))  # 1 February in UTC
    games = [(at("2026-01-10"), ["a"]), (late, ["b"]), (at("2026-04-02"), ["b"])]
    chart = build(games, NAMES, ["b", "a"])
    assert chart.columns == ("2026-01", "2026-02", "2026-04")
    assert {line.label: line.values[1:] for line in chart.table} == {"Bo": (0, 1, 2), "Ann": (1, 1, 1)}
    assert "Cy" not in {line.label for line in chart.table}  # no win: no line


def test_only_the_leaders_are_drawn_but_the_table_has_everyone():
    names = {str(n): f"P{n}" for n in range(9)}
    games = [(at("2026-05-01"), [str(n)]) for n in range(9)]
    chart = build(games, names, [])
    assert len(chart.series) == MOST_LINES and len(chart.table) == 9


def test_no_finished_game_says_so():
    chart = build([], NAMES, [])
    assert chart.series == () and chart.description == "No finished game yet: nobody has a win."
