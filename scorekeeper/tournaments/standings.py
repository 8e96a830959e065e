"""Standings and payout: from finished games to ranks (pure: no Flask, no SQL).

Teams rank by their average score per game, highest first (seed 003: "whichever
team has the highest game average wins"). Averages are exact fractions, so equal
averages are a tie and share a rank (1, 1, 3). A recorded tie-break hand between
exactly the teams of a tie puts its winner first; the others stay tied.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import groupby
from typing import Generic, TypeVar

T = TypeVar("T", bound=Hashable)


@dataclass(frozen=True)
class Result(Generic[T]):
    """A finished game: its teams (two, or more where everyone plays alone), their final scores and the
    winning team's index."""

    teams: tuple[T, ...]
    scores: tuple[int, ...]
    winner: int | None
    winners: tuple[int, ...] = ()  # the indexes that won, where more than one did (a table of five: the pair)

    def won(self, side: int) -> bool:
        """Whether the team at `side` won the game (either of a winning pair)."""
        return side in self.winners if self.winners else side == self.winner


@dataclass(frozen=True)
class TieBreak(Generic[T]):
    """One more hand dealt between tied teams, and the team that won it."""

    teams: frozenset[T]
    winner: T


@dataclass(frozen=True)
class Line(Generic[T]):
    """A team's row of the standings; `rank` is None until it has played."""

    team: T
    rank: int | None
    played: int
    wins: int
    total: int
    tied: bool = False
    tie_break: bool = False

    @property
    def losses(self) -> int:
        """Games lost."""
        return self.played - self.wins

    @property
    def average(self) -> Fraction | None:
        """Points per game played, exact."""
        return Fraction(self.total, self.played) if self.played else None


@dataclass(frozen=True)
class Payout:
    """The entry fees, the winning team's share and what the house keeps, in cents."""

    fees: int
    winner: int
    house: int


def standings(teams: Sequence[T], results: Iterable[Result[T]],
              tie_breaks: Sequence[TieBreak[T]] = ()) -> list[Line[T]]:
    """Every team's line, best average first; `teams` gives the order within a tie."""
    tally = {team: [0, 0, 0] for team in teams}  # played, wins, total
    for result in results:
        for side, team in enumerate(result.teams):
            tally[team][0] += 1
            tally[team][1] += result.won(side)
            tally[team][2] += result.scores[side]
    lines = [Line(team, None, *tally[team]) for team in teams]
    ranked = sorted((line for line in lines if line.played), key=lambda line: -line.average)
    unranked = [line for line in lines if not line.played]
    out: list[Line[T]] = []
    for _, group in groupby(ranked, key=lambda line: line.average):
        out.extend(_rank_group(list(group), len(out) + 1, tie_breaks))
    return out + unranked


def _rank_group(group: list[Line[T]], rank: int, tie_breaks: Sequence[TieBreak[T]]) -> list[Line[T]]:
    """Lines of equal average: one rank, less the winners of tie-break hands between them."""
    out, decided = [], False
    while group:
        names = frozenset(line.team for line in group)
        winner = next((item.winner for item in reversed(tie_breaks) if item.teams == names), None)
        if len(group) < 2 or winner is None:
            out.extend(_with(line, rank, tied=len(group) > 1, tie_break=decided) for line in group)
            break
        first = next(line for line in group if line.team == winner)
        out.append(_with(first, rank, tied=False, tie_break=True))
        group.remove(first)
        rank, decided = rank + 1, True
    return out


def _with(line: Line[T], rank: int, tied: bool, tie_break: bool) -> Line[T]:
    return Line(line.team, rank, line.played, line.wins, line.total, tied, tie_break)


def leaders(lines: Sequence[Line[T]]) -> list[T]:
    """The teams ranked first (more than one: a tie still to break)."""
    return [line.team for line in lines if line.rank == 1]


def ties(lines: Sequence[Line[T]]) -> list[frozenset[T]]:
    """Each group of teams that share a rank, best first."""
    groups = groupby((line for line in lines if line.tied), key=lambda line: line.rank)
    return [frozenset(line.team for line in group) for _, group in groups]


def payout(team_count: int, fee_cents: int, percent: int) -> Payout:
    """Seed 003: the winning team gets a share of the fees (half), the house the rest."""
    fees = team_count * fee_cents
    winner = fees * percent // 100
    return Payout(fees, winner, fees - winner)
