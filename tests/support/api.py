"""Helpers of the API tests: a game's address, its key, hands posted, errors checked."""

from __future__ import annotations

import sqlalchemy as sa

from scorekeeper.extensions import db
from scorekeeper.games.models import Game
from tests.support.tables import CARD_POINTS


def ten(bidder: int, bid, team1: tuple[str, ...] = (), **extra) -> dict:
    """A 10-point hand: team 1 took the points named in `team1`, team 0 the rest."""
    captured = {key: 1 if key in team1 else 0 for key in CARD_POINTS}
    return {"bidder": bidder, "bid": bid, "captured": captured, **extra}


# Worked example 1 of rules.md: Bo bids 6 and makes it (4-6), then Cy bids 5 and is set (-1-12).
BO_MAKES_6 = ten(1, 6, ("ace", "jack", "ten", "three"))


CY_SET_ON_5 = ten(2, 5, ("ace", "jack", "off_jack", "high_joker", "low_joker", "ten"))


def auth(key: str) -> dict:
    """The header that carries an edit key."""
    return {"Authorization": f"Bearer {key}"}


def url(game: dict, tail: str = "") -> str:
    """The API address of a game."""
    return f"/api/games/{game['id']}{tail}"


def post_hands(client, game: dict, headers: dict, *hands: dict) -> dict:
    """Record hands one after another; the game after the last."""
    body = None
    for hand in hands:
        response = client.post(url(game, "/hands"), json=hand, headers=headers)
        assert response.status_code == 201, response.get_json()
        body = response.get_json()
    return body


def assert_error(response, status: int, field: str | None = None) -> dict:
    """A JSON error body of the contract: a sentence, and the field when one is at fault."""
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.is_json
    body = response.get_json()
    assert isinstance(body["error"], str) and body["error"].strip()
    assert body.get("field") == field
    return body


def revision(app, model, key) -> int:
    """The stored revision of a game or tournament, read afresh."""
    with app.app_context():
        return db.session.scalar(sa.select(model.revision).where(model.id == key))


def game_revision(app, game_id: str) -> int:
    return revision(app, Game, game_id)
