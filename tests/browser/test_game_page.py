"""The start page and the score sheet in a real browser: create, log, fix, undo, win; no-JS; a11y; sizes."""

from __future__ import annotations

import re
import time

import pytest
import requests
from playwright.sync_api import expect

from tests.browser.table import start_game
from tests.support.tables import PLAYERS

pytestmark = [pytest.mark.browser, pytest.mark.pages]

SHIFTS = """() => {
  window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__shifts.push(entry.value);
  }).observe({ type: "layout-shift", buffered: false });
}"""
# Every control a thumb can hit; a radio or checkbox counts by the label that holds it.
SMALL_TARGETS = """() => {
  const small = [];
  const controls = "a[href], button, input:not([type=hidden]), select, summary, textarea";
  for (const node of document.querySelectorAll(controls)) {
    const target = (node.type === "radio" || node.type === "checkbox") ? (node.closest("label") ?? node) : node;
    const box = target.getBoundingClientRect();
    if (!box.width || !box.height || getComputedStyle(target).visibility === "hidden") continue;
    if (box.width < 44 || box.height < 44) small.push(`${target.outerHTML.slice(0, 80)} ${box.width}x${box.height}`);
  }
  return small;
}"""


def create(page, base: str, variant: str = "ten-point", teams=("Us", "Them"), **house) -> str:
    """Start a game from the start page; returns its id."""
    return start_game(page, base, teams=teams, variant=variant, **house)


def dialog(page):
    return page.locator("#hand-dialog")


def pick(page, group: str, name: str) -> None:
    """Tap a radio button of the hand form by its label."""
    dialog(page).locator(f"#f-{group}").get_by_role("radio", name=name, exact=True).check()


def open_form(page) -> None:
    page.locator('[data-action="log"]').click()
    dialog(page).wait_for(state="visible")


def log_hand(page, bidder: str, bid: str, moves: dict[str, str] | None = None, **extra) -> None:
    """Log a hand through the dialog: bidder, bid, the points that moved, save."""
    open_form(page)
    pick(page, "bidder", bidder)
    pick(page, "bid", bid)
    for group, name in extra.items():
        pick(page, group, name)
    for point, side in (moves or {}).items():
        pick(page, f"captured_{point}", side)
    dialog(page).locator('[data-action="save"]').click()
    dialog(page).wait_for(state="hidden")


def api(base: str, game_id: str) -> dict:
    return requests.get(f"{base}/api/games/{game_id}", timeout=10).json()


def wait_saved(page, base: str, game_id: str, hands: int) -> dict:
    """The server's game once it holds `hands` hands (the page saves in the background)."""
    page.wait_for_function(f"() => !window.gamePage.pending && window.gamePage.game.hands.length === {hands}")
    game = api(base, game_id)
    assert len(game["hands"]) == hands
    return game


def board(page) -> list[str]:
    return page.locator(".board .side-score").all_inner_texts()


@pytest.mark.parametrize("variant", list(PLAYERS))
def test_create_each_preset(live_server, page, variant):
    game_id = create(page, live_server, variant)
    assert "Ann deals hand 1 · Bo bids first" in page.locator('[data-slot="next"]').inner_text()
    assert page.evaluate(f"() => JSON.parse(localStorage.getItem('pitch.keys'))['{game_id}']")
    game = api(live_server, game_id)
    assert game["variant"] == variant and game["players"] == PLAYERS[variant]
    page.reload()
    assert page.locator("#game").get_attribute("data-editable") == "true"  # the session holds the key too
    page.goto(live_server + "/")
    expect(page.locator(f'#recent-list li[data-id="{game_id}"]')).to_have_count(1)
    expect(page.locator("#players-0")).to_have_value("Ann")  # names remembered for next time


def test_log_a_made_hand_in_five_taps_without_reload_or_layout_shift(live_server, page):
    game_id = create(page, live_server)
    page.evaluate("() => { window.__marker = 1; }")
    page.evaluate(SHIFTS)
    held = []
    page.route("**/api/games/*/hands", lambda route: held.append(route))
    open_form(page)
    pick(page, "bidder", "Bo")  # 1
    pick(page, "bid", "6")  # 2
    pick(page, "captured_two", "Us")  # 3
    pick(page, "captured_off_jack", "Us")  # 4
    assert dialog(page).locator("#live").inner_text() == "Us 2 · Them 8. Them made 6."
    dialog(page).locator('[data-action="save"]').click()  # 5
    row = page.locator("#hand-1")
    assert row.locator('[data-slot="result"]').inner_text() == "made"  # shown before the server answers
    assert board(page) == ["2", "8"]
    page.wait_for_timeout(700)  # a slow connection: the answer comes after the 500 ms a tap excuses shifts for
    assert held, "the hand was sent to the API"
    held[0].continue_()
    game = wait_saved(page, live_server, game_id, 1)
    assert game["scores"] == [2, 8] and game["hands"][0]["bidder"] == 1
    assert page.evaluate("() => window.__marker") == 1
    assert "Bo deals hand 2 · Cy bids first" in page.locator('[data-slot="next"]').inner_text()
    page.wait_for_timeout(300)
    assert page.evaluate("() => window.__shifts.reduce((a, b) => a + b, 0)") == 0


def test_a_set_hand(live_server, page):
    game_id = create(page, live_server)
    log_hand(page, "Bo", "6", {"off_jack": "Us", "high_joker": "Us", "low_joker": "Us", "two": "Us"})
    log_hand(page, "Cy", "5", {p: "Them" for p in ("ace", "jack", "off_jack", "high_joker", "low_joker", "ten")})
    row = page.locator("#hand-2")
    assert "set" in row.get_attribute("class")
    struck = row.locator("td.bidding del")
    assert struck.is_visible() and struck.inner_text() == "set, took 4" or struck.inner_text().endswith("4")
    assert board(page) == ["\u22121", "12"]
    assert wait_saved(page, live_server, game_id, 2)["scores"] == [-1, 12]


def test_a_misdeal_scores_nothing(live_server, page):
    game_id = create(page, live_server)
    open_form(page)
    dialog(page).get_by_role("button", name="Misdeal").click()
    ask = page.locator("#confirm-dialog")
    expect(ask.locator(".question")).to_have_text("Hand 1 is a misdeal: Ann deals again?")
    ask.get_by_role("button", name="Misdeal", exact=True).click()
    expect(dialog(page)).to_be_hidden()
    assert page.locator("#hand-1 [data-slot=result]").inner_text() == "misdeal"
    assert "Ann deals hand 2" in page.locator('[data-slot="next"]').inner_text()
    assert wait_saved(page, live_server, game_id, 1)["hands"][0]["misdeal"] is True


def test_call_time_on_a_clocked_game(live_server, page):
    game_id = create(page, live_server, "tournament")
    log_hand(page, "Bo", "6", {"two": "Us"})
    page.locator('[data-action="time"]').click()
    page.locator("#confirm-dialog").get_by_role("button", name="No hand dealt: decide now").click()
    expect(page.locator('[data-slot="winner"]')).to_be_visible()
    assert "Time was called with Them ahead, 9 to 1" in page.locator('[data-slot="winner"]').inner_text()
    page.wait_for_function("() => !window.gamePage.pending && !window.gamePage.writing")
    deadline = time.monotonic() + 10
    while api(live_server, game_id)["status"] != "finished" and time.monotonic() < deadline:
        time.sleep(0.1)  # the time call goes out through the outbox in the background
    assert api(live_server, game_id)["status"] == "finished"


def test_a_clocked_game_counts_down_from_the_first_hand_and_after_a_reload(live_server, page):
    game_id = create(page, live_server, "tournament")
    clock = page.locator('[data-slot="clock"]')
    expect(clock).to_have_text("The 30-minute clock starts with the first hand.")
    log_hand(page, "Bo", "6", {"two": "Us"})
    wait_saved(page, live_server, game_id, 1)
    page.reload()
    expect(clock).to_have_text(re.compile(r"^(30:00|29:5\d) left on the clock$"))
    first = clock.inner_text()
    expect(clock).not_to_have_text(first, timeout=3000)  # it ticks by the second
    ends_at = api(live_server, game_id)["clock"]["ends_at"]
    assert page.locator('[data-slot="clock"]').get_attribute("data-ends-at") == ends_at


def test_a_co_scorer_joins_from_the_link_and_keeps_score(live_server, page, new_page):
    game_id = create(page, live_server)
    page.locator("details.co-scorer summary").click()
    link = page.locator("details.co-scorer a.url").get_attribute("href")
    assert f"/games/{game_id}/join#key=" in link
    assert page.locator("details.co-scorer svg.qr").is_visible()
    phone = new_page()
    phone.goto(link)
    assert "#key" not in phone.url  # the key leaves the address bar
    phone.get_by_role("button", name="Keep score on this phone").click()
    phone.wait_for_url(re.compile(rf"/games/{game_id}$"))
    phone.wait_for_function("() => window.gamePage")
    log_hand(phone, "Bo", "6", {"two": "Us"})
    assert wait_saved(phone, live_server, game_id, 1)["scores"] == [1, 9]


def test_shoot_the_moon(live_server, page):
    game_id = create(page, live_server)
    log_hand(page, "Ann", "Moon")
    banner = page.locator('[data-slot="winner"]')
    assert banner.is_visible() and "Winner: Us" in banner.inner_text() and "Us shot the moon" in banner.inner_text()
    assert page.locator("#hand-1 [data-slot=bid]").inner_text() == "moon"
    assert wait_saved(page, live_server, game_id, 1)["winner"] == 0


def test_moon_refused_in_the_hole_is_explained(live_server, page):
    create(page, live_server, "tournament")
    log_hand(page, "Ann", "5", {p: "Them" for p in ("ace", "jack", "off_jack", "high_joker", "three")})
    open_form(page)
    pick(page, "bidder", "Cy")
    moon = dialog(page).locator('#f-bid input[value="moon"]')
    assert moon.is_disabled()
    note = dialog(page).locator('[data-slot="moon-note"]')
    assert "in the hole (-5) and may not shoot the moon" in note.inner_text()


def test_five_point_bid_of_five_asks_for_all_six_tricks(live_server, page):
    game_id = create(page, live_server, "five-point")
    open_form(page)
    question = dialog(page).locator("#f-all_tricks")
    pick(page, "bidder", "Bo")
    pick(page, "bid", "4")
    assert question.is_hidden()
    pick(page, "bid", "5")
    assert question.is_visible() and "all six tricks" in question.inner_text()
    dialog(page).locator('[data-action="save"]').click()
    assert "say whether the bidders took all six" in question.locator(".error").inner_text()
    pick(page, "all_tricks", "Yes")
    assert dialog(page).locator("#live").inner_text() == "Us 0 · Them 4. Them made 5, all six tricks."
    dialog(page).locator('[data-action="save"]').click()
    assert page.locator("#hand-1 [data-slot=bid]").inner_text() == "5, all six tricks"
    log_hand(page, "Cy", "5", {"high": "Them"}, all_tricks="No")
    assert "set" in page.locator("#hand-2").get_attribute("class")
    assert page.locator("#hand-2 [data-slot=bid]").inner_text() == "5"
    assert page.locator("#hand-2 [data-slot=result]").inner_text() == "set: missed High"
    assert wait_saved(page, live_server, game_id, 2)["scores"] == [-5, 6]


def test_a_cutthroat_hand(live_server, page):
    game_id = create(page, live_server, "cutthroat")
    open_form(page)
    pick(page, "bidder", "Cy")
    pick(page, "bid", "2")
    assert dialog(page).locator('#f-captured_high input[value="2"]').is_checked()  # points start with the bidder
    pick(page, "captured_high", "Ann")
    pick(page, "captured_jack", "Nobody (not dealt)")
    pick(page, "captured_game", "Bo")
    assert dialog(page).locator("#live").inner_text() == "Ann 1 · Bo 1 · Cy 1. Cy set, \u22122."
    dialog(page).locator('[data-action="save"]').click()
    assert board(page) == ["1", "1", "\u22122"]
    assert wait_saved(page, live_server, game_id, 1)["hands"][0]["captured"]["jack"] is None


def test_edit_an_old_hand_rescores_and_highlights_what_changed(live_server, page):
    game_id = create(page, live_server)
    log_hand(page, "Bo", "6", {"off_jack": "Us", "high_joker": "Us", "low_joker": "Us", "two": "Us"})
    log_hand(page, "Cy", "5", {"ace": "Them"})
    wait_saved(page, live_server, game_id, 2)
    page.locator("#hand-1 a.edit").click()
    assert dialog(page).locator("#hand-title").inner_text() == "Edit hand 1"
    assert dialog(page).locator('#f-bidder input[value="1"]').is_checked()
    assert dialog(page).locator('#f-captured_two input[value="0"]').is_checked()
    pick(page, "captured_three", "Us")  # Bo/Di took 3 of their 6: set
    dialog(page).locator('[data-action="save"]').click()
    assert page.locator("#hand-2 .changed").count() == 2  # both totals of the later hand moved
    assert "set" in page.locator("#hand-1").get_attribute("class")
    game = wait_saved(page, live_server, game_id, 2)
    assert game["scores"] == [16, -5] and board(page) == ["16", "\u22125"]


def test_undo_asks_first_and_a_repeat_removes_nothing_more(live_server, page):
    game_id = create(page, live_server)
    log_hand(page, "Bo", "6", {"two": "Us"})
    log_hand(page, "Cy", "5", {p: "Them" for p in ("ace", "jack", "off_jack", "high_joker", "low_joker", "ten")})
    wait_saved(page, live_server, game_id, 2)
    page.locator('[data-action="undo"]').click()
    ask = page.locator("#confirm-dialog")
    expect(ask.locator(".question")).to_have_text("Remove hand 2: Cy bid 5, set?")  # once caught up
    ask.get_by_role("button", name="Keep it").click()
    expect(ask).to_be_hidden()
    assert page.locator("#hand-2").count() == 1
    page.locator('[data-action="undo"]').click()
    ask.get_by_role("button", name="Remove hand 2").click()
    expect(page.locator("#hand-2")).to_have_count(0)
    game = wait_saved(page, live_server, game_id, 1)
    assert page.locator('[data-action="undo"]').inner_text() == "Undo hand 1"
    repeat = page.evaluate(  # the write goes through the outbox; the server's answer is kept on the phone
        "async ([id, hand]) => { const store = await import('/static/js/phone/store.js');"  # the import map versions it
        " await store.deleteHand(id, 2, hand); await store.flush();"
        " const { server, entries } = await store.gameRecord(id); return entries.length || server.hands.length; }",
        [game_id, "not-there-any-more"],
    )
    assert repeat == 1 and len(api(live_server, game_id)["hands"]) == len(game["hands"]) == 1


def test_the_winner_banner(live_server, page):
    game_id = create(page, live_server, target=5)
    log_hand(page, "Bo", "6", {"two": "Us"})
    banner = page.locator('[data-slot="winner"]')
    assert banner.is_visible()
    assert banner.inner_text() == "Winner: Them. Them made 6 and reached 9."
    assert page.locator('[data-action="log"]').is_hidden() and page.locator('[data-action="new"]').is_visible()
    assert wait_saved(page, live_server, game_id, 1)["result"]["reason"] == "Them made 6 and reached 9"


def test_back_closes_the_form_and_a_reload_restores_it(live_server, page):
    create(page, live_server)
    open_form(page)
    pick(page, "bidder", "Di")
    pick(page, "bid", "7")
    page.reload()
    page.wait_for_function("() => window.gamePage")
    assert dialog(page).is_visible()
    assert dialog(page).locator('#f-bidder input[value="3"]').is_checked()
    assert dialog(page).locator('#f-bid input[value="7"]').is_checked()
    dialog(page).locator('[data-action="cancel"]').click()
    page.locator("#confirm-dialog").get_by_role("button", name="Discard").click()
    expect(dialog(page)).to_be_hidden()
    assert "#" not in page.url
    open_form(page)
    page.go_back()
    assert dialog(page).is_hidden() and re.search(r"/games/[\w-]+$", page.url)


def test_log_a_hand_without_javascript(live_server, new_page):
    page = new_page(java_script_enabled=False)
    page.goto(live_server + "/")
    for seat, name in enumerate(PLAYERS["ten-point"]):
        page.fill(f"#players-{seat}", name)
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(re.compile(r"/games/[\w-]+$"))
    form = page.locator("#hand-form")
    assert form.is_visible()
    form.locator("#f-bidder").get_by_role("radio", name="Bo").check()
    form.locator("#f-bid").get_by_role("radio", name="6", exact=True).check()
    teams = {"ace": 1, "jack": 1, "off_jack": 0, "high_joker": 0, "low_joker": 0, "ten": 1, "three": 1}
    for point, team in teams.items():
        form.locator(f'#f-captured_{point} input[value="{team}"]').check()
    form.get_by_role("button", name="Save hand 1").click()
    assert "Say which team took the two." in page.locator('[data-error="captured_two"]').inner_text()
    page.locator('#f-captured_two input[value="0"]').check()
    page.get_by_role("button", name="Save hand 1").click()
    page.wait_for_url(re.compile(r"#sheet$"))
    assert page.locator(".board .side-score").all_inner_texts() == ["4", "6"]
    assert "made" in page.locator("#hand-1").get_attribute("class")


LOAD_SHIFT = """() => new Promise((resolve) => {
  const shifts = [];
  const classes = (node) => node.className ? "." + String(node.className).trim().replace(/\\s+/g, ".") : "";
  const name = (node) => node && node.nodeType === 1
    ? node.tagName.toLowerCase() + (node.id ? "#" + node.id : "") + classes(node)
    : String(node && node.nodeName);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      shifts.push({ value: entry.value, at: Math.round(entry.startTime),
        sources: (entry.sources || []).map((s) => ({ node: name(s.node),
          from: [s.previousRect.y, s.previousRect.height], to: [s.currentRect.y, s.currentRect.height] })) });
    }
  }).observe({ type: "layout-shift", buffered: true });
  setTimeout(() => resolve(shifts), 500);
})"""


def test_pages_do_not_shift_while_they_load(live_server, page):
    create(page, live_server, "ten-point-six")
    log_hand(page, "Bo", "6", {"two": "Us"})
    page.goto(live_server + "/")
    page.wait_for_load_state("networkidle")
    assert page.evaluate(LOAD_SHIFT) == []
    page.go_back()
    page.reload()
    page.wait_for_function("() => window.gamePage")
    assert page.evaluate(LOAD_SHIFT) == []


def test_axe_start_page(live_server, new_page, axe):
    page = new_page()
    page.goto(live_server + "/")
    page.locator("details.house summary").click()
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        assert axe(page) == [], scheme


def test_axe_game_page_with_the_hand_form_open(live_server, new_page, axe):
    page = new_page()
    create(page, live_server)
    log_hand(page, "Bo", "6", {"two": "Us"})
    log_hand(page, "Cy", "5", {"ace": "Them", "jack": "Them", "ten": "Them"})
    for name in ("share-link", "co-scorer"):
        page.locator(f"details.{name} summary").click()
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        assert axe(page) == [], scheme
    open_form(page)
    pick(page, "bidder", "Ann")
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        assert axe(page) == [], scheme


def test_every_control_is_at_least_44_px_at_360_wide(live_server, page):
    page.goto(live_server + "/")
    page.locator("details.house summary").click()
    assert page.evaluate(SMALL_TARGETS) == []
    create(page, live_server, "tournament")
    log_hand(page, "Bo", "6")
    for name in ("share-link", "co-scorer"):
        page.locator(f"details.{name} summary").click()
    assert page.viewport_size["width"] == 360
    assert page.evaluate(SMALL_TARGETS) == []
    open_form(page)
    assert page.evaluate(SMALL_TARGETS) == []
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360


@pytest.mark.parametrize("variant", ["ten-point", "cutthroat"])
def test_nothing_overflows_a_320_px_screen(live_server, new_page, variant):
    page = new_page(viewport={"width": 320, "height": 640})
    page.goto(live_server + "/")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 320
    create(page, live_server, variant)
    log_hand(page, "Bo", "3")
    log_hand(page, "Cy", "3")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 320
    assert page.evaluate("() => document.querySelector('.table-box').scrollWidth") <= 296
    open_form(page)
    assert page.evaluate("() => document.querySelector('#hand-dialog').scrollWidth") <= 320
