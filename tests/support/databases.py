"""Scratch PostgreSQL databases for the suite and the benchmarks: made empty, dropped after."""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

import sqlalchemy as sa

from tests.support.paths import ROOT


def _admin(url: sa.URL) -> sa.Engine:
    """A connection to the server's `postgres` database, outside any transaction (CREATE/DROP DATABASE)."""
    return sa.create_engine(url.set(database="postgres"), isolation_level="AUTOCOMMIT")


def new_database(base_url: str, name: str) -> str:
    """An empty database called `name` (dropped first if a crashed run left it); its SQLAlchemy URL."""
    url = sa.make_url(base_url).set(drivername="postgresql+psycopg")
    admin = _admin(url)
    with admin.connect() as connection:
        connection.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        connection.exec_driver_sql(f'CREATE DATABASE "{name}"')
    admin.dispose()
    return url.set(database=name).render_as_string(hide_password=False)


def drop_database(url: str) -> None:
    """Drop the database `url` names, whoever is still connected to it."""
    parsed = sa.make_url(url).set(drivername="postgresql+psycopg")
    admin = _admin(parsed)
    with admin.connect() as connection:
        connection.exec_driver_sql(f'DROP DATABASE IF EXISTS "{parsed.database}" WITH (FORCE)')
    admin.dispose()


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
