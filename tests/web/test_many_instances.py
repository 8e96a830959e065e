"""Two gunicorn instances on one database, as behind a load balancer: a phone's requests alternate between them.

Every write is read back at once from the other instance (read-your-writes: each one's score cache is checked
against the revision), a form made on one is accepted by the other (sessions signed with the shared
SECRET_KEY), and nothing answers 5xx. The database is the suite's own: SQLite, or PostgreSQL with
TEST_DATABASE_URL.
"""

from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path

import pytest
import requests

from tests.support.pages import hidden
from tests.support.served import free_port, no_traceback, start_gunicorn, stop, wait_until_healthy
from tests.support.servers import BACKEND, database

pytestmark = pytest.mark.slow

MISDEAL = {"misdeal": True}


def hand(bidder: int, ours: set[str]) -> dict:
    """A ten-point hand bid at 5: team 0 took the cards in `ours`."""
    cards = ("ace", "jack", "off_jack", "high_joker", "low_joker", "ten", "three", "two")
    return {"bidder": bidder, "bid": 5, "captured": {card: 0 if card in ours else 1 for card in cards}}


@contextmanager
def gunicorn(url: str, extra: dict, log: Path):
    """One gunicorn instance (2 workers) on the database at `url`; yields its base URL; no traceback logged."""
    port = free_port()
    server = start_gunicorn(port, {**extra, "DATABASE_URL": url, "SECRET_KEY": "instances-test",
                                   "RATELIMIT_ENABLED": "0"}, log, workers=2)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until_healthy(base, server, log)
        yield base
    finally:
        stop(server)
    no_traceback(log)


@pytest.fixture(scope="module")
def instances(tmp_path_factory, make_postgres_database):
    """Two instances on one database of their own; yields their base URLs."""
    tmp_path = tmp_path_factory.mktemp("instances")
    url, extra = database(BACKEND, tmp_path, make_postgres_database)
    with gunicorn(url, extra, tmp_path / "a.log") as first, gunicorn(url, extra, tmp_path / "b.log") as second:
        yield first, second


def checked(response: requests.Response, *statuses: int) -> requests.Response:
    """The response, after checking its status (never a 5xx)."""
    assert response.status_code < 500, response.text[:500]
    assert response.status_code in statuses, (response.status_code, response.text[:500])
    return response


def test_every_hand_is_read_back_at_once_from_the_other_instance(instances):
    servers = list(instances)
    made = checked(requests.post(f"{servers[0]}/api/games", json={
        "variant": "ten-point", "players": ["Ann", "Bo", "Cy", "Di"], "rules": {"target": 500}}, timeout=30), 201)
    game = made.json()
    key = {"Authorization": f"Bearer {game['edit_key']}"}
    api = f"/api/games/{game['id']}"
    tags = {server: None for server in servers}
    for number in range(1, 41):
        writer, reader = servers[number % 2], servers[(number + 1) % 2]
        body = MISDEAL if number % 5 == 0 else hand(number % 4, {"ace", "jack", "ten"} if number % 3 else {"two"})
        written = checked(requests.post(f"{writer}{api}/hands", json={**body, "number": number}, headers=key,
                                        timeout=30), 201).json()
        headers = {"If-None-Match": tags[reader]} if tags[reader] else {}
        read = checked(requests.get(f"{reader}{api}", headers=headers, timeout=30), 200)
        tags[reader] = read.headers["ETag"]
        assert read.json()["hands"] == written["hands"] and len(written["hands"]) == number
        assert read.json()["scores"] == written["scores"]
        live = checked(requests.get(f"{reader}/share/{game['id']}/live", timeout=30), 200)
        assert f"Hand {number}" in live.text
    fixed = checked(requests.put(f"{servers[0]}{api}/hands/3", json=MISDEAL, headers=key, timeout=30), 200).json()
    assert checked(requests.get(f"{servers[1]}{api}", timeout=30), 200).json()["hands"] == fixed["hands"]
    undone = checked(requests.delete(f"{servers[1]}{api}/hands/40", headers=key, timeout=30), 200).json()
    assert checked(requests.get(f"{servers[0]}{api}", timeout=30), 200).json()["hands"] == undone["hands"]


def test_a_form_from_one_instance_is_taken_by_the_other(instances):
    first, second = instances
    browser = requests.Session()
    page = checked(browser.get(f"{first}/", timeout=30), 200).text
    token = hidden(page, "csrf_token")
    data = {"csrf_token": token, "variant": "cutthroat", "players-0": "Ann", "players-1": "Bo", "players-2": "Cy"}
    created = checked(browser.post(f"{second}/", data=data, allow_redirects=False, timeout=30), 303)
    game_path = created.headers["Location"]
    sheet = checked(browser.get(f"{first}{game_path}", timeout=30), 200).text
    assert 'name="hand_id"' in sheet, "the other instance knows this browser holds the key"
