"""A night's limits: a hall of 200 players behind one address draws, scores and signs without a 429 under the
default limits; the games a draw makes are counted before it makes any."""

from __future__ import annotations

from tests.support.nights import Night, names


def test_a_hall_of_200_players_plays_under_the_default_limits(limited):
    """Two games of 50 tables from one address: the director's writes, every table's hand and signature."""
    client = limited()
    night = Night(client)
    night.register(names(200))
    for _ in range(2):
        tables = night.draw()["tables"]
        assert len(tables) == 50
        night.finish_all(tables)
        for table in tables:
            signed = night.post(f"/tables/{table['table']}/sign", {"player": table["seats"][1]["name"]},
                                headers={"Authorization": f"Bearer {table['edit_key']}"})
            assert signed.status_code == 200, signed.get_json()
        assert night.get("/standings").status_code == 200


def test_a_draw_past_the_games_allowance_makes_nothing(limited):
    """Game 1 makes 2 games of 3 allowed; game 2 would make 4: 429, and game 2 is not drawn."""
    client = limited(RATELIMIT_TOURNAMENT_GAMES="3 per hour")
    night = Night(client)
    night.register(names(8))
    night.finish_all(night.draw()["tables"])
    refused = night.post("/games")
    assert refused.status_code == 429 and "Nothing was saved" in refused.get_json()["error"]
    assert night.get().get_json()["games_drawn"] == 1


def test_apps_sharing_one_redis_count_the_games_drawn_apart(limited):
    """Two apps under key prefixes of their own, one address: each draws 2 games of its own 3 allowed."""
    first = limited(RATELIMIT_TOURNAMENT_GAMES="3 per hour")
    second = limited(RATELIMIT_TOURNAMENT_GAMES="3 per hour")
    second.environ_base["REMOTE_ADDR"] = first.environ_base["REMOTE_ADDR"]
    for client in (first, second):
        night = Night(client)
        night.register(names(8))
        drawn = night.post("/games")
        assert drawn.status_code == 201, drawn.get_json()
