"""Scoring with no signal: the outbox keeps every write, the engine scores on the phone, the server gets each once."""

from __future__ import annotations

import json
import re
import time

import pytest
import requests
from playwright.sync_api import expect

from tests.browser.nights import set_up
from tests.browser.table import (
    api,
    assert_sheet,
    body,
    controlled_page,
    expected,
    log_hand,
    rows,
    start_game,
    wait_controlled,
    wait_sent,
    wait_server,
)
from tests.support.tables import FOUR

pytestmark = pytest.mark.browser

MOVE_SIX = {point: "Them" for point in ("ace", "jack", "off_jack", "high_joker", "low_joker", "ten")}
# Five hands: made, set, made, made, and a moon that wins the game.
FIVE = [("Bo", "6", {"two": "Us"}), ("Cy", "5", MOVE_SIX), ("Di", "4", None), ("Ann", "7", None), ("Bo", "Moon", None)]


def sync_line(page):
    return page.locator('[data-slot="sync"]')


def test_a_whole_game_offline_survives_reloads_and_reaches_the_server_once(live_server, persistent):
    context, page, game_id = controlled_page(persistent, live_server)
    context.set_offline(True)
    for hand in FIVE:
        log_hand(page, *hand)
    game = expected([body(*hand) for hand in FIVE])
    assert game["result"]["how"] == "moon" and [h["made"] for h in game["hands"]] == [True, False, True, True, True]
    assert_sheet(page, game)
    expect(sync_line(page)).to_contain_text("5 hands not sent yet")
    for _ in range(2):
        page.reload()
        page.wait_for_function("() => window.gamePage && window.gamePage.game.hands.length === 5")
        assert page.locator("#game").get_attribute("data-shell") == "true"  # the worker's offline shell
        assert_sheet(page, game)
        expect(sync_line(page)).to_contain_text("5 hands not sent yet")
        assert "Them shot the moon" in page.locator('[data-slot="winner"]').inner_text()
    assert len(api(live_server, game_id).json()["hands"]) == 0
    context.set_offline(False)
    wait_sent(page)
    server = wait_server(live_server, game_id, 5)
    assert [{key: hand[key] for key in ("bidder", "bid", "captured")} for hand in server["hands"]] == [
        body(*hand) for hand in FIVE
    ]
    assert len({hand["id"] for hand in server["hands"]}) == 5
    assert server["scores"] == game["scores"] and server["winner"] == game["winner"]
    page.reload()  # online again: the server's own page
    assert page.locator("#game").get_attribute("data-shell") is None
    assert_sheet(page, server)


def test_a_game_started_offline_reaches_the_server_with_its_hands(live_server, persistent):
    context, page, _ = controlled_page(persistent, live_server, game=False)
    context.set_offline(True)
    game_id = start_game(page, live_server, teams=("North", "South"))
    assert page.locator("#game").get_attribute("data-shell") == "true"
    assert page.locator(".game-title").inner_text() == "North v South"
    hands = [("Bo", "6", {"two": "North"}), ("Cy", "7", None), ("Di", "4", {"ten": "North"})]
    for hand in hands:
        log_hand(page, *hand)
    game = expected([body(*hand, teams=("North", "South")) for hand in hands], teams=("North", "South"))
    assert_sheet(page, game)
    expect(sync_line(page)).to_contain_text("The new game and 3 hands not sent yet")
    share = page.locator(".share-link a.url").get_attribute("href")
    assert share.endswith(f"/share/{game_id}")
    page.close()
    assert api(live_server, game_id).status_code == 404
    context.set_offline(False)
    app = context.new_page()  # reopen the app
    app.goto(live_server + "/")
    server = wait_server(live_server, game_id, 3)
    assert server["players"] == FOUR and [team["name"] for team in server["teams"]] == ["North", "South"]
    assert server["scores"] == game["scores"]
    shared = requests.get(share, timeout=10)
    assert shared.status_code == 200 and "North" in shared.text
    app.goto(f"{live_server}/games/{game_id}")  # the session learns the key; the server's page is editable
    app.wait_for_function("() => window.gamePage && !window.gamePage.pending")
    assert app.locator("#game").get_attribute("data-shell") is None
    assert_sheet(app, server)


def test_a_post_lost_after_the_server_got_it_is_not_doubled(live_server, new_page):
    page = new_page(service_workers="block")  # page.route sees the page's own requests
    game_id = start_game(page, live_server)
    cut = []

    def cut_after_sending(route):
        answer = route.fetch()  # the server records the hand ...
        cut.append(answer.status)
        route.abort("internetdisconnected")  # ... and the answer never reaches the phone

    page.route("**/api/games/*/hands", cut_after_sending, times=1)
    log_hand(page, "Bo", "6", {"two": "Us"})
    wait_sent(page)  # confirmed only by a later answer: the outbox sent it again
    assert cut == [201]
    server = api(live_server, game_id).json()
    assert len(server["hands"]) == 1 and server["scores"] == [1, 9]
    assert len(rows(page)) == 1


def two_phones(live_server, new_page):
    """Phone A starts a game; phone B joins through the co-scorer link. Returns (a, b, game_id)."""
    a = new_page()
    game_id = start_game(a, live_server)
    a.locator("details.co-scorer summary").click()
    link = a.locator("details.co-scorer a.url").get_attribute("href")
    b = new_page()
    b.goto(link)
    b.get_by_role("button", name="Keep score on this phone").click()
    b.wait_for_function("() => window.gamePage")
    return a, b, game_id


@pytest.mark.parametrize("choice", ["theirs", "mine", "both"])
def test_two_phones_log_the_same_hand_and_the_scorer_decides(live_server, new_page, choice):
    a, b, game_id = two_phones(live_server, new_page)
    wait_controlled(b)  # the worker holds the app's files (the hand form's module among them) before the signal goes
    b.context.set_offline(True)
    log_hand(b, "Bo", "6", {"two": "Us"})  # B: hand 1, kept on the phone
    log_hand(a, "Cy", "5", MOVE_SIX)  # A: hand 1, on the server first
    wait_sent(a)
    b.context.set_offline(False)
    screen = b.locator("#conflict-dialog")
    expect(screen).to_be_visible()
    assert "Hand 1 was logged on two phones" in screen.inner_text()
    assert "Cy bid 5" in screen.locator('[data-slot="theirs"]').inner_text()
    assert "Bo bid 6" in screen.locator('[data-slot="mine"]').inner_text()
    assert len(api(live_server, game_id).json()["hands"]) == 1  # nothing thrown away, nothing sent blind
    buttons = {"theirs": "Keep the other phone's hand 1", "mine": "Put this phone's hand in its place",
               "both": "Keep both: this phone's becomes hand 2"}
    screen.get_by_role("button", name=buttons[choice]).click()
    if choice == "both":  # never one tap: the sheet with both hands, and a second question
        ask = b.locator("#confirm-dialog")
        expect(ask).to_contain_text("Keep both? Then the sheet has hand 1: Cy bid 5")
        ask.get_by_role("button", name="Keep both hands").click()
    expect(screen).to_be_hidden()
    wait_sent(b)
    mine, theirs = body("Bo", "6", {"two": "Us"}), body("Cy", "5", MOVE_SIX)
    want = {"theirs": [theirs], "mine": [mine], "both": [theirs, mine]}[choice]
    server = api(live_server, game_id).json()
    assert [{key: hand[key] for key in ("bidder", "bid", "captured")} for hand in server["hands"]] == want
    a.reload()
    a.wait_for_function("() => window.gamePage")
    for phone in (a, b):
        assert_sheet(phone, server)


def test_edits_and_undos_offline_are_sent_in_order(live_server, persistent):
    context = persistent()
    page = context.new_page()
    game_id = start_game(page, live_server)
    log_hand(page, "Bo", "6", {"two": "Us"})
    wait_sent(page)
    wait_controlled(page)
    context.set_offline(True)
    log_hand(page, "Cy", "5", MOVE_SIX)
    log_hand(page, "Di", "4")
    page.locator("#hand-1 a.edit").click()  # fix hand 1: Us took the ten and the three as well as the two
    dialog = page.locator("#hand-dialog")
    dialog.locator("#f-captured_ten").get_by_role("radio", name="Us", exact=True).check()
    dialog.locator("#f-captured_three").get_by_role("radio", name="Us", exact=True).check()
    dialog.locator('[data-action="save"]').click()
    dialog.wait_for(state="hidden")
    page.locator('[data-action="undo"]').click()
    page.locator("#confirm-dialog").get_by_role("button", name="Remove hand 3").click()
    hands = [("Bo", "6", {"two": "Us", "ten": "Us", "three": "Us"}), ("Cy", "5", MOVE_SIX)]
    game = expected([body(*hand) for hand in hands])
    assert [hand["made"] for hand in game["hands"]] == [False, False]  # the fix turned hand 1 into a set
    assert_sheet(page, game)
    expect(sync_line(page)).to_contain_text("2 hands and 2 changes not sent yet")  # a fix and an undo
    page.reload()
    page.wait_for_function("() => window.gamePage && window.gamePage.game.hands.length === 2")
    assert_sheet(page, game)
    context.set_offline(False)
    wait_sent(page)
    server = api(live_server, game_id).json()
    assert [{key: hand[key] for key in ("bidder", "bid", "captured")} for hand in server["hands"]] == [
        body(*hand) for hand in hands
    ]
    assert server["scores"] == game["scores"]


def test_background_sync_sends_the_outbox_with_no_page_open(live_server, persistent):
    context, page, game_id = controlled_page(persistent, live_server)
    context.set_offline(True)
    log_hand(page, "Bo", "6", {"two": "Us"})
    assert page.evaluate("async () => (await navigator.serviceWorker.ready).sync.getTags()") == ["outbox"]
    page.close()  # no page of the app is open: only the worker can send it (Chromium's Background Sync)
    context.set_offline(False)
    server = wait_server(live_server, game_id, 1)
    assert server["scores"] == [1, 9]


def test_a_timed_game_keeps_counting_offline_after_a_reload(live_server, persistent):
    context = persistent()
    page = context.new_page()
    game_id = start_game(page, live_server, variant="tournament")
    wait_controlled(page)
    log_hand(page, "Bo", "6", {"two": "Us"})
    wait_sent(page)
    ends_at = wait_server(live_server, game_id, 1)["clock"]["ends_at"]
    page.reload()  # the phone keeps the server's copy of the game, clock and all
    expect(page.locator('[data-slot="clock"]')).to_contain_text("left on the clock")
    context.set_offline(True)
    page.reload()
    page.wait_for_function("() => window.gamePage && window.gamePage.game.hands.length === 1")
    assert page.locator("#game").get_attribute("data-shell") == "true"
    clock = page.locator('[data-slot="clock"]')
    expect(clock).to_have_text(re.compile(r"^(30:00|29:[0-5]\d) left on the clock$"))
    assert page.evaluate("() => window.gamePage.game.clock.ends_at") == ends_at


def test_a_hand_the_server_asks_to_wait_for_is_kept_and_sent_once_after_the_wait(live_server, new_page):
    page = new_page(service_workers="block")  # page.route sees the page's own requests
    game_id = start_game(page, live_server)
    limited = []

    def too_many(route):
        limited.append(time.monotonic())  # answered here: the server never sees it
        body = json.dumps({"error": "Too many changes at once. Try again in 2 seconds."})
        route.fulfill(status=429, headers={"Retry-After": "2"}, content_type="application/json", body=body)

    through = []
    page.on("response", lambda response: response.request.method == "POST" and response.url.endswith("/hands")
            and response.status != 429 and through.append((time.monotonic(), response.status)))
    page.route("**/api/games/*/hands", too_many, times=2)
    log_hand(page, "Bo", "6", {"two": "Us"})
    expect(sync_line(page)).to_contain_text("1 hand not sent yet")
    expect(sync_line(page)).to_contain_text("Too many changes at once")
    expect(sync_line(page)).to_contain_text(re.compile(r"again in [12] s"))
    assert len(rows(page)) == 1 and len(api(live_server, game_id).json()["hands"]) == 0
    wait_sent(page)
    assert len(limited) == 2 and limited[1] - limited[0] >= 1.9  # the wait the server asked for
    assert [status for _, status in through] == [201]  # reached the server once, after the second wait
    assert through[0][0] - limited[1] >= 1.9
    server = api(live_server, game_id).json()
    assert len(server["hands"]) == 1 and server["scores"] == [1, 9]
    assert len(rows(page)) == 1


def test_a_nights_draw_with_no_connection_says_it_needs_the_server(live_server, persistent):
    """The director's draw is a form the server answers: offline, the worker shows a page that says it was not sent
    (not the browser's error), nothing is drawn, and the same tap draws once the connection is back."""
    context = persistent()
    director = context.new_page()
    night_id = set_up(director, live_server)
    wait_controlled(director)
    context.set_offline(True)
    director.get_by_role("button", name="Draw the next game").click()
    expect(director.get_by_role("heading", name="Not sent: no connection")).to_be_visible()
    expect(director.locator("main")).to_contain_text("needs the server")
    context.set_offline(False)
    assert requests.get(f"{live_server}/api/nights/{night_id}", timeout=10).json()["games_drawn"] == 0
    director.go_back()
    director.get_by_role("button", name="Draw the next game").click()
    expect(director.locator(".notice")).to_have_text("Game 1 is drawn.")
