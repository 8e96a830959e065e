"""Fixtures: an app on a fresh database (SQLite by default, PostgreSQL with TEST_DATABASE_URL)."""

from __future__ import annotations

import os
import re

import pytest
import sqlalchemy as sa

from scorekeeper import create_app
from scorekeeper.database import migrate_now
from scorekeeper.extensions import db

PLAYERS = {
    "ten-point": ["Ann", "Bo", "Cy", "Di"],
    "ten-point-six": ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"],
    "tournament": ["Ann", "Bo", "Cy", "Di"],
    "five-point": ["Ann", "Bo", "Cy", "Di"],
    "cutthroat": ["Ann", "Bo", "Cy"],
}


def postgres_url() -> str | None:
    """The PostgreSQL server the suite runs against, if any."""
    url = os.environ.get("TEST_DATABASE_URL", "").strip()
    return url or None


def _worker_database(base_url: str, worker: str) -> str:
    """A database of its own for each xdist worker, created empty."""
    url = sa.make_url(base_url).set(drivername="postgresql+psycopg")
    name = re.sub(r"\W", "_", f"scorekeeper_test_{worker}")
    admin = sa.create_engine(url.set(database="postgres"), isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        connection.exec_driver_sql(f'CREATE DATABASE "{name}"')
    admin.dispose()
    return url.set(database=name).render_as_string(hide_password=False)


@pytest.fixture(scope="session")
def database_url(tmp_path_factory, worker_id) -> str:
    """Where this test session's data lives."""
    base = postgres_url()
    if base is None:
        return f"sqlite:///{tmp_path_factory.mktemp('db') / 'test.sqlite'}"
    url = _worker_database(base, worker_id)
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": url, "AUTO_MIGRATE": False, "SECRET_KEY": "test"})
    with app.app_context():
        migrate_now(app)
        db.engine.dispose()
    return url


def _empty_tables(app) -> None:
    with app.app_context():
        with db.engine.begin() as connection:
            for table in reversed(db.metadata.sorted_tables):
                connection.execute(table.delete())


@pytest.fixture
def app(database_url, tmp_path):
    """An app on an empty database; CSRF is switched off only here, for form tests that say so."""
    app = create_app({
        "TESTING": True,
        "SECRET_KEY": "test-secret",
        "SQLALCHEMY_DATABASE_URI": database_url,
        "AUTO_MIGRATE": database_url.startswith("sqlite"),
        "SERVER_NAME": "scorekeeper.test",
    })
    _empty_tables(app)
    yield app
    with app.app_context():
        db.engine.dispose()


@pytest.fixture
def client(app):
    """A test client."""
    return app.test_client()


@pytest.fixture
def runner(app):
    """A CLI runner."""
    return app.test_cli_runner()


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
