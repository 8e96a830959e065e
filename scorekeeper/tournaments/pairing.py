"""Rounds of a tournament: each team meets new opponents while any are left, byes go round fairly.

Pure: plain team ids in, plain rounds out (no Flask, no SQL).

The rounds follow the circle method (a Berger table): the teams are shuffled
with the tournament's seed, one is held fixed and the others turn one place a
round. In a cycle of n - 1 rounds (n teams, n even) every pair meets exactly
once. With an odd number of teams a "bye" takes the place of one more team:
the team drawn against it sits the round out, and in a cycle of n rounds every
team sits out exactly once. A tournament longer than a cycle starts the cycle
again, so no pair meets a second time before every pair has met once, and no
team gets a second bye before every team has had one.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

T = TypeVar("T", bound=Hashable)


@dataclass(frozen=True)
class Match(Generic[T]):
    """Two teams at a numbered table; the first holds seat 0 and deals first."""

    table: int
    teams: tuple[T, T]


@dataclass(frozen=True)
class Round(Generic[T]):
    """One round: its matches with table numbers, and the teams sitting it out."""

    number: int
    matches: tuple[Match[T], ...]
    byes: tuple[T, ...]

    @property
    def teams(self) -> list[T]:
        """Every team that plays in this round."""
        return [team for match in self.matches for team in match.teams]


def schedule(teams: Sequence[T], rounds: int, seed: int) -> list[Round[T]]:
    """The first `rounds` rounds for `teams`; the same teams and seed give the same rounds."""
    if len(teams) < 2:
        raise ValueError("A tournament needs at least two teams.")
    if len(set(teams)) != len(teams):
        raise ValueError("Each team is listed once.")
    order: list[T | None] = list(teams)
    random.Random(seed).shuffle(order)  # noqa: S311 (a fair draw, not a secret)
    if len(order) % 2:
        order.append(None)  # the bye
    return [_round(order, number) for number in range(1, rounds + 1)]


def _round(order: list[T | None], number: int) -> Round[T]:
    """Round `number` of the circle: the first place stays, the others turn."""
    size = len(order)
    turn = (number - 1) % (size - 1)
    ring = order[1:]
    line = [order[0]] + ring[len(ring) - turn:] + ring[:len(ring) - turn]
    pairs = [(line[index], line[size - 1 - index]) for index in range(size // 2)]
    if turn % 2:
        pairs[0] = (pairs[0][1], pairs[0][0])  # the fixed team deals first every other round
    matches, byes = [], []
    for first, second in pairs:
        if first is None or second is None:
            byes.append(second if first is None else first)
        else:
            matches.append(Match(len(matches) + 1, (first, second)))
    return Round(number, tuple(matches), tuple(byes))


def games_per_team(rounds: Sequence[Round[T]]) -> dict[T, int]:
    """How many games each team plays in `rounds`: one a round, less its byes."""
    played: dict[T, int] = {}
    for item in rounds:
        for team in item.teams:
            played[team] = played.get(team, 0) + 1
        for team in item.byes:
            played.setdefault(team, 0)
    return played
