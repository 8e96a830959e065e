"""Every kind of Pitch from the start page on a phone: the added presets, a game built in the house-rules editor,
a seven-player cutthroat hand, the editor's live summary and refusals, axe and narrow screens."""

from __future__ import annotations

import re
import time

import pytest
import requests

from scorekeeper.games.pages.forms import COMMON
from scorekeeper.rules import DESCRIPTIONS, PRESETS
from tests.browser.layout import OVERFLOW

pytestmark = [pytest.mark.browser, pytest.mark.pages]

PHONE = {"width": 390, "height": 844}
NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus"]
LONG = ["Bartholomew Jenkins", "Maximiliana Ostrova", "Cornelius Wetherby", "Philippa Van Houten",
        "Evangeline Sorensen", "Fitzgerald O'Malley", "Gwendolyn Abernathy"]
NEW = [name for name in PRESETS if name not in COMMON]


def choose(page, variant: str) -> None:
    """Tick a game on the start page, opening "More kinds of Pitch" for one that is not among the common ones."""
    if variant not in COMMON and not page.locator("#more-kinds").evaluate("node => node.open"):
        page.locator("#more-kinds > summary").click()
    page.get_by_role("radio", name=DESCRIPTIONS[variant], exact=True).check()


def seat(page, names: list[str]) -> None:
    """Choose the seat count (where the game offers one) and write the names."""
    if page.locator("#f-seat-count").is_visible():
        page.select_option("#seat-count", str(len(names)))
    for index, name in enumerate(names):
        page.fill(f"#players-{index}", name)


def start(page) -> str:
    """Press Start; the game's id once its page runs."""
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(re.compile(r"/games/[\w-]+$"))
    page.wait_for_function("() => window.gamePage")
    return page.url.rsplit("/", 1)[1]


def open_house(page) -> None:
    """Open the house-rules editor."""
    if not page.locator("#house").evaluate("node => node.open"):
        page.locator("#house > summary").click()


def in_the_editor(new_page, base: str, variant: str, names: list[str], viewport: dict = PHONE):
    """A start page showing `variant` with `names` seated and the house rules' editor open."""
    page = new_page(viewport=viewport)
    page.goto(base + "/")
    choose(page, variant)
    seat(page, names)
    open_house(page)
    return page


def log_all_to_bidder(page, bidder: str, bid: str) -> None:
    """Log a hand in the dialog where the bidder's side took every point (the form's starting answer)."""
    dialog = page.locator("#hand-dialog")
    page.locator('[data-action="log"]').click()
    dialog.wait_for(state="visible")
    dialog.locator("#f-bidder").get_by_role("radio", name=bidder, exact=True).check()
    dialog.locator("#f-bid").get_by_role("radio", name=bid, exact=True).check()
    dialog.locator('[data-action="save"]').click()
    dialog.wait_for(state="hidden")


def server_game(base: str, game_id: str, page, hands: int = 1) -> dict:
    """The server's view of the game once it holds `hands` hands (the page left to finish loading what it asked)."""
    page.wait_for_load_state("networkidle")
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        game = requests.get(f"{base}/api/games/{game_id}", timeout=10).json()
        if len(game.get("hands", [])) >= hands:
            return game
        time.sleep(0.2)
    raise AssertionError(f"the server never held {hands} hands of {game_id}")


@pytest.mark.parametrize("variant", NEW)
def test_each_added_preset_starts_from_the_start_page_and_scores_a_hand(live_server, new_page, variant):
    rules = PRESETS[variant]
    page = new_page(viewport=PHONE)
    page.goto(live_server + "/")
    choose(page, variant)
    seat(page, NAMES[:rules.players])
    game_id = start(page)
    log_all_to_bidder(page, "Bo", str(rules.min_bid))
    game = server_game(live_server, game_id, page)
    assert game["variant"] == variant
    hand = game["hands"][0]
    bidding = 1 % rules.team_count
    assert hand["made"] is True and set(hand["captured"]) == set(rules.points)
    expected = [rules.total_points if team == bidding else 0 for team in range(rules.team_count)]
    assert game["scores"] == expected
    if rules.smudge:
        assert game["status"] == "finished" and game["winner"] == bidding


def test_a_game_built_in_the_editor_ten_point_with_the_off_ace_scores_a_hand(live_server, new_page):
    page = in_the_editor(new_page, live_server, "ten-point", NAMES[:4])
    summary = page.locator("#rules-summary")
    ten = "10 points: Ace, Jack, Off-jack, High joker, Low joker, Ten, Three (3), Two"
    assert summary.text_content().startswith(ten)
    page.get_by_role("checkbox", name="Off-ace", exact=True).check()
    assert page.locator("#custom_points").is_checked(), "touching a point means choosing the game's points"
    assert summary.text_content() == ("11 points: Jack, Off-jack, High joker, Low joker, Ace, Off-ace, Ten, Three (3), "
                                      "Two · to 31 · win on your bid · bids 3 to 10 · 4 players in two teams · "
                                      "moon allowed")
    page.fill("#max_bid", "11")
    page.fill("#target", "52")
    assert " · to 52 · " in summary.text_content() and "bids 3 to 11" in summary.text_content()
    game_id = start(page)
    log_all_to_bidder(page, "Bo", "7")
    game = server_game(live_server, game_id, page)
    assert game["rules"]["points"]["off_ace"] == 1 and game["rules"]["max_bid"] == 11
    assert game["scores"] == [0, 11]


def test_a_dealt_game_built_in_the_editor_with_a_card_nobody_had(live_server, new_page):
    page = in_the_editor(new_page, live_server, "smear", NAMES[:4])
    page.get_by_role("checkbox", name="Joker", exact=True).uncheck()
    assert page.locator("#e-points").text_content() == "The highest bid cannot be more than 5: a hand has 5 points."
    page.fill("#max_bid", "5")
    assert page.locator("#e-points").is_hidden()
    assert page.locator("#rules-summary").text_content().startswith(
        "5 points: High, Low, Jack, Off-jack, Game · to 21 · highest score past it wins · bids 3 to 5")
    game_id = start(page)
    dialog = page.locator("#hand-dialog")
    page.locator('[data-action="log"]').click()
    dialog.wait_for(state="visible")
    dialog.locator("#f-bidder").get_by_role("radio", name="Bo", exact=True).check()
    dialog.locator("#f-bid").get_by_role("radio", name="3", exact=True).check()
    dialog.locator("#f-captured_off_jack").get_by_role("radio", name=re.compile("^Nobody")).check()
    dialog.locator('[data-action="save"]').click()
    dialog.wait_for(state="hidden")
    game = server_game(live_server, game_id, page)
    assert game["hands"][0]["captured"]["off_jack"] is None and game["scores"] == [0, 4]


def test_the_editor_names_what_is_wrong_before_sending(live_server, new_page):
    page = in_the_editor(new_page, live_server, "ten-point", NAMES[:4])
    page.get_by_role("checkbox", name="Joker", exact=True).check()
    error = page.locator("#e-points")
    assert error.text_content() == (
        "points: a deck has one joker or two, so use joker or high_joker and low_joker, not both.")
    assert error.is_visible()
    requests_sent = []
    page.on("request", lambda request: requests_sent.append(request.url) if "/api/games" in request.url else None)
    page.get_by_role("button", name="Start the game").click()
    assert error.text_content().startswith("points: a deck has one joker or two")
    page.get_by_role("checkbox", name="Joker", exact=True).uncheck()
    assert error.is_hidden()
    page.fill("#max_bid", "12")
    assert page.locator("#e-max_bid").text_content() == "The highest bid cannot be more than 10: a hand has 10 points."
    page.get_by_role("button", name="Start the game").click()
    assert page.url == live_server + "/" and requests_sent == []


def test_a_seven_player_cutthroat_hand_fits_a_phone_and_scores(live_server, new_page):
    page = new_page(viewport=PHONE)
    page.goto(live_server + "/")
    choose(page, "cutthroat")
    seat(page, LONG)
    game_id = start(page)
    dialog = page.locator("#hand-dialog")
    page.locator('[data-action="log"]').click()
    dialog.wait_for(state="visible")
    assert page.evaluate(OVERFLOW) == []
    dialog.locator("#f-bidder").get_by_role("radio", name=LONG[6], exact=True).check()
    dialog.locator("#f-bid").get_by_role("radio", name="2", exact=True).check()
    dialog.locator("#f-captured_low").get_by_role("radio", name=LONG[2], exact=True).check()
    save = dialog.locator('[data-action="save"]')
    save.scroll_into_view_if_needed()
    box = save.bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"] and box["height"] >= 44
    assert page.evaluate(OVERFLOW) == []
    save.click()
    dialog.wait_for(state="hidden")
    game = server_game(live_server, game_id, page)
    assert len(game["players"]) == 7
    assert game["scores"] == [0, 0, 1, 0, 0, 0, 3]


def open_everything(page) -> None:
    """The start page with "More kinds of Pitch" and the editor open."""
    page.locator("#more-kinds > summary").click()
    open_house(page)


def test_axe_start_page_with_more_kinds_and_the_editor_open(live_server, new_page, axe):
    page = new_page(viewport=PHONE)
    page.goto(live_server + "/")
    open_everything(page)
    page.get_by_role("checkbox", name="Off-ace", exact=True).check()
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        assert axe(page) == [], scheme


def test_at_320_px_the_start_page_holds_with_everything_open_and_long_names(live_server, new_page):
    page = new_page(viewport={"width": 320, "height": 640})
    page.goto(live_server + "/")
    open_everything(page)
    choose(page, "cutthroat")
    seat(page, [name[:20] for name in LONG])
    assert page.evaluate(OVERFLOW) == []
    choose(page, "smear")
    seat(page, [name[:20] for name in LONG[:4]])
    page.fill("#team_names-0", "The Card Sharks Club")
    page.fill("#team_names-1", "Grandma & Grandpa Jo")
    assert page.evaluate(OVERFLOW) == []
    targets = page.locator("#house .tick, #house select, #house input[type=number], #more-kinds .preset")
    for target in targets.all():
        if target.is_visible():
            assert target.bounding_box()["height"] >= 44


def test_with_javascript_off_the_editor_builds_a_game_by_plain_form_post(live_server, new_page):
    page = new_page(viewport=PHONE, java_script_enabled=False)
    page.goto(live_server + "/")
    page.locator("#more-kinds > summary").click()
    page.get_by_role("radio", name=DESCRIPTIONS["nine-point"], exact=True).check()
    for index, name in enumerate(NAMES[:4]):
        page.fill(f"#players-{index}", name)
    open_house(page)
    page.get_by_role("checkbox", name=re.compile("^Play with the points ticked")).check()
    for key in ("Ace", "Jack", "Ten", "Five", "Two"):
        page.get_by_role("checkbox", name=key, exact=True).check()
    for key in ("Off-jack", "High joker", "Low joker", "Three"):
        page.get_by_role("checkbox", name=key, exact=True).uncheck()
    page.fill("#worth_five", "5")
    page.fill("#max_bid", "9")
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(re.compile(r"/games/[\w-]+$"))
    game = requests.get(f"{live_server}/api/games/{page.url.rsplit('/', 1)[1]}", timeout=10).json()
    assert game["variant"] == "nine-point" and game["rules"]["points"] == dict(PRESETS["nine-point"].points)


def test_at_320_px_the_editor_sets_the_auction_and_the_game_logs_the_dealers_forced_bid(live_server, new_page, axe):
    page = in_the_editor(new_page, live_server, "ten-point", LONG[:4], {"width": 320, "height": 640})
    forced = page.locator("#forced_bid")
    assert forced.get_attribute("placeholder") == "3"
    choose(page, "tournament")
    assert forced.get_attribute("placeholder") == "5", "the dealer's bid follows the game chosen"
    choose(page, "smear")
    assert page.locator("#f-forced_bid").is_hidden(), "smear deals again: no dealer's bid to write"
    page.select_option("#all_pass", label="The dealer must bid (the bid below)")
    assert forced.is_visible() and forced.get_attribute("placeholder") == "3"
    page.select_option("#all_pass", label="The hand is dealt again")
    assert page.locator("#f-forced_bid").is_hidden()
    choose(page, "ten-point")
    page.select_option("#all_pass", label="The dealer must bid (the bid below)")
    page.fill("#forced_bid", "11")
    error = page.locator("#e-forced_bid")
    assert error.text_content() == "The bid the dealer is stuck with when all pass must be a legal bid, 3 to 10."
    assert error.is_visible()
    page.fill("#forced_bid", "10")
    assert error.is_hidden()
    page.select_option("#dealer_may_match", label="The dealer may take the bid by matching it")
    page.select_option("#trump_with_bid", label="The bidder names trump with the bid")
    assert page.locator("#rules-summary").text_content().endswith(
        "moon allowed · the dealer may match the top bid · all pass: the dealer bids 10 · trump named with the bid")
    assert page.evaluate(OVERFLOW) == []
    for control in ("#all_pass", "#forced_bid", "#dealer_may_match", "#trump_with_bid"):
        assert page.locator(control).bounding_box()["height"] >= 44
    assert axe(page) == []
    game_id = start(page)
    log_all_to_bidder(page, LONG[0], "10")  # everyone passed: the dealer, seat 1, is stuck with 10
    game = server_game(live_server, game_id, page)
    rules = game["rules"]
    assert (rules["dealer_may_match"], rules["forced_bid"], rules["trump_with_bid"]) == (True, 10, True)
    assert game["hands"][0]["bidder"] == 0 and game["hands"][0]["made"] is True and game["scores"] == [10, 0]
