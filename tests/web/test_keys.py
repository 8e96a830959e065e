"""Keys held in the session cookie for the no-JavaScript path: one cap for game and coordinator keys."""

from __future__ import annotations

import pytest
from flask import session

from scorekeeper.web import keys
from tests.support.pages import hidden

COOKIE_LIMIT = 4096  # what a browser keeps of one cookie


def cookie_size(app) -> int:
    """The size of the Set-Cookie value the app would send for the current session."""
    serializer = app.session_interface.get_signing_serializer(app)
    value = serializer.dumps(dict(session))
    return len(f"{app.config['SESSION_COOKIE_NAME']}={value}; Path=/; HttpOnly; Expires=Sun, 03 Jan 2027 00:00:00 GMT")


@pytest.mark.parametrize("held", [keys.games, keys.tournaments], ids=["games", "tournaments"])
def test_a_hundred_keys_keep_the_most_recent_and_the_cookie_small(app, held):
    """Past KEEP keys of one kind the oldest go: the newest are still held and the cookie stays under 4 KB."""
    with app.test_request_context():
        for other in (keys.games, keys.tournaments):  # both kinds full: the largest cookie there can be
            for number in range(100):
                other.remember(f"{other.name}-{number:03d}-" + "x" * 16, keys.new_token())
        newest = f"{held.name}-099-" + "x" * 16
        assert held.ids()[0] == newest and held.key_for(newest) is not None
        assert len(held.ids()) == keys.KEEP
        assert held.key_for(f"{held.name}-{100 - keys.KEEP - 1:03d}-" + "x" * 16) is None
        assert cookie_size(app) < COOKIE_LIMIT


def test_an_older_cookie_holding_a_mapping_is_still_read(app):
    """Keys held before the cookie kept a list still open their games."""
    with app.test_request_context():
        session["keys"] = {"game-id-held-before-0000": "key-held-before-000000000"}
        assert keys.games.key_for("game-id-held-before-0000") == "key-held-before-000000000"


def test_remembering_again_moves_a_key_to_the_front(app):
    """A key held again counts as the most recent, once."""
    with app.test_request_context():
        keys.tournaments.remember("first-tournament-id-000", "key-one-000000000000000")
        keys.tournaments.remember("other-tournament-id-000", "key-two-000000000000000")
        keys.tournaments.remember("first-tournament-id-000", "key-new-000000000000000")
        assert keys.tournaments.ids() == ["first-tournament-id-000", "other-tournament-id-000"]
        assert keys.tournaments.key_for("first-tournament-id-000") == "key-new-000000000000000"


def test_coordinator_keys_are_capped_through_the_pages(app, client):
    """A coordinator who creates many tournaments keeps the newest ones' keys, the cookie under 4 KB."""
    made = []
    for number in range(keys.KEEP + 5):
        body = {"name": f"Tournament {number}", "minutes_per_game": 30}
        created = client.post("/api/tournaments", json=body).get_json()
        page = client.get(f"/t/{created['id']}/manage")
        csrf = hidden(page.text, "csrf_token")
        answer = client.post(f"/t/{created['id']}/manage/key", data={"csrf_token": csrf, "key": created["edit_key"]})
        assert answer.status_code == 303
        made.append(created["id"])
    assert client.get(f"/t/{made[-1]}/manage").status_code == 200
    assert 'id="key-form"' in client.get(f"/t/{made[-keys.KEEP - 1]}/manage").text  # the oldest: asked for the key
    assert 'id="key-form"' not in client.get(f"/t/{made[-keys.KEEP]}/manage").text
    cookie = client.get_cookie(app.config["SESSION_COOKIE_NAME"], domain=app.config["SERVER_NAME"])
    assert cookie is not None and len(cookie.value) < COOKIE_LIMIT


def test_a_read_sends_no_cookie_that_could_undo_a_write_racing_it(app, client):
    """Only an answer that changed the session sets the cookie.

    A page polls while the coordinator registers a team: the poll leaves with the old cookie, its answer may
    come back after the registration's. Were the poll to send that old cookie back, the browser would lose the
    "registered" message, or a key just given, to a read that changed nothing.
    """
    created = client.post("/api/tournaments", json={"name": "Race", "minutes_per_game": 30}).get_json()
    page = client.get(f"/t/{created['id']}/manage")
    csrf = hidden(page.text, "csrf_token")
    held = client.post(f"/t/{created['id']}/manage/key", data={"csrf_token": csrf, "key": created["edit_key"]})
    assert held.status_code == 303 and "Set-Cookie" in held.headers  # the key: written, so sent
    for read in (f"/t/{created['id']}/manage", f"/t/{created['id']}/live", f"/t/{created['id']}", "/healthz"):
        answer = client.get(read)
        assert answer.status_code == 200, read
        assert "Set-Cookie" not in answer.headers, read
