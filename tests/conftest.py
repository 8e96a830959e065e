"""Fixtures: an app on a fresh database (SQLite by default, PostgreSQL with TEST_DATABASE_URL)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from scorekeeper import create_app
from scorekeeper.extensions import db, limiter
from scorekeeper.web.database import migrate_now
from tests.support.databases import drop_database, new_database
from tests.support.limits import limited  # noqa: F401 -- fixtures for every folder: a limited app, the OpenAPI document
from tests.support.openapi import openapi, served  # noqa: F401
from tests.support.paths import BROWSER
from tests.support.tables import PLAYERS


def pytest_collection_modifyitems(config, items) -> None:
    """A test that drives the browser lives under tests/browser: the browser pass of .ci/run collects that folder
    alone, and the other passes leave out every test marked `browser`, so one marked elsewhere would run in none."""
    stray = [item.nodeid for item in items
             if item.get_closest_marker("browser") and BROWSER not in Path(str(item.path)).parents]
    if stray:
        raise pytest.UsageError(f"browser tests outside tests/browser, run by no pass of .ci/run: {', '.join(stray)}")


def postgres_url() -> str | None:
    """The PostgreSQL server the suite runs against, if any."""
    url = os.environ.get("TEST_DATABASE_URL", "").strip()
    return url or None


@pytest.fixture(scope="session")
def make_postgres_database(worker_id):
    """Make empty PostgreSQL databases of this test process's own, dropped when it ends.

    The process id is in the name, so several test runs (or xdist workers) sharing one
    server never drop or empty each other's data. Their commits do not wait for the disk (new_database's
    `durable`): what the tests see is the same, and tests/games/test_api_hostile_text.py and
    tests/web/test_etags.py, one after the other, took 159 s instead of 174 s.
    """
    base, made = postgres_url(), set()

    def make(purpose: str) -> str:
        if base is None:
            pytest.skip("TEST_DATABASE_URL is not set")
        url = new_database(base, re.sub(r"\W", "_", f"scorekeeper_{purpose}_{worker_id}_{os.getpid()}"), durable=False)
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
    """Delete every row, children first: on PostgreSQL in one round trip, SQLite a statement at a time."""
    deletes = [f"DELETE FROM {table.name}" for table in reversed(db.metadata.sorted_tables)]
    with app.app_context(), db.engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            deletes = ["; ".join(deletes)]
        for delete in deletes:
            connection.exec_driver_sql(delete)


@pytest.fixture(scope="session")
def built_app(database_url):
    """The app the tests of this process share: building one costs more than most tests (its 80-odd routes, its
    templates), and what a test changes is put back by `app`."""
    app = create_app({
        "TESTING": True,
        "SECRET_KEY": "test-secret",
        "SQLALCHEMY_DATABASE_URI": database_url,
        "AUTO_MIGRATE": False,  # migrated once, by database_url
        "SERVER_NAME": "scorekeeper.test",
        "RATELIMIT_ENABLED": False,  # tests/web/test_limits.py switches the limits on, in apps of its own
        "SCORE_CACHE": os.environ.get("SCORE_CACHE", "1") != "0",  # SCORE_CACHE=0 runs the suite without it
    })
    yield app, dict(vars(limiter))
    with app.app_context():
        db.engine.dispose()


@pytest.fixture
def app(built_app):
    """The app on an empty database, CSRF on as in production (form tests post the token from the page), as if new:
    its configuration and debug flag are put back after the test, and what it keeps in memory (the scored games,
    the group figures, the import map) is dropped."""
    built_app, limits = built_app
    # Flask-Limiter keeps its settings (on or off, its storage) on the one Limiter of the process, which the apps
    # other tests build with their limits on set anew: this app's are put back.
    vars(limiter).update(limits)
    config, kept = dict(built_app.config), set(built_app.extensions)
    _empty_tables(built_app)
    yield built_app
    built_app.config.clear()
    built_app.config.update(config)
    built_app.debug = config["DEBUG"]  # and the template reloading it sets
    for name in set(built_app.extensions) - kept:
        del built_app.extensions[name]


@pytest.fixture
def own_app(database_url):
    """own_app(**settings) -> a new app of its own on the test database (its deployment settings, its limits), for
    the tests that need one besides the shared one; each is let go of its database connections after the test."""
    made = []

    def make(**settings):
        made.append(create_app({
            "TESTING": True, "SECRET_KEY": "own", "SQLALCHEMY_DATABASE_URI": database_url,
            "AUTO_MIGRATE": database_url.startswith("sqlite"), "RATELIMIT_ENABLED": False, **settings,
        }))
        return made[-1]

    yield make
    for app in made:
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
