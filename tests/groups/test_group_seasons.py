"""A group's seasons (docs/api-groups.md, "Seasons"): named by their days, changed and removed with the group's key,
each calendar year when none is named, the leaderboard of a season on the group page, and its champion once ended.

Ann & Cy play Bo & Di (ten-point, a made moon ends each game). Finished on:
G1 2025-04-10 Ann & Cy win · G2 2025-06-10 Ann & Cy win · G3 2025-04-20 Bo & Di win · G4 2025-05-01 Bo & Di win ·
G5 and G6 today (2026 or later) Bo & Di win.
Spring 2025 (03-01 to 05-31): G1, G3, G4: Bo and Di 2 wins, Bo first by name: champion Bo.
2025: G1 to G4: everyone 2 wins in 4: Ann first by name: champion Ann.
"""

from __future__ import annotations

import datetime as dt
import re

import pytest

from scorekeeper.extensions import db
from scorekeeper.games.models import Game
from tests.support.groups import GroupApi, auth, ten_all

P4 = ["Ann", "Bo", "Cy", "Di"]
DAYS = ["2025-04-10", "2025-06-10", "2025-04-20", "2025-05-01"]
THIS_YEAR = dt.datetime.now(dt.UTC).year


@pytest.fixture
def played(app, client):
    group = GroupApi(client, min_games=1)
    ids = [group.game("ten-point", P4, [ten_all(0, "moon", 0) if index < 2 else ten_all(1, "moon", 1)])["id"]
           for index in range(6)]
    with app.app_context():
        for game_id, day in zip(ids, DAYS, strict=False):
            game = db.session.get(Game, game_id)
            game.finished_at = dt.datetime.fromisoformat(day + "T20:00:00+00:00")
        db.session.commit()
    return group


def names(group: GroupApi) -> dict[str, str]:
    return {person_id: name for name, person_id in group.people().items()}


def text_of(response) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.get_data(as_text=True)))


def test_each_calendar_year_is_a_season_until_one_is_named(played):
    found = played.get("/seasons").get_json()["seasons"]
    who = names(played)
    years = [str(year) for year in range(2025, THIS_YEAR + 1)]
    assert [season["name"] for season in found] == years and all(season["id"] is None for season in found)
    assert (found[0]["from"], found[0]["to"], found[0]["ended"]) == ("2025-01-01", "2025-12-31", True)
    assert who[found[0]["champion"]] == "Ann"
    assert (found[-1]["ended"], found[-1]["champion"]) == (False, None)
    assert played.get().get_json()["seasons"] == []


def test_a_named_season_is_added_changed_and_removed_with_the_key(played):
    body = {"name": "Spring", "from": "2025-03-01", "to": "2025-05-31"}
    assert played.send("post", "/seasons", body, headers={}).status_code == 401
    assert played.send("post", "/seasons", body, headers=auth("x" * 22)).status_code == 403
    made = played.send("post", "/seasons", body)
    assert made.status_code == 201
    spring = made.get_json()
    assert {k: spring[k] for k in ("name", "from", "to")} == body
    assert played.get().get_json()["seasons"] == [spring]
    listed = played.get("/seasons").get_json()["seasons"]
    assert [(season["name"], season["ended"]) for season in listed] == [("Spring", True)]
    assert names(played)[listed[0]["champion"]] == "Bo"
    assert played.send("post", "/seasons", {**body, "name": " spring "}).status_code == 409
    renamed = played.send("patch", f"/seasons/{spring['id']}", {"name": "Spring 2025", "to": "2025-06-30"})
    assert renamed.status_code == 200 and renamed.get_json()["to"] == "2025-06-30"
    listed = played.get("/seasons").get_json()["seasons"]
    assert names(played)[listed[0]["champion"]] == "Ann"  # G2 joins: everyone 2 wins in 4
    assert played.send("patch", f"/seasons/{'n' * 22}", {"name": "x"}).status_code == 404
    removed = played.send("delete", f"/seasons/{spring['id']}")
    assert removed.status_code == 200 and removed.get_json()["seasons"] == []
    assert played.send("delete", f"/seasons/{spring['id']}").status_code == 404


@pytest.mark.parametrize(("body", "field"), [
    ({"name": "S", "from": "2025-02-30", "to": "2025-03-01"}, "from"),
    ({"name": "S", "from": "2025-03-01"}, "to"),
    ({"name": "S", "from": "2025-03-01", "to": "2025-02-28"}, "to"),
    ({"name": " ", "from": "2025-03-01", "to": "2025-03-02"}, "name"),
    ({"name": "S\u202e", "from": "2025-03-01", "to": "2025-03-02"}, "name"),
    ({"name": 5, "from": "2025-03-01", "to": "2025-03-02"}, "name"),
])
def test_a_bad_season_is_refused_naming_the_field(played, body, field):
    response = played.send("post", "/seasons", body)
    assert response.status_code == 422 and response.get_json()["field"] == field, response.get_json()
    assert played.get().get_json()["seasons"] == []


def test_the_group_page_shows_a_seasons_leaderboard_and_its_champion(client, played):
    page = client.get(f"/g/{played.id}")
    assert page.status_code == 200
    text = text_of(page)
    assert f"Leaderboard: {THIS_YEAR}" in text and "Champion" not in text
    assert f'href="/g/{played.id}?season=2025"' in page.get_data(as_text=True)
    last = text_of(client.get(f"/g/{played.id}?season=2025"))
    assert "Leaderboard: 2025" in last and "2025-01-01 to 2025-12-31, ended · 4 finished games" in last
    assert "Champion: Ann , 2 wins in 4 games" in last
    every = text_of(client.get(f"/g/{played.id}?season=all"))
    assert "Leaderboard: every game" in every and "Champion" not in every
    assert client.get(f"/g/{played.id}?season=1999").status_code == 404
    spring = played.send("post", "/seasons", {"name": "Spring", "from": "2025-03-01", "to": "2025-05-31"}).get_json()
    now = text_of(client.get(f"/g/{played.id}"))
    assert "Leaderboard: Spring" in now and "Champion: Bo , 2 wins in 3 games" in now  # the last one ended
    assert f"?season={spring['id']}" in client.get(f"/g/{played.id}").get_data(as_text=True)
    assert client.get(f"/g/{played.id}?season=2025").status_code == 404  # named seasons replace the years
