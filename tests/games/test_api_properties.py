"""Whatever body the API receives, it answers 2xx or 4xx, never 5xx, and a refused write changes nothing."""

from __future__ import annotations

import json
from urllib.parse import quote

import pytest
import sqlalchemy as sa
from hypothesis import event, given
from hypothesis import strategies as st

from scorekeeper.extensions import db
from scorekeeper.games.models import Game, HandRecord
from tests.support.bodies import (
    HAND_IDS,
    JSON,
    SCALARS,
    SEEN_HAND_ID,
    SETTINGS,
    hand_bodies,
    near_valid,
    send,
    valid_game,
    valid_hand,
)
from tests.support.snapshots import snapshot, stable

RAW_FIELDS = ("bidder", "bid", "trump", "captured", "misdeal")


def stored(app) -> tuple[int, int]:
    """How many games and hands the database holds."""
    with app.app_context():
        return tuple(db.session.scalar(sa.select(sa.func.count()).select_from(model)) for model in (Game, HandRecord))


def seeded_game(client, make_game, variant: str = "ten-point") -> tuple[dict, dict]:
    """A game with two hands recorded, the first under SEEN_HAND_ID."""
    game, headers = make_game(variant, hands=[{"misdeal": True, "id": SEEN_HAND_ID}, {"misdeal": True}])
    assert [hand.get("id") for hand in game["hands"]][:1] == [SEEN_HAND_ID] and len(game["hands"]) == 2
    return snapshot(client, game), headers


def raw(hand: dict) -> dict:
    """What the table said in a hand, as the API shows it (or as it was sent)."""
    if hand.get("misdeal"):
        return {"misdeal": True}
    return {key: hand.get(key) for key in RAW_FIELDS if key != "misdeal"}


@SETTINGS
@given(body=JSON | valid_game() | near_valid(valid_game()))
def test_any_new_game_body_is_answered_without_5xx(app, client, body):
    """POST /api/games: 201 stores the game and its hands, 200 (a client-made replay) or 4xx store nothing."""
    games, hands = stored(app)
    response = send(client, "post", "/api/games", body)
    assert response.status_code < 500, response.get_data(as_text=True)
    event(f"status {response.status_code}")
    if response.status_code == 201:
        game = response.get_json()
        assert len(game["hands"]) == len(body.get("hands", []))
        assert stored(app) == (games + 1, hands + len(game["hands"]))
        assert snapshot(client, game) == stable({key: value for key, value in game.items() if key != "edit_key"})
    else:
        assert response.get_json()["error"] if response.status_code != 200 else response.get_json()["id"]
        assert stored(app) == (games, hands)


@pytest.mark.parametrize("variant", ["ten-point", "five-point"])
def test_any_hand_body_is_recorded_whole_or_not_at_all(client, make_game, variant):
    """POST hands: a 201 adds exactly the hand that was sent; anything else changes nothing."""

    @SETTINGS
    @given(body=hand_bodies(variant) | near_valid(valid_hand(variant).map(lambda hand: {**hand, "number": 3})))
    def check(body):
        game, headers = seeded_game(client, make_game, variant)
        response = send(client, "post", f"/api/games/{game['id']}/hands", body, headers)
        assert response.status_code < 500, response.get_data(as_text=True)
        event(f"status {response.status_code}")
        after = snapshot(client, game)
        if response.status_code != 201:
            assert 200 <= response.status_code < 500
            assert after == game
            return
        assert after["hands"][:-1] == game["hands"] and len(after["hands"]) == 3
        added = after["hands"][-1]
        assert raw(added) == raw({"trump": None, **body})
        if body.get("id") is not None:
            assert added["id"] == body["id"]

    check()


@SETTINGS
@given(number=st.integers(1, 2) | st.integers(-1, 4), body=hand_bodies("ten-point"))
def test_any_replacement_changes_only_its_hand_or_nothing(client, make_game, number, body):
    """PUT hands/<n>: a 200 changes what the table said in hand n only; anything else changes nothing."""
    game, headers = seeded_game(client, make_game)
    response = send(client, "put", f"/api/games/{game['id']}/hands/{number}", body, headers)
    assert response.status_code < 500, response.get_data(as_text=True)
    event(f"status {response.status_code}")
    after = snapshot(client, game)
    if response.status_code != 200:
        assert after == game
        return
    assert [hand["id"] for hand in after["hands"]] == [hand["id"] for hand in game["hands"]]
    for index, (old, new) in enumerate(zip(game["hands"], after["hands"], strict=True), start=1):
        assert index == number or raw(old) == raw(new)


@SETTINGS
@given(number=st.integers(1, 2) | st.integers(-1, 4) | st.integers(), hand_id=st.none() | HAND_IDS | st.text())
def test_any_removal_removes_one_hand_or_nothing(client, make_game, number, hand_id):
    """DELETE hands/<n>[?id=]: one hand goes (200), or the game is unchanged."""
    game, headers = seeded_game(client, make_game)
    query = "" if hand_id is None else f"?id={quote(hand_id, safe='')}"
    response = client.delete(f"/api/games/{game['id']}/hands/{number}{query}", headers=headers)
    assert response.status_code < 500, response.get_data(as_text=True)
    event(f"status {response.status_code}")
    after = snapshot(client, game)
    if response.status_code == 200 and len(after["hands"]) == 1:
        kept = [hand["id"] for index, hand in enumerate(game["hands"], start=1) if index != number]
        assert [hand["id"] for hand in after["hands"]] == kept
    else:
        assert after == game


@SETTINGS
@given(body=st.none() | JSON | st.fixed_dictionaries({}, optional={"after_hand": SCALARS, "finish_hand": SCALARS}))
def test_any_time_call_is_answered_without_5xx(client, make_game, body):
    """POST time: 200 records the call; anything else changes nothing."""
    game, headers = seeded_game(client, make_game, "tournament")
    data = "" if body is None else json.dumps(body)
    response = client.post(f"/api/games/{game['id']}/time", data=data, content_type="application/json",
                           headers=headers)
    assert response.status_code < 500, response.get_data(as_text=True)
    event(f"status {response.status_code}")
    after = snapshot(client, game)
    if response.status_code == 200:
        assert after["time_called"] is not None
    else:
        assert after == game


@SETTINGS
@given(key=st.text(st.characters(min_codepoint=32, max_codepoint=126), max_size=80), body=hand_bodies("ten-point"))
def test_any_wrong_key_changes_nothing(client, make_game, key, body):
    """Without the game's own key, every write is 401 or 403 and nothing changes."""
    game, headers = seeded_game(client, make_game)
    if key.strip() == headers["Authorization"].removeprefix("Bearer "):
        return
    sent = {"Authorization": f"Bearer {key}"}
    for method, path in (("post", "/hands"), ("put", "/hands/1"), ("delete", "/hands/1"), ("post", "/time")):
        response = send(client, method, f"/api/games/{game['id']}{path}", body, sent)
        assert response.status_code in (401, 403)
    assert snapshot(client, game) == game


@SETTINGS
@given(game_id=st.text(max_size=80))
def test_any_game_address_is_answered_without_5xx(client, game_id):
    """GET and the share page take any id in the path: 404 (or 405/308 for odd paths), never 5xx."""
    path = quote(game_id, safe="")
    for address in (f"/api/games/{path}", f"/share/{path}"):
        assert client.get(address).status_code < 500
    assert client.post(f"/api/games/{path}/hands", json={"misdeal": True}).status_code < 500
