"""Every text field of every body, sent with hostile text: the world of records a hostile client writes into."""

from __future__ import annotations

from typing import Any

from tests.support.groups import auth, ten_all

FOUR = ["Ann", "Bo", "Cy", "Di"]


HAND = {"bidder": 0, "bid": 3, "trump": "hearts", "captured": {key: 0 for key in (
    "high", "low", "jack", "game")}, "id": "hand-id-00000000000001"}


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
