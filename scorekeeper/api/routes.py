"""Endpoints: translate HTTP to game operations and back."""

from __future__ import annotations

from typing import Any

from flask import Response, jsonify, request, url_for
from werkzeug.exceptions import BadRequest

from .. import games
from ..clock import clock_json
from ..extensions import csrf
from ..rules import Conflict, RuleError, state_to_dict
from . import bp

csrf.exempt(bp)


def game_json(result: games.Result) -> dict[str, Any]:
    """The game as every endpoint returns it."""
    game = result.game
    body = {"id": game.id, "variant": game.variant}
    body.update(state_to_dict(result.state))
    body["team_names"] = game.team_names  # as created, so a phone can score the game offline with the same labels
    body["share_url"] = url_for("pages.share", game_id=game.id, _external=True)
    body["hands"] = [
        {"id": record.client_id, **hand} for record, hand in zip(result.game.hands, body["hands"], strict=True)
    ]
    body["created_at"] = game.created_at.isoformat() if game.created_at else None
    body["time_called_at"] = game.time_called_at.isoformat() if game.time_called_at else None
    body["clock"] = clock_json(game)
    return body


def error(status: int, message: str, field: str | None = None) -> tuple[Response, int]:
    """An error body: a sentence a person can act on, and the field at fault."""
    body: dict[str, Any] = {"error": message}
    if field is not None:
        body["field"] = field
    return jsonify(body), status


def bearer_key() -> str | None:
    """The edit key from `Authorization: Bearer <key>`."""
    header = request.headers.get("Authorization", "")
    scheme, _, key = header.partition(" ")
    if scheme.lower() != "bearer" or not key.strip():
        return None
    return key.strip()


def json_body(optional: bool = False) -> Any:
    """The request's JSON body; an empty body is None where that is allowed."""
    if optional and not request.get_data():
        return None
    try:
        return request.get_json(force=True)
    except (BadRequest, RecursionError):  # RecursionError: arrays or objects nested thousands deep
        raise BadRequest("The body is not valid JSON.") from None


@bp.errorhandler(games.NotFound)
def not_found(exc: games.NotFound):
    """404 for an unknown game or hand."""
    return error(404, str(exc))


@bp.errorhandler(games.Forbidden)
def forbidden(exc: games.Forbidden):
    """401 without an edit key, 403 with a wrong one."""
    if exc.missing:
        response, status = error(401, "Writing to a game needs its edit key: send Authorization: Bearer <edit_key>.")
        response.headers["WWW-Authenticate"] = 'Bearer realm="game"'
        return response, status
    return error(403, "That edit key does not open this game. Ask the scorer's phone for the co-scorer link.")


@bp.errorhandler(Conflict)
def conflict(exc: Conflict):
    """409 for a write that conflicts with the game's state."""
    return error(409, exc.message, exc.field)


@bp.errorhandler(RuleError)
def invalid(exc: RuleError):
    """422 for a body that breaks a rule."""
    return error(422, exc.message, exc.field)


@bp.post("/games")
def create_game():
    """Create a game (or answer 200 when the same client-made game comes again)."""
    result, edit_key = games.create_game(json_body())
    body = game_json(result)
    body["edit_key"] = edit_key
    status = 201 if result.created else 200
    response = jsonify(body)
    response.headers["Location"] = url_for("api.get_game", game_id=result.game.id)
    return response, status


@bp.get("/games/<game_id>")
def get_game(game_id: str):
    """The game, scored."""
    game = games.get_game(game_id)
    return jsonify(game_json(games.Result(game, games.state_of(game), created=False)))


@bp.post("/games/<game_id>/hands")
def add_hand(game_id: str):
    """Record the next hand."""
    result = games.add_hand(game_id, bearer_key(), json_body())
    return jsonify(game_json(result)), 201 if result.created else 200


@bp.put("/games/<game_id>/hands/<int:number>")
def replace_hand(game_id: str, number: int):
    """Replace hand `number` and re-score."""
    return jsonify(game_json(games.replace_hand(game_id, bearer_key(), number, json_body())))


@bp.delete("/games/<game_id>/hands/<int:number>")
def delete_hand(game_id: str, number: int):
    """Remove hand `number` (with ?id=<hand id>, only if it is still that hand)."""
    result = games.delete_hand(game_id, bearer_key(), number, request.args.get("id"))
    return jsonify(game_json(result))


@bp.post("/games/<game_id>/time")
def call_time(game_id: str):
    """Time is called on a game with a clock."""
    return jsonify(game_json(games.call_time(game_id, bearer_key(), json_body(optional=True))))
