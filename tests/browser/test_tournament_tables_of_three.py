"""A cutthroat tournament at tables of three on a 320 px phone: set up, players with long names, round 1 drawn
with one player sitting out, a table's scorer link opened on another phone and a hand logged there, and the
standings showing every player of that table with their score."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.layout import OVERFLOW
from tests.browser.table import scores

pytestmark = [pytest.mark.browser, pytest.mark.pages]

NARROW = {"width": 320, "height": 640}
SEATED = ["Bartholomew Featherstonehaugh-Jenkins", "Maximiliana Ostrova", "Cornelius Wetherby",
           "Philippa Van Houten", "Evangeline Sorensen", "Fitzgerald O'Malley", "Gwendolyn Abernathy"]


def test_a_cutthroat_tournament_of_tables_of_three_plays_a_hand_on_a_narrow_phone(live_server, new_page, axe):
    coordinator = new_page(viewport=NARROW)
    coordinator.goto(f"{live_server}/tournaments/new")
    coordinator.get_by_label("Name").fill("Cutthroat Night at the Legion Hall")
    coordinator.get_by_label("Games per team").fill("2")
    coordinator.get_by_label("Rules").select_option("cutthroat")
    coordinator.get_by_label("Players at each table (optional)").fill("3")
    coordinator.get_by_role("button", name="Create the tournament").click()
    expect(coordinator.get_by_text("each table seats 3 players")).to_be_visible()
    for name in SEATED:
        coordinator.get_by_label("Player", exact=True).fill(name)
        coordinator.get_by_role("button", name="Register the player").click()
        expect(coordinator.locator(".t-flash")).to_have_text(f"{name} registered.")
    expect(coordinator.get_by_text("with 7, 1 sits out each round (a bye), in turn")).to_be_visible()
    assert coordinator.evaluate(OVERFLOW) == []
    assert axe(coordinator) == []

    coordinator.get_by_role("button", name="Draw round 1 of 2").click()
    cards = coordinator.locator("#round-1 .t-table-card")
    expect(cards).to_have_count(2)
    expect(cards.first.locator("h4")).to_have_text(re.compile(r"^Table 1: .+ v .+ v .+$"))
    expect(coordinator.locator("#round-1 .t-bye")).to_have_count(1)
    assert coordinator.evaluate(OVERFLOW) == []
    assert axe(coordinator) == []
    seated = cards.first.locator("h4").inner_text().removeprefix("Table 1: ").split(" v ")
    link = cards.first.locator("a.url").get_attribute("href")

    phone = new_page(viewport=NARROW)
    phone.goto(link)
    phone.get_by_role("button", name="Keep score on this phone").click()
    expect(phone).to_have_url(re.compile(r"/games/[\w-]+(#.*)?$"))
    phone.wait_for_function("() => window.gamePage")
    game_id = re.search(r"/games/([\w-]+)", phone.url).group(1)
    dialog = phone.locator("#hand-dialog")
    phone.locator('[data-action="log"]').click()
    dialog.wait_for(state="visible")
    dialog.locator("#f-bidder").get_by_role("radio", name=seated[0], exact=True).check()
    dialog.locator("#f-bid").get_by_role("radio", name="2", exact=True).check()
    dialog.locator("#f-captured_game").get_by_role("radio", name=seated[1], exact=True).check()
    assert phone.evaluate(OVERFLOW) == []
    dialog.locator('[data-action="save"]').click()
    dialog.wait_for(state="hidden")
    assert scores(live_server, game_id) == [3, 1, 0]

    standings = new_page(viewport=NARROW)
    standings.goto(live_server + re.search(r"/t/[\w-]+", coordinator.url).group(0))
    table = standings.locator(f'.t-game[data-game="{game_id}"] .t-seats li')
    expect(table).to_have_text([f"{seated[0]} 3", f"{seated[1]} 1", f"{seated[2]} 0"])
    assert standings.evaluate(OVERFLOW) == []
    assert axe(standings) == []
