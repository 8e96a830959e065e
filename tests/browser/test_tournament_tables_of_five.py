"""A tournament at tables of five, the dealer sitting out, set up on the coordinator's 320x640 phone: the set-up form's
box "Tables of 5 players: the dealer sits out each hand" ticked for the tournament rules, six players with 20-character
names registered alone (one table of five and a bye), round 1 drawn and its clock started; the table's game, read
through the API, seats the five with rules.sit_out "dealer"; its scorer link opened on another 320x640 phone, where a
hand is logged by quick entry (the form names the dealer who sits out and offers the four who play); the standings
show each of the five with their own score. The layout checks (tests/browser/layout.py) hold on every page at every
phone size and at 200 % text, and axe finds nothing in the light or the dark scheme."""

from __future__ import annotations

import re

import pytest
import requests
from playwright.sync_api import expect

from tests.browser.conftest import VIEWPORT
from tests.browser.layout import SAVE_IN_VIEW
from tests.browser.matrix import NAMES, problems_at_every_width
from tests.browser.table import scores  # the game's scores once the server holds a hand

pytestmark = [pytest.mark.browser, pytest.mark.pages]

PHONE = {"width": 320, "height": 640}
SEATED = NAMES["20"][:6]  # a table of five and one who sits the round out
# Seat 0 deals hand 1 and sits out; seats 1 and 3 (first and third to the dealer's left) play seats 2 and 4. Seat 1
# bids 5 and its side takes 7 of the 10 points: 7 each to seats 1 and 3, the other 3 each to seats 2 and 4.
BIDDER, BID, TAKEN, SCORES = 1, 5, 7, [0, 7, 3, 7, 3]


def checked(page, axe, label: str, scope: str = "main", extra: str | None = None) -> list[str]:
    """The layout problems under `scope` at every phone size and at 200 % text, and axe's violations in both
    schemes; the page is left at 320x640 in the light scheme."""
    found = [f"{label} {problem}" for problem in problems_at_every_width(page, scope, extra, text_200=True)]
    page.set_viewport_size(VIEWPORT)
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        found += [f"{label} axe ({scheme}): {violation}" for violation in axe(page)]
    page.emulate_media(color_scheme="light")
    page.set_viewport_size(PHONE)
    return found


def test_a_tournament_of_tables_of_five_set_up_on_a_phone_plays_a_hand(live_server, new_page, axe):
    problems = []
    coordinator = new_page(viewport=PHONE)
    coordinator.goto(f"{live_server}/tournaments/new")
    coordinator.get_by_label("Name").fill("Five at a Table Night at the Legion Hall")
    coordinator.get_by_label("Games per team").fill("2")
    coordinator.get_by_label("Rules").select_option("tournament")
    coordinator.get_by_label("Tables of 5 players: the dealer sits out each hand").check()
    problems += checked(coordinator, axe, "set-up form")
    coordinator.get_by_role("button", name="Create the tournament").click()
    expect(coordinator.get_by_text("each table seats 5 players")).to_be_visible()
    tournament_id = re.search(r"/t/([\w-]+)/manage", coordinator.url).group(1)
    made = requests.get(f"{live_server}/api/tournaments/{tournament_id}", timeout=10).json()
    assert (made["rules"], made["players_per_table"], made["team_size"]) == ({"sit_out": "dealer"}, 5, 1)

    for name in SEATED:
        coordinator.get_by_label("Player", exact=True).fill(name)
        coordinator.get_by_role("button", name="Register the player").click()
        expect(coordinator.locator(".t-flash")).to_have_text(f"{name} registered.")
    expect(coordinator.get_by_text("with 6, 1 sits out each round (a bye), in turn")).to_be_visible()
    problems += checked(coordinator, axe, "coordinator's page, registered")

    coordinator.get_by_role("button", name="Draw round 1 of 2").click()
    coordinator.get_by_role("button", name="Start the round 1 clocks").click()
    expect(coordinator.locator(".t-flash")).to_have_text("Round 1: the clocks are running.")
    cards = coordinator.locator("#round-1 .t-table-card")
    expect(cards).to_have_count(1)
    expect(coordinator.locator("#round-1 .t-bye")).to_have_count(1)
    heading = cards.first.locator("h4")
    expect(heading).to_have_text(re.compile(r"^Table 1: .+( v .+){4}$"))
    seated = heading.inner_text().removeprefix("Table 1: ").split(" v ")
    problems += checked(coordinator, axe, "coordinator's page, round 1")

    drawn = requests.get(f"{live_server}/api/tournaments/{tournament_id}/rounds/1", timeout=10).json()
    game_id = drawn["tables"][0]["game"]
    game = requests.get(f"{live_server}/api/games/{game_id}", timeout=10).json()
    assert game["players"] == seated and len(seated) == 5 and set(seated) < set(SEATED)
    assert game["rules"]["sit_out"] == "dealer" and game["rules"]["players"] == 5 and game["team_names"] is None

    phone = new_page(viewport=PHONE, entry=None)  # quick entry, the app's default
    phone.goto(cards.first.locator("a.url").get_attribute("href"))
    phone.get_by_role("button", name="Keep score on this phone").click()
    expect(phone).to_have_url(re.compile(rf"/games/{game_id}$"))
    phone.wait_for_function("() => window.gamePage")
    assert phone.locator("thead th.team").count() == 5
    phone.locator('[data-action="log"]').click()
    dialog = phone.locator("#hand-dialog")
    dialog.wait_for(state="visible")
    expect(dialog.locator('[data-slot="sits-out"]')).to_contain_text(f"{seated[0]} deals and sits out")
    bidders = [label.inner_text().strip() for label in dialog.locator("#f-bidder label.choice").all()
               if label.is_visible()]
    assert bidders == seated[1:]
    problems += checked(phone, axe, "hand form", "#hand-dialog", SAVE_IN_VIEW)  # as it opens: Save in view
    dialog.locator("#f-bidder").get_by_role("radio", name=seated[BIDDER], exact=True).check()
    dialog.locator("#f-bid").get_by_role("radio", name=str(BID), exact=True).check()
    dialog.locator("#f-quick").get_by_role("radio", name=str(TAKEN), exact=True).check()
    dialog.locator('[data-action="save"]').click()
    dialog.wait_for(state="hidden")
    assert scores(live_server, game_id) == SCORES
    problems += checked(phone, axe, "table's sheet")

    standings = new_page(viewport=PHONE)
    standings.goto(f"{live_server}/t/{tournament_id}")
    seats = standings.locator(f'.t-game[data-game="{game_id}"] .t-seats li')
    expect(seats).to_have_text([f"{name} {score}" for name, score in zip(seated, SCORES, strict=True)])
    problems += checked(standings, axe, "standings")
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems)
