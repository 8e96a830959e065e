"""Every other screen holds on every phone, at 200 % text too, and passes axe, for every preset and player count,
and for five at a table.

The screens (tests/browser/screens.py): the start page with the house-rules editor open, a hand's edit form, the
misdeal question, the conflict screen of a hand logged on two phones, a group's page, a person's page, a season's
leaderboard, the leaderboard by rating with who would win, a tournament's standings and its coordinator's page.
Each is put in its state from data made through the API (a group's four pages, the same group, made once for a
cell and kind of names; a tournament's two pages, likewise) and loaded once, then checked (tests/browser/layout.py) at
every phone size of the matrix by resizing, and at 200 % text at 320 px; then axe runs on it once, in the light or
the dark scheme.

The space: every screen at every preset and player count, and five at a table (five players, the dealer sitting out:
rules.sit_out) at every partnership preset for four (10 x (26 + 10) = 360 screen states: axe sees each one); the kind
of names (4) and the colour scheme (2) are spread over them pairwise (support/pairwise.py), over each kind of table on
its own, so every screen and every cell meets every kind of names and both schemes, at five too. The full product of
names, cells and phone sizes is kept where failures cluster: the sheet, the hand form and the winner screen
(test_layout_matrix.py).
"""

from __future__ import annotations

import pytest

from tests.browser.matrix import CELLS, FIVE_CELLS, NAMES, cell_id, problems_at_every_width
from tests.browser.screens import MADE, SCREENS
from tests.support.pairwise import full, pairwise, uncovered

pytestmark = [pytest.mark.browser, pytest.mark.pages]

# The tables: every preset at every player count it allows, and five at a table, the dealer sitting out (a cell
# (variant, 5) of a partnership preset for four: matrix.cell_rules). Each kind is spread pairwise on its own, so at five
# too every screen meets every kind of names and both schemes; the rows of the first kind are those it had alone.
# At five, the presets with the most points a hand (the jick's, 13-point's), the jokers (10-point) and Smear's end
# rule: what changes the screens here; test_layout_matrix.py has five at every partnership preset for four.
FIVE_HERE = ("ten-point", "five-point-jick", "thirteen-point", "smear")
TABLES = {"usual": CELLS, "five": [(variant, 5) for variant in FIVE_CELLS if variant in FIVE_HERE]}
ALL_CELLS = [cell for cells in TABLES.values() for cell in cells]


def dimensions(cells: list) -> dict:
    return {"cell": cells, "screen": list(SCREENS), "names": list(NAMES), "scheme": ["light", "dark"]}


ROWS = [row for cells in TABLES.values()
        for row in pairwise(dimensions(cells), keep=full({"cell": cells, "screen": list(SCREENS)}))]


def test_the_rows_cover_every_pair_and_every_screen_state():
    assert len(TABLES["five"]) == len(FIVE_HERE)
    for kind, cells in TABLES.items():
        assert uncovered([row for row in ROWS if row["cell"] in cells], dimensions(cells)) == set(), kind
    states = {(cell, screen) for cell in ALL_CELLS for screen in SCREENS}
    assert {(row["cell"], row["screen"]) for row in ROWS} == states
    assert len(ROWS) == len(ALL_CELLS) * len(SCREENS)


@pytest.mark.parametrize(("variant", "count"), ALL_CELLS, ids=[cell_id(*cell) for cell in ALL_CELLS])
def test_every_other_screen_holds(live_server, new_page, axe, variant, count):
    page = new_page(entry=None)
    MADE.clear()  # a group or tournament is made once for this cell and kind of names, on this test's server
    problems = []
    for row in (row for row in ROWS if row["cell"] == (variant, count)):
        label = f"{row['screen']} ({row['names']} names)"
        scope, extra = SCREENS[row["screen"]](page, live_server, variant, count, row["names"])
        problems += [f"{label} {problem}" for problem in problems_at_every_width(page, scope, extra, text_200=True)]
        page.emulate_media(color_scheme=row["scheme"])
        problems += [f"{label} axe ({row['scheme']}): {violation}" for violation in axe(page)]
        page.emulate_media(color_scheme="light")
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems)
