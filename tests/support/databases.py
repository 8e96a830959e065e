"""Scratch PostgreSQL databases for the suite and the benchmarks: made empty, dropped after."""

from __future__ import annotations

import sqlalchemy as sa


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


