"""Two scorer phones at one table, at 390x844: each shows the other's hands within seconds, the same hand
logged on both is one hand, "Keep both" asks first, a stale undo removes nothing, and Misdeal asks."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect

from tests.browser.table import api, log_hand, start_game, wait_sent, wait_server

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
HANDS_POSTS = "**/api/games/*/hands"
# Count the page's visibility changes, so a test can say none happened.
VISIBILITY = ("() => { window.__visibility = 0;"
              " document.addEventListener('visibilitychange', () => window.__visibility++); }")
# Stop this page's poll: the phone stays behind until it asks itself (the form, an undo).
NO_POLL = "() => { const sync = window.gamePage.sync; clearTimeout(sync.timer); sync.schedule = () => {}; }"
FLUSH = "async () => { const store = await import('/static/js/phone/store.js'); await store.flush(); }"


def two_phones(live_server, new_page, **options):
    """Phone A starts a game; phone B joins through the co-scorer link. Returns (a, b, game_id).

    No service worker: its Background Sync would send a held hand past the page's routes.
    """
    options.setdefault("service_workers", "block")
    a = new_page(viewport=PHONE, **options)
    game_id = start_game(a, live_server)
    a.locator("details.co-scorer").evaluate("details => { details.open = true; }")
    link = a.locator("details.co-scorer a.url").get_attribute("href")
    b = new_page(viewport=PHONE, **options)
    b.goto(link)
    b.get_by_role("button", name="Keep score on this phone").click()
    b.wait_for_function("() => window.gamePage")
    return a, b, game_id


def hold_hands(page) -> None:
    """Let none of the page's hands reach the server (as on a bad connection); its reads still go."""
    page.route(HANDS_POSTS, lambda route: route.abort() if route.request.method == "POST" else route.continue_())


def release_hands(page) -> None:
    page.unroute(HANDS_POSTS)
    page.evaluate(FLUSH)


def rows(page):
    return page.locator("#sheet tbody tr.hand")


def notice(page):
    return page.locator('[data-slot="notice"]')


def test_a_co_scorer_shows_the_other_phones_hand_within_5_seconds(live_server, new_page):
    a, b, game_id = two_phones(live_server, new_page)
    b.evaluate(VISIBILITY)
    for number, (bidder, bid) in enumerate((("Bo", "6"), ("Cy", "5")), start=1):
        log_hand(a, bidder, bid, {"two": "Us"})
        saved = time.monotonic()  # A's save is on the server a moment after its dialog closes
        expect(b.locator(f"#hand-{number}")).to_be_visible(timeout=5000)
        delay = time.monotonic() - saved
        print(f"co-scorer: hand {number} shown on the other phone {delay:.2f} s after it was saved")
        assert delay < 5
        expect(b.locator(".board .side-score")).to_have_text(a.locator(".board .side-score").all_inner_texts())
    assert b.evaluate("() => [document.hidden, window.__visibility]") == [False, 0]  # no reload, no focus change
    assert b.url.endswith(f"/games/{game_id}")


def test_a_poll_never_drops_a_hand_waiting_on_the_phone(live_server, new_page):
    a, b, game_id = two_phones(live_server, new_page)
    hold_hands(b)
    log_hand(b, "Cy", "5", {"two": "Them"})  # B's hand 1 waits on the phone
    log_hand(a, "Bo", "6", {"two": "Us"})  # A's hand 1 reaches the server
    wait_sent(a)
    expect(rows(b)).to_have_count(2, timeout=5000)  # the poll brought A's hand; B's own is still shown after it
    expect(b.locator('[data-slot="sync"]')).to_contain_text("1 hand not sent yet")
    assert len(api(live_server, game_id).json()["hands"]) == 1


def test_the_same_hand_from_two_phones_is_one_hand_and_no_question(live_server, new_page):
    a, b, game_id = two_phones(live_server, new_page)
    hold_hands(b)
    log_hand(b, "Bo", "6", {"two": "Us"})
    log_hand(a, "Bo", "6", {"two": "Us"})
    wait_sent(a)
    b.wait_for_timeout(3500)  # a poll of B has brought A's hand
    expect(rows(b)).to_have_count(1)  # the same hand: shown once, even before B's copy is sent
    release_hands(b)
    wait_sent(b)
    expect(b.locator("#conflict-dialog")).to_be_hidden()
    expect(b.locator("#confirm-dialog")).to_be_hidden()
    server = api(live_server, game_id).json()
    assert len(server["hands"]) == 1 and server["scores"] == [1, 9]
    expect(rows(b)).to_have_count(1)
    log_hand(b, "Cy", "5")  # B goes on with hand 2
    assert [hand["bidder"] for hand in wait_server(live_server, game_id, 2)["hands"]] == [1, 2]


def test_the_same_hand_saved_from_a_form_opened_before_it_came(live_server, new_page):
    """B opened hand 1's form before A's hand 1 arrived; B's save of the same hand adds nothing."""
    a, b, game_id = two_phones(live_server, new_page)
    b.locator('[data-action="log"]').click()
    dialog = b.locator("#hand-dialog")
    dialog.wait_for(state="visible")
    log_hand(a, "Bo", "6", {"two": "Us"})
    wait_sent(a)
    b.wait_for_function("() => window.gamePage.game.hands.length === 1")  # the poll, under the open form
    dialog.locator("#f-bidder").get_by_role("radio", name="Bo", exact=True).check()
    dialog.locator("#f-bid").get_by_role("radio", name="6", exact=True).check()
    dialog.locator("#f-captured_two").get_by_role("radio", name="Us", exact=True).check()
    dialog.locator('[data-action="save"]').click()
    expect(dialog).to_be_hidden()
    expect(notice(b)).to_have_text("Hand 1 was logged on another phone just now, the same as here.")
    wait_sent(b)
    assert len(api(live_server, game_id).json()["hands"]) == 1
    expect(rows(b)).to_have_count(1)


def test_keep_both_shows_the_doubled_sheet_and_asks(live_server, new_page, axe):
    a, b, game_id = two_phones(live_server, new_page)
    hold_hands(b)
    log_hand(b, "Cy", "5", {"two": "Them"})  # B: Cy bids 5 and makes it
    log_hand(a, "Bo", "6", {"two": "Us"})  # A: Bo bids 6 and makes it, first on the server
    wait_sent(a)
    release_hands(b)
    screen = b.locator("#conflict-dialog")
    expect(screen).to_be_visible()
    screen.get_by_role("button", name="Keep both: this phone's becomes hand 2").click()
    ask = b.locator("#confirm-dialog")
    expect(ask).to_be_visible()
    question = ask.locator('[data-slot="question"]').inner_text()
    assert question.startswith("Keep both? Then the sheet has hand 1: Bo bid 6, made")
    assert "; and hand 2: Cy bid 5, made" in question
    assert "The score would be Us 10, Them 10." in question  # 1-9, then 9-1
    assert axe(b) == []
    assert len(api(live_server, game_id).json()["hands"]) == 1  # nothing sent on the first tap
    ask.get_by_role("button", name="Back").click()
    expect(screen).to_be_visible()  # back to the three choices
    screen.get_by_role("button", name="Keep both: this phone's becomes hand 2").click()
    ask.get_by_role("button", name="Keep both hands").click()
    expect(screen).to_be_hidden()
    wait_sent(b)
    server = api(live_server, game_id).json()
    assert [hand["bidder"] for hand in server["hands"]] == [1, 2] and server["scores"] == [10, 10]


def test_a_stale_undo_refreshes_first_and_removes_nothing(live_server, new_page):
    a, b, game_id = two_phones(live_server, new_page)
    log_hand(a, "Bo", "6", {"two": "Us"})
    expect(rows(b)).to_have_count(1, timeout=5000)
    b.evaluate(NO_POLL)  # B stays on hand 1 until it asks
    log_hand(a, "Cy", "5")
    wait_sent(a)
    b.wait_for_timeout(3500)
    expect(b.locator('[data-action="undo"]')).to_have_text("Undo hand 1")  # behind
    b.locator('[data-action="undo"]').click()
    expect(notice(b)).to_have_text("Another phone logged hand 2; undo again if you still mean it.")
    expect(b.locator("#confirm-dialog")).to_be_hidden()
    expect(rows(b)).to_have_count(2)
    assert len(api(live_server, game_id).json()["hands"]) == 2
    b.locator('[data-action="undo"]').click()  # now current: the undo asks, and removes hand 2 only
    ask = b.locator("#confirm-dialog")
    expect(ask.locator('[data-slot="question"]')).to_have_text("Remove hand 2: Cy bid 5, made?")
    ask.get_by_role("button", name="Remove hand 2").click()
    expect(rows(b)).to_have_count(1)
    wait_sent(b)
    # The undo is queued as the dialog closes; the sync line may say "saved" a moment before it is sent.
    deadline = time.monotonic() + 10
    while len(api(live_server, game_id).json()["hands"]) != 1 and time.monotonic() < deadline:
        time.sleep(0.1)
    server = api(live_server, game_id).json()
    assert [hand["bidder"] for hand in server["hands"]] == [1]


def test_an_undo_the_server_refuses_as_stale_is_dropped_and_said(live_server, new_page):
    """The phone could not catch up first (its reads fail): the server refuses the undo, nothing is removed."""
    a, b, game_id = two_phones(live_server, new_page)
    log_hand(a, "Bo", "6", {"two": "Us"})
    expect(rows(b)).to_have_count(1, timeout=5000)
    b.evaluate(NO_POLL)
    log_hand(a, "Cy", "5")
    wait_sent(a)
    reads = {"blocked": True}
    game_path = f"**/api/games/{game_id}"
    b.route(game_path, lambda route: route.abort() if reads["blocked"] else route.continue_())
    b.locator('[data-action="undo"]').click()
    ask = b.locator("#confirm-dialog")
    expect(ask.locator('[data-slot="question"]')).to_have_text("Remove hand 1: Bo bid 6, made?")
    reads["blocked"] = False
    ask.get_by_role("button", name="Remove hand 1").click()
    expect(notice(b)).to_have_text("Another phone logged hand 2; undo again if you still mean it.")
    wait_sent(b)
    expect(b.locator("#conflict-dialog")).to_be_hidden()
    expect(rows(b)).to_have_count(2)
    server = api(live_server, game_id).json()
    assert [hand["bidder"] for hand in server["hands"]] == [1, 2]


def test_a_phone_behind_catches_up_before_the_form_opens(live_server, new_page):
    a, b, _ = two_phones(live_server, new_page)
    b.evaluate(NO_POLL)
    log_hand(a, "Bo", "6", {"two": "Us"})
    wait_sent(a)
    b.locator('[data-action="log"]').click()
    dialog = b.locator("#hand-dialog")
    expect(dialog).to_be_visible()
    expect(dialog.locator("#hand-title")).to_have_text("Hand 2")
    expect(rows(b)).to_have_count(1)


# ---- Misdeal


def test_misdeal_asks_naming_the_hand_and_the_dealer_and_keeps_the_form(live_server, new_page, axe):
    page = new_page(viewport=PHONE)
    game_id = start_game(page, live_server)
    log_hand(page, "Bo", "6", {"two": "Us"})  # Ann dealt hand 1; Bo deals hand 2
    page.locator('[data-action="log"]').click()
    dialog = page.locator("#hand-dialog")
    dialog.locator("#f-bidder").get_by_role("radio", name="Cy", exact=True).check()
    dialog.locator("#f-bid").get_by_role("radio", name="5", exact=True).check()
    save, misdeal = dialog.locator('[data-action="save"]'), dialog.locator('[data-action="misdeal"]')
    top, bottom = misdeal.bounding_box(), save.bounding_box()
    assert top["y"] + top["height"] + 200 < bottom["y"]  # at the top of the form, Save at the bottom
    misdeal.click()
    ask = page.locator("#confirm-dialog")
    expect(ask.locator('[data-slot="question"]')).to_have_text(
        "Hand 2 is a misdeal: Bo deals again? What is filled in here is dropped.")
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        assert axe(page) == [], scheme
    ask.get_by_role("button", name="Back to the hand").click()
    expect(ask).to_be_hidden()
    expect(dialog).to_be_visible()
    expect(dialog.locator("#f-bidder").get_by_role("radio", name="Cy", exact=True)).to_be_checked()
    expect(dialog.locator("#f-bid").get_by_role("radio", name="5", exact=True)).to_be_checked()
    assert len(api(live_server, game_id).json()["hands"]) == 1
    misdeal.click()
    ask.get_by_role("button", name="Misdeal", exact=True).click()
    expect(dialog).to_be_hidden()
    expect(page.locator("#hand-2 [data-slot=result]")).to_have_text("misdeal")
    expect(page.locator('[data-slot="next"]')).to_contain_text("Bo deals hand 3")
    assert wait_server(live_server, game_id, 2)["hands"][1]["misdeal"] is True


def test_back_with_a_half_entered_hand_asks(live_server, new_page):
    page = new_page(viewport=PHONE)
    start_game(page, live_server)
    page.locator('[data-action="log"]').click()
    dialog = page.locator("#hand-dialog")
    dialog.locator("#f-bidder").get_by_role("radio", name="Cy", exact=True).check()
    page.go_back()
    ask = page.locator("#confirm-dialog")
    expect(ask.locator('[data-slot="question"]')).to_have_text("Discard this hand?")
    ask.get_by_role("button", name="Keep it").click()
    expect(dialog).to_be_visible()
    expect(dialog.locator("#f-bidder").get_by_role("radio", name="Cy", exact=True)).to_be_checked()



HIDE = """(hidden) => {
  Object.defineProperty(document, "hidden", { configurable: true, get: () => hidden });
  const state = hidden ? "hidden" : "visible";
  Object.defineProperty(document, "visibilityState", { configurable: true, get: () => state });
  document.dispatchEvent(new Event("visibilitychange"));
}"""


def test_the_poll_pauses_while_the_page_is_hidden_and_asks_at_once_when_shown(live_server, new_page):
    a, b, game_id = two_phones(live_server, new_page)
    polls = []
    b.on("request", lambda request: polls.append(time.monotonic()) if request.url.endswith(f"/api/games/{game_id}")
         else None)
    b.wait_for_timeout(3500)
    assert polls, "the page polls while it is shown"
    b.evaluate(HIDE, True)
    hidden_at = time.monotonic()
    log_hand(a, "Bo", "6", {"two": "Us"})
    wait_sent(a)
    b.wait_for_timeout(7000)
    assert [at for at in polls if at > hidden_at + 0.5] == []  # nothing while hidden
    expect(rows(b)).to_have_count(0)
    b.evaluate(HIDE, False)
    shown_at = time.monotonic()
    expect(rows(b)).to_have_count(1, timeout=2000)  # one poll at once, not after the period
    assert [at for at in polls if at > shown_at][0] - shown_at < 1
