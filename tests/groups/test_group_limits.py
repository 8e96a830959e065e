"""New groups and people are limited per address like new games; a game started in a group counts as a new game."""

from __future__ import annotations

from tests.support.limits import address, assert_limited_json, assert_limited_page


def test_new_groups_and_people_share_an_allowance_as_large_as_new_games(limited):
    client = limited(RATELIMIT_GAMES="3 per minute")
    made = client.post("/api/groups", json={"name": "Thursday"})
    assert made.status_code == 201
    headers = {"Authorization": f"Bearer {made.get_json()['edit_key']}"}
    url = f"/api/groups/{made.get_json()['id']}"
    assert client.post(f"{url}/people", json={"name": "Ann"}, headers=headers).status_code == 201
    assert client.post(f"{url}/people", json={"name": "Bo"}, headers=headers).status_code == 201
    assert_limited_json(client.post(f"{url}/people", json={"name": "Cy"}, headers=headers),
                        "Too many new groups or people from this address.")
    assert_limited_page(client.post("/groups/new", data={"name": "Friday", "min_games": "3"}),
                        "Too many new groups or people from this address.")
    assert client.get(url).status_code == 200  # reading is never limited
    game = {"variant": "cutthroat", "players": ["Ann", "Bo", "Cy"]}
    assert client.post(f"{url}/games", json=game, headers=headers).status_code == 201  # the games' allowance
    other = client.post("/api/groups", json={"name": "Elsewhere"}, environ_base={"REMOTE_ADDR": address()})
    assert other.status_code == 201


def test_group_imports_draw_on_the_imports_allowance(limited):
    client = limited(RATELIMIT_IMPORTS="1 per minute")
    body = {"format": "pitch-scorekeeper-group", "version": 1, "name": "Imported", "people": [], "games": []}
    assert client.post("/api/groups/import", json=body).status_code == 201
    assert_limited_json(client.post("/api/groups/import", json=body), "Too many imported games from this address.")
    assert client.post("/api/groups", json={"name": "Made"}).status_code == 201  # new groups are counted apart
