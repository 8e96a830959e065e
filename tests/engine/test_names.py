"""One check for every stored name (rules/names.py): refused text never reaches the database, through any door."""

from __future__ import annotations

import io
import json
import re
from urllib.parse import urlencode

import pytest
import sqlalchemy as sa

from scorekeeper.extensions import db
from scorekeeper.games.models import Game
from scorekeeper.rules import RuleError, make_table
from scorekeeper.rules.names import clean_name, refused_character, shown
from scorekeeper.tournaments.models import Tournament, TournamentSingle, TournamentTeam
from tests.support.pages import csrf, start
from tests.support.tables import PLAYERS
from tests.support.tournaments import token

# Each refused text, with what the message calls it.
REFUSED = [
    pytest.param("Bo\x00b", "a control character", id="nul"),
    pytest.param("\ud800Bo", "a broken character", id="lone-surrogate"),
    pytest.param("Bo\x07b", "a control character", id="control"),
    pytest.param("Bo\x85b", "a control character", id="c1-control"),
    pytest.param("\u202eBob", "a text-direction mark", id="bidi-override"),
    pytest.param("Bo\u2066b\u2069", "a text-direction mark", id="bidi-isolate"),
    pytest.param("Bob\u200f!", "a text-direction mark", id="rtl-mark"),
    pytest.param("Bo\u2028b", "a line break", id="line-separator"),
    pytest.param("Bo\ufffdb", "a broken character", id="replacement-character"),
]
# Names the check keeps, and what it stores.
KEPT = [
    ("Rene\u0301", "Ren\u00e9"),                               # NFC
    ("  Ann \t", "Ann"),                                       # trimmed
    ("\U0001F469\u200d\U0001F469\u200d\U0001F467", "\U0001F469\u200d\U0001F469\u200d\U0001F467"),  # ZWJ emoji
    ("\u05d3\u05e0\u05d4", "\u05d3\u05e0\u05d4"),              # right-to-left letters, no marks
    ("e\u0301" * 40, "\u00e9" * 40),                           # 80 code points typed, 40 once composed
]


@pytest.mark.parametrize(("text", "kind"), REFUSED)
def test_the_check_refuses_text_that_cannot_be_shown_and_says_why(text, kind):
    with pytest.raises(RuleError) as raised:
        clean_name(text, "Player 2's name", "players")
    assert raised.value.message == f"Player 2's name has a character that cannot be shown ({kind}); retype it."
    assert raised.value.field == "players"
    assert refused_character(text) == kind


@pytest.mark.parametrize(("typed", "stored"), KEPT)
def test_the_check_keeps_names_normalised_and_trimmed(typed, stored):
    assert clean_name(typed, "A name") == stored


def test_length_is_counted_after_normalising():
    with pytest.raises(RuleError, match="1 to 40 characters"):
        clean_name("e\u0301" * 41, "A name")


# ---- The API: games, tournaments, teams, singles.

def _body(text: str, field: str) -> dict:
    body = {"variant": "ten-point", "players": ["Ann", "Bo", "Cy", "Di"]}
    if field == "players":
        body["players"] = ["Ann", text, "Cy", "Di"]
    else:
        body["team_names"] = [text, "Them"]
    return body


def counts(app) -> tuple[int, ...]:
    """How many games, tournaments, teams and singles are stored."""
    with app.app_context():
        return tuple(db.session.scalar(sa.select(sa.func.count()).select_from(model))
                     for model in (Game, Tournament, TournamentTeam, TournamentSingle))


@pytest.mark.parametrize("field", ["players", "team_names"])
@pytest.mark.parametrize(("text", "kind"), REFUSED)
def test_the_game_api_refuses_a_name_that_cannot_be_shown(client, app, text, kind, field):
    response = client.post("/api/games", json=_body(text, field))
    assert response.status_code == 422, response.get_data(as_text=True)
    error = response.get_json()
    assert error["field"] == field and f"({kind}); retype it." in error["error"]
    assert counts(app) == (0, 0, 0, 0)


def _tournament(client) -> tuple[str, dict]:
    response = client.post("/api/tournaments", json={"name": "Cup"})
    assert response.status_code == 201, response.get_json()
    body = response.get_json()
    return body["id"], {"Authorization": f"Bearer {body['edit_key']}"}


TOURNAMENT_FIELDS = [  # (path after the tournament, body with TEXT in the field, the field the error names)
    ("", {"name": "TEXT"}, "name"),
    ("", {"name": "Cup", "place": "TEXT"}, "place"),
    ("/teams", {"name": "TEXT", "players": ["Ann", "Bo"]}, "name"),
    ("/teams", {"name": "Aces", "players": ["Ann", "TEXT"]}, "players"),
    ("/singles", {"name": "TEXT"}, "name"),
]


def _with(body, text):
    """`body` with TEXT replaced by `text` (in a value or a list item)."""
    def swap(value):
        return text if value == "TEXT" else [swap(item) for item in value] if isinstance(value, list) else value
    return {key: swap(value) for key, value in body.items()}


@pytest.mark.parametrize(("path", "body", "field"), TOURNAMENT_FIELDS)
@pytest.mark.parametrize(("text", "kind"), REFUSED)
def test_the_tournament_api_refuses_a_name_that_cannot_be_shown(client, app, text, kind, path, body, field):
    if path:
        tournament_id, auth = _tournament(client)
        url, before = f"/api/tournaments/{tournament_id}{path}", (0, 1, 0, 0)
    else:
        url, auth, before = "/api/tournaments", {}, (0, 0, 0, 0)
    response = client.post(url, json=_with(body, text), headers=auth)
    assert response.status_code == 422, response.get_data(as_text=True)
    error = response.get_json()
    assert error["field"] == field and f"({kind}); retype it." in error["error"]
    assert counts(app) == before


@pytest.mark.parametrize(("text", "kind"), REFUSED)
def test_pairing_singles_by_hand_refuses_a_team_name_that_cannot_be_shown(client, app, text, kind):
    tournament_id, auth = _tournament(client)
    ids = [client.post(f"/api/tournaments/{tournament_id}/singles", json={"name": name}, headers=auth).get_json()["id"]
           for name in ("Ann", "Bo")]
    response = client.post(f"/api/tournaments/{tournament_id}/singles/pair", json={"singles": ids, "name": text},
                           headers=auth)
    assert response.status_code == 422 and f"({kind}); retype it." in response.get_json()["error"]
    assert counts(app) == (0, 1, 0, 2)


# ---- The forms: start, new tournament, add team, add single; and import.

def send(client, path: str, data: dict):
    """Post a form as a browser encodes it: a lone surrogate goes as U+FFFD (the WHATWG UTF-8 encoder's rule)."""
    body = urlencode({name: shown(value).encode() for name, value in data.items()})
    return client.post(path, data=body, content_type="application/x-www-form-urlencoded")


def errors(response) -> list[str]:
    """The error messages shown on a page."""
    return [re.sub("&#39;", "'", text) for text in re.findall(r'class="error"[^>]*>([^<]+)<', response.text)]


@pytest.mark.parametrize(("box", "what"), [("players-1", "Player 2's name"), ("team_names-0", "Team 1's name")])
@pytest.mark.parametrize(("text", "kind"), REFUSED)
def test_the_start_form_refuses_a_name_that_cannot_be_shown(client, app, text, kind, box, what):
    data = {"csrf_token": csrf(client), "variant": "ten-point", "team_names-0": "Us", "team_names-1": "Them"}
    data.update({f"players-{seat}": name for seat, name in enumerate(PLAYERS["ten-point"])})
    data[box] = text
    response = send(client, "/", data)
    assert response.status_code == 422
    assert f"{what} has a character that cannot be shown ({kind}); retype it." in errors(response)
    assert counts(app) == (0, 0, 0, 0)


class Coordinator:
    """A tournament made through the forms, and its coordinator's browser."""

    def __init__(self, client):
        self.client = client
        page = client.get("/tournaments/new")
        response = client.post("/tournaments/new", data={
            "csrf_token": token(page.text), "name": "Cup", "entry_fee": "20", "payout_percent": "50",
            "games_per_team": "5", "minutes_per_game": "30", "variant": "tournament"})
        assert response.status_code == 303, response.text
        self.manage = response.headers["Location"]

    def post(self, path: str, prefix: str, **fields):
        page = self.client.get(self.manage)
        data = {f"{prefix}-csrf_token": token(page.text, f"{prefix}-csrf_token")}
        data.update({f"{prefix}-{name}": value for name, value in fields.items()})
        return send(self.client, self.manage + path, data)


TOURNAMENT_NEW = {"name": "Cup", "place": "Hall", "entry_fee": "20", "payout_percent": "50", "games_per_team": "5",
                  "minutes_per_game": "30", "variant": "tournament"}


@pytest.mark.parametrize(("field", "what"), [("name", "The tournament's name"), ("place", "The place")])
@pytest.mark.parametrize(("text", "kind"), REFUSED)
def test_the_tournament_form_refuses_a_name_that_cannot_be_shown(client, app, text, kind, field, what):
    page = client.get("/tournaments/new")
    response = send(client, "/tournaments/new", {"csrf_token": token(page.text), **TOURNAMENT_NEW, field: text})
    assert response.status_code == 422
    assert f"{what} has a character that cannot be shown ({kind}); retype it." in errors(response)
    assert counts(app) == (0, 0, 0, 0)


@pytest.mark.parametrize(("path", "prefix", "field", "what"), [
    ("/teams", "team", "name", "The team's name"),
    ("/teams", "team", "player_one", "Player 1's name"),
    ("/teams", "team", "player_two", "Player 2's name"),
    ("/singles", "single", "name", "The player's name"),
])
@pytest.mark.parametrize(("text", "kind"), REFUSED)
def test_the_team_and_single_forms_refuse_a_name_that_cannot_be_shown(client, app, text, kind, path, prefix, field,
                                                                       what):
    coordinator = Coordinator(client)
    fields = {"name": "Aces", "player_one": "Ann", "player_two": "Bo"} if prefix == "team" else {"name": "Ann"}
    response = coordinator.post(path, prefix, **{**fields, field: text})
    assert response.status_code == 422
    assert f"{what} has a character that cannot be shown ({kind}); retype it." in errors(response)
    assert counts(app) == (0, 1, 0, 0)


def upload(client, exported: dict):
    """Post a game file to the import form."""
    data = {"csrf_token": csrf(client, "/import"),
            "file": (io.BytesIO(json.dumps(exported).encode()), "game.json", "application/json")}
    return client.post("/import", data=data, content_type="multipart/form-data")


@pytest.mark.parametrize("field", ["players", "team_names"])
@pytest.mark.parametrize(("text", "kind"), REFUSED)
def test_import_refuses_a_name_that_cannot_be_shown(client, app, text, kind, field):
    response = upload(client, {**_body(text, field), "hands": []})
    assert response.status_code == 422
    notice = re.search(r'id="import-error" role="alert">([^<]+)<', response.text).group(1)
    assert notice.startswith("Nothing was imported.") and f"({kind}); retype it." in notice
    assert counts(app) == (0, 0, 0, 0)


def test_names_are_stored_normalised_through_every_door(client, app):
    game = client.post("/api/games", json={"variant": "ten-point", "players": ["Rene\u0301", "Bo", "Cy", "Di"]})
    assert game.get_json()["players"][0] == "Ren\u00e9"
    tournament_id, auth = _tournament(client)
    team = client.post(f"/api/tournaments/{tournament_id}/teams", json={"name": " Zoe\u0308s ", "players": ["A", "B"]},
                       headers=auth)
    assert team.get_json()["name"] == "Zo\u00ebs"


# ---- Old data: a game stored before the check still opens and shows.

@pytest.mark.parametrize("name", ["\u202eBob", "Bo\x00b", "\ud800Bo", "Bo\x07b"])
def test_a_game_stored_with_a_name_now_refused_still_opens(client, app, name):
    game_id = start(client)
    with app.app_context():
        stored = db.session.get(Game, game_id)
        stored.players = ["Ann", name, "Cy", "Di"]
        stored.team_names = [name, "Them"]
        db.session.commit()
    for path in (f"/games/{game_id}", f"/share/{game_id}", f"/share/{game_id}/live", f"/api/games/{game_id}",
                 f"/games/{game_id}/export.csv", f"/games/{game_id}/export.json"):
        response = client.get(path)
        assert response.status_code == 200, path
        response.get_data().decode("utf-8")  # well-formed UTF-8: a broken character is shown as U+FFFD


def test_a_stored_name_with_markup_is_escaped(client, app):
    game_id = start(client)
    with app.app_context():
        db.session.get(Game, game_id).players = ["Ann", "<b>Bo</b>", "Cy", "Di"]
        db.session.commit()
    html = client.get(f"/share/{game_id}").get_data(as_text=True)
    assert "<b>Bo</b>" not in html and "&lt;b&gt;Bo&lt;/b&gt;" in html


def test_make_table_gives_the_field_and_seat():
    with pytest.raises(RuleError) as raised:
        make_table("ten-point", ["Ann", "Bo", "\u202eCy", "Di"])
    message = "Player 3's name has a character that cannot be shown (a text-direction mark); retype it."
    assert raised.value.message == message
