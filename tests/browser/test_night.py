"""A Pitch night in the browser: the director's page on every phone and at 200 % text."""

from __future__ import annotations

import re

import pytest
import requests
from matrix import NAMES, problems_at_every_width
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.pages]

PHONE = {"width": 320, "height": 640}
PLAYERS = NAMES["20"][:9]  # names of 19 and 20 characters, as in the layout matrix
NIGHT = "Thursday Pitch at the Grange Hall"


def get(base: str, path: str) -> dict:
    """A read of the API that must succeed."""
    answer = requests.get(f"{base}{path}", timeout=10)
    assert answer.status_code == 200, (path, answer.text)
    return answer.json()


def until_stable(check, *args):
    """Run a check in a page that reloads itself (a meta refresh): a reload in the middle runs it again."""
    for _ in range(3):
        try:
            return check(*args)
        except PlaywrightError as error:
            if "context was destroyed" not in str(error) and "navigat" not in str(error):
                raise
    return check(*args)


def layout(page, label: str) -> list[str]:
    """The layout problems of the page's main at every phone size and at 200 % text, then back to 320x640."""
    found = until_stable(problems_at_every_width, page, "main", None, True)
    page.set_viewport_size(PHONE)
    return [f"{label}: {problem}" for problem in found]


def set_up(director, base: str) -> str:
    """The director sets the night up on the phone (Partnership Pitch, first to 11, three games) and pastes the list
    of players; the night's id."""
    director.goto(f"{base}/nights/new")
    director.get_by_label("Name").fill(NIGHT)
    director.get_by_label("Rules").select_option("partnership-pitch")
    director.get_by_label("Games (leave empty for an open night)").fill("3")
    director.get_by_role("button", name="Start the night").click()
    director.wait_for_url(re.compile(r"/nights/[\w-]+/manage$"))
    night_id = director.url.rsplit("/", 2)[1]
    director.get_by_label("Players (a name a line, or commas)").fill("\n".join(PLAYERS))
    director.get_by_role("button", name="Register").click()
    expect(director.locator(".notice")).to_have_text("9 registered.")
    night = get(base, f"/api/nights/{night_id}")
    assert (night["variant"], night["games"], night["movement"]) == ("partnership-pitch", 3, "winners_up")
    assert [player["name"] for player in night["players"]] == PLAYERS
    return night_id


def test_the_directors_page_holds_on_every_phone_and_at_200_percent_text(live_server, new_page):
    """The box of pasted names and the standings' seven columns stay within a 320 px phone at 200 % text: the box
    takes the form's width, the standings scroll sideways in a box of their own (a data table), never the page."""
    director = new_page(viewport=PHONE)
    set_up(director, live_server)
    assert layout(director, "director's page") == []
