"""A tournament game's clock at the table, at 390x844: it starts from "Start the clock" or when hand 1's form
opens, and at zero the phone vibrates and a banner says time is called."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
import sqlalchemy as sa
from playwright.sync_api import expect

from scorekeeper.extensions import db
from scorekeeper.games.models import Game
from scorekeeper.web.records import utcnow
from tests.browser.table import api, start_game

pytestmark = [pytest.mark.browser, pytest.mark.pages]

PHONE = {"width": 390, "height": 844}
RUNNING = re.compile(r"^(30:00|29:[0-5]\d) left on the clock$")
# Record every navigator.vibrate call (headless Chromium has no motor to feel).
VIBRATE = ("window.__vibrations = [];"
           " navigator.vibrate = (pattern) => { window.__vibrations.push(pattern); return true; };")


def clocked_game(new_page, live_server, **options):
    """A tournament game on a phone; returns (page, game id)."""
    page = new_page(viewport=PHONE, **options)
    page.add_init_script(VIBRATE)
    return page, start_game(page, live_server, variant="tournament")


def started_at(live_server, game_id):
    return api(live_server, game_id).json()["clock"]["started_at"]


def test_the_clock_starts_from_the_button(live_server, new_page):
    page, game_id = clocked_game(new_page, live_server)
    clock, button = page.locator('[data-slot="clock"]'), page.get_by_role("button", name="Start the clock")
    expect(clock).to_have_text("The 30-minute clock starts with the first hand.")
    expect(button).to_be_visible()
    assert started_at(live_server, game_id) is None
    button.click()
    expect(clock).to_have_text(RUNNING)
    expect(button).to_be_hidden()
    first = started_at(live_server, game_id)
    assert first is not None
    page.locator('[data-action="log"]').click()  # opening hand 1 leaves a running clock alone
    expect(page.locator("#hand-dialog")).to_be_visible()
    page.wait_for_timeout(500)
    assert started_at(live_server, game_id) == first
    assert page.locator('[data-slot="notice"]').is_hidden()


def test_opening_the_first_hand_starts_the_clock(live_server, new_page):
    page, game_id = clocked_game(new_page, live_server)
    page.locator('[data-action="log"]').click()
    dialog = page.locator("#hand-dialog")
    expect(dialog).to_be_visible()
    page.wait_for_function(
        "(id) => fetch(`/api/games/${id}`).then((r) => r.json()).then((game) => game.clock.started_at !== null)",
        arg=game_id, polling=200,
    )
    dialog.get_by_role("button", name="Cancel").click()
    expect(dialog).to_be_hidden()
    expect(page.locator('[data-slot="clock"]')).to_have_text(RUNNING)
    expect(page.get_by_role("button", name="Start the clock")).to_be_hidden()


def test_a_co_scorer_sees_the_clock_start(live_server, new_page):
    page, game_id = clocked_game(new_page, live_server)
    page.locator("details.co-scorer").evaluate("details => { details.open = true; }")
    other = new_page(viewport=PHONE)
    other.goto(page.locator("details.co-scorer a.url").get_attribute("href"))
    other.get_by_role("button", name="Keep score on this phone").click()
    other.wait_for_function("() => window.gamePage")
    expect(other.get_by_role("button", name="Start the clock")).to_be_visible()
    page.get_by_role("button", name="Start the clock").click()
    expect(other.locator('[data-slot="clock"]')).to_have_text(RUNNING, timeout=5000)  # its poll
    expect(other.get_by_role("button", name="Start the clock")).to_be_hidden()


def test_at_zero_the_phone_vibrates_and_a_banner_says_time_is_called(app, live_server, new_page, axe):
    page, game_id = clocked_game(new_page, live_server)
    page.get_by_role("button", name="Start the clock").click()
    expect(page.locator('[data-slot="clock"]')).to_have_text(RUNNING)
    with app.app_context():  # 3 seconds left
        db.session.execute(sa.update(Game).where(Game.id == game_id).values(
            clock_started_at=utcnow() - timedelta(minutes=30) + timedelta(seconds=3)))
        db.session.commit()
    page.reload()
    page.wait_for_function("() => window.gamePage")
    banner = page.get_by_role("alert").filter(has_text="Time is called")
    expect(banner).to_be_hidden()
    expect(banner).to_have_text(
        "Time is called. The hand in play may be finished and logged; then the side ahead wins.", timeout=8000)
    assert page.evaluate("() => window.__vibrations") == [[400, 200, 400]]
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        assert axe(page) == [], scheme
    page.wait_for_timeout(3500)  # the next poll: the server has called time
    expect(page.locator('[data-slot="clock"]')).to_have_text("Time is called.")
    expect(banner).to_be_visible()
    assert page.evaluate("() => window.__vibrations.length") == 1  # once
    assert api(live_server, game_id).json()["time_called"] == {"after_hand": 0, "finish_hand": True}
