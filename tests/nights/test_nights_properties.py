"""Any night through the API: any count, late arrivals between games, any results, either movement; every draw
seats everyone once or out, at fours and fives, and the standings are the sums of each player's own games."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.nights.movement import seatable
from tests.support.nights import Night, names, own_scores


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(count=st.integers(4, 23), late=st.lists(st.integers(0, 3), min_size=2, max_size=2),
       movement=st.sampled_from(["winners_up", "rotation"]), seed=st.integers(0, 10_000))
def test_any_night_seats_everyone_and_adds_up(client, count, late, movement, seed):
    """Three games with late arrivals before games 2 and 3."""
    night, rng = Night(client, movement=movement, seed=seed), random.Random(seed)
    everyone = names(count)
    night.register(everyone)
    sums = {}
    for game in range(3):
        if game:
            arrivals = names(late[game - 1], start=100 * game)
            if arrivals:
                night.register(arrivals)
            everyone += arrivals
        drawn = night.draw()
        seated = [seat["name"] for table in drawn["tables"] for seat in table["seats"]]
        assert sorted(seated + [player["name"] for player in drawn["out"]]) == sorted(everyone)
        assert len(seated) == len(set(seated)) == seatable(len(everyone))
        assert all(len(table["seats"]) in (4, 5) for table in drawn["tables"])
        played = night.finish_all(drawn["tables"], [rng.randrange(2) for _ in drawn["tables"]])
        for name, (score, won) in own_scores(drawn["tables"], played).items():
            total, games, wins = sums.get(name, (0, 0, 0))
            sums[name] = (total + score, games + 1, wins + won)
    lines = night.get("/standings").get_json()["players"]
    assert {line["name"]: (line["total"], line["played"], line["won"]) for line in lines} == {
        name: sums.get(name, (0, 0, 0)) for name in everyone}
