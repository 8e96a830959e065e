"""Changing a game's edit key on one phone: the others stop writing and say why; the changing phone goes on."""

from __future__ import annotations

import pytest
from flask import request, request_started
from playwright.sync_api import expect

from tests.browser.table import api, body, log_hand, wait_controlled, wait_sent, wait_server

pytestmark = pytest.mark.browser

REPLACED = ("This phone's key was replaced on another phone; your {} kept. "
            "Open the new co-scorer link to keep scoring.")


def two_phones(live_server, new_page, start_game):
    """Phone A starts a game; phone B joins through the co-scorer link. Returns (a, b, game_id)."""
    a = new_page()
    game_id = start_game(a, live_server)
    b = new_page()
    b.goto(co_scorer_link(a))
    b.get_by_role("button", name="Keep score on this phone").click()
    b.wait_for_function("() => window.gamePage")
    return a, b, game_id


def co_scorer_link(page) -> str:
    page.locator("details.co-scorer").evaluate("details => { details.open = true; }")
    return page.locator("details.co-scorer a.url").get_attribute("href")


def change_key(page) -> str:
    """Change the key from the game page's dialog; returns the new co-scorer link once the page shows it."""
    old = co_scorer_link(page)
    page.get_by_role("link", name="Change the edit key").click()
    dialog = page.locator("#confirm-dialog")
    expect(dialog).to_contain_text("Every other phone keeping score of this game loses write access")
    dialog.get_by_role("button", name="Change the key").click()
    # the form's answer is a new page: while it loads, the document may have no body yet
    page.wait_for_function("(old) => document.body && !document.body.innerHTML.includes(old) && window.gamePage",
                           arg=old)
    new = co_scorer_link(page)
    assert new != old and "#key=" in new
    return new


@pytest.fixture
def start_game():
    from tests.browser.table import start_game as start

    return start


def sync_line(page):
    return page.locator('[data-slot="sync"]')


def test_phone_a_changes_the_key_b_is_refused_and_says_why_a_keeps_logging(live_server, new_page, start_game):
    a, b, game_id = two_phones(live_server, new_page, start_game)
    link = change_key(a)
    log_hand(b, "Bo", "6", {"two": "Us"})
    expect(sync_line(b)).to_have_text(REPLACED.format("1 unsent change is"))
    expect(b.locator("#conflict-dialog")).to_be_hidden()
    log_hand(a, "Cy", "5")
    wait_sent(a)
    assert len(api(live_server, game_id).json()["hands"]) == 1
    b.goto(link)  # B opens the new co-scorer link: its kept hand goes with the new key
    b.get_by_role("button", name="Keep score on this phone").click()
    b.wait_for_function("() => window.gamePage")
    screen = b.locator("#conflict-dialog")  # A logged hand 1 meanwhile: the scorer decides, as for any such hand
    expect(screen).to_be_visible()
    screen.get_by_role("button", name="Keep both: this phone's becomes hand 2").click()
    b.locator("#confirm-dialog").get_by_role("button", name="Keep both hands").click()  # the second question
    wait_sent(b)
    server = wait_server(live_server, game_id, 2)
    assert [hand["bidder"] for hand in server["hands"]] == [body("Cy", "5")["bidder"], body("Bo", "6")["bidder"]]


def test_an_offline_phone_with_queued_hands_stops_after_the_key_changed(app, live_server, new_page, start_game):
    a, b, game_id = two_phones(live_server, new_page, start_game)
    wait_controlled(b)  # the worker holds the app's files (the hand form's module among them) before the signal goes
    b.context.set_offline(True)
    log_hand(b, "Bo", "6", {"two": "Us"})
    log_hand(b, "Cy", "5")
    expect(sync_line(b)).to_contain_text("2 hands not sent yet")
    change_key(a)
    sent = []  # counted by the server: the page or its service worker (Background Sync) may be the one to send

    def note(sender, **extra):
        if request.method == "POST" and request.path.startswith(f"/api/games/{game_id}/"):
            sent.append(request.path)

    request_started.connect(note, app)
    b.context.set_offline(False)
    b.evaluate("() => window.dispatchEvent(new Event('online'))")
    expect(sync_line(b)).to_have_text(REPLACED.format("2 unsent changes are"))
    b.wait_for_timeout(4000)  # a retry would come within 2 s (the outbox's first back-off)
    request_started.disconnect(note, app)
    assert len(sent) == 1, sent  # the first hand, refused once; the second was never sent
    assert api(live_server, game_id).json()["hands"] == []
    assert b.evaluate("async () => (await window.PitchOutbox.entries()).length") == 2
