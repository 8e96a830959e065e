"""Screens that hold at a real table: 320 and 390 px wide, 20-character team and player names, every
control reachable without a sideways scroll, the standings' ranking column in view."""

from __future__ import annotations

import pytest
import requests
from playwright.sync_api import expect

from tests.browser.layout import OVERFLOW
from tests.browser.longnames import LONG_PLAYERS, POINTS, TEAMS, create_game, open_game
from tests.browser.table import choose

pytestmark = [pytest.mark.browser, pytest.mark.pages]

SIZES = [{"width": 390, "height": 844}, {"width": 320, "height": 640}]
SIZE_IDS = ["390x844", "320x640"]


def make_tournament(base: str) -> str:
    """A tournament of four teams with long names and a round played; its id."""
    made = requests.post(f"{base}/api/tournaments", json={"name": "Long Names Open", "games_per_team": 2},
                         timeout=10).json()
    key = {"Authorization": f"Bearer {made['edit_key']}"}
    names = [TEAMS[0], TEAMS[1], "Saturday Night Pitch", "Bartholomew & Maxi O"]
    for index, name in enumerate(names):
        players = [f"{LONG_PLAYERS[index % 4]} {index}"[:20], f"Player Number {index} Long"[:20]]
        requests.post(f"{base}/api/tournaments/{made['id']}/teams", json={"name": name, "players": players},
                      headers=key, timeout=10).raise_for_status()
    drawn = requests.post(f"{base}/api/tournaments/{made['id']}/rounds", json={}, headers=key, timeout=10)
    drawn.raise_for_status()
    for table in drawn.json()["tables"]:
        body = {"bidder": 0, "bid": 5, "captured": {key: 0 for key in POINTS}}
        requests.post(f"{base}/api/games/{table['game']}/hands", json=body,
                      headers={"Authorization": f"Bearer {table['edit_key']}"}, timeout=10).raise_for_status()
    return made["id"]


def assert_fits(page) -> None:
    assert page.evaluate(OVERFLOW) == []


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize("screen", ["start", "sheet", "hand-form", "edit-form", "share", "standings"])
def test_every_control_fits_the_screen_with_long_names(live_server, new_page, size, screen):
    page = new_page(viewport=size)
    if screen == "start":
        page.goto(live_server + "/")
        for seat, name in enumerate(LONG_PLAYERS):
            page.fill(f"#players-{seat}", name)
        page.fill("#team_names-0", TEAMS[0])
        page.fill("#team_names-1", TEAMS[1])
        page.locator("details.house summary").click()
    elif screen == "standings":
        page.goto(f"{live_server}/t/{make_tournament(live_server)}")
        average = page.locator(".t-standings thead th", has_text="Average")
        expect(average).to_be_visible()
        box = average.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= size["width"], "the ranking column is out of view"
    elif screen == "share":
        game = create_game(live_server, hands=12)
        page.goto(f"{live_server}/share/{game['id']}")
    else:
        game = create_game(live_server, hands=12)
        open_game(page, live_server, game)
        if screen == "hand-form":
            page.locator('[data-action="log"]').click()
        elif screen == "edit-form":
            page.locator("#hand-3 a.edit").click()
        if screen != "sheet":
            page.locator("#hand-dialog").wait_for(state="visible")
    assert_fits(page)


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_both_teams_take_points_at_narrow_widths(live_server, new_page, size):
    page = new_page(viewport=size)
    game = create_game(live_server, hands=0)
    open_game(page, live_server, game)
    page.locator('[data-action="log"]').click()
    dialog = page.locator("#hand-dialog")
    dialog.locator("#f-bidder").get_by_role("radio", name=LONG_PLAYERS[0]).click()
    choose(dialog, "bid", "3")
    for point in ("ace", "two"):
        defenders = dialog.locator(f"#f-captured_{point}").get_by_role("radio", name=TEAMS[1])
        defenders.click()  # a real tap: fails if the button is out of reach
        expect(defenders).to_be_checked()
    dialog.locator("#f-captured_three").get_by_role("radio", name=TEAMS[0]).click()
    dialog.locator('[data-action="save"]').click()
    expect(page.locator("#hand-1")).to_contain_text("made")


def test_long_names_wrap_on_the_bidder_buttons(live_server, new_page):
    page = new_page(viewport=SIZES[1])
    open_game(page, live_server, create_game(live_server, hands=0))
    page.locator('[data-action="log"]').click()
    for name in LONG_PLAYERS:
        label = page.locator("#f-bidder label", has_text=name)
        expect(label).to_have_text(name)
        clipped = label.locator("span").evaluate("span => span.scrollWidth > span.clientWidth")
        assert not clipped, f"{name} is cut on its button"


def test_the_name_fields_say_the_limit(live_server, page):
    page.goto(live_server + "/")
    expect(page.locator("#players-0")).to_have_attribute("maxlength", "40")
    expect(page.locator("#f-players")).to_contain_text("40 characters")


@pytest.mark.parametrize("screen", ["start", "game-finished", "hand-form", "share", "standings"])
def test_no_axe_violations_with_long_names_at_320(live_server, new_page, axe, screen):
    page = new_page(viewport=SIZES[1])
    if screen == "standings":
        page.goto(f"{live_server}/t/{make_tournament(live_server)}")
    elif screen == "share":
        page.goto(f"{live_server}/share/{create_game(live_server, hands=6)['id']}")
    else:
        game = create_game(live_server, hands=3)
        open_game(page, live_server, game)
        if screen == "game-finished":  # the winner banner, its buttons and the screen toggle
            body = {"bidder": 1, "bid": 10, "captured": {key: 1 for key in POINTS}}
            status = "playing"
            while status == "playing":  # Grandma & Grandpa Jo take all ten on their bid until they win
                status = requests.post(f"{live_server}/api/games/{game['id']}/hands", json=body, timeout=10,
                                       headers={"Authorization": f"Bearer {game['edit_key']}"}).json()["status"]
            page.reload()
            expect(page.get_by_role("button", name="Rematch")).to_be_visible()
        elif screen == "hand-form":
            page.locator('[data-action="log"]').click()
            page.locator("#hand-dialog").wait_for(state="visible")
        else:
            page.goto(live_server + "/")  # the start page, with this game in its list
            expect(page.locator("#recent-list li")).to_have_count(1)
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        assert axe(page) == [], scheme
