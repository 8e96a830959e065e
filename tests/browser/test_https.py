"""The flows a table and a coordinator use, over real TLS: gunicorn serving HTTPS, and behind a TLS proxy.

Every HTML form posts under the app's Referrer-Policy with Flask-WTF's strict HTTPS referrer check on,
and every link the pages show (share link, co-scorer link, og:url) carries the public address.
"""

from __future__ import annotations

import re

import pytest
import requests
from playwright.sync_api import expect

from tests.browser import tls
from tests.browser.table import choose
from tests.support.tables import FOUR

# The HTTPS deployments, and a Chromium that trusts their certificate in place of the plain one.
browser, https_server, tls_files = tls.browser, tls.https_server, tls.tls_files

TEAMS = {"ace": 1, "jack": 1, "off_jack": 0, "high_joker": 0, "low_joker": 0, "ten": 1, "three": 1, "two": 0}


def start(page, base: str) -> str:
    """The start form (with or without JavaScript) up to the game page; returns the game's id."""
    page.goto(base + "/")
    for seat, name in enumerate(FOUR):
        page.fill(f"#players-{seat}", name)
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(re.compile(r"/games/[\w-]+$"))
    return page.url.rsplit("/", 1)[1]


def assert_public_links(page, served) -> None:
    """The share and co-scorer links on the game page, and the share page's og:url, name the public address."""
    links = page.locator("a.url").evaluate_all("links => links.map(a => a.getAttribute('href'))")
    assert any("/share/" in link for link in links) and any("/join#key=" in link for link in links), links
    assert all(link.startswith(served.base + "/") for link in links), links
    share = next(link for link in links if "/share/" in link)
    html = requests.get(share, timeout=10, verify=str(served.certificate)).text
    assert f'<meta property="og:url" content="{share}">' in html


def log_first_hand_by_form(page, bidder: str) -> None:
    """Without JavaScript: hand 1, `bidder` (seat 2) bids 6 and is set, 4 to 6, posted by the hand form."""
    form = page.locator("#hand-form")
    form.locator("#f-bidder").get_by_role("radio", name=bidder).check()
    form.locator("#f-bid").get_by_role("radio", name="6", exact=True).check()
    for point, team in TEAMS.items():
        form.locator(f'#f-captured_{point} input[value="{team}"]').check()
    form.get_by_role("button", name="Save hand 1").click()
    page.wait_for_url(re.compile(r"#sheet$"))
    assert page.locator(".board .side-score").all_inner_texts() == ["4", "6"]


def test_start_log_and_undo_without_javascript(https_server, new_page):
    """No JavaScript: the start form, a hand and its undo, each a form post over HTTPS."""
    page = new_page(java_script_enabled=False)
    game_id = start(page, https_server.base)
    assert_public_links(page, https_server)
    log_first_hand_by_form(page, "Bo")
    page.locator('[data-action="undo"]').click()
    page.get_by_role("button", name=re.compile(r"^Remove hand 1")).click()
    page.wait_for_url(re.compile(rf"/games/{game_id}"))
    expect(page.locator("#hand-1")).to_have_count(0)
    game = requests.get(f"{https_server.base}/api/games/{game_id}", timeout=10, verify=str(https_server.certificate))
    assert game.json()["hands"] == []


def test_start_with_javascript_and_a_co_scorer_joins(https_server, page, new_page):
    """JavaScript on: the start page creates the game and keeps its key; a second phone joins from the link."""
    game_id = start(page, https_server.base)
    page.wait_for_function("() => window.gamePage")
    page.locator("details.co-scorer summary").click()
    assert_public_links(page, https_server)
    link = page.locator("details.co-scorer a.url").get_attribute("href")
    phone = new_page()
    phone.goto(link)
    phone.get_by_role("button", name="Keep score on this phone").click()
    phone.wait_for_url(re.compile(rf"/games/{game_id}$"))
    phone.wait_for_function("() => window.gamePage")
    expect(phone.locator('[data-action="log"]')).to_be_visible()


@pytest.mark.parametrize("javascript", [True, False])
def test_create_a_tournament_and_register_a_team(https_server, new_page, javascript):
    coordinator = new_page(java_script_enabled=javascript)
    coordinator.goto(f"{https_server.base}/tournaments/new")
    coordinator.get_by_label("Name").fill("Pitch over HTTPS")
    coordinator.get_by_role("button", name="Create the tournament").click()
    expect(coordinator.get_by_role("heading", name="Pitch over HTTPS: coordinator")).to_be_visible()
    assert coordinator.url.startswith(https_server.base + "/t/")
    coordinator.get_by_label("Team name", exact=True).fill("Aces")
    coordinator.get_by_label("First player").fill("Ann")
    coordinator.get_by_label("Second player").fill("Bo")
    coordinator.get_by_role("button", name="Register the team").click()
    expect(coordinator.get_by_role("region", name="Teams (1)").get_by_role("listitem")).to_contain_text("Aces")


def test_the_service_worker_controls_the_page_over_https(https_server, page):
    """The offline app needs a secure origin: the worker registers, and controls the page once reloaded."""
    page.goto(https_server.base + "/")
    ready = page.evaluate("""() => Promise.race([navigator.serviceWorker.ready.then(() => true),
                                                 new Promise((resolve) => setTimeout(() => resolve(false), 20000))])""")
    assert ready, "no service worker became active"
    page.reload()
    assert page.evaluate("() => navigator.serviceWorker.controller !== null")


@pytest.mark.parametrize("host", ["evil.example", "evil.example:443"])
def test_another_host_is_refused_and_never_linked(https_server, host):
    """A request naming another host gets 400 and no link to that host; the answer is HTTPS-only (HSTS)."""
    for path in ("/", "/api/games", "/tournaments/new"):
        response = requests.get(https_server.base + path, headers={"Host": host}, timeout=10,
                                verify=str(https_server.certificate))
        assert response.status_code == 400, (path, response.text[-300:])
        assert "evil.example" not in response.text and https_server.base in response.text
    good = requests.get(https_server.base + "/tournaments/new", timeout=10, verify=str(https_server.certificate))
    assert "max-age=" in good.headers["Strict-Transport-Security"]
    assert good.headers["Referrer-Policy"] == "same-origin"
    assert "Secure" in good.headers["Set-Cookie"]


GROUP_PEOPLE = ["Bartholomew Jennings", "Maximiliana Ostrovna", "Cornelius Blackwoods", "Philippa Vandermeers"]
PHONE = {"width": 320, "height": 640}


def quick_hand(page, bidder: str, bid: int, taken: int) -> None:
    """A hand as the table says it, with quick entry: bidder, bid, the bidders' points, Save."""
    page.locator('[data-action="log"]').click()
    dialog = page.locator("#hand-dialog")
    dialog.wait_for(state="visible")
    choose(dialog, "bidder", bidder)
    choose(dialog, "bid", str(bid))
    choose(dialog, "quick", str(taken))
    dialog.locator('[data-action="save"]').click()
    dialog.wait_for(state="hidden")


def start_in_a_group(page, base: str) -> str:
    """Create a group from the start page, start a game from its page with four long names; the game's id."""
    page.goto(base + "/")
    page.get_by_role("link", name="Start a group").click()
    page.get_by_label("Name of the group").fill("The Thursday Night Regulars")
    page.get_by_role("button", name="Create the group").click()
    page.wait_for_url("**/created")
    assert page.url.startswith(base + "/groups/")
    page.get_by_role("link", name="Open the group's page").click()
    page.get_by_role("link", name="Start a game in this group").click()
    page.wait_for_url("**/start")
    for seat, name in enumerate(GROUP_PEOPLE, start=1):
        page.get_by_label(f"Seat {seat}", exact=True).fill(name)
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(re.compile(r"/games/[\w-]+$"))
    return page.url.rsplit("/", 1)[1]


@pytest.mark.parametrize("https_server", ["tls-proxy"], indirect=True)  # as deployed; the posts run on both
def test_a_group_game_over_https_two_phones_and_quick_entry(https_server, new_page):
    """A group made and its game started by form posts over HTTPS behind the TLS proxy, on a 320-px phone with
    20-character names; hands in quick entry on two phones, each seeing the other's; the group page counts
    the game."""
    first = new_page(viewport=PHONE, entry=None)
    game_id = start_in_a_group(first, https_server.base)
    first.wait_for_function("() => window.gamePage")
    assert_public_links(first, https_server)
    link = first.locator("details.co-scorer a.url").get_attribute("href")
    second = new_page(viewport=PHONE, entry=None)
    second.goto(link)
    second.get_by_role("button", name="Keep score on this phone").click()
    second.wait_for_url(re.compile(rf"/games/{game_id}$"))
    second.wait_for_function("() => window.gamePage")
    quick_hand(first, GROUP_PEOPLE[0], 5, 7)  # 7-3
    expect(second.locator("#sheet tbody tr.hand")).to_have_count(1, timeout=5000)
    quick_hand(second, GROUP_PEOPLE[1], 6, 4)  # set: 13 to -3
    expect(first.locator("#sheet tbody tr.hand")).to_have_count(2, timeout=5000)
    for phone in (first, second):
        expect(phone.locator(".board .side-score")).to_have_text(["13", "\u22123"])  # a true minus sign
    game = requests.get(f"{https_server.base}/api/games/{game_id}", timeout=10,
                        verify=str(https_server.certificate)).json()
    assert game["scores"] == [13, -3] and len(game["people"]) == 4
    first.goto(f"{https_server.base}/g/{game['group']}")
    expect(first.locator(".group-game")).to_have_count(1)
    expect(first.locator(".group-game").first).to_contain_text("not finished")


def test_a_group_game_over_https_without_javascript(https_server, new_page):
    """No JavaScript: the group, its game and a hand, each a form post under the strict HTTPS referrer check."""
    page = new_page(viewport=PHONE, java_script_enabled=False)
    game_id = start_in_a_group(page, https_server.base)
    log_first_hand_by_form(page, GROUP_PEOPLE[1])
    game = requests.get(f"{https_server.base}/api/games/{game_id}", timeout=10,
                        verify=str(https_server.certificate)).json()
    assert game["group"] and game["scores"] == [4, 6]
