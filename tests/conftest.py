"""Fixtures: an app on a fresh database (SQLite by default, PostgreSQL with TEST_DATABASE_URL)."""

from __future__ import annotations

import os
import re

import pytest
from databases import drop_database, new_database
from jinja2 import BytecodeCache
from tables import PLAYERS
from werkzeug.routing import Rule

from scorekeeper import create_app
from scorekeeper.database import migrate_now
from scorekeeper.extensions import db

# Every test gets an app of its own (its own config, caches and limiter), and building one is mostly Werkzeug
# compiling a URL builder for each of the app's 80-odd routes, twice, with ast and compile(): about 80 ms of the
# app's 100. A rule's builder without defaults is a function of the rule's parsed parts only (it reaches the
# rule's converters through `self` when called), so the suite compiles each once and every later app reuses it.
_BUILDERS: dict = {}
_compile_builder = Rule._compile_builder


def _kept_builder(rule: Rule, append_unknown: bool = True):
    if rule.defaults:  # a default is folded in through the rule's own converter: compile as Werkzeug does
        return _compile_builder(rule, append_unknown)
    key = (tuple(rule._trace), append_unknown)
    if key not in _BUILDERS:
        _BUILDERS[key] = _compile_builder(rule, append_unknown)
    return _BUILDERS[key]


Rule._compile_builder = _kept_builder


class KeptTemplates(BytecodeCache):
    """Compiled templates kept in memory for every app of the test run: each app would compile each of its
    pages anew (60-90 ms a page). Jinja checks each kept template against its source's checksum."""

    def __init__(self):
        self.codes: dict[str, bytes] = {}

    def load_bytecode(self, bucket) -> None:
        if bucket.key in self.codes:
            bucket.bytecode_from_string(self.codes[bucket.key])

    def dump_bytecode(self, bucket) -> None:
        self.codes[bucket.key] = bucket.bytecode_to_string()


TEMPLATES = KeptTemplates()


def postgres_url() -> str | None:
    """The PostgreSQL server the suite runs against, if any."""
    url = os.environ.get("TEST_DATABASE_URL", "").strip()
    return url or None


@pytest.fixture(scope="session")
def make_postgres_database(worker_id):
    """Make empty PostgreSQL databases of this test process's own, dropped when it ends.

    The process id is in the name, so several test runs (or xdist workers) sharing one
    server never drop or empty each other's data.
    """
    base, made = postgres_url(), set()

    def make(purpose: str) -> str:
        if base is None:
            pytest.skip("TEST_DATABASE_URL is not set")
        url = new_database(base, re.sub(r"\W", "_", f"scorekeeper_{purpose}_{worker_id}_{os.getpid()}"))
        made.add(url)
        return url

    yield make
    for url in made:
        drop_database(url)


@pytest.fixture(scope="session")
def database_url(tmp_path_factory, make_postgres_database) -> str:
    """Where this test session's data lives."""
    if postgres_url() is None:
        url = f"sqlite:///{tmp_path_factory.mktemp('db') / 'test.sqlite'}"
    else:
        url = make_postgres_database("test")
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": url, "AUTO_MIGRATE": False, "SECRET_KEY": "test"})
    with app.app_context():
        migrate_now(app)
        db.engine.dispose()
    return url


def _empty_tables(app) -> None:
    with app.app_context(), db.engine.begin() as connection:
        for table in reversed(db.metadata.sorted_tables):
            connection.execute(table.delete())


@pytest.fixture
def app(database_url, tmp_path):
    """An app on an empty database, CSRF on as in production: form tests post the token from the page."""
    app = create_app({
        "TESTING": True,
        "SECRET_KEY": "test-secret",
        "SQLALCHEMY_DATABASE_URI": database_url,
        "AUTO_MIGRATE": False,  # migrated once, by database_url
        "SERVER_NAME": "scorekeeper.test",
        "RATELIMIT_ENABLED": False,  # tests/test_limits.py switches the limits on
        "SCORE_CACHE": os.environ.get("SCORE_CACHE", "1") != "0",  # SCORE_CACHE=0 runs the suite without it
    })
    app.jinja_env.bytecode_cache = TEMPLATES
    _empty_tables(app)
    yield app
    with app.app_context():
        db.engine.dispose()


@pytest.fixture
def client(app):
    """A test client."""
    return app.test_client()


@pytest.fixture
def make_game(client):
    """Create a game through the API; returns (game JSON, auth headers)."""

    def make(variant: str = "ten-point", **extra):
        body = {"variant": variant, "players": PLAYERS[variant], **extra}
        response = client.post("/api/games", json=body)
        assert response.status_code == 201, response.get_json()
        game = response.get_json()
        return game, {"Authorization": f"Bearer {game['edit_key']}"}

    return make
