"""Writes that meet at a night's tables take their row locks in one order, the night first, so PostgreSQL never
has to break a deadlock by failing one of them.

The interleaving is forced, not hoped for: a signature holds the night's row and waits until another backend waits
on a lock; the head table's last hand then runs. Locking its game first and the night last (when the night's
revision is raised), as it once did, it held the signed table's game while the signature waited for it: a deadlock,
and one of the two answered 503. Each pair of writes that can meet so is run: a signature, the director's call and
the director's key change against the head table's last hand. Row locks are PostgreSQL's; this file runs in the
PostgreSQL pass.
"""

from __future__ import annotations

import threading
import time

import pytest
import sqlalchemy as sa

from scorekeeper.extensions import db
from scorekeeper.nights import draws, scorecards
from scorekeeper.web import rotation
from tests.support.nights import Night, names


def lock_waiters(app) -> int:
    """How many other backends of this database wait on a lock now."""
    with app.app_context():
        return db.session.execute(sa.text(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' "
            "AND pid <> pg_backend_pid()")).scalar_one()


def hold_the_night(app, monkeypatch, module, name: str) -> None:
    """Wrap `module.name`, the helper a director's or table's write locks the night's row with: once it has, the
    write sets HELD and waits (up to 5 s) for another backend to wait on a lock before going on."""
    original = getattr(module, name)

    def holding(*args, **kwargs):
        found = original(*args, **kwargs)
        HELD.set()
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and lock_waiters(app) == 0:
            time.sleep(0.02)
        return found

    monkeypatch.setattr(module, name, holding)


@pytest.fixture
def night(app, client):
    """A night of 12 players on PostgreSQL, game 1 drawn, tables 2 and 3 finished (each can be signed)."""
    if not app.config["SQLALCHEMY_DATABASE_URI"].startswith("postgresql"):
        pytest.skip("row locks are PostgreSQL's: this file runs in the PostgreSQL pass")
    made = Night(client)
    made.register(names(12))
    made.tables = made.draw()["tables"]
    for table in made.tables[1:]:
        made.finish(table)
    return made


def at_once(first, second) -> tuple:
    """Run `first` in a thread, `second` here once `first` holds the night; both answers."""
    answers = {}
    thread = threading.Thread(target=lambda: answers.setdefault("first", first()))
    thread.start()
    assert HELD.wait(5), "the first write never locked the night"
    answers["second"] = second()
    thread.join(20)
    return answers["first"], answers["second"]


HELD = threading.Event()


@pytest.fixture(autouse=True)
def _fresh_event():
    HELD.clear()
    yield
    HELD.clear()


def head_hand(night):
    """The head table's last hand: it ends its game and calls time at tables 2 and 3."""
    return lambda: night.hand(night.tables[0], {"bidder": 0, "bid": 5, "points": [10, 0]})


def loser_of(table: dict) -> str:
    """A player of the side that lost a finished table (side 0 won: seats 1 and 3)."""
    return table["seats"][1]["name"]


def test_a_signature_and_the_head_tables_last_hand(app, monkeypatch, night):
    hold_the_night(app, monkeypatch, scorecards, "find_for_update")
    table = night.tables[2]
    signing = {"player": loser_of(table)}
    sign = lambda: night.post("/tables/3/sign", signing, headers={"Authorization": f"Bearer {table['edit_key']}"})  # noqa: E731
    signed, hand = at_once(sign, head_hand(night))
    assert (signed.status_code, hand.status_code) == (200, 201), (signed.get_json(), hand.get_json())
    assert hand.get_json()["status"] == "finished"
    assert night.get("/tables/3").get_json()["signed_by"] == loser_of(table)


def test_the_directors_call_and_the_head_tables_last_hand(app, monkeypatch, night):
    hold_the_night(app, monkeypatch, draws, "lock")
    called, hand = at_once(lambda: night.post("/call"), head_hand(night))
    assert (called.status_code, hand.status_code) == (200, 201), (called.get_json(), hand.get_json())
    assert hand.get_json()["status"] == "finished"


def test_the_directors_key_change_and_the_head_tables_last_hand(app, monkeypatch, night):
    hold_the_night(app, monkeypatch, rotation, "found_for_update")
    changed, hand = at_once(lambda: night.post("/key", {"edit_key": "n" * 43}), head_hand(night))
    assert changed.status_code == 200, changed.get_json()
    assert hand.status_code == 403, hand.get_json()  # the key change came first: the table's old key is replaced
