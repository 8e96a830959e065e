"""Who sits where in each game of a Pitch night: table sizes, sit-outs, `winners_up` and `rotation`.

Pure: players are any hashable, sortable values (names or ids); nothing here knows Flask or SQLAlchemy.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations

WINNERS_UP = "winners_up"
ROTATION = "rotation"
MOVEMENTS = (WINNERS_UP, ROTATION)
UNSEATABLE = {1: 0, 2: 0, 3: 0, 6: 5, 7: 5, 11: 10}  # counts fours and fives cannot seat: how many they can
ROTATION_TRIES = 60  # seeded candidate draws a rotation game is picked from


@dataclass(frozen=True)
class Draw:
    """One game's seating: the tables (table 1, the head table, first), each in seat order, and who sits out."""

    tables: tuple[tuple[Hashable, ...], ...]
    out: tuple[Hashable, ...] = ()

    def seated(self) -> list[Hashable]:
        """Every seated player, table by table."""
        return [player for table in self.tables for player in table]


@dataclass(frozen=True)
class Played:
    """A game as played: its draw and, per table, the winning pair and each player's own final score."""

    draw: Draw
    winners: tuple[frozenset, ...]
    scores: Mapping[Hashable, int] = field(default_factory=dict)


def seatable(count: int) -> int:
    """How many of `count` players tables of four and five can seat."""
    return UNSEATABLE.get(count, count)


def table_sizes(count: int) -> list[int]:
    """The tables for `count` seated players: fours, and the fewest fives (last) that seat them all."""
    if count != seatable(count):
        raise ValueError(f"{count} players cannot be seated at fours and fives")
    fives = count % 4
    return [4] * ((count - 5 * fives) // 4) + [5] * fives


def sat_out(history: Sequence[Played]) -> Counter:
    """How many games each player has sat out so far."""
    return Counter(player for game in history for player in game.draw.out)


def rng_for(seed: int, number: int) -> random.Random:
    """The seeded generator of game `number`'s draw."""
    return random.Random(f"night:{seed}:{number}")  # noqa: S311 (a fair draw, not a secret)


def choose_out(players: Sequence[Hashable], history: Sequence[Played], rng: random.Random) -> list[Hashable]:
    """Who sits out the next game: those with the fewest sit-outs so far, then in a seeded order."""
    count = len(players) - seatable(len(players))
    counts = sat_out(history)
    order = {player: rng.random() for player in players}
    return sorted(players, key=lambda player: (counts[player], order[player]))[:count]


def cut(players: Sequence[Hashable], sizes: Sequence[int]) -> tuple[tuple[Hashable, ...], ...]:
    """Consecutive tables of the given sizes."""
    starts = [sum(sizes[:index]) for index in range(len(sizes))]
    return tuple(tuple(players[start:start + size]) for start, size in zip(starts, sizes, strict=True))


def first_draw(players: Sequence[Hashable], seed: int) -> Draw:
    """Game 1: a seeded shuffle, the sit-outs (if the count needs them) drawn at random."""
    rng = rng_for(seed, 1)
    out = choose_out(players, [], rng)
    seated = [player for player in players if player not in set(out)]
    rng.shuffle(seated)
    return Draw(cut(seated, table_sizes(len(seated))), tuple(out))


def _losers(table: Sequence[Hashable], winners: frozenset) -> list[Hashable]:
    """The players of `table` who did not win, in seat order."""
    if len(winners) != 2 or not winners <= set(table):
        raise ValueError("each table's winners are two of its players")
    return [player for player in table if player not in winners]


def _head(table: Sequence[Hashable], winners: frozenset, scores: Mapping[Hashable, int]):
    """The head table: its winners stay (at a table of five, with the loser of best own score); the rest go last."""
    stay = [player for player in table if player in winners]
    losers = _losers(table, winners)
    if len(table) == 5:
        best = max(losers, key=lambda player: (scores.get(player, 0), -table.index(player)))
        stay, losers = stay + [best], [player for player in losers if player != best]
    return stay, losers


def flow(played: Played) -> list[tuple[list[Hashable], list[Hashable]]]:
    """Per table of the game played, who stays and who arrives (winners up one, head losers to the last)."""
    tables = played.draw.tables
    moves = [([], []) for _ in tables]
    for index, (table, winners) in enumerate(zip(tables, played.winners, strict=True)):
        if index == 0:
            stay, down = _head(table, winners, played.scores)
            moves[0][0].extend(stay)
            moves[-1][1].extend(down)
        else:
            moves[index][0].extend(_losers(table, winners))
            moves[index - 1][1].extend(player for player in table if player in winners)
    return moves


def seat(index: int, stay: list[Hashable], arrive: list[Hashable]) -> list[Hashable]:
    """A table's seats: the head table of four keeps partners (across), any other puts stayers first."""
    if index == 0 and len(stay) == len(arrive) == 2:
        return [stay[0], arrive[0], stay[1], arrive[1]]
    return stay + arrive


def _sizes_keeping(kept: Sequence[int], count: int) -> list[int]:
    """Table sizes for `count` players that keep the longest run of the tables' sizes from the head down."""
    for length in range(len(kept), -1, -1):
        head = list(kept[:length])
        rest = count - sum(head)
        if all(size in (4, 5) for size in head) and rest >= 0 and seatable(rest) == rest:
            return head + table_sizes(rest)
    raise AssertionError("zero players always fit")


def winners_up(players: Sequence[Hashable], history: Sequence[Played], seed: int) -> Draw:
    """The next game by `winners_up`: the last game's movement, sit-outs taken out, newcomers at the last tables."""
    rng = rng_for(seed, len(history) + 1)
    out = set(choose_out(players, history, rng))
    everyone = set(players)
    tables = [[player for player in seat(index, stay, arrive) if player in everyone and player not in out]
              for index, (stay, arrive) in enumerate(flow(history[-1]))]
    placed = {player for table in tables for player in table}
    newcomers = [player for player in players if player not in placed and player not in out]
    seated = [player for table in tables for player in table] + newcomers
    sizes = _sizes_keeping([len(table) for table in tables], len(seated))
    return Draw(cut(seated, sizes), tuple(player for player in players if player in out))


def pairs_met(draw: Draw) -> tuple[Counter, Counter]:
    """Partners (across a table of four) and opponents met in a draw; at a table of five every pair meets."""
    partners, opponents = Counter(), Counter()
    for table in draw.tables:
        for one, two in combinations(range(len(table)), 2):
            pair = frozenset((table[one], table[two]))
            if len(table) == 4 and (two - one) % 2 == 0:
                partners[pair] += 1
            else:
                opponents[pair] += 1
    return partners, opponents


def _repeats(draw: Draw, partners: Counter, opponents: Counter) -> int:
    """How much a draw repeats the night so far: a partner again weighs three, an opponent again one."""
    new_partners, new_opponents = pairs_met(draw)
    return (sum(3 * partners[pair] + opponents[pair] for pair in new_partners)
            + sum(opponents[pair] + partners[pair] for pair in new_opponents))


def rotation(players: Sequence[Hashable], history: Sequence[Played], seed: int) -> Draw:
    """The next game by `rotation`: of seeded candidate draws, the one that repeats partners and opponents least."""
    rng = rng_for(seed, len(history) + 1)
    out = choose_out(players, history, rng)
    seated = [player for player in players if player not in set(out)]
    partners, opponents = Counter(), Counter()
    for game in history:
        met = pairs_met(game.draw)
        partners.update(met[0])
        opponents.update(met[1])
    best = None
    for _ in range(ROTATION_TRIES):
        rng.shuffle(seated)
        draw = Draw(cut(seated, table_sizes(len(seated))), tuple(out))
        cost = _repeats(draw, partners, opponents)
        if best is None or cost < best[0]:
            best = (cost, draw)
    return best[1]


def next_draw(players: Sequence[Hashable], history: Sequence[Played], seed: int, movement: str = WINNERS_UP) -> Draw:
    """The draw of the next game of a night, from its players (in the order they registered) and its games so far."""
    if movement not in MOVEMENTS:
        raise ValueError(f"movement must be one of {', '.join(MOVEMENTS)}")
    if not history:
        return first_draw(players, seed)
    return (winners_up if movement == WINNERS_UP else rotation)(players, history, seed)
