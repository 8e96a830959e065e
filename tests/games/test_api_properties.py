"""Whatever body the API receives, it answers 2xx or 4xx, never 5xx, and a refused write changes nothing."""

from __future__ import annotations

import json
from urllib.parse import quote

import pytest
import sqlalchemy as sa
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from scorekeeper.extensions import db
from scorekeeper.games.models import Game, HandRecord
from scorekeeper.rules import PRESETS
from tests.support.snapshots import snapshot, stable
from tests.support.tables import CARD_POINTS, CATEGORIES, PLAYERS

SEATS = {variant: len(players) for variant, players in PLAYERS.items()}

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
KNOWN_KEYS = (
    "variant", "players", "team_names", "rules", "id", "edit_key", "hands", "bidder", "bid", "trump", "captured",
    "all_tricks", "misdeal", "number", "after_hand", "finish_hand", "target", "min_bid", "max_bid", "moon", "end",
    *CARD_POINTS, *CATEGORIES,
)
SEEN_HAND_ID = "already-recorded-hand"
HAND_IDS = st.sampled_from([SEEN_HAND_ID, "fresh-hand-id", "6f1c2d4e-8a0b-4c1d-9e2f-3a4b5c6d7e8f"])
RAW_FIELDS = ("bidder", "bid", "trump", "captured", "misdeal")

SCALARS = (
    st.none() | st.booleans() | st.integers(-3, 12) | st.integers() | st.integers(-(10**60), 10**60)
    | st.floats() | st.text(max_size=12) | st.sampled_from(["moon", "hearts", "ten-point", "", " ", "\u0000", "🂡"])
)
JSON = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=5)
    | st.dictionaries(st.sampled_from(KNOWN_KEYS) | st.text(max_size=8), inner, max_size=6),
    max_leaves=25,
)


def valid_hand(variant: str) -> st.SearchStrategy[dict]:
    """A hand the variant's rules accept (a misdeal now and then)."""
    rules = PRESETS[variant]
    keys = CARD_POINTS if rules.scheme == "card_points" else CATEGORIES
    bids = st.integers(rules.min_bid, rules.max_bid)
    if rules.moon is not None:
        bids = bids | st.just("moon")
    hand = st.fixed_dictionaries({
        "bidder": st.integers(0, rules.players - 1),
        "bid": bids,
        "captured": st.fixed_dictionaries({key: st.integers(0, rules.team_count - 1) for key in keys}),
    }, optional={"trump": st.sampled_from(["clubs", "diamonds", "hearts", "spades"]), "id": HAND_IDS})
    return hand | st.just({"misdeal": True})


@st.composite
def near_valid(draw, valid: st.SearchStrategy[dict]) -> dict:
    """A valid body with a few fields dropped, replaced by any JSON, or added."""
    body = dict(draw(valid))
    for _ in range(draw(st.integers(0, 3))):
        action = draw(st.sampled_from(["drop", "replace", "add", "captured"]))
        if action == "drop" and body:
            body.pop(draw(st.sampled_from(sorted(body))))
        elif action == "replace" and body:
            body[draw(st.sampled_from(sorted(body)))] = draw(JSON)
        elif action == "add":
            body[draw(st.sampled_from(KNOWN_KEYS) | st.text(max_size=8))] = draw(JSON)
        elif action == "captured" and isinstance(body.get("captured"), dict):
            captured = dict(body["captured"])
            keys = st.sampled_from(sorted(captured)) | st.text(max_size=6) if captured else st.text(max_size=6)
            captured[draw(keys)] = draw(JSON)
            body["captured"] = captured
    return body


def hand_bodies(variant: str) -> st.SearchStrategy:
    """Any JSON, or a hand that is nearly right."""
    return JSON | near_valid(valid_hand(variant)) | valid_hand(variant)


@st.composite
def valid_game(draw) -> dict:
    """A new-game body the API accepts, sometimes client-made, sometimes with hands to import."""
    variant = draw(st.sampled_from(sorted(SEATS)))
    rules = PRESETS[variant]
    names = draw(st.lists(st.text(min_size=1, max_size=40).filter(str.strip), min_size=rules.players,
                          max_size=rules.players, unique_by=lambda name: name.strip().casefold()))
    body = {"variant": variant, "players": names}
    if draw(st.booleans()):
        body["team_names"] = [f"Team {team}" for team in range(rules.team_count)]
    if draw(st.booleans()):
        body["rules"] = draw(st.fixed_dictionaries({}, optional={
            "target": st.integers(1, 1000), "end": st.sampled_from(["bid_only", "first_to_target"]),
            "dealer_may_match": st.booleans(), "time_limit_minutes": st.none() | st.integers(1, 600),
        }))
    if draw(st.booleans()):
        body["id"] = draw(st.sampled_from(["client-made-game-id-000000", "client-made-game-id-111111"]))
        body["edit_key"] = draw(st.sampled_from(["client-made-edit-key-00000", "client-made-edit-key-11111"]))
    if draw(st.booleans()):
        body["hands"] = draw(st.lists(near_valid(valid_hand(variant)), max_size=4))
    return body


def send(client, method: str, path: str, body, headers=None):
    """Any JSON value as the body."""
    return getattr(client, method)(path, data=json.dumps(body), content_type="application/json", headers=headers or {})


def stored(app) -> tuple[int, int]:
    """How many games and hands the database holds."""
    with app.app_context():
        return tuple(db.session.scalar(sa.select(sa.func.count()).select_from(model)) for model in (Game, HandRecord))


def seeded_game(client, make_game, variant: str = "ten-point") -> tuple[dict, dict]:
    """A game with two hands recorded, the first under SEEN_HAND_ID."""
    game, headers = make_game(variant)
    for hand in ({"misdeal": True, "id": SEEN_HAND_ID}, {"misdeal": True}):
        assert send(client, "post", f"/api/games/{game['id']}/hands", hand, headers).status_code == 201
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
