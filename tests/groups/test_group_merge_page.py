"""Merging two people on the page (/g/<id>/people/<person>/merge): pick the other, see what adds up, confirm; with
the group's key in this browser, CSRF on the form, nothing merged before the confirmation."""

from __future__ import annotations

import re

from tests.support.groups import auth, created_group, ten_all
from tests.support.groups import token as form_token

FOUR = ["Ann", "Bo", "Cy", "Di"]


def text_of(response) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.get_data(as_text=True)))


def csrf(html: str) -> str:
    return re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)


def setup(client) -> tuple[str, dict, dict]:
    """Ann & Cy win G1; "Annie" (Ann typed again) & Cy win G2 with Annie's made moon. Annie never sat with Ann."""
    group_id, key = created_group(client)
    url = f"/api/groups/{group_id}"
    for players in (FOUR, ["Annie", "Bo", "Cy", "Di"]):
        body = {"variant": "ten-point", "players": players, "hands": [ten_all(0, "moon", 0)]}
        assert client.post(f"{url}/games", json=body, headers=auth(key)).status_code == 201
    people = {person["name"]: person["id"] for person in client.get(url).get_json()["people"]}
    return group_id, people, auth(key)


def test_the_page_shows_what_adds_up_and_merges_only_when_confirmed(client):
    group_id, people, _ = setup(client)
    page = f"/g/{group_id}/people/{people['Annie']}/merge"
    assert f'href="{page}"' in client.get(f"/g/{group_id}/people/{people['Annie']}").get_data(as_text=True)
    chooser = client.get(page)
    assert chooser.status_code == 200 and chooser.headers["Cache-Control"] == "no-store"
    assert '<label for="into">Merge Annie into</label>' in chooser.get_data(as_text=True)
    preview = client.get(f"{page}?into={people['Ann']}")
    text = text_of(preview)
    assert "1 game of Annie becomes Ann's" in text
    for row in ("Finished games 1 1 2", "Wins 1 1 2", "Bids 1 1 2", "Made 1 1 2", "Set 0 0 0",
                "Moons tried 1 1 2", "Moons made 1 1 2"):
        assert row in text, row
    assert "Merge Annie into Ann" in text
    assert len(client.get(f"/api/groups/{group_id}").get_json()["people"]) == 5  # nothing merged yet
    assert client.post(page, data={"into": people["Ann"]}).status_code == 400  # no CSRF token
    assert len(client.get(f"/api/groups/{group_id}").get_json()["people"]) == 5
    done = client.post(page, data={"into": people["Ann"], "csrf_token": csrf(preview.get_data(as_text=True))})
    assert done.status_code == 303 and done.headers["Location"].endswith(f"/g/{group_id}/people/{people['Ann']}")
    group = client.get(f"/api/groups/{group_id}").get_json()
    assert [person["name"] for person in group["people"]] == FOUR
    ann = next(line for line in client.get(f"/api/groups/{group_id}/stats").get_json()["people"]
               if line["name"] == "Ann")
    assert (ann["games"], ann["wins"], ann["moons_made"]) == (2, 2, 2)


def test_two_people_of_one_game_are_not_offered_a_merge(client):
    group_id, people, _ = setup(client)
    page = f"/g/{group_id}/people/{people['Cy']}/merge"
    preview = client.get(f"{page}?into={people['Bo']}")
    text = text_of(preview)
    assert "Cy and Bo sat in 2 games together, so they are two people: they cannot be merged." in text
    assert "Merge Cy into Bo" not in text
    token = form_token(client.get("/groups/new").get_data(as_text=True))  # no confirm form to take it from
    refused = client.post(page, data={"into": people["Bo"], "csrf_token": token})
    assert refused.status_code == 409 and "sat in one game" in refused.get_data(as_text=True)
    unknown = client.get(f"{page}?into=nobody")
    assert unknown.status_code == 422 and "Choose another person" in unknown.get_data(as_text=True)
    assert len(client.get(f"/api/groups/{group_id}").get_json()["people"]) == 5


def test_merging_needs_the_groups_key_in_this_browser(app, client):
    group_id, people, _ = setup(client)
    other = app.test_client()
    assert other.get(f"/g/{group_id}/people/{people['Annie']}/merge").status_code == 403
    assert client.get(f"/g/{group_id}/people/nobodynobodynobody1/merge").status_code == 404
    assert client.get("/g/nosuchgroupnosuchgroup1/people/x/merge").status_code == 404
