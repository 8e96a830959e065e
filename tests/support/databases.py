"""Scratch PostgreSQL databases for the suite and the benchmarks (made empty, dropped after), and every row of the
database a test runs on, to show that a refused write changed nothing."""

from __future__ import annotations

import sqlalchemy as sa

from scorekeeper.extensions import db


def every_row(app) -> dict[str, list]:
    """Every row of every table, a table's rows in a fixed order: on PostgreSQL in one statement, each row as its
    text (a round trip a table made this the most of some tests' time), elsewhere each row as a tuple, a statement
    a table."""
    tables = db.metadata.sorted_tables
    with app.app_context():
        if db.engine.dialect.name == "postgresql":
            union = " UNION ALL ".join(f"SELECT '{table.name}' AS name, CAST(r AS text) AS line FROM \"{table.name}\" r"
                                       for table in tables)
            found: dict[str, list] = {table.name: [] for table in tables}
            for name, line in db.session.execute(sa.text(f"SELECT name, line FROM ({union}) every ORDER BY 1, 2")):
                found[name].append(line)
            return found
        return {table.name: [tuple(row) for row in db.session.execute(sa.select(table).order_by(*table.primary_key))]
                for table in tables}


def _admin(url: sa.URL) -> sa.Engine:
    """A connection to the server's `postgres` database, outside any transaction (CREATE/DROP DATABASE)."""
    return sa.create_engine(url.set(database="postgres"), isolation_level="AUTOCOMMIT")


def new_database(base_url: str, name: str, durable: bool = True) -> str:
    """An empty database called `name` (dropped first if a crashed run left it); its SQLAlchemy URL.

    Not `durable`: its commits do not wait for the write-ahead log to reach the disk (synchronous_commit off, on this
    database alone). What every session sees is the same, a commit is as atomic and as ordered, and the server
    keeps all it acknowledged through a restart; only a crash of the machine could lose the last acknowledged
    commits, of a database that is dropped at the end of the run anyway."""
    url = sa.make_url(base_url).set(drivername="postgresql+psycopg")
    admin = _admin(url)
    with admin.connect() as connection:
        connection.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        connection.exec_driver_sql(f'CREATE DATABASE "{name}"')
        if not durable:
            connection.exec_driver_sql(f'ALTER DATABASE "{name}" SET synchronous_commit TO off')
    admin.dispose()
    return url.set(database=name).render_as_string(hide_password=False)


def drop_database(url: str) -> None:
    """Drop the database `url` names, whoever is still connected to it."""
    parsed = sa.make_url(url).set(drivername="postgresql+psycopg")
    admin = _admin(parsed)
    with admin.connect() as connection:
        connection.exec_driver_sql(f'DROP DATABASE IF EXISTS "{parsed.database}" WITH (FORCE)')
    admin.dispose()


