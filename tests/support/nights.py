"""A night driven through its API by the test client, for the night tests."""

from __future__ import annotations


def names(count: int, start: int = 0) -> list[str]:
    """`count` distinct player names."""
    return [f"Player {index:03d}" for index in range(start, start + count)]


class Night:
    """The night API through the test client: the director's key on every write unless told otherwise."""

    def __init__(self, client, **body):
        self.client = client
        response = client.post("/api/nights", json={"name": "Young Farmers", "variant": "ten-point",
                                                    "rules": {"target": 10}, "seed": 7, **body})
        assert response.status_code == 201, response.get_json()
        self.data = response.get_json()
        self.id, self.key = self.data["id"], self.data["edit_key"]
        self.headers = {"Authorization": f"Bearer {self.key}"}

    def post(self, path: str, body=None, headers=None):
        """POST under the night, the director's key unless `headers` say otherwise."""
        headers = self.headers if headers is None else headers
        return self.client.post(f"/api/nights/{self.id}{path}", json=body, headers=headers)

    def get(self, path: str = "", headers=None):
        """GET under the night."""
        return self.client.get(f"/api/nights/{self.id}{path}", headers=headers or {})

    def register(self, players: list[str]) -> list[dict]:
        """Register players as a list."""
        response = self.post("/players", {"names": players})
        assert response.status_code == 201, response.get_json()
        return response.get_json()["players"]

    def draw(self) -> dict:
        """Draw the next game; its tables with their keys."""
        response = self.post("/games")
        assert response.status_code == 201, response.get_json()
        return response.get_json()

    def hand(self, table: dict, body: dict, key: str | None = None):
        """Record a hand at a table with its key (the table's own unless told)."""
        headers = {"Authorization": f"Bearer {key or table['edit_key']}"}
        return self.client.post(f"/api/games/{table['game']}/hands", json=body, headers=headers)

    def game(self, table: dict) -> dict:
        """A table's game as the game API shows it."""
        return self.client.get(f"/api/games/{table['game']}").get_json()

    def finish(self, table: dict, side: int = 0) -> dict:
        """End a table's game in one hand: `side` takes all ten points (at five, side 0 is left of the dealer)."""
        points = [10, 0] if side == 0 else [0, 10]
        bidder = side if len(table["seats"]) == 4 else 1 + side
        response = self.hand(table, {"bidder": bidder, "bid": 5, "points": points})
        assert response.status_code == 201, response.get_json()
        body = response.get_json()
        assert body["status"] == "finished", body
        return body

    def finish_all(self, tables: list[dict], sides=None) -> list[dict]:
        """End every table's game, the head table last (its end calls time at the others)."""
        sides = sides or [0] * len(tables)
        return [self.finish(table, side) for table, side in reversed(list(zip(tables, sides, strict=True)))][::-1]


def own_scores(tables: list[dict], games: list[dict]) -> dict[str, tuple[int, bool]]:
    """Each seated player's own final score and win, from the game API: the side's at four, the column at five."""
    found = {}
    for table, game in zip(tables, games, strict=True):
        for seat in table["seats"]:
            five = len(table["seats"]) == 5
            column = seat["seat"] if five else seat["seat"] % 2
            won = column in game["winners"] if five else column == game["winner"]
            found[seat["name"]] = (game["scores"][column], won)
    return found
