"""Per-address rate limits on memory and on Redis storage: 429 bodies, Retry-After, and the team cap."""

from __future__ import annotations

import io

import pytest

from scorekeeper.config import LIMITS, from_environment
from scorekeeper.tournaments.service import MAX_TEAMS
from tests.support.limits import address, assert_limited_json, assert_limited_page
from tests.support.tables import PLAYERS

GAME = {"variant": "ten-point", "players": PLAYERS["ten-point"]}
POINTS = ("ace", "jack", "off_jack", "high_joker", "low_joker", "ten", "three", "two")
HAND = {"bidder": 0, "bid": 5, "captured": dict.fromkeys(POINTS, 0)}


def test_new_games_are_limited_per_address_across_the_api_and_the_start_form(limited):
    """Two new games a minute: the third, by API or by form, is a 429; another address still creates."""
    client = limited(RATELIMIT_GAMES="2 per minute")
    assert [client.post("/api/games", json=GAME).status_code for _ in range(2)] == [201, 201]
    assert_limited_json(client.post("/api/games", json=GAME), "Too many new games from this address.")
    form = {"variant": "ten-point", **{f"players-{seat}": name for seat, name in enumerate(PLAYERS["ten-point"])}}
    assert_limited_page(client.post("/", data=form), "Too many new games from this address.")
    assert client.get("/").status_code == 200  # reading is never limited
    other = client.post("/api/games", json=GAME, environ_base={"REMOTE_ADDR": address()})
    assert other.status_code == 201


def test_imports_are_limited(limited):
    """One import a minute: the second upload is refused before it is read."""
    client = limited(RATELIMIT_IMPORTS="1 per minute")
    game = client.post("/api/games", json=GAME).get_json()
    exported = client.get(f"/games/{game['id']}/export.json").data
    upload = {"file": (io.BytesIO(exported), "game.json")}
    assert client.post("/import", data=upload, content_type="multipart/form-data").status_code == 303
    again = {"file": (io.BytesIO(exported), "game.json")}
    assert_limited_page(client.post("/import", data=again, content_type="multipart/form-data"),
                        "Too many imported games from this address.")
    assert client.get("/import").status_code == 200


def test_new_tournaments_are_limited_across_the_api_and_the_page(limited):
    """One new tournament an hour, whether made through the API or the set-up form."""
    client = limited(RATELIMIT_TOURNAMENTS="1 per hour")
    assert client.post("/api/tournaments", json={"name": "Hall"}).status_code == 201
    assert_limited_json(client.post("/api/tournaments", json={"name": "Hall"}),
                        "Too many new tournaments from this address.", wait="minutes")
    form = {"name": "Hall", "entry_fee": "20", "payout_percent": "50", "games_per_team": "2",
            "minutes_per_game": "30", "variant": "tournament"}
    assert_limited_page(client.post("/tournaments/new", data=form), "Too many new tournaments from this address.")


def test_writes_are_counted_per_game(limited):
    """Three writes a minute per game: the fourth to one game is refused, another game is untouched."""
    client = limited(RATELIMIT_GAME_WRITES="3 per minute")
    first, second = (client.post("/api/games", json=GAME).get_json() for _ in range(2))
    headers = {"Authorization": f"Bearer {first['edit_key']}"}
    path = f"/api/games/{first['id']}/hands"
    assert [client.post(path, json=HAND, headers=headers).status_code for _ in range(3)] == [201] * 3
    refused = client.post(path, json=HAND, headers=headers)
    assert_limited_json(refused, "Too many changes to this game from this address.")
    assert len(client.get(f"/api/games/{first['id']}").get_json()["hands"]) == 3  # nothing was saved
    other = {"Authorization": f"Bearer {second['edit_key']}"}
    assert client.post(f"/api/games/{second['id']}/hands", json=HAND, headers=other).status_code == 201


@pytest.mark.parametrize(("hops", "separate"), [(0, False), (1, True)])
def test_the_address_comes_from_the_proxy_only_when_it_is_trusted(limited, hops, separate):
    """Behind a trusted proxy each client has its own count; without one X-Forwarded-For is ignored."""
    client = limited(RATELIMIT_GAMES="1 per minute", TRUSTED_PROXIES=hops)
    for client_address in (address(), address()):
        response = client.post("/api/games", json=GAME, headers={"X-Forwarded-For": client_address})
        last = response.status_code
    assert last == (201 if separate else 429)


def test_limits_are_off_in_the_default_test_app(client):
    """The rest of the suite runs without limits (conftest), so no test trips over one by accident."""
    assert [client.post("/api/games", json=GAME).status_code for _ in range(45)] == [201] * 45


def test_the_environment_sets_the_limits_and_the_storage(monkeypatch, tmp_path):
    """Defaults, each limit overridden by its variable, Redis when REDIS_URL is set, and an off switch."""
    for name in (*LIMITS, "REDIS_URL", "RATELIMIT_ENABLED"):
        monkeypatch.delenv(name, raising=False)
    settings = from_environment(str(tmp_path))
    assert {name: settings[name] for name in LIMITS} == LIMITS
    assert settings["RATELIMIT_STORAGE_URI"] == "memory://" and settings["RATELIMIT_ENABLED"] is True
    monkeypatch.setenv("RATELIMIT_GAMES", "5 per minute")
    monkeypatch.setenv("REDIS_URL", "rediss://cache.example:6380/0")
    monkeypatch.setenv("RATELIMIT_ENABLED", "0")
    settings = from_environment(str(tmp_path))
    assert settings["RATELIMIT_GAMES"] == "5 per minute"
    assert settings["RATELIMIT_STORAGE_URI"] == "rediss://cache.example:6380/0"
    assert settings["RATELIMIT_ENABLED"] is False


@pytest.mark.parametrize("value", ["lots", "30 per fortnight", "-1 per minute"])
def test_a_limit_that_is_not_one_stops_the_app_from_starting(monkeypatch, tmp_path, value):
    monkeypatch.setenv("RATELIMIT_GAMES", value)
    with pytest.raises(ValueError, match="RATELIMIT_GAMES must be limits such as"):
        from_environment(str(tmp_path))


@pytest.fixture
def hall(client):
    """A tournament with MAX_TEAMS - 1 teams registered; returns (post, headers)."""
    created = client.post("/api/tournaments", json={"name": "Hall"}).get_json()
    headers = {"Authorization": f"Bearer {created['edit_key']}"}

    def post(path, body):
        return client.post(f"/api/tournaments/{created['id']}{path}", json=body, headers=headers)

    for index in range(MAX_TEAMS - 1):
        assert post("/teams", {"name": f"T{index}", "players": [f"N{index}", f"S{index}"]}).status_code == 201
    return post


def test_a_tournament_takes_teams_up_to_the_cap_and_not_one_more(hall):
    """Team MAX_TEAMS is registered; the next team, or a single, is a 422 naming the field."""
    assert MAX_TEAMS >= 200
    assert hall("/teams", {"name": "Last", "players": ["Lo", "La"]}).status_code == 201
    for path, body in [("/teams", {"name": "One more", "players": ["Om", "Ox"]}), ("/singles", {"name": "Solo"})]:
        refused = hall(path, body)
        assert refused.status_code == 422, refused.get_json()
        assert refused.get_json()["field"] == "name"
        assert f"at most {MAX_TEAMS} teams" in refused.get_json()["error"]


def test_singles_count_as_half_a_team_against_the_cap(hall):
    """With one place left, two singles fit (they make one team) and a third does not."""
    assert [hall("/singles", {"name": name}).status_code for name in ("Sa", "Sb", "Sc")] == [201, 201, 422]
    assert hall("/singles/pair", {}).status_code == 201
