"""Browser fixtures: the app on a live server, the system Chromium through Playwright, axe-core.

Chromium is /usr/bin/chromium (never `playwright install`). axe-core is a test-only
npm package: `npm ci --prefix tests/browser`. Without either, the browser tests
skip locally and fail under CI=true, so CI cannot pass by skipping them.
"""

from __future__ import annotations

import os
import re
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from werkzeug.serving import make_server

from tests.support.paths import BROWSER

CHROMIUM = Path("/usr/bin/chromium")


def playwright_disabled_features() -> list[str]:
    """The Chromium features Playwright itself switches off (its chromiumSwitches: HTTPS upgrades, paint holding, ...).

    Chromium reads the last --disable-features it is given, so ours must carry Playwright's on: they are read from
    the installed driver, and a driver that no longer says them in that shape is an error, not a silent change.
    """
    try:
        import playwright
    except ImportError:  # the `playwright` fixture says so, failing under CI
        return []
    bundle = Path(playwright.__file__).parent / "driver" / "package" / "lib"
    for script in sorted(bundle.rglob("*.js")):
        found = re.search(r"disabledFeatures = \[(.*?)\]", script.read_text(encoding="utf-8"), re.DOTALL)
        if found:
            return re.findall(r'^\s*"(\w+)"', found.group(1), re.MULTILINE)
    raise RuntimeError(f"Playwright's list of the Chromium features it disables was not found under {bundle}")


# Every new browser context is a window, and Chromium 156 gives each window two WebUI renderers for its address bar's
# popups (chrome://omnibox-popup.top-chrome/), a process of its own each, which headless tests never show: on two
# cores they cost more than the pages under test.
WEBUI_POPUPS = ["WebUIOmniboxPopup", "WebUIOmniboxAimPopup", "WebUIOmniboxFullPopup"]
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
    "--disable-features=" + ",".join([*playwright_disabled_features(), *WEBUI_POPUPS]),
]
VIEWPORT = {"width": 360, "height": 740}
AXE_JS = Path(__file__).parent / "node_modules" / "axe-core" / "axe.min.js"


def in_ci() -> bool:
    """Whether the suite runs in CI, where a missing browser is a failure."""
    return os.environ.get("CI", "").strip().lower() in ("1", "true", "yes")


def unavailable(reason: str) -> None:
    """Fail under CI, skip locally: a browser test must never pass by not running."""
    if in_ci():
        pytest.fail(f"{reason} (CI=true: browser tests must run)", pytrace=False)
    pytest.skip(reason)


# The live server is Werkzeug's development server in a thread. When Chromium drops a connection while a
# static file is being sent (a page closed mid-load), that server can leave the file to the garbage
# collector, and the ResourceWarning surfaces in whichever test runs next. gunicorn, which serves the app
# everywhere else (the HTTPS tests included), closes the body in every case; leaks of the app's own are
# still errors in every non-browser test.
DROPPED_STATIC_FILE = "ignore:Exception ignored in. <_io.FileIO name=.*/static/:pytest.PytestUnraisableExceptionWarning"


# The browser tests that take longest (a whole night, whole games on two phones, every other screen of a cell): run
# first, with `--dist load` (.ci/run), they are spread over the workers from the start instead of one of them ending
# the pass alone.
LONGEST = ("test_night.py", "test_whole_game.py", "test_whole_game_of_five.py", "test_groups.py",
           "test_tournament_tables_of_five.py", "test_group_offline.py", "test_tournament.py", "test_layout_screens.py")


def pytest_collection_modifyitems(config, items) -> None:
    """Every test under tests/browser carries the browser marker (and forgives the dev server's dropped files); the
    longest come first, longest module first, the rest keeping their order."""
    for item in items:
        if BROWSER in Path(str(item.path)).parents:
            item.add_marker(pytest.mark.browser)
            item.add_marker(pytest.mark.filterwarnings(DROPPED_STATIC_FILE))
    first, rest = {name: rank for rank, name in enumerate(LONGEST)}, len(LONGEST)
    items.sort(key=lambda item: first.get(item.path.name, rest) if item.path.parent == BROWSER else rest)


class InFlight:
    """WSGI middleware that answers each request whole, then releases it, so teardown can wait for them.

    Werkzeug's development server, after answering a form POST, reads what is left on the socket before
    it closes the answer, and Chromium can hold that socket open long after the test. The database
    connection would stay checked out until then, and disposing of the engine first would leave it to
    the garbage collector, whose ResourceWarning fails a later test. Buffering the answer here ends the
    request (and returns its connection) as soon as the app is done.
    """

    def __init__(self, app) -> None:
        self.app, self.paths, self.idle = app, [], threading.Condition()

    def __call__(self, environ, start_response):
        path = f"{environ['REQUEST_METHOD']} {environ['PATH_INFO']}"
        with self.idle:
            self.paths.append(path)
        try:
            body = self.app(environ, start_response)
            try:
                return [b"".join(body)]
            finally:
                if hasattr(body, "close"):
                    body.close()
        finally:
            with self.idle:
                self.paths.remove(path)
                self.idle.notify_all()

    def wait(self, timeout: float) -> bool:
        """Wait until no request is being answered; False if some still is after `timeout` seconds."""
        with self.idle:
            return self.idle.wait_for(lambda: not self.paths, timeout=timeout)


@pytest.fixture
def live_server(app) -> Iterator[str]:
    """The app on a fresh database, served from a thread on 127.0.0.1; yields the base URL."""
    app.config["SERVER_NAME"] = None  # external URLs (share_url, og:url) name the live host
    in_flight = InFlight(app)
    server = make_server("127.0.0.1", 0, in_flight, threaded=True)
    # serve_forever looks for shutdown() between waits for a connection: every 20 ms, not the default 500
    thread = threading.Thread(target=server.serve_forever, args=(0.02,), name="live-server", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join(timeout=10)
        server.server_close()
        assert in_flight.wait(timeout=10), f"still being answered 10 s after the test ended: {in_flight.paths}"


@pytest.fixture(scope="session")
def playwright():
    """Playwright's sync API, started once per session (it cannot run twice in one thread)."""
    if not CHROMIUM.exists():
        unavailable(f"Chromium is not installed at {CHROMIUM} (apt-get install -y chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        unavailable("the playwright Python package is not installed (pip install -e '.[test]')")
    with sync_playwright() as started:
        yield started


@pytest.fixture(scope="session")
def browser(playwright):
    """Headless system Chromium, launched once per session."""
    browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
    yield browser
    browser.close()


# The hand form opens in quick entry unless the phone chose "Card by card" (localStorage). The tests written
# for the per-card form run on phones that chose it; tests/browser/test_quick_entry.py passes entry=None.
ENTRY_KEY = "pitch.entry"


def choose_entry(context, entry: str | None) -> None:
    """Make every page of `context` start on a phone that chose `entry` ("cards"), unless it chose already."""
    if entry is None:
        return
    context.add_init_script(
        f"try {{ localStorage.getItem({ENTRY_KEY!r}) ?? localStorage.setItem({ENTRY_KEY!r}, {entry!r}); }} "
        "catch (error) { /* no storage on this page */ }"
    )


@pytest.fixture
def persistent(playwright, tmp_path, page_errors) -> Iterator[Callable[..., object]]:
    """persistent(name="phone", **options) -> a context with a profile on disk, as an installed app has.

    Service-worker and installability tests use these (an ordinary Playwright context
    counts as incognito for Chromium's installability check). Each name is one profile,
    so two names are two phones; every page opened in them is watched for errors.
    """
    contexts = {}

    def open_context(name: str = "phone", entry: str | None = "cards", **options):
        if name not in contexts:
            context = playwright.chromium.launch_persistent_context(
                str(tmp_path / f"profile-{name}"), executable_path=str(CHROMIUM), args=CHROMIUM_ARGS,
                headless=True, **{"viewport": VIEWPORT, **options},
            )
            choose_entry(context, entry)
            context.set_default_timeout(10_000)
            for page in context.pages:
                _collect(page, page_errors)
            context.on("page", lambda page: _collect(page, page_errors))
            contexts[name] = context
        return contexts[name]

    yield open_context
    for context in contexts.values():
        context.close()
    if page_errors:
        pytest.fail("The page reported errors:\n" + "\n".join(page_errors), pytrace=False)


@pytest.fixture
def page_errors() -> list[str]:
    """Uncaught page errors and CSP violations seen by the test's pages; a test that expects some clears it."""
    return []


def _collect(page, errors: list[str]) -> None:
    """Record uncaught exceptions and Content-Security-Policy violations on `page`."""
    page.on("pageerror", lambda exc: errors.append(f"uncaught error on {page.url}: {exc}"))

    def on_console(message) -> None:
        text = message.text
        if message.type == "error" and ("Content Security Policy" in text or "Content-Security-Policy" in text):
            errors.append(f"CSP violation on {page.url}: {text}")

    page.on("console", on_console)


@pytest.fixture
def new_page(request, browser, page_errors) -> Iterator[Callable[..., object]]:
    """Open another phone: a new context and page (360x740 unless told), watched for errors.

    Keyword arguments go to browser.new_context (e.g. bypass_csp=True, offline=True); `entry` is the way
    the phone enters hands ("cards", or None for the app's default, quick entry). In a module marked
    `pages` the phone's service worker is blocked: installing it stores the whole app shell (some
    forty files and a page per kind of game) on every new phone, a second or more a test, and what
    those tests check does not depend on it. The worker's own behaviour is tested in test_pwa.py,
    test_offline.py and the other tests that go offline.
    """
    contexts = []
    worker = "block" if request.node.get_closest_marker("pages") else "allow"

    def open_page(entry: str | None = "cards", **context_options):
        options = {"viewport": VIEWPORT, "service_workers": worker, **context_options}
        context = browser.new_context(**options)
        choose_entry(context, entry)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(10_000)
        _collect(page, page_errors)
        return page

    yield open_page
    for context in contexts:
        context.close()
    if page_errors:
        pytest.fail("The page reported errors:\n" + "\n".join(page_errors), pytrace=False)


@pytest.fixture
def page(new_page):
    """A fresh context and page per test, phone-sized, failing the test on page errors or CSP violations."""
    return new_page()


@pytest.fixture(scope="session")
def axe_source() -> str:
    """The vendored axe-core script."""
    if not AXE_JS.exists():
        unavailable(f"axe-core is not installed: run `npm ci --prefix tests/browser` ({AXE_JS} is missing)")
    return AXE_JS.read_text(encoding="utf-8")


@pytest.fixture
def axe(axe_source) -> Callable[..., list[dict]]:
    """axe(page, options=None) -> the page's axe-core violations, each as id, impact, help and node targets.

    The script goes in through the DevTools protocol (page.evaluate), which the
    page's Content-Security-Policy does not apply to, so no bypass_csp is needed.
    """

    def run(page, options: dict | None = None) -> list[dict]:
        if not page.evaluate("() => typeof window.axe === 'object'"):
            page.evaluate(axe_source)
        violations = page.evaluate(
            "async (options) => (await axe.run(document, options)).violations",
            options or {"resultTypes": ["violations"]},
        )
        return [
            {
                "id": item["id"], "impact": item["impact"], "help": item["help"],
                "nodes": [" ".join(str(part) for part in node["target"]) for node in item["nodes"]],
            }
            for item in violations
        ]

    return run
