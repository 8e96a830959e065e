"""Keys and limits: a write is counted against a game's allowance only once its key opens the game, so anyone
with the share link at the scorers' address (a hall behind one router) cannot use it up; keys that open nothing
are limited per address, over every operation that takes a key, and a right key is never refused by that count.
Every key-taking write route of the API is swept (test_api_hostile_text.World lists them all), in memory and
in Redis."""

from __future__ import annotations

import pytest

from tests.support.hostile import World
from tests.support.limits import assert_limited_json, assert_limited_page

WRONG = {"Authorization": "Bearer " + "w" * 22}
WORDS = "Too many keys that open nothing from this address."


def keyed_operations(world: World) -> dict:
    """The write routes that take a key, each as (method, path, body, key)."""
    return {route: operation for route, operation in world.operations().items() if operation[3] is not None}


def test_writes_without_the_key_or_with_a_wrong_one_leave_the_scorers_allowance_whole(limited):
    client = limited(RATELIMIT_GAME_WRITES="3 per minute", RATELIMIT_WRONG_KEYS="1000 per minute")
    world = World(client)
    path = f"/api/games/{world.game}/hands"
    hand = {"misdeal": True}
    for headers in ({}, WRONG):
        answers = {client.post(path, json=hand, headers=headers).status_code for _ in range(10)}
        assert answers == ({401} if not headers else {403})
    bad = [client.post(path, data="{nope", content_type="application/json").status_code for _ in range(5)]
    assert bad == [400] * 5
    scorer = {"Authorization": f"Bearer {world.game_key}"}  # World logged one hand with it: two are left
    assert [client.post(path, json=hand, headers=scorer).status_code for _ in range(2)] == [201] * 2
    assert_limited_json(client.post(path, json=hand, headers=scorer),
                        "Too many changes to this game from this address.")


def test_keys_that_open_nothing_are_limited_per_address_on_every_operation_and_a_right_key_still_opens(limited):
    client = limited(RATELIMIT_WRONG_KEYS="4 per minute")
    world = World(client)
    operations = keyed_operations(world)
    assert len(operations) >= 20
    for route, (method, path, body, _key) in operations.items():
        fresh = limited(RATELIMIT_WRONG_KEYS="4 per minute")  # an address of its own for each operation
        answers = [getattr(fresh, method)(path, json=body, headers=WRONG).status_code for _ in range(5)]
        assert answers[:4] == [403] * 4, (route, answers)
        assert_limited_json(getattr(fresh, method)(path, json=body, headers=WRONG), WORDS)
        if not route.endswith("/key"):  # a key change would leave the later routes' keys replaced
            right = getattr(fresh, method)(path, json=body, headers={"Authorization": f"Bearer {_key}"})
            assert right.status_code != 429, (route, right.get_json())
    # The count is one per address across kinds of key: games, tournaments and groups draw on one allowance.
    one = limited(RATELIMIT_WRONG_KEYS="3 per minute")
    for method, path, body, _key in [operations["POST /api/games/<game_id>/hands"],
                                     operations["POST /api/tournaments/<tournament_id>/teams"],
                                     operations["PATCH /api/groups/<group_id>"]]:
        assert getattr(one, method)(path, json=body, headers=WRONG).status_code == 403
    assert one.post(f"/api/groups/{world.group}/people", json={"name": "Zed"}, headers=WRONG).status_code == 429
    assert client.post(f"/api/groups/{world.group}/people", json={"name": "Zed"}, headers=WRONG).status_code == 403


@pytest.mark.parametrize("form", ["join", "unlock"])
def test_the_join_and_unlock_forms_count_wrong_keys_too(limited, form):
    client = limited(RATELIMIT_WRONG_KEYS="2 per minute", WTF_CSRF_ENABLED=False)
    world = World(client)
    path = f"/games/{world.game}/join" if form == "join" else f"/t/{world.tournament}/manage/key"
    right = world.game_key if form == "join" else world.tournament_key
    assert [client.post(path, data={"key": "w" * 22}).status_code for _ in range(2)] == [403, 403]
    assert_limited_page(client.post(path, data={"key": "w" * 22}), WORDS)
    assert client.post(path, data={"key": right}).status_code == 303
