"""Prefer: return=minimal (RFC 7240) on hand writes: the hand as stored, the scores and the revision, whatever
the length of the game, under the game JSON's ETag; without it (or with anything else) the whole game."""

from __future__ import annotations

import pytest

from scorekeeper.rules import PRESETS

MINIMAL = {"Prefer": "return=minimal"}
SHORT_FIELDS = {"id", "hand", "scores", "status", "winner", "next_dealer", "next_number", "revision"}
FROM_THE_GAME = ("scores", "status", "winner", "next_dealer", "next_number")
# Ways of writing the preference that mean return=minimal, and ways that do not.
MEANS_MINIMAL = ["return=minimal", "RETURN=Minimal", 'return="minimal"', "respond-async, return=minimal; x=1",
                 "wait=10, return=minimal", "return=minimal, return=representation"]
MEANS_WHOLE = [None, "", "return=representation", "return=representation, return=minimal", "handling=lenient",
               "return", "return=", "returns=minimal", "minimal"]


def players(variant: str) -> list[str]:
    """As many players as the preset seats first."""
    return [f"P{seat}" for seat in range(PRESETS[variant].players)]


@pytest.fixture
def game(client):
    """A started game of any preset; returns (id, auth headers)."""

    def make(variant: str = "ten-point", **extra):
        made = client.post("/api/games", json={"variant": variant, "players": players(variant), **extra}).get_json()
        return made["id"], {"Authorization": f"Bearer {made['edit_key']}"}

    return make


def writes(client, game_id: str, headers: dict):
    """Each hand write, in an order that leaves each valid: (name, response)."""
    path = f"/api/games/{game_id}/hands"
    yield "post", client.post(path, json={"misdeal": True, "id": "first"}, headers=headers)
    yield "post again", client.post(path, json={"misdeal": True, "id": "first"}, headers=headers)
    yield "post the same number", client.post(path, json={"misdeal": True, "number": 1}, headers=headers)
    yield "post", client.post(path, json={"misdeal": True}, headers=headers)
    yield "put", client.put(f"{path}/1", json={"misdeal": True}, headers=headers)
    yield "delete", client.delete(f"{path}/2?last=1", headers=headers)
    yield "delete again", client.delete(f"{path}/2?id=gone", headers=headers)


@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_every_hand_write_of_every_preset_answers_short_and_true(client, game, variant):
    """The short answer's hand is the game's hand as stored, its figures the game's, its ETag the game JSON's."""
    game_id, key = game(variant)
    revision = 1
    for name, response in writes(client, game_id, {**key, **MINIMAL}):
        assert response.status_code in (200, 201), (name, response.get_json())
        short = response.get_json()
        assert set(short) == SHORT_FIELDS and response.headers["Preference-Applied"] == "return=minimal"
        whole = client.get(f"/api/games/{game_id}")
        body = whole.get_json()
        assert {field: short[field] for field in FROM_THE_GAME} == {field: body[field] for field in FROM_THE_GAME}
        if name.startswith("delete"):
            assert short["hand"] is None
        else:
            assert short["hand"] in body["hands"], name
        assert short["hand"] is None or short["hand"] == body["hands"][short["hand"]["number"] - 1]
        held = client.get(f"/api/games/{game_id}", headers={"If-None-Match": response.headers["ETag"]})
        assert held.status_code == 304, name
        # A write that changed something raises the revision by one; a repeat changes nothing (replacing a
        # misdeal with a misdeal may do either: the row is written again).
        allowed = {revision + 1} if name in ("post", "delete") else {revision} if "again" in name or "same" in name \
            else {revision, revision + 1}
        assert short["revision"] in allowed, name
        revision = short["revision"]


@pytest.mark.parametrize("prefer", MEANS_MINIMAL)
def test_each_way_of_asking_for_the_short_answer_gets_it(client, game, prefer):
    game_id, key = game()
    response = client.post(f"/api/games/{game_id}/hands", json={"misdeal": True}, headers={**key, "Prefer": prefer})
    assert response.status_code == 201 and set(response.get_json()) == SHORT_FIELDS
    assert response.headers["Preference-Applied"] == "return=minimal" and "Prefer" in response.headers["Vary"]


@pytest.mark.parametrize("prefer", MEANS_WHOLE)
@pytest.mark.parametrize("operation", ["post", "put", "delete"])
def test_without_the_preference_every_hand_write_answers_the_whole_game(client, game, prefer, operation):
    game_id, key = game()
    headers = key if prefer is None else {**key, "Prefer": prefer}
    client.post(f"/api/games/{game_id}/hands", json={"misdeal": True}, headers=key)
    path = f"/api/games/{game_id}/hands"
    response = {"post": lambda: client.post(path, json={"misdeal": True}, headers=headers),
                "put": lambda: client.put(f"{path}/1", json={"misdeal": True}, headers=headers),
                "delete": lambda: client.delete(f"{path}/1", headers=headers)}[operation]()
    assert response.status_code in (200, 201)
    assert "Preference-Applied" not in response.headers
    whole = response.get_json()
    assert "hands" in whole and whole == client.get(f"/api/games/{game_id}").get_json()


@pytest.mark.parametrize("hands", [0, 9, 399])
def test_the_short_answer_does_not_grow_with_the_game(client, game, hands):
    """At hand 1, 10 and 400 the short answer is the same few hundred bytes; the whole game grows."""
    game_id, key = game("ten-point", rules={"target": 1000}, hands=[{"misdeal": True}] * hands)
    sent = {"bidder": 1, "bid": 5, "points": [4, 6]}
    short = client.post(f"/api/games/{game_id}/hands", json=sent, headers={**key, **MINIMAL})
    assert short.get_json()["hand"]["number"] == hands + 1
    assert len(short.data) < 400
    undo = client.delete(f"/api/games/{game_id}/hands/{hands + 1}?last=1", headers=key)
    assert len(undo.data) > 100 * hands  # the whole game: some 130 bytes a misdeal


@pytest.mark.parametrize(("send", "status"), [
    (lambda client, path, key: client.post(f"{path}/hands", json={"misdeal": True}, headers=MINIMAL), 401),
    (lambda client, path, key: client.post(f"{path}/hands", json={"misdeal": True},
                                           headers={"Authorization": "Bearer not-the-key-0000000000000", **MINIMAL}),
     403),
    (lambda client, path, key: client.put(f"{path}/hands/3", json={"misdeal": True}, headers={**key, **MINIMAL}), 404),
    (lambda client, path, key: client.post(f"{path}/hands", json={"misdeal": True, "number": 7},
                                           headers={**key, **MINIMAL}), 409),
    (lambda client, path, key: client.post(f"{path}/hands", json={"bidder": 1}, headers={**key, **MINIMAL}), 422),
    (lambda client, path, key: client.delete(f"{path}/hands/1?last=yes", headers={**key, **MINIMAL}), 422),
])
def test_a_refused_write_is_the_same_error_with_or_without_the_preference(client, game, send, status):
    game_id, key = game()
    path = f"/api/games/{game_id}"
    client.post(f"{path}/hands", json={"misdeal": True}, headers=key)
    revision = client.get(path).headers["ETag"]
    response = send(client, path, key)
    assert response.status_code == status and "Preference-Applied" not in response.headers
    assert set(response.get_json()) <= {"error", "field", "code"}
    assert client.get(path).headers["ETag"] == revision  # nothing was written
