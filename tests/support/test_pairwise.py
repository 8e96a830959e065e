"""The pairwise rows of the browser matrices cover every pair of values, keep the rows they must, and stay few."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.pairwise import full, pairwise, uncovered

# 2 to 5 dimensions of 1 to 6 values each (the values of one dimension distinct).
dimensions = st.lists(st.integers(1, 6), min_size=2, max_size=5).map(
    lambda sizes: {f"d{index}": [f"v{value}" for value in range(size)] for index, size in enumerate(sizes)})
# A draw of five dimensions of six values takes tens of milliseconds, more on a machine shared with browser runs.
SETTINGS = settings(deadline=None)


@SETTINGS
@given(dimensions)
def test_every_pair_of_values_is_in_a_row(dims):
    rows = pairwise(dims)
    assert uncovered(rows, dims) == set()
    assert all(set(row) == set(dims) and all(row[name] in dims[name] for name in dims) for row in rows)
    sizes = sorted((len(values) for values in dims.values()), reverse=True)
    assert sizes[0] * sizes[1] <= len(rows) <= len(full(dims))


@SETTINGS
@given(dimensions, st.data())
def test_kept_rows_come_first_as_given_and_the_rest_covers_what_they_miss(dims, data):
    kept_names = data.draw(st.lists(st.sampled_from(list(dims)), min_size=1, max_size=2, unique=True))
    keep = full({name: dims[name] for name in kept_names})
    rows = pairwise(dims, keep)
    assert [{name: row[name] for name in kept_names} for row in rows[:len(keep)]] == keep
    assert uncovered(rows, dims) == set()
    assert pairwise(dims, keep) == rows


def test_a_product_kept_whole_needs_no_more_rows_when_the_other_dimensions_are_smaller():
    dims = {"screen": list("abcdefghi"), "cell": list(range(26)), "names": list("wxyz"), "scheme": ["light", "dark"]}
    rows = pairwise(dims, full({"screen": dims["screen"], "cell": dims["cell"]}))
    assert len(rows) == 9 * 26 and uncovered(rows, dims) == set()
