"""The share page in Chromium: it keeps itself current, downloads the sheet, and passes axe."""

from __future__ import annotations

import csv
import io
import re
import time
from pathlib import Path

import pytest
import requests

from tests.browser.table import log_hand, start_game

pytestmark = [pytest.mark.browser, pytest.mark.pages]

CARDS = ("ace", "jack", "off_jack", "high_joker", "low_joker", "ten", "three", "two")
UPDATE_LIMIT_MS = 5000


def hand(bidder, bid, ours):
    """A ten-point hand: Us (team 0) took the cards in `ours`, Them the rest."""
    return {"bidder": bidder, "bid": bid, "captured": {key: 0 if key in ours else 1 for key in CARDS}}


def new_game(base: str, hands=()) -> tuple[str, dict]:
    """A ten-point game Us vs Them, created and played through the API."""
    response = requests.post(f"{base}/api/games", json={
        "variant": "ten-point", "players": ["Ann", "Bo", "Cy", "Di"], "team_names": ["Us", "Them"]}, timeout=5)
    game = response.json()
    headers = {"Authorization": f"Bearer {game['edit_key']}"}
    for body in hands:
        assert requests.post(f"{base}/api/games/{game['id']}/hands", json=body, headers=headers, timeout=5).ok
    return game["id"], headers


def summary(page) -> str:
    return page.eval_on_selector("#share-live [data-status]", "el => el.dataset.summary")


def record_and_wait(page, base, game_id, headers, body, expected: str) -> float:
    """Log a hand through the API; milliseconds until the open share page shows `expected`."""
    started = time.monotonic()
    response = requests.post(f"{base}/api/games/{game_id}/hands", json=body, headers=headers, timeout=5)
    assert response.status_code == 201
    page.wait_for_function(
        "expected => document.querySelector('#share-live [data-status]').dataset.summary.startsWith(expected)",
        arg=expected, timeout=UPDATE_LIMIT_MS,
    )
    return (time.monotonic() - started) * 1000


def live_requests(page) -> list[int]:
    """Statuses of the page's polls of its live fragment, as they come."""
    statuses: list[int] = []
    page.on("response", lambda response: statuses.append(response.status) if response.url.endswith("/live") else None)
    return statuses


def test_share_page_updates_by_itself_within_5_seconds(live_server, page):
    game_id, headers = new_game(live_server)
    polls = live_requests(page)
    page.goto(f"{live_server}/share/{game_id}")
    assert summary(page).startswith("Us 0 – Them 0")

    def record(body, expected):
        return record_and_wait(page, live_server, game_id, headers, body, expected)

    latencies = [
        record(hand(1, 6, {"two"}), "Us 1 – Them 9"),
        record(hand(2, 5, {"three", "two"}), "Us \u22124 – Them 15"),
        record({"misdeal": True}, "Us \u22124 – Them 15. Playing: hand 4 next"),
    ]
    print(f"\nshare page update latency: {', '.join(f'{ms:.0f} ms' for ms in latencies)} (limit {UPDATE_LIMIT_MS} ms)")
    assert max(latencies) < UPDATE_LIMIT_MS
    assert page.title() == "Us \u22124 – Them 15 · Pitch"
    assert page.locator("#hand-3").count() == 1, "the sheet shows the new hand"
    assert "Us \u22124" in page.locator("#share-updates").inner_text()

    page.wait_for_timeout(3500)  # a poll with nothing new is a bodiless 304
    assert 304 in polls and set(polls) <= {200, 304}


def test_polling_stops_when_the_game_is_finished(live_server, page):
    game_id, headers = new_game(live_server)
    polls = live_requests(page)
    page.goto(f"{live_server}/share/{game_id}")
    moon = hand(0, "moon", set(CARDS))
    latency = record_and_wait(page, live_server, game_id, headers, moon, "Us 10 – Them 0. Us won")
    print(f"\nshare page shows the winner after {latency:.0f} ms")
    assert "This game is over." in page.locator("#share-updates").inner_text()
    count = len(polls)
    page.wait_for_timeout(4000)
    assert len(polls) == count, "no polling once the game is finished"


def test_polling_pauses_while_the_tab_is_hidden(live_server, page):
    game_id, headers = new_game(live_server)
    polls = live_requests(page)
    page.goto(f"{live_server}/share/{game_id}")
    page.evaluate("""() => {
        Object.defineProperty(document, 'hidden', {configurable: true, get: () => true});
        document.dispatchEvent(new Event('visibilitychange'));
    }""")
    count = len(polls)
    requests.post(f"{live_server}/api/games/{game_id}/hands", json=hand(1, 6, {"two"}), headers=headers, timeout=5)
    page.wait_for_timeout(4000)
    assert len(polls) == count, "a hidden tab does not poll"
    assert summary(page).startswith("Us 0 – Them 0")
    page.evaluate("""() => {
        Object.defineProperty(document, 'hidden', {configurable: true, get: () => false});
        document.dispatchEvent(new Event('visibilitychange'));
    }""")
    page.wait_for_function(
        "() => document.querySelector('#share-live [data-status]').dataset.summary.startsWith('Us 1')", timeout=2000,
    )


def test_csv_export_downloads_the_sheet(live_server, page):
    game_id, _ = new_game(live_server, [hand(1, 6, {"two"}), {"misdeal": True}])
    page.goto(f"{live_server}/share/{game_id}")
    with page.expect_download() as info:
        page.get_by_role("link", name="score sheet (CSV)").click()
    download = info.value
    assert re.fullmatch(r"pitch-ann-bo-cy-di-\d{4}-\d{2}-\d{2}\.csv", download.suggested_filename)
    rows = list(csv.reader(io.StringIO(Path(download.path()).read_text(encoding="utf-8-sig"))))
    assert rows[1] == ["1", "Ann", "Bo", "6", "", "made", "1", "9", "1", "9"]
    assert rows[2] == ["2", "Bo", "", "", "", "misdeal", "0", "0", "1", "9"]


@pytest.mark.parametrize("width", [360, 1280])
def test_share_page_has_no_axe_violations(live_server, new_page, axe, width):
    hands = [hand(1, 6, {"two"}), hand(2, 5, {"three", "two"}), {"misdeal": True}, hand(0, 7, set(CARDS) - {"two"})]
    game_id, _ = new_game(live_server, hands)
    page = new_page(viewport={"width": width, "height": 800})
    page.goto(f"{live_server}/share/{game_id}")
    assert axe(page) == []
    overflow = page.evaluate("() => document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, "nothing sticks out sideways"


def test_share_page_of_a_new_game_has_no_axe_violations(live_server, page, axe):
    game_id, _ = new_game(live_server)
    page.goto(f"{live_server}/share/{game_id}")
    assert axe(page) == []


def test_import_page_has_no_axe_violations(live_server, page, axe):
    page.goto(f"{live_server}/import")
    assert axe(page) == []


def test_import_a_downloaded_game_file(live_server, page, tmp_path):
    game_id, _ = new_game(live_server, [hand(1, 6, {"two"}), {"misdeal": True}])
    exported = requests.get(f"{live_server}/games/{game_id}/export.json", timeout=5)
    path = tmp_path / "game.json"
    path.write_bytes(exported.content)
    page.goto(f"{live_server}/import")
    page.get_by_label("Game file (.json)").set_input_files(str(path))
    page.get_by_role("button", name="Import").click()
    page.wait_for_url(re.compile(r"/games/[A-Za-z0-9_-]{22,}$"))
    new_id = page.url.rsplit("/", 1)[1]
    assert new_id != game_id
    copy = requests.get(f"{live_server}/api/games/{new_id}", timeout=5).json()
    assert copy["scores"] == [1, 9] and len(copy["hands"]) == 2


def test_import_of_a_wrong_file_says_why(live_server, page, tmp_path):
    path = tmp_path / "notes.json"
    path.write_text("shopping list")
    page.goto(f"{live_server}/import")
    page.get_by_label("Game file (.json)").set_input_files(str(path))
    page.get_by_role("button", name="Import").click()
    assert "Nothing was imported." in page.get_by_role("alert").inner_text()


def test_share_page_follows_a_scorer_logging_on_another_page(live_server, page, new_page):
    """The scorer's phone logs a hand on the game page; the share page open elsewhere shows it by itself."""
    scorer = new_page()
    game_id = start_game(scorer, live_server)
    page.goto(f"{live_server}/share/{game_id}")
    assert summary(page).startswith("Us 0 – Them 0")
    started = time.monotonic()
    log_hand(scorer, "Bo", "6", {"two": "Us"})
    page.wait_for_function(
        "() => document.querySelector('#share-live [data-status]').dataset.summary.startsWith('Us 1 – Them 9')",
        timeout=UPDATE_LIMIT_MS + 2000,
    )
    print(f"\nshare page followed the scorer's page in {(time.monotonic() - started) * 1000:.0f} ms")
    assert page.locator("#hand-1").count() == 1
