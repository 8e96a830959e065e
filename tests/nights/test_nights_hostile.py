"""Any body sent to a night's writes is answered with a status below 500 and, when refused, a sentence."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.support.nights import Night, names

JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=50),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner,
                                                                                 max_size=4), max_leaves=12)
FIELDS = st.fixed_dictionaries({}, optional={
    "name": JSON, "variant": st.sampled_from(["ten-point", "tournament", "cutthroat", "smear", "x"]) | JSON,
    "rules": JSON, "games": JSON, "movement": JSON, "rank_by": JSON, "seed": JSON, "minutes_per_game": JSON,
    "names": JSON, "text": JSON, "player": JSON})
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def refused_well(response) -> None:
    """Below 500; a refusal says why in a sentence."""
    assert response.status_code < 500, response.get_data(as_text=True)
    if response.status_code >= 400:
        assert response.get_json()["error"]


@SETTINGS
@given(body=FIELDS | JSON)
def test_any_new_night_body(client, body):
    """POST /api/nights."""
    refused_well(client.post("/api/nights", json=body))


@SETTINGS
@given(players=FIELDS | JSON, sign=FIELDS | JSON)
def test_any_registration_and_signature(client, players, sign):
    """POST …/players and …/tables/1/sign, on a night whose game 1 is over."""
    night = Night(client)
    night.register(names(4))
    table = night.draw()["tables"][0]
    night.finish(table)
    refused_well(night.post("/players", players))
    refused_well(night.post("/tables/1/sign", sign, headers={"Authorization": f"Bearer {table['edit_key']}"}))
