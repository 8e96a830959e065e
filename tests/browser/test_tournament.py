"""A tournament in the browser: set up on the coordinator's page, two rounds on short clocks,
two phones taking their table's scorer link, the standings page keeping itself current, and a
correction that re-ranks the teams while everyone watches."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
import sqlalchemy as sa
from playwright.sync_api import expect

from scorekeeper.extensions import db
from scorekeeper.games.models import Game
from scorekeeper.web.records import utcnow

pytestmark = [pytest.mark.browser, pytest.mark.pages]

TEAMS = [("Aces", "Ann", "Bo"), ("Kings", "Cy", "Di"), ("Queens", "Ed", "Flo")]
SINGLES = ["Gus", "Hal"]  # paired at random into the fourth team, "Gus & Hal" or "Hal & Gus"
KEYS = ["three", "ace", "jack", "off_jack", "high_joker", "low_joker", "ten", "two"]


def split(team0_keys: list[str]) -> dict[str, int]:
    """`captured` with the named point cards to team 0 and the rest to team 1."""
    return {key: 0 if key in team0_keys else 1 for key in KEYS}


def cards(points: int) -> list[str]:
    """Point cards worth `points` (6 to 8): the three and enough ones."""
    return ["three", *KEYS[1:points - 2]]


def hand_won_by(team: int, points: int) -> dict:
    """`team` bids 5 and takes `points` of the 10."""
    mine = cards(points)
    return {"bidder": team, "bid": 5, "captured": split(mine if team == 0 else [k for k in KEYS if k not in mine])}


def hand_lost_by(team: int) -> dict:
    """`team` bids 5 and takes nothing: set."""
    return {"bidder": team, "bid": 5, "captured": split([] if team == 0 else KEYS)}


def move_clock_back(app, game_id: str) -> None:
    """Time runs out on this game: its clock started 31 minutes ago."""
    with app.app_context():
        db.session.execute(sa.update(Game).where(Game.id == game_id).values(
            clock_started_at=utcnow() - timedelta(minutes=31)))
        db.session.commit()


class Tables:
    """The games of the tournament, driven through the game API as the tables' phones would."""

    def __init__(self, live_server, request, tournament_id):
        self.base, self.request, self.id = live_server, request, tournament_id

    def round(self, number: int, links: list[str]) -> list[dict]:
        """Round `number`'s tables, each with the edit key from its scorer link."""
        response = self.request.get(f"{self.base}/api/tournaments/{self.id}/rounds/{number}")
        assert response.ok
        keys = dict(re.search(r"/games/([\w-]+)/join#key=([\w-]+)$", link).groups() for link in links)
        return [{**table, "edit_key": keys[table["game"]]} for table in response.json()["tables"]]

    def send(self, method: str, table: dict, path: str, body: dict) -> dict:
        url = f"{self.base}/api/games/{table['game']}{path}"
        response = self.request.fetch(url, method=method, data=body,
                                      headers={"Authorization": f"Bearer {table['edit_key']}"})
        assert response.ok, response.text()
        return response.json()

    def standings(self) -> dict:
        return self.request.get(f"{self.base}/api/tournaments/{self.id}/standings").json()


MARGIN = {"Aces": 8, "Kings": 7, "Queens": 6}  # points a hand: Aces beat Kings beat Queens beat the singles


def stronger(table: dict) -> tuple[int, int]:
    """The team index at this table that wins, and the points it takes in each hand.

    Aces win both games 16-4 (32); no other team reaches 28, whatever the draw.
    """
    margins = [MARGIN.get(team["name"], 0) for team in table["teams"]]
    winner = 0 if margins[0] > margins[1] else 1
    return winner, margins[winner]


def register(coordinator) -> None:
    for name, one, two in TEAMS:
        coordinator.get_by_label("Team name", exact=True).fill(name)
        coordinator.get_by_label("First player").fill(one)
        coordinator.get_by_label("Second player").fill(two)
        coordinator.get_by_role("button", name="Register the team").click()
        expect(coordinator.locator(".t-flash")).to_have_text(f"{name} registered.")
    for name in SINGLES:
        coordinator.get_by_label("Player", exact=True).fill(name)
        coordinator.get_by_role("button", name="Register the player").click()
    coordinator.get_by_role("button", name="Pair all waiting singles at random").click()
    expect(coordinator.get_by_role("heading", name="Teams (4)")).to_be_visible()


def draw_and_start(coordinator, number: int) -> list[str]:
    """Draw round `number`, start its clocks; the scorer links of its tables."""
    coordinator.get_by_role("button", name=f"Draw round {number} of 2").click()
    coordinator.get_by_role("button", name=f"Start the round {number} clocks").click()
    expect(coordinator.locator(".t-flash")).to_have_text(f"Round {number}: the clocks are running.")
    links = coordinator.locator(f"#round-{number} a.url").evaluate_all("links => links.map(a => a.href)")
    assert len(links) == 2 and all("/join#key=" in link for link in links)
    return links


def expect_order(standings, api: Tables) -> None:
    """The page shows, by itself, the teams in the order the API ranks them."""
    names = [line["team"]["name"] for line in api.standings()["teams"]]
    expect(standings.locator(".t-standings tbody th")).to_have_text([re.compile("^" + re.escape(n)) for n in names])


def play_round(app, standings, api: Tables, tables: list[dict]) -> None:
    """Each game: one hand, then time runs out and the hand in play decides; the stronger team wins."""
    for table in tables:
        api.send("POST", table, "/hands", hand_won_by(*stronger(table)))
    move_clock_back(app, tables[0]["game"])
    expect(standings.get_by_text("Time called: finishing the hand in play")).to_be_visible()  # the server, by itself
    move_clock_back(app, tables[1]["game"])
    for table in tables:
        winner, points = stronger(table)
        game = api.send("POST", table, "/hands", hand_won_by(winner, points))
        assert game["status"] == "finished" and game["result"]["how"] == "time" and game["winner"] == winner
        assert game["scores"][winner] == 2 * points


def test_a_tournament_runs_to_its_payout_with_live_standings(live_server, app, page, new_page, axe):
    app.config["TOURNAMENT_POLL_SECONDS"] = 1
    coordinator = page
    coordinator.goto(f"{live_server}/tournaments/new")
    coordinator.get_by_label("Name").fill("Pitch Tournament")
    coordinator.get_by_label("Place").fill("Centennial Hall at VCYF")
    coordinator.get_by_label("Games per team").fill("2")
    coordinator.get_by_role("button", name="Create the tournament").click()
    expect(coordinator.get_by_role("heading", name="Pitch Tournament: coordinator")).to_be_visible()
    tournament_id = re.search(r"/t/([\w-]+)/manage", coordinator.url).group(1)
    register(coordinator)
    assert axe(coordinator) == []
    api = Tables(live_server, coordinator.request, tournament_id)

    links = draw_and_start(coordinator, 1)
    standings = new_page(viewport={"width": 1024, "height": 900})  # the screen in the hall
    standings.goto(f"{live_server}/t/{tournament_id}")
    expect(standings.locator(".t-clock").first).to_have_text(re.compile(r"^(29|30):\d\d left$"))
    assert axe(standings) == []

    for link in links:  # each table's phone opens its scorer link
        phone = new_page()
        phone.goto(link)
        phone.get_by_role("button", name="Keep score on this phone").click()
        expect(phone).to_have_url(re.compile(r"/games/[\w-]+(#.*)?$"))

    round_1 = api.round(1, links)
    play_round(app, standings, api, round_1)
    expect(standings.locator(".t-game[data-status=finished]")).to_have_count(2)
    expect_order(standings, api)

    round_2 = api.round(2, draw_and_start(coordinator, 2))
    expect(standings.get_by_role("heading", name="Round 2 of 2")).to_be_visible()
    play_round(app, standings, api, round_2)

    # Aces won both, 32 points: they take half of 4 x $20
    expect(standings.get_by_role("heading", name="Winner: Aces")).to_be_visible()
    expect(standings.get_by_text("Ann and Bo take $40.00")).to_be_visible()
    expect_order(standings, api)
    assert axe(standings) == []

    # Aces' round-2 scorer fixes both hands: Aces were set twice, so their opponents won that game
    table = next(t for t in round_2 if "Aces" in (t["teams"][0]["name"], t["teams"][1]["name"]))
    aces = 0 if table["teams"][0]["name"] == "Aces" else 1
    api.send("PUT", table, "/hands/1", hand_lost_by(aces))
    api.send("PUT", table, "/hands/2", hand_lost_by(aces))
    result = api.request.get(f"{live_server}/api/tournaments/{tournament_id}/result").json()
    assert result["status"] == "finished" and result["winner"]["name"] != "Aces"
    expect(standings.get_by_role("heading", name=f"Winner: {result['winner']['name']}")).to_be_visible()
    expect(standings.locator(".t-standings tbody tr").last).to_contain_text("Aces")
    expect_order(standings, api)
