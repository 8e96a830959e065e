"""The group's charts: each person's wins so far, period by period, drawn by the app's one line chart; a person's
rating over their games; and a person's share of bids made at each bid level, as bars.

Pure functions over (finished time, winners) pairs. A period is a UTC day while
the games span at most a month, else a calendar month.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from scorekeeper.sheet.chart import Axes, Chart, line_chart

MOST_LINES = 6  # more lines than this cannot be told apart on a phone: the leaders are drawn, the table has all


def period_of(moment: dt.datetime, by_day: bool) -> str:
    """The period a game finished in: "2026-03-14" or "2026-03"."""
    day = moment.astimezone(dt.UTC).date()
    return day.isoformat() if by_day else day.isoformat()[:7]


def build(games: Sequence[tuple[dt.datetime, Sequence[str]]], names: dict[str, str], order: Sequence[str]) -> Chart:
    """The chart of `games` (finished time, the person ids who won), oldest first; `order` ranks the people."""
    by_day = bool(games) and (games[-1][0] - games[0][0]) <= dt.timedelta(days=31)
    periods: list[str] = []
    counts: dict[str, list[int]] = {person: [0] for person in names}  # wins at the start, then after each period
    for moment, winners in games:
        period = period_of(moment, by_day)
        if not periods or periods[-1] != period:
            periods.append(period)
            for line in counts.values():
                line.append(line[-1])
        for person in winners:
            if person in counts:
                counts[person][-1] += 1
    ranked = [person for person in order if person in counts and counts[person][-1] > 0]
    ranked += sorted((p for p in counts if p not in ranked and counts[p][-1] > 0),
                     key=lambda p: (-counts[p][-1], names[p].casefold()))
    lines = [(names[person], counts[person]) for person in ranked]
    kind = "day" if by_day else "month"
    drawn = line_chart(
        lines, Axes(steps=len(periods), x_labels=["", *periods], first_tick=1, x_parts=4, y_parts=5),
        name="wins", kind="person", css="chart wins-chart", x_label="", x_anchor="end", title="Wins over time",
        description=_describe(lines, periods, kind), empty=None if lines else _describe(lines, periods, kind),
        columns=tuple(periods), caption=f"Wins so far, by {kind}",
    )
    return replace(drawn, series=drawn.series[:MOST_LINES], table=drawn.series)


def _describe(lines: Sequence[tuple[str, Sequence[int]]], periods: Sequence[str], kind: str) -> str:
    """The chart in words: who has how many wins, over which periods."""
    if not lines:
        return "No finished game yet: nobody has a win."
    span = f"{periods[0]} to {periods[-1]}" if len(periods) > 1 else periods[0]
    wins = ", ".join(f"{name} {line[-1]}" for name, line in lines)
    return f"Wins so far by {kind}, {span}. Wins now: {wins}. The table below gives every {kind}."


def rating_chart(name: str, history: Sequence[tuple[str, int]], start: int) -> Chart:
    """One person's rating from `start` (a newcomer's) through each of their games (`history`: game id, rating after
    it), drawn by the app's one line chart on an axis that spans only the ratings."""
    values = [start, *(rating for _, rating in history)]
    games = len(history)
    words = (f"{name}'s rating after each of {games} game{'' if games == 1 else 's'}: from {start:,} to "
             f"{values[-1]:,}; highest {max(values):,}, lowest {min(values):,}." if games else
             f"{name} has no finished game yet: the rating starts at {start:,}.")
    return line_chart(
        [(name, values)],
        Axes(steps=games, x_labels=[str(number) for number in range(games + 1)], x_parts=4, y_parts=4,
             from_zero=False),
        name="rating", kind="person", css="chart rating-chart", x_label="game", x_anchor="middle",
        title=f"{name}'s rating over their games", description=words, empty=None if games else words,
    )


@dataclass(frozen=True)
class Bar:
    """One bid level's bar: its label, the bids and those made, and the share made (the bar's length, 0 to 100)."""

    label: str
    bids: int
    made: int
    made_pct: float


@dataclass(frozen=True)
class BarChart:
    """A person's bidding as bars, one per bid level from the lowest (drawn by bar_chart in
    templates/_shared/_chart.html)."""

    name: str  # the ids' prefix
    title: str
    bars: tuple[Bar, ...]


def bid_chart(name: str, levels: Sequence[dict[str, Any]]) -> BarChart:
    """The share of bids made at each level of `levels` (the person page's lines, labelled, lowest bid first)."""
    return BarChart(name="bid-chart", title=f"Share of {name}'s bids made, by bid",
                    bars=tuple(Bar(label=level["label"], bids=level["bids"], made=level["made"],
                                   made_pct=level["made_pct"]) for level in levels))
