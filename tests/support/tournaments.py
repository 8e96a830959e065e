"""Helpers of the tournament tests: one driven over the API, its hands, its clock."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
import sqlalchemy as sa

from scorekeeper.extensions import db
from scorekeeper.games.models import Game
from scorekeeper.web.records import utcnow

KEYS = ["three", "ace", "jack", "off_jack", "high_joker", "low_joker", "ten", "two"]


TEAMS = [("Aces", "Ann", "Bo"), ("Kings", "Cy", "Di"), ("Queens", "Ed", "Flo"), ("Jacks", "Gus", "Hal"),
         ("Tens", "Ida", "Jo")]


def captured(points_to_team0: int) -> dict[str, int]:
    """The point cards split so that team 0 has `points_to_team0` of the 10."""
    out, left = {}, points_to_team0
    for key in KEYS:
        value = 3 if key == "three" else 1
        out[key] = 0 if value <= left else 1
        left -= value if out[key] == 0 else 0
    assert sum(3 if k == "three" else 1 for k, team in out.items() if team == 0) == points_to_team0
    return out


def hand(bidder: int, points_to_team0: int, bid: int = 5) -> dict:
    return {"bidder": bidder, "bid": bid, "captured": captured(points_to_team0)}


class Api:
    """The tournament API through the test client."""

    def __init__(self, client):
        self.client = client

    def create(self, **body):
        body = {"name": "Pitch Tournament", "date": "2024-11-23", "place": "Centennial Hall at VCYF",
                "seed": 42, **body}
        response = self.client.post("/api/tournaments", json=body)
        assert response.status_code == 201, response.get_json()
        data = response.get_json()
        self.id, self.headers = data["id"], {"Authorization": f"Bearer {data['edit_key']}"}
        return data

    def post(self, path, body=None, headers=None, **kwargs):
        headers = self.headers if headers is None else headers
        return self.client.post(f"/api/tournaments/{self.id}{path}", json=body, headers=headers, **kwargs)

    def get(self, path="", headers=None):
        return self.client.get(f"/api/tournaments/{self.id}{path}", headers=headers or {})

    def teams(self, count):
        ids = []
        for name, one, two in TEAMS[:count]:
            response = self.post("/teams", {"name": name, "players": [one, two]})
            assert response.status_code == 201, response.get_json()
            ids.append(response.get_json()["id"])
        return ids

    def draw(self):
        response = self.post("/rounds")
        assert response.status_code == 201, response.get_json()
        return response.get_json()

    def hand(self, table, body):
        headers = {"Authorization": f"Bearer {table['edit_key']}"}
        response = self.client.post(f"/api/games/{table['game']}/hands", json=body, headers=headers)
        assert response.status_code == 201, response.get_json()
        return response.get_json()

    def win(self, table, winner: int, loser_points: int = 2):
        """Play the table's game out: `winner` bids and takes all but `loser_points` each hand."""
        game = None
        while game is None or game["status"] == "playing":
            points = 10 - loser_points if winner == 0 else loser_points
            game = self.hand(table, hand(winner, points))
        return game

    def standings(self):
        response = self.get("/standings")
        assert response.status_code == 200
        return response.get_json()


@pytest.fixture
def api(client):
    return Api(client)


def move_clock_back(app, game_id, minutes):
    """Pretend the game's clock started `minutes` ago."""
    with app.app_context():
        db.session.execute(sa.update(Game).where(Game.id == game_id).values(
            clock_started_at=utcnow() - timedelta(minutes=minutes)))
        db.session.commit()


def tied_tournament(api):
    """Two games, 32-8 each: the two winners tie for first, the two losers for third."""
    api.create(games_per_team=1, entry_fee_cents=2000)
    ids = api.teams(4)
    tables = api.draw()["tables"]
    api.win(tables[0], 0, loser_points=2)
    api.win(tables[1], 0, loser_points=2)
    return [table["teams"][0]["id"] for table in tables], [table["teams"][1]["id"] for table in tables], ids


def token(html: str, name: str = "csrf_token") -> str:
    """The CSRF token of the form whose token field is called `name`."""
    match = re.search(rf'name="{re.escape(name)}"[^>]*value="([^"]+)"', html)
    assert match, f"no {name} on the page"
    return match.group(1)


def players(api: Api, names: list[str]) -> list[int]:
    """Register each name as a single; their single ids."""
    ids = []
    for name in names:
        response = api.post("/singles", {"name": name})
        assert response.status_code == 201, response.get_json()
        ids.append(response.get_json()["id"])
    return ids


def game_of(api: Api, table: dict) -> dict:
    return api.client.get(f"/api/games/{table['game']}").get_json()
