"""POST /api/games/<id>/rematch: the same players, team names and rules with the deal passed on; a game in a
group has its rematch in the same group with the same people, on the game's own key."""

from __future__ import annotations

import pytest

from tests.support.groups import GroupApi, auth, ten_all

FOUR = ["Ann", "Bo", "Cy", "Di"]


def won_game(client) -> dict:
    """A game to 10 outside any group, won on hand 1 by Bo/Di; with its key."""
    made = client.post("/api/games", json={"variant": "ten-point", "players": FOUR, "team_names": ["Us", "Them"],
                                           "rules": {"target": 10}}).get_json()
    answer = client.post(f"/api/games/{made['id']}/hands", json=ten_all(1, 6, 1), headers=auth(made["edit_key"]))
    assert answer.get_json()["status"] == "finished"
    return made


def test_a_rematch_keeps_players_teams_and_rules_and_passes_the_deal_on(client):
    game = won_game(client)
    response = client.post(f"/api/games/{game['id']}/rematch", headers=auth(game["edit_key"]))
    assert response.status_code == 201, response.get_json()
    rematch = response.get_json()
    assert rematch["id"] != game["id"] and rematch["edit_key"] and rematch["edit_key"] != game["edit_key"]
    assert response.headers["Location"].endswith(f"/api/games/{rematch['id']}")
    assert response.headers["Cache-Control"] == "no-store"
    assert rematch["players"] == FOUR and [team["name"] for team in rematch["teams"]] == ["Us", "Them"]
    assert rematch["rules"] == {**game["rules"], "first_dealer": 1} and rematch["next_dealer"] == 1
    assert rematch["hands"] == [] and rematch.get("group") is None
    # the new key writes to the rematch
    hand = client.post(f"/api/games/{rematch['id']}/hands", json=ten_all(1, 6, 1), headers=auth(rematch["edit_key"]))
    assert hand.status_code == 201


def test_a_rematch_sent_again_with_its_own_id_is_one_game(client):
    game = won_game(client)
    mine = {"id": "R" * 22, "edit_key": "K" * 22}
    first = client.post(f"/api/games/{game['id']}/rematch", json=mine, headers=auth(game["edit_key"]))
    again = client.post(f"/api/games/{game['id']}/rematch", json=mine, headers=auth(game["edit_key"]))
    assert (first.status_code, again.status_code) == (201, 200)
    assert first.get_json()["id"] == again.get_json()["id"] == mine["id"]


@pytest.mark.parametrize(("headers", "status"), [({}, 401), (auth("wrong" * 5), 403)])
def test_a_rematch_needs_the_games_key(client, headers, status):
    game = won_game(client)
    response = client.post(f"/api/games/{game['id']}/rematch", headers=headers)
    assert response.status_code == status and response.get_json()["error"]


def test_a_rematch_of_an_unknown_game_is_404_and_a_bad_body_422(client):
    assert client.post("/api/games/nosuchgame00000000000000/rematch", headers=auth("x" * 22)).status_code == 404
    game = won_game(client)
    bad = client.post(f"/api/games/{game['id']}/rematch", json=[1], headers=auth(game["edit_key"]))
    assert bad.status_code == 422 and bad.get_json()["error"]
    odd = client.post(f"/api/games/{game['id']}/rematch", json={"id": "x"}, headers=auth(game["edit_key"]))
    assert odd.status_code == 422 and odd.get_json()["field"]


def test_a_rematch_in_a_group_stays_in_it_with_the_same_people_on_the_games_key(client):
    group = GroupApi(client)
    game = group.game("ten-point", FOUR, [ten_all(1, 6, 1)] * 4, team_names=["Us", "Them"])
    assert game["status"] == "finished" and game["group"] == group.id
    client.patch(group.url(f"/people/{group.people()['Ann']}"), json={"name": "Annie"}, headers=group.headers)
    response = client.post(f"/api/games/{game['id']}/rematch", headers=auth(game["edit_key"]))
    assert response.status_code == 201, response.get_json()
    rematch = response.get_json()
    assert rematch["group"] == group.id and rematch["people"] == game["people"]
    assert rematch["players"] == FOUR  # the names as played
    assert [item["id"] for item in group.get().get_json()["games"]] == [rematch["id"], game["id"]]
    # the group's key opens the rematch too, and the rematch's own key
    for key in (group.key, rematch["edit_key"]):
        hand = client.post(f"/api/games/{rematch['id']}/hands", json=ten_all(1, 6, 1), headers=auth(key))
        assert hand.status_code == 201, hand.get_json()
        client.delete(f"/api/games/{rematch['id']}/hands/1", headers=auth(key))


def test_the_groups_key_starts_a_rematch_too(client):
    group = GroupApi(client)
    game = group.game("ten-point", FOUR, [ten_all(1, 6, 1)] * 4)
    response = client.post(f"/api/games/{game['id']}/rematch", headers=group.headers)
    assert response.status_code == 201 and response.get_json()["group"] == group.id


def test_a_rematch_of_a_game_whose_person_was_merged_away_seats_by_name(client):
    group = GroupApi(client)
    game = group.game("ten-point", FOUR, [ten_all(1, 6, 1)] * 4)
    people = group.people()
    extra = client.post(group.url("/people"), json={"name": "Annie"}, headers=group.headers).get_json()
    merged = client.post(group.url(f"/people/{people['Ann']}/merge"), json={"into": extra["id"]}, headers=group.headers)
    assert merged.status_code == 200, merged.get_json()
    rematch = client.post(f"/api/games/{game['id']}/rematch", headers=auth(game["edit_key"])).get_json()
    assert rematch["group"] == group.id and len(rematch["people"]) == 4
    assert rematch["people"][1:] == [people["Bo"], people["Cy"], people["Di"]]
