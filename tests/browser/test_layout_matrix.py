"""Every screen of a game holds on every phone, with any names and any number of players.

The space: every preset at every player count it allows (26) x names (short; 20 characters; 40 with spaces; 40
without: 104 cells) x widths 320, 360, 390, 414 and 430 in portrait and 844x390 in landscape. For each cell the
game's rows come from the API (made, set, misdeal, an edited hand, the moon or the bid of 5 with every trick where
the game has them, time called in a finished game with a clock and no moon), and each screen is loaded once and
checked at every width by resizing the viewport: the sheet of a game being played, its hand form (quick entry and
card by card, where the game has both; Save in view), the winner screen and the share page of a finished game.
tests/browser/layout.py says what each check refuses.
"""

from __future__ import annotations

import pytest
from layout import SAVE_IN_VIEW
from longnames import open_game
from matrix import CELLS, NAMES, Table, cell_id, problems_at_every_width

pytestmark = [pytest.mark.browser, pytest.mark.pages]


@pytest.mark.parametrize("names", NAMES)
@pytest.mark.parametrize(("variant", "count"), CELLS, ids=[cell_id(*cell) for cell in CELLS])
def test_every_screen_of_a_game_holds(live_server, new_page, variant, count, names):
    problems = []
    playing = Table(live_server, variant, count, names)
    playing.in_play()
    page = new_page(entry=None, service_workers="block")
    open_game(page, live_server, playing.game)
    problems += [f"sheet {p}" for p in problems_at_every_width(page, "main", text_200=True)]
    page.locator('[data-action="log"]').click()
    page.locator("#hand-dialog").wait_for(state="visible")
    for mode in ("first", "other"):
        found = problems_at_every_width(page, "#hand-dialog", SAVE_IN_VIEW, text_200=True)
        problems += [f"hand form ({mode}) {p}" for p in found]
        switch = page.locator("#hand-dialog [data-action='entry']")
        if mode == "first" and switch.count() and switch.first.is_visible():
            switch.first.click()
        else:
            break
    won = Table(live_server, variant, count, names)
    won.finished()
    open_game(page, live_server, won.game)
    problems += [f"winner {p}" for p in problems_at_every_width(page, "main", text_200=True)]
    page.goto(f"{live_server}/share/{won.game['id']}")
    problems += [f"share {p}" for p in problems_at_every_width(page, "main", text_200=True)]
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems)
