"""Pairwise rows: every value of any dimension meets every value of any other in at least one row, in few rows.

The browser matrices (tests/browser/test_layout_screens.py) cannot afford every combination of their dimensions;
the rows here cover every pair of values instead. Rows that must be kept (a product the matrix keeps whole) come
first, their other dimensions filled where they cover most pairs not yet covered; rows are added until none is left.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from itertools import combinations, product

Row = dict[str, Hashable]


def pairs_of(row: Mapping[str, Hashable], names: Sequence[str]) -> set[tuple]:
    """The pairs of values a (complete) row covers, for dimensions in `names` order."""
    return {((a, row[a]), (b, row[b])) for a, b in combinations(names, 2)}


def uncovered(rows: Sequence[Mapping[str, Hashable]], dimensions: Mapping[str, Sequence[Hashable]]) -> set[tuple]:
    """The pairs of values of `dimensions` that no row holds."""
    names = list(dimensions)
    wanted = {((a, x), (b, y)) for a, b in combinations(names, 2) for x in dimensions[a] for y in dimensions[b]}
    for row in rows:
        wanted -= pairs_of(row, names)
    return wanted


def pairwise(dimensions: Mapping[str, Sequence[Hashable]], keep: Sequence[Mapping[str, Hashable]] = ()) -> list[Row]:
    """Rows over `dimensions` covering every pair of their values: the `keep` rows first (each naming some of the
    dimensions, its others filled), then as many more as it takes. The same arguments give the same rows."""
    names = list(dimensions)
    left = uncovered([], dimensions)
    rows: list[Row] = []

    def best(start: Mapping[str, Hashable]) -> Row:
        """`start` with its missing dimensions filled one by one, each with the value that covers most pairs left."""
        row = dict(start)
        for name in names:
            if name in row:
                continue
            row[name] = max(dimensions[name], key=lambda value: sum(
                ((a, row[a] if a != name else value), (b, row[b] if b != name else value)) in left
                for a, b in combinations(names, 2) if name in (a, b) and (a in row or a == name)
                and (b in row or b == name)))
        return row

    def add(row: Row) -> None:
        rows.append(row)
        left.difference_update(pairs_of(row, names))

    for start in keep:
        add(best(start))
    while left:
        (a, x), (b, y) = min(left, key=lambda pair: (names.index(pair[0][0]), names.index(pair[1][0]),
                                                      dimensions[pair[0][0]].index(pair[0][1]),
                                                      dimensions[pair[1][0]].index(pair[1][1])))
        add(best({a: x, b: y}))
    return rows


def full(dimensions: Mapping[str, Sequence[Hashable]]) -> list[Row]:
    """Every combination of the values of `dimensions`."""
    names = list(dimensions)
    return [dict(zip(names, values, strict=True)) for values in product(*(dimensions[name] for name in names))]
