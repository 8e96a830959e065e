"""A game with 20-character team and player names, made through the API, and a phone keeping its score."""

from __future__ import annotations

import requests

from tests.support.pages import hidden

LONG_PLAYERS = ["Bartholomew Jenkins", "Maximiliana Ostrova", "Cornelius Wetherby", "Philippa Van Houten"]
TEAMS = ["The Card Sharks Club", "Grandma & Grandpa Jo"]
POINTS = ("ace", "jack", "off_jack", "high_joker", "low_joker", "ten", "three", "two")


def create_game(base: str, hands: int = 3, variant: str = "ten-point") -> dict:
    """A game with the long names and `hands` hands in (the first made, the rest set), through the API."""
    body = {"variant": variant, "players": LONG_PLAYERS, "team_names": TEAMS}
    response = requests.post(f"{base}/api/games", json=body, timeout=10)
    game = response.json()
    for number in range(hands):
        bidder = number % 4
        took = POINTS[:6] if number == 0 else POINTS[:3]  # 6 of the 10 points, or 3
        captured = {key: bidder % 2 if key in took else 1 - bidder % 2 for key in POINTS}
        body = {"bidder": bidder, "bid": 3 if number == 0 else 4, "captured": captured}
        requests.post(f"{base}/api/games/{game['id']}/hands", json=body,
                      headers={"Authorization": f"Bearer {game['edit_key']}"}, timeout=10).raise_for_status()
    return game


def open_game(page, base: str, game: dict) -> None:
    """This phone keeps score of `game`: it sends the co-scorer link's form (the edit key, with the form's CSRF token)
    from its own cookie jar, as a tap on the link's button does, then opens the game. The join page itself, in the
    browser, is tested in test_coscorers.py and the tests of whole games; here it would be one page load more."""
    join = f"{base}/games/{game['id']}/join"
    form = page.request.get(join)
    assert form.ok, form.text()
    joined = page.request.post(join, form={"csrf_token": hidden(form.text(), "csrf_token"), "key": game["edit_key"]},
                               max_redirects=0)
    assert joined.status == 303, joined.text()
    page.goto(f"{base}/games/{game['id']}")
    page.wait_for_function("() => window.gamePage")
