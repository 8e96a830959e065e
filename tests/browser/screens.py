"""Every screen beyond a game's sheet and hand form, put in its state from data made through the API for one cell
of the layout matrix (a preset, a player count, a kind of names): tests/browser/test_layout_screens.py. A cell of five
players at a partnership preset for four is five at a table, the dealer sitting out (matrix.cell_rules).

Each opener loads its page on `page` and answers (scope, extra): the part of the page the layout checks look at,
and the check of the answers that must be on the screen (tests/browser/layout.py), or None.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import requests

from scorekeeper.rules import preset
from tests.browser.layout import SAVE_IN_VIEW, in_view
from tests.browser.longnames import open_game
from tests.browser.matrix import NAMES, TEAMS, Table, cell_rules


def api(method: str, base: str, path: str, key: str | None = None, **body) -> dict:
    """An API write or read that must succeed; its JSON."""
    headers = {"Authorization": f"Bearer {key}"} if key else None
    answer = requests.request(method, f"{base}{path}", json=body or None, headers=headers, timeout=10)
    assert answer.status_code in (200, 201), (path, answer.text)
    return answer.json()


def start(page, base: str, variant: str, count: int, names: str):
    """The start page: the cell's game chosen (five: "5 players: the dealer sits out"), its seats filled, and the
    house-rules editor open."""
    page.goto(base + "/")
    page.wait_for_selector("#start-form.fitted")
    radio = page.locator(f'input[name="variant"][value="{variant}"]')
    if not radio.is_visible():
        page.locator("#more-kinds > summary").click()
    radio.check()
    if page.locator("#f-seat-count").is_visible():
        page.select_option("#seat-count", str(count))
    for index, name in enumerate(NAMES[names][:count]):
        page.fill(f"#players-{index}", name)
    if preset(variant).partners and not cell_rules(variant, count):
        for index, name in enumerate(TEAMS[names][:2]):  # five at a table has no team names
            page.fill(f"#team_names-{index}", name)
    page.locator("#house > summary").click()
    page.locator("#rules-summary").wait_for(state="visible")
    return "main", None


def played(page, base: str, variant: str, count: int, names: str) -> Table:
    """A game of the cell with a row of every kind, open on `page`."""
    table = Table(base, variant, count, names, rules=cell_rules(variant, count))
    table.in_play()
    open_game(page, base, table.game)
    return table


def edit(page, base: str, variant: str, count: int, names: str):
    """The form of a hand being edited (hand 1 of a game with a row of every kind)."""
    table = played(page, base, variant, count, names)
    page.goto(f"{base}/games/{table.game['id']}#edit-1")
    page.locator("#hand-dialog").wait_for(state="visible")
    return "#hand-dialog", SAVE_IN_VIEW


def misdeal(page, base: str, variant: str, count: int, names: str):
    """The question Misdeal asks from the hand form, naming the hand and who deals again."""
    played(page, base, variant, count, names)
    page.locator('[data-action="log"]').click()
    page.locator("#hand-dialog").wait_for(state="visible")
    page.locator('#hand-dialog [data-action="misdeal"]').click()
    page.locator("#confirm-dialog").wait_for(state="visible")
    return "#confirm-dialog", in_view("#confirm-dialog button")


def conflict(page, base: str, variant: str, count: int, names: str):
    """Two phones logged hand 1, differently: another phone's reached the server first, and this phone's hand 1
    comes back refused, with its three choices."""
    table = Table(base, variant, count, names, rules=cell_rules(variant, count))
    open_game(page, base, table.game)
    low = table.rules.min_bid
    table.post(table.hand(0, low))  # the other phone's hand 1
    page.evaluate("(hand) => window.gamePage.saveLate(1, undefined, hand)", table.hand(1, low, team_takes=0))
    page.locator("#conflict-dialog").wait_for(state="visible")
    return "#conflict-dialog", in_view("#conflict-dialog button")


MADE: dict[tuple, dict] = {}  # what made_once made for the test being run (test_layout_screens.py empties it)


def made_once(make: Callable[[str, str, int, str], dict]) -> Callable[[str, str, int, str], dict]:
    """`make` run once for each server, cell and kind of names: the screens that only read what it makes (a group's
    four pages, a tournament's two) are shown the same data, made once. The test empties MADE as it starts, since a
    later test's server may be given the same port."""

    def once(base: str, variant: str, count: int, names: str) -> dict:
        key = (make.__name__, base, variant, count, names)
        if key not in MADE:
            MADE[key] = make(base, variant, count, names)
        return MADE[key]

    once.__doc__ = make.__doc__
    return once


@made_once
def group(base: str, variant: str, count: int, names: str) -> dict:
    """A group (its name as long as the names) with a finished game and one being played, both of the cell; the
    leaderboard counts from one game, and two named seasons hold today."""
    made = api("POST", base, "/api/groups", name=TEAMS[names][2], min_games=1)
    gid, key = made["id"], made["edit_key"]
    for finish in (True, False):
        table = Table(base, variant, count, names, rules=cell_rules(variant, count),
                      create=f"/api/groups/{gid}/games", headers={"Authorization": f"Bearer {key}"})
        table.finished() if finish else table.in_play()
    for name, first in ((TEAMS[names][3], "2000-01-01"), (TEAMS[names][1], "2020-01-01")):
        api("POST", base, f"/api/groups/{gid}/seasons", key, name=name, **{"from": first, "to": "2099-12-31"})
    return api("GET", base, f"/api/groups/{gid}")


def opens(address: Callable[[str, str, int, str], str]) -> Callable:
    """An opener of a page the checks look at whole (its main): `address(base, variant, count, names)` makes the
    page's data through the API and says where the page is."""

    def opener(page, base: str, variant: str, count: int, names: str):
        page.goto(base + address(base, variant, count, names))
        return "main", None

    opener.__doc__ = address.__doc__
    return opener


@opens
def group_page(base: str, variant: str, count: int, names: str) -> str:
    """A group's page: its leaderboard, the chart of wins, its people and its games."""
    return f"/g/{group(base, variant, count, names)['id']}"


@opens
def person(base: str, variant: str, count: int, names: str) -> str:
    """The page of the group's first person: figures, partners and, where everyone plays alone, rivals."""
    made = group(base, variant, count, names)
    return f"/g/{made['id']}/people/{made['people'][0]['id']}"


@opens
def leaderboard(base: str, variant: str, count: int, names: str) -> str:
    """A group's leaderboard of a named season, among its other seasons."""
    made = group(base, variant, count, names)
    seasons = api("GET", base, f"/api/groups/{made['id']}/seasons")["seasons"]
    named = next(season for season in seasons if season["name"] == TEAMS[names][3])
    return f"/g/{made['id']}?season={named['id']}"


def rating_board(page, base: str, variant: str, count: int, names: str):
    """A group's leaderboard by rating over every game, with the answer of "who would win" between its first two
    people and its last two (a pair against a pair where there are four)."""
    made = group(base, variant, count, names)
    people = [person["id"] for person in made["people"]]
    half = len(people) // 2 if len(people) >= 4 else 1
    first, second = people[:min(half, 2)], people[half:half + min(half, 2)]
    query = "&".join([f"a={person}" for person in first] + [f"b={person}" for person in second])
    page.goto(f"{base}/g/{made['id']}?season=all&board=rating&{query}")
    page.locator(".matchup-result").wait_for()
    return "main", None


@made_once
def tournament(base: str, variant: str, count: int, names: str) -> dict:
    """A tournament of the cell's game at tables of its player count, one team more than a table seats (a bye),
    round 1 drawn and its clocks started, every kind of row logged at the table. The tournament, with its key.
    At tables of five, the dealer sitting out, each player is a team of one, as where everyone plays alone."""
    house = cell_rules(variant, count)
    alone = not preset(variant).partners or house is not None
    made = api("POST", base, "/api/tournaments", name=f"{TEAMS[names][2]} {TEAMS[names][0]}"[:80],
               place=TEAMS[names][3], variant=variant, players_per_table=count, games_per_team=3,
               **({"rules": house} if house else {}))
    tid, key = made["id"], made["edit_key"]
    size, tables = (1, count) if alone else (count // 2, 2)
    players = iter(NAMES[names])
    for number in range(tables + 1):
        team = [next(players) for _ in range(size)]
        api("POST", base, f"/api/tournaments/{tid}/teams", key, name=team[0] if alone else TEAMS[names][number],
            players=team)
    drawn = api("POST", base, f"/api/tournaments/{tid}/rounds", key)
    api("POST", base, f"/api/tournaments/{tid}/rounds/1/start", key)
    for seat in drawn["tables"]:
        game = {**api("GET", base, f"/api/games/{seat['game']}"), "edit_key": seat["edit_key"]}
        Table(base, variant, count, names, rules=house, game=game).in_play()
    return made


@opens
def standings(base: str, variant: str, count: int, names: str) -> str:
    """A tournament's public standings, round 1 being played."""
    return f"/t/{tournament(base, variant, count, names)['id']}"


def manage(page, base: str, variant: str, count: int, names: str):
    """The coordinator's page of that tournament, opened from the coordinator's link."""
    made = tournament(base, variant, count, names)
    page.goto(f"{base}/t/{made['id']}/manage#key={made['edit_key']}")
    page.wait_for_url(re.compile(r"/manage$"))
    page.locator("#rounds").wait_for()
    return "main", None


SCREENS = {"start": start, "edit": edit, "misdeal": misdeal, "conflict": conflict, "group": group_page,
           "person": person, "leaderboard": leaderboard, "rating board": rating_board, "standings": standings,
           "manage": manage}
