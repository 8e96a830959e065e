"""Take the manifest's screenshots (static/screenshots/*.png): a game in progress, on a phone and a tablet.

A dev script, run by hand when the look of the score sheet changes; the PNGs are committed.
Serves the app on a throwaway SQLite database and drives the system Chromium (Playwright).

    .venv/bin/python scripts/make_screenshots.py
"""

from __future__ import annotations

import tempfile
import threading
from pathlib import Path

import requests
from playwright.sync_api import sync_playwright
from werkzeug.serving import make_server

from scorekeeper import create_app

OUT = Path(__file__).resolve().parent.parent / "static" / "screenshots"
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"]
HANDS = [
    {"bidder": 1, "bid": 6, "trump": "hearts", "captured": {"ace": 1, "jack": 1, "off_jack": 0, "high_joker": 1,
                                                           "low_joker": 1, "ten": 0, "three": 1, "two": 0}},
    {"bidder": 2, "bid": 5, "trump": "spades", "captured": {"ace": 0, "jack": 0, "off_jack": 0, "high_joker": 0,
                                                           "low_joker": 1, "ten": 0, "three": 0, "two": 0}},
    {"bidder": 3, "bid": 7, "trump": "clubs", "captured": {"ace": 1, "jack": 1, "off_jack": 1, "high_joker": 1,
                                                          "low_joker": 0, "ten": 1, "three": 1, "two": 1}},
    {"bidder": 0, "bid": 4, "trump": "diamonds", "captured": {"ace": 0, "jack": 0, "off_jack": 0, "high_joker": 0,
                                                             "low_joker": 0, "ten": 0, "three": 0, "two": 0}},
]
SHOTS = [("game-narrow.png", {"width": 360, "height": 740}, 2), ("game-wide.png", {"width": 1280, "height": 800}, 1)]


def serve(app) -> tuple[str, object]:
    """The app on 127.0.0.1 in a thread; returns its base URL and the server."""
    server = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_port}", server


def main() -> None:
    """Make a game with a few hands and photograph its sheet."""
    folder = tempfile.mkdtemp()
    app = create_app({"SECRET_KEY": "screenshots", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/shots.sqlite",
                      "AUTO_MIGRATE": True})
    base, server = serve(app)
    body = {"variant": "ten-point", "players": ["Ann", "Bo", "Cy", "Di"], "team_names": ["Us", "Them"]}
    game = requests.post(f"{base}/api/games", json=body, timeout=10).json()
    for hand in HANDS:
        requests.post(f"{base}/api/games/{game['id']}/hands", json=hand, timeout=10,
                      headers={"Authorization": f"Bearer {game['edit_key']}"}).raise_for_status()
    OUT.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for name, viewport, scale in SHOTS:
            page = browser.new_page(viewport=viewport, device_scale_factor=scale, color_scheme="light")
            page.goto(f"{base}/games/{game['id']}/join#key={game['edit_key']}")
            page.locator("#join-form button").click()
            page.wait_for_url(f"{base}/games/{game['id']}")
            page.wait_for_function("() => window.gamePage")
            page.screenshot(path=str(OUT / name))
            page.close()
            print("wrote", OUT / name)
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()
