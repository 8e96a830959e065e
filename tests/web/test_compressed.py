"""Compressed answers kept by ETag: served again while the game's revision holds, never after it changes."""

from __future__ import annotations

import gzip
import json

from scorekeeper.extensions import compress
from scorekeeper.web.compressed import NOT_KEPT, CompressedBodies
from tests.support.tables import PLAYERS

GZIP = {"Accept-Encoding": "gzip"}
MADE = {"bidder": 0, "bid": 3, "captured": {
    "ace": 0, "jack": 0, "off_jack": 0, "high_joker": 0, "low_joker": 1, "ten": 0, "three": 1, "two": 0}}


def kept_keys() -> list[str]:
    """The keys of the compressed bodies kept by the app's Flask-Compress."""
    return compress.cache.keys()


def read(client, path: str) -> tuple[dict | str, str]:
    """GET `path` in gzip; its body decompressed (JSON decoded where it is JSON) and its ETag."""
    response = client.get(path, headers=GZIP)
    assert response.status_code == 200
    assert response.headers["Content-Encoding"] == "gzip"
    text = gzip.decompress(response.data).decode()
    body = json.loads(text) if response.mimetype == "application/json" else text
    return body, response.headers["ETag"]


def test_a_game_read_twice_is_compressed_once_and_reads_the_same(client, make_game):
    game, headers = make_game()
    for _ in range(4):
        assert client.post(f"/api/games/{game['id']}/hands", json=MADE, headers=headers).status_code == 201
    first, tag = read(client, f"/api/games/{game['id']}")
    keys = [key for key in kept_keys() if f"/api/games/{game['id']}" in key]
    assert len(keys) == 1 and keys[0].startswith("gzip;")
    second, again = read(client, f"/api/games/{game['id']}")
    assert (second, again) == (first, tag)
    plain = client.get(f"/api/games/{game['id']}").get_json()
    assert plain == first and len(first["hands"]) == 4


def test_a_new_hand_is_never_answered_from_the_kept_body(client, make_game):
    game, headers = make_game()
    client.post(f"/api/games/{game['id']}/hands", json=MADE, headers=headers)
    before, tag = read(client, f"/api/games/{game['id']}")
    client.post(f"/api/games/{game['id']}/hands", json=MADE, headers=headers)
    after, new_tag = read(client, f"/api/games/{game['id']}")
    assert new_tag != tag
    assert [len(before["hands"]), len(after["hands"])] == [1, 2]
    assert after["scores"] != before["scores"]


def test_share_page_and_live_part_are_kept_by_their_tags(client, make_game):
    game, headers = make_game()
    client.post(f"/api/games/{game['id']}/hands", json=MADE, headers=headers)
    live = f"/share/{game['id']}/live"
    for path in (f"/share/{game['id']}", live):
        first, tag = read(client, path)
        assert any(key.startswith("gzip;") and path + "?" in key for key in kept_keys())
        assert read(client, path) == (first, tag)
    before, _ = read(client, live)
    client.post(f"/api/games/{game['id']}/hands", json=MADE, headers=headers)
    after, _ = read(client, live)
    assert after != before and after.count("<tr") > before.count("<tr")


def test_a_clocked_game_is_compressed_each_time_because_its_answer_tells_the_time(client):
    response = client.post("/api/games", json={"variant": "tournament", "players": PLAYERS["tournament"]})
    assert response.status_code == 201, response.get_json()
    game = response.get_json()
    assert game["rules"].get("time_limit_minutes")
    read(client, f"/api/games/{game['id']}")
    assert not [key for key in kept_keys() if game["id"] in key]


def test_answers_no_view_vouched_for_are_not_kept(client, make_game):
    game, _ = make_game()
    before = set(kept_keys())
    for path in ("/", f"/games/{game['id']}/export.json"):
        response = client.get(path, headers=GZIP)
        assert response.status_code == 200 and response.headers["Content-Encoding"] == "gzip"
    assert set(kept_keys()) == before


def test_the_kept_bodies_stay_within_their_byte_budget_least_recently_used_first():
    bodies = CompressedBodies(budget=10)
    bodies.set("gzip;a", b"1234")
    bodies.set("gzip;b", b"5678")
    assert bodies.get("gzip;a") == b"1234"  # a is now the most recently used
    bodies.set("gzip;c", b"90ab")
    assert (bodies.get("gzip;a"), bodies.get("gzip;b"), bodies.get("gzip;c")) == (b"1234", None, b"90ab")
    assert bodies.size == 8
    bodies.set("gzip;a", b"12")  # a replaced: its old size no longer counts
    assert bodies.size == 6
    bodies.set("gzip;big", b"x" * 11)  # larger than the whole budget: never kept
    assert bodies.get("gzip;big") is None and bodies.size == 6
    bodies.set(f"gzip;{NOT_KEPT}", b"z")
    assert bodies.get(f"gzip;{NOT_KEPT}") is None and bodies.size == 6
