"""Helpers of the night pages in the browser: a night set up over the API."""

from __future__ import annotations

import re

import requests
from playwright.sync_api import expect

from tests.browser.matrix import NAMES

SEATED = NAMES["20"][:9]  # names of 19 and 20 characters, as in the layout matrix


NIGHT = "Thursday Pitch at the Grange Hall"


def get(base: str, path: str) -> dict:
    """A read of the API that must succeed."""
    answer = requests.get(f"{base}{path}", timeout=10)
    assert answer.status_code == 200, (path, answer.text)
    return answer.json()


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
    director.get_by_label("Players (a name a line, or commas)").fill("\n".join(SEATED))
    director.get_by_role("button", name="Register").click()
    expect(director.locator(".notice")).to_have_text("9 registered.")
    night = get(base, f"/api/nights/{night_id}")
    assert (night["variant"], night["games"], night["movement"]) == ("partnership-pitch", 3, "winners_up")
    assert [player["name"] for player in night["players"]] == SEATED
    return night_id
