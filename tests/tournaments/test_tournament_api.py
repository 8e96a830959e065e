"""The tournament API: every endpoint, its errors, the clock, standings derived from the games."""

from __future__ import annotations

import json

import pytest

from tests.support.tournaments import Api, hand, move_clock_back, tied_tournament


def ranks(standings):
    return [(line["team"]["name"], line["rank"], line["average"]) for line in standings["teams"]]


# ---- creating and reading a tournament

def test_create_answers_201_with_the_edit_key_and_the_seeds_settings(api, client):
    data = api.create()
    assert data["edit_key"] and len(data["edit_key"]) >= 22 and len(data["id"]) >= 22
    assert {key: data[key] for key in ("entry_fee_cents", "payout_percent", "games_per_team", "minutes_per_game",
                                       "variant", "date", "place")} == {
        "entry_fee_cents": 2000, "payout_percent": 50, "games_per_team": 5, "minutes_per_game": 30,
        "variant": "tournament", "date": "2024-11-23", "place": "Centennial Hall at VCYF",
    }
    got = client.get(f"/api/tournaments/{data['id']}")
    assert got.status_code == 200
    assert "edit_key" not in got.get_json()
    assert got.get_json()["standings_url"].endswith(f"/t/{data['id']}")


def test_create_takes_a_full_date_and_time_and_keeps_its_day(api):
    assert api.create(date="2024-11-23T19:00:00-06:00")["date"] == "2024-11-23"


@pytest.mark.parametrize(("body", "field"), [
    ({"name": ""}, "name"),
    ({"name": "x" * 81}, "name"),
    ({"entry_fee_cents": -1}, "entry_fee_cents"),
    ({"entry_fee_cents": "20"}, "entry_fee_cents"),
    ({"payout_percent": 101}, "payout_percent"),
    ({"games_per_team": 0}, "games_per_team"),
    ({"minutes_per_game": 0}, "minutes_per_game"),
    ({"minutes_per_game": True}, "minutes_per_game"),
    ({"variant": "ten-point-six", "players_per_table": 4}, "players_per_table"),
    ({"players_per_table": 6}, "players_per_table"),
    ({"rules": {"players": 4}}, "rules.players"),
    ({"variant": "bridge"}, "variant"),
    ({"rules": {"time_limit_minutes": 10}}, "rules.time_limit_minutes"),
    ({"rules": {"target": 0}}, "rules.target"),
    ({"rules": []}, "rules"),
    ({"date": "23/11/2024"}, "date"),
    ({"seed": -5}, "seed"),
])
def test_create_refuses_a_bad_body_with_422_and_the_field(client, body, field):
    response = client.post("/api/tournaments", json={"name": "Cup", **body})
    assert response.status_code == 422
    assert response.get_json()["field"] == field
    assert response.get_json()["error"]


def test_create_refuses_a_body_that_is_not_an_object_or_not_json(client):
    assert client.post("/api/tournaments", json=[1]).status_code == 422
    response = client.post("/api/tournaments", data="{", content_type="application/json")
    assert response.status_code == 400 and response.get_json()["error"]


def test_house_rules_go_to_every_game(api):
    api.create(rules={"target": 21}, minutes_per_game=20)
    api.teams(2)
    table = api.draw()["tables"][0]
    game = api.client.get(f"/api/games/{table['game']}").get_json()
    assert game["rules"]["target"] == 21 and game["rules"]["time_limit_minutes"] == 20


@pytest.mark.parametrize(("method", "path"), [
    ("get", ""), ("post", "/teams"), ("post", "/singles"), ("post", "/singles/pair"), ("post", "/rounds"),
    ("get", "/rounds/1"), ("post", "/rounds/1/start"), ("get", "/standings"), ("post", "/tie-breaks"),
    ("get", "/result"),
])
def test_an_unknown_tournament_is_404(client, method, path):
    response = getattr(client, method)(f"/api/tournaments/NoSuchTournamentAtAllHere{path}", json={})
    assert response.status_code == 404
    assert "no tournament" in response.get_json()["error"]


# ---- the edit key

@pytest.mark.parametrize(("path", "body"), [
    ("/teams", {"name": "Aces", "players": ["Ann", "Bo"]}), ("/singles", {"name": "Ann"}), ("/singles/pair", {}),
    ("/rounds", None), ("/rounds/1/start", None), ("/tie-breaks", {"teams": [1, 2], "winner": 1}),
])
def test_every_write_needs_the_edit_key(api, path, body):
    api.create()
    missing = api.post(path, body, headers={})
    assert missing.status_code == 401
    assert missing.headers["WWW-Authenticate"].startswith("Bearer")
    wrong = api.post(path, body, headers={"Authorization": "Bearer " + "x" * 22})
    assert wrong.status_code == 403
    assert api.get().get_json()["teams"] == [] and api.get().get_json()["singles"] == []


@pytest.mark.parametrize("content_type", ["text/plain", "application/x-www-form-urlencoded", None])
@pytest.mark.parametrize(("path", "body"), [
    ("", {"name": "Pitch Tournament"}), ("/teams", {"name": "Aces", "players": ["Ann", "Bo"]}),
    ("/singles", {"name": "Ann"}), ("/singles/pair", {"seed": 1}), ("/tie-breaks", {"teams": [1, 2], "winner": 1}),
])
def test_a_body_not_sent_as_json_is_415_and_changes_nothing(api, client, path, body, content_type):
    """A page on another site can post a form or text/plain without asking, so the API takes JSON only."""
    api.create()
    before = api.get().get_json()
    target = "/api/tournaments" if path == "" else f"/api/tournaments/{api.id}{path}"
    kwargs = {"content_type": content_type} if content_type else {}
    response = client.post(target, data=json.dumps(body), headers=api.headers, **kwargs)
    assert response.status_code == 415 and response.get_json() == {
        "error": "Send the body as JSON (Content-Type: application/json)."}
    assert api.get().get_json() == before


def test_a_games_key_does_not_open_the_tournament(api):
    api.create()
    api.teams(2)
    table = api.draw()["tables"][0]
    response = api.post("/teams", {"name": "Tens", "players": ["Ida", "Jo"]},
                        headers={"Authorization": f"Bearer {table['edit_key']}"})
    assert response.status_code == 403


# ---- teams and singles

def test_register_a_team(api):
    api.create()
    response = api.post("/teams", {"name": "  Aces ", "players": ["Ann", " Bo"]})
    assert response.status_code == 201
    assert response.get_json() == {"id": response.get_json()["id"], "name": "Aces", "players": ["Ann", "Bo"]}
    assert [team["name"] for team in api.get().get_json()["teams"]] == ["Aces"]


@pytest.mark.parametrize(("body", "status", "field"), [
    ({"name": "Aces", "players": ["Ann"]}, 422, "players"),
    ({"name": "Aces", "players": "Ann, Bo"}, 422, "players"),
    ({"name": "Aces", "players": ["Ann", ""]}, 422, "players"),
    ({"name": "", "players": ["Ann", "Bo"]}, 422, "name"),
    ({"name": "Aces", "players": ["Ann", "ann"]}, 409, "players"),
    ({"name": "kings", "players": ["Xa", "Xb"]}, 409, "name"),
    ({"name": "Queens", "players": ["CY", "Ed"]}, 409, "players"),
    ([1, 2], 422, None),
])
def test_a_bad_team_is_refused(api, body, status, field):
    api.create()
    api.post("/teams", {"name": "Kings", "players": ["Cy", "Di"]})
    response = api.post("/teams", body)
    assert response.status_code == status
    assert response.get_json().get("field") == field
    assert len(api.get().get_json()["teams"]) == 1


def test_a_player_name_taken_by_a_single_is_refused(api):
    api.create()
    api.post("/singles", {"name": "Ann"})
    assert api.post("/teams", {"name": "Aces", "players": ["Ann", "Bo"]}).status_code == 409
    assert api.post("/singles", {"name": "ANN"}).status_code == 409


def test_no_team_or_single_joins_after_round_1_is_drawn(api):
    api.create()
    api.teams(2)
    api.draw()
    assert api.post("/teams", {"name": "Tens", "players": ["Ida", "Jo"]}).status_code == 409
    assert api.post("/singles", {"name": "Zed"}).status_code == 409
    assert api.post("/singles/pair", {}).status_code == 409


def test_singles_are_paired_at_random_with_a_seed_and_the_odd_one_waits(api):
    api.create()
    names = ["Ann", "Bo", "Cy", "Di", "Ed"]
    singles = [api.post("/singles", {"name": name}).get_json() for name in names]
    assert all(single["team"] is None for single in singles)
    response = api.post("/singles/pair", {"seed": 7})
    assert response.status_code == 201
    data = response.get_json()
    assert data["seed"] == 7 and len(data["teams"]) == 2 and len(data["waiting"]) == 1
    paired = [name for team in data["teams"] for name in team["players"]]
    assert sorted(paired + [data["waiting"][0]["name"]]) == names
    assert all(team["name"] == " & ".join(team["players"]) for team in data["teams"])
    assert {single["team"] for single in api.get().get_json()["singles"]} == {None, *(t["id"] for t in data["teams"])}


def test_the_same_seed_pairs_the_same_singles(client):
    results = []
    for _ in range(2):
        api = Api(client)
        api.create()
        for name in ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"]:
            api.post("/singles", {"name": name})
        results.append([team["players"] for team in api.post("/singles/pair", {"seed": 99}).get_json()["teams"]])
    assert results[0] == results[1]


def test_two_singles_are_paired_by_hand_with_a_team_name(api):
    api.create()
    ann, bo, cy = (api.post("/singles", {"name": name}).get_json()["id"] for name in ["Ann", "Bo", "Cy"])
    response = api.post("/singles/pair", {"singles": [cy, ann], "name": "Late Birds"})
    assert response.status_code == 201
    assert response.get_json()["teams"] == [{"id": response.get_json()["teams"][0]["id"], "name": "Late Birds",
                                             "players": ["Cy", "Ann"]}]
    assert [single["id"] for single in response.get_json()["waiting"]] == [bo]
    assert response.get_json()["seed"] is None


@pytest.mark.parametrize("singles", [[1], "1,2", ["a", "b"], [999, 998], "same"])
def test_pairing_by_hand_needs_two_waiting_singles(api, singles):
    api.create()
    ann = api.post("/singles", {"name": "Ann"}).get_json()["id"]
    api.post("/singles", {"name": "Bo"})
    if singles == "same":
        singles = [ann, ann]
    response = api.post("/singles/pair", {"singles": singles})
    assert response.status_code == 422 and response.get_json()["field"] == "singles"


def test_pairing_needs_two_waiting_singles(api):
    api.create()
    api.post("/singles", {"name": "Ann"})
    response = api.post("/singles/pair")
    assert response.status_code == 409


# ---- rounds

def test_a_round_needs_two_teams(api):
    api.create()
    api.teams(1)
    assert api.post("/rounds").status_code == 409


def test_drawing_a_round_creates_each_tables_game_with_its_scorer_link(api, client):
    api.create()
    ids = api.teams(4)
    response = api.post("/rounds")
    assert response.status_code == 201
    assert response.headers["Location"].endswith(f"/api/tournaments/{api.id}/rounds/1")
    data = response.get_json()
    assert data["number"] == 1 and data["byes"] == [] and [t["table"] for t in data["tables"]] == [1, 2]
    assert sorted(team["id"] for table in data["tables"] for team in table["teams"]) == sorted(ids)
    for table in data["tables"]:
        assert table["join_url"].endswith(f"/games/{table['game']}/join#key={table['edit_key']}")
        game = client.get(f"/api/games/{table['game']}").get_json()
        first, second = table["teams"]
        assert game["variant"] == "tournament"
        assert game["players"] == [first["players"][0], second["players"][0], first["players"][1], second["players"][1]]
        assert [team["name"] for team in game["teams"]] == [first["name"], second["name"]]
        assert game["rules"]["time_limit_minutes"] == 30
        assert game["clock"]["started_at"] is None and table["clock"]["ends_at"] is None
        assert client.post(f"/api/games/{table['game']}/hands", json=hand(0, 6),
                           headers={"Authorization": f"Bearer {table['edit_key']}"}).status_code == 201


def test_odd_teams_get_a_bye_reported_with_the_round(api):
    api.create(games_per_team=5)
    api.teams(5)
    byes = [api.draw()["byes"] for _ in range(5)]
    assert all(len(bye) == 1 for bye in byes)
    assert len({bye[0]["id"] for bye in byes}) == 5
    assert api.standings()["byes"][0]["round"] == 1


def test_rounds_stop_at_the_games_per_team(api):
    api.create(games_per_team=2)
    api.teams(4)
    api.draw()
    api.draw()
    response = api.post("/rounds")
    assert response.status_code == 409 and "All 2 rounds" in response.get_json()["error"]


def test_each_round_meets_new_opponents(api):
    api.create(games_per_team=3)
    api.teams(4)
    meetings = [frozenset(team["id"] for team in table["teams"]) for _ in range(3) for table in api.draw()["tables"]]
    assert len(set(meetings)) == 6


def test_a_round_shows_its_keys_only_to_the_coordinator(api):
    api.create()
    api.teams(2)
    api.draw()
    public = api.get("/rounds/1").get_json()
    assert "edit_key" not in public["tables"][0] and "join_url" not in public["tables"][0]
    private = api.get("/rounds/1", headers=api.headers).get_json()
    assert private["tables"][0]["edit_key"] and private["tables"][0]["join_url"]
    assert api.get("/rounds/1", headers={"Authorization": "Bearer " + "y" * 22}).status_code == 403
    assert api.get("/rounds/2").status_code == 404


def test_starting_a_round_starts_its_clocks(api, client):
    api.create(minutes_per_game=30)
    api.teams(4)
    api.draw()
    response = api.post("/rounds/1/start")
    assert response.status_code == 200
    for table in response.get_json()["tables"]:
        clock = client.get(f"/api/games/{table['game']}").get_json()["clock"]
        assert clock["started_at"] and clock["limit_minutes"] == 30
        assert 29 * 60 < clock["remaining_seconds"] <= 30 * 60
        assert clock["called"] is False
    assert api.post("/rounds/2/start").status_code == 404


def test_starting_again_keeps_a_running_clock(api, client):
    api.create()
    api.teams(2)
    table = api.draw()["tables"][0]
    api.hand(table, hand(0, 6))
    started = client.get(f"/api/games/{table['game']}").get_json()["clock"]["started_at"]
    api.post("/rounds/1/start")
    assert client.get(f"/api/games/{table['game']}").get_json()["clock"]["started_at"] == started


# ---- the clock of any timed game

def test_the_first_hand_starts_the_clock(make_game, client):
    game, headers = make_game("tournament")
    assert game["clock"] == {**game["clock"], "limit_minutes": 30, "started_at": None, "ends_at": None,
                             "remaining_seconds": None, "called": False}
    assert game["clock"]["server_now"]
    after = client.post(f"/api/games/{game['id']}/hands", json=hand(0, 6), headers=headers).get_json()
    assert after["clock"]["started_at"] and after["clock"]["ends_at"] > after["clock"]["started_at"]
    again = client.post(f"/api/games/{game['id']}/hands", json=hand(1, 6), headers=headers).get_json()
    assert again["clock"]["started_at"] == after["clock"]["started_at"]


def test_a_game_without_a_time_limit_has_no_clock(make_game):
    game, _ = make_game("ten-point")
    assert game["clock"] is None


def test_at_zero_the_server_calls_time_and_the_hand_in_play_decides(app, make_game, client):
    game, headers = make_game("tournament")
    url = f"/api/games/{game['id']}"
    client.post(f"{url}/hands", json=hand(0, 7), headers=headers)  # 7-3
    move_clock_back(app, game["id"], 31)
    read = client.get(url).get_json()
    assert read["time_called"] == {"after_hand": 1, "finish_hand": True}
    assert read["clock"]["called"] is True and read["clock"]["remaining_seconds"] == 0
    assert read["status"] == "playing"
    assert read["time_called_at"] == read["clock"]["ends_at"]
    last = client.post(f"{url}/hands", json=hand(1, 4), headers=headers).get_json()  # Bo bids 5, takes 6: 11-9
    assert last["status"] == "finished" and last["winner"] == 0 and last["result"]["how"] == "time"
    assert client.post(f"{url}/hands", json=hand(0, 6), headers=headers).status_code == 409


def test_level_scores_when_time_is_called_play_on(app, make_game, client):
    game, headers = make_game("tournament")
    url = f"/api/games/{game['id']}"
    client.post(f"{url}/hands", json=hand(0, 5), headers=headers)  # 5-5
    move_clock_back(app, game["id"], 45)
    assert client.post(f"{url}/hands", json=hand(1, 5), headers=headers).get_json()["status"] == "playing"  # 10-10
    assert client.post(f"{url}/hands", json=hand(0, 6), headers=headers).get_json()["winner"] == 0  # 16-14


def test_a_write_after_zero_calls_time_first(app, make_game, client):
    game, headers = make_game("tournament")
    url = f"/api/games/{game['id']}"
    client.post(f"{url}/hands", json=hand(0, 7), headers=headers)
    move_clock_back(app, game["id"], 31)
    data = client.post(f"{url}/hands", json=hand(0, 7), headers=headers).get_json()
    assert data["time_called"] == {"after_hand": 1, "finish_hand": True}
    assert data["status"] == "finished"


def test_a_finished_game_is_not_time_called(app, api, client):
    api.create()
    api.teams(2)
    table = api.draw()["tables"][0]
    api.win(table, 0)
    move_clock_back(app, table["game"], 60)
    data = client.get(f"/api/games/{table['game']}").get_json()
    assert data["time_called"] is None and data["result"]["how"] == "target"


def test_a_table_that_calls_time_itself_before_zero_is_kept(make_game, client):
    game, headers = make_game("tournament")
    url = f"/api/games/{game['id']}"
    client.post(f"{url}/hands", json=hand(0, 7), headers=headers)
    data = client.post(f"{url}/time", json={"finish_hand": False}, headers=headers).get_json()
    assert data["status"] == "finished" and data["clock"]["called"] is True


# ---- standings

def test_standings_rank_by_average_from_finished_games_only(api):
    api.create(games_per_team=2)
    api.teams(4)
    tables = api.draw()["tables"]
    api.win(tables[0], 0, loser_points=2)  # 32-8
    standings = api.standings()
    assert [(line["played"], line["total"]) for line in standings["teams"][:2]] == [(1, 32), (1, 8)]
    assert standings["teams"][2]["rank"] is None  # the other table is still playing
    assert standings["tables"][1]["status"] == "playing"
    api.win(tables[1], 1, loser_points=1)  # 4-36 after 4 hands (9 each)
    assert [rank for _, rank, _ in ranks(api.standings())] == [1, 2, 3, 4]
    assert ranks(api.standings())[0][2] == 36.0


def test_equal_averages_share_a_rank(api):
    api.create(games_per_team=1)
    api.teams(4)
    tables = api.draw()["tables"]
    api.win(tables[0], 0, loser_points=2)
    api.win(tables[1], 0, loser_points=2)
    lines = api.standings()["teams"]
    assert [(line["rank"], line["tied"]) for line in lines] == [(1, True), (1, True), (3, True), (3, True)]
    assert api.get("/result").get_json()["status"] == "tie_break"


def test_a_correction_through_the_game_api_re_ranks_at_once(api, client):
    api.create(games_per_team=1)
    api.teams(4)
    tables = api.draw()["tables"]
    api.win(tables[0], 0, loser_points=2)  # 32-8
    api.win(tables[1], 0, loser_points=1)  # 36-4
    first = api.standings()["teams"][0]["team"]["id"]
    assert first == tables[1]["teams"][0]["id"]
    # table 2's scorer fixes hand 1: Kings' side bid 5 and made 6, so the leaders took only 4
    headers = {"Authorization": f"Bearer {tables[1]['edit_key']}"}
    response = client.put(f"/api/games/{tables[1]['game']}/hands/1", json=hand(1, 4), headers=headers)
    assert response.status_code == 200 and response.get_json()["scores"] == [31, 9]
    lines = api.standings()["teams"]
    assert [(line["team"]["id"], line["total"]) for line in lines[:2]] == [
        (tables[0]["teams"][0]["id"], 32), (tables[1]["teams"][0]["id"], 31)]


def test_a_game_with_three_misdeals_is_flagged(api, client):
    api.create()
    api.teams(2)
    table = api.draw()["tables"][0]
    for _ in range(2):
        api.hand(table, {"misdeal": True})
    assert api.standings()["flags"] == []
    api.hand(table, {"misdeal": True})
    flags = api.standings()["flags"]
    assert flags == [{"round": 1, "table": 1, "game": table["game"], "misdeals": 3}]


def test_standings_call_time_on_games_whose_clock_ran_out(app, api, client):
    api.create()
    api.teams(2)
    table = api.draw()["tables"][0]
    api.post("/rounds/1/start")
    api.hand(table, hand(0, 7))
    move_clock_back(app, table["game"], 31)
    assert api.standings()["tables"][0]["clock"]["called"] is True
    api.hand(table, hand(0, 7))
    line = api.standings()["teams"][0]
    assert (line["played"], line["wins"], line["total"]) == (1, 1, 14)


# ---- tie-break and result


def test_the_tie_break_hand_decides_the_winner_and_the_payout(api):
    winners, _, _ = tied_tournament(api)
    result = api.get("/result").get_json()
    assert result["status"] == "tie_break" and result["winner"] is None
    assert sorted(team["id"] for team in result["tied"]) == sorted(winners)
    response = api.post("/tie-breaks", {"teams": winners, "winner": winners[1]})
    assert response.status_code == 201
    lines = response.get_json()["teams"]
    assert [(line["team"]["id"], line["rank"], line["tie_break"]) for line in lines[:2]] == [
        (winners[1], 1, True), (winners[0], 2, True)]
    result = api.get("/result").get_json()
    assert result == {**result, "status": "finished", "fees_cents": 8000, "payout_cents": 4000, "house_cents": 4000}
    assert result["winner"]["id"] == winners[1]
    assert response.get_json()["tie_breaks"] == [{"teams": sorted(winners), "winner": winners[1], "applied": True}]


def test_a_tie_break_between_teams_not_tied_is_a_conflict(api):
    winners, losers, _ = tied_tournament(api)
    response = api.post("/tie-breaks", {"teams": [winners[0], losers[0]], "winner": winners[0]})
    assert response.status_code == 409 and response.get_json()["field"] == "teams"


def test_ties_lower_down_may_be_broken_too(api):
    _, losers, _ = tied_tournament(api)
    assert api.post("/tie-breaks", {"teams": losers, "winner": losers[0]}).status_code == 201
    assert api.get("/result").get_json()["status"] == "tie_break"


@pytest.mark.parametrize(("body", "field"), [
    ({"teams": [], "winner": 1}, "teams"),
    ({"teams": "both", "winner": 1}, "teams"),
    ({"teams": ["x", "y"], "winner": "x"}, "teams"),
    ("winners-not-list", "teams"),
    ("winner-outside", "winner"),
    ("winner-true", "winner"),
])
def test_a_bad_tie_break_is_422(api, body, field):
    winners, losers, _ = tied_tournament(api)
    body = {
        "winners-not-list": {"teams": [winners[0], winners[0]], "winner": winners[0]},
        "winner-outside": {"teams": winners, "winner": losers[0]},
        "winner-true": {"teams": winners, "winner": True},
    }[body] if isinstance(body, str) else body
    response = api.post("/tie-breaks", body)
    assert response.status_code == 422 and response.get_json()["field"] == field


def test_no_tie_break_before_every_game_is_over(api):
    api.create(games_per_team=2)
    ids = api.teams(4)
    response = api.post("/tie-breaks", {"teams": ids[:2], "winner": ids[0]})
    assert response.status_code == 409


def test_a_correction_after_the_tie_break_can_undo_the_tie(api, client):
    winners, _, _ = tied_tournament(api)
    api.post("/tie-breaks", {"teams": winners, "winner": winners[0]})
    tables = api.get("/rounds/1", headers=api.headers).get_json()["tables"]
    table = next(t for t in tables if t["teams"][0]["id"] == winners[1])
    client.put(f"/api/games/{table['game']}/hands/1", json=hand(0, 10),
               headers={"Authorization": f"Bearer {table['edit_key']}"})
    standings = api.standings()
    assert standings["teams"][0]["team"]["id"] == winners[1] and standings["teams"][0]["tie_break"] is False
    assert standings["tie_breaks"][0]["applied"] is False


def test_result_while_playing_and_after_a_clear_win(api):
    api.create(games_per_team=1, entry_fee_cents=2500, payout_percent=60)
    assert api.get("/result").get_json()["status"] == "registering"
    api.teams(4)
    tables = api.draw()["tables"]
    assert api.get("/result").get_json()["status"] == "playing"
    api.win(tables[0], 0, loser_points=2)
    api.win(tables[1], 1, loser_points=1)
    result = api.get("/result").get_json()
    assert result["status"] == "finished" and result["winner"]["id"] == tables[1]["teams"][1]["id"]
    assert (result["fees_cents"], result["payout_cents"], result["house_cents"]) == (10000, 6000, 4000)
