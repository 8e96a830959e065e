"""Every write of the API, with a text in every place of a body the API takes (each value, each list item, each
object key) replaced by text that could break a hash, a message or a page: half of a surrogate pair, characters
that show as nothing, NUL. Never a 5xx; a refused write changes nothing; an answer is always UTF-8 JSON."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest

from tests.support.databases import every_row
from tests.support.groups import auth
from tests.support.hostile import World
from tests.support.pages import hidden

HOSTILE = ["\ud800", "\udfff", "Ann\ud800", "\u200b", "Ann\u200b", "\ufeff", "\u00ad", "\x00", "\ud83d"]


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
            before = every_row(app)
            response = getattr(client, method)(path, json=sent, headers=headers)
            assert response.status_code < 500, (route, sent, response.get_data(as_text=True)[:300])
            answer = response.get_data().decode("utf-8")  # raises if the answer is not UTF-8
            if response.status_code >= 400:
                assert response.is_json and "error" in response.get_json(), (route, sent, answer[:300])
                assert every_row(app) == before, (route, sent)
    stored = repr(every_row(app))
    assert "\\ud8" not in stored and "\\udf" not in stored and "\\u200b" not in stored


def upload(client, page: str, exported: Any):
    """Post a file to an import form, as a browser does, with the page's CSRF token."""
    html = client.get(page).get_data(as_text=True)
    token = hidden(html, "csrf_token")
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
            before = every_row(app)
            response = upload(client, page, make(text))
            assert response.status_code == 422, (page, response.status_code)
            notice = response.get_data().decode("utf-8")
            assert "Nothing was imported." in notice and "(a broken character)" in notice
            assert every_row(app) == before
