"""The group API of docs/api-groups.md: groups, people, games in and out, keys, and every error of the contract."""

from __future__ import annotations

import brotli
import pytest
import sqlalchemy as sa

from scorekeeper.extensions import db
from scorekeeper.games.models import Game
from scorekeeper.groups.models import Group, Person
from tests.support.groups import MISDEAL, GroupApi, auth, ten_all

FOUR = ["Ann", "Bo", "Cy", "Di"]


def assert_error(response, status: int, field: str | None = None) -> dict:
    """A JSON error of the contract: a sentence, and the field at fault."""
    assert response.status_code == status, response.get_data(as_text=True)
    body = response.get_json()
    assert body["error"].strip() and body.get("field") == field
    return body


def rows(app, model) -> int:
    """How many rows a table holds."""
    with app.app_context():
        return db.session.scalar(sa.select(sa.func.count()).select_from(model))


def new_game(client, players=FOUR) -> dict:
    """A game outside any group."""
    response = client.post("/api/games", json={"variant": "ten-point", "players": players})
    assert response.status_code == 201
    return response.get_json()


def test_create_group_answers_201_with_key_link_and_defaults(client):
    group = GroupApi(client, "  Thursday table ")
    body = group.created
    assert body["name"] == "Thursday table" and body["min_games"] == 3
    assert body["people"] == [] and body["games"] == []
    assert body["share_url"] == f"http://scorekeeper.test/g/{group.id}"
    read = group.get()
    assert read.status_code == 200 and "edit_key" not in read.get_json()
    assert "public" in read.headers["Cache-Control"] and read.headers["ETag"]
    assert "Set-Cookie" not in read.headers


@pytest.mark.parametrize(("body", "field"), [
    ({}, "name"), ({"name": ""}, "name"), ({"name": "x" * 41}, "name"), ({"name": "A\u202eB"}, "name"),
    ({"name": "T", "min_games": -1}, "min_games"), ({"name": "T", "min_games": "3"}, "min_games"),
    ({"name": "T", "min_games": True}, "min_games"), ([], None),
])
def test_create_group_refuses_a_bad_body(app, client, body, field):
    assert_error(client.post("/api/groups", json=body), 422, field)
    assert rows(app, Group) == 0


def test_group_read_is_304_while_nothing_changed_and_changes_with_a_game(client):
    group = GroupApi(client)
    tag = group.get().headers["ETag"]
    assert group.get(headers={"If-None-Match": tag}).status_code == 304
    game = group.game("ten-point", FOUR)
    assert group.get(headers={"If-None-Match": tag}).status_code == 200
    tag = group.get().headers["ETag"]
    client.post(f"/api/games/{game['id']}/hands", json=ten_all(0, 5, 0), headers=auth(game["edit_key"]))
    assert group.get(headers={"If-None-Match": tag}).status_code == 200


def test_unknown_group_is_404(client):
    assert_error(client.get("/api/groups/nosuchgroupnosuchgroup1"), 404)
    assert_error(client.get("/api/groups/bad!"), 404)
    assert_error(client.get("/api/groups/nosuchgroupnosuchgroup1/stats"), 404)


def test_writes_need_the_groups_key(app, client):
    group = GroupApi(client)
    other = GroupApi(client, "Other")
    for method, tail, body in [("patch", "", {"name": "X"}), ("post", "/people", {"name": "Ann"}),
                               ("post", "/games", {"variant": "ten-point", "players": FOUR}),
                               ("post", "/key", None)]:
        assert group.send(method, tail, body, headers={}).status_code == 401
        assert group.send(method, tail, body, headers=other.headers).status_code == 403
    assert rows(app, Person) == 0 and rows(app, Game) == 0
    assert group.get().get_json()["name"] == "Thursday table"


def test_patch_changes_name_and_min_games(client):
    group = GroupApi(client)
    body = group.send("patch", "", {"name": "Friday", "min_games": 5}).get_json()
    assert body["name"] == "Friday" and body["min_games"] == 5
    assert_error(group.send("patch", "", {"min_games": 1001}), 422, "min_games")
    assert group.get().get_json()["min_games"] == 5


def test_people_are_unique_by_trimmed_case_folded_name(app, client):
    group = GroupApi(client)
    ann = group.send("post", "/people", {"name": "Ann", "short_name": "A"})
    assert ann.status_code == 201
    ann = ann.get_json()
    assert ann["name"] == "Ann" and ann["short_name"] == "A" and ann["id"]
    assert_error(group.send("post", "/people", {"name": "  ANN "}), 409, "name")
    bo = group.send("post", "/people", {"name": "Bo"}).get_json()
    assert_error(group.send("patch", f"/people/{bo['id']}", {"name": "ann"}), 409, "name")
    assert_error(group.send("post", "/people", {"name": "\x00"}), 422, "name")
    renamed = group.send("patch", f"/people/{bo['id']}", {"name": "Bobby"})
    assert renamed.status_code == 200 and renamed.get_json()["name"] == "Bobby"
    assert_error(group.send("patch", "/people/nosuchpersonnosuchperson", {"name": "X"}), 404)
    assert rows(app, Person) == 2


def test_a_game_started_in_the_group_seats_people_by_name(client):
    group = GroupApi(client)
    group.send("post", "/people", {"name": "Ann"})
    game = group.game("ten-point", ["ann", "Bo", "Cy", "Di"])
    people = group.people()
    assert set(people) == {"Ann", "Bo", "Cy", "Di"}  # "ann" is Ann; the others were added
    assert game["group"] == group.id and game["players"] == ["ann", "Bo", "Cy", "Di"]
    assert game["people"] == [people["Ann"], people["Bo"], people["Cy"], people["Di"]]
    assert game["edit_key"]
    read = client.get(f"/api/games/{game['id']}").get_json()
    assert read["group"] == group.id and read["people"] == game["people"] and "edit_key" not in read
    summary = group.get().get_json()["games"][0]
    assert summary["id"] == game["id"] and summary["status"] == "playing" and summary["finished"] is None
    assert summary["people"] == [[people["Ann"], people["Cy"]], [people["Bo"], people["Di"]]]
    assert summary["scores"] == [0, 0] and summary["winner"] is None and summary["variant"] == "ten-point"


def test_the_same_person_twice_in_one_game_is_422_and_nothing_is_stored(app, client):
    group = GroupApi(client)
    assert_error(group.send("post", "/games", {"variant": "ten-point", "players": ["Ann", "Bo", "ANN", "Di"]}),
                 422, "players")
    assert rows(app, Game) == 0 and rows(app, Person) == 0


def test_the_groups_key_writes_to_its_games_until_one_is_taken_out(client):
    group = GroupApi(client)
    game = group.game("ten-point", FOUR)
    hands = f"/api/games/{game['id']}/hands"
    assert client.post(hands, json=ten_all(0, 5, 0), headers=group.headers).status_code == 201
    body = group.send("delete", f"/games/{game['id']}")
    assert body.status_code == 200 and body.get_json()["games"] == []
    assert client.post(hands, json=ten_all(1, 5, 1), headers=group.headers).status_code == 403
    assert client.post(hands, json=ten_all(1, 5, 1), headers=auth(game["edit_key"])).status_code == 201
    read = client.get(f"/api/games/{game['id']}").get_json()
    assert "group" not in read and read["players"] == FOUR
    assert_error(group.send("delete", f"/games/{game['id']}"), 404)
    assert_error(group.send("delete", "/games/nosuchgamenosuchgame12"), 404)


def test_adding_an_existing_game_needs_its_key(app, client):
    group = GroupApi(client)
    game = new_game(client)
    wrong = group.send("post", "/games", {"game": game["id"], "game_key": group.key})
    assert wrong.status_code == 403
    assert rows(app, Person) == 0 and client.get(f"/api/games/{game['id']}").get_json().get("group") is None
    assert_error(group.send("post", "/games", {"game": game["id"]}), 422, "game_key")
    assert_error(group.send("post", "/games", {"game_key": game["edit_key"]}), 422, "game")
    assert_error(group.send("post", "/games", {"game": game["id"], "game_key": 5}), 422, "game_key")
    assert_error(group.send("post", "/games", {"game": "nosuchgamenosuchgame12", "game_key": game["edit_key"]}), 404)
    added = group.send("post", "/games", {"game": game["id"], "game_key": game["edit_key"]})
    assert added.status_code == 201 and "edit_key" not in added.get_json()
    assert added.get_json()["group"] == group.id and len(added.get_json()["people"]) == 4
    other = GroupApi(client, "Other")
    assert_error(other.send("post", "/games", {"game": game["id"], "game_key": game["edit_key"]}), 409, "game")
    assert rows(app, Person) == 4


def test_merging_people(client):
    group = GroupApi(client)
    group.game("ten-point", ["Ann", "Bo", "Cy", "Di"])
    group.game("ten-point", ["Annie", "Bo", "Cy", "Di"])
    people = group.people()
    ann, annie, bo = people["Ann"], people["Annie"], people["Bo"]
    assert_error(group.send("post", f"/people/{ann}/merge", {"into": ann}), 422, "into")
    assert_error(group.send("post", f"/people/{ann}/merge", {"into": bo}), 409, "into")
    assert_error(group.send("post", f"/people/{ann}/merge", {"into": "nobody"}), 422, "into")
    assert_error(group.send("post", "/people/nosuchpersonnosuchperson/merge", {"into": ann}), 404)
    merged = group.send("post", f"/people/{annie}/merge", {"into": ann})
    assert merged.status_code == 200
    body = merged.get_json()
    assert {person["name"] for person in body["people"]} == {"Ann", "Bo", "Cy", "Di"}
    assert all(game["people"][0][0] == ann for game in body["games"])
    second = [game for game in body["games"]][0]
    read = client.get(f"/api/games/{second['id']}").get_json()
    assert read["people"][0] == ann and read["players"][0] in ("Ann", "Annie")


def test_rotating_the_groups_key(client):
    group = GroupApi(client)
    game = group.game("ten-point", FOUR)
    response = group.send("post", "/key")
    assert response.status_code == 200 and response.headers["Cache-Control"] == "no-store"
    new = response.get_json()["edit_key"]
    assert new != group.key
    refused = group.send("patch", "", {"name": "X"})
    assert refused.status_code == 403 and refused.get_json()["code"] == "key_replaced"
    hand = client.post(f"/api/games/{game['id']}/hands", json=ten_all(0, 5, 0), headers=group.headers)
    assert hand.status_code == 403
    assert group.send("patch", "", {"name": "X"}, headers=auth(new)).status_code == 200
    assert client.post(f"/api/games/{game['id']}/hands", json=ten_all(0, 5, 0), headers=auth(new)).status_code == 201


def test_a_game_made_offline_sent_again_joins_once(client):
    group = GroupApi(client)
    body = {"variant": "ten-point", "players": FOUR, "id": "offline-game-id-0000000001",
            "edit_key": "offline-game-key-000000001"}
    first = group.send("post", "/games", body)
    again = group.send("post", "/games", body)
    assert first.status_code == 201 and again.status_code == 200
    assert again.get_json()["group"] == group.id and len(group.get().get_json()["games"]) == 1


def test_finished_is_the_time_of_the_write_that_finished_the_game(app, client):
    group = GroupApi(client)
    game = group.game("ten-point", FOUR, [MISDEAL])
    hands = f"/api/games/{game['id']}/hands"
    assert group.get().get_json()["games"][0]["finished"] is None
    client.post(hands, json=ten_all(0, "moon", 0), headers=group.headers)
    summary = group.get().get_json()["games"][0]
    assert summary["status"] == "finished" and summary["winner"] == 0 and summary["finished"].endswith("+00:00")
    assert client.delete(f"{hands}/2", headers=group.headers).status_code == 200  # undo: playing again
    assert group.get().get_json()["games"][0]["finished"] is None


def test_a_game_finished_before_the_time_was_kept_shows_its_last_hands_time(app, client):
    group = GroupApi(client)
    game = group.game("ten-point", FOUR, [ten_all(0, "moon", 0)])
    with app.app_context():
        stored = db.session.get(Game, game["id"])
        last = stored.hands[-1].created_at
        stored.finished_at = None
        db.session.commit()
    assert group.get().get_json()["games"][0]["finished"] == last.isoformat()


def test_stats_refuse_a_date_that_is_not_one(client):
    group = GroupApi(client)
    for query, field in [("?from=2026-02-30", "from"), ("?to=yesterday", "to"), ("?from=2026-1-1", "from"),
                         ("?to=", "to")]:
        assert_error(group.get("/stats" + query), 422, field)


def test_a_compressed_read_is_the_same_group_and_revalidates(client):
    group = GroupApi(client)
    for _ in range(3):
        group.game("ten-point", FOUR)
    plain = group.get()
    packed = group.get(headers={"Accept-Encoding": "br"})
    assert packed.headers["Content-Encoding"] == "br" and "Accept-Encoding" in packed.headers["Vary"]
    assert brotli.decompress(packed.get_data()) == plain.get_data()
    assert packed.headers["ETag"] == plain.headers["ETag"][:-1] + ':br"'
    assert group.get(headers={"Accept-Encoding": "br", "If-None-Match": packed.headers["ETag"]}).status_code == 304
    group.send("patch", "", {"name": "Renamed"})
    again = group.get(headers={"Accept-Encoding": "br", "If-None-Match": packed.headers["ETag"]})
    assert again.status_code == 200 and b"Renamed" in brotli.decompress(again.get_data())


def test_the_groups_key_starts_the_clock_of_a_timed_game_in_the_group(client):
    group = GroupApi(client)
    game = group.game("tournament", FOUR)
    assert client.post(f"/api/games/{game['id']}/clock", headers=auth("x" * 22)).status_code == 403
    started = client.post(f"/api/games/{game['id']}/clock", headers=group.headers)
    assert started.status_code == 200, started.get_json()
    assert started.get_json()["clock"]["started_at"] is not None


def test_hands_given_as_points_count_in_the_stats(client):
    group = GroupApi(client)
    set_hand = {"bidder": 1, "bid": 6, "points": [5, 5]}  # Bo's side took 5 of the 6 it bid: set
    made = {"bidder": 0, "bid": 5, "points": [10, 0]}  # Ann's side took all ten: made
    game = group.game("ten-point", FOUR, [set_hand, made, made, made])
    assert game["status"] == "finished" and game["winner"] == 0 and game["scores"] == [35, -6]
    assert all("captured" not in hand for hand in game["hands"])
    people = {person["name"]: person for person in group.stats()["people"]}
    assert [people["Ann"][key] for key in ("games", "wins", "bids", "made", "set")] == [1, 1, 3, 3, 0]
    assert [people["Bo"][key] for key in ("games", "wins", "bids", "made", "set")] == [1, 0, 1, 0, 1]
    assert [people["Cy"][key] for key in ("games", "wins", "bids")] == [1, 1, 0]


def test_people_named_in_one_game_join_in_seat_order(client):
    names = [f"Player {letter}" for letter in "GFEDCBA"]
    for _ in range(5):  # ids sort at random: the order named must not rest on them
        group = GroupApi(client)
        group.game("cutthroat", names)
        assert [person["name"] for person in group.get().get_json()["people"]] == names
