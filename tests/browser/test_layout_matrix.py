"""Every screen of a game holds on every phone, with any names and any number of players.

The space: every preset at every player count it allows (26), and five at a table at every partnership preset for
four (10), x names (short; 20 characters; 40 with spaces; 40 without: 144 cells) x widths 320, 360, 390, 414 and 430
in portrait and 844x390 in landscape, and 200 % text at 320 px. For each cell the game's rows come from the API (made,
set, misdeal, an edited hand, the moon or the bid of 5 with every trick where the game has them), then the same game
is won (on time where it has a clock, its time-called row after a moon set), and each screen is loaded once and
checked at every width by resizing the viewport: the sheet of the game being played, its hand form (quick entry and
card by card, where the game has both; Save in view, nothing drawn over it), the winner screen and the share page of
the finished game. Past the presets: seven players alone with every point of the catalogue, each worth the most, the
sheet and the hand form. tests/browser/layout.py says what each check refuses; the other screens are in
test_layout_screens.py.
"""

from __future__ import annotations

import pytest

from scorekeeper.rules import CATALOGUE
from scorekeeper.rules.catalogue import POINT_VALUES
from tests.browser.layout import SAVE_IN_VIEW
from tests.browser.longnames import open_game
from tests.browser.matrix import CELLS, FIVE_CELLS, NAMES, SIT_OUT, Table, cell_id, problems_at_every_width

pytestmark = [pytest.mark.browser, pytest.mark.pages]


# The most a game's points can be: every point of the catalogue (one joker or two: two), each worth the most.
EVERY_POINT = {key: max(POINT_VALUES) for key in CATALOGUE if key != "joker"}


def reopen(page, base: str, game: dict) -> None:
    """The phone that keeps score of `game` opens its page again (the game won since: the winner screen)."""
    page.goto(f"{base}/games/{game['id']}")
    page.wait_for_function("() => window.gamePage")


def sheet_and_form(page, base: str, playing: Table) -> list[str]:
    """The problems of the sheet of a game in play and of its hand form (quick entry, then card by card where the
    game has both)."""
    open_game(page, base, playing.game)
    problems = [f"sheet {p}" for p in problems_at_every_width(page, "main", text_200=True)]
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
    return problems


def every_screen(page, base: str, playing: Table) -> list[str]:
    """The problems of every screen of a game: its sheet and hand form in play (rows of every kind), then once won
    the winner screen and the share page."""
    playing.in_play()
    problems = sheet_and_form(page, base, playing)
    playing.finish()
    reopen(page, base, playing.game)
    problems += [f"winner {p}" for p in problems_at_every_width(page, "main", text_200=True)]
    page.goto(f"{base}/share/{playing.game['id']}")
    return problems + [f"share {p}" for p in problems_at_every_width(page, "main", text_200=True)]


@pytest.mark.parametrize("names", NAMES)
@pytest.mark.parametrize(("variant", "count"), CELLS, ids=[cell_id(*cell) for cell in CELLS])
def test_every_screen_of_a_game_holds(live_server, new_page, variant, count, names):
    playing = Table(live_server, variant, count, names)
    problems = every_screen(new_page(entry=None, service_workers="block"), live_server, playing)
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems)


@pytest.mark.parametrize("names", NAMES)
@pytest.mark.parametrize("variant", FIVE_CELLS)
def test_every_screen_of_a_game_of_five_holds(live_server, new_page, variant, names):
    """Five at a table, the dealer sitting out: five score columns, the form's line of who sits out and the four
    bidders, the winning pair's banner and the share page, at every width and at 200 % text."""
    playing = Table(live_server, variant, 5, names, rules=SIT_OUT)
    problems = every_screen(new_page(entry=None, service_workers="block"), live_server, playing)
    assert len(playing.current()["winners"]) == 2
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems)


@pytest.mark.parametrize("names", NAMES)
@pytest.mark.parametrize("in_play", ["dealt", "all"])
def test_seven_players_alone_with_every_point_at_its_most_hold(live_server, new_page, in_play, names):
    """House rules past every preset: seven players alone, the fourteen points of the catalogue each worth 10, dealt
    (card by card, a Nobody column) or all in play (quick entry too)."""
    playing = Table(live_server, "cutthroat", 7, names, rules={"points": EVERY_POINT, "in_play": in_play})
    assert len(playing.game["rules"]["points"]) == 14
    playing.in_play()
    problems = sheet_and_form(new_page(entry=None, service_workers="block"), live_server, playing)
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems)
