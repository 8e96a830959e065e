"""The group pages: the form that creates a group (CSRF, checked names), and the read-only group page."""

from __future__ import annotations

import re

import sqlalchemy as sa

from scorekeeper.extensions import db
from scorekeeper.groups.models import Group
from tests.support.groups import MISDEAL, GroupApi, categories, created_group, ten_all, token

FOUR = ["Ann", "Bo", "Cy", "Di"]


def groups(app) -> list[Group]:
    """Every stored group."""
    with app.app_context():
        return list(db.session.scalars(sa.select(Group)))


def test_the_start_page_links_to_the_group_form(client):
    assert 'href="/groups/new"' in client.get("/").get_data(as_text=True)


def test_creating_a_group_from_the_form(app, client):
    form = client.get("/groups/new")
    assert form.status_code == 200
    html = form.get_data(as_text=True)
    assert '<label for="name">' in html and '<label for="min_games">' in html
    data = {"csrf_token": token(html), "name": " Thursday table ", "min_games": "4"}
    response = client.post("/groups/new", data=data)
    assert response.status_code == 303
    [group] = groups(app)
    assert group.name == "Thursday table" and group.min_games == 4
    created = client.get(response.headers["Location"])
    assert created.status_code == 200 and created.headers["Cache-Control"] == "no-store"
    key = re.search(r'<code class="group-key">([^<]+)</code>', created.get_data(as_text=True)).group(1)
    assert client.patch(f"/api/groups/{group.id}", json={"name": "Renamed"},
                        headers={"Authorization": f"Bearer {key}"}).status_code == 200
    assert client.get(f"/groups/{group.id}/created", headers={}).status_code == 200
    other = app.test_client()
    assert other.get(f"/groups/{group.id}/created").status_code == 303  # no key held: the public page


def test_the_form_refuses_a_bad_name_or_a_missing_token(app, client):
    html = client.get("/groups/new").get_data(as_text=True)
    refused = client.post("/groups/new", data={"csrf_token": token(html), "name": "A\u202eB", "min_games": "3"})
    assert refused.status_code == 422 and "cannot be shown" in refused.get_data(as_text=True)
    negative = {"csrf_token": token(html), "name": "T", "min_games": "-1"}
    assert client.post("/groups/new", data=negative).status_code == 422
    assert client.post("/groups/new", data={"name": "Thursday", "min_games": "3"}).status_code == 400
    assert groups(app) == []


def test_the_group_page_lists_games_people_leaderboard_and_chart(client):
    group = GroupApi(client, "<Thursday>")
    group.game("ten-point", FOUR, [ten_all(0, "moon", 0)])
    group.game("ten-point", FOUR, [MISDEAL, ten_all(1, "moon", 1)])
    group.game("cutthroat", ["Ann", "Bo", "<Ed>"], [categories(0, 4, 0)] * 3)
    group.game("ten-point", ["Ann", "Bo", "Cy", "Flo"], [ten_all(1, 6, 1)])
    group.send("patch", "", {"min_games": 2})
    page = client.get(f"/g/{group.id}")
    assert page.status_code == 200
    assert "public" in page.headers["Cache-Control"] and "Set-Cookie" not in page.headers
    html = page.get_data(as_text=True)
    assert "&lt;Thursday&gt;" in html and "<Ed>" not in html and "&lt;Ed&gt;" in html
    assert group.key not in html
    games = re.findall(r'<li class="group-game( unfinished)?">', html)
    assert len(games) == 4 and games[0] == " unfinished" and games.count(" unfinished") == 1  # newest first
    assert "Ann &amp; Cy vs Bo &amp; Flo" in html and "not finished" in html
    assert "Ann &amp; Cy won" in html and "Bo &amp; Di won" in html and "Ann won" in html
    leaders = re.search(r'id="leaders-caption".*?</tbody>', html, re.S).group(0)
    names = re.findall(r'<span class="name-full">([^<]+)</span>', leaders)
    assert names == ["Ann", "Cy", "Di", "Bo"]  # Ann 2 wins; Cy and Di 1 of 2, by name; Bo 1 of 3; Ed 1 game
    assert '<svg class="chart-svg"' in html and "<caption id=\"wins-caption\">" in html
    assert re.search(r"<th scope=\"row\">Ann</th>(<td>\d+</td>)+", html)
    assert client.get(f"/g/{group.id}", headers={"If-None-Match": page.headers["ETag"]}).status_code == 304


def test_an_unknown_group_page_is_404(client):
    assert client.get("/g/nosuchgroupnosuchgroup1").status_code == 404
    assert client.get("/g/x").status_code == 404


def test_starting_a_game_from_the_group_offers_the_roster_and_remembers_the_variant(app, client):
    group_id, key = created_group(client)
    first = client.get(f"/g/{group_id}/start")
    assert first.status_code == 200 and first.headers["Cache-Control"] == "no-store"
    html = first.get_data(as_text=True)
    data = {"csrf_token": token(html), "variant": "cutthroat", "seats-0": "Ann", "seats-1": "Bo", "seats-2": "Cy"}
    started = client.post(f"/g/{group_id}/start", data=data)
    assert started.status_code == 303 and "/games/" in started.headers["Location"]
    game_id = started.headers["Location"].rsplit("/", 1)[1]
    game = client.get(f"/api/games/{game_id}").get_json()
    assert game["group"] == group_id and game["players"] == ["Ann", "Bo", "Cy"] and len(game["people"]) == 3
    assert client.get(f"/games/{game_id}").status_code == 200  # this browser holds the game's key
    again = client.get(f"/g/{group_id}/start").get_data(as_text=True)
    assert '<option selected value="cutthroat">' in again
    assert '<option value="Ann">' in again and 'value="Bo"' in again  # the roster, and the last seats
    twice = {**data, "csrf_token": token(again), "seats-2": "ann"}
    refused = client.post(f"/g/{group_id}/start", data=twice)
    assert refused.status_code == 422 and "same name" in refused.get_data(as_text=True)


def test_starting_a_game_needs_the_groups_key_in_this_browser(app, client):
    group_id, _ = created_group(client)
    other = app.test_client()
    assert other.get(f"/g/{group_id}/start").status_code == 403
    assert other.get("/g/nosuchgroupnosuchgroup1/start").status_code == 404


def test_the_page_lists_the_newest_games_and_links_to_all(client):
    group = GroupApi(client)
    for _ in range(31):
        group.game("ten-point", FOUR)
    html = client.get(f"/g/{group.id}").get_data(as_text=True)
    assert html.count('<li class="group-game') == 30 and f'href="/g/{group.id}?games=all">All 31 games' in html
    every = client.get(f"/g/{group.id}?games=all").get_data(as_text=True)
    assert every.count('<li class="group-game') == 31 and "All 31 games" not in every


def test_a_persons_page_ranks_their_partners_and_rivals(client):
    group = GroupApi(client)
    group.game("ten-point", ["Ann", "Bo", "Cy", "Di"], [ten_all(0, "moon", 0)])  # Ann & Cy win
    group.game("ten-point", ["Ann", "Cy", "Di", "Bo"], [ten_all(1, "moon", 1)])  # Ann & Di lose to Cy & Bo
    group.game("ten-point", ["Ann", "Bo", "Di", "Cy"], [ten_all(0, "moon", 0)])  # Ann & Di win
    group.game("cutthroat", ["Ann", "Bo", "Cy"], [categories(1, 4, 1)] * 3)  # Bo wins
    ann = group.people()["Ann"]
    page = client.get(f"/g/{group.id}/people/{ann}")
    assert page.status_code == 200 and "public" in page.headers["Cache-Control"]
    html = page.get_data(as_text=True)
    partners = re.search(r'id="partners-caption".*?</tbody>', html, re.S).group(0)
    assert re.findall(r'<th scope="row">([^<]+)</th><td>(\d+)</td><td>(\d+)</td>', partners) == [
        ("Cy", "1", "1"), ("Di", "2", "1")]  # one win each: Cy's share is higher
    rivals = re.search(r'id="rivals-caption".*?</tbody>', html, re.S).group(0)
    assert re.findall(r'<th scope="row">([^<]+)</th><td>(\d+)</td><td>(\d+)</td><td>(\d+)</td>', rivals) == [
        ("Bo", "1", "0", "1"), ("Cy", "1", "0", "0")]
    assert "<td>4</td><td>2</td>" in html  # 4 games, 2 wins
    assert f'href="/g/{group.id}/people/{ann}"' in client.get(f"/g/{group.id}?season=all").get_data(as_text=True)
    assert client.get(f"/g/{group.id}/people/nosuchpersonnosuchperson").status_code == 404
