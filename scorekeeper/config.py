"""Configuration read from the environment, with defaults that need no set-up."""

from __future__ import annotations

import os
import secrets
from pathlib import Path

from limits import parse_many

# Per-address limits (Flask-Limiter strings), each overridden by the environment variable of the same name.
# A hall of 40 tables behind one address can all start a game in the same minute; 1000 games a day is
# 25 games at each of them, and a script stopped there has written well under a megabyte.
LIMITS = {
    "RATELIMIT_GAMES": "40 per minute; 1000 per day",
    "RATELIMIT_IMPORTS": "10 per minute; 100 per day",
    "RATELIMIT_TOURNAMENTS": "10 per hour; 50 per day",
    # Per address and game: a table logs a hand every minute or two; an outbox replaying a phone's
    # offline afternoon sends a few dozen writes at once.
    "RATELIMIT_GAME_WRITES": "120 per minute",
    # Per address, over every kind of key (games, tournaments, groups; the API and the join and unlock forms): a
    # key that does not open what it is sent to. A right key is never refused by this count.
    "RATELIMIT_WRONG_KEYS": "20 per minute; 200 per hour",
    # Games made by tournament draws, per address: a round of the largest tournament (256 teams) is 128 games.
    "RATELIMIT_TOURNAMENT_GAMES": "400 per hour; 1500 per day",
    "RATELIMIT_TOURNAMENT_WRITES": "120 per minute",  # per address and tournament, counted once the key opens it
    # A group's file and CSVs (a second each to build for a 1,000-game group, then kept per revision): a member
    # downloads a few a day; a 304 is not counted.
    "RATELIMIT_DOWNLOADS": "10 per minute; 200 per day",
}


def database_url(instance_path: str) -> str:
    """DATABASE_URL, normalised for SQLAlchemy; a SQLite file in the instance folder by default."""
    url = os.environ.get("DATABASE_URL", "").strip()
    if not url:
        return f"sqlite:///{Path(instance_path) / 'scorekeeper.sqlite'}"
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


def secret_key(instance_path: str) -> str:
    """SECRET_KEY, or a random key kept in the instance folder for local use."""
    key = os.environ.get("SECRET_KEY", "").strip()
    if key:
        return key
    path = Path(instance_path) / "secret_key"
    if not path.exists():
        _write_once(path, secrets.token_hex(32))
    return path.read_text().strip()


def _write_once(path: Path, text: str) -> None:
    """Create `path` holding `text`, whole, unless another process (a gunicorn worker) got there first."""
    draft = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}")
    fd = os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w") as handle:
        handle.write(text)
    try:
        os.link(draft, path)  # atomic, and never replaces a key already there
    except FileExistsError:
        pass
    finally:
        draft.unlink()


def _flag(value: str | None) -> bool | None:
    """An on/off setting from the environment; None when unset."""
    if value is None or not value.strip():
        return None
    return value.strip().lower() in ("1", "true", "yes", "on")


def _count(name: str) -> int:
    """A whole number of 0 or more from the environment; 0 when unset."""
    value = os.environ.get(name, "").strip() or "0"
    if not value.isascii() or not value.isdigit():
        raise ValueError(f"{name} must be a whole number of 0 or more, not {value!r}")
    return int(value)


def _seconds(name: str, default: int) -> int:
    """A number of seconds, 1 or more, from the environment; `default` when unset."""
    seconds = _count(name) if os.environ.get(name, "").strip() else default
    if seconds < 1:
        raise ValueError(f"{name} must be a whole number of seconds, 1 or more, not {seconds}")
    return seconds


def limits() -> dict:
    """Rate limits: on unless RATELIMIT_ENABLED says otherwise; in Redis when REDIS_URL is set."""
    settings = {name: os.environ.get(name, "").strip() or default for name, default in LIMITS.items()}
    for name, value in settings.items():
        try:
            parse_many(value)
        except ValueError:
            raise ValueError(f"{name} must be limits such as '30 per minute; 600 per day', not {value!r}") from None
    redis_url = os.environ.get("REDIS_URL", "").strip()
    enabled = _flag(os.environ.get("RATELIMIT_ENABLED"))
    return {
        **settings,
        "RATELIMIT_ENABLED": enabled is not False,
        "RATELIMIT_STORAGE_URI": redis_url or "memory://",
        "RATELIMIT_KEY_PREFIX": os.environ.get("RATELIMIT_KEY_PREFIX", "").strip() or "scorekeeper",
        # Redis away: each process counts the same limits in its own memory until Redis answers again, and says
        # so once in the log (web/logs.py) and on /healthz; a Redis that does not answer costs a request 0.5 s at most.
        "RATELIMIT_IN_MEMORY_FALLBACK_ENABLED": True,
        "RATELIMIT_STORAGE_OPTIONS": {"socket_timeout": 0.5, "socket_connect_timeout": 0.5} if redis_url else {},
        "RATELIMIT_SWALLOW_ERRORS": True,
        "RATELIMIT_HEADERS_ENABLED": False,  # a 429 sets its own Retry-After (errors.too_many_requests)
    }


def from_environment(instance_path: str) -> dict:
    """Settings for a running app."""
    return {
        "PUBLIC_URL": os.environ.get("PUBLIC_URL", "").strip() or None,  # see web/proxy.py
        "PREFERRED_URL_SCHEME": os.environ.get("PREFERRED_URL_SCHEME", "http"),
        "TRUSTED_PROXIES": _count("TRUSTED_PROXIES"),
        **limits(),
        "SECRET_KEY": secret_key(instance_path),
        "SQLALCHEMY_DATABASE_URI": database_url(instance_path),
        # An error message never carries the values of a statement (a key, a name). A pooled connection is
        # checked before it is lent (one round trip), so after a database restart an idle worker's next request
        # gets a new connection instead of a 503.
        "SQLALCHEMY_ENGINE_OPTIONS": {"hide_parameters": True, "pool_pre_ping": True},
        # Unset: secure whenever PUBLIC_URL is https (web/proxy.py); set: as it says.
        "SESSION_COOKIE_SECURE": _flag(os.environ.get("SESSION_COOKIE_SECURE")),
        "SESSION_COOKIE_SAMESITE": "Lax",
        "SESSION_COOKIE_HTTPONLY": True,
        # Only an answer that changed the session sends the cookie: a poll that left before a form's answer
        # and came back after it would otherwise put back the cookie the form replaced (its message, its key).
        "SESSION_REFRESH_EACH_REQUEST": False,
        "MAX_CONTENT_LENGTH": 512 * 1024,
        # A group file (groups/transfer.py) has its own cap: twice a measured export of 1,000 games of 20 hands
        # (6.1 MB), the most games a group file holds.
        "GROUP_FILE_MAX_LENGTH": 12 * 1024 * 1024,
        "WTF_CSRF_TIME_LIMIT": None,
        "COMPRESS_ALGORITHM": ["br", "gzip"],
        "COMPRESS_MIN_SIZE": 500,
        "COMPRESS_MIMETYPES": [
            "text/html", "text/css", "text/csv", "text/javascript", "application/javascript",
            "application/json", "application/manifest+json", "image/svg+xml",
        ],
        "AUTO_MIGRATE": _flag(os.environ.get("AUTO_MIGRATE")),
        "SCORE_CACHE": _flag(os.environ.get("SCORE_CACHE")) is not False,
        # How often the pages that follow a night (the projector, a player's page, a table's page between
        # games) ask whether it changed.
        "NIGHT_POLL_SECONDS": _seconds("NIGHT_POLL_SECONDS", 10),
        # How often a tournament's standings (the public page and the coordinator's) ask whether they changed.
        "TOURNAMENT_POLL_SECONDS": _seconds("TOURNAMENT_POLL_SECONDS", 5),
    }
