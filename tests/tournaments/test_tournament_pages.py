"""The coordinator's page and the public standings page, through forms with their CSRF tokens."""

from __future__ import annotations

import re

import pytest

from tests.support.conditional import assert_compressed_copy_is_304
from tests.support.tournaments import Api, hand, move_clock_back, token

# Any inline script but the import map (which the CSP allows by its hash).
INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)(?! type=\"importmap\">)[^>]*>", re.I)


def assert_csp_clean(html: str) -> None:
    """No inline script or style: the page works under script-src and style-src 'self'."""
    assert not INLINE_SCRIPT.search(html)
    assert " style=" not in html and "<style" not in html


class Coordinator:
    """One browser running a tournament through its pages."""

    def __init__(self, client):
        self.client = client

    def create(self, **fields):
        form = self.client.get("/tournaments/new")
        data = {"csrf_token": token(form.text), "name": "Pitch Tournament", "date": "2024-11-23",
                "place": "Centennial Hall", "entry_fee": "20", "payout_percent": "50", "games_per_team": "2",
                "minutes_per_game": "30", "variant": "tournament", **fields}
        response = self.client.post("/tournaments/new", data=data)
        assert response.status_code == 303, response.text
        self.url = response.headers["Location"]
        self.id = self.url.split("/")[2]
        return response

    def page(self):
        response = self.client.get(self.url)
        assert response.status_code == 200
        return response.text

    def post(self, path, prefix="", **fields):
        name = f"{prefix}-csrf_token" if prefix else "csrf_token"
        data = {name: token(self.page(), name), **{f"{prefix}-{k}" if prefix else k: v for k, v in fields.items()}}
        return self.client.post(f"/t/{self.id}/manage{path}", data=data)

    def team(self, name, one, two):
        return self.post("/teams", "team", name=name, player_one=one, player_two=two)


@pytest.fixture
def coordinator(client):
    return Coordinator(client)


TEAMS = [("Aces", "Ann", "Bo"), ("Kings", "Cy", "Di"), ("Queens", "Ed", "Flo"), ("Jacks", "Gus", "Hal")]


def four_teams(coordinator):
    coordinator.create()
    for team in TEAMS:
        assert coordinator.team(*team).status_code == 303


def test_the_set_up_form_creates_the_tournament_and_keeps_the_key_in_this_browser(coordinator, client):
    assert_csp_clean(client.get("/tournaments/new").text)
    coordinator.create()
    page = coordinator.page()
    assert "Pitch Tournament: coordinator" in page and "$20.00 a team" in page
    assert f"/t/{coordinator.id}/manage#key=" in page
    assert_csp_clean(page)


def test_a_bad_set_up_form_is_shown_again_with_its_errors(client):
    form = client.get("/tournaments/new")
    response = client.post("/tournaments/new", data={"csrf_token": token(form.text), "name": "", "entry_fee": "20",
                                                     "payout_percent": "150", "games_per_team": "5",
                                                     "minutes_per_game": "30", "variant": "tournament"})
    assert response.status_code == 422
    assert "This field is required." in response.text and "Number must be between 0 and 100." in response.text


def test_the_set_up_form_seats_tables_of_five_with_the_dealer_sitting_out(coordinator, client):
    """The box sends rules.sit_out: a partnership game for four at tables of five, everyone registered alone."""
    assert 'name="sit_out"' in client.get("/tournaments/new").text
    coordinator.create(variant="ten-point", sit_out="y")
    made = client.get(f"/api/tournaments/{coordinator.id}").get_json()
    assert (made["rules"], made["players_per_table"], made["team_size"]) == ({"sit_out": "dealer"}, 5, 1)
    assert "each table seats 5 players" in coordinator.page()


@pytest.mark.parametrize(("fields", "message"), [
    ({"variant": "cutthroat"}, "The dealer sits out only at a game with partners"),
    ({"players_per_table": "4"}, "A tournament table seats 5 players with the dealer sitting out each hand"),
])
def test_tables_of_five_refused_by_the_api_show_its_reason_on_the_set_up_form(client, fields, message):
    form = client.get("/tournaments/new")
    data = {"csrf_token": token(form.text), "name": "Five Night", "entry_fee": "20", "payout_percent": "50",
            "games_per_team": "2", "minutes_per_game": "30", "variant": "tournament", "sit_out": "y", **fields}
    response = client.post("/tournaments/new", data=data)
    assert response.status_code == 422 and message in response.text
    assert 'name="sit_out" value="y" aria-describedby="h-sit_out" checked' in response.text


def test_a_form_without_its_csrf_token_changes_nothing(coordinator, client):
    coordinator.create()
    response = client.post(f"/t/{coordinator.id}/manage/teams",
                           data={"team-name": "Aces", "team-player_one": "Ann", "team-player_two": "Bo"})
    assert response.status_code == 400
    assert "Aces" not in coordinator.page()


def test_teams_and_singles_register_and_pair_through_the_forms(coordinator):
    coordinator.create()
    assert coordinator.team("Aces", "Ann", "Bo").status_code == 303
    for name in ["Cy", "Di", "Ed", "Flo", "Gus"]:
        assert coordinator.post("/singles", "single", name=name).status_code == 303
    page = coordinator.page()
    assert "Waiting for a partner: Cy, Di, Ed, Flo, Gus." in page
    ids = re.findall(r'<option value="(\d+)"', page)
    response = coordinator.post("/singles/pair", "pair", first=ids[0], second=ids[1], name="Late Birds")
    assert response.status_code == 303
    assert coordinator.post("/singles/random").status_code == 303
    page = coordinator.page()
    assert "Late Birds" in page and "Waiting for a partner" in page and "Teams (3)" in page
    assert "Paired at random (seed" in page


def test_a_refused_team_shows_the_reason_and_keeps_nothing(coordinator):
    coordinator.create()
    coordinator.team("Aces", "Ann", "Bo")
    response = coordinator.team("Kings", "ANN", "Cy")
    assert response.status_code == 409
    assert "A player called ANN is already registered" in response.text
    assert coordinator.team("", "Cy", "Di").status_code == 422
    assert "Teams (1)" in coordinator.page()


def test_drawing_a_round_gives_each_table_its_scorer_link_and_qr_code(coordinator):
    four_teams(coordinator)
    assert coordinator.post("/rounds").status_code == 303
    page = coordinator.page()
    links = re.findall(r'href="(http://[^"]+/games/([^/"]+)/join#key=([^"]+))"', page)
    assert len(links) == 2
    assert page.count("<svg") == 2
    assert "Start the round 1 clocks" in page and "Team" in page
    assert coordinator.post("/rounds/1/start").status_code == 303
    page = coordinator.page()
    assert "Start the round 1 clocks" not in page and "min left" in page
    assert_csp_clean(page)


def test_another_browser_needs_the_key(coordinator, app):
    four_teams(coordinator)
    other = app.test_client()
    page = other.get(f"/t/{coordinator.id}/manage")
    assert page.status_code == 200 and 'id="key-form"' in page.text and "Aces" not in page.text
    refused = other.post(f"/t/{coordinator.id}/manage/rounds", data={"csrf_token": token(page.text)})
    assert refused.status_code == 403
    wrong = other.post(f"/t/{coordinator.id}/manage/key", data={"csrf_token": token(page.text), "key": "x" * 22})
    assert wrong.status_code == 403 and "does not open" in wrong.text
    key = re.search(r"/manage#key=([\w-]+)", coordinator.page()).group(1)
    right = other.post(f"/t/{coordinator.id}/manage/key", data={"csrf_token": token(page.text), "key": key})
    assert right.status_code == 303
    assert "Aces" in other.get(f"/t/{coordinator.id}/manage").text


def test_the_public_page_shows_standings_without_any_key(coordinator, client, app):
    four_teams(coordinator)
    coordinator.post("/rounds")
    manage = coordinator.page()
    keys = re.findall(r"#key=([\w-]+)", manage)
    public = app.test_client().get(f"/t/{coordinator.id}")
    assert public.status_code == 200
    assert all(key not in public.text for key in keys)
    assert "Round 1 of 2" in public.text and "Clock not started" in public.text
    assert_csp_clean(public.text)
    assert 'src="/static/js/pages/tournament.js' in public.text


def test_the_live_fragment_answers_304_also_for_the_compressed_copy(coordinator, client):
    """A poll holding the compressed copy's tag ("<etag>:br") gets the 304 too."""
    four_teams(coordinator)
    assert_compressed_copy_is_304(client, f"/t/{coordinator.id}/live")


def test_the_live_fragment_answers_304_until_something_changes(coordinator, client):
    four_teams(coordinator)
    coordinator.post("/rounds")
    live = client.get(f"/t/{coordinator.id}/live")
    assert live.status_code == 200 and live.headers["Cache-Control"] == "public, max-age=5, stale-while-revalidate=10"
    etag = live.headers["ETag"]
    assert client.get(f"/t/{coordinator.id}/live", headers={"If-None-Match": etag}).status_code == 304
    api = Api(client)
    api.id, api.headers = coordinator.id, {}
    table = api.get("/rounds/1").get_json()["tables"][0]
    key = re.search(rf"/games/{table['game']}/join#key=([\w-]+)", coordinator.page()).group(1)
    api.hand({**table, "edit_key": key}, hand(0, 7))
    changed = client.get(f"/t/{coordinator.id}/live", headers={"If-None-Match": etag})
    assert changed.status_code == 200 and changed.headers["ETag"] != etag
    assert "<b>7</b> – <b>3</b>" in changed.text
    page = client.get(f"/t/{coordinator.id}")
    assert changed.headers["ETag"].strip('"') in page.text  # the page starts from the same ETag


def tables_with_keys(coordinator, client, number=1):
    api = Api(client)
    api.id, api.headers = coordinator.id, {}
    page = coordinator.page()
    tables = api.get(f"/rounds/{number}").get_json()["tables"]
    for table in tables:
        table["edit_key"] = re.search(rf"/games/{table['game']}/join#key=([\w-]+)", page).group(1)
    return api, tables


def test_repeated_misdeals_are_flagged_on_the_standings(coordinator, client):
    four_teams(coordinator)
    coordinator.post("/rounds")
    api, tables = tables_with_keys(coordinator, client)
    for _ in range(3):
        api.hand(tables[0], {"misdeal": True})
    page = client.get(f"/t/{coordinator.id}").text
    assert "For the coordinator" in page and "3 misdeals in this game" in page


def test_time_called_shows_on_the_standings(coordinator, client, app):
    four_teams(coordinator)
    coordinator.post("/rounds")
    coordinator.post("/rounds/1/start")
    api, tables = tables_with_keys(coordinator, client)
    api.hand(tables[0], hand(0, 5))  # 5-5
    move_clock_back(app, tables[0]["game"], 31)
    assert "Time called: finishing the hand in play" in client.get(f"/t/{coordinator.id}").text
    api.hand(tables[0], hand(0, 5))  # 10-10: level, play on
    assert "Time called: level, playing on" in client.get(f"/t/{coordinator.id}").text
    api.hand(tables[0], hand(0, 6))
    assert "won on time" in client.get(f"/t/{coordinator.id}").text


def one_round_drawn(coordinator, client):
    """A one-round tournament of TEAMS, its round drawn: the API and the tables with their keys."""
    coordinator.create(games_per_team="1")
    for team in TEAMS:
        coordinator.team(*team)
    coordinator.post("/rounds")
    return tables_with_keys(coordinator, client)


def test_the_finished_tournament_names_the_winner_and_the_payout(coordinator, client):
    api, tables = one_round_drawn(coordinator, client)
    api.win(tables[0], 0, loser_points=2)
    api.win(tables[1], 1, loser_points=1)
    winner = tables[1]["teams"][1]
    page = client.get(f"/t/{coordinator.id}").text
    assert f"Winner: {winner['name']}" in page
    assert "take $40.00: 50% of $80.00 in entry fees ($40.00 stays with the house)" in page


def test_a_tie_for_first_is_broken_with_the_form(coordinator, client):
    api, tables = one_round_drawn(coordinator, client)
    api.win(tables[0], 0, loser_points=2)
    api.win(tables[1], 0, loser_points=2)
    page = coordinator.page()
    assert "Tied for first" in page and "Record the winner" in page
    winner = tables[1]["teams"][0]
    response = coordinator.post("/tie-break", "tie", winner=str(winner["id"]))
    assert response.status_code == 303
    assert f"Winner: {winner['name']}" in client.get(f"/t/{coordinator.id}").text


def test_an_unknown_tournament_page_is_404(client):
    assert client.get("/t/NoSuchTournamentAtAllHere").status_code == 404
    assert client.get("/t/NoSuchTournamentAtAllHere/live").status_code == 404
    assert client.get("/t/NoSuchTournamentAtAllHere/manage").status_code == 404


def test_every_change_behind_the_standings_changes_the_etag(coordinator, client, app):
    coordinator.create(games_per_team="1")
    for team in TEAMS:
        coordinator.team(*team)
    coordinator.post("/rounds")
    coordinator.post("/rounds/1/start")
    api, tables = tables_with_keys(coordinator, client)
    url = f"/t/{coordinator.id}/live"

    def etag():
        first, second = client.get(url).headers["ETag"], app.test_client().get(url).headers["ETag"]
        assert first == second  # every screen shares one rendering
        return first

    seen = [etag()]
    api.hand(tables[0], hand(0, 7))
    seen.append(etag())
    fixed = client.put(f"/api/games/{tables[0]['game']}/hands/1", json=hand(0, 6),
                       headers={"Authorization": f"Bearer {tables[0]['edit_key']}"})
    assert fixed.status_code == 200
    seen.append(etag())
    move_clock_back(app, tables[0]["game"], 31)
    seen.append(etag())
    assert "Time called" in client.get(url).text
    api.hand(tables[0], hand(0, 6))  # 12-8 on time
    api.hand(tables[1], hand(0, 6))
    move_clock_back(app, tables[1]["game"], 31)
    api.hand(tables[1], hand(0, 6))  # 12-8 on time too: the winners tie
    seen.append(etag())
    assert "Tied for first" in client.get(url).text
    key = re.search(r"/manage#key=([\w-]+)", coordinator.page()).group(1)
    winners = [table["teams"][0]["id"] for table in tables]
    response = client.post(f"/api/tournaments/{coordinator.id}/tie-breaks",
                           json={"teams": winners, "winner": winners[1]}, headers={"Authorization": f"Bearer {key}"})
    assert response.status_code == 201
    seen.append(etag())
    assert f"Winner: {tables[1]['teams'][0]['name']}" in client.get(url).text
    assert len(set(seen)) == len(seen)
