"""The scores of a Pitch night: each player's own final scores added up, ranked by total or average.

Pure: plain values in, plain standings out.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

TOTAL = "total"
AVERAGE = "average"
RANK_BY = (TOTAL, AVERAGE)


@dataclass(frozen=True)
class GameLine:
    """One player's game: their own final score (their side's at four, their column at five), whether they won,
    and whether the losing side has signed the scorecard."""

    player: Hashable
    score: int
    won: bool
    confirmed: bool = True


@dataclass(frozen=True)
class Standing:
    """A player's night so far and their place."""

    player: Hashable
    rank: int
    tied: bool
    played: int
    won: int
    total: int
    average: Fraction | None
    best: int | None
    unconfirmed: int


def line_of(player: Hashable, games: Sequence[GameLine]) -> Standing:
    """A player's figures from their games (rank not yet known)."""
    total = sum(game.score for game in games)
    return Standing(
        player=player, rank=0, tied=False, played=len(games), won=sum(game.won for game in games), total=total,
        average=Fraction(total, len(games)) if games else None,
        best=max((game.score for game in games), default=None),
        unconfirmed=sum(not game.confirmed for game in games),
    )


def order_key(line: Standing, rank_by: str) -> tuple:
    """What ranks a player, best first when sorted descending: the total or the average (no game: last),
    then games won, then the best single game."""
    main = (1, line.total) if rank_by == TOTAL else (line.average is not None, line.average or 0)
    return (*main, line.won, line.best is not None, line.best or 0)


def standings(players: Iterable[Hashable], games: Iterable[GameLine], rank_by: str = TOTAL) -> list[Standing]:
    """Every player's night, ranked; players equal on every tie-break share a rank (1, 1, 3)."""
    if rank_by not in RANK_BY:
        raise ValueError(f"rank_by must be one of {', '.join(RANK_BY)}")
    by_player: dict[Hashable, list[GameLine]] = {player: [] for player in players}
    for game in games:
        by_player[game.player].append(game)
    lines = sorted((line_of(player, played) for player, played in by_player.items()),
                   key=lambda line: order_key(line, rank_by), reverse=True)
    keys = [order_key(line, rank_by) for line in lines]
    ranked = []
    for index, line in enumerate(lines):
        first = keys.index(keys[index])
        tied = keys.count(keys[index]) > 1
        ranked.append(Standing(**{**line.__dict__, "rank": first + 1, "tied": tied}))
    return ranked
