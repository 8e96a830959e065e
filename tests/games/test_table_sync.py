"""Two scorer phones at one table: an identical hand sent twice is one hand, a stale undo is refused, the clock
starts with the deal."""

from __future__ import annotations

import pytest

from tests.support.api import BO_MAKES_6, CY_SET_ON_5, assert_error, auth, game_revision, post_hands, url
from tests.support.pages import MADE, csrf, log, misdeal_asked, start
from tests.support.snapshots import snapshot

CLOCKED = {"time_limit_minutes": 30}


# ---- the same hand from two phones


def test_an_identical_hand_sent_for_a_recorded_number_answers_200_and_adds_nothing(app, client, make_game):
    game, headers = make_game()
    post_hands(client, game, headers, {**BO_MAKES_6, "number": 1, "id": "phone-a-1"})
    before, revision = snapshot(client, game), game_revision(app, game["id"])
    again = client.post(url(game, "/hands"), json={**BO_MAKES_6, "number": 1, "id": "phone-b-1"}, headers=headers)
    assert again.status_code == 200
    assert [hand["id"] for hand in again.get_json()["hands"]] == ["phone-a-1"]
    assert snapshot(client, game) == before
    assert game_revision(app, game["id"]) == revision  # nothing was written


def test_an_identical_earlier_hand_is_recognised_too(client, make_game):
    game, headers = make_game()
    post_hands(client, game, headers, BO_MAKES_6, CY_SET_ON_5)
    again = client.post(url(game, "/hands"), json={**BO_MAKES_6, "number": 1}, headers=headers)
    assert again.status_code == 200 and len(again.get_json()["hands"]) == 2


@pytest.mark.parametrize("change", [
    {"trump": "hearts"},
    {"bid": 7},
    {"bidder": 3},
    {"captured": {**BO_MAKES_6["captured"], "two": 1}},
])
def test_a_hand_that_differs_in_anything_the_table_said_is_still_409(client, make_game, change):
    game, headers = make_game()
    post_hands(client, game, headers, {**BO_MAKES_6, "number": 1})
    response = client.post(url(game, "/hands"), json={**BO_MAKES_6, **change, "number": 1}, headers=headers)
    assert_error(response, 409, "number")
    assert len(snapshot(client, game)["hands"]) == 1


def test_an_identical_misdeal_is_one_misdeal(client, make_game):
    game, headers = make_game()
    post_hands(client, game, headers, {"misdeal": True, "number": 1})
    again = client.post(url(game, "/hands"), json={"misdeal": True, "number": 1}, headers=headers)
    assert again.status_code == 200 and len(again.get_json()["hands"]) == 1


def test_the_same_hand_without_a_number_is_a_new_hand(client, make_game):
    """Without `number` the phone asks for the next hand: two equal hands in a row are possible at a table."""
    game, headers = make_game()
    post_hands(client, game, headers, BO_MAKES_6, BO_MAKES_6)
    assert len(snapshot(client, game)["hands"]) == 2


def test_an_identical_hand_needs_the_key(client, make_game):
    game, headers = make_game()
    post_hands(client, game, headers, {**BO_MAKES_6, "number": 1})
    response = client.post(url(game, "/hands"), json={**BO_MAKES_6, "number": 1}, headers=auth("x" * 22))
    assert_error(response, 403)


# ---- undo only the last hand


def test_a_stale_undo_is_409_and_removes_nothing(app, client, make_game):
    game, headers = make_game()
    played = post_hands(client, game, headers, BO_MAKES_6, CY_SET_ON_5)
    first = played["hands"][0]["id"]
    before, revision = snapshot(client, game), game_revision(app, game["id"])
    response = client.delete(url(game, f"/hands/1?id={first}&last=1"), headers=headers)
    body = assert_error(response, 409, "number")
    assert body["error"] == ("Hand 1 is no longer the last hand: another phone logged hand 2. "
                             "Undo again if you still mean it.")
    assert snapshot(client, game) == before and game_revision(app, game["id"]) == revision
    assert_error(client.delete(url(game, "/hands/1?last=1"), headers=headers), 409, "number")


def test_an_undo_of_the_last_hand_removes_it(client, make_game):
    game, headers = make_game()
    played = post_hands(client, game, headers, BO_MAKES_6, CY_SET_ON_5)
    last = played["hands"][1]["id"]
    response = client.delete(url(game, f"/hands/2?id={last}&last=1"), headers=headers)
    assert response.status_code == 200 and len(response.get_json()["hands"]) == 1
    again = client.delete(url(game, f"/hands/2?id={last}&last=1"), headers=headers)  # the outbox sends it again
    assert again.status_code == 200 and len(again.get_json()["hands"]) == 1


def test_delete_without_the_precondition_still_removes_a_middle_hand(client, make_game):
    game, headers = make_game()
    post_hands(client, game, headers, BO_MAKES_6, CY_SET_ON_5)
    response = client.delete(url(game, "/hands/1"), headers=headers)
    assert response.status_code == 200
    assert [hand["bidder"] for hand in response.get_json()["hands"]] == [CY_SET_ON_5["bidder"]]


@pytest.mark.parametrize("value", ["yes", "2", ""])
def test_a_last_that_is_not_0_or_1_is_422(client, make_game, value):
    game, headers = make_game()
    post_hands(client, game, headers, BO_MAKES_6)
    assert_error(client.delete(url(game, f"/hands/1?last={value}"), headers=headers), 422, "last")
    assert len(snapshot(client, game)["hands"]) == 1


def test_the_undo_form_refuses_a_stale_hand(client):
    """The no-script undo page names the hand it removes; posted after another phone logged one, it is refused."""
    game_id = start(client)
    log(client, game_id, MADE)
    page = client.get(f"/games/{game_id}/undo").get_data(as_text=True)
    token = csrf(client, f"/games/{game_id}/undo")
    hand_id = client.get(f"/api/games/{game_id}").get_json()["hands"][0]["id"]
    assert "Undo hand 1" in page
    log(client, game_id, {**MADE, "bidder": "3"})  # another phone: hand 2
    response = client.post(f"/games/{game_id}/undo", data={"csrf_token": token, "hand_id": hand_id, "number": "1"})
    assert response.status_code == 409
    assert "another phone logged hand 2" in response.get_data(as_text=True)
    assert len(client.get(f"/api/games/{game_id}").get_json()["hands"]) == 2


# ---- the clock starts with the deal


def test_starting_the_clock_sets_started_at_and_raises_the_revision(app, client, make_game):
    game, headers = make_game("tournament")
    assert game["clock"]["started_at"] is None
    revision = game_revision(app, game["id"])
    response = client.post(url(game, "/clock"), headers=headers)
    assert response.status_code == 200
    clock = response.get_json()["clock"]
    assert clock["started_at"] and clock["ends_at"] and 29 * 60 < clock["remaining_seconds"] <= 30 * 60
    assert game_revision(app, game["id"]) == revision + 1
    post_hands(client, game, headers, BO_MAKES_6)  # the first hand leaves the clock as it was started
    assert snapshot(client, game)["clock"]["started_at"] == clock["started_at"]


def test_a_clock_cannot_start_twice(app, client, make_game):
    game, headers = make_game("tournament")
    started = client.post(url(game, "/clock"), headers=headers).get_json()["clock"]["started_at"]
    revision = game_revision(app, game["id"])
    body = assert_error(client.post(url(game, "/clock"), headers=headers), 409)
    assert body["error"].startswith("The clock already started at ")
    assert snapshot(client, game)["clock"]["started_at"] == started and game_revision(app, game["id"]) == revision


def test_the_first_hand_has_started_the_clock_already(client, make_game):
    game, headers = make_game("ten-point", rules=CLOCKED)
    post_hands(client, game, headers, BO_MAKES_6)
    assert_error(client.post(url(game, "/clock"), headers=headers), 409)


def test_a_game_without_a_clock_has_none_to_start(client, make_game):
    game, headers = make_game()
    body = assert_error(client.post(url(game, "/clock"), headers=headers), 409)
    assert body["error"] == "This game has no clock to start."
    assert snapshot(client, game)["clock"] is None


@pytest.mark.parametrize(("headers", "status"), [({}, 401), (auth("x" * 22), 403)])
def test_starting_the_clock_needs_the_key(app, client, make_game, headers, status):
    game, _ = make_game("tournament")
    revision = game_revision(app, game["id"])
    assert_error(client.post(url(game, "/clock"), headers=headers), status)
    assert snapshot(client, game)["clock"]["started_at"] is None and game_revision(app, game["id"]) == revision


def test_a_clock_start_body_must_be_json(client, make_game):
    game, headers = make_game("tournament")
    response = client.post(url(game, "/clock"), data="now", content_type="text/plain", headers=headers)
    assert response.status_code == 415
    assert snapshot(client, game)["clock"]["started_at"] is None


def test_the_sheet_button_starts_the_clock(client):
    game_id = start(client, "tournament")
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Start the clock" in page and 'data-slot="clock-start">' in page  # shown
    response = client.post(f"/games/{game_id}/clock", data={"csrf_token": csrf(client, f"/games/{game_id}")})
    assert response.status_code == 303
    assert client.get(f"/api/games/{game_id}").get_json()["clock"]["started_at"] is not None
    assert 'data-slot="clock-start" hidden>' in client.get(f"/games/{game_id}").get_data(as_text=True)
    again = client.post(f"/games/{game_id}/clock", data={"csrf_token": csrf(client, f"/games/{game_id}")})
    assert again.status_code == 303  # already running: the sheet shows it


def test_the_sheet_button_needs_the_form_token(client):
    game_id = start(client, "tournament")
    assert client.post(f"/games/{game_id}/clock", data={}).status_code in (400, 403)
    assert client.get(f"/api/games/{game_id}").get_json()["clock"]["started_at"] is None


# ---- a misdeal without scripts asks too


def test_the_misdeal_button_of_the_edit_form_asks_first(client):
    game_id, path, page = misdeal_asked(client, MADE)
    assert "Hand 1 is a misdeal: Ann deals again?" in page
    assert not client.get(f"/api/games/{game_id}").get_json()["hands"][0].get("misdeal")
    confirm = {"csrf_token": csrf(client, path), "misdeal": "1", "confirmed": "1", "number": "1"}
    assert client.post(path, data=confirm).status_code == 303
    assert client.get(f"/api/games/{game_id}").get_json()["hands"][0]["misdeal"] is True
