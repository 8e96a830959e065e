"""/api/docs, the API's description as a page: readable at 320 px without sideways scrolling, and clean under axe,
in both colour schemes; the page runs no script of its own (the app's Content-Security-Policy allows none inline)."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.pages]


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width", [320, 430])
def test_the_docs_page_reflows_and_passes_axe(live_server, new_page, axe, scheme, width):
    page = new_page(viewport={"width": width, "height": 740}, color_scheme=scheme)
    page.goto(f"{live_server}/api/docs")
    assert page.locator("h1").inner_text() == "Pitch Scorekeeper API"
    assert page.locator("section[id]").count() > 40
    wide = page.evaluate("() => document.documentElement.scrollWidth")
    assert wide <= width, f"the page scrolls sideways: {wide} > {width}"
    assert axe(page) == []
    page.locator('a[href="#add_hand"]').click()
    assert page.evaluate("() => location.hash") == "#add_hand"
