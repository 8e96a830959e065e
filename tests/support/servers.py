"""A database for a test that starts gunicorn (SQLite in a file, or a PostgreSQL database of its own), and
bench/concurrency.py's load, which those tests drive."""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

from tests.support.paths import ROOT


def _bench():
    """bench/concurrency.py, loaded as a module."""
    spec = importlib.util.spec_from_file_location("bench_concurrency", ROOT / "bench" / "concurrency.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


bench = _bench()


def database(kind: str, tmp_path: Path, make_postgres_database) -> tuple[str, dict]:
    """DATABASE_URL and extra settings for the server; on PostgreSQL the app migrates the empty database itself."""
    if kind == "sqlite":
        return f"sqlite:///{tmp_path / 'gunicorn.sqlite'}", {}
    return make_postgres_database("gunicorn"), {"AUTO_MIGRATE": "1"}


# Each run of the suite loads the database it runs on: SQLite, or PostgreSQL with TEST_DATABASE_URL.
BACKEND = "postgresql" if os.environ.get("TEST_DATABASE_URL", "").strip() else "sqlite"
