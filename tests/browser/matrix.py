"""The cells of the layout matrices (tests/browser/test_layout_matrix.py, test_layout_screens.py): the names, the
phone sizes, the games made through the API, and the layout checks run at every size and at 200 % text.

tests/browser/layout.py says what each check refuses.
"""

from __future__ import annotations

import weakref

import requests

from scorekeeper.rules import PRESETS, preset, sides_of
from tests.browser.layout import LAYOUT_PROBLEMS

WIDTHS = [(320, 640), (360, 740), (390, 844), (414, 896), (430, 932), (844, 390)]
# 200 % text, as a phone's text-size setting makes it: the browser's default font size doubled (what rem and em
# follow; nothing in the stylesheet sets a font size in px), checked at the narrowest phone.
TEXT_200 = {"size": (320, 640), "standard": 32, "fixed": 26}
TEXT_100 = {"standard": 16, "fixed": 13}
NAMES = {
    "short": ["Al", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo"],
    "20": ["Bartholomew Jenkins", "Maximiliana Ostrova", "Cornelius Wetherby", "Philippa Van Houten",
           "Evangelina Marchetti", "Sebastian Kowalczyk", "Constantinople Gray", "Wilhelmina Fairchild",
           "Archibald Pennywhist", "Genevieve Castellano"],
    "40 spaced": [f"{first} Alexander Worthington Smythe" for first in
                  ("Bartholomew", "Maximiliana", "Cornelius", "Philippa", "Evangelina", "Sebastian", "Constance",
                   "Christopher", "Wilhelmina", "Archibaldus")],
    "40 unspaced": [f"{first}alexanderworthingtonsmythe"[:40] for first in
                    ("Bartholomew", "Maximiliana", "Cornelius", "Philippa", "Evangelina", "Sebastian", "Constance",
                     "Christopher", "Wilhelmina", "Archibaldus")],
}
TEAMS = {"short": ["Us", "Them", "We", "You"], "20": ["The Card Sharks Club", "Grandma & Grandpa Jo",
                                                      "Aces High Since 1987", "Thursday Night Lads"],
         "40 spaced": ["The Thursday Night Card Sharks of Elm St", "Grandma and Grandpa Jo from the Farm",
                       "The Aces High Club of Centennial Hall", "Everybody Else Who Came Along Tonight"],
         "40 unspaced": ["Thecardsharksofthethursdaynightclubofelm", "Grandmaandgrandpajofromthefarmonthehill",
                         "Theaceshighclubofcentennialhallanditsfr", "Everybodyelsewhocamealongtonightforcard"]}
CELLS = [(variant, count) for variant in PRESETS for count in sorted(preset(variant).seat_counts)]
# Five at a table, the dealer sitting out (rules.sit_out): every partnership preset for four, with five players.
FIVE_CELLS = [variant for variant, rules in PRESETS.items() if rules.partners and 4 in rules.seat_counts]
SIT_OUT = {"sit_out": "dealer"}


def cell_rules(variant: str, count: int) -> dict | None:
    """The house rules a cell's game is made with: the dealer sitting out where a partnership preset, which seats five
    in no other way, has five players (a cell (variant, 5) of FIVE_CELLS); else none."""
    rules = preset(variant)
    return SIT_OUT if rules.partners and count == 5 and count not in rules.seat_counts else None


def cell_id(variant: str, count: int) -> str:
    return f"{variant}-{count}" + ("-sit-out" if cell_rules(variant, count) else "")


def game_body(variant: str, count: int, names: str, rules: dict | None = None) -> dict:
    """The body of POST /api/games for a cell: its players, and its team names where it has partners."""
    body = {"variant": variant, "players": NAMES[names][:count], **({"rules": rules} if rules else {})}
    made = preset(variant).with_overrides(rules)
    if made.partners and not made.sit_out:  # five at a table has no team names: the sides change every hand
        body["team_names"] = TEAMS[names][:2]
    return body


class Table:
    """A game made through the API for one cell (at `create`, with `headers`: a group's games)."""

    def __init__(self, base: str, variant: str, count: int, names: str, rules: dict | None = None,
                 create: str = "/api/games", headers: dict | None = None, game: dict | None = None):
        """A new game of the cell, or `game` (with its edit key) made already, as a tournament's table is."""
        self.base, self.rules = base, preset(variant).with_overrides(rules)
        if game is None:
            made = requests.post(f"{base}{create}", json=game_body(variant, count, names, rules), headers=headers,
                                 timeout=10)
            assert made.status_code == 201, made.text
            game = made.json()
        self.game = game
        self.auth = {"Authorization": f"Bearer {self.game['edit_key']}"}
        self.teams = 2 if self.rules.sit_out else len(self.game["teams"])  # five at a table: two sides a hand

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

    def seat(self, bidder: int, moon: bool = False) -> tuple[int, int]:
        """The bidder (where the dealer sits out, the next seat when `bidder` deals, and for a moon one who is not in
        the hole) and the bidding side."""
        if not self.rules.sit_out:
            return bidder, bidder % self.teams
        game = self.current()
        sides = sides_of(self.rules.players, game["next_dealer"])
        playing = [seat for side in sides for seat in side]
        if bidder not in playing or (moon and game["scores"][bidder] < 0):
            bidder = next((seat for seat in playing if not moon or game["scores"][seat] >= 0), playing[0])
        return bidder, 0 if bidder in sides[0] else 1

    def hand(self, bidder: int, bid, team_takes: int | None = None, **extra) -> dict:
        bidder, team = self.seat(bidder, moon=bid == "moon")
        if self.rules.sit_out and extra.get("all_tricks") is not None:
            extra["all_tricks"] = team  # the bidders' side took every trick
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

    def current(self) -> dict:
        return requests.get(self.url(), timeout=10).json()

    def count(self) -> int:
        return len(self.current()["hands"])

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
        while self.current()["status"] == "finished":  # an edit or misdeal ended it
            requests.delete(self.url(f"/hands/{self.count()}?last=1"), headers=self.auth, timeout=10)

    def finished(self) -> None:
        """Rows of every kind, then the game won (`finish`)."""
        self.in_play()
        self.finish()

    def finish(self) -> None:
        """The game in play won: on time where the game has a clock (its row after the moon set of a game with the
        moon), else by the moon where it has one, else by the bidders taking every point."""
        if self.rules.time_limit_minutes:
            called = requests.post(self.url("/time"), json={}, headers=self.auth, timeout=10)
            assert called.status_code == 200, called.text
            assert self.current()["time_called"] is not None
        elif self.rules.moon is not None:
            self.post(self.hand(0, "moon"))
        for number in range(200):
            if self.current()["status"] == "finished":
                return
            bidder, team = self.seat(number % len(self.game["players"]))
            self.post({"bidder": bidder, "bid": self.rules.min_bid, "captured": dict.fromkeys(self.rules.points, team)})
        raise AssertionError("the game did not end")


SESSIONS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # a page's DevTools session: the sizes last as it


def devtools(page):
    """The page's DevTools session, opened once."""
    if page not in SESSIONS:
        SESSIONS[page] = page.context.new_cdp_session(page)
    return SESSIONS[page]


def text_size(page, sizes: dict) -> None:
    """Set the browser's default font sizes, as a phone's text-size setting does (kept across page loads)."""
    devtools(page).send("Page.setFontSizes", {"fontSizes": {"standard": sizes["standard"], "fixed": sizes["fixed"]}})


def resize(page, width: int, height: int) -> None:
    """Lay the page out at width x height, as Playwright's set_viewport_size does for a phone-sized context (the same
    override, so its own calls after this one find the page as they left it), but without resizing the headless
    browser's window each time: that costs Chromium's browser process five times what the page's layout does."""
    devtools(page).send("Emulation.setDeviceMetricsOverride", {
        "mobile": False, "width": width, "height": height, "screenWidth": width, "screenHeight": height,
        "deviceScaleFactor": 1, "screenOrientation": {"angle": 0, "type": "landscapePrimary"},
    })


def problems_at_every_width(page, scope: str, extra: str | None = None, text_200: bool = False) -> list[str]:
    """The layout problems under `scope` (and what the `extra` check finds) at every phone size, by resizing the
    viewport, and with `text_200` at 200 % text on the narrowest phone too; the page is left at its size."""
    assert TEXT_200["size"] in WIDTHS
    found = []

    # One call a size: wait until the page is at that size (nothing in the app reacts to a resize in script: the
    # layout is CSS alone, so the first read after it computes the new layout), then run every check.
    checks = f"""async ([width, font, scope]) => {{
      const sized = await ({SIZED})([width, font]);
      if (sized !== true) return [`the page is not at the size set: ${{sized}}`];
      return [...({LAYOUT_PROBLEMS})(scope), ...({extra or "() => []"})()];
    }}"""

    def check(label: str, width: int, font: int) -> None:
        found.extend(f"{label}: {problem}" for problem in page.evaluate(checks, [width, font, scope]))

    # The page's own size last, so that it is left there without one resize more; the 200 % text right after the
    # size it is checked at, without one either.
    home = (page.viewport_size["width"], page.viewport_size["height"])
    for width, height in sorted(WIDTHS, key=lambda size: size == home):
        resize(page, width, height)
        check(f"{width}x{height}", width, TEXT_100["standard"])
        if text_200 and (width, height) == TEXT_200["size"]:
            text_size(page, TEXT_200)
            try:
                check(f"{width}x{height} text 200%", width, TEXT_200["standard"])
            finally:
                text_size(page, TEXT_100)
    if home not in WIDTHS:
        resize(page, *home)
    return found


# Whether the page lays out at the width and default font size (the root's: the stylesheet sets none) just set,
# a few frames allowed for them to arrive; else what it has.
SIZED = """async ([width, font]) => {
  const now = () => [window.innerWidth, parseFloat(getComputedStyle(document.documentElement).fontSize)];
  for (let frame = 0; frame < 10; frame++) {
    const [seen, size] = now();
    if (seen === width && size === font) return true;
    await new Promise((done) => requestAnimationFrame(done));
  }
  return `${now()[0]} px wide at ${now()[1]} px text`;
}"""
