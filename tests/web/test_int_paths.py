"""Every number in a path (`<int:...>` of every route) past what a database column holds is a 404, never a 500.

The routes are read from the app's own URL map, so a route added later is covered without naming it here. Each is
sent with each of its methods, for ids that name nothing and for ids of a real game, night and tournament, with the
number just past the largest a column holds, one far past any 64-bit integer, and the largest a column holds.
"""

from __future__ import annotations

import re

import pytest
from werkzeug.routing import IntegerConverter

from scorekeeper.web.http import StoredInteger

LARGEST = 2**31 - 1
PAST = (LARGEST + 1, 347532071201464551014781681664)


def int_rules(app):
    """Every rule with a whole number in its path, with the names of its arguments."""
    return [rule for rule in app.url_map.iter_rules()
            if any(isinstance(converter, IntegerConverter) for converter in rule._converters.values())]


def test_every_whole_number_in_a_path_is_one_a_column_holds(app):
    rules = int_rules(app)
    assert len(rules) >= 10, [rule.rule for rule in rules]
    for rule in rules:
        for name, converter in rule._converters.items():
            if isinstance(converter, IntegerConverter):
                assert isinstance(converter, StoredInteger) and converter.LARGEST == LARGEST, (rule.rule, name)


@pytest.fixture
def owners(client, make_game):
    """Real ids and their keys: a game, a night with a drawn game, a tournament (anything else gets a well-formed id
    of nothing), so that a route gets past its key check to the number."""
    game, _ = make_game()
    night = client.post("/api/nights", json={"name": "Hall"}).get_json()
    names = "\n".join(f"Player {n}" for n in range(8))
    key = {"Authorization": f"Bearer {night['edit_key']}"}
    client.post(f"/api/nights/{night['id']}/players", json={"text": names}, headers=key)
    client.post(f"/api/nights/{night['id']}/games", headers=key)
    tournament = client.post("/api/tournaments", json={"name": "Cup", "variant": "ten-point"}).get_json()
    return {"game_id": (game["id"], game["edit_key"]), "night_id": (night["id"], night["edit_key"]),
            "tournament_id": (tournament["id"], tournament["edit_key"])}


@pytest.mark.parametrize("number", [*PAST, LARGEST])
def test_a_number_past_what_a_column_holds_is_not_found(app, client, owners, number):
    """Past the largest: a 404, as for any number nothing has. The largest itself reaches the route, which answers as
    for any number it does not have: never a 500."""
    for rule in int_rules(app):
        path = "".join(str(number) if isinstance(rule._converters.get(name), IntegerConverter)
                       else owners.get(name, ("x" * 22,))[0] if name is not None else text
                       for text, name in _pieces(rule.rule))
        keys = [owners[name][1] for name in rule.arguments if name in owners]
        headers = {"Authorization": f"Bearer {keys[-1]}"} if keys else {}
        for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
            answer = client.open(path, method=method, json={"player": "Player 1"}, headers=headers)
            assert answer.status_code < 500, (method, path, answer.get_data(as_text=True)[:200])
            if number != LARGEST:
                assert answer.status_code == 404, (method, path, answer.status_code)


def _pieces(rule: str) -> list[tuple[str, str | None]]:
    """A rule's path as (text, None) and (placeholder, argument name) pieces."""
    return [(piece, piece[1:-1].split(":")[-1] if piece.startswith("<") else None)
            for piece in re.split(r"(<[^>]+>)", rule)]
