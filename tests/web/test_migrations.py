"""The migrations: they build the schema from nothing, go down and up again, and match the models."""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from flask_migrate import downgrade, upgrade

import scorekeeper
from scorekeeper import create_app
from scorekeeper.extensions import db
from scorekeeper.web.database import MIGRATIONS


@pytest.fixture
def empty_app(tmp_path, make_postgres_database):
    """An app on a database with no tables at all, that does not migrate by itself."""
    if os.environ.get("TEST_DATABASE_URL", "").strip():
        url = make_postgres_database("migrations")
    else:
        url = f"sqlite:///{tmp_path / 'empty.sqlite'}"
    app = create_app({"TESTING": True, "SECRET_KEY": "test", "SQLALCHEMY_DATABASE_URI": url, "AUTO_MIGRATE": False})
    with app.app_context():
        yield app
        db.session.remove()
        db.engine.dispose()


def import_every_model() -> set[str]:
    """Import every models.py of the package; the tables they declare."""
    root = Path(scorekeeper.__file__).parent
    for path in root.rglob("models.py"):
        importlib.import_module(".".join(("scorekeeper", *path.relative_to(root).with_suffix("").parts)))
    return set(db.metadata.tables)


def tables() -> set[str]:
    """The tables the database holds now."""
    return set(sa.inspect(db.engine).get_table_names())


def head() -> str:
    """The newest revision of the migration scripts."""
    script = ScriptDirectory.from_config(current_app_config())
    return script.get_current_head()


def current_app_config():
    """The Alembic configuration Flask-Migrate builds for this app."""
    from flask import current_app

    return current_app.extensions["migrate"].migrate.get_config(MIGRATIONS)


def revision() -> str | None:
    """The revision the database is at."""
    with db.engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def differences(metadata: sa.MetaData) -> list:
    """What autogenerate would write to make the database match `metadata`."""
    with db.engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"compare_type": True})
        return compare_metadata(context, metadata)


def test_upgrade_from_empty_creates_every_table(empty_app):
    """`flask db upgrade` on an empty database builds every table of the models."""
    assert tables() == set()
    upgrade(directory=MIGRATIONS)
    assert {"game", "hand", "alembic_version"} | set(db.metadata.tables) <= tables()
    assert revision() == head()


def test_downgrade_to_nothing_then_upgrade_again(empty_app):
    """Every migration can be undone and redone."""
    upgrade(directory=MIGRATIONS)
    downgrade(directory=MIGRATIONS, revision="base")
    assert tables() <= {"alembic_version"} and revision() is None
    upgrade(directory=MIGRATIONS)
    assert set(db.metadata.tables) <= tables() and revision() == head()


def test_each_step_goes_down_and_up(empty_app):
    """Revision by revision: up, down one, up again."""
    script = ScriptDirectory.from_config(current_app_config())
    for step in reversed(list(script.walk_revisions())):
        upgrade(directory=MIGRATIONS, revision=step.revision)
        downgrade(directory=MIGRATIONS, revision="-1")
        upgrade(directory=MIGRATIONS, revision=step.revision)
        assert revision() == step.revision


def test_models_match_the_migrations(empty_app):
    """Autogenerate finds nothing to add or drop: every model change has its migration."""
    import_every_model()
    upgrade(directory=MIGRATIONS)
    assert differences(db.metadata) == []


def test_the_app_loads_every_model(tmp_path):
    """A fresh process sees every model once the app is built, so `flask db migrate` drops nothing."""
    code = (
        "import json, sys; from scorekeeper import create_app; from scorekeeper.extensions import db;"
        "create_app({'TESTING': True, 'SECRET_KEY': 'x', 'AUTO_MIGRATE': False,"
        " 'SQLALCHEMY_DATABASE_URI': sys.argv[1]}); print(json.dumps(sorted(db.metadata.tables)))"
    )
    done = subprocess.run([sys.executable, "-c", code, f"sqlite:///{tmp_path / 'x.sqlite'}"],
                          capture_output=True, text=True, check=True)
    assert set(json.loads(done.stdout.splitlines()[-1])) == import_every_model()


def test_the_comparison_would_see_a_missing_migration(empty_app):
    """The check above is not blind: a column with no migration shows up."""
    upgrade(directory=MIGRATIONS)
    metadata = sa.MetaData()
    for table in db.metadata.sorted_tables:
        table.to_metadata(metadata)
    metadata.tables["game"].append_column(sa.Column("not_migrated", sa.Integer))
    assert ("add_column", None, "game", metadata.tables["game"].c.not_migrated) in differences(metadata)


def insert_game(connection, game_id: str, key_hash: str) -> None:
    """A ten-point game row as the first migration's columns hold it."""
    connection.execute(sa.text(
        "INSERT INTO game (id, edit_key_hash, variant, players, rules, time_finish_hand, created_at, updated_at)"
        " VALUES (:id, :hash, 'ten-point', '[\"A\", \"B\", \"C\", \"D\"]', '{}', false,"
        " CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)"
    ), {"id": game_id, "hash": key_hash})


def test_a_game_survives_the_upgrade(empty_app):
    """Data written at the first revision is still there at the head."""
    upgrade(directory=MIGRATIONS, revision="0001")
    with db.engine.begin() as connection:
        insert_game(connection, "kept-game-id-0123456789", "hash")
    upgrade(directory=MIGRATIONS)
    with db.engine.connect() as connection:
        variant = connection.scalar(sa.text("SELECT variant FROM game WHERE id = 'kept-game-id-0123456789'"))
    assert variant == "ten-point"


def test_0004_drops_the_plain_table_keys_and_keeps_the_games_hash(empty_app):
    """After 0004 a pairing holds no plain key; its game keeps the hash, so a link handed out still opens it."""
    upgrade(directory=MIGRATIONS, revision="0003")
    with db.engine.begin() as connection:
        insert_game(connection, "table-game-id-0123456789", "hash-of-the-table-key")
        connection.execute(sa.text(
            "INSERT INTO tournament (id, edit_key_hash, name, entry_fee_cents, payout_percent, games_per_team,"
            " minutes_per_game, variant, rules, seed, tie_breaks, created_at, updated_at) VALUES"
            " ('tournament-id-0123456789', 'hash', 'Cup', 0, 50, 1, 30, 'ten-point', '{}', 1, '[]',"
            " CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)"
        ))
        connection.execute(sa.text(
            "INSERT INTO tournament_team (id, tournament_id, name, player_one, player_two, created_at) VALUES"
            " (1, 'tournament-id-0123456789', 'A', 'A', 'C', CURRENT_TIMESTAMP),"
            " (2, 'tournament-id-0123456789', 'B', 'B', 'D', CURRENT_TIMESTAMP)"
        ))
        connection.execute(sa.text(
            "INSERT INTO pairing (tournament_id, round_number, table_number, team_a_id, team_b_id, game_id, bye,"
            " edit_key, created_at) VALUES ('tournament-id-0123456789', 1, 1, 1, 2, 'table-game-id-0123456789',"
            " false, 'the-plain-table-key-0123', CURRENT_TIMESTAMP)"
        ))
    upgrade(directory=MIGRATIONS, revision="0004")
    columns = {column["name"] for column in sa.inspect(db.engine).get_columns("pairing")}
    assert "edit_key" not in columns
    with db.engine.connect() as connection:
        stored = connection.execute(sa.text(
            "SELECT edit_key_hash, former_key_hashes FROM game WHERE id = 'table-game-id-0123456789'"
        )).one()
        assert connection.scalar(sa.text("SELECT count(*) FROM pairing")) == 1
    assert tuple(stored) == ("hash-of-the-table-key", None)
    downgrade(directory=MIGRATIONS, revision="0003")
    with db.engine.connect() as connection:
        assert connection.scalar(sa.text("SELECT edit_key FROM pairing")) is None
