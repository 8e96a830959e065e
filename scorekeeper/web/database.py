"""Database set-up: SQLite tuned for several workers, migrations on first run."""

from __future__ import annotations

import fcntl
from contextlib import contextmanager
from pathlib import Path

import sqlalchemy as sa
from flask import Flask
from flask_migrate import upgrade
from sqlalchemy import event

from scorekeeper.extensions import db

MIGRATIONS = str(Path(__file__).parent.parent / "migrations")
IMMEDIATE = "sqlite_begin_immediate"


def is_sqlite(app: Flask) -> bool:
    """Whether the app stores its data in SQLite."""
    return app.config["SQLALCHEMY_DATABASE_URI"].startswith("sqlite")


def _tune_sqlite(engine: sa.Engine) -> None:
    """WAL, a busy timeout, and BEGIN IMMEDIATE for transactions that will write."""

    @event.listens_for(engine, "connect")
    def on_connect(dbapi_connection, _record):
        dbapi_connection.isolation_level = None  # we issue BEGIN ourselves
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA busy_timeout=15000")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.close()

    @event.listens_for(engine, "begin")
    def on_begin(connection):
        immediate = connection.get_execution_options().get(IMMEDIATE)
        connection.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")


def init_app(app: Flask) -> None:
    """Bind the database and create or upgrade the schema where that is automatic."""
    with app.app_context():
        if is_sqlite(app):
            _tune_sqlite(db.engine)
        auto = app.config.get("AUTO_MIGRATE")
        if auto or (auto is None and is_sqlite(app)):
            migrate_now(app)


def migrate_now(app: Flask) -> None:
    """Run the migrations, one process at a time."""
    lock = Path(app.instance_path) / "migrate.lock"
    with lock.open("w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        upgrade(directory=MIGRATIONS)


@contextmanager
def writing():
    """A transaction that reads and then writes: the write lock is taken up front.

    A read the request already has open is ended first (nothing is pending
    outside a write). SQLite: BEGIN IMMEDIATE, so a second writer waits for the
    busy timeout instead of failing on the upgrade from a read lock.
    PostgreSQL: the caller locks the game row with SELECT ... FOR UPDATE.
    """
    if db.session().in_transaction():
        db.session.rollback()  # end the request's reads: the write takes its lock with its first statement
    db.session.connection(execution_options={IMMEDIATE: True})
    try:
        yield db.session
        db.session.commit()
    except BaseException:
        db.session.rollback()
        raise
