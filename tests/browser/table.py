"""Helpers for the offline and PWA browser tests: start a game, log hands as a scorer taps them, read the sheet."""

from __future__ import annotations

import re
import time

import requests
from playwright.sync_api import expect

from scorekeeper.rules import make_table, parse_hand, score, state_to_dict
from tests.support.tables import CARD_POINTS, FOUR, PLAYERS

TEAMS = ("Us", "Them")
POINTS = CARD_POINTS


VARIANTS = {
    "ten-point": r"^10-Point Pitch, 4 players", "ten-point-six": r"^10-Point Pitch, 6 players",
    "tournament": r"^Tournament", "five-point": r"^Five-Point", "cutthroat": r"^Cutthroat",
}


def start_game(page, base: str, teams=TEAMS, variant: str = "ten-point", **house) -> str:
    """Start a game from the start page (online or not); returns its id once its page runs.

    `house` fills the house-rule boxes by id (target, min_bid, max_bid, clock; moon and end are selects).
    """
    page.goto(base + "/")
    page.get_by_role("radio", name=re.compile(VARIANTS[variant])).check()
    for seat, name in enumerate(PLAYERS[variant]):
        page.fill(f"#players-{seat}", name)
    if teams and variant != "cutthroat":
        page.fill("#team_names-0", teams[0])
        page.fill("#team_names-1", teams[1])
    if house:
        page.locator("details.house summary").click()
        for name, value in house.items():
            if name in ("moon", "end"):
                page.select_option(f"#{name}", str(value))
            else:
                page.fill(f"#{name}", str(value))
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(re.compile(r"/games/[\w-]+$"))
    page.wait_for_function("() => window.gamePage")
    return page.url.rsplit("/", 1)[1]


def log_hand(page, bidder: str, bid: str, moves: dict[str, str] | None = None) -> None:
    """Log a hand through the dialog: bidder, bid, the points that went to the other side, save."""
    dialog = page.locator("#hand-dialog")
    page.locator('[data-action="log"]').click()
    dialog.wait_for(state="visible")
    dialog.locator("#f-bidder").get_by_role("radio", name=bidder, exact=True).check()
    dialog.locator("#f-bid").get_by_role("radio", name=bid, exact=True).check()
    for point, side in (moves or {}).items():
        dialog.locator(f"#f-captured_{point}").get_by_role("radio", name=side, exact=True).check()
    dialog.locator('[data-action="save"]').click()
    dialog.wait_for(state="hidden")


def body(bidder: str, bid: str, moves: dict[str, str] | None = None, teams=TEAMS) -> dict:
    """The hand body that log_hand's taps make: every point with the bidders' side unless moved."""
    seat = FOUR.index(bidder)
    captured = {point: seat % 2 for point in POINTS}
    for point, side in (moves or {}).items():
        captured[point] = teams.index(side)
    return {"bidder": seat, "bid": "moon" if bid == "Moon" else int(bid), "captured": captured}


def expected(bodies: list[dict], teams=TEAMS) -> dict:
    """The game the server's engine makes of these hands (10-point, the players above)."""
    table = make_table("ten-point", FOUR, list(teams))
    return state_to_dict(score(table, [parse_hand(item, table.rules) for item in bodies]))


def board(page) -> list[str]:
    """The big totals, as printed."""
    return page.locator(".board .side-score").all_inner_texts()


def rows(page) -> list[str]:
    """Each hand row of the sheet, as text on one line."""
    return [" ".join(text.split()) for text in page.locator("#sheet tbody tr.hand").all_inner_texts()]


def printed(n: int) -> str:
    """A score as the sheet prints it (a real minus sign)."""
    return f"\u2212{-n}" if n < 0 else str(n)


def assert_sheet(page, game: dict) -> None:
    """The page's board, rows and winner banner show `game` (the API's JSON shape), once it has drawn it."""
    expect(page.locator(".board .side-score")).to_have_text([printed(n) for n in game["scores"]])
    row = '#sheet tbody tr.hand [data-slot="{}"]'.format
    expect(page.locator(row("number"))).to_have_text([str(hand["number"]) for hand in game["hands"]])
    expect(page.locator(row("total"))).to_have_text([printed(n) for hand in game["hands"] for n in hand["scores"]])
    expect(page.locator(row("result"))).to_have_text(
        ["misdeal" if hand.get("misdeal") else "made" if hand["made"] else "set" for hand in game["hands"]]
    )
    banner = page.locator('[data-slot="winner"]')
    if game["status"] == "finished":
        expect(banner).to_be_visible()
        pair = " & ".join(game["players"][seat] for seat in game.get("winners") or [])  # five: the winning pair
        expect(banner).to_contain_text(f"Winner: {pair or game['teams'][game['winner']]['name']}.")
    else:
        expect(banner).to_be_hidden()


def api(base: str, game_id: str) -> requests.Response:
    """The server's answer for the game (no browser involved)."""
    return requests.get(f"{base}/api/games/{game_id}", timeout=10)


def wait_server(base: str, game_id: str, hands: int, seconds: float = 20) -> dict:
    """The server's game once it exists and holds `hands` hands (polled: the phone sends in the background)."""
    deadline = time.monotonic() + seconds
    while True:
        response = api(base, game_id)
        if response.status_code == 200 and len(response.json()["hands"]) >= hands:
            return response.json()
        if time.monotonic() > deadline:
            raise AssertionError(f"the server never got {hands} hands: {response.status_code} {response.text[:300]}")
        time.sleep(0.1)


def wait_sent(page) -> None:
    """Until the page's outbox holds nothing for its game."""
    page.wait_for_function("() => window.gamePage && !window.gamePage.pending && !window.gamePage.writing")
    page.locator('[data-slot="sync"]').filter(has_text="All changes saved.").wait_for()


# Resolves to whether the page is controlled by a service worker within `ms` (ready never settles
# when no worker registers, so it races a timer).
CONTROLLED = """async (ms) => {
  if (!("serviceWorker" in navigator)) return false;
  const timeout = new Promise((resolve) => setTimeout(() => resolve(false), ms));
  const ready = navigator.serviceWorker.ready.then(() => true);
  if (!(await Promise.race([ready, timeout]))) return false;
  if (navigator.serviceWorker.controller) return true;
  const claimed = new Promise((resolve) =>
    navigator.serviceWorker.addEventListener("controllerchange", () => resolve(true), { once: true }));
  return Promise.race([claimed, timeout]);
}"""


def wait_controlled(page, ms: int = 10_000) -> None:
    """Fail unless a service worker controls `page` within `ms`."""
    assert page.evaluate(CONTROLLED, ms), "no service worker took control of the page"


def controlled_page(persistent, base: str, game: bool = True, **start):
    """A page of a phone whose service worker controls it, on a new game (`start`: start_game's) or the start page.

    Returns the browser context, the page and the game's id (None on the start page).
    """
    context = persistent()
    page = context.new_page()
    game_id = None
    if game:
        game_id = start_game(page, base, **start)
    else:
        page.goto(base + "/")
    wait_controlled(page)
    return context, page, game_id


def choose(dialog, field: str, name) -> None:
    """Tap the choice called `name` (its label, exactly) of the hand form's `field` (bidder, bid, quick, ...)."""
    dialog.locator(f"#f-{field}").get_by_role("radio", name=str(name), exact=True).click()


def save_quick_hand(dialog, bidder: str, bid: int, taken: int) -> None:
    """In the open hand form, quick entry: tap the bidder, the bid and the points the bidders took, then Save and
    wait for the form to close."""
    choose(dialog, "bidder", bidder)
    choose(dialog, "bid", bid)
    choose(dialog, "quick", taken)
    dialog.locator('[data-action="save"]').click()
    dialog.wait_for(state="hidden")


def scores(base: str, game_id: str) -> list[int]:
    """The game's scores once the server holds its first hand."""
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        game = requests.get(f"{base}/api/games/{game_id}", timeout=10).json()
        if game["hands"]:
            return game["scores"]
        time.sleep(0.2)
    raise AssertionError("the hand never reached the server")
