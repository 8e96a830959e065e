"""The outbox asks for the short answer to each new hand (Prefer: return=minimal, docs/api.md): hands logged with
no signal still reach the server exactly once, and the sheet shows the server's game after them."""

from __future__ import annotations

import pytest

from tests.browser.table import api, assert_sheet, body, expected, log_hand, rows, start_game, wait_sent, wait_server

pytestmark = pytest.mark.browser

HANDS = [("Bo", "6", {"two": "Us"}), ("Cy", "5", None), ("Di", "4", {"ten": "Us"})]


def watch_hands(page, signal: dict) -> list[tuple[str | None, int, str | None]]:
    """(Prefer sent, status, Preference-Applied answered) of every hand the page posts that reaches the server;
    while `signal["up"]` is false the hands' requests fail as with no signal (the page's own files still load)."""
    seen = []

    def through(route):
        if not signal["up"]:
            route.abort("internetdisconnected")
            return
        answer = route.fetch()
        seen.append((route.request.headers.get("prefer"), answer.status, answer.headers.get("preference-applied")))
        route.fulfill(response=answer)

    page.route("**/api/games/*/hands", through)
    return seen


def test_hands_logged_offline_arrive_once_with_short_answers(live_server, new_page):
    page = new_page(service_workers="block")  # page.route sees the page's own requests
    game_id = start_game(page, live_server)
    signal = {"up": False}
    seen = watch_hands(page, signal)
    for hand in HANDS:
        log_hand(page, *hand)
    assert len(api(live_server, game_id).json()["hands"]) == 0
    signal["up"] = True
    page.evaluate("() => window.dispatchEvent(new Event('online'))")
    wait_sent(page)
    server = wait_server(live_server, game_id, 3)
    assert seen == [("return=minimal", 201, "return=minimal")] * 3
    assert [{key: hand[key] for key in ("bidder", "bid", "captured")} for hand in server["hands"]] == [
        body(*hand) for hand in HANDS
    ]
    assert server["scores"] == expected([body(*hand) for hand in HANDS])["scores"]
    assert_sheet(page, server)
    page.reload()
    page.wait_for_function("() => window.gamePage && !window.gamePage.pending")
    assert_sheet(page, server)


def test_a_short_answer_lost_on_the_way_is_sent_again_and_kept_once(live_server, new_page):
    page = new_page(service_workers="block")
    game_id = start_game(page, live_server)
    cut = []

    def cut_after_sending(route):
        answer = route.fetch()  # the server records the hand ...
        cut.append((route.request.headers.get("prefer"), answer.status))
        route.abort("internetdisconnected")  # ... and its short answer never reaches the phone

    page.route("**/api/games/*/hands", cut_after_sending, times=1)
    log_hand(page, *HANDS[0])
    wait_sent(page)  # confirmed only by a later answer: the outbox sent it again, the server kept it once
    assert cut == [("return=minimal", 201)]
    server = api(live_server, game_id).json()
    assert len(server["hands"]) == 1 and server["scores"] == [1, 9]
    assert len(rows(page)) == 1
    log_hand(page, *HANDS[1])
    wait_sent(page)
    server = wait_server(live_server, game_id, 2)
    assert_sheet(page, server)
