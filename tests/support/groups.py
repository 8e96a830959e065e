"""Helpers the group tests share: a group made through the API, and hands that end a game quickly."""

from __future__ import annotations

from tests.support.tables import CARD_POINTS, CATEGORIES


def auth(key: str) -> dict:
    """The header that carries an edit key."""
    return {"Authorization": f"Bearer {key}"}


class GroupApi:
    """A group made through the API, and its writes with its key."""

    def __init__(self, client, name: str = "Thursday table", **extra):
        self.client = client
        response = client.post("/api/groups", json={"name": name, **extra})
        assert response.status_code == 201, response.get_json()
        self.created = response.get_json()
        self.id, self.key = self.created["id"], self.created["edit_key"]
        self.headers = auth(self.key)

    def url(self, tail: str = "") -> str:
        """The group's API address."""
        return f"/api/groups/{self.id}{tail}"

    def get(self, tail: str = "", **kwargs):
        """GET under the group."""
        return self.client.get(self.url(tail), **kwargs)

    def send(self, method: str, tail: str, body=None, headers: dict | None = None):
        """A write under the group, with its key unless `headers` say otherwise."""
        headers = self.headers if headers is None else headers
        return getattr(self.client, method)(self.url(tail), json=body, headers=headers)

    def game(self, variant: str, players: list[str], hands: list[dict] = (), **extra) -> dict:
        """Start a game in the group with its hands; the game JSON."""
        body = {"variant": variant, "players": players, "hands": list(hands), **extra}
        response = self.send("post", "/games", body)
        assert response.status_code == 201, response.get_json()
        return response.get_json()

    def people(self) -> dict[str, str]:
        """The group's people: name -> id."""
        return {person["name"]: person["id"] for person in self.get().get_json()["people"]}

    def stats(self, query: str = "") -> dict:
        """The stats answer."""
        response = self.get("/stats" + query)
        assert response.status_code == 200, response.get_json()
        return response.get_json()


def ten(bidder: int, bid, team1: tuple[str, ...] = ()) -> dict:
    """A 10-point hand: team 1 took the points named in `team1`, team 0 the rest."""
    return {"bidder": bidder, "bid": bid, "captured": {key: 1 if key in team1 else 0 for key in CARD_POINTS}}


def ten_all(bidder: int, bid, team: int) -> dict:
    """A 10-point hand in which `team` took every point."""
    return ten(bidder, bid, CARD_POINTS if team == 1 else ())


def categories(bidder: int, bid, team: int, **extra) -> dict:
    """A High-Low-Jack-Game hand in which `team` took every category."""
    return {"bidder": bidder, "bid": bid, "captured": dict.fromkeys(CATEGORIES, team), **extra}


MISDEAL = {"misdeal": True}
