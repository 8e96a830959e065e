"""Every write of the API, with a text in every place of a body the API takes (each value, each list item, each
object key) replaced by text that could break a hash, a message or a page: half of a surrogate pair, characters
that show as nothing, NUL. Never a 5xx; a refused write changes nothing; an answer is always UTF-8 JSON."""

from __future__ import annotations

import io
import json
import re
from typing import Any

import pytest
import sqlalchemy as sa

from scorekeeper.extensions import db
from tests.support.groups import auth, ten_all

HOSTILE = ["\ud800", "\udfff", "Ann\ud800", "\u200b", "Ann\u200b", "\ufeff", "\u00ad", "\x00", "\ud83d"]
FOUR = ["Ann", "Bo", "Cy", "Di"]
HAND = {"bidder": 0, "bid": 3, "trump": "hearts", "captured": {key: 0 for key in (
    "high", "low", "jack", "game")}, "id": "hand-id-00000000000001"}


def rows(app) -> dict[str, list]:
    """Every row of every table."""
    with app.app_context():
        return {table.name: [tuple(row) for row in db.session.execute(sa.select(table).order_by(*table.primary_key))]
                for table in db.metadata.sorted_tables}


class World:
    """A game with a hand, a group with people, a season and a game, a tournament with teams, singles and a round, a
    night of four whose game 1 is won."""

    def __init__(self, client):
        self.client = client
        game = client.post("/api/games", json={"variant": "ten-point", "players": FOUR}).get_json()
        self.game, self.game_key = game["id"], game["edit_key"]
        assert client.post(f"/api/games/{self.game}/hands", json=ten_all(0, 3, 0),
                           headers=auth(self.game_key)).status_code == 201
        other = client.post("/api/games", json={"variant": "ten-point", "players": FOUR}).get_json()
        self.other, self.other_key = other["id"], other["edit_key"]
        group = client.post("/api/groups", json={"name": "Thursday"}).get_json()
        self.group, self.group_key = group["id"], group["edit_key"]
        self.people = [self.write("post", f"/api/groups/{self.group}/people", {"name": name}, self.group_key)["id"]
                       for name in ("Eve", "Flo")]
        self.season = self.write("post", f"/api/groups/{self.group}/seasons",
                                 {"name": "Spring", "from": "2026-03-01", "to": "2026-05-31"}, self.group_key)["id"]
        self.group_game = self.write("post", f"/api/groups/{self.group}/games",
                                     {"variant": "ten-point", "players": FOUR}, self.group_key)["id"]
        tournament = client.post("/api/tournaments", json={"name": "Cup"}).get_json()
        self.tournament, self.tournament_key = tournament["id"], tournament["edit_key"]
        for team in range(4):
            self.write("post", f"/api/tournaments/{self.tournament}/teams",
                       {"name": f"T{team}", "players": [f"A{team}", f"B{team}"]}, self.tournament_key)
        self.singles = [self.write("post", f"/api/tournaments/{self.tournament}/singles", {"name": name},
                                   self.tournament_key)["id"] for name in ("S1", "S2")]
        self.write("post", f"/api/tournaments/{self.tournament}/rounds", None, self.tournament_key)
        night = client.post("/api/nights", json={"name": "Hall", "variant": "ten-point", "rules": {"target": 10},
                            "seed": 7}).get_json()
        self.night, self.night_key = night["id"], night["edit_key"]
        self.write("post", f"/api/nights/{self.night}/players", {"names": ["N1", "N2", "N3", "N4"]}, self.night_key)
        self.night_table = self.write("post", f"/api/nights/{self.night}/games", None, self.night_key)["tables"][0]
        self.write("post", f"/api/games/{self.night_table['game']}/hands", {"bidder": 0, "bid": 5, "points": [10, 0]},
                   self.night_table["edit_key"])  # side 0 wins: a player of side 1 signs
        self.loser = self.night_table["seats"][1]["name"]

    def write(self, method: str, path: str, body: Any, key: str) -> dict:
        response = getattr(self.client, method)(path, json=body, headers=auth(key))
        assert response.status_code in (200, 201), (path, response.get_json())
        return response.get_json()

    def operations(self) -> dict[str, tuple[str, str, Any, str | None]]:
        """Each write route of the API (`METHOD /rule`): its address here, a body it takes, and the key it needs."""
        g, t, p = f"/api/games/{self.game}", f"/api/tournaments/{self.tournament}", f"/api/groups/{self.group}"
        n = f"/api/nights/{self.night}"
        game = {"variant": "ten-point", "players": FOUR, "team_names": ["Us", "Them"], "rules": {"target": 21},
                "id": "client-made-game-0000001", "edit_key": "client-made-key-00000001"}
        return {
            "POST /api/games": ("post", "/api/games", game, None),
            "POST /api/games/<game_id>/hands": ("post", g + "/hands", HAND, self.game_key),
            "PUT /api/games/<game_id>/hands/<int:number>": ("put", g + "/hands/1", HAND, self.game_key),
            "DELETE /api/games/<game_id>/hands/<int:number>": ("delete", g + "/hands/1", {"id": "x"}, self.game_key),
            "POST /api/games/<game_id>/clock": ("post", g + "/clock", {"at": "now"}, self.game_key),
            "POST /api/games/<game_id>/time": ("post", g + "/time", {"after_hand": 1, "finish_hand": False},
                                               self.game_key),
            "POST /api/games/<game_id>/rematch": ("post", g + "/rematch", {"id": "client-rematch-00000001",
                                                                           "edit_key": "client-rematch-key-0001"},
                                                  self.game_key),
            "POST /api/games/<game_id>/key": ("post", g + "/key", {"edit_key": "new-game-key-0000000001"},
                                              self.game_key),
            "POST /api/tournaments": ("post", "/api/tournaments", {"name": "Cup", "place": "Hall", "date": "2026-12-04",
                                                                   "variant": "tournament", "rules": {"target": 21}},
                                      None),
            "POST /api/tournaments/<tournament_id>/key": ("post", t + "/key", {"edit_key": "new-tournament-key-000001"},
                                                          self.tournament_key),
            "POST /api/tournaments/<tournament_id>/teams": ("post", t + "/teams", {"name": "Aces",
                                                                                   "players": ["Ann", "Bo"]},
                                                            self.tournament_key),
            "POST /api/tournaments/<tournament_id>/singles": ("post", t + "/singles", {"name": "Cy"},
                                                              self.tournament_key),
            "POST /api/tournaments/<tournament_id>/singles/pair": ("post", t + "/singles/pair",
                                                                   {"singles": self.singles, "name": "Pair"},
                                                                   self.tournament_key),
            "POST /api/tournaments/<tournament_id>/rounds": ("post", t + "/rounds", {"seed": 1}, self.tournament_key),
            "POST /api/tournaments/<tournament_id>/rounds/<int:number>/start": ("post", t + "/rounds/1/start",
                                                                                {"at": "now"}, self.tournament_key),
            "POST /api/tournaments/<tournament_id>/tie-breaks": ("post", t + "/tie-breaks", {"winner": "T0"},
                                                                 self.tournament_key),
            "POST /api/nights": ("post", "/api/nights", {"name": "Hall", "variant": "tournament",
                                                         "rules": {"target": 21}, "games": 3, "movement": "winners_up",
                                                         "rank_by": "total", "minutes_per_game": 30, "seed": 7}, None),
            "POST /api/nights/<night_id>/key": ("post", n + "/key", {"edit_key": "new-night-key-000000000001"},
                                                self.night_key),
            "POST /api/nights/<night_id>/players": ("post", n + "/players", {"names": ["Ann", "Bo"], "text": "Cy\nDi"},
                                                    self.night_key),
            "POST /api/nights/<night_id>/games": ("post", n + "/games", {"seed": 1}, self.night_key),
            "POST /api/nights/<night_id>/call": ("post", n + "/call", {"at": "now"}, self.night_key),
            "POST /api/nights/<night_id>/end": ("post", n + "/end", {"at": "now"}, self.night_key),
            "POST /api/nights/<night_id>/tables/<int:number>/sign": ("post", n + "/tables/1/sign",
                                                                     {"player": self.loser},
                                                                     self.night_table["edit_key"]),
            "POST /api/groups": ("post", "/api/groups", {"name": "Friday", "min_games": 3}, None),
            "POST /api/groups/import": ("post", "/api/groups/import", {"version": 1, "name": "Copy", "people": [
                {"id": "p1", "name": "Ann"}], "games": [], "seasons": []}, None),
            "PATCH /api/groups/<group_id>": ("patch", p, {"name": "Thursday", "min_games": 2}, self.group_key),
            "POST /api/groups/<group_id>/key": ("post", p + "/key", {"edit_key": "new-group-key-00000000001"},
                                                self.group_key),
            "POST /api/groups/<group_id>/people": ("post", p + "/people", {"name": "Gus", "short_name": "G"},
                                                   self.group_key),
            "PATCH /api/groups/<group_id>/people/<person_id>": ("patch", f"{p}/people/{self.people[0]}",
                                                                {"name": "Evie", "short_name": "E"}, self.group_key),
            "POST /api/groups/<group_id>/people/<person_id>/merge": ("post", f"{p}/people/{self.people[0]}/merge",
                                                                     {"into": self.people[1]}, self.group_key),
            "POST /api/groups/<group_id>/games": ("post", p + "/games", {"game": self.other,
                                                                         "game_key": self.other_key},
                                                  self.group_key),
            "DELETE /api/groups/<group_id>/games/<game_id>": ("delete", f"{p}/games/{self.group_game}", {"x": "y"},
                                                              self.group_key),
            "POST /api/groups/<group_id>/seasons": ("post", p + "/seasons", {"name": "Fall", "from": "2026-09-01",
                                                                             "to": "2026-11-30"}, self.group_key),
            "PATCH /api/groups/<group_id>/seasons/<season_id>": ("patch", f"{p}/seasons/{self.season}",
                                                                 {"name": "Spring", "from": "2026-03-02"},
                                                                 self.group_key),
            "DELETE /api/groups/<group_id>/seasons/<season_id>": ("delete", f"{p}/seasons/{self.season}", {"x": "y"},
                                                                  self.group_key),
        }


def write_routes(app) -> list[str]:
    """Each write route the app registers under /api/."""
    return sorted(f"{method} {rule.rule}" for rule in app.url_map.iter_rules() if rule.rule.startswith("/api/")
                  for method in rule.methods & {"POST", "PUT", "PATCH", "DELETE"})


def variants(body: Any):
    """`body` once for each place a text can stand, with `text` there: each value (a number, a flag or null as
    well as a string), each key, and a key added to each object."""
    def walk(value: Any, put):
        if not isinstance(value, (dict, list)):
            yield lambda text: put(text)
        elif isinstance(value, dict):
            for key, inner in value.items():
                yield from walk(inner, lambda new, key=key: put({**value, key: new}))
                yield lambda text, key=key: put({(text if name == key else name): item for name, item in value.items()})
            yield lambda text: put({**value, text: "x"})
        elif isinstance(value, list):
            for index, inner in enumerate(value):
                yield from walk(inner, lambda new, index=index: put([*value[:index], new, *value[index + 1:]]))
    yield from walk(body, lambda new: new)


def test_every_write_route_is_swept(app, client):
    assert sorted(World(client).operations()) == write_routes(app)


def test_the_sweep_puts_a_text_in_every_place():
    places = [make("T") for make in variants({"a": "x", "b": [1, "y"], "c": {"d": "z"}})]
    assert {"a": "x", "b": ["T", "y"], "c": {"d": "z"}} in places
    assert {"a": "T", "b": [1, "y"], "c": {"d": "z"}} in places
    assert {"T": "x", "b": [1, "y"], "c": {"d": "z"}} in places
    assert {"a": "x", "b": [1, "T"], "c": {"d": "z"}} in places
    assert {"a": "x", "b": [1, "y"], "c": {"T": "z"}} in places
    assert {"a": "x", "b": [1, "y"], "c": {"d": "z", "T": "x"}} in places




def operation_ids():
    """The routes, known without a client: the sweep test checks they are every write route."""
    class Names(World):
        def __init__(self):  # noqa: D107 - only the names of operations() are read
            self.game = self.tournament = self.group = self.game_key = self.other = self.other_key = "x"
            self.group_key = self.tournament_key = self.season = self.group_game = "x"
            self.night = self.night_key = self.loser = "x"
            self.night_table = {"edit_key": "x"}
            self.people, self.singles = ["x", "y"], ["x", "y"]
    return sorted(Names().operations())


@pytest.mark.parametrize("route", operation_ids())
def test_a_hostile_text_anywhere_in_a_body_is_refused_cleanly_or_kept_showable(app, client, route):
    world = World(client)
    method, path, body, key = world.operations()[route]
    headers = auth(key) if key else {}
    for make in variants(body):
        for text in HOSTILE:
            sent = make(text)
            before = rows(app)
            response = getattr(client, method)(path, json=sent, headers=headers)
            assert response.status_code < 500, (route, sent, response.get_data(as_text=True)[:300])
            answer = response.get_data().decode("utf-8")  # raises if the answer is not UTF-8
            if response.status_code >= 400:
                assert response.is_json and "error" in response.get_json(), (route, sent, answer[:300])
                assert rows(app) == before, (route, sent)
    stored = repr(rows(app))
    assert "\\ud8" not in stored and "\\udf" not in stored and "\\u200b" not in stored


def upload(client, page: str, exported: Any):
    """Post a file to an import form, as a browser does, with the page's CSRF token."""
    html = client.get(page).get_data(as_text=True)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', html).group(1)
    data = {"csrf_token": token, "file": (io.BytesIO(json.dumps(exported).encode()), "file.json", "application/json")}
    return client.post(page, data=data, content_type="multipart/form-data")


@pytest.mark.parametrize("page", ["/import", "/groups/import"])
def test_a_hostile_text_anywhere_in_an_uploaded_file_is_refused_on_a_page_that_can_be_shown(app, client, page):
    world = World(client)
    if page == "/import":
        exported = client.get(f"/games/{world.game}/export.json").get_json()
    else:
        exported = client.get(f"/g/{world.group}/export.json").get_json()
    assert upload(client, page, exported).status_code == 303  # the file as saved imports
    for make in variants(exported):
        for text in ("\ud800", "Ann\udfff"):
            before = rows(app)
            response = upload(client, page, make(text))
            assert response.status_code == 422, (page, response.status_code)
            notice = response.get_data().decode("utf-8")
            assert "Nothing was imported." in notice and "(a broken character)" in notice
            assert rows(app) == before
