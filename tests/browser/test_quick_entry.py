"""Quick entry at the table: a hand in at most four taps after the form opens, with no scrolling at 390x844
and 320x640 and 20-character names, in every game with card points; "Card by card" one tap away and
remembered; offline hands sent once; the High-Low-Jack-Game form fitting with three long names."""

from __future__ import annotations

import pytest
import requests
from playwright.sync_api import expect

from tests.browser.longnames import LONG_PLAYERS, TEAMS, open_game
from tests.browser.table import api, assert_sheet, choose, controlled_page, wait_sent, wait_server

pytestmark = pytest.mark.browser

# The phones here need no service worker (the offline test has its own): none installs, so no precache
# download is cut off when a short test closes its page.
SIZES = [{"width": 390, "height": 844}, {"width": 320, "height": 640}]
SIZE_IDS = ["390x844", "320x640"]
SIX = [*LONG_PLAYERS, "Evangelina Marchetti", "Sebastian Kowalczyk"]  # 20 and 19 characters
CARD_POINT_GAMES = {  # preset: its hand's total
    "ten-point": 10, "ten-point-six": 10, "tournament": 10, "nine-point": 9, "eleven-point": 11, "thirteen-point": 13,
}

# Counts every real tap (pointerdown) from now on.
COUNT_TAPS = """() => {
  window.taps = 0;
  document.addEventListener("pointerdown", (event) => { if (event.isTrusted) window.taps += 1; }, true);
}"""

# What would need a scroll in the open hand dialog: its content past its box, either way, or already scrolled.
SCROLL_NEEDED = """() => {
  const dialog = document.querySelector("#hand-dialog");
  const problems = [];
  const { scrollHeight, clientHeight, scrollWidth, clientWidth } = dialog;
  if (scrollHeight > clientHeight + 1) problems.push(`height ${scrollHeight} > ${clientHeight}`);
  if (scrollWidth > clientWidth + 1) problems.push(`width ${scrollWidth} > ${clientWidth}`);
  if (dialog.scrollTop || dialog.scrollLeft) problems.push(`scrolled to ${dialog.scrollLeft},${dialog.scrollTop}`);
  const page = document.scrollingElement;
  if (page.scrollWidth > window.innerWidth) problems.push(`page width ${page.scrollWidth} > ${window.innerWidth}`);
  for (const node of dialog.querySelectorAll("input, button")) {
    const target = node.type === "radio" ? node.closest("label") : node;
    const box = target.getBoundingClientRect();
    if (!box.width || !box.height) continue;
    const outside = box.bottom > window.innerHeight + 0.5 || box.right > window.innerWidth + 0.5;
    if (outside || box.top < -0.5 || box.left < -0.5) {
      const name = target.textContent.trim().slice(0, 30) || node.name;
      problems.push(`${name} at ${box.left},${box.top}..${box.right},${box.bottom}`);
    }
  }
  return problems;
}"""


def long_game(base: str, variant: str = "ten-point", players=None) -> dict:
    """A game with 20-character names made through the API (teams named where the game has two)."""
    names = players or (SIX if variant == "ten-point-six" else LONG_PLAYERS)
    body = {"variant": variant, "players": names}
    if variant != "cutthroat":
        body["team_names"] = TEAMS
    response = requests.post(f"{base}/api/games", json=body, timeout=10)
    assert response.status_code == 201, response.text
    return response.json()


def long_game_open(new_page, base: str, size: dict, variant: str = "ten-point", players=None) -> tuple:
    """A phone of `size` (no entry preference kept, no service worker) showing a new long_game: the page, the game."""
    page = new_page(viewport=size, entry=None, service_workers="block")
    game = long_game(base, variant, players)
    open_game(page, base, game)
    return page, game


def open_form(page):
    """Open the hand form; the dialog."""
    page.locator('[data-action="log"]').click()
    dialog = page.locator("#hand-dialog")
    dialog.wait_for(state="visible")
    return dialog


def quick_choices(dialog, bidder: str, bid: str, taken: int) -> None:
    """Bidder, bid, the bidders' points: three taps."""
    choose(dialog, "bidder", bidder)
    choose(dialog, "bid", bid)
    choose(dialog, "quick", str(taken))


def quick_hand(dialog, bidder: str, bid: str, taken: int) -> None:
    """Bidder, bid, the bidders' points, Save: four taps."""
    quick_choices(dialog, bidder, bid, taken)
    dialog.locator('[data-action="save"]').click()


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize("variant", CARD_POINT_GAMES)
def test_a_quick_hand_takes_four_taps_and_no_scrolling(live_server, new_page, variant, size):
    page = new_page(viewport=size, entry=None, service_workers="block")
    game = long_game(live_server, variant)
    open_game(page, live_server, game)
    total = CARD_POINT_GAMES[variant]
    dialog = open_form(page)
    expect(dialog.locator("#f-quick")).to_be_visible()
    expect(dialog.locator("#f-captured")).to_be_hidden()
    expect(dialog.locator("#f-quick input[name=taken]")).to_have_count(total + 1)
    assert page.evaluate(SCROLL_NEEDED) == []
    page.evaluate(COUNT_TAPS)
    choose(dialog, "bidder", LONG_PLAYERS[1])
    choose(dialog, "bid", "5")
    choose(dialog, "quick", str(total - 4))
    live = dialog.locator(".live")
    expect(live).to_have_text(f"{TEAMS[1]} took {total - 4} of {total}: made 5.")
    assert page.evaluate(SCROLL_NEEDED) == [], "the filled form needs a scroll"
    dialog.locator('[data-action="save"]').click()
    dialog.wait_for(state="hidden")
    taps = page.evaluate("() => window.taps")
    print(f"{variant} {size['width']}x{size['height']}: {taps} taps after opening the form")
    assert taps <= 4
    server = wait_server(live_server, game["id"], 1)
    assert server["hands"][0]["points"] == [4, total - 4] and "captured" not in server["hands"][0]
    assert_sheet(page, server)


def test_the_sheet_shows_the_totals_of_quick_hands_and_a_set_is_not_green(live_server, new_page):
    page, game = long_game_open(new_page, live_server, SIZES[1])
    quick_hand(open_form(page), LONG_PLAYERS[1], "6", 7)  # Grandma & Grandpa Jo make 6 with 7: 3-7
    dialog = open_form(page)
    choose(dialog, "bidder", LONG_PLAYERS[2])
    choose(dialog, "bid", "5")
    choose(dialog, "quick", "4")  # 4 of the 5: set
    live = dialog.locator(".live")
    expect(live).to_have_text(f"{TEAMS[0]} took 4 of 10: set, −5.")
    expect(live).to_have_class("live set")
    shown, made = page.evaluate("""() => {
      const live = document.querySelector("#hand-dialog .live");
      const probe = document.createElement("output");
      probe.className = "live ok";  // the colour of a made bid
      live.parentElement.append(probe);
      const colours = [getComputedStyle(live).color, getComputedStyle(probe).color];
      probe.remove();
      return colours;
    }""")
    assert shown != made, "a set is shown in the colour of a made bid"
    dialog.locator('[data-action="save"]').click()
    dialog.wait_for(state="hidden")
    server = wait_server(live_server, game["id"], 2)
    assert server["scores"] == [-2, 13] and [hand["made"] for hand in server["hands"]] == [True, False]
    assert_sheet(page, server)


def test_a_moon_given_as_points_is_made_only_with_every_point(live_server, new_page):
    page, _ = long_game_open(new_page, live_server, SIZES[0])
    dialog = open_form(page)
    quick_choices(dialog, LONG_PLAYERS[0], "Moon", 9)
    expect(dialog.locator(".live")).to_have_class("live set")
    choose(dialog, "quick", "10")
    expect(dialog.locator(".live")).to_have_class("live ok")
    expect(dialog.locator(".live")).to_have_text(f"{TEAMS[0]} took 10 of 10: made moon. Winner: {TEAMS[0]}.")


MOON_GAMES = [variant for variant in CARD_POINT_GAMES if variant != "nine-point"]  # every preset with a moon


@pytest.mark.parametrize("variant", MOON_GAMES)
def test_choosing_the_moon_takes_every_point_in_one_tap(live_server, new_page, variant):
    """Quick entry: bidder, moon, Save is three taps; the points start at every point of the hand, and moving them
    down shows the moon set."""
    page, _ = long_game_open(new_page, live_server, SIZES[1], variant)
    total = CARD_POINT_GAMES[variant]
    dialog = open_form(page)
    choose(dialog, "bidder", LONG_PLAYERS[0])
    choose(dialog, "bid", "Moon")
    expect(dialog.locator("#f-quick").get_by_role("radio", name=str(total), exact=True)).to_be_checked()
    expect(dialog.locator(".live")).to_have_class("live ok")
    choose(dialog, "quick", str(total - 1))
    expect(dialog.locator(".live")).to_have_class("live set")
    choose(dialog, "bid", "Moon")  # chosen again: still as tapped
    expect(dialog.locator("#f-quick").get_by_role("radio", name=str(total - 1), exact=True)).to_be_checked()


def test_card_by_card_is_one_tap_away_and_remembered_after_a_reload(live_server, new_page):
    page, game = long_game_open(new_page, live_server, SIZES[1])
    dialog = open_form(page)
    switch = dialog.locator('[data-action="entry"]')
    expect(switch).to_have_text("Card by card")
    switch.click()
    expect(dialog.locator("#f-captured")).to_be_visible()
    expect(dialog.locator("#f-quick")).to_be_hidden()
    expect(switch).to_have_text("Points only")
    dialog.locator('[data-action="cancel"]').click()
    dialog.wait_for(state="hidden")
    page.reload()
    page.wait_for_function("() => window.gamePage")
    dialog = open_form(page)
    expect(dialog.locator("#f-captured")).to_be_visible()
    expect(dialog.locator("#f-quick")).to_be_hidden()
    choose(dialog, "bidder", LONG_PLAYERS[1])
    choose(dialog, "bid", "5")
    dialog.locator("#f-captured_three").get_by_role("radio", name=TEAMS[0]).click()
    dialog.locator('[data-action="save"]').click()
    dialog.wait_for(state="hidden")
    hand = wait_server(live_server, game["id"], 1)["hands"][0]
    assert hand["captured"]["three"] == 0 and hand["points"] == [3, 7]
    dialog = open_form(page)
    dialog.locator('[data-action="entry"]').click()  # and back: quick entry again, after a reload too
    dialog.locator('[data-action="cancel"]').click()
    page.reload()
    page.wait_for_function("() => window.gamePage")
    expect(open_form(page).locator("#f-quick")).to_be_visible()


def test_an_edit_opens_in_the_hands_own_form_and_may_change_it(live_server, new_page):
    page, game = long_game_open(new_page, live_server, SIZES[0])
    quick_hand(open_form(page), LONG_PLAYERS[1], "6", 7)
    wait_server(live_server, game["id"], 1)
    page.locator("#hand-1 a.edit").click()
    dialog = page.locator("#hand-dialog")
    dialog.wait_for(state="visible")
    expect(dialog.locator("#f-quick input[name=taken][value='7']")).to_be_checked()
    dialog.locator('[data-action="entry"]').click()
    for point in ("ace", "jack", "off_jack", "high_joker"):
        dialog.locator(f"#f-captured_{point}").get_by_role("radio", name=TEAMS[0]).click()
    dialog.locator('[data-action="save"]').click()
    dialog.wait_for(state="hidden")
    page.wait_for_function("() => !window.gamePage.pending")
    hand = api(live_server, game["id"]).json()["hands"][0]
    assert hand["points"] == [4, 6] and hand["captured"]["ace"] == 0


def test_an_offline_quick_hand_is_scored_on_the_phone_and_reaches_the_server_once(live_server, persistent):
    context = persistent(entry=None)
    context, page, game_id = controlled_page(lambda: context, live_server)
    context.set_offline(True)
    quick_hand(open_form(page), "Bo", "6", 7)
    expect(page.locator(".board .side-score")).to_have_text(["3", "7"])
    page.reload()
    page.wait_for_function("() => window.gamePage && window.gamePage.game.hands.length === 1")
    expect(page.locator(".board .side-score")).to_have_text(["3", "7"])
    assert api(live_server, game_id).json()["hands"] == []
    context.set_offline(False)
    wait_sent(page)
    server = wait_server(live_server, game_id, 1)
    page.reload()
    page.wait_for_function("() => window.gamePage")
    again = api(live_server, game_id).json()
    assert len(again["hands"]) == 1 and again["hands"][0]["points"] == [3, 7] and again["scores"] == [3, 7]
    assert "captured" not in server["hands"][0]
    assert_sheet(page, again)


def test_no_axe_violations_on_the_quick_form(live_server, new_page, axe):
    page, _ = long_game_open(new_page, live_server, SIZES[1])
    dialog = open_form(page)
    quick_choices(dialog, LONG_PLAYERS[1], "7", 6)
    expect(dialog.locator(".live")).to_have_class("live set")
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        assert axe(page) == [], scheme


def test_three_players_alone_give_points_with_steppers(live_server, new_page):
    """A custom card-point game of three players alone: a box per player, the bidder gets the rest."""
    page = new_page(viewport=SIZES[0], entry=None, service_workers="block")
    body = {"variant": "ten-point", "players": LONG_PLAYERS[:3], "rules": {"partners": False, "moon": None}}
    game = requests.post(f"{live_server}/api/games", json=body, timeout=10).json()
    open_game(page, live_server, game)
    dialog = open_form(page)
    choose(dialog, "bidder", LONG_PLAYERS[0])
    choose(dialog, "bid", "4")
    for _ in range(3):
        dialog.get_by_role("button", name=f"One point more for {LONG_PLAYERS[1]}").click()
    dialog.get_by_role("button", name=f"One point more for {LONG_PLAYERS[2]}").click()
    expect(dialog.locator("#points_0")).to_have_value("6")
    assert page.evaluate(SCROLL_NEEDED) == []
    dialog.locator('[data-action="save"]').click()
    dialog.wait_for(state="hidden")
    assert wait_server(live_server, game["id"], 1)["hands"][0]["points"] == [6, 3, 1]


def test_the_high_low_jack_game_form_fits_with_three_long_names(live_server, new_page, axe):
    """Cutthroat: who took high, low, jack and game (or nobody), no quick entry, nothing to scroll at 390x844."""
    page, game = long_game_open(new_page, live_server, SIZES[0], "cutthroat", LONG_PLAYERS[:3])
    dialog = open_form(page)
    expect(dialog.locator("#f-captured")).to_be_visible()
    expect(dialog.locator('[data-action="entry"]')).to_have_count(0)
    assert page.evaluate(SCROLL_NEEDED) == []
    choose(dialog, "bidder", LONG_PLAYERS[2])
    choose(dialog, "bid", "3")
    dialog.locator("#f-captured_game").get_by_role("radio", name="Nobody (tied)").click()
    expect(dialog.locator("#f-captured_jack").get_by_role("radio", name=LONG_PLAYERS[2])).to_be_checked()
    assert page.evaluate(SCROLL_NEEDED) == []
    assert axe(page) == []
    dialog.locator('[data-action="save"]').click()
    dialog.wait_for(state="hidden")
    assert wait_server(live_server, game["id"], 1)["hands"][0]["made"] is True


def test_a_half_entered_quick_hand_comes_back_after_a_reload(live_server, new_page):
    page, _ = long_game_open(new_page, live_server, SIZES[0])
    dialog = open_form(page)
    quick_choices(dialog, LONG_PLAYERS[1], "6", 7)
    page.reload()
    dialog = page.locator("#hand-dialog")
    dialog.wait_for(state="visible")
    expect(dialog.locator("#f-quick")).to_be_visible()
    expect(dialog.locator("#f-quick input[name=taken][value='7']")).to_be_checked()
    expect(dialog.locator(".live")).to_have_text(f"{TEAMS[1]} took 7 of 10: made 6.")
