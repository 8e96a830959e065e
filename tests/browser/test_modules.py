"""Every module a page runs belongs to one deploy: the import map sends each to its versioned URL."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest

from tests.browser.table import start_game

pytestmark = pytest.mark.browser


def modules_loaded(page, url: str) -> list[str]:
    """The /static/js/ requests `page` makes while it opens `url` and its scripts settle."""
    seen: list[str] = []

    def note(request) -> None:
        if urlsplit(request.url).path.startswith("/static/js/"):
            seen.append(request.url)

    page.on("request", note)
    page.goto(url)
    page.wait_for_load_state("networkidle")
    page.remove_listener("request", note)
    return seen


def unversioned(urls: list[str]) -> list[str]:
    """The URLs among `urls` without a ?v= version."""
    return [url for url in urls if not parse_qs(urlsplit(url).query).get("v")]


@pytest.mark.parametrize(("path", "module"), [
    ("/", "phone/store.js"), ("/shell/ten-point", "phone/core.js"), ("/offline", "pages/pwa.js"),
    ("/tournaments/new", "pages/pwa.js"),
])
def test_pages_load_only_versioned_modules(live_server, new_page, path, module):
    page = new_page(service_workers="block")  # every request the page makes is its own
    loaded = modules_loaded(page, live_server + path)
    assert any(f"/static/js/{module}?v=" in url for url in loaded), loaded
    assert unversioned(loaded) == []


def test_the_game_and_share_pages_load_only_versioned_modules(live_server, new_page):
    page = new_page(service_workers="block")
    game_id = start_game(page, live_server)
    game = modules_loaded(page, f"{live_server}/games/{game_id}")
    for module in ("pages/game.js", "phone/core.js", "engine.js", "phone/outbox.js", "ui/gamesync.js"):
        assert any(f"/static/js/{module}?v=" in url for url in game), (module, game)
    form = []  # the hand form's code loads when the form first opens
    page.on("request", lambda request: form.append(request.url) if "/static/js/" in request.url else None)
    page.locator('[data-action="log"]').click()
    page.locator("#hand-dialog").wait_for(state="visible")
    for module in ("ui/handform.js", "ui/formdialog.js"):
        assert any(f"/static/js/{module}?v=" in url for url in form), (module, form)
    game += form
    share = modules_loaded(page, f"{live_server}/share/{game_id}")
    assert any("/static/js/ui/poller.js?v=" in url for url in share), share
    assert unversioned(game + share) == []
