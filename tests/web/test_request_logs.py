"""One log line per request with its id, errors with their id, and never a key, a cookie or a header value."""

from __future__ import annotations

import logging
import re

import pytest

from scorekeeper import create_app
from scorekeeper.extensions import db
from scorekeeper.games import service as games
from scorekeeper.web.logs import FORMAT, RequestId
from tests.support.tables import PLAYERS

POINTS = ("ace", "jack", "off_jack", "high_joker", "low_joker", "ten", "three", "two")
HAND = {"bidder": 0, "bid": 5, "captured": dict.fromkeys(POINTS, 0)}
LINE = re.compile(r"^(GET|POST|PUT|DELETE) (/\S*) (\d{3}) (\d+)ms$")


class Captured(logging.Handler):
    """Every record of the app's loggers, formatted as the operator reads them."""

    def __init__(self) -> None:
        super().__init__()
        self.records: list[logging.LogRecord] = []
        self.setFormatter(logging.Formatter(FORMAT))
        self.addFilter(RequestId())

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    def text(self) -> str:
        return "\n".join(self.format(record) for record in self.records)


@pytest.fixture
def logged(database_url):
    """An app (CSRF on, errors handled as in production) whose log lines are captured."""
    app = create_app({
        "TESTING": True, "PROPAGATE_EXCEPTIONS": False, "SECRET_KEY": "logs", "SERVER_NAME": "scorekeeper.test",
        "SQLALCHEMY_DATABASE_URI": database_url, "AUTO_MIGRATE": database_url.startswith("sqlite"),
        "RATELIMIT_ENABLED": False,
    })
    handler = Captured()
    loggers = [logging.getLogger("scorekeeper.requests"), app.logger, logging.getLogger()]
    for logger in loggers:
        logger.addHandler(handler)
    yield app, handler
    for logger in loggers:
        logger.removeHandler(handler)
    with app.app_context():
        db.engine.dispose()


def token(html: str, name: str = "csrf_token") -> str:
    return re.search(rf'name="{name}" type="hidden" value="([^"]+)"', html).group(1)


def play_an_evening(client) -> list[str]:
    """Games, hands with Bearer keys, the forms, a co-scorer joining, a tournament and its table keys.

    Returns every secret the requests carried: edit keys, coordinator and table keys, cookies.
    """
    secrets = []
    for variant in ("ten-point", "cutthroat"):
        game = client.post("/api/games", json={"variant": variant, "players": PLAYERS[variant]}).get_json()
        secrets.append(game["edit_key"])
        bearer = {"Authorization": f"Bearer {game['edit_key']}"}
        hand = {**HAND, "id": f"hand-{variant}"} if variant == "ten-point" else {**HAND, "bid": 2, "captured": {
            "high": 0, "low": 0, "jack": 0, "game": 0}}
        assert client.post(f"/api/games/{game['id']}/hands?id=hand-1", json=hand, headers=bearer).status_code in (
            200, 201, 422)
        assert client.delete(f"/api/games/{game['id']}/hands/1?id=hand-1", headers=bearer).status_code < 500
        assert client.post(f"/api/games/{game['id']}/hands", json=HAND,
                           headers={"Authorization": "Bearer wrong-key-" + "x" * 20}).status_code == 403
    # another phone joins the first game with its key (the form the co-scorer link opens)
    joined = client.get(f"/games/{game['id']}/join")
    form = {"csrf_token": token(joined.get_data(as_text=True)), "key": game["edit_key"]}
    assert client.post(f"/games/{game['id']}/join", data=form).status_code == 303
    assert client.get(f"/games/{game['id']}").status_code == 200
    # a tournament through the API: the coordinator's key, then every table's key in the draw
    made = client.post("/api/tournaments", json={"name": "Hall"}).get_json()
    secrets.append(made["edit_key"])
    coordinator = {"Authorization": f"Bearer {made['edit_key']}"}
    for index in range(4):
        team = {"name": f"T{index}", "players": [f"N{index}", f"S{index}"]}
        assert client.post(f"/api/tournaments/{made['id']}/teams", json=team, headers=coordinator).status_code == 201
    drawn = client.post(f"/api/tournaments/{made['id']}/rounds", headers=coordinator).get_json()
    secrets += [table["edit_key"] for table in drawn["tables"]]
    assert client.get(f"/api/tournaments/{made['id']}/rounds/1", headers=coordinator).status_code == 200
    # a tournament through its page: the key lands in the session cookie
    page = client.get("/tournaments/new").get_data(as_text=True)
    form = {"csrf_token": token(page), "name": "Club night", "entry_fee": "20", "payout_percent": "50",
            "games_per_team": "2", "minutes_per_game": "30", "variant": "tournament"}
    assert client.post("/tournaments/new", data=form).status_code == 303
    cookie = client.get_cookie("session", domain="scorekeeper.test")
    secrets.append(cookie.value)
    return secrets


def test_no_key_cookie_or_authorization_header_ever_reaches_the_log(logged):
    app, captured = logged
    client = app.test_client()
    secrets = play_an_evening(client)
    text = captured.text()
    assert len(secrets) >= 6
    for secret in secrets:
        assert secret not in text
    assert "Bearer" not in text and "wrong-key" not in text and "Authorization" not in text
    assert "?" not in text  # no query string, whatever it carries


def test_one_line_per_request_with_method_path_status_time_and_id(logged):
    app, captured = logged
    client = app.test_client()
    created = client.post("/api/games", json={"variant": "ten-point", "players": PLAYERS["ten-point"]})
    missing = client.get("/games/nope")
    lines = [record for record in captured.records if record.name == "scorekeeper.requests"]
    assert [LINE.match(record.getMessage()).groups()[:3] for record in lines] == [
        ("POST", "/api/games", "201"), ("GET", "/games/nope", "404")]
    ids = [created.headers["X-Request-ID"], missing.headers["X-Request-ID"]]
    assert [record.request_id for record in lines] == ids and ids[0] != ids[1]
    assert all(re.fullmatch(r"[0-9a-f]{32}", request_id) for request_id in ids)


def test_an_error_is_logged_with_its_request_id(logged, monkeypatch):
    """A 500: the traceback goes to the log under the request's id, which the response also carries."""
    app, captured = logged

    def broken(game_id):
        raise RuntimeError("the database said something odd")

    monkeypatch.setattr(games, "get_game", broken)
    response = app.test_client().get("/api/games/some-game")
    assert response.status_code == 500
    errors = [record for record in captured.records if record.levelno >= logging.ERROR]
    assert errors and errors[0].request_id == response.headers["X-Request-ID"]
    assert errors[0].exc_info is not None


@pytest.mark.parametrize(("hops", "incoming", "kept"), [
    (1, "req-4f2a9c1e-7b", True),
    (1, "abc", False),  # too short to be an id
    (1, "x" * 65, False),
    (1, "bad id; with spaces", False),
    (0, "req-4f2a9c1e-7b", False),  # no trusted proxy: anyone could say anything
])
def test_a_request_id_from_a_trusted_proxy_is_kept_when_it_looks_like_one(database_url, hops, incoming, kept):
    app = create_app({"TESTING": True, "SECRET_KEY": "x", "SQLALCHEMY_DATABASE_URI": database_url,
                      "AUTO_MIGRATE": database_url.startswith("sqlite"), "TRUSTED_PROXIES": hops})
    response = app.test_client().get("/healthz", headers={"X-Request-ID": incoming})
    assert (response.headers["X-Request-ID"] == incoming) is kept
    with app.app_context():
        db.engine.dispose()
