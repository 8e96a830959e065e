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

Tables of three or more teams (cutthroat at 3 to 7, every player a team) have no
such table to follow, so each round is drawn in turn: the teams with the fewest
byes so far sit out (as many as do not fill a table, earliest in the shuffled
order first), then the others are seated to keep pairs that have met already
apart: a few seated draws, each improved by swapping teams between tables while
a swap lowers the cost of repeat meetings (a pair meeting again costs the square
of its meetings so far, so repeats are spread, not piled on one pair), the
cheapest kept. It is a search, not a proof: a repeat happens only when it found
no draw without one.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations
from math import isqrt
from typing import Generic, TypeVar

T = TypeVar("T", bound=Hashable)
C = TypeVar("C")
SEATINGS = 4  # seated draws tried per round of tables of three or more; the fewest repeat meetings is kept
SWAP_PASSES = 8  # passes of swaps between tables per seated draw (each pass that swaps lowers the repeats)


@dataclass(frozen=True)
class Match(Generic[T]):
    """The teams at a numbered table (two, or more where everyone plays alone); the first holds seat 0 and
    deals first."""

    table: int
    teams: tuple[T, ...]


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


def schedule(teams: Sequence[T], rounds: int, seed: int, per_table: int = 2) -> list[Round[T]]:
    """The first `rounds` rounds for `teams`, `per_table` teams at a table; the same teams and seed give the
    same rounds."""
    if len(teams) < per_table or per_table < 2:
        raise ValueError(f"A tournament needs at least {per_table} teams to fill a table.")
    if len(set(teams)) != len(teams):
        raise ValueError("Each team is listed once.")
    order: list[T | None] = list(teams)
    random.Random(seed).shuffle(order)  # noqa: S311 (a fair draw, not a secret)
    if per_table > 2:
        return _drawn_rounds([team for team in order if team is not None], rounds, seed, per_table)
    if len(order) % 2:
        order.append(None)  # the bye
    return [_round(order, number) for number in range(1, rounds + 1)]


def _drawn_rounds(order: list[T], rounds: int, seed: int, per_table: int) -> list[Round[T]]:
    """Rounds of tables of `per_table` teams, each drawn knowing who has met and who has sat out.

    Teams are numbered by their place in the shuffled order; `met[a][b]` is what their meeting again costs
    (the square of their meetings so far).
    """
    count = len(order)
    met = [[0] * count for _ in range(count)]
    byes = [0] * count
    out = []
    for number in range(1, rounds + 1):
        resting = sorted(range(count), key=lambda team: byes[team])[:count % per_table]  # stable: shuffled order
        playing = [team for team in range(count) if team not in resting]
        draw = random.Random(f"{seed}:{number}")  # noqa: S311 (a fair draw, not a secret)
        tables = _best_seating(playing, per_table, met, draw)
        for table in tables:
            for first, second in combinations(table, 2):
                met[first][second] = met[second][first] = _again(met[first][second])
        for team in resting:
            byes[team] += 1
        matches = tuple(Match(index, tuple(order[team] for team in table)) for index, table in enumerate(tables, 1))
        out.append(Round(number, matches, tuple(order[team] for team in resting)))
    return out


def _again(cost: int) -> int:
    """The cost of a pair meeting once more: 0 for pairs that never met, 1 after one meeting, then 4, 9 (the
    square of the meetings), so the search spreads repeats rather than piling them on one pair."""
    return (isqrt(cost) + 1) ** 2


def _best_seating(playing: list[int], per_table: int, met: list[list[int]], draw: random.Random) -> list[list[int]]:
    """The seating with the fewest repeats of up to SEATINGS tried (the first without any at once)."""
    tried = (_seated(playing, per_table, met, draw) for _ in range(SEATINGS))
    return _first_least(tried, lambda tables: _repeats(tables, met))


def _first_least(candidates: Iterable[C], cost: Callable[[C], int]) -> C:
    """The first of the candidates that costs least, taken at once if it costs nothing (the rest not made)."""
    best, fewest = None, None
    for candidate in candidates:
        spent = cost(candidate)
        if fewest is None or spent < fewest:
            best, fewest = candidate, spent
            if not spent:
                break
    return best


def _repeats(tables: list[list[int]], met: list[list[int]]) -> int:
    """What the pairs at these tables cost for meeting again (0: no pair has met before)."""
    return sum(_cost(table, met) for table in tables)


def _cost(table: list[int], met: list[list[int]]) -> int:
    return sum(met[first][second] for first, second in combinations(table, 2))


def _seated(playing: list[int], per_table: int, met: list[list[int]], draw: random.Random) -> list[list[int]]:
    """One seating: greedy from a shuffled order (each seat to the first team that has met the table least),
    then swaps between tables while one lowers the repeats."""
    pool = list(playing)
    draw.shuffle(pool)
    tables: list[list[int]] = []
    while pool:
        table = [pool.pop(0)]
        while len(table) < per_table:
            table.append(pool.pop(_least_met(pool, table, met)))
        tables.append(table)
    for _ in range(SWAP_PASSES):
        if not _repeats(tables, met) or not _swap_pass(tables, met):
            break
    return tables


def _least_met(pool: list[int], table: list[int], met: list[list[int]]) -> int:
    """The place in `pool` of the first team that has met the teams at `table` least."""
    return _first_least(range(len(pool)), lambda index: sum(met[pool[index]][seated] for seated in table))


def _swap_pass(tables: list[list[int]], met: list[list[int]]) -> bool:
    """Swap each team that has met someone at its table with the first team elsewhere whose swap lowers the
    repeats; False if no swap did."""
    swapped = False
    for first in tables:
        for i in range(len(first)):
            a = first[i]
            stays = sum(met[a][x] for x in first if x != a)
            if stays:
                swapped = _swap_away(a, i, stays, first, tables, met) or swapped
    return swapped


def _swap_away(a: int, i: int, stays: int, first: list[int], tables: list[list[int]], met: list[list[int]]) -> bool:
    """Swap a (seat i of `first`, where it has `stays` meetings) with the first team whose swap lowers the
    repeats: what a and b leave behind must be more than what they meet at their new tables."""
    for second in tables:
        if second is first:
            continue
        a_joins = sum(met[a][y] for y in second)
        for j, b in enumerate(second):
            b_leaves = sum(met[b][y] for y in second)
            joining = sum(met[b][x] for x in first) - met[b][a] + a_joins - met[a][b]
            if joining < stays + b_leaves:
                first[i], second[j] = b, a
                return True
    return False


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
