"""Helpers of the page tests: a game started through the start form, hands logged through the hand form."""

from __future__ import annotations

import re

from tests.support.tables import PLAYERS

# Worked example 1 of rules.md: Bo bids 6, Bo/Di take ace, jack, ten, three.
MADE = {"bidder": "1", "bid": "6", "captured_ace": "1", "captured_jack": "1", "captured_off_jack": "0",
        "captured_high_joker": "0", "captured_low_joker": "0", "captured_ten": "1", "captured_three": "1",
        "captured_two": "0"}


# Then Cy bids 5; Ann/Cy take only the three and the two: set.
SET = {"bidder": "2", "bid": "5", "captured_ace": "1", "captured_jack": "1", "captured_off_jack": "1",
       "captured_high_joker": "1", "captured_low_joker": "1", "captured_ten": "1", "captured_three": "0",
       "captured_two": "0"}


def csrf(client, path: str = "/") -> str:
    """The CSRF token of the form on `path`."""
    return hidden(client.get(path).get_data(as_text=True), "csrf_token")


def hidden(html: str, name: str) -> str:
    """The value of a hidden input."""
    match = re.search(rf'name="{name}" type="hidden" value="([^"]*)"', html)
    assert match, f"no hidden {name}"
    return match.group(1)


def start(client, variant: str = "ten-point", **extra) -> str:
    """Create a game through the start form; returns its id."""
    data = {"csrf_token": csrf(client), "variant": variant, **extra}
    for seat, name in enumerate(PLAYERS[variant]):
        data[f"players-{seat}"] = name
    response = client.post("/", data=data)
    assert response.status_code == 303, response.get_data(as_text=True)
    return response.headers["Location"].rsplit("/", 1)[1]


def log(client, game_id: str, hand: dict, status: int = 303):
    """Post the hand form of the game page as it was rendered (hand id and number included)."""
    html = client.get(f"/games/{game_id}").get_data(as_text=True)
    data = {"csrf_token": hidden(html, "csrf_token"), "hand_id": hidden(html, "hand_id"),
            "number": hidden(html, "number"), **hand}
    response = client.post(f"/games/{game_id}/hands", data=data)
    assert response.status_code == status, response.get_data(as_text=True)
    return response


def misdeal_asked(client, edit: dict) -> tuple[str, str, str]:
    """A game with hand 1 made, its edit form sent with Misdeal and `edit`'s fields: the game's id, the form's
    path and the page that answers (the question, asked first)."""
    game_id = start(client)
    log(client, game_id, MADE)
    path = f"/games/{game_id}/hands/1/edit"
    asked = client.post(path, data={"csrf_token": csrf(client, path), "misdeal": "1", **edit})
    assert asked.status_code == 200
    return game_id, path, asked.get_data(as_text=True)


def scores(client, game_id: str) -> list[int]:
    """The current scores, from the API."""
    return client.get(f"/api/games/{game_id}").get_json()["scores"]


def text(response) -> str:
    """A page's HTML."""
    return response.get_data(as_text=True)


def plain(html: str) -> str:
    """What a page says: its HTML without tags, spaces collapsed."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", html))
