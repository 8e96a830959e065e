"""A group whose people have no finished game yet: every public page and file of it answers, at every minimum
of games the group may ask (0 puts everyone on the leaderboard, games or not)."""

from __future__ import annotations

import pytest

from scorekeeper.groups.service import MIN_GAMES_MAX
from tests.support.groups import GroupApi, ten_all

FOUR = ["Ann", "Bo", "Cy", "Di"]


def public_paths(app, group_id: str, person_id: str) -> list[str]:
    """Every GET address under /g/<group_id> the app routes, filled in: each new page of a group is swept."""
    paths = []
    for rule in app.url_map.iter_rules():
        if "GET" not in rule.methods or not rule.rule.startswith("/g/<group_id>"):
            continue
        values = {"group_id": group_id, "person_id": person_id}
        paths.append(rule.rule.replace("<group_id>", values["group_id"]).replace("<person_id>", values["person_id"]))
    return sorted(paths)


@pytest.mark.parametrize("min_games", sorted({0, 1, MIN_GAMES_MAX}))
@pytest.mark.parametrize("played", ["nothing", "unfinished game"])
def test_every_page_of_a_group_without_finished_games_answers(app, client, min_games, played):
    group = GroupApi(client, "Zero", min_games=min_games)
    added = group.send("post", "/people", {"name": "Eve"})
    assert added.status_code == 201, added.get_json()
    if played == "unfinished game":
        group.game("ten-point", FOUR, [ten_all(0, 3, 0)])
    person = group.people()["Eve"]
    paths = public_paths(app, group.id, person)
    assert f"/g/{group.id}" in paths and f"/g/{group.id}/people/{person}" in paths
    for path in paths:
        for query in ("", "?season=all", "?all=1"):
            response = client.get(path + query)
            # 403: the merge and start forms ask for the key in this browser; what matters is that nothing fails.
            expected = 403 if path.endswith(("/merge", "/start")) else 200
            assert response.status_code == expected, (path + query, response.status_code)
    page = client.get(f"/g/{group.id}?season=all").get_data(as_text=True)
    assert "Eve" in page
    if min_games == 0:
        assert 'aria-label="no finished games"' in page
    stats = group.stats()
    eve = next(line for line in stats["people"] if line["person"] == person)
    assert (eve["games"], eve["wins"], eve["made_pct"]) == (0, 0, None)
