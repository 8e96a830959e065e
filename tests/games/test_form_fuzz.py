"""Every HTML form of the app, posted with arbitrary text in every field (and a valid CSRF token): never a 5xx,
and a refused post changes nothing in the database."""

from __future__ import annotations

import io
import json
import re
from urllib.parse import urlencode

import pytest
import sqlalchemy as sa
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from scorekeeper.extensions import db
from scorekeeper.groups.models import Person
from scorekeeper.rules.names import shown
from tests.support.databases import every_row
from tests.support.pages import MADE, hidden, log, start
from tests.support.tables import PLAYERS

SETTINGS = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
# Values known to have broken a form, values each field takes, and the edges of numbers and text.
SPECIAL = [
    "", " ", "abc", "²", "١", "٥", "-1", "0", "1", "2", "5", "6", "10", "30", "99999999999999999999999", "1e400",
    "sNaN", "NaN", "Infinity", "-0", "0.001", "20.50", "none", "moon", "yes", "no", "clubs", "bogus", "ten-point",
    "five-point", "cutthroat", "tournament", "smear", "dealer", "redeal",
    "2024-11-23", "2024-99-01", "\x00", "A\x00", "\ud800", "\u202eAnn",
    "Ann\u2066", "\u200b", "Ann\u200b", "\ufeff", "\u00ad", "A\u200dB", "\u2060", "\U000e0041",
    "x" * 41, "x" * 200, "<b>", "=1+1", "Ann", "Bo",
]
INVISIBLE = ("\\u200b", "\\u2060", "\\ufeff", "\\u00ad", "\\udb40")  # as json.dumps spells them
VALUE = st.one_of(st.sampled_from(SPECIAL), st.text(max_size=50))
HAND = ["hand_id", "number", "bidder", "bid", "trump", "all_tricks", "misdeal"] + [
    f"captured_{key}" for key in ("ace", "jack", "off_jack", "high_joker", "low_joker", "ten", "three", "two")]
START = ["variant", "target", "min_bid", "max_bid", "moon", "end", "clock", "team_names-0", "team_names-1",
         "all_pass", "forced_bid", "dealer_may_match", "trump_with_bid"] + [f"players-{seat}" for seat in range(8)]
TOURNAMENT = ["name", "date", "place", "entry_fee", "payout_percent", "games_per_team", "minutes_per_game", "variant",
              "sit_out"]


def fields(names: list[str]):
    """Any subset of the form's fields, each with any value."""
    return st.fixed_dictionaries({}, optional={name: VALUE for name in names})


class Browser:
    """A coordinator's and scorer's browser: a clock game with one hand, a tournament with four teams, a group with
    a game, and a night's director and table 1's phone."""

    def __init__(self, app, client):
        self.app, self.client = app, client
        self.game = start(client, clock="30")
        log(client, self.game, MADE)
        page = client.get("/tournaments/new").text
        self.token = hidden(page, "csrf_token")
        response = self.post("/tournaments/new", {"name": "Cup", "entry_fee": "20", "payout_percent": "50",
                                                  "games_per_team": "2", "minutes_per_game": "30",
                                                  "variant": "tournament"})
        assert response.status_code == 303, response.text
        self.manage = response.headers["Location"]
        for team in range(4):
            answer = self.post(self.manage + "/teams", {"name": f"T{team}", "player_one": f"A{team}",
                                                        "player_two": f"B{team}"}, "team")
            assert answer.status_code == 303, answer.text
        for name in ("S1", "S2"):
            assert self.post(self.manage + "/singles", {"name": name}, "single").status_code == 303
        made = self.post("/groups/new", {"name": "Thursday", "min_games": "1"})
        assert made.status_code == 303, made.text
        self.group = "/g/" + re.search(r"/groups/([^/]+)/created", made.headers["Location"]).group(1)
        played = self.post(self.group + "/start", {"variant": "ten-point", **{f"seats-{seat}": name for seat, name in
                                                                             enumerate(["Ann", "Bo", "Cy", "Di"])}})
        assert played.status_code == 303, played.text
        with app.app_context():
            self.people = db.session.scalars(sa.select(Person.id).order_by(Person.name)).all()
        self.night, self.losers = self.night_with_a_game_won()

    def night_with_a_game_won(self) -> tuple[str, list[str]]:
        """A night of four (its director's key held by this browser) whose game 1 is won at table 1, which this
        browser keeps score of: the night's address and the names of the side that lost."""
        night = self.client.post("/api/nights", json={"name": "Hall", "variant": "ten-point", "rules": {"target": 10},
                                 "seed": 7}).get_json()
        address, director = f"/nights/{night['id']}", {"Authorization": f"Bearer {night['edit_key']}"}
        assert self.post(address + "/manage/key", {"key": night["edit_key"]}).status_code == 303
        self.client.post(f"/api{address}/players", json={"names": ["N1", "N2", "N3", "N4"]}, headers=director)
        table = self.client.post(f"/api{address}/games", headers=director).get_json()["tables"][0]
        assert self.post(f"/games/{table['game']}/join", {"key": table["edit_key"]}).status_code == 303
        won = self.client.post(f"/api/games/{table['game']}/hands", json={"bidder": 0, "bid": 5, "points": [10, 0]},
                               headers={"Authorization": f"Bearer {table['edit_key']}"})
        assert won.get_json()["status"] == "finished", won.text
        return address, [seat["name"] for seat in table["seats"] if seat["seat"] % 2]

    def post(self, path: str, data: dict, prefix: str = ""):
        """Post a form as a browser encodes it (a lone surrogate goes as U+FFFD), with a valid CSRF token."""
        key = f"{prefix}-" if prefix else ""
        body = {f"{key}{name}": shown(value).encode() for name, value in data.items()}
        body[f"{key}csrf_token"] = self.token
        return self.client.post(path, data=urlencode(body), content_type="application/x-www-form-urlencoded")

    def check(self, path: str, data: dict, prefix: str = "") -> None:
        """No 5xx; a refused post writes nothing."""
        before = every_row(self.app)
        response = self.post(path, data, prefix)
        event(f"{path.rsplit('/', 1)[-1]} {response.status_code}")
        assert response.status_code < 500, (path, data, response.text[:500])
        after = every_row(self.app)
        if response.status_code >= 400:
            assert after == before, (path, data)
        stored = json.dumps(after, default=str)
        assert not any(char in stored for char in INVISIBLE), (path, data)  # refused, never stored


@pytest.fixture
def browser(app, client):
    return Browser(app, client)


FORMS = [  # (path after /games/<id>, /t/<id>/manage or /g/<id>, prefix, field names)
    ("game", "/hands", "", HAND),
    ("game", "/clock", "", ["x"]),
    ("game", "/key", "", ["new_key", "csrf_token"]),
    ("game", "/hands/1/edit", "", HAND),
    ("game", "/undo", "", ["hand_id", "number"]),
    ("game", "/time", "", ["finish_hand"]),
    ("game", "/join", "", ["key"]),
    ("tournament", "/key", "", ["key"]),
    ("tournament", "/teams", "team", ["name", "player_one", "player_two"]),
    ("tournament", "/singles", "single", ["name"]),
    ("tournament", "/singles/pair", "pair", ["first", "second", "name"]),
    ("tournament", "/singles/random", "", ["x"]),
    ("tournament", "/rounds", "", ["x"]),
    ("tournament", "/rounds/1/start", "", ["x"]),
    ("tournament", "/tie-break", "tie", ["winner"]),
    ("tournament", "/key/change", "", ["confirm", "new_key"]),
    ("group", "/start", "", ["variant"] + [f"seats-{seat}" for seat in range(8)]),
    ("group", "/people/<person>/merge", "", ["into"]),
    ("night", "/manage/key", "", ["key"]),
    ("night", "/manage/players", "", ["text"]),
    ("night", "/manage/draw", "", ["x"]),
    ("night", "/manage/call", "", ["x"]),
    ("night", "/manage/end", "", ["x"]),
    ("night", "/tables/1/sign", "", ["player"]),
]
TOP = {"/": START, "/tournaments/new": TOURNAMENT, "/groups/new": ["name", "min_games"],  # forms with no owner
       "/nights/new": ["name", "variant", "games", "movement", "rank_by"]}
FILES = ("/import", "/groups/import")  # forms of one file, fuzzed below


@pytest.mark.parametrize(("owner", "path", "prefix", "names"), FORMS, ids=[f"{o}{p}" for o, p, _, _ in FORMS])
def test_a_game_tournament_or_group_form_never_answers_5xx(browser, owner, path, prefix, names):
    base = {"game": f"/games/{browser.game}", "tournament": browser.manage, "group": browser.group,
            "night": browser.night}[owner]
    path = path.replace("<person>", browser.people[0])
    known = {"into": browser.people, "player": browser.losers}  # fields whose good values are the world's own
    if known.keys() & set(names):  # those always sent, often good
        values = st.fixed_dictionaries({name: st.one_of(st.sampled_from(known[name]), VALUE) for name in names})
    else:
        values = fields(names)

    @SETTINGS
    @given(data=values)
    def post(data):
        browser.check(base + path, data, prefix)
    post()


def test_every_form_of_the_app_is_fuzzed(app):
    """Every POST route outside /api/ is one of FORMS, TOP or FILES: a new form is fuzzed or this fails."""
    owners = {"game": "/games/<game_id>", "tournament": "/t/<tournament_id>/manage", "group": "/g/<group_id>",
              "night": "/nights/<night_id>"}
    fuzzed = {owners[owner] + path.replace("<person>", "<person_id>").replace("/1/", "/<int:number>/")
              for owner, path, _, _ in FORMS} | set(TOP) | set(FILES)
    routes = {rule.rule for rule in app.url_map.iter_rules()
              if "POST" in (rule.methods or ()) and not rule.rule.startswith("/api/")}
    assert routes - fuzzed == set(), "forms that no fuzz posts"
    assert fuzzed - routes == set(), "fuzzed paths the app does not have"


@pytest.mark.parametrize("path", sorted(TOP))
def test_a_form_that_makes_a_game_tournament_or_group_never_answers_5xx(browser, path):
    @SETTINGS
    @given(data=fields(TOP[path]))
    def post(data):
        browser.check(path, data)
    post()


GAME_FILE = st.one_of(
    st.binary(max_size=200),
    st.fixed_dictionaries({"variant": VALUE, "players": st.lists(VALUE, max_size=7)},
                          optional={"team_names": st.lists(VALUE, max_size=3), "hands": st.lists(
                              st.dictionaries(st.sampled_from(["bidder", "bid", "trump", "captured", "id", "misdeal"]),
                                              st.one_of(VALUE, st.integers(), st.none())), max_size=3),
                                    "time_called": st.one_of(VALUE, st.none())})
    .map(lambda body: json.dumps(body).encode()),
)


@SETTINGS
@given(file=GAME_FILE)
def test_the_import_forms_never_answer_5xx(browser, file):
    for path in FILES:
        before = every_row(browser.app)
        data = {"csrf_token": browser.token, "file": (io.BytesIO(file), "game.json", "application/json")}
        response = browser.client.post(path, data=data, content_type="multipart/form-data")
        assert response.status_code < 500, response.text[:500]
        if response.status_code >= 400:
            assert every_row(browser.app) == before


def test_the_fuzzed_game_still_opens(browser):
    """The set-up the fuzz runs on is what it says: every page of it answers."""
    for path in (f"/games/{browser.game}", browser.manage, f"/share/{browser.game}"):
        assert browser.client.get(path).status_code == 200
    assert PLAYERS["ten-point"][0] in browser.client.get(f"/games/{browser.game}").text
