"""Hypothesis strategies of the API's bodies, and a client that sends them."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from scorekeeper.rules import PRESETS
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
