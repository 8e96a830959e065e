"""Line charts as SVG geometry: one builder for the game's running score and the group's wins over time.

Pure functions; templates/_shared/_chart.html draws a Chart as inline SVG (no chart
library, no inline styles: the CSP allows only 'self'; colours in app.css, so
dark mode and print follow), with its words for screen readers and, when the
chart has one, the same figures as a table.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from scorekeeper.rules import GameState

from .wording import num

WIDTH, HEIGHT = 360, 220
LEFT, RIGHT, TOP, BOTTOM = 38, 14, 14, 34
NICE_STEPS = (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500)


@dataclass(frozen=True)
class Tick:
    """One gridline: where it is drawn and what it says."""

    at: float
    label: str


@dataclass(frozen=True)
class Series:
    """One line: its place among the lines (its colour and dash), label, values from the start, and SVG points."""

    index: int
    label: str
    values: tuple[int, ...]
    points: str
    end_x: float
    end_y: float


@dataclass(frozen=True)
class Chart:
    """Everything _chart.html needs to draw a chart."""

    name: str  # the ids' prefix: "chart" gives chart-title, chart-desc
    kind: str  # the lines' class: "team" gives chart-team-0, chart-team-1…
    css: str  # the figure's classes
    width: int
    height: int
    left: float
    right: float
    top: float
    bottom: float
    series: tuple[Series, ...]  # the lines drawn
    x_ticks: tuple[Tick, ...]
    y_ticks: tuple[Tick, ...]
    x_label: str  # what the x axis counts, written at its end ("" for none)
    x_anchor: str  # how an x tick's label sits on it: "middle", or "end" for long labels
    target: int | None
    target_y: float | None
    zero_y: float | None
    title: str
    description: str
    empty: str | None = None  # said instead of the chart when there is nothing to draw
    table: tuple[Series, ...] = ()  # every line, as rows of the chart's table (none: no table)
    columns: tuple[str, ...] = ()  # the table's columns: one per value after the start
    caption: str = ""  # the table's caption


def coordinate(value: float) -> str:
    """An SVG coordinate, short: 38 rather than 38.0."""
    return f"{value:g}"


def nice_step(span: float, most: int) -> int:
    """The smallest round step that cuts `span` into at most `most` parts."""
    for step in NICE_STEPS:
        if span / step <= most:
            return step
    return NICE_STEPS[-1] * math.ceil(span / (most * NICE_STEPS[-1]))


@dataclass(frozen=True)
class Axes:
    """How a chart's values map to the plot: the steps along x, the y range, and the parts each axis is cut in."""

    steps: int  # values after the start on each line
    x_labels: Sequence[str]  # one per position, 0 (the start) to steps
    first_tick: int = 0  # the first position labelled
    x_parts: int = 8
    y_parts: int = 6
    target: int | None = None
    from_zero: bool = True  # 0 is on the y axis (scores); a rating's axis spans only its values


def line_chart(lines: Sequence[tuple[str, Sequence[int]]], axes: Axes, **words) -> Chart:
    """A chart of `lines` (label, values from the start), each with axes.steps + 1 values: 0, the target and every
    value fit the y axis; `words` are the Chart's name, kind, css, title, description and the rest."""
    values = [value for _, line in lines for value in line]
    floor = [0] if axes.from_zero or not values else []
    low = min([*floor, *values]) if values else 0
    high = max(axes.target or 0, 1 if axes.from_zero else low, *values) if values else max(axes.target or 0, 1)
    step = nice_step(max(high - low, 1), axes.y_parts)
    bottom, top = step * math.floor(low / step), step * math.ceil(high / step)
    top = max(top, bottom + step)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(index: int) -> float:
        return round(LEFT + plot_w * index / max(axes.steps, 1), 1)

    def y(value: float) -> float:
        return round(TOP + plot_h * (top - value) / (top - bottom), 1)

    series = tuple(
        Series(index=index, label=label, values=tuple(line),
               points=" ".join(f"{coordinate(x(at))},{coordinate(y(value))}" for at, value in enumerate(line)),
               end_x=x(len(line) - 1), end_y=y(line[-1]))
        for index, (label, line) in enumerate(lines)
    )
    x_step = nice_step(max(axes.steps, 1), axes.x_parts)
    return Chart(
        width=WIDTH, height=HEIGHT, left=LEFT, right=WIDTH - RIGHT, top=TOP, bottom=HEIGHT - BOTTOM,
        series=series,
        x_ticks=tuple(Tick(x(at), axes.x_labels[at]) for at in range(axes.first_tick, axes.steps + 1, x_step)),
        y_ticks=tuple(Tick(y(value), num(value)) for value in range(bottom, top + 1, step)),
        target=axes.target, target_y=y(axes.target) if axes.target is not None else None,
        zero_y=y(0) if bottom < 0 else None, **words,
    )


def running_scores(state: GameState) -> list[tuple[int, ...]]:
    """Each team's score before the first hand and after every hand."""
    teams = range(state.table.rules.score_count)  # a line a team, or a player where the dealer sits out
    return [tuple([0] + [hand.scores[team] for hand in state.hands]) for team in teams]


def describe(state: GameState, lines: list[tuple[int, ...]]) -> str:
    """The chart in words, for screen readers: every team's scores hand by hand."""
    table, target = state.table, state.table.rules.target
    if not state.hands:
        return f"No hands yet; every team is on 0. The target is {target}."
    parts = [f"Running scores after each of {len(state.hands)} hands; the target is {target}."]
    for team, line in enumerate(lines):
        scores = ", ".join(num(score) for score in line[1:])
        parts.append(f"{table.team_label(team)}: {scores}; now {num(line[-1])}.")
    return " ".join(parts)


def build(state: GameState) -> Chart:
    """The chart of a game: each team's running score from 0 through every hand, the target, the zero line."""
    table, target, hands = state.table, state.table.rules.target, len(state.hands)
    lines = running_scores(state)
    labelled = [(table.team_label(team), line) for team, line in enumerate(lines)]
    axes = Axes(steps=hands, x_labels=[str(number) for number in range(hands + 1)], target=target)
    return line_chart(
        labelled, axes, name="chart", kind="team", css="chart", x_label="hand", x_anchor="middle",
        title="Running score by hand: " + ", ".join(f"{label} {num(line[-1])}" for label, line in labelled),
        description=describe(state, lines),
        empty=None if hands else f"The chart starts after the first hand. The target is {target}.",
    )
