"""Configuration read from the environment, with defaults that need no set-up."""

from __future__ import annotations

import os
import secrets
from pathlib import Path


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


def from_environment(instance_path: str) -> dict:
    """Settings for a running app."""
    return {
        "SECRET_KEY": secret_key(instance_path),
        "SQLALCHEMY_DATABASE_URI": database_url(instance_path),
        "SESSION_COOKIE_SECURE": os.environ.get("SESSION_COOKIE_SECURE", "").lower() in ("1", "true", "yes"),
        "SESSION_COOKIE_SAMESITE": "Lax",
        "SESSION_COOKIE_HTTPONLY": True,
        "PREFERRED_URL_SCHEME": os.environ.get("PREFERRED_URL_SCHEME", "http"),
        "MAX_CONTENT_LENGTH": 512 * 1024,
        "WTF_CSRF_TIME_LIMIT": None,
        "COMPRESS_ALGORITHM": ["br", "gzip"],
        "COMPRESS_MIN_SIZE": 500,
        "COMPRESS_MIMETYPES": [
            "text/html", "text/css", "text/csv", "text/javascript", "application/javascript",
            "application/json", "application/manifest+json", "image/svg+xml",
        ],
        "AUTO_MIGRATE": _flag(os.environ.get("AUTO_MIGRATE")),
    }
