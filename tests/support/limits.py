"""Helpers of the limit tests: a client over one address, limited answers, Redis running or not."""

from __future__ import annotations

import ipaddress
import os
import secrets
import uuid

import pytest

REDIS = "redis://127.0.0.1:6379"


def redis_running() -> bool:
    """Whether Redis answers at REDIS; under CI a missing Redis fails the test instead of skipping it."""
    import redis

    try:
        return bool(redis.Redis.from_url(REDIS, socket_timeout=2).ping())
    except redis.RedisError as exc:
        if os.environ.get("CI", "").strip().lower() in ("1", "true", "yes"):
            pytest.fail(f"Redis does not answer at {REDIS}: {exc} (CI=true: the Redis storage must be tested)")
        pytest.skip(f"Redis does not answer at {REDIS}")


def address() -> str:
    """A random client address in 10.0.0.0/8."""
    return str(ipaddress.IPv4Address(0x0A000000 + secrets.randbelow(2**24)))


@pytest.fixture(params=["memory", "redis"])
def limited(request, own_app):
    """limited(**settings) -> a test client of an app with the limits on, counted in memory or in Redis.

    Each client comes from an address of its own (and each app asks for a key prefix of its own), so
    parallel runs sharing one Redis never meet, and neither do runs within a limit's window of each
    other. The address matters most: Flask-Limiter keeps the first key prefix it is given in a process.
    """
    if request.param == "redis":
        redis_running()

    def make(**settings):
        app = own_app(**{
            "SERVER_NAME": "scorekeeper.test", "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": True,
            "RATELIMIT_STORAGE_URI": REDIS if request.param == "redis" else "memory://",
            "RATELIMIT_KEY_PREFIX": f"test-{uuid.uuid4().hex}", **settings,
        })
        client = app.test_client()
        client.environ_base["REMOTE_ADDR"] = address()
        return client

    return make


def assert_limited_json(response, words: str, wait: str = "seconds") -> None:
    """A 429 under /api/: JSON naming what was refused and how long to wait, and Retry-After."""
    assert response.status_code == 429, response.get_data(as_text=True)
    seconds = int(response.headers["Retry-After"])
    if wait == "seconds":  # a minute's window, rounded up to whole seconds
        assert 1 <= seconds <= 61
        assert f"wait {seconds} seconds and try again" in response.get_json()["error"]
    else:  # an hour's window, said in minutes
        assert 61 <= seconds <= 3601
        assert f"wait {-(-seconds // 60)} minutes and try again" in response.get_json()["error"]
    assert words in response.get_json()["error"]


def assert_limited_page(response, words: str) -> None:
    """A 429 for a form: an HTML page saying the same."""
    assert response.status_code == 429
    assert response.mimetype == "text/html"
    assert int(response.headers["Retry-After"]) >= 1
    page = response.get_data(as_text=True)
    assert words in page and "try again" in page
