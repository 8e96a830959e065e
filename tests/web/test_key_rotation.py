"""Keys: answers that carry one are never cached, table keys are never stored, and a key can be changed."""

from __future__ import annotations

import re

import pytest
import sqlalchemy as sa

from scorekeeper.extensions import db
from scorekeeper.games.models import Game
from scorekeeper.tournaments.models import Pairing, Tournament
from scorekeeper.web import keys
from tests.support.pages import hidden
from tests.support.tournaments import Api, hand


def bearer(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


def csrf_of(page: str) -> str:
    return hidden(page, "csrf_token")


@pytest.fixture
def drawn(client):
    """A tournament of four teams with round 1 drawn: the API and the round as the draw answered it."""
    api = Api(client)
    api.create(games_per_team=2)
    api.teams(4)
    return api, api.draw()


def key_carrying_answers(client, make_game, drawn):
    """Every answer that carries an edit key, by name: (response, the key it must carry)."""
    game, headers = make_game()
    api, round_one = drawn
    tournament_key = api.headers["Authorization"].split()[1]
    table = round_one["tables"][0]
    created = client.post("/api/tournaments", json={"name": "Other cup"})
    join_page = client.get(f"/games/{game['id']}/join")
    client.post(f"/games/{game['id']}/join", data={"csrf_token": csrf_of(join_page.text), "key": game["edit_key"]})
    manage = client.get(f"/t/{api.id}/manage")
    client.post(f"/t/{api.id}/manage/key", data={"csrf_token": csrf_of(manage.text), "key": tournament_key})
    game_page = client.get(f"/games/{game['id']}")
    rotated = client.post(f"/api/games/{game['id']}/key", headers=headers)
    answers = {
        "create game": (client.post("/api/games", json={"variant": "ten-point", "players": ["A", "B", "C", "D"]}),
                        None),
        "create tournament": (created, created.get_json()["edit_key"]),
        "draw round": (api.post("/rounds"), None),
        "round read with the key": (api.get("/rounds/1", headers=api.headers), table["edit_key"]),
        "start round": (api.post("/rounds/1/start"), table["edit_key"]),
        "join page": (join_page, None),
        "game page with its key": (game_page, game["edit_key"]),
        "manage page": (client.get(f"/t/{api.id}/manage"), table["edit_key"]),
        "game key rotation": (rotated, rotated.get_json()["edit_key"]),
        "tournament key rotation": (api.post("/key"), None),
    }
    return answers


ANSWERS = ["create game", "create tournament", "draw round", "round read with the key", "start round", "join page",
           "game page with its key", "manage page", "game key rotation", "tournament key rotation"]


@pytest.mark.parametrize("name", ANSWERS)
def test_every_answer_carrying_a_key_says_no_store(client, make_game, drawn, name):
    """The answer is never kept by a cache; it is a success, and carries the key it should."""
    response, key = key_carrying_answers(client, make_game, drawn)[name]
    assert response.status_code in (200, 201), (name, response.status_code)
    assert response.headers["Cache-Control"] == "no-store"
    if key is not None:
        assert key in response.text


@pytest.mark.parametrize("path", ["/api/games/{game}", "/api/tournaments/{tournament}",
                                  "/api/tournaments/{tournament}/rounds/1", "/api/tournaments/{tournament}/standings",
                                  "/games/{game}", "/share/{game}", "/t/{tournament}"])
def test_reads_without_a_key_carry_no_key(client, drawn, path):
    """What anyone may read shows no edit key, the table's nor the coordinator's."""
    api, round_one = drawn
    table = round_one["tables"][0]
    response = client.get(path.format(game=table["game"], tournament=api.id))
    assert response.status_code == 200
    assert table["edit_key"] not in response.text and api.headers["Authorization"].split()[1] not in response.text
    assert "edit_key" not in (response.get_json() or {}) and "#key=" not in response.text


def test_no_key_is_stored_in_plain_text(app, drawn):
    """Neither the coordinator's key nor a table's key appears anywhere in the database."""
    api, round_one = drawn
    secrets = [api.headers["Authorization"].split()[1], *(table["edit_key"] for table in round_one["tables"])]
    with app.app_context():
        dump = " ".join(
            repr(row) for model in (Game, Tournament, Pairing) for row in db.session.execute(sa.select(model.__table__))
        )
    assert round_one["tables"] and not [key for key in secrets if key in dump]


def test_a_table_key_is_derived_from_the_coordinators_key(drawn):
    """The scorer link the draw hands out is the one the round read makes again, and it opens the game."""
    api, round_one = drawn
    again = api.get("/rounds/1", headers=api.headers).get_json()
    assert [t["join_url"] for t in again["tables"]] == [t["join_url"] for t in round_one["tables"]]
    tournament_key = api.headers["Authorization"].split()[1]
    for table in round_one["tables"]:
        assert table["edit_key"] == keys.table_key(tournament_key, table["game"])
        assert table["join_url"].endswith(f"/games/{table['game']}/join#key={table['edit_key']}")
    api.hand(round_one["tables"][0], hand(0, 6))


def test_rotating_a_games_key(client, make_game, app):
    """The new key writes; the old one is 403 "replaced"; a made-up one is 403 "wrong"; the answer is the game."""
    game, old = make_game()
    response = client.post(f"/api/games/{game['id']}/key", headers=old)
    assert response.status_code == 200
    body = response.get_json()
    assert body["id"] == game["id"] and body["share_url"] == game["share_url"] and keys.is_token(body["edit_key"])
    assert body["edit_key"] != game["edit_key"]
    refused = client.post(f"/api/games/{game['id']}/hands", json=hand(0, 6), headers=old)
    assert refused.status_code == 403
    assert refused.get_json()["code"] == "key_replaced"
    assert "changed on another phone" in refused.get_json()["error"]
    assert "new co-scorer link" in refused.get_json()["error"]
    wrong = client.post(f"/api/games/{game['id']}/hands", json=hand(0, 6), headers=bearer(keys.new_token()))
    assert wrong.status_code == 403 and wrong.get_json()["code"] == "key_wrong"
    missing = client.post(f"/api/games/{game['id']}/hands", json=hand(0, 6))
    assert missing.status_code == 401 and missing.get_json()["code"] == "key_missing"
    written = client.post(f"/api/games/{game['id']}/hands", json=hand(0, 6), headers=bearer(body["edit_key"]))
    assert written.status_code == 201
    with app.app_context():
        stored = db.session.get(Game, game["id"])
        assert stored.revision >= 1 and game["edit_key"] not in repr(stored.former_key_hashes)


def test_a_phone_made_key_change_sent_twice_changes_the_key_once(client, make_game):
    """The outbox may send the change again: the same old and new key answer 200 with the same key."""
    game, old = make_game()
    new_key = keys.new_token()
    first = client.post(f"/api/games/{game['id']}/key", json={"edit_key": new_key}, headers=old)
    again = client.post(f"/api/games/{game['id']}/key", json={"edit_key": new_key}, headers=old)
    assert first.status_code == again.status_code == 200
    assert first.get_json()["edit_key"] == again.get_json()["edit_key"] == new_key
    other = client.post(f"/api/games/{game['id']}/key", json={"edit_key": keys.new_token()}, headers=old)
    assert other.status_code == 403 and other.get_json()["code"] == "key_replaced"


@pytest.mark.parametrize(("body", "headers", "status", "field"), [
    ({"edit_key": "short"}, True, 422, "edit_key"),
    ({"edit_key": 12345678901234567890123}, True, 422, "edit_key"),
    (["not", "an", "object"], True, 422, None),
    ({"edit_key": "same"}, True, 422, "edit_key"),
    (None, False, 401, None),
])
def test_a_bad_key_change_is_refused_and_changes_nothing(client, make_game, body, headers, status, field):
    """A bad new key, a body that is not an object, the same key again or no key: refused, the old key still writes."""
    game, old = make_game()
    if body == {"edit_key": "same"}:
        body = {"edit_key": game["edit_key"]}
    response = client.post(f"/api/games/{game['id']}/key", json=body, headers=old if headers else {})
    assert response.status_code == status
    assert response.get_json().get("field") == field
    assert client.post(f"/api/games/{game['id']}/hands", json=hand(0, 6), headers=old).status_code == 201


def test_rotating_the_tournaments_key_changes_every_tables_key(drawn, client):
    """The old coordinator key and the old table keys are refused as replaced; the answer has the new links."""
    api, round_one = drawn
    old_headers = api.headers
    response = api.post("/key")
    assert response.status_code == 200
    body = response.get_json()
    assert body["id"] == api.id and keys.is_token(body["edit_key"])
    tables = body["rounds"][0]["tables"]
    assert len(tables) == len(round_one["tables"])
    refused = api.post("/teams", {"name": "Late", "players": ["X", "Y"]}, headers=old_headers)
    assert refused.status_code == 403 and refused.get_json()["code"] == "key_replaced"
    for old, new in zip(round_one["tables"], tables, strict=True):
        assert new["edit_key"] != old["edit_key"] and new["join_url"].endswith("#key=" + new["edit_key"])
        stale = client.post(f"/api/games/{old['game']}/hands", json=hand(0, 6), headers=bearer(old["edit_key"]))
        assert stale.status_code == 403 and stale.get_json()["code"] == "key_replaced"
    api.headers = bearer(body["edit_key"])
    api.hand(tables[0], hand(0, 6))
    again = api.get("/rounds/1", headers=api.headers).get_json()["tables"]
    assert [table["join_url"] for table in again] == [table["join_url"] for table in tables]


def test_a_table_whose_key_changed_at_the_table_has_no_link_for_the_coordinator(drawn, client):
    """The coordinator's key no longer makes that table's key: the round says null rather than a dead link."""
    api, round_one = drawn
    table = round_one["tables"][0]
    assert client.post(f"/api/games/{table['game']}/key", headers=bearer(table["edit_key"])).status_code == 200
    again = api.get("/rounds/1", headers=api.headers).get_json()["tables"][0]
    assert again["edit_key"] is None and again["join_url"] is None


def joined(client, game) -> None:
    """This browser's session holds the game's key, as after the co-scorer link."""
    page = client.get(f"/games/{game['id']}/join")
    answer = client.post(f"/games/{game['id']}/join", data={"csrf_token": csrf_of(page.text), "key": game["edit_key"]})
    assert answer.status_code == 303


def test_the_game_page_changes_the_key_without_javascript(app, make_game):
    """The confirmation warns every other phone; after it this browser writes with the new key, the old is refused."""
    game, old = make_game()
    phone, other = app.test_client(), app.test_client()
    joined(phone, game)
    joined(other, game)
    sheet = phone.get(f"/games/{game['id']}")
    assert f'href="/games/{game["id"]}/key"' in sheet.text and "Change the edit key" in sheet.text
    confirm = phone.get(f"/games/{game['id']}/key")
    assert confirm.status_code == 200 and confirm.headers["Cache-Control"] == "no-store"
    assert "Every other phone keeping score of this game loses write access" in confirm.text
    changed = phone.post(f"/games/{game['id']}/key", data={"csrf_token": csrf_of(confirm.text)})
    assert changed.status_code == 303 and changed.headers["Location"].endswith(f"/games/{game['id']}#co-scorer")
    page = phone.get(f"/games/{game['id']}").text
    new_key = re.search(rf"/games/{game['id']}/join#key=([\w-]+)", page).group(1)
    assert new_key != game["edit_key"]
    assert client_post_hand(phone, game["id"], page).status_code == 303
    refused = other.get(f"/games/{game['id']}/undo")
    assert refused.status_code == 403 and "changed on another phone" in refused.text
    assert "new co-scorer link" in refused.text
    api = app.test_client().post(f"/api/games/{game['id']}/hands", json=hand(0, 6), headers=old)
    assert api.status_code == 403 and api.get_json()["code"] == "key_replaced"


def client_post_hand(client, game_id, page):
    """Log a misdeal from the game page's form."""
    return client.post(f"/games/{game_id}/hands", data={"csrf_token": csrf_of(page), "misdeal": "1", "confirmed": "1",
                                                          "number": "1"})


def test_the_key_change_form_needs_its_csrf_token(app, make_game):
    """A cross-site form cannot change the key."""
    game, old = make_game()
    phone = app.test_client()
    joined(phone, game)
    assert phone.post(f"/games/{game['id']}/key", data={}).status_code == 400
    assert app.test_client().post(f"/api/games/{game['id']}/hands", json=hand(0, 6), headers=old).status_code == 201


def test_the_manage_page_changes_the_tournaments_key(app, drawn):
    """After the change the manage page shows new scorer links that write; the old coordinator key is refused."""
    api, round_one = drawn
    tournament_key = api.headers["Authorization"].split()[1]
    browser = app.test_client()
    page = browser.get(f"/t/{api.id}/manage")
    browser.post(f"/t/{api.id}/manage/key", data={"csrf_token": csrf_of(page.text), "key": tournament_key})
    page = browser.get(f"/t/{api.id}/manage")
    assert "every scorer link and QR code handed out so far stops working" in page.text
    unticked = browser.post(f"/t/{api.id}/manage/key/change", data={"csrf_token": csrf_of(page.text)})
    assert unticked.status_code == 422 and round_one["tables"][0]["join_url"] in unticked.text
    changed = browser.post(f"/t/{api.id}/manage/key/change", data={"csrf_token": csrf_of(page.text), "confirm": "yes"})
    assert changed.status_code == 303
    page = browser.get(f"/t/{api.id}/manage").text
    assert page.count("/join#key=") >= len(round_one["tables"])
    for table in round_one["tables"]:
        assert table["join_url"] not in page
        new_key = re.search(rf"/games/{table['game']}/join#key=([\w-]+)", page).group(1)
        assert api.hand({**table, "edit_key": new_key}, hand(0, 6))["hands"]
    assert api.post("/teams", {"name": "Late", "players": ["X", "Y"]}).get_json()["code"] == "key_replaced"
