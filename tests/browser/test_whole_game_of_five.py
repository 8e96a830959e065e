"""Five at a table, the dealer sitting out, on two phones at 320x640 as the table plays it: started from the start page
("5 players: the dealer sits out"), five 20-character names, the second phone joined through the co-scorer link,
hands entered in turn with quick entry in at most 4 taps, the second phone offline for two hands (its engine scores
them with no signal, its outbox sends them once the signal is back), one hand corrected, to the winning pair on both
phones. Each hand's form offers only the four who play and names who sits out; axe finds nothing."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from scorekeeper.rules import make_table, parse_hand, score
from tests.browser.table import api, assert_sheet, choose, save_quick_hand, wait_controlled, wait_sent, wait_server

pytestmark = pytest.mark.browser

PHONE = {"width": 320, "height": 640}
SEATED = ["Bartholomew Jennings", "Maximiliana Ostrovna", "Cornelius Blackwoods", "Philippa Vandermeers",
           "Evangeline Hawthorne"]
# Each hand as the table says it: the bidder's seat, the bid, the points the bidding side took (of 10). Seat 0 deals
# hand 1 and the deal passes on; hand 7 leaves seat 2 on 35 on its own bid: seats 2 and 4 win as a pair.
HANDS = [(1, 5, 7), (3, 5, 8), (3, 5, 6), (0, 5, 9), (0, 5, 7), (2, 5, 8), (2, 5, 6)]
OFFLINE = (3, 4)  # the hands the second phone enters with no signal
SHOWS = """([scores, count]) => {
  const shown = [...document.querySelectorAll(".board .side-score")].map((node) => node.textContent.trim());
  return document.querySelectorAll("#sheet tbody tr.hand").length === count
    && JSON.stringify(shown) === JSON.stringify(scores);
}"""
COUNT_TAPS = """() => {
  window.taps = 0;
  if (!window.__watching) {
    window.__watching = true;
    document.addEventListener("pointerdown", (event) => { if (event.isTrusted) window.taps += 1; }, true);
  }
}"""


def bodies(hands) -> list[dict]:
    """The hands as the API takes them: the bidders' side takes `taken`, the other side the rest."""
    table = make_table("ten-point", SEATED, None, {"sit_out": "dealer"})
    found, state = [], score(table, [])
    for bidder, bid, taken in hands:
        side = 0 if bidder in table.sides(state.next_dealer)[0] else 1
        points = [10 - taken] * 2
        points[side] = taken
        found.append({"bidder": bidder, "bid": bid, "points": points})
        state = score(table, [parse_hand(body, table.rules) for body in found])
    return found


def start_five(page, base: str) -> str:
    """The start page: 10-Point Pitch, "5 players: the dealer sits out", five long names."""
    page.goto(base + "/")
    page.get_by_role("radio", name=re.compile(r"^10-Point Pitch, 4 players")).check()
    page.select_option("#seat-count", label="5 players: the dealer sits out")
    expect(page.locator("#f-team_names")).to_be_hidden()
    for seat, name in enumerate(SEATED):
        page.fill(f"#players-{seat}", name)
    expect(page.locator("#rules-summary")).to_contain_text("5 players, the dealer sits out each hand")
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(re.compile(r"/games/[\w-]+$"))
    page.wait_for_function("() => window.gamePage")
    return page.url.rsplit("/", 1)[1]


def open_form(page):
    """The hand form, open for the next hand."""
    page.locator('[data-action="log"]').click()
    dialog = page.locator("#hand-dialog")
    dialog.wait_for(state="visible")
    return dialog


def offered(dialog) -> list[str]:
    """The bidders the form offers."""
    labels = dialog.locator("#f-bidder label.choice").all()
    return [label.inner_text().strip() for label in labels if label.is_visible()]


def quick_hand(page, dealer: int, bidder: int, bid: int, taken: int) -> int:
    """Open the form, check it names the dealer sitting out and offers the four who play, tap bidder, bid and the
    bidders' points, Save; the taps counted after the form opened."""
    dialog = open_form(page)
    page.evaluate(COUNT_TAPS)
    expect(dialog.locator('[data-slot="sits-out"]')).to_contain_text(f"{SEATED[dealer]} deals and sits out")
    assert offered(dialog) == [name for seat, name in enumerate(SEATED) if seat != dealer]
    save_quick_hand(dialog, SEATED[bidder], bid, taken)
    return page.evaluate("() => window.taps")


def fits(page) -> bool:
    """Nothing on the page is wider than the screen (the sheet keeps its five columns within 320 px)."""
    return page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")


def test_a_whole_game_of_five_on_two_phones_one_offline_for_two_hands(live_server, new_page, axe):
    first = new_page(viewport=PHONE, entry=None, service_workers="block")
    game_id = start_five(first, live_server)
    first.locator("details.co-scorer").evaluate("details => { details.open = true; }")
    link = first.locator("details.co-scorer a.url").get_attribute("href")
    second = new_page(viewport=PHONE, entry=None, service_workers="block")
    second.goto(link)
    second.get_by_role("button", name="Keep score on this phone").click()
    second.wait_for_url(re.compile(r"/games/[\w-]+$"))
    second.wait_for_function("() => window.gamePage")
    assert first.locator("thead th.team").count() == 5 and fits(first)

    taps, dealer = [], 0
    for number, (bidder, bid, taken) in enumerate(HANDS, start=1):
        entering = second if number in OFFLINE or number % 2 == 0 else first
        other = first if entering is second else second
        if number == OFFLINE[0]:
            second.context.set_offline(True)
        taps.append(quick_hand(entering, dealer, bidder, bid, taken))
        expect(entering.locator("#sheet tbody tr.hand")).to_have_count(number)
        if number == 2:  # the dialog open on the sheet: the form of a table of five, checked by axe
            open_form(first)
            assert axe(first) == []
            first.locator('[data-action="cancel"]').click()
        if number == OFFLINE[-1]:  # the signal is back: the outbox sends both hands, once
            assert len(api(live_server, game_id).json()["hands"]) == OFFLINE[0] - 1
            second.context.set_offline(False)
            wait_sent(second)
        if number not in OFFLINE[:-1]:
            shown = [entering.locator(".board .side-score").all_inner_texts(), number]
            other.wait_for_function(SHOWS, arg=shown, timeout=5000)
        dealer = (dealer + 1) % 5
    assert max(taps) <= 4, taps

    want = bodies(HANDS)
    server = api(live_server, game_id).json()
    assert [{key: hand[key] for key in ("bidder", "bid", "points")} for hand in server["hands"]] == want
    assert server["status"] == "finished" and server["winners"] == [2, 4] and server["winner"] is None
    for phone in (first, second):
        expect(phone.locator('[data-slot="winner"]')).to_contain_text(f"Winner: {SEATED[2]} & {SEATED[4]}.")
        assert_sheet(phone, server)
        assert fits(phone)
        assert axe(phone) == []
    assert len(first.locator(".board .side.won").all()) == 2
    assert first.locator("#sheet td.team.out").count() == len(HANDS)


def test_a_hand_of_five_is_corrected_and_every_later_hand_rescored(live_server, new_page):
    """Hand 1 corrected from the sheet: its own dealer sits out in its form, and the later hands score again."""
    page = new_page(viewport=PHONE, entry=None, service_workers="block")
    game_id = start_five(page, live_server)
    for number, (bidder, bid, taken) in enumerate(HANDS[:3]):
        quick_hand(page, number, bidder, bid, taken)
    page.locator("#hand-1 a.edit").click()
    dialog = page.locator("#hand-dialog")
    dialog.wait_for(state="visible")
    expect(dialog.locator('[data-slot="sits-out"]')).to_contain_text(f"{SEATED[0]} deals and sits out")
    assert offered(dialog) == SEATED[1:]
    choose(dialog, "quick", "3")
    dialog.locator('[data-action="save"]').click()
    dialog.wait_for(state="hidden")
    wait_sent(page)
    server = api(live_server, game_id).json()
    want = bodies([(1, 5, 3), *HANDS[1:3]])
    assert [{key: hand[key] for key in ("bidder", "bid", "points")} for hand in server["hands"]] == want
    assert server["hands"][0]["made"] is False and server["scores"] == server["hands"][-1]["scores"]
    assert_sheet(page, server)


def test_a_game_of_five_started_with_no_signal_is_scored_on_the_phone(live_server, persistent):
    """Started offline: the worker's shell of the variant, drawn for four, takes five columns and five bidders; the
    engine scores the hands and the form names who sits out; the outbox sends the game and its hands once online."""
    context = persistent(entry=None, viewport=PHONE)
    page = context.new_page()
    page.goto(live_server + "/")
    wait_controlled(page)
    context.set_offline(True)
    game_id = start_five(page, live_server)
    assert page.locator("#game").get_attribute("data-shell") == "true"
    assert page.locator("thead th.team").count() == 5 and page.locator(".board .side").count() == 5
    for number, (bidder, bid, taken) in enumerate(HANDS[:3]):
        quick_hand(page, number, bidder, bid, taken)
    want = bodies(HANDS[:3])
    expect(page.locator("#sheet tbody tr.hand")).to_have_count(3)
    assert page.locator("#sheet td.team.out").count() == 3 and fits(page)
    context.set_offline(False)
    server = wait_server(live_server, game_id, 3)
    assert [{key: hand[key] for key in ("bidder", "bid", "points")} for hand in server["hands"]] == want
    assert server["rules"]["sit_out"] == "dealer"
    assert_sheet(page, server)
