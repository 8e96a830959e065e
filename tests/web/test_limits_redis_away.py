"""REDIS_URL set, Redis away (nothing listening, or a server that never answers): every limit still holds, counted
in each process's memory; the log says so once; /healthz says so; when Redis is back the limits are shared again."""

from __future__ import annotations

import logging
import socket
import time
import uuid

import pytest

from scorekeeper import create_app
from scorekeeper.extensions import db, limiter
from tests.support.limits import REDIS, address, redis_running

FOUR = ["Ann", "Bo", "Cy", "Di"]
FALLING_BACK = "Rate limit storage unreachable - falling back to in-memory storage"


@pytest.fixture(autouse=True)
def storage_alive():
    """The limiter is one per process, as in a worker, and remembers that its storage failed: each test starts
    as a new worker does, and leaves the limiter so for the Redis tests that follow in this process."""
    limiter._storage_dead = False
    yield
    limiter._storage_dead = False


@pytest.fixture
def silent_redis():
    """An address where a server accepts connections and never answers (a hung Redis)."""
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen(16)
        yield f"redis://127.0.0.1:{server.getsockname()[1]}/0"


@pytest.fixture
def refused_redis():
    """An address where nothing listens (Redis stopped)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    return f"redis://127.0.0.1:{port}/0"


def app_at(storage: str, database_url: str):
    return create_app({
        "TESTING": True, "SECRET_KEY": "limits", "SQLALCHEMY_DATABASE_URI": database_url,
        "AUTO_MIGRATE": database_url.startswith("sqlite"), "SERVER_NAME": "scorekeeper.test",
        "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": True, "RATELIMIT_STORAGE_URI": storage,
        "RATELIMIT_STORAGE_OPTIONS": {"socket_timeout": 0.5, "socket_connect_timeout": 0.5},
        "RATELIMIT_KEY_PREFIX": f"test-{uuid.uuid4().hex}", "RATELIMIT_GAMES": "3 per minute",
    })


@pytest.mark.parametrize("away", ["refused_redis", "silent_redis"])
def test_with_redis_away_the_limits_hold_per_process_and_the_log_and_healthz_say_so(request, database_url, away,
                                                                                       caplog):
    storage = request.getfixturevalue(away)
    app = app_at(storage, database_url)
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = address()
    caplog.set_level(logging.INFO, logger="flask-limiter")
    started = time.perf_counter()
    answers = [client.post("/api/games", json={"variant": "ten-point", "players": FOUR}).status_code
               for _ in range(5)]
    took = time.perf_counter() - started
    assert answers == [201, 201, 201, 429, 429]
    warnings = [record for record in caplog.records if record.name == "flask-limiter"
                and record.getMessage() == FALLING_BACK]
    assert len(warnings) == 1
    assert took < 5, took  # one storage timeout, then memory: not half a second a request
    health = client.get("/healthz")
    assert health.status_code == 200
    assert health.get_json() == {"status": "degraded", "database": "ok", "limits": "process, Redis unreachable"}
    with app.app_context():
        db.engine.dispose()


def test_with_redis_answering_healthz_says_the_limits_are_shared(database_url):
    redis_running()
    app = app_at(REDIS, database_url)
    assert app.test_client().get("/healthz").get_json() == {"status": "ok", "database": "ok", "limits": "shared"}
    with app.app_context():
        db.engine.dispose()


def test_without_redis_healthz_says_each_process_counts(client):
    assert client.get("/healthz").get_json()["limits"] in ("process", "off")


def test_when_redis_answers_again_the_limits_are_shared_again_and_the_log_says_so(database_url, caplog):
    redis_running()
    app = app_at(REDIS, database_url)
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = address()
    caplog.set_level(logging.INFO, logger="flask-limiter")
    limiter._storage_dead = True  # as a worker is after Redis went away: counting in its own memory
    time.sleep(1.1)  # the limiter looks at its storage again after 1 s, then 2, 4, ... while it stays away
    assert client.post("/api/games", json={"variant": "ten-point", "players": FOUR}).status_code == 201
    assert [r.getMessage() for r in caplog.records if r.name == "flask-limiter"] == ["Rate limit storage recovered"]
    assert client.get("/healthz").get_json()["limits"] == "shared"
    with app.app_context():
        db.engine.dispose()
