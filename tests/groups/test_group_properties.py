"""Whatever body a group's API receives, it answers 2xx or 4xx, never 5xx, and a refused write changes nothing."""

from __future__ import annotations

from urllib.parse import quote

import pytest
import sqlalchemy as sa
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.extensions import db
from scorekeeper.games.models import Game, HandRecord
from scorekeeper.groups.models import Group, Person
from tests.support.bodies import JSON, SCALARS, send
from tests.support.groups import GroupApi, ten_all

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
GROUP_KEYS = ("name", "short_name", "min_games", "into", "game", "game_key", "from", "to", "variant", "players",
              "hands", "rules", "id", "edit_key", "format", "group", "people", "games", "seasons")
FIELDS = st.dictionaries(st.sampled_from(GROUP_KEYS), JSON | SCALARS, max_size=5)
# Adding the game outside the group, with its key, a wrong one or none ("{...}" is filled in by the test).
ADD_GAME = st.fixed_dictionaries({"game": st.just("{outside}")},
                                 optional={"game_key": JSON | st.just("{outside_key}")})
BODIES = JSON | FIELDS | ADD_GAME
FOUR = ["Ann", "Bo", "Cy", "Di"]


def counts(app) -> tuple[int, ...]:
    """How many groups, people, games and hands the database holds."""
    with app.app_context():
        return tuple(db.session.scalar(sa.select(sa.func.count()).select_from(model))
                     for model in (Group, Person, Game, HandRecord))


def state(app, group: GroupApi) -> tuple:
    """What a reader can see of the group, and the rows behind it."""
    read = group.get()
    assert read.status_code == 200
    return read.get_json(), group.get("/seasons").get_json(), counts(app)


@pytest.fixture
def group(client):
    """A group with four people, one finished game, one game outside it and a named season."""
    made = GroupApi(client)
    made.game("ten-point", FOUR, [ten_all(0, "moon", 0)])
    outside = client.post("/api/games", json={"variant": "ten-point", "players": FOUR}).get_json()
    season = made.send("post", "/seasons", {"name": "Spring", "from": "2026-03-01", "to": "2026-05-31"})
    assert season.status_code == 201
    made.outside, made.season = outside, season.get_json()["id"]
    return made


def answered(response) -> int:
    """The status, which is never a server error, and a refusal that says what is wrong."""
    assert response.status_code < 500, response.get_data(as_text=True)[:300]
    if response.status_code >= 400:
        body = response.get_json()
        assert isinstance(body, dict) and str(body.get("error", "")).strip(), body
    return response.status_code


@pytest.mark.parametrize("path", ["/api/groups", "/api/groups/import"])
@SETTINGS
@given(body=BODIES)
def test_any_new_or_imported_group_is_whole_or_nothing(app, client, path, body):
    before = counts(app)
    if answered(send(client, "post", path, body)) >= 400:
        assert counts(app) == before


WRITES = [
    ("patch", ""), ("post", "/people"), ("patch", "/people/{person}"), ("post", "/people/{person}/merge"),
    ("post", "/games"), ("post", "/seasons"), ("patch", "/seasons/{season}"),
]


@pytest.mark.parametrize(("method", "tail"), WRITES, ids=[f"{m} {t or '/'}" for m, t in WRITES])
@SETTINGS
@given(body=BODIES)
def test_any_write_to_a_group_is_whole_or_changes_nothing(app, client, group, method, tail, body):
    person = next(iter(group.people().values()))
    if isinstance(body, dict) and body.get("game") == "{outside}":
        body["game"] = group.outside["id"]
        if body.get("game_key") == "{outside_key}":
            body["game_key"] = group.outside["edit_key"]
    before = state(app, group)
    path = group.url(tail.format(person=person, season=group.season))
    if answered(send(client, method, path, body, group.headers)) >= 400:
        assert state(app, group) == before


@SETTINGS
@given(body=BODIES, key=st.text(st.characters(min_codepoint=33, max_codepoint=126), min_size=1, max_size=70))
def test_a_wrong_group_key_changes_nothing(app, client, group, body, key):
    before = state(app, group)
    status = answered(send(client, "post", group.url("/people"), body, {"Authorization": f"Bearer {key}"}))
    assert status in (401, 403, 422, 415, 400)
    assert state(app, group) == before


@SETTINGS
@given(group_id=st.text(max_size=60), tail=st.sampled_from(["", "/stats", "/seasons", "/people/x"]),
       query=st.text(max_size=30))
def test_any_group_address_is_answered_without_5xx(client, group_id, tail, query):
    group_id, person = quote(group_id, safe=""), quote(query, safe="")
    for path in (f"/api/groups/{group_id}{tail}", f"/g/{group_id}", f"/g/{group_id}/people/{person}"):
        response = client.get(path, query_string={"from": query, "to": query, "season": query})
        assert response.status_code < 500, (path, response.status_code)
