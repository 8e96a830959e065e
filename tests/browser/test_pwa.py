"""The installable app in Chromium: installability, the worker's offline pages and shells, a new version."""

from __future__ import annotations

import re

import pytest
import requests
from playwright.sync_api import expect

from scorekeeper.web import assets
from tests.browser.table import controlled_page, start_game, wait_controlled

pytestmark = pytest.mark.browser

WORKER_VERSION = """() => new Promise((resolve) => {
  const channel = new MessageChannel();
  channel.port1.onmessage = (event) => resolve(event.data.version);
  navigator.serviceWorker.controller.postMessage({ type: "version" }, [channel.port2]);
})"""


def served_version(base: str) -> str:
    """The version of the worker script the server hands out now."""
    text = requests.get(base + "/sw.js", timeout=10).text
    return re.search(r'^const VERSION = "(\w+)";$', text, re.M).group(1)


def test_chromium_finds_the_app_installable(live_server, persistent):
    context = persistent()
    page = context.new_page()
    page.goto(live_server + "/")
    wait_controlled(page)
    cdp = context.new_cdp_session(page)
    assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["errors"] == [] and manifest["url"].endswith("/manifest.webmanifest")
    scope = page.evaluate("async () => (await navigator.serviceWorker.getRegistration()).scope")
    assert scope == live_server + "/"


def test_pages_open_offline_from_the_worker(live_server, persistent):
    context, page, _ = controlled_page(persistent, live_server, game=False)
    context.set_offline(True)
    page.reload()
    expect(page.locator("h1")).to_have_text("Start a game")
    page.goto(live_server + "/share/never-seen-on-this-phone0")
    expect(page.locator("h1")).to_have_text("No connection")
    page.goto(live_server + "/games/never-seen-on-this-phone0")
    expect(page.locator("h1")).to_have_text("No connection")


def test_a_new_version_is_offered_and_runs_after_reload(live_server, app, persistent, monkeypatch):
    context = persistent()
    page = context.new_page()
    game_id = start_game(page, live_server)
    wait_controlled(page)
    old = page.evaluate(WORKER_VERSION)
    assert old == served_version(live_server)
    original = assets.version
    monkeypatch.setattr(assets, "version", lambda name: "new" + original(name))  # a deploy: every file changes
    app.extensions.pop("import_map", None)  # and the new deploy's processes build their import map anew
    new = served_version(live_server)
    assert new != old
    page.evaluate("async () => (await navigator.serviceWorker.getRegistration()).update()")
    prompt = page.locator("#update")
    expect(prompt).to_be_visible()
    expect(prompt).to_contain_text("A new version of the app is ready.")
    assert page.evaluate(WORKER_VERSION) == old  # the old worker serves this page until the reload
    assert "?v=new" not in page.locator('script[src*="game.js"]').get_attribute("src")
    # The new worker activates (the old cache deleted, every page claimed), then the page reloads through it: on a
    # busy machine that takes more than the default 10 s.
    with page.expect_navigation(timeout=30_000):
        prompt.get_by_role("button", name="Reload").click()
    page.wait_for_function("() => window.gamePage")
    assert page.url.endswith(f"/games/{game_id}")
    assert page.evaluate(WORKER_VERSION) == new
    assert "?v=new" in page.locator('script[src*="game.js"]').get_attribute("src")
    assert page.evaluate("async () => await caches.keys()") == [f"pitch-{new}"]
    expect(page.locator("#update")).to_have_count(0)


# Each case: a game whose house rules change the hand form, and what its offline shell must then show.
SHELLS = [
    ("five-point", {"min_bid": 3, "target": 15}),
    ("tournament", {}),
    ("ten-point", {"moon": "off", "clock": 20, "min_bid": 4, "end": "first_to_target"}),
    ("cutthroat", {}),
    ("ten-point-six", {"moon": "win-minus-hole"}),
]
FORM = """() => {
  const form = document.getElementById("hand-form");
  const labels = (name) => [...form.querySelectorAll(`input[name="${name}"]`)].map(
    (input) => `${input.value}=${input.closest("label").textContent.trim()}`);
  const points = [...form.querySelectorAll('input[name^="captured_"]')].map(
    (input) => `${input.name}:${input.value}=${input.closest("label").textContent.trim()}`);
  const hints = [...form.querySelectorAll(".hint")].map((node) => node.textContent.trim());
  return {
    bidder: labels("bidder"), bid: labels("bid"), allTricks: labels("all_tricks"), points, hints,
    title: document.title, heading: document.querySelector(".game-title").textContent,
    rules: document.querySelector(".rules-line").textContent.replace(/\\s+/g, " ").trim(),
    summary: document.querySelector(".sheet-rules").textContent,
    sides: [...document.querySelectorAll(".board .side-name")].map((node) => node.textContent),
    columns: [...document.querySelectorAll("thead th.team")].map((node) => node.textContent),
    clock: Boolean(document.querySelector('[data-action="time"]')?.checkVisibility()),
    share: document.querySelector(".share-link a.url").href,
    gameId: document.getElementById("game").dataset.gameId,
  };
}"""


@pytest.mark.parametrize(("variant", "house"), SHELLS, ids=[case[0] for case in SHELLS])
def test_the_offline_shell_shows_the_game_as_its_own_page_does(live_server, persistent, variant, house):
    context = persistent()
    page = context.new_page()
    start_game(page, live_server, variant=variant, teams=("Reds", "Blues"), **house)
    wait_controlled(page)
    online = page.evaluate(FORM)
    context.set_offline(True)
    page.reload()
    page.wait_for_function("() => window.gamePage")
    assert page.locator("#game").get_attribute("data-shell") == "true"
    assert page.evaluate(FORM) == online
