"""Every other screen holds on every phone, at 200 % text too, and passes axe, for every preset and player count.

The screens (tests/browser/screens.py): the start page with the house-rules editor open, a hand's edit form, the
misdeal question, the conflict screen of a hand logged on two phones, a group's page, a person's page, a season's
leaderboard, the leaderboard by rating with who would win, a tournament's standings and its coordinator's page.
Each is put in its state from data made through the API and loaded once, then checked (tests/browser/layout.py) at
every phone size of the matrix by resizing, and at 200 % text at 320 px; then axe runs on it once, in the light or
the dark scheme.

The space: every screen at every preset and player count (10 x 26 = 260 screen states: axe sees each one); the kind
of names (4) and the colour scheme (2) are spread over them pairwise (tests/pairwise.py), so every screen and every
cell meets every kind of names and both schemes. The full product of names, cells and phone sizes is kept where
failures cluster: the sheet, the hand form and the winner screen (test_layout_matrix.py).
"""

from __future__ import annotations

import pytest
from conftest import VIEWPORT
from matrix import CELLS, NAMES, cell_id, problems_at_every_width
from pairwise import full, pairwise, uncovered
from screens import SCREENS

pytestmark = [pytest.mark.browser, pytest.mark.pages]

DIMENSIONS = {"cell": CELLS, "screen": list(SCREENS), "names": list(NAMES), "scheme": ["light", "dark"]}
ROWS = pairwise(DIMENSIONS, keep=full({"cell": CELLS, "screen": list(SCREENS)}))


def test_the_rows_cover_every_pair_and_every_screen_state():
    assert uncovered(ROWS, DIMENSIONS) == set()
    assert {(row["cell"], row["screen"]) for row in ROWS} == {(cell, screen) for cell in CELLS for screen in SCREENS}


@pytest.mark.parametrize(("variant", "count"), CELLS, ids=[cell_id(*cell) for cell in CELLS])
def test_every_other_screen_holds(live_server, new_page, axe, variant, count):
    page = new_page(entry=None)
    problems = []
    for row in (row for row in ROWS if row["cell"] == (variant, count)):
        label = f"{row['screen']} ({row['names']} names)"
        scope, extra = SCREENS[row["screen"]](page, live_server, variant, count, row["names"])
        problems += [f"{label} {problem}" for problem in problems_at_every_width(page, scope, extra, text_200=True)]
        page.set_viewport_size(VIEWPORT)
        page.emulate_media(color_scheme=row["scheme"])
        problems += [f"{label} axe ({row['scheme']}): {violation}" for violation in axe(page)]
        page.emulate_media(color_scheme="light")
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems)
