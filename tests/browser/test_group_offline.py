"""A game started in a group with no signal: its page opens on the phone, its hands are logged there, and once the
connection is back it joins the group once, its hands after it. A create the group refuses loses no hand."""

from __future__ import annotations

import pytest
import requests
from playwright.sync_api import expect

from tests.browser.groups import OVERFLOW, PEOPLE, create_group
from tests.browser.table import api, assert_sheet, log_hand, wait_controlled, wait_sent, wait_server

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}


def group_games(base: str, group_id: str) -> list[str]:
    """The ids of the group's games, as the API lists them."""
    return [game["id"] for game in requests.get(f"{base}/api/groups/{group_id}", timeout=10).json()["games"]]


def start_offline(persistent, base: str, axe):
    """A phone creates a group, opens its page, loses the signal and starts a game there: seats typed (the group has
    nobody yet), two hands logged. Returns (context, page, group_id, key, game_id)."""
    context = persistent(viewport=PHONE)
    page = context.new_page()
    group_id, key = create_group(page, base)
    wait_controlled(page)
    page.reload()  # the group page, kept by the worker now that it controls the page
    context.set_offline(True)
    page.reload()
    page.get_by_role("link", name="Start a game in this group").click()
    page.wait_for_url(f"**/g/{group_id}/start")
    form = page.locator("#group-start-form")
    assert form.get_attribute("data-shell") == "true"  # the worker's shell: the server was not asked
    assert form.get_attribute("data-group-key") is None
    expect(page.get_by_role("heading", level=1)).to_have_text("A game for The Thursday Regulars")
    assert page.get_by_role("link", name="Back to the group").get_attribute("href") == f"/g/{group_id}"
    for seat, name in enumerate(PEOPLE, start=1):
        page.get_by_label(f"Seat {seat}", exact=True).fill(name)
    assert page.evaluate(OVERFLOW) <= 0, "the start page scrolls sideways"
    assert axe(page) == []
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url("**/games/*")
    page.wait_for_function("() => window.gamePage")
    game_id = page.url.rsplit("/", 1)[1]
    assert page.locator("#game").get_attribute("data-shell") == "true"
    log_hand(page, PEOPLE[0], "6")
    log_hand(page, PEOPLE[1], "7")
    expect(page.locator('[data-slot="sync"]')).to_contain_text("The new game and 2 hands not sent yet")
    assert api(base, game_id).status_code == 404 and group_games(base, group_id) == []
    return context, page, group_id, key, game_id


def test_a_game_started_offline_in_a_group_joins_it_once_with_its_hands(live_server, persistent, axe):
    context, page, group_id, key, game_id = start_offline(persistent, live_server, axe)
    phone = page.evaluate("() => window.gamePage.game")
    context.set_offline(False)
    wait_sent(page)
    server = wait_server(live_server, game_id, 2)
    assert server["group"] == group_id and len(server["people"]) == 4
    assert server["players"] == PEOPLE and server["scores"] == phone["scores"]
    assert [hand["id"] for hand in server["hands"]] == [hand["id"] for hand in phone["hands"]]
    assert_sheet(page, server)
    page.reload()  # online: the server's page, and the outbox has nothing more to send
    page.wait_for_function("() => window.gamePage && !window.gamePage.pending")
    assert page.locator("#game").get_attribute("data-shell") is None
    assert group_games(live_server, group_id) == [game_id]
    group = requests.get(f"{live_server}/api/groups/{group_id}", timeout=10).json()
    assert [person["name"] for person in group["people"]] == PEOPLE
    log_hand(page, PEOPLE[0], "Moon")  # the moon wins the game for seats 1 and 3
    wait_sent(page)
    assert wait_server(live_server, game_id, 3)["status"] == "finished"
    page.goto(f"{live_server}/g/{group_id}")
    page.reload()  # the page may be kept for 3 s: a reload asks again
    games = page.locator(".group-game")
    expect(games).to_have_count(1)
    assert games.first.locator("a").get_attribute("href") == f"/share/{game_id}"
    assert "won" in games.first.inner_text()
    leaders = page.locator("table[class*=group-table]").first.locator("tbody tr")
    expect(leaders).to_have_count(4)  # each person, 1 finished game (the group counts from 1)
    assert leaders.first.locator(".name-full").text_content() == PEOPLE[0]
    assert axe(page) == []


def test_a_game_the_group_refuses_stays_on_its_own_with_its_hands(live_server, persistent, axe):
    context, page, group_id, key, game_id = start_offline(persistent, live_server, axe)
    changed = requests.post(f"{live_server}/api/groups/{group_id}/key", headers={"Authorization": f"Bearer {key}"},
                            timeout=10)
    assert changed.status_code == 200  # on another phone: the key this phone holds no longer opens the group
    context.set_offline(False)
    screen = page.locator("#conflict-dialog")
    expect(screen).to_be_visible()
    expect(screen.get_by_role("heading")).to_have_text("This game did not join its group")
    assert "Its hands are kept on this phone" in screen.inner_text()
    assert axe(page) == []
    assert api(live_server, game_id).status_code == 404
    screen.get_by_role("button", name="Keep it as a game of its own").click()
    wait_sent(page)
    server = wait_server(live_server, game_id, 2)
    assert server.get("group") is None and server["players"] == PEOPLE
    assert group_games(live_server, group_id) == []


def test_a_phone_without_the_groups_key_is_told_it_cannot_start_there_offline(live_server, persistent, new_page, axe):
    group_id, _ = create_group(new_page(), live_server)
    context = persistent("reader", viewport={"width": 320, "height": 640})
    page = context.new_page()
    page.goto(f"{live_server}/g/{group_id}")
    wait_controlled(page)
    context.set_offline(True)
    page.goto(f"{live_server}/g/{group_id}/start")
    expect(page.get_by_role("heading", level=1)).to_have_text("This group is not on this phone")
    expect(page.get_by_role("alert")).to_contain_text("open the group's start page once while online")
    assert page.locator("#group-start-form").is_hidden()
    assert page.evaluate(OVERFLOW) <= 0, "the page scrolls sideways"
    assert axe(page) == []
