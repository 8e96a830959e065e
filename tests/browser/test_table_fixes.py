"""Small things seen at the table: the offline shell's moon hint names the game's own hand total, "Edit hand 12"
stays on one line at 320 px, and the misdeal confirmation without scripts keeps the filled form."""

from __future__ import annotations

import re

import pytest
import requests
from playwright.sync_api import expect

from tests.browser.longnames import LONG_PLAYERS, POINTS, TEAMS, open_game
from tests.browser.table import choose, wait_controlled, wait_server

pytestmark = pytest.mark.browser


def test_the_offline_shell_names_the_games_hand_total_in_the_moon_hint(live_server, persistent):
    """An 11-point game opened offline: the page is the worker's shell, fitted from the phone's copy."""
    game = requests.post(f"{live_server}/api/games", json={"variant": "eleven-point", "players": LONG_PLAYERS,
                                                           "team_names": TEAMS}, timeout=10).json()
    context = persistent(entry="cards")
    page = context.new_page()
    open_game(page, live_server, game)
    wait_controlled(page)
    hint = page.locator("#f-bid .hint")
    expect(hint).to_have_text("Moon: the bidders must take all 11 points.")  # the server's page
    context.set_offline(True)
    page.reload()
    page.wait_for_function("() => window.gamePage")
    assert page.locator("#game").get_attribute("data-shell") == "true"
    expect(hint).to_have_text("Moon: the bidders must take all 11 points.")
    context.set_offline(False)


# The dialog's head: the title's lines, and what of the head lies past the screen or under another control.
HEAD = """() => {
  const head = document.querySelector("#hand-dialog .form-head");
  const title = head.querySelector(".form-title");
  const lines = Math.round(title.getBoundingClientRect().height / parseFloat(getComputedStyle(title).lineHeight));
  const boxes = [title, ...head.querySelectorAll("button")].filter((node) => node.offsetParent)
    .map((node) => node.getBoundingClientRect());
  const problems = [];
  boxes.forEach((box, index) => {
    if (box.left < 0 || box.right > window.innerWidth) problems.push(`control ${index} off the screen`);
    if (index && box.height < 44) problems.push(`button ${index} is ${box.height} px tall`);
    if (index && box.left < boxes[index - 1].right) problems.push(`control ${index} overlaps the one before`);
  });
  return { lines, problems, text: title.textContent };
}"""


@pytest.mark.parametrize("entry", ["cards", None], ids=["card-by-card", "quick"])
def test_edit_hand_12_stays_on_one_line_at_320(live_server, new_page, entry):
    from tests.browser.longnames import create_game

    page = new_page(viewport={"width": 320, "height": 640}, entry=entry, service_workers="block")
    game = create_game(live_server, hands=12)
    open_game(page, live_server, game)
    page.locator("#hand-12 a.edit").click()
    dialog = page.locator("#hand-dialog")
    dialog.wait_for(state="visible")
    assert page.evaluate(HEAD) == {"lines": 1, "problems": [], "text": "Edit hand 12"}
    dialog.locator('[data-action="cancel"]').click()
    dialog.wait_for(state="hidden")
    page.locator('[data-action="log"]').click()
    dialog.wait_for(state="visible")
    assert page.evaluate(HEAD) == {"lines": 1, "problems": [], "text": "Hand 13"}


def test_without_scripts_back_from_the_misdeal_question_keeps_the_filled_hand(live_server, new_page):
    page = new_page(viewport={"width": 320, "height": 640}, java_script_enabled=False)
    page.goto(live_server + "/")
    for seat, name in enumerate(["Ann", "Bo", "Cy", "Di"]):
        page.fill(f"#players-{seat}", name)
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(re.compile(r"/games/[\w-]+$"))
    game_id = page.url.rsplit("/", 1)[1]
    form = page.locator("#hand-form")
    form.locator("#f-bidder").get_by_role("radio", name="Bo", exact=True).check()
    form.locator("#f-bid").get_by_role("radio", name="6", exact=True).check()
    form.locator("#f-quick").get_by_role("radio", name="7", exact=True).check()
    form.locator('#f-trump input[value="hearts"]').check()
    form.get_by_role("button", name="Misdeal…").click()
    expect(page.locator(".question")).to_have_text(
        "Hand 1 is a misdeal: Ann deals again? What was filled in is dropped.")
    page.get_by_role("button", name="Back to the hand").click()
    form = page.locator("#hand-form")
    expect(form.locator("#f-bidder").get_by_role("radio", name="Bo", exact=True)).to_be_checked()
    expect(form.locator("#f-bid").get_by_role("radio", name="6", exact=True)).to_be_checked()
    expect(form.locator("#f-quick").get_by_role("radio", name="7", exact=True)).to_be_checked()
    expect(form.locator('#f-trump input[value="hearts"]')).to_be_checked()
    assert requests.get(f"{live_server}/api/games/{game_id}", timeout=10).json()["hands"] == []
    form.get_by_role("button", name="Save hand 1").click()
    page.wait_for_url(re.compile(rf"/games/{game_id}#sheet$"))
    hand = requests.get(f"{live_server}/api/games/{game_id}", timeout=10).json()["hands"]
    assert [(h["bidder"], h["bid"], h["points"], h["trump"]) for h in hand] == [(1, 6, [3, 7], "hearts")]


def test_the_banners_rematch_of_a_group_game_stays_in_the_group(live_server, new_page):
    """The phone holds only the game's key (it joined through the co-scorer link), not the group's."""
    group = requests.post(f"{live_server}/api/groups", json={"name": "Thursday table"}, timeout=10).json()
    headers = {"Authorization": f"Bearer {group['edit_key']}"}
    body = {"variant": "ten-point", "players": LONG_PLAYERS, "team_names": TEAMS, "rules": {"target": 10}}
    game = requests.post(f"{live_server}/api/groups/{group['id']}/games", json=body, headers=headers, timeout=10).json()
    won = {"bidder": 1, "bid": 6, "captured": dict.fromkeys(POINTS, 1)}
    finished = requests.post(f"{live_server}/api/games/{game['id']}/hands", json=won, timeout=10,
                             headers={"Authorization": f"Bearer {game['edit_key']}"}).json()
    assert finished["status"] == "finished" and finished["group"] == group["id"]
    page = new_page(viewport={"width": 390, "height": 844}, service_workers="block")
    open_game(page, live_server, game)
    page.get_by_role("button", name="Rematch").click()
    page.wait_for_url(lambda url: re.search(r"/games/[\w-]+$", url) and game["id"] not in url)
    page.wait_for_function("() => window.gamePage")
    rematch_id = page.url.rsplit("/", 1)[1]
    rematch = requests.get(f"{live_server}/api/games/{rematch_id}", timeout=10).json()
    assert rematch["group"] == group["id"] and rematch["people"] == finished["people"]
    assert rematch["players"] == LONG_PLAYERS and [team["name"] for team in rematch["teams"]] == TEAMS
    assert rematch["rules"] == {**finished["rules"], "first_dealer": 1}
    games = requests.get(f"{live_server}/api/groups/{group['id']}", timeout=10).json()["games"]
    assert [item["id"] for item in games] == [rematch_id, game["id"]]
    dealer, first = LONG_PLAYERS[1], LONG_PLAYERS[2]
    expect(page.locator('[data-slot="next"]')).to_have_text(f"{dealer} deals hand 1 \u00b7 {first} bids first")
    # this phone keeps score of the rematch: a hand goes in with the key it was given
    page.locator('[data-action="log"]').click()
    dialog = page.locator("#hand-dialog")
    choose(dialog, "bidder", LONG_PLAYERS[1])
    choose(dialog, "bid", "6")
    choose(dialog, "captured_two", TEAMS[0])
    dialog.locator('[data-action="save"]').click()
    dialog.wait_for(state="hidden")
    # the line read "All changes saved." before the tap too: what counts is that the hand reaches the server, once
    assert len(wait_server(live_server, rematch_id, 1)["hands"]) == 1
    expect(page.locator('[data-slot="sync"]')).to_contain_text("All changes saved.")
