"""Configuration from the environment: database URL, secret key, first run with no set-up."""

from __future__ import annotations

import socket
import stat

import pytest
import sqlalchemy as sa

from scorekeeper import config, create_app
from scorekeeper.config import database_url, from_environment, secret_key
from scorekeeper.extensions import db


@pytest.mark.parametrize(("given", "expected"), [
    ("postgres://ann:pw@db.example:5432/pitch", "postgresql+psycopg://ann:pw@db.example:5432/pitch"),
    ("postgresql://ann:pw@db.example/pitch", "postgresql+psycopg://ann:pw@db.example/pitch"),
    ("  postgres://root@127.0.0.1/test \n", "postgresql+psycopg://root@127.0.0.1/test"),
    ("postgresql+psycopg://root@127.0.0.1/test", "postgresql+psycopg://root@127.0.0.1/test"),
    ("sqlite:////var/lib/pitch/games.sqlite", "sqlite:////var/lib/pitch/games.sqlite"),
])
def test_database_url_is_normalised_for_sqlalchemy(monkeypatch, given, expected):
    """Heroku-style postgres:// URLs use the psycopg 3 driver; others pass through."""
    monkeypatch.setenv("DATABASE_URL", given)
    assert database_url("/instance") == expected


@pytest.mark.parametrize("value", [None, "", "   "])
def test_database_url_defaults_to_sqlite_in_the_instance_folder(monkeypatch, tmp_path, value):
    """No DATABASE_URL: a SQLite file in the instance folder."""
    if value is None:
        monkeypatch.delenv("DATABASE_URL", raising=False)
    else:
        monkeypatch.setenv("DATABASE_URL", value)
    assert database_url(str(tmp_path)) == f"sqlite:///{tmp_path / 'scorekeeper.sqlite'}"


def test_secret_key_from_the_environment(monkeypatch, tmp_path):
    """SECRET_KEY wins, and nothing is written."""
    monkeypatch.setenv("SECRET_KEY", " from-env ")
    assert secret_key(str(tmp_path)) == "from-env"
    assert not (tmp_path / "secret_key").exists()


def test_secret_key_is_generated_once_and_kept_in_the_instance_folder(monkeypatch, tmp_path):
    """No SECRET_KEY: a random key, written once (readable by the owner only) and read back after."""
    monkeypatch.delenv("SECRET_KEY", raising=False)
    first = secret_key(str(tmp_path))
    path = tmp_path / "secret_key"
    assert len(first) == 64 and int(first, 16) >= 0
    assert path.read_text() == first
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert secret_key(str(tmp_path)) == first
    assert from_environment(str(tmp_path))["SECRET_KEY"] == first
    assert [item.name for item in tmp_path.iterdir()] == ["secret_key"]
    other = tmp_path / "other"
    other.mkdir()
    assert secret_key(str(other)) != first


def test_workers_starting_together_agree_on_one_whole_key(monkeypatch, tmp_path):
    """A second worker that starts while the first is writing the key reads that key whole, never a blank."""
    monkeypatch.delenv("SECRET_KEY", raising=False)
    real_token_hex, seen = config.secrets.token_hex, []

    def token_hex(size):
        if not seen:  # the first worker is between "no key yet" and "key written": the second starts now
            seen.append(None)
            seen[0] = secret_key(str(tmp_path))
        return real_token_hex(size)

    monkeypatch.setattr(config.secrets, "token_hex", token_hex)
    first = secret_key(str(tmp_path))
    assert len(first) == 64 and seen == [first]
    assert [item.name for item in tmp_path.iterdir()] == ["secret_key"]


@pytest.mark.parametrize(("value", "expected"), [
    (None, None), ("", None), ("  ", None), ("1", True), ("true", True), ("YES", True), ("on", True),
    ("0", False), ("false", False), ("no", False), ("off", False),
])
def test_auto_migrate_flag(monkeypatch, tmp_path, value, expected):
    """AUTO_MIGRATE: on, off, or unset (then on for SQLite only)."""
    if value is None:
        monkeypatch.delenv("AUTO_MIGRATE", raising=False)
    else:
        monkeypatch.setenv("AUTO_MIGRATE", value)
    monkeypatch.setenv("SECRET_KEY", "x")
    assert from_environment(str(tmp_path))["AUTO_MIGRATE"] is expected


@pytest.fixture
def environment(monkeypatch):
    """A clean environment for create_app()."""
    for name in ("DATABASE_URL", "AUTO_MIGRATE", "SESSION_COOKIE_SECURE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("SECRET_KEY", "test-secret")
    return monkeypatch


def test_first_run_on_sqlite_creates_the_database_with_no_set_up(environment, tmp_path):
    """A new SQLite file: the app creates it and its tables on start, and takes games at once."""
    path = tmp_path / "new" / "games.sqlite"
    path.parent.mkdir()
    environment.setenv("DATABASE_URL", f"sqlite:///{path}")
    app = create_app()
    try:
        assert path.exists()
        client = app.test_client()
        assert client.get("/healthz").status_code == 200
        response = client.post("/api/games", json={"variant": "ten-point", "players": ["A", "B", "C", "D"]})
        assert response.status_code == 201
        with app.app_context():
            assert {"game", "hand"} <= set(sa.inspect(db.engine).get_table_names())
    finally:
        with app.app_context():
            db.engine.dispose()


def _closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_postgresql_is_not_migrated_unless_asked(environment):
    """On PostgreSQL the schema is the release step's job: the app does not touch the database on start."""
    environment.setenv("DATABASE_URL", f"postgres://root@127.0.0.1:{_closed_port()}/nowhere")
    app = create_app()
    assert app.config["SQLALCHEMY_DATABASE_URI"].startswith("postgresql+psycopg://")
    environment.setenv("AUTO_MIGRATE", "1")
    with pytest.raises(sa.exc.OperationalError):
        create_app()


def test_secure_cookies_bring_hsts(environment, tmp_path):
    """SESSION_COOKIE_SECURE=1 (behind HTTPS) also sends Strict-Transport-Security."""
    environment.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'x.sqlite'}")
    environment.setenv("SESSION_COOKIE_SECURE", "1")
    app = create_app()
    response = app.test_client().get("/healthz")
    assert app.config["SESSION_COOKIE_SECURE"] is True
    assert "max-age=" in response.headers["Strict-Transport-Security"]
    with app.app_context():
        db.engine.dispose()


def test_bodies_are_capped(environment, tmp_path):
    """Request bodies are limited, so a huge post cannot tie up a worker."""
    assert 0 < from_environment(str(tmp_path))["MAX_CONTENT_LENGTH"] <= 1024 * 1024


POLLS = {"NIGHT_POLL_SECONDS": 10, "TOURNAMENT_POLL_SECONDS": 5}


@pytest.mark.parametrize("name", POLLS)
@pytest.mark.parametrize(("value", "expected"), [
    (None, None), ("", None), (" ", None), ("1", 1), ("10", 10), (" 30 ", 30), ("3600", 3600),
    ("0", ValueError), ("-1", ValueError), ("1.5", ValueError), ("ten", ValueError), ("١", ValueError),
])
def test_a_poll_takes_a_whole_number_of_seconds_from_one(monkeypatch, tmp_path, name, value, expected):
    """NIGHT_POLL_SECONDS (10 unset) and TOURNAMENT_POLL_SECONDS (5 unset): any whole number of seconds from 1;
    anything else stops the app with its name."""
    if value is None:
        monkeypatch.delenv(name, raising=False)
    else:
        monkeypatch.setenv(name, value)
    monkeypatch.setenv("SECRET_KEY", "x")
    if expected is ValueError:
        with pytest.raises(ValueError, match=name):
            from_environment(str(tmp_path))
    else:
        assert from_environment(str(tmp_path))[name] == (POLLS[name] if expected is None else expected)
