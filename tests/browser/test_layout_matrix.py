"""Every screen of a game holds on every phone, with any names and any number of players.

The space: every preset at every player count it allows (26) x names (short; 20 characters; 40 with spaces; 40
without: 104 cells) x widths 320, 360, 390, 414 and 430 in portrait and 844x390 in landscape. For each cell the
game's rows come from the API (made, set, misdeal, an edited hand, the moon or the bid of 5 with every trick where
the game has them, time called in a finished game with a clock and no moon), and each screen is loaded once and
checked at every width by resizing the viewport: the sheet of a game being played, its hand form (quick entry and
card by card, where the game has both; Save in view), the winner screen and the share page of a finished game.
tests/browser/layout.py says what each check refuses.
"""

from __future__ import annotations

import pytest
import requests
from layout import LAYOUT_PROBLEMS, SAVE_IN_VIEW
from longnames import open_game

from scorekeeper.rules import PRESETS, preset

pytestmark = [pytest.mark.browser, pytest.mark.pages]

WIDTHS = [(320, 640), (360, 740), (390, 844), (414, 896), (430, 932), (844, 390)]
NAMES = {
    "short": ["Al", "Bo", "Cy", "Di", "Ed", "Flo", "Gus"],
    "20": ["Bartholomew Jenkins", "Maximiliana Ostrova", "Cornelius Wetherby", "Philippa Van Houten",
           "Evangelina Marchetti", "Sebastian Kowalczyk", "Constantinople Gray"],
    "40 spaced": [f"{first} Alexander Worthington Smythe" for first in
                  ("Bartholomew", "Maximiliana", "Cornelius", "Philippa", "Evangelina", "Sebastian", "Constance")],
    "40 unspaced": [f"{first}alexanderworthingtonsmythe"[:40] for first in
                    ("Bartholomew", "Maximiliana", "Cornelius", "Philippa", "Evangelina", "Sebastian", "Constance")],
}
TEAMS = {"short": ["Us", "Them"], "20": ["The Card Sharks Club", "Grandma & Grandpa Jo"],
         "40 spaced": ["The Thursday Night Card Sharks of Elm St", "Grandma and Grandpa Jo from the Farm"],
         "40 unspaced": ["Thecardsharksofthethursdaynightclubofelm", "Grandmaandgrandpajofromthefarmonthehill"]}
CELLS = [(variant, count) for variant in PRESETS for count in sorted(preset(variant).seat_counts)]


def cell_id(variant: str, count: int) -> str:
    return f"{variant}-{count}"


class Table:
    """A game made through the API for one cell."""

    def __init__(self, base: str, variant: str, count: int, names: str):
        self.base, self.rules = base, preset(variant).with_overrides(None)
        body = {"variant": variant, "players": NAMES[names][:count]}
        if self.rules.partners:
            body["team_names"] = TEAMS[names]
        made = requests.post(f"{base}/api/games", json=body, timeout=10)
        assert made.status_code == 201, made.text
        self.game = made.json()
        self.auth = {"Authorization": f"Bearer {self.game['edit_key']}"}
        self.teams = len(self.game["teams"])

    def url(self, tail: str = "") -> str:
        return f"{self.base}/api/games/{self.game['id']}{tail}"

    def captured(self, team: int, bid) -> dict:
        """The hand's points: `team` takes the first points worth at least `bid` (all for the moon), the next team
        the rest."""
        points, taken, got = self.rules.points, {}, 0
        for key, value in points.items():
            mine = bid == "moon" or got < bid
            taken[key] = team if mine else (team + 1) % self.teams
            got += value if mine else 0
        return taken

    def hand(self, bidder: int, bid, team_takes: int | None = None, **extra) -> dict:
        team = bidder % self.teams
        return {"bidder": bidder, "bid": bid, "captured": self.captured(team if team_takes is None else team_takes,
                                                                        bid), **extra}

    def post(self, body: dict) -> dict:
        answer = requests.post(self.url("/hands"), json=body, headers=self.auth, timeout=10)
        assert answer.status_code in (200, 201), (body, answer.text)
        return answer.json()

    def keep(self, body: dict) -> bool:
        """Post the hand; undo it if it ended the game (the game stays in play). Whether it was kept."""
        if self.post(body)["status"] == "finished":
            requests.delete(self.url("/hands/" + str(self.count()) + "?last=1"), headers=self.auth, timeout=10)
            return False
        return True

    def count(self) -> int:
        return len(requests.get(self.url(), timeout=10).json()["hands"])

    def in_play(self) -> None:
        """Every kind of row the game has, and still in play."""
        rules, low = self.rules, self.rules.min_bid
        self.keep(self.hand(0, low))
        self.keep(self.hand(1 % len(self.game["players"]), low, team_takes=(1 + 1) % self.teams))  # set
        self.post({"misdeal": True})
        if self.keep(self.hand(0, low)):
            number = self.count()
            edited = requests.put(self.url(f"/hands/{number}"), json=self.hand(0, low + 1), headers=self.auth,
                                  timeout=10)
            assert edited.status_code in (200, 409, 422), edited.text
        if rules.moon is not None:
            self.keep(self.hand(0, "moon", team_takes=1 % self.teams))  # a moon set
        if rules.all_tricks_bid is not None:
            self.keep(self.hand(0, rules.all_tricks_bid, all_tricks=0))
        while requests.get(self.url(), timeout=10).json()["status"] == "finished":  # an edit or misdeal ended it
            requests.delete(self.url(f"/hands/{self.count()}?last=1"), headers=self.auth, timeout=10)
    def finished(self) -> None:
        """Rows of every kind, time called where the game has a clock, then the game won (by the moon where it has
        one, else by the bidders taking every point)."""
        self.in_play()
        if self.rules.moon is not None:
            self.post(self.hand(0, "moon"))
        if self.rules.time_limit_minutes and requests.get(self.url(), timeout=10).json()["status"] != "finished":
            requests.post(self.url("/time"), json={}, headers=self.auth, timeout=10)
        for number in range(200):
            game = requests.get(self.url(), timeout=10).json()
            if game["status"] == "finished":
                return
            bidder = number % len(self.game["players"])
            self.post({"bidder": bidder, "bid": self.rules.min_bid,
                       "captured": dict.fromkeys(self.rules.points, bidder % self.teams)})
        raise AssertionError("the game did not end")


def problems_at_every_width(page, scope: str, extra: str | None = None) -> list[str]:
    found = []
    for width, height in WIDTHS:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(30)
        for problem in page.evaluate(LAYOUT_PROBLEMS, scope) + (page.evaluate(extra) if extra else []):
            found.append(f"{width}x{height}: {problem}")
    return found


@pytest.mark.parametrize("names", NAMES)
@pytest.mark.parametrize(("variant", "count"), CELLS, ids=[cell_id(*cell) for cell in CELLS])
def test_every_screen_of_a_game_holds(live_server, new_page, variant, count, names):
    problems = []
    playing = Table(live_server, variant, count, names)
    playing.in_play()
    page = new_page(entry=None, service_workers="block")
    open_game(page, live_server, playing.game)
    problems += [f"sheet {p}" for p in problems_at_every_width(page, "main")]
    page.locator('[data-action="log"]').click()
    page.locator("#hand-dialog").wait_for(state="visible")
    for mode in ("first", "other"):
        problems += [f"hand form ({mode}) {p}" for p in problems_at_every_width(page, "#hand-dialog", SAVE_IN_VIEW)]
        switch = page.locator("#hand-dialog [data-action='entry']")
        if mode == "first" and switch.count() and switch.first.is_visible():
            switch.first.click()
        else:
            break
    won = Table(live_server, variant, count, names)
    won.finished()
    open_game(page, live_server, won.game)
    problems += [f"winner {p}" for p in problems_at_every_width(page, "main")]
    page.goto(f"{live_server}/share/{won.game['id']}")
    problems += [f"share {p}" for p in problems_at_every_width(page, "main")]
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems[:60])
