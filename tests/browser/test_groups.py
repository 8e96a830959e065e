"""The group pages in Chromium at 390x844 and 320x640: create a group from the start page, see its page with
20-character names, axe zero violations light and dark, no sideways scrolling (on the person page at 320 px, with
200 % text too)."""

from __future__ import annotations

import pytest
import requests
from playwright.sync_api import expect

from tests.browser.groups import OVERFLOW, PEOPLE, create_group

pytestmark = pytest.mark.browser

SIZES = [{"width": 390, "height": 844}, {"width": 320, "height": 640}]
POINTS = ("ace", "jack", "off_jack", "high_joker", "low_joker", "ten", "three", "two")
# Until the page's service worker has installed (its copies of the app stored), or `ms` pass: a test that ends
# while the worker still fetches would leave the live server answering.
INSTALLED = """(ms) => Promise.race([
  "serviceWorker" in navigator ? navigator.serviceWorker.ready.then(() => true) : Promise.resolve(false),
  new Promise((resolve) => setTimeout(() => resolve(false), ms))])"""


def settle(page) -> None:
    """Let the page's service worker finish installing before the test moves on or ends."""
    page.evaluate(INSTALLED, 15_000)


def moon(bidder: int) -> dict:
    """A ten-point hand: the bidder's team shoots the moon and takes every point (the game is won)."""
    return {"bidder": bidder, "bid": "moon", "captured": dict.fromkeys(POINTS, bidder % 2)}


def play(base: str, group_id: str, key: str) -> None:
    """Three games in the group through the API: two finished, one still played; a person with a short name."""
    headers = {"Authorization": f"Bearer {key}"}
    url = f"{base}/api/groups/{group_id}"
    for hands in ([moon(0)], [moon(1)], []):
        body = {"variant": "ten-point", "players": PEOPLE, "hands": hands}
        assert requests.post(f"{url}/games", json=body, headers=headers, timeout=10).status_code == 201
    people = requests.get(url, timeout=10).json()["people"]
    assert requests.patch(f"{url}/people/{people[0]['id']}", json={"short_name": "Bart"}, headers=headers,
                          timeout=10).status_code == 200


def test_create_a_group_and_read_its_page(live_server, new_page, axe):
    page = new_page(viewport=SIZES[1])  # created on the narrowest phone; read on a common one and on it
    group_id, key = create_group(page, live_server)
    assert page.get_by_role("heading", name="The Thursday Regulars").is_visible()
    assert axe(page) == []
    play(live_server, group_id, key)
    for size, scheme in zip(SIZES, ("light", "dark"), strict=True):
        phone = new_page(viewport=size, color_scheme=scheme)
        phone.goto(f"{live_server}/g/{group_id}")
        assert phone.locator(".group-game").count() == 3
        assert phone.locator(".group-game.unfinished").count() == 1
        assert phone.locator(".group-game").first.locator("text=not finished").is_visible()
        assert phone.locator(".wins-chart svg.chart-svg").is_visible()
        leaders = phone.locator("table[class*=group-table]").first.locator("tbody tr")
        assert leaders.count() == 4
        seasons = phone.get_by_role("navigation", name="Seasons")
        assert seasons.get_by_role("link", name="Every game").is_visible()
        current = seasons.locator("a[aria-current=page]")
        assert current.count() == 1 and current.bounding_box()["height"] >= 44
        season = current.text_content()
        assert phone.get_by_role("heading", name=f"Leaderboard: {season}").is_visible()
        assert phone.evaluate(OVERFLOW) <= 0, "the page scrolls sideways"
        assert axe(phone) == [], scheme
        phone.get_by_text("The chart as a table").click()
        assert phone.get_by_role("table", name="Wins so far, by day").is_visible()
        assert axe(phone) == [], scheme
        if size["width"] < 360:
            assert phone.locator(".name-short", has_text="Bart").first.is_visible()
        rank_by_rating_and_ask_who_would_win(phone, scheme, axe)
        phone.get_by_role("link", name="Maximiliana Ostrova").click()
        phone.wait_for_url("**/people/*")
        assert phone.get_by_role("heading", name="Maximiliana Ostrova", exact=True).is_visible()
        assert phone.get_by_role("table", name="Partners, most wins together first").is_visible()
        assert phone.get_by_role("table", name="Maximiliana Ostrova's bidding, streak and points per hand").is_visible()
        assert phone.locator(".person-rating").is_visible()
        assert phone.locator(".person-rating").text_content().startswith(f"Rating in {season} ")  # passed on
        assert phone.locator(".rating-chart svg.chart-svg").is_visible()
        assert phone.get_by_role("table", name="Points Maximiliana Ostrova's team took, in hands given card by card, "
                                              "most often first").is_visible()
        assert phone.locator(".chemistry li").first.is_visible()
        see_the_bids_as_bars(phone)
        assert phone.evaluate(OVERFLOW) <= 0, "the person's page scrolls sideways"
        assert axe(phone) == [], scheme
        if size["width"] < 360:  # text at 200 %: the bars' words wrap, nothing scrolls sideways
            phone.evaluate("() => { document.documentElement.style.fontSize = '200%'; }")
            see_the_bids_as_bars(phone)
            assert phone.evaluate(OVERFLOW) <= 0, "the person's page scrolls sideways with 200 % text"
            assert axe(phone) == [], scheme
        settle(phone)
    start_finish_and_see_the_leader_change(page, live_server, group_id, key, axe)


def see_the_bids_as_bars(phone) -> None:
    """Maximiliana's one bid, a moon made: its bar is named by the figure's caption, its words are read, and the
    bar itself (hidden from screen readers) fills the row within the screen."""
    bars = phone.get_by_role("figure", name="Share of Maximiliana Ostrova's bids made, by bid")
    assert bars.is_visible()
    assert bars.get_by_role("listitem").count() == 1
    assert " ".join(bars.get_by_role("listitem").inner_text().split()) == "moon 1 of 1 made (100%)"
    track = bars.locator(".bar-svg").bounding_box()
    assert track["width"] > 0 and track["x"] + track["width"] <= phone.viewport_size["width"]
    assert bars.locator(".bar-fill").bounding_box()["width"] == pytest.approx(track["width"], abs=1)


def rank_by_rating_and_ask_who_would_win(phone, scheme: str, axe) -> None:
    """The leaderboard by rating beside the one by wins, and the "who would win" form sent without a script's help:
    each within the screen's width, its targets 44 px high, axe clean."""
    picker = phone.get_by_role("navigation", name="Rank by")
    picker.get_by_role("link", name="Rating").click()
    phone.wait_for_url("**board=rating*")
    assert picker.locator("a[aria-current=page]").text_content() == "Rating"
    assert picker.locator("a[aria-current=page]").bounding_box()["height"] >= 44
    rows = phone.locator("table[class*=group-table]").first.locator("tbody tr")
    assert rows.count() == 4 and "±" in rows.first.text_content()
    assert phone.evaluate(OVERFLOW) <= 0, "the rating board scrolls sideways"
    assert axe(phone) == [], scheme
    phone.get_by_label("Player").first.select_option(label="Bartholomew Jenkins")
    phone.get_by_label("Partner").first.select_option(label="Cornelius Wetherby")
    phone.get_by_label("Player").nth(1).select_option(label="Maximiliana Ostrova")
    phone.get_by_label("Partner").nth(1).select_option(label="Philippa Van Houten")
    phone.get_by_role("button", name="Who would win?").click()
    phone.wait_for_url("**a=*")
    result = phone.locator(".matchup-result")
    assert result.is_visible()
    assert "Bartholomew Jenkins & Cornelius Wetherby would win" in result.text_content()
    assert phone.get_by_role("button", name="Who would win?").bounding_box()["height"] >= 44
    assert phone.evaluate(OVERFLOW) <= 0, "the answer scrolls sideways"
    assert axe(phone) == [], scheme


def leader(page) -> str:
    """The first name on the leaderboard (the full name, shown or read out)."""
    return page.locator("table[class*=group-table]").first.locator("tbody tr .name-full").first.text_content()


def start_finish_and_see_the_leader_change(page, base: str, group_id: str, key: str, axe) -> None:
    """Start a game from the group page (the seats offered from the roster), finish it, see the leaderboard move."""
    page.goto(f"{base}/g/{group_id}")
    page.reload()  # the page may be kept for 3 s, like the share page: a reload asks again
    assert leader(page) == "Bartholomew Jenkins"  # four people at 1 win of 2: by name
    page.get_by_role("link", name="Start a game in this group").click()
    page.wait_for_url("**/start")
    assert page.get_by_label("Game").input_value() == "ten-point"  # the group's last game
    assert [page.get_by_label(f"Seat {n}", exact=True).input_value() for n in range(1, 5)] == PEOPLE
    assert page.locator("datalist#roster option").count() == 4
    assert axe(page) == []
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url("**/games/*")
    page.wait_for_load_state("networkidle")  # the game page and its offline copies loaded before it is left
    game_id = page.url.rsplit("/", 1)[1]
    finished = requests.post(f"{base}/api/games/{game_id}/hands", json=moon(1),
                             headers={"Authorization": f"Bearer {key}"}, timeout=10)
    assert finished.status_code == 201 and finished.json()["status"] == "finished"
    page.goto(f"{base}/g/{group_id}")
    page.reload()
    assert leader(page) == "Maximiliana Ostrova"  # 2 wins of 3 now
    merge_a_name_typed_twice(page, base, group_id, key, axe)
    settle(page)


def merge_a_name_typed_twice(page, base: str, group_id: str, key: str, axe) -> None:
    """A name typed twice ("Cornelius Wetherbey") is merged into the person on the page: what adds up, then yes."""
    typo = "Cornelius Wetherbey"
    body = {"variant": "ten-point", "players": [*PEOPLE[:2], typo, PEOPLE[3]], "hands": [moon(0)]}
    url = f"{base}/api/groups/{group_id}"
    assert requests.post(f"{url}/games", json=body, headers={"Authorization": f"Bearer {key}"},
                         timeout=10).status_code == 201
    people = {person["name"]: person["id"] for person in requests.get(url, timeout=10).json()["people"]}
    page.goto(f"{base}/g/{group_id}/people/{people[typo]}")
    page.get_by_role("link", name=f"Typed twice? Merge {typo} into another person").click()
    page.get_by_label(f"Merge {typo} into").select_option(label=PEOPLE[2])
    page.get_by_role("button", name="Show what adds up").click()  # a new page: waited for, not read at once
    expect(page.get_by_role("table", name=f"{typo}'s figures, {PEOPLE[2]}'s, and both together")).to_be_visible()
    assert page.evaluate(OVERFLOW) <= 0, "the merge page scrolls sideways"
    assert axe(page) == []
    page.emulate_media(color_scheme="dark")
    assert axe(page) == [], "dark"
    page.emulate_media(color_scheme="light")
    page.get_by_role("button", name=f"Merge {typo} into {PEOPLE[2]}").click()
    page.wait_for_url(f"**/people/{people[PEOPLE[2]]}")
    assert [person["name"] for person in requests.get(url, timeout=10).json()["people"]] == PEOPLE
