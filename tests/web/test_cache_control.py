"""Cache-Control on every page: shared reads are public and carry nothing private; the rest stay private."""

from __future__ import annotations

import pytest

from tests.support.pages import MADE, csrf, log, start
from tests.support.tournaments import Api

SHARE = "public, max-age=3, stale-while-revalidate=6"
STANDINGS = "public, max-age=5, stale-while-revalidate=10"
PRIVATE = "private, no-cache"


@pytest.fixture
def held(client):
    """A browser holding a game's key (in its session) with one hand, and a tournament's; returns their ids."""
    game_id = start(client, clock="30")
    log(client, game_id, MADE)
    api = Api(client)
    api.create()
    api.teams(2)
    api.draw()
    response = client.get(f"/t/{api.id}/manage")
    assert response.status_code == 200
    return {"game": game_id, "t": api.id, "headers": api.headers}


PAGES = [
    ("/", PRIVATE),
    ("/import", PRIVATE),
    ("/tournaments/new", PRIVATE),
    ("/healthz", PRIVATE),
    ("/games/{game}", "no-store"),
    ("/games/{game}/hands/1/edit", "no-store"),
    ("/games/{game}/undo", "no-store"),
    ("/games/{game}/time", "no-store"),
    ("/games/{game}/join", "no-store"),
    ("/games/{game}/export.csv", "no-cache"),
    ("/games/{game}/export.json", "no-cache"),
    ("/api/games/{game}", "no-cache"),
    ("/share/{game}", SHARE),
    ("/share/{game}/live", SHARE),
    ("/t/{t}", STANDINGS),
    ("/t/{t}/live", STANDINGS),
    ("/t/{t}/manage", "no-store"),
    ("/api/tournaments/{t}", PRIVATE),
    ("/api/tournaments/{t}/standings", PRIVATE),
]


@pytest.mark.parametrize(("path", "expected"), PAGES)
def test_every_page_says_how_it_may_be_cached(client, held, path, expected):
    response = client.get(path.format(**held))
    assert response.status_code == 200, response.get_data(as_text=True)[:300]
    assert response.headers["Cache-Control"] == expected


@pytest.mark.parametrize("path", ["/share/{game}", "/share/{game}/live", "/t/{t}", "/t/{t}/live"])
@pytest.mark.parametrize("conditional", [False, True])
def test_a_public_answer_sets_no_cookie_and_does_not_vary_on_it(client, held, path, conditional):
    url = path.format(**held)
    headers = {"If-None-Match": client.get(url).headers["ETag"]} if conditional else {}
    response = client.get(url, headers=headers)
    assert response.status_code == (304 if conditional else 200)
    assert "Set-Cookie" not in response.headers
    assert "cookie" not in response.headers.get("Vary", "").lower()
    assert response.headers["Cache-Control"].startswith("public, ")


def test_the_same_browser_reads_its_session_on_a_private_page(client, held):
    """The check above would see the session: a private page reads it (and says so), without sending it back."""
    response = client.get(f"/games/{held['game']}")
    assert "cookie" in response.headers.get("Vary", "").lower()
    assert "Set-Cookie" not in response.headers  # nothing changed: see test_keys.py on reads racing writes


def test_no_key_is_in_a_public_page(client, held):
    key = client.get(f"/games/{held['game']}").get_data(as_text=True).split("#key=")[1].split('"')[0]
    assert len(key) >= 22
    for path in ("/share/{game}", "/share/{game}/live"):
        assert key not in client.get(path.format(**held)).get_data(as_text=True)
    coordinator = held["headers"]["Authorization"].split()[1]
    for path in ("/t/{t}", "/t/{t}/live"):
        assert coordinator not in client.get(path.format(**held)).get_data(as_text=True)


@pytest.mark.parametrize(("method", "path", "body"), [
    ("post", "/api/games", {"variant": "cutthroat", "players": ["Ann", "Bo", "Cy"]}),
    ("post", "/api/tournaments", {"name": "Cup"}),
])
def test_an_answer_that_carries_a_key_is_never_stored(client, method, path, body):
    response = getattr(client, method)(path, json=body)
    assert response.status_code == 201 and "edit_key" in response.get_json()
    assert response.headers["Cache-Control"] == "no-store"


def test_a_read_with_a_key_is_never_stored(client, held):
    response = client.get(f"/api/tournaments/{held['t']}/rounds/1", headers=held["headers"])
    assert response.status_code == 200 and "edit_key" in response.get_data(as_text=True)
    assert response.headers["Cache-Control"] == "no-store"


def test_a_form_post_answer_is_never_stored(client):
    response = client.post("/", data={"csrf_token": csrf(client), "variant": "ten-point"})
    assert response.status_code == 422
    assert response.headers["Cache-Control"] == "no-store"
