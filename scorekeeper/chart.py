"""The score chart: every team's running score by hand against the target, as SVG geometry.

Pure functions over a GameState; templates/_chart.html draws the result as
inline SVG (no chart library, no inline styles: the CSP allows only 'self').
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .rules import GameState

WIDTH, HEIGHT = 360, 220
LEFT, RIGHT, TOP, BOTTOM = 38, 14, 14, 34
NICE_STEPS = (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500)
MINUS = "\u2212"


@dataclass(frozen=True)
class Tick:
    """One gridline: where it is drawn and what it says."""

    at: float
    label: str


@dataclass(frozen=True)
class Series:
    """One team's line: its label, running scores from 0, and the SVG points."""

    team: int
    label: str
    scores: tuple[int, ...]
    points: str
    end_x: float
    end_y: float


@dataclass(frozen=True)
class Chart:
    """Everything _chart.html needs to draw the chart."""

    width: int
    height: int
    left: float
    right: float
    top: float
    bottom: float
    series: tuple[Series, ...]
    x_ticks: tuple[Tick, ...]
    y_ticks: tuple[Tick, ...]
    target: int
    target_y: float
    zero_y: float | None
    hands: int
    title: str
    description: str


def coordinate(value: float) -> str:
    """An SVG coordinate, short: 38 rather than 38.0."""
    return f"{value:g}"


def signed(number: int) -> str:
    """A score as people read it, with a real minus sign."""
    return f"{MINUS}{-number}" if number < 0 else str(number)


def nice_step(span: float, most: int) -> int:
    """The smallest round step that cuts `span` into at most `most` parts."""
    for step in NICE_STEPS:
        if span / step <= most:
            return step
    return NICE_STEPS[-1] * math.ceil(span / (most * NICE_STEPS[-1]))


def running_scores(state: GameState) -> list[tuple[int, ...]]:
    """Each team's score before the first hand and after every hand."""
    teams = range(state.table.rules.team_count)
    return [tuple([0] + [hand.scores[team] for hand in state.hands]) for team in teams]


def _y_range(lines: list[tuple[int, ...]], target: int) -> tuple[int, int, int]:
    """Bottom, top and step of the y axis: 0, the target and every score fit."""
    low = min(0, *(min(line) for line in lines))
    high = max(target, *(max(line) for line in lines))
    step = nice_step(max(high - low, 1), 6)
    return step * math.floor(low / step), step * math.ceil(high / step), step


def describe(state: GameState, lines: list[tuple[int, ...]]) -> str:
    """The chart in words, for screen readers: every team's scores hand by hand."""
    table, target = state.table, state.table.rules.target
    if not state.hands:
        return f"No hands yet; every team is on 0. The target is {target}."
    parts = [f"Running scores after each of {len(state.hands)} hands; the target is {target}."]
    for team, line in enumerate(lines):
        scores = ", ".join(signed(score) for score in line[1:])
        parts.append(f"{table.team_label(team)}: {scores}; now {signed(line[-1])}.")
    return " ".join(parts)


def build(state: GameState) -> Chart:
    """The chart of a game: lines from 0 through every hand, the target, the zero line."""
    table, target = state.table, state.table.rules.target
    lines = running_scores(state)
    hands = len(state.hands)
    bottom, top, step = _y_range(lines, target)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(index: int) -> float:
        return round(LEFT + plot_w * index / max(hands, 1), 1)

    def y(value: float) -> float:
        return round(TOP + plot_h * (top - value) / (top - bottom), 1)

    series = tuple(
        Series(
            team=team, label=table.team_label(team), scores=line,
            points=" ".join(f"{coordinate(x(index))},{coordinate(y(value))}" for index, value in enumerate(line)),
            end_x=x(hands), end_y=y(line[-1]),
        )
        for team, line in enumerate(lines)
    )
    x_step = nice_step(max(hands, 1), 8)
    x_ticks = tuple(Tick(x(number), str(number)) for number in range(0, hands + 1, x_step))
    y_ticks = tuple(Tick(y(value), signed(value)) for value in range(bottom, top + 1, step))
    return Chart(
        width=WIDTH, height=HEIGHT, left=LEFT, right=WIDTH - RIGHT, top=TOP, bottom=HEIGHT - BOTTOM,
        series=series, x_ticks=x_ticks, y_ticks=y_ticks, target=target, target_y=y(target),
        zero_y=y(0) if bottom < 0 else None, hands=hands,
        title="Running score by hand: " + ", ".join(f"{line.label} {signed(line.scores[-1])}" for line in series),
        description=describe(state, lines),
    )
