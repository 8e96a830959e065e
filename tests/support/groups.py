"""Helpers the group tests share: a group made through the API, and hands that end a game quickly."""

from __future__ import annotations

import datetime as dt
import html as markup
import io
import json
import re

import pytest
import sqlalchemy as sa
from werkzeug.datastructures import FileStorage
from werkzeug.test import encode_multipart

from scorekeeper.extensions import db
from scorekeeper.games.models import Game, HandRecord
from scorekeeper.groups.models import Group, Person
from tests.support.pages import hidden
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


def token(html: str) -> str:
    """The CSRF token of the page's form."""
    return hidden(html, "csrf_token")


def created_group(client) -> tuple[str, str]:
    """A group created through the form (this browser holds its key): its id and key."""
    html = client.get("/groups/new").get_data(as_text=True)
    response = client.post("/groups/new", data={"csrf_token": token(html), "name": "Thursday", "min_games": "1"})
    created = client.get(response.headers["Location"]).get_data(as_text=True)
    group_id = re.search(r'href="/g/([\w-]+)"', created).group(1)
    return group_id, re.search(r'<code class="group-key">([^<]+)</code>', created).group(1)


def upload(client, data: bytes):
    html = client.get("/groups/import").get_data(as_text=True)
    boundary, body = encode_multipart({"csrf_token": token(html), "file": FileStorage(io.BytesIO(data), "g.json")})
    return client.post("/groups/import", data=body, content_type=f"multipart/form-data; boundary={boundary}")


def text_of(response) -> str:
    """The page's words, tags dropped and spaces folded."""
    return re.sub(r"\s+", " ", markup.unescape(re.sub(r"<[^>]+>", " ", response.get_data(as_text=True))))


def finish_on(app, ids: list[str], days: list[str]) -> None:
    """Say each game finished at noon on its day (UTC)."""
    with app.app_context():
        for game_id, day in zip(ids, days, strict=True):
            db.session.get(Game, game_id).finished_at = dt.datetime.fromisoformat(day + "T12:00:00+00:00")
        db.session.commit()


P4 = ["Ann", "Bo", "Cy", "Di"]


P4B = ["Ann", "Di", "Bo", "Cy"]


P3 = ["Ann", "Bo", "Cy"]


P6 = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"]


CUTTHROAT = [(1, 0), (2, 0), (0, 1), (2, 1), (0, 2), (1, 2), (1, 0), (2, 0), (0, 1)]


def fixture_games() -> list[tuple[str, list[str], list[dict]]]:
    """The 34 games of the docstring, in order."""
    found = []
    for seat in (0, 1, 2, 3, 0, 1, 2, 3):
        found.append(("ten-point", P4, [ten_all(seat, "moon", seat % 2)]))
    for seat in range(4):
        found.append(("ten-point", P4, [MISDEAL, ten_all(seat, "moon", 1 - seat % 2)]))
    for _ in range(4):
        found.append(("ten-point", P4B, [ten_all(0, 3, 0), ten_all(1, "moon", 1)]))
    for setter, winner in CUTTHROAT:
        found.append(("cutthroat", P3, [categories(setter, 2, winner), categories(winner, 4, winner),
                                        categories(winner, 4, winner)]))
    for seat in range(4):
        found.append(("ten-point-six", P6, [ten_all(seat, "moon", seat % 2)]))
    for seat in (0, 1):
        found.append(("five-point", P4, [categories(seat, 5, seat % 2, all_tricks=seat % 2)] * 5))
    found.append(("five-point", P4, [categories(2, 5, 0, all_tricks=None)]
                  + [categories(0, 5, 0, all_tricks=0)] * 6))
    found.append(("ten-point", P4, [ten_all(1, 6, 1)]))
    found.append(("cutthroat", P3, []))
    return found


# Counted by hand from the docstring: games, wins, bids, made, set, moons, moons made.
PEOPLE = {
    "Ann": (32, 14, 30, 26, 4, 4, 3),
    "Bo": (32, 12, 18, 14, 4, 4, 3),
    "Cy": (32, 16, 12, 7, 5, 4, 3),
    "Di": (23, 13, 8, 7, 1, 8, 7),
    "Ed": (4, 2, 0, 0, 0, 0, 0),
    "Flo": (4, 2, 0, 0, 0, 0, 0),
}


FIGURES = ("games", "wins", "bids", "made", "set", "moons", "moons_made")


def by_name(group: GroupApi, stats: dict):
    """The stats with names for ids: people, partnerships and head to head as dicts."""
    names = {person_id: name for name, person_id in group.people().items()}
    people = {line["name"]: tuple(line[key] for key in FIGURES) for line in stats["people"]}
    partners = {tuple(names[pid] for pid in line["people"]): (line["games"], line["wins"])
                for line in stats["partnerships"]}
    rivals = {tuple(names[pid] for pid in line["people"]): (line["games"], *line["wins"])
              for line in stats["head_to_head"]}
    return people, partners, rivals, [names[pid] for pid in stats["leaderboard"]]


def normalised(pairs: dict) -> dict:
    """Pairs keyed in name order, their wins swapped to match (head to head)."""
    found = {}
    for (first, second), value in pairs.items():
        if first > second and len(value) == 3:
            value = (value[0], value[2], value[1])
        found[tuple(sorted((first, second)))] = value
    return found


@pytest.fixture
def played(app, client):
    """The 34 games of the stats fixture, a hand given as points, a short name, team names, and the cutthroat games
    finished on the last day of 2025 (a season apart)."""
    group = GroupApi(client, min_games=2)
    for variant, players, hands in fixture_games():
        group.game(variant, players, hands)
    group.game("ten-point", ["Ann", "Bo", "Cy", "Di"], [{"bidder": 1, "bid": 4, "points": [3, 7]}] * 2,
               team_names=["North", "South"])
    people = group.people()
    assert group.send("patch", f"/people/{people['Flo']}", {"short_name": "F"}).status_code == 200
    for name, start, end in (("Winter", "2025-12-01", "2026-02-28"), ("Autumn", "2025-09-01", "2025-11-30")):
        assert group.send("post", "/seasons", {"name": name, "from": start, "to": end}).status_code == 201
    cutthroat = [summary["id"] for summary in group.get().get_json()["games"] if summary["variant"] == "cutthroat"]
    with app.app_context():
        for game in db.session.scalars(sa.select(Game).where(Game.id.in_(cutthroat))):
            if game.finished_at is not None:
                game.finished_at = game.finished_at.replace(year=2025, month=12, day=31, hour=23, minute=59)
        db.session.commit()
    return group


def import_file(client, body) -> tuple[GroupApi, dict]:
    response = client.post("/api/groups/import", json=body)
    assert response.status_code == 201, response.get_json()
    answer = response.get_json()
    group = GroupApi.__new__(GroupApi)
    group.client, group.created, group.id, group.key = client, answer, answer["id"], answer["edit_key"]
    group.headers = {"Authorization": f"Bearer {group.key}"}
    return group, answer


def with_ids_named(data: dict) -> dict:
    """The group file with every id of a group, person or game replaced by what it names (the ids are new in an
    import, all else is kept). An id is a whole word of the file, in a value or in a link: each word is looked up once
    (a thousand games' ids replaced one at a time would take seconds)."""
    names = {person["id"]: f"person {index}" for index, person in enumerate(data["people"])}
    for index, game in enumerate(data["games"]):
        names |= {game["id"]: f"game {index}", game["group"]: "the group"}
    return json.loads(re.sub(r"[\w-]+", lambda word: names.get(word[0], word[0]), json.dumps(data)))


def stored_counts(app) -> tuple[int, int, int, int]:
    with app.app_context():
        return tuple(db.session.scalar(sa.select(sa.func.count()).select_from(model))
                     for model in (Group, Person, Game, HandRecord))
