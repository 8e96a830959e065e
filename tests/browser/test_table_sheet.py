"""At the table: the totals stay in view, the edit form opens at its top, a half-entered hand is not
dropped without asking, the sheet says what a bid of 5 did and who plays on, the live line's colours."""

from __future__ import annotations

import re

import pytest
import requests
from playwright.sync_api import expect

from tests.browser.longnames import LONG_PLAYERS, POINTS, TEAMS, create_game, open_game
from tests.browser.matrix import Table

pytestmark = [pytest.mark.browser, pytest.mark.pages]

IN_VIEW = """(selector) => {
  const box = document.querySelector(selector).getBoundingClientRect();
  return box.top >= 0 && box.bottom <= window.innerHeight;
}"""


def form(page):
    return page.locator("#hand-dialog")


def open_form(page) -> None:
    page.locator('[data-action="log"]').click()
    form(page).wait_for(state="visible")


def pick(page, name: str, label: str) -> None:
    form(page).locator(f"#f-{name}").get_by_role("radio", name=label, exact=True).click()


def test_the_totals_stay_in_view_while_hands_are_logged(live_server, new_page):
    page = new_page(viewport={"width": 320, "height": 640})  # narrower and shorter than any common phone
    open_game(page, live_server, create_game(live_server, hands=0))
    for number in range(1, 11):
        open_form(page)
        pick(page, "bidder", LONG_PLAYERS[number % 4])
        pick(page, "bid", "10")
        defenders = TEAMS[1 - number % 2]
        form(page).locator("#f-captured_three").get_by_role("radio", name=defenders).click()  # set: 7 of 10
        form(page).locator('[data-action="save"]').click()
        form(page).wait_for(state="hidden")
        expect(page.locator(f"#hand-{number}")).to_be_visible()
        assert page.evaluate(IN_VIEW, ".board"), f"the totals left the screen after hand {number}"
        assert page.evaluate(IN_VIEW, f"#hand-{number}") or number == 1, f"hand {number} is not in view"


def test_the_edit_form_opens_at_its_top(live_server, page):
    open_game(page, live_server, create_game(live_server, hands=3))
    open_form(page)
    form(page).evaluate("dialog => { dialog.scrollTop = dialog.scrollHeight; }")
    form(page).locator('[data-action="cancel"]').click()
    expect(form(page)).to_be_hidden()
    page.locator("#hand-2 a.edit").click()
    expect(form(page)).to_be_visible()
    assert form(page).evaluate("dialog => dialog.scrollTop") == 0
    for field in ("#f-bidder", "#f-bid"):
        assert page.evaluate(IN_VIEW, f"#hand-dialog {field} legend"), f"{field} is not in view"


def test_back_asks_before_dropping_a_half_entered_hand(live_server, page):
    game = create_game(live_server, hands=1)
    open_game(page, live_server, game)
    open_form(page)
    pick(page, "bidder", LONG_PLAYERS[2])
    pick(page, "bid", "4")
    page.go_back()
    question = page.locator("#confirm-dialog")
    expect(question).to_be_visible()
    expect(question.locator('[data-slot="question"]')).to_have_text("Discard this hand?")
    question.get_by_role("button", name="Keep it").click()
    expect(form(page)).to_be_visible()
    expect(form(page).locator('#f-bidder input[value="2"]')).to_be_checked()
    expect(form(page).locator('#f-bid input[value="4"]')).to_be_checked()
    page.go_back()
    question.get_by_role("button", name="Discard").click()
    expect(form(page)).to_be_hidden()
    assert re.search(r"/games/[\w-]+$", page.url)
    open_form(page)  # nothing tapped: Back closes it without a question
    page.go_back()
    expect(form(page)).to_be_hidden()
    expect(question).to_be_hidden()
    assert len(requests.get(f"{live_server}/api/games/{game['id']}", timeout=10).json()["hands"]) == 1


def test_a_bid_of_five_says_whether_it_took_all_six_tricks(live_server, page):
    made = requests.post(f"{live_server}/api/games", json={"variant": "five-point", "players": LONG_PLAYERS,
                                                            "team_names": TEAMS}, timeout=10).json()
    key = {"Authorization": f"Bearer {made['edit_key']}"}
    every = {"high": 1, "low": 1, "jack": 1, "game": 1}
    for body in (
        {"bidder": 1, "bid": 5, "captured": every, "all_tricks": 1},
        {"bidder": 1, "bid": 5, "captured": every, "all_tricks": None},
        {"bidder": 1, "bid": 5, "captured": {**every, "high": 0}, "all_tricks": None},
        {"bidder": 3, "bid": 5, "captured": {**every, "low": 0, "game": 0}, "all_tricks": None},
    ):
        requests.post(f"{live_server}/api/games/{made['id']}/hands", json=body, headers=key,
                      timeout=10).raise_for_status()
    open_game(page, live_server, made)
    call = page.locator("#sheet tbody tr.hand td.call")
    expect(call).to_have_text([
        re.compile(r"5, all six tricks\s+made"), re.compile(r"\b5\s+set: not all tricks"),
        re.compile(r"\b5\s+set: missed High"), re.compile(r"\b5\s+set: missed Low, Game"),
    ])
    open_form(page)  # the form's live line says the same, in the set colour
    pick(page, "bidder", LONG_PLAYERS[0])
    pick(page, "bid", "5")
    pick(page, "all_tricks", "No")
    live = form(page).locator("#live")
    expect(live).to_contain_text(f"{TEAMS[0]} set: not all tricks")
    form(page).locator("#f-captured_high").get_by_role("radio", name=TEAMS[1]).click()
    expect(live).to_contain_text(f"{TEAMS[0]} set: missed High")
    form(page).locator("#f-captured_high").get_by_role("radio", name=TEAMS[0]).click()
    assert "set" in live.get_attribute("class") and "ok" not in live.get_attribute("class")
    colours = page.evaluate("""() => {
      const probe = (name) => { const node = document.createElement("span"); node.style.color = `var(--${name})`;
        document.body.append(node); const colour = getComputedStyle(node).color; node.remove(); return colour; };
      return { set: probe("set"), made: probe("made"), live: getComputedStyle(document.getElementById("live")).color };
    }""")
    assert colours["live"] == colours["set"] != colours["made"]
    pick(page, "all_tricks", "Yes")
    expect(live).to_contain_text(f"{TEAMS[0]} made 5, all six tricks")
    assert colours["made"] == page.evaluate("() => getComputedStyle(document.getElementById('live')).color")


def test_a_defender_past_the_target_plays_on(live_server, page):
    game = create_game(live_server, hands=0)
    open_game(page, live_server, game)
    line = page.locator('[data-slot="plays-on"]')
    expect(line).to_be_hidden()
    for _ in range(4):  # the bidders take only the two: set, the defenders +9 a hand
        open_form(page)
        pick(page, "bidder", LONG_PLAYERS[0])
        pick(page, "bid", "3")
        for point in POINTS[:-1]:
            form(page).locator(f"#f-captured_{point}").get_by_role("radio", name=TEAMS[1]).click()
        form(page).locator('[data-action="save"]').click()
        form(page).wait_for(state="hidden")
    expect(page.locator(".board .side-score")).to_have_text(["\u221212", "36"])
    expect(line).to_have_text(f"{TEAMS[1]} plays on: wins only on its own bid")
    page.reload()  # the server's page says it too
    expect(line).to_have_text(f"{TEAMS[1]} plays on: wins only on its own bid")


SEATS = """() => [...document.querySelectorAll('tbody tr.hand')].map(row => {
  const shown = node => node.getClientRects().length > 0 && node.getBoundingClientRect().width > 1;
  const [bidderNo, dealerNo] = ['bidder-no', 'dealer-no'].map(name => row.querySelector(`[data-slot="${name}"]`));
  const [who, dealer] = [row.querySelector('[data-slot="bidder"]'), row.querySelector('.dealt [data-slot="dealer"]')];
  return {bidderNo: bidderNo.textContent, dealerNo: dealerNo.textContent, numbers: shown(bidderNo) && shown(dealerNo),
          names: shown(who) && shown(dealer), who: who.textContent, dealer: dealer.textContent};
})"""


@pytest.mark.parametrize("variant", ["cutthroat", "smudge"])
@pytest.mark.parametrize("count", range(2, 8))
def test_a_numbered_sheet_names_the_bidder_and_dealer_by_number(live_server, new_page, variant, count):
    """Five players alone or more, the columns are numbered and the bid cell gives the bidder's and the dealer's
    numbers (a first name wider than the column would break inside); fewer, it gives their names. The same in the
    rows the server draws and in a row the page adds when another phone logs a hand."""
    table = Table(live_server, variant, count, "40 spaced")
    players = table.game["players"]
    table.post(table.hand(1, table.rules.min_bid))
    page = new_page(viewport={"width": 320, "height": 640})
    open_game(page, live_server, table.game)
    table.post(table.hand(2 % count, table.rules.min_bid, team_takes=0))  # another phone's hand, a set
    page.evaluate("() => document.dispatchEvent(new Event('visibilitychange'))")
    expect(page.locator("#hand-2")).to_be_attached()
    numbered = count >= 5
    for number, (row, bidder) in enumerate(zip(page.evaluate(SEATS), (1, 2 % count), strict=True), start=1):
        dealer = number - 1
        assert (row["bidderNo"], row["dealerNo"]) == (str(bidder + 1), str(dealer + 1)), row
        assert (row["who"], row["dealer"]) == (players[bidder], players[dealer]), row  # kept for screen readers
        assert (row["numbers"], row["names"]) == (numbered, not numbered), (number, row)
