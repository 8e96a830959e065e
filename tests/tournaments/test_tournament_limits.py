"""What a tournament creates is counted (issue: 256 teams registered in 2.3 s, 3 draws made 384 games with no 429).

- RATELIMIT_TOURNAMENT_GAMES: the games a draw makes, per address, counted before any is made: a draw that would
  go past the allowance is 429 and makes nothing; one that reaches it exactly is drawn.
- RATELIMIT_TOURNAMENT_WRITES: every write to a tournament (registrations, draws, starts, tie-breaks, key
  changes; the API and the coordinator's forms), per address and tournament, counted once the key opens it.
"""

from __future__ import annotations

import re

import sqlalchemy as sa

from scorekeeper.extensions import db
from scorekeeper.games.models import Game
from tests.support.limits import assert_limited_json, assert_limited_page


def tournament(client, teams: int) -> tuple[str, dict]:
    made = client.post("/api/tournaments", json={"name": "Hall", "seed": 7})
    assert made.status_code == 201, made.get_json()
    tid, headers = made.get_json()["id"], {"Authorization": f"Bearer {made.get_json()['edit_key']}"}
    for number in range(teams):
        added = client.post(f"/api/tournaments/{tid}/teams", headers=headers,
                            json={"name": f"Team {number}", "players": [f"N{number}", f"S{number}"]})
        assert added.status_code == 201, added.get_json()
    return tid, headers


def games_stored(client) -> int:
    with client.application.app_context():
        return db.session.scalar(sa.select(sa.func.count()).select_from(Game))


def refused_without_the_key(client, path: str, body: dict | None = None) -> None:
    """A write with no key, and one with a key that is not the tournament's, are refused (401, 403)."""
    for wrong in ({}, {"Authorization": "Bearer " + "x" * 22}):
        assert client.post(path, headers=wrong, json=body).status_code in (401, 403)


def test_draws_count_their_games_and_one_past_the_allowance_makes_nothing(limited):
    client = limited(RATELIMIT_TOURNAMENT_GAMES="6 per hour", RATELIMIT_TOURNAMENTS="10 per hour")
    first, second, third = tournament(client, 8), tournament(client, 4), tournament(client, 4)
    assert client.post(f"/api/tournaments/{first[0]}/rounds", headers=first[1]).status_code == 201  # 4 games
    assert client.post(f"/api/tournaments/{second[0]}/rounds", headers=second[1]).status_code == 201  # 6 of 6
    before = games_stored(client)
    refused = client.post(f"/api/tournaments/{third[0]}/rounds", headers=third[1])
    assert_limited_json(refused, "Too many tournament games drawn from this address.", wait="minutes")
    assert "Nothing was saved" in refused.get_json()["error"]
    assert games_stored(client) == before
    assert client.get(f"/api/tournaments/{third[0]}/rounds/1").status_code == 404


def test_a_draw_larger_than_the_whole_allowance_says_so(limited):
    client = limited(RATELIMIT_TOURNAMENT_GAMES="5 per hour")
    tid, headers = tournament(client, 12)  # 6 tables
    before = games_stored(client)
    refused = client.post(f"/api/tournaments/{tid}/rounds", headers=headers)
    assert refused.status_code == 422
    assert refused.get_json()["error"] == (
        "Too many tournament games drawn from this address. This needs 6 at once, more than the 5 an address may "
        "have in an hour (RATELIMIT_TOURNAMENT_GAMES).")
    assert games_stored(client) == before


def test_a_draw_without_the_key_counts_no_games(limited):
    client = limited(RATELIMIT_TOURNAMENT_GAMES="4 per hour")
    tid, headers = tournament(client, 8)
    refused_without_the_key(client, f"/api/tournaments/{tid}/rounds")
    assert client.post(f"/api/tournaments/{tid}/rounds", headers=headers).status_code == 201


def test_the_draw_form_says_the_same(limited):
    client = limited(RATELIMIT_TOURNAMENT_GAMES="3 per hour")
    drawn, drawn_headers = tournament(client, 4)
    assert client.post(f"/api/tournaments/{drawn}/rounds", headers=drawn_headers).status_code == 201  # 2 of 3
    tid, _headers = tournament(client, 4)
    key = _headers["Authorization"].removeprefix("Bearer ")
    assert client.post(f"/t/{tid}/manage/key", data={"key": key}).status_code == 303
    before = games_stored(client)
    assert_limited_page(client.post(f"/t/{tid}/manage/rounds", data={}),
                        "Too many tournament games drawn from this address.")
    assert games_stored(client) == before


def test_registrations_are_counted_per_tournament_once_the_key_opens_it(limited):
    client = limited(RATELIMIT_TOURNAMENT_WRITES="5 per minute")
    tid, headers = tournament(client, 4)
    refused_without_the_key(client, f"/api/tournaments/{tid}/teams", {"name": "Late", "players": ["La", "Lb"]})
    assert client.post(f"/api/tournaments/{tid}/teams", headers=headers,
                       json={"name": "Fifth", "players": ["Fa", "Fb"]}).status_code == 201
    assert_limited_json(client.post(f"/api/tournaments/{tid}/teams", headers=headers,
                                    json={"name": "Late", "players": ["La", "Lb"]}),
                        "Too many changes to this tournament from this address.")
    other, other_headers = tournament(client, 5)  # another tournament from the same address: its own count
    assert client.get(f"/api/tournaments/{other}").get_json()["name"] == "Hall"


def write_routes(app) -> list[tuple[str, str]]:
    """Every POST route that changes a tournament with its key: (endpoint, rule)."""
    found = []
    for rule in app.url_map.iter_rules():
        if "POST" in (rule.methods or ()) and "tournament_id" in rule.arguments \
                and rule.endpoint.split(".")[0] in ("tournament_api", "tournaments") \
                and rule.endpoint != "tournaments.unlock":
            found.append((rule.endpoint, rule.rule))
    return sorted(found)


def test_every_write_route_of_a_tournament_is_counted(limited):
    """Each write route, with the key, once: the next write to the same tournament from the address is 429."""
    client = limited(RATELIMIT_TOURNAMENT_WRITES="1 per minute", RATELIMIT_TOURNAMENTS="1000 per hour")
    routes = write_routes(client.application)
    assert len(routes) >= 15, routes
    for endpoint, rule in routes:
        client.application.config["RATELIMIT_TOURNAMENT_WRITES"] = "1000 per minute"
        tid, headers = tournament(client, 4)
        key = headers["Authorization"].removeprefix("Bearer ")
        assert client.post(f"/t/{tid}/manage/key", data={"key": key}).status_code == 303
        client.application.config["RATELIMIT_TOURNAMENT_WRITES"] = "1 per minute"
        path = re.sub(r"<tournament_id>", tid, re.sub(r"<int:number>", "1", rule))
        if endpoint.startswith("tournament_api."):
            first = client.post(path, headers=headers, json={})
        else:
            first = client.post(path, data={})
        assert first.status_code != 429, (rule, first.status_code)
        second = client.post(f"/api/tournaments/{tid}/teams", headers=headers,
                             json={"name": "Late", "players": ["La", "Lb"]})
        assert second.status_code == 429, (rule, first.status_code, first.get_data(as_text=True)[:200])
