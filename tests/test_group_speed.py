"""A group's views at speed: a worker that has kept no game's figures reads the hands of all of them in a few
queries, not one or two per game."""

from __future__ import annotations

from contextlib import contextmanager

import pytest
import sqlalchemy as sa
from groups import GroupApi, ten_all

from scorekeeper.extensions import db

P4 = ["Ann", "Bo", "Cy", "Di"]


@contextmanager
def statements(app):
    """The SQL statements run inside the block."""
    seen: list[str] = []

    def count(_conn, _cursor, statement, *_):
        seen.append(statement)

    with app.app_context():
        engine = db.engine
    sa.event.listen(engine, "before_cursor_execute", count)
    try:
        yield seen
    finally:
        sa.event.remove(engine, "before_cursor_execute", count)


def forget(app) -> None:
    """What a worker just started holds: no figures, no scored game, no view."""
    for name in ("group_figures", "score_cache", "group_views"):
        app.extensions.pop(name, None)


@pytest.mark.parametrize("path", ["/g/{id}", "/api/groups/{id}/stats", "/api/groups/{id}"])
def test_a_cold_view_reads_the_hands_of_every_game_in_one_query(app, client, path):
    group = GroupApi(client)
    for number in range(12):
        group.game("ten-point", P4, [ten_all(number % 4, "moon", number % 2)])
    expected = client.get(path.format(id=group.id)).get_data()
    forget(app)
    with statements(app) as seen:
        answer = client.get(path.format(id=group.id))
    assert answer.status_code == 200 and answer.get_data() == expected
    assert sum(1 for statement in seen if "FROM hand" in statement) == 1
    assert len(seen) <= 8, seen  # one or two a game would be 12 or 24 more
