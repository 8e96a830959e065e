"""The movement of a Pitch night: table sizes, sit-outs, winners_up's facts per table, late arrivals, rotation."""

from __future__ import annotations

import ast
import random
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import scorekeeper
from scorekeeper.nights import movement
from scorekeeper.nights.movement import Draw, Played, next_draw, seatable, table_sizes

COUNTS = [*range(1, 8), 11, *range(8, 42)]
SEEDS = range(3)


def players(count: int) -> list[str]:
    """`count` distinct names."""
    return [f"p{index:02d}" for index in range(count)]


def results(draw: Draw, rng: random.Random) -> Played:
    """A game at every table of `draw` with a random winning pair (partners across at four) and random scores."""
    winners = []
    for table in draw.tables:
        if len(table) == 4:
            side = rng.randrange(2)
            winners.append(frozenset((table[side], table[side + 2])))
        else:
            winners.append(frozenset(rng.sample(table, 2)))
    return Played(draw, tuple(winners), {player: rng.randrange(-10, 12) for player in draw.seated()})


def night(names: list[str], games: int, seed: int, kind: str = movement.WINNERS_UP, results_seed: int = 0):
    """A night of `games` games with random results; returns the history."""
    rng, history = random.Random(results_seed), []
    for _ in range(games):
        history.append(results(next_draw(names, history, seed, kind), rng))
    return history


def check_seating(draw: Draw, names: list[str]) -> None:
    """Everyone seated exactly once or sitting out, tables of four and five, as many seated as the count allows."""
    seated = draw.seated()
    assert sorted(seated + list(draw.out)) == sorted(names)
    assert len(set(seated)) == len(seated)
    assert all(len(table) in (4, 5) for table in draw.tables)
    assert len(seated) == seatable(len(names))


@pytest.mark.parametrize("count", range(0, 60))
def test_table_sizes_seat_everyone_the_count_allows(count):
    """Fours with the fewest fives (last); 1-3, 6, 7 and 11 seat the most they can."""
    most = seatable(count)
    sizes = table_sizes(most)
    assert sum(sizes) == most and sizes == sorted(sizes) and set(sizes) <= {4, 5}
    def fits(total):
        return [fives for fives in range(total // 5 + 1) if (total - 5 * fives) % 4 == 0]

    assert (most == count) == bool(fits(count))
    assert sizes.count(5) == min(fits(most))
    assert most == max(total for total in range(count + 1) if fits(total))


@pytest.mark.parametrize(("count", "out"), [(1, 1), (2, 2), (3, 3), (6, 1), (7, 2), (11, 1), (4, 0), (5, 0), (8, 0),
                                            (9, 0), (10, 0), (12, 0), (13, 0)])
def test_the_counts_that_sit_out(count, out):
    """The edges: who sits out at each count fours and fives cannot seat, nobody elsewhere."""
    assert count - seatable(count) == out
    if out:
        with pytest.raises(ValueError, match="cannot be seated"):
            table_sizes(count)
    else:
        assert sum(table_sizes(count)) == count


@pytest.mark.parametrize("count", [6, 7, 11])
def test_who_sits_out_is_drawn_from_the_seed(count):
    """The same seed, the same sit-outs; across seeds, different players sit out game 1."""
    names = players(count)
    assert next_draw(names, [], 5).out == next_draw(names, [], 5).out
    assert len({next_draw(names, [], seed).out for seed in range(20)}) > 1


@pytest.mark.parametrize("kind", movement.MOVEMENTS)
@pytest.mark.parametrize("count", COUNTS)
@pytest.mark.parametrize("seed", SEEDS)
def test_every_game_seats_everyone_once(kind, count, seed):
    """Over six games: everyone seated once or out, tables of four and five, the most seated the count allows."""
    names = players(count)
    for game in night(names, 6, seed, kind, results_seed=seed):
        check_seating(game.draw, names)


@pytest.mark.parametrize("kind", movement.MOVEMENTS)
@pytest.mark.parametrize("count", [1, 2, 3, 6, 7, 11])
def test_sit_outs_are_shared_fairly(kind, count):
    """Whoever sits out has sat out no more than anyone seated, so sit-outs never differ by more than one."""
    names = players(count)
    history = night(names, 12, seed=count, kind=kind)
    for index, game in enumerate(history):
        before = movement.sat_out(history[:index])
        if game.draw.out and game.draw.tables:
            assert max(before[p] for p in game.draw.out) <= min(before[p] for p in game.draw.seated())
        after = movement.sat_out(history[:index + 1])
        counts = [after[p] for p in names]
        assert max(counts) - min(counts) <= 1 or not game.draw.tables


@pytest.mark.parametrize("count", COUNTS)
def test_round_one_is_drawn_from_the_seed(count):
    """The same seed draws the same game 1, another seed (almost always) another."""
    names = players(count)
    draws = {seed: next_draw(names, [], seed) for seed in range(6)}
    assert draws[0] == next_draw(names, [], 0)
    if count >= 8:
        assert len({draw.tables for draw in draws.values()}) > 1


def check_winners_up(played: Played, after: Draw) -> None:
    """The movement's facts per table, for a game where the players and their count did not change."""
    tables, at = played.draw.tables, {p: index for index, table in enumerate(after.tables) for p in table}
    last = len(tables) - 1
    for index, (table, winners) in enumerate(zip(tables, played.winners, strict=True)):
        losers = [p for p in table if p not in winners]
        if index == 0:
            assert all(at[p] == 0 for p in winners)
            gone = [p for p in losers if at[p] != 0]
            assert all(at[p] == last for p in gone)
            assert len(gone) == (0 if last == 0 else 2)
        else:
            assert all(at[p] == index - 1 for p in winners)
            assert all(at[p] == index for p in losers)
    for index, table in enumerate(after.tables):
        before = set(tables[index])
        if index == 0 and len(table) == 4:
            assert {frozenset((table[0], table[2])), frozenset((table[1], table[3]))} == (
                {played.winners[0], frozenset(table) - played.winners[0]})
        elif index > 0:
            stay = len(table) - 2
            assert set(table[:stay]) <= before and not set(table[stay:]) & before


@pytest.mark.parametrize("count", [c for c in COUNTS if seatable(c) == c])
@pytest.mark.parametrize("seed", SEEDS)
def test_winners_up_moves_as_the_rule_says(count, seed):
    """Winners up one, losers stay, head winners stay, head losers to the last table, stayers partner arrivals."""
    names = players(count)
    history = night(names, 5, seed, results_seed=seed + 7)
    for played, after in zip(history, history[1:], strict=False):
        assert [len(t) for t in after.draw.tables] == [len(t) for t in played.draw.tables]
        check_winners_up(played, after.draw)


@pytest.mark.parametrize("sizes", [[4, 4], [4, 5], [4, 4, 5, 5], [5, 5, 5]])
def test_head_losers_go_to_the_last_table(sizes):
    """The head table's losers sit at the last table next game; at a head table of five, the loser of best own
    score stays (**decision**)."""
    names = players(sum(sizes))
    draw = Draw(movement.cut(names, sizes))
    head = draw.tables[0]
    winners = tuple(frozenset(t[:1] + t[2:3]) for t in draw.tables)
    scores = {p: index for index, p in enumerate(names)}
    after = movement.winners_up(names, [Played(draw, winners, scores)], seed=1)
    losers = [p for p in head if p not in winners[0]]
    if len(head) == 5:
        best = max(losers, key=scores.get)
        assert best in after.tables[0]
        losers.remove(best)
    assert set(losers) <= set(after.tables[-1])


@pytest.mark.parametrize("count", [4, 5, 8, 9, 12, 15, 16, 19, 20, 27, 40])
@pytest.mark.parametrize("late", [1, 2, 3, 4, 5])
def test_late_arrivals_sit_at_the_last_tables(count, late):
    """Late arrivals play from the next game on at the last tables (grown to five, or cut again into a new table);
    the tables from the head down keep the movement's seats, all but at most the last four (**decision**)."""
    names = players(count)
    history = night(names, 2, seed=count)
    everyone = names + [f"late{index}" for index in range(late)]
    after = next_draw(everyone, history, seed=count)
    check_seating(after, everyone)
    if after.out:
        return  # 11 players: who sits out is the fairness test's
    planned = [tuple(movement.seat(index, stay, arrive)) for index, (stay, arrive)
               in enumerate(movement.flow(history[-1]))]
    kept = next(index for index, table in enumerate([*after.tables, None])
                if index >= len(planned) or table != planned[index])
    assert after.tables[:kept] == tuple(planned[:kept])
    assert all(not set(table) & set(everyone[count:]) for table in after.tables[:kept])
    assert len(after.tables) - kept <= 4
    assert kept >= len(planned) - 3


@pytest.mark.parametrize(("count", "late", "sizes", "kept"), [
    (8, 1, [4, 5], 1), (12, 1, [4, 4, 5], 2), (12, 2, [4, 5, 5], 1), (13, 3, [4, 4, 4, 4], 2), (15, 1, [4] * 4, 0),
    (8, 4, [4, 4, 4], 2), (9, 4, [4, 5, 4], 2),
])
def test_late_arrival_edges(count, late, sizes, kept):
    """Where late arrivals grow the last table to five, split it into a new table, or cut the tables again."""
    names = players(count)
    history = night(names, 1, seed=3)
    after = next_draw(names + [f"late{index}" for index in range(late)], history, seed=3)
    planned = [tuple(movement.seat(i, s, a)) for i, (s, a) in enumerate(movement.flow(history[-1]))]
    assert [len(table) for table in after.tables] == sizes
    assert after.tables[:kept] == tuple(planned[:kept])


@pytest.mark.parametrize("count", [8, 12, 16, 20, 24])
def test_rotation_spreads_partners_more_than_a_naive_draw(count):
    """Over as many games as a player has possible partners, rotation gives more different partners than shuffles."""
    names, games = players(count), min(count - 1, 8)
    spread = {}
    for name, draw_of in (("rotation", lambda h, s: next_draw(names, h, s, movement.ROTATION)),
                          ("naive", lambda h, s: movement.first_draw(names, s * 1000 + len(h)))):
        totals = []
        for seed in range(4):
            history = []
            for _ in range(games):
                history.append(Played(draw_of(history, seed), ()))
            partners = Counter()
            for game in history:
                partners.update(movement.pairs_met(game.draw)[0])
            totals.append(len(partners))
        spread[name] = sum(totals)
    assert spread["rotation"] > spread["naive"]


@settings(max_examples=60, deadline=None)
@given(count=st.integers(1, 45), games=st.integers(1, 6), seed=st.integers(0, 2**31 - 1),
       results_seed=st.integers(0, 1000), kind=st.sampled_from(movement.MOVEMENTS),
       late=st.lists(st.integers(0, 5), min_size=6, max_size=6))
def test_any_night_seats_everyone_once(count, games, seed, results_seed, kind, late):
    """Any count, seed, results and late arrivals between games: every draw seats everyone once or out."""
    names, rng, history = players(count), random.Random(results_seed), []
    for game in range(games):
        names = names + [f"late{game}-{index}" for index in range(late[game])]
        draw = next_draw(names, history, seed, kind)
        check_seating(draw, names)
        history.append(results(draw, rng))


def test_an_unknown_movement_is_refused():
    """Only winners_up and rotation."""
    with pytest.raises(ValueError, match="movement must be one of"):
        next_draw(players(8), [], 1, "swiss")


def test_a_table_needs_two_winners_of_its_own():
    """A result naming other than two of the table's players is refused."""
    draw = Draw(movement.cut(players(8), [4, 4]))
    with pytest.raises(ValueError, match="two of its players"):
        movement.flow(Played(draw, (frozenset(["p00"]), frozenset(["p04", "p06"]))))


@pytest.mark.parametrize("module", ["movement", "scores"])
def test_the_night_core_is_pure(module):
    """The movement and the night's scores import neither Flask nor SQLAlchemy, nor the rest of the app."""
    path = Path(scorekeeper.__file__).parent / "nights" / f"{module}.py"
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    names |= {node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and not node.level}
    relative = [node for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.level]
    assert names and not relative
    assert not any(name.split(".")[0] in {"flask", "sqlalchemy", "scorekeeper", "werkzeug"} for name in names)
