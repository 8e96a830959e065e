"""A person's hands sat out at a table of five (docs/api-groups.md, "More figures": `sat_out`), counted by hand over
a group of games of five and of four, in the stats answer, against the OpenAPI document and on the person's page.

- G1, five, ten-point, Ann Bo Cy Di Ed: Ann deals (Bo bids 5, made); Bo deals a misdeal, deals again and Di shoots
  the moon: Di & Ann win. Ann sat out 1 hand, Bo 1 (the moon: a misdeal counts for no one, as in the sheet's
  statistics).
- G2, five, ten-point, Cy Ed Ann Bo Di: Cy deals (Ed bids 5, made); Ed deals two misdeals, deals again and Ann shoots
  the moon: Ann & Di win. Cy sat out 1, Ed 1 (the moon; not the two misdeals).
- G3, four, ten-point, Ann Bo Cy Fay: Ann deals a misdeal and deals again; Bo shoots the moon: Bo & Fay win. At four
  nobody sits out: no one's count moves, though Ann dealt twice.
- G4, five, ten-point, Di Ann Bo Cy Ed: Di deals one hand; the game is not finished, so it does not count.

So: Ann 1, Bo 1, Cy 1, Di 0 (two games of five finished, never their dealer), Ed 1, Fay 0 (never played five),
each what the game's own statistics (the share page's "sat out") give, summed.
"""

from __future__ import annotations

import re

from openapi_core import OpenAPI
from openapi_core.testing import MockRequest, MockResponse

from tests.support.groups import MISDEAL, GroupApi

FIVE = {"sit_out": "dealer"}
MADE = {"bidder": 1, "bid": 5, "points": [6, 4]}
SAT_OUT = {"Ann": 1, "Bo": 1, "Cy": 1, "Di": 0, "Ed": 1, "Fay": 0}
ROW = "Hands sat out as dealer (games of five)"


def played(client) -> GroupApi:
    group = GroupApi(client, min_games=0)
    first = group.game("ten-point", ["Ann", "Bo", "Cy", "Di", "Ed"],
                       [MADE, MISDEAL, {"bidder": 3, "bid": "moon", "points": [0, 10]}], rules=FIVE)
    assert [hand["dealer"] for hand in first["hands"]] == [0, 1, 1] and first["winners"] == [3, 0]
    second = group.game("ten-point", ["Cy", "Ed", "Ann", "Bo", "Di"],
                        [MADE, MISDEAL, MISDEAL, {"bidder": 2, "bid": "moon", "points": [10, 0]}], rules=FIVE)
    assert [hand["dealer"] for hand in second["hands"]] == [0, 1, 1, 1] and second["winners"] == [2, 4]
    four = group.game("ten-point", ["Ann", "Bo", "Cy", "Fay"],
                      [MISDEAL, {"bidder": 1, "bid": "moon", "points": [0, 10]}])
    assert [hand["dealer"] for hand in four["hands"]] == [0, 0] and four["status"] == "finished"
    unfinished = group.game("ten-point", ["Di", "Ann", "Bo", "Cy", "Ed"], [MADE], rules=FIVE)
    assert unfinished["status"] == "playing" and unfinished["hands"][0]["dealer"] == 0
    return group


def page_text(client, group: GroupApi, person: str) -> str:
    """The person's page as words."""
    html = client.get(f"/g/{group.id}/people/{person}").get_data(as_text=True)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_each_person_sat_out_the_hands_they_dealt_at_a_table_of_five_misdeals_aside(client):
    group = played(client)
    stats = group.stats()
    assert stats["games"] == 3
    lines = {line["name"]: line for line in stats["people"]}
    assert {name: line["sat_out"] for name, line in lines.items()} == SAT_OUT
    assert {name: line["games"] for name, line in lines.items()} == {
        "Ann": 3, "Bo": 3, "Cy": 3, "Di": 2, "Ed": 2, "Fay": 1}
    # a season without a finished game counts none
    assert {line["sat_out"] for line in group.stats("?to=2000-01-01")["people"]} == {0}


def test_the_stats_answer_with_sat_out_is_one_the_document_allows(client):
    group = played(client)
    document = client.get("/api/openapi.json").get_json()
    people = document["components"]["schemas"]["GroupStats"]["properties"]["people"]["items"]
    assert "sat_out" in people["required"] and people["properties"]["sat_out"]["minimum"] == 0
    response = group.get("/stats")
    request = MockRequest("http://scorekeeper.test", "get", f"/api/groups/{group.id}/stats")
    OpenAPI.from_dict(document).validate_response(
        request, MockResponse(response.get_data(), response.status_code, dict(response.headers), response.mimetype))


def test_the_person_page_shows_hands_sat_out_only_when_there_are_some(client):
    group = played(client)
    people = group.people()
    for name, count in SAT_OUT.items():
        text = page_text(client, group, people[name])
        if count:
            assert f"{ROW} {count} " in text, name
        else:
            assert ROW not in text, name
