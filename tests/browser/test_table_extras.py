"""What tables ask for: the screen kept awake, the result shared from the winner banner, a rematch
with the same players, teams and rules and the deal passed on."""

from __future__ import annotations

import re

import pytest
import requests
from playwright.sync_api import expect

from tests.browser.longnames import LONG_PLAYERS, POINTS, TEAMS, open_game

pytestmark = [pytest.mark.browser, pytest.mark.pages]

WAKE_LOCK = """(() => {
  window.__wake = [];
  const request = async (type) => {
    window.__wake.push(`request ${type}`);
    const sentinel = new EventTarget();
    sentinel.type = type;
    sentinel.released = false;
    sentinel.release = async () => {
      window.__wake.push("release");
      sentinel.released = true;
      sentinel.dispatchEvent(new Event("release"));
    };
    return sentinel;
  };
  Object.defineProperty(navigator, "wakeLock", { value: { request }, configurable: true });
})();"""
SHARE = """(() => {
  window.__shared = [];
  const share = async (data) => { window.__shared.push(data); };
  Object.defineProperty(navigator, "share", { value: share, configurable: true });
})();"""
NO_SHARE = """(() => {
  window.__copied = [];
  Object.defineProperty(navigator, "share", { value: undefined, configurable: true });
  const clipboard = { writeText: async (text) => { window.__copied.push(text); } };
  Object.defineProperty(navigator, "clipboard", { value: clipboard, configurable: true });
})();"""
VISIBLE = """(hidden) => {
  Object.defineProperty(document, "hidden", { configurable: true, get: () => hidden });
  document.dispatchEvent(new Event("visibilitychange"));
}"""


def finished_game(base: str) -> dict:
    """A game to 10 with the long names, won on hand 1 (Maximiliana bids 6 and takes all ten); the API's game."""
    setup = {"variant": "ten-point", "players": LONG_PLAYERS, "team_names": TEAMS, "rules": {"target": 10}}
    made = requests.post(f"{base}/api/games", json=setup, timeout=10).json()
    body = {"bidder": 1, "bid": 6, "captured": {key: 1 for key in POINTS}}
    response = requests.post(f"{base}/api/games/{made['id']}/hands", json=body,
                             headers={"Authorization": f"Bearer {made['edit_key']}"}, timeout=10)
    assert response.json()["status"] == "finished"
    return {**response.json(), "edit_key": made["edit_key"]}


def test_the_screen_stays_awake_while_the_game_is_open(live_server, page):
    page.add_init_script(WAKE_LOCK)
    game = finished_game(live_server)
    open_game(page, live_server, game)
    toggle = page.get_by_label("Keep the screen on")
    expect(toggle).to_be_checked()
    page.wait_for_function("() => window.__wake.length === 1")
    assert page.evaluate("window.__wake") == ["request screen"]
    page.evaluate(VISIBLE, True)
    page.wait_for_function("() => window.__wake.length === 2")
    page.evaluate(VISIBLE, False)
    page.wait_for_function("() => window.__wake.length === 3")
    assert page.evaluate("window.__wake") == ["request screen", "release", "request screen"]
    toggle.uncheck()  # this phone turns it off, and it stays off
    page.wait_for_function("() => window.__wake.length === 4")
    assert page.evaluate("window.__wake")[-1] == "release"
    page.reload()
    page.wait_for_function("() => window.gamePage")
    expect(page.get_by_label("Keep the screen on")).not_to_be_checked()
    page.evaluate(VISIBLE, False)
    assert page.evaluate("window.__wake") == []


def test_no_wake_lock_no_toggle(live_server, page):
    page.add_init_script('Object.defineProperty(Navigator.prototype, "wakeLock", { value: undefined });'
                         'delete Navigator.prototype.wakeLock;')
    open_game(page, live_server, finished_game(live_server))
    expect(page.locator('[data-slot="awake"]')).to_be_hidden()


def test_the_winner_banner_shares_the_result(live_server, page):
    page.add_init_script(SHARE)
    game = finished_game(live_server)
    open_game(page, live_server, game)
    page.get_by_role("button", name="Share the result").click()
    page.wait_for_function("() => window.__shared.length === 1")
    shared = page.evaluate("window.__shared[0]")
    assert shared["text"] == f"{TEAMS[0]} 0 \u2013 {TEAMS[1]} 10 \u00b7 {game['result']['reason']}"
    assert shared["url"] == f"{live_server}/share/{game['id']}" == game["share_url"]
    print("shared:", shared["text"], shared["url"])


def test_without_web_share_the_result_is_copied(live_server, page):
    page.add_init_script(NO_SHARE)
    game = finished_game(live_server)
    open_game(page, live_server, game)
    page.get_by_role("button", name="Share the result").click()
    expect(page.locator('[data-slot="shared"]')).to_have_text(re.compile("^Copied"))
    copied = page.evaluate("window.__copied")
    assert len(copied) == 1 and copied[0].startswith(f"{TEAMS[0]} 0 \u2013 {TEAMS[1]} 10 \u00b7 ")
    assert copied[0].endswith(f" {live_server}/share/{game['id']}")


def test_a_rematch_keeps_players_teams_and_rules_and_passes_the_deal_on(live_server, page):
    game = finished_game(live_server)
    open_game(page, live_server, game)
    page.get_by_role("button", name="Rematch").click()
    page.wait_for_url(lambda url: re.search(r"/games/[\w-]+$", url) and game["id"] not in url)
    page.wait_for_function("() => window.gamePage")
    rematch = requests.get(f"{live_server}/api/games/{page.url.rsplit('/', 1)[1]}", timeout=10).json()
    assert rematch["players"] == LONG_PLAYERS and [team["name"] for team in rematch["teams"]] == TEAMS
    assert rematch["variant"] == "ten-point" and rematch["hands"] == []
    assert rematch["rules"] == {**game["rules"], "first_dealer": 1}
    assert rematch["next_dealer"] == 1
    dealer, first = LONG_PLAYERS[1], LONG_PLAYERS[2]
    expect(page.locator('[data-slot="next"]')).to_have_text(f"{dealer} deals hand 1 \u00b7 {first} bids first")
