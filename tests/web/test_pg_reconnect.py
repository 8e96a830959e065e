"""The database drops every connection (PostgreSQL restarted, a failover, an idle timeout on the way): the next
request of an idle worker, whose pooled connection is dead, still answers, because the pool checks a connection
before lending it (pool_pre_ping)."""

from __future__ import annotations

import sqlalchemy as sa

from scorekeeper import create_app
from scorekeeper.extensions import db

FOUR = ["Ann", "Bo", "Cy", "Di"]


def test_an_idle_workers_first_request_after_the_database_dropped_its_connections_succeeds(make_postgres_database):
    url = make_postgres_database("reconnect")
    app = create_app({"TESTING": True, "SECRET_KEY": "test", "SQLALCHEMY_DATABASE_URI": url, "AUTO_MIGRATE": True,
                      "SERVER_NAME": "scorekeeper.test"})
    client = app.test_client()
    made = client.post("/api/games", json={"variant": "ten-point", "players": FOUR})
    assert made.status_code == 201
    game = made.get_json()["id"]
    with app.app_context():
        assert db.engine.pool.checkedin() >= 1  # the connection the next request will be lent
    admin = sa.create_engine(sa.make_url(url).set(database="postgres"), isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        dropped = connection.execute(sa.text(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE datname = :name"),
            {"name": sa.make_url(url).database}).scalar_one()
    admin.dispose()
    assert dropped >= 1
    for path in (f"/api/games/{game}", "/healthz", f"/games/{game}"):
        assert client.get(path).status_code == 200, path
    with app.app_context():
        db.engine.dispose()
