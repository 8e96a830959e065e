"""Real parallel requests against gunicorn with 4 workers, on SQLite and on PostgreSQL.

No 5xx, hand numbers 1..N with no duplicates, every accepted hand stored once, every 409 a genuine
number conflict, and a game created by several replays at once stored once. The load and the checks
are bench/concurrency.py's, so the figures it prints come from the workload tested here.
"""

from __future__ import annotations

import pytest

from tests.support.served import no_traceback, running
from tests.support.servers import BACKEND, bench, database

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module", params=[BACKEND])
def server(request, tmp_path_factory, make_postgres_database):
    """gunicorn -w 4 serving the app on a database of its own; yields its base URL."""
    tmp_path = tmp_path_factory.mktemp(request.param)
    url, extra = database(request.param, tmp_path, make_postgres_database)
    log = tmp_path / "gunicorn.log"
    with running({"DATABASE_URL": url, "SECRET_KEY": "concurrency-test", "RATELIMIT_ENABLED": "0", **extra},
                 log) as base:
        yield base
    no_traceback(log)


def run(base: str, games: int, hands: int) -> tuple[list, dict]:
    """The bench load from 16 threads; every check must pass."""
    phones, sent, seconds = bench.hammer(base, threads=16, games=games, hands=hands, numbered=0.3, replays=0.25)
    assert bench.verify(base, phones, sent) == []
    return sent, bench.figures(sent, seconds)


def test_one_game_many_phones(server):
    """16 threads post 150 hands (and their replays) to one game at once."""
    sent, figures = run(server, games=1, hands=150)
    statuses = {item.status for item in sent if item.kind == "hand"}
    assert statuses <= {200, 201, 409} and {200, 201} <= statuses, figures


def test_several_games_at_once(server):
    """16 threads post to 6 games at once: each game keeps its own numbering."""
    sent, figures = run(server, games=6, hands=30)
    games = {item.game for item in sent if item.status == 201 and item.kind == "hand"}
    assert len(games) == 6, figures
