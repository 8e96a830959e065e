"""A group's views at speed: a worker that has kept no game's figures reads the hands of all of them in a few
queries, not one or two per game."""

from __future__ import annotations

from contextlib import contextmanager

import pytest
import sqlalchemy as sa

from scorekeeper.extensions import db
from tests.support.groups import GroupApi, ten_all

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


def test_the_ratings_are_counted_once_per_state_of_the_games_whatever_the_views(app, client, monkeypatch):
    """Every view of the group (its page, by rating, its stats, a person's page, its JSON, who would win) shares one
    count of the ratings over every game; a new game, an edit or a merge counts them once more, and a season once
    of its own."""
    from scorekeeper.groups import ratings

    counted = []
    replay = ratings.replay
    monkeypatch.setattr(ratings, "replay", lambda records: counted.append(1) or replay(records))
    group = GroupApi(client)
    made = [group.game("ten-point", P4, [ten_all(number % 4, "moon", number % 2)])["id"] for number in range(6)]
    counted.clear()
    people = group.people()  # the group's JSON: the first count at this state
    paths = [f"/g/{group.id}?season=all", f"/g/{group.id}?season=all&board=rating", f"/api/groups/{group.id}/stats",
             f"/g/{group.id}/people/{people['Ann']}", f"/api/groups/{group.id}",
             f"/api/groups/{group.id}/chances?a={people['Ann']}&b={people['Bo']}",
             f"/g/{group.id}?season=all&a={people['Ann']}&b={people['Bo']}"]
    for path in paths * 2:
        assert client.get(path).status_code == 200, path
    assert len(counted) == 1
    client.put(f"/api/games/{made[0]}/hands/1", json=ten_all(1, "moon", 1), headers=group.headers)
    for path in paths:
        assert client.get(path).status_code == 200, path
    assert len(counted) == 2
    group.stats("?from=2000-01-01")
    group.stats("?from=2000-01-01")
    assert len(counted) == 3
