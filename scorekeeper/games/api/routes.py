"""Endpoints: translate HTTP to game operations and back."""

from __future__ import annotations

from flask import Response, jsonify, request, url_for

from scorekeeper.extensions import csrf
from scorekeeper.rules import RuleError
from scorekeeper.web import limits
from scorekeeper.web.http import applied, bearer_key, created, json_body, preferred_return, private

from .. import create, tags, writes
from .. import rematch as rematches
from .. import service as games
from ..json import game_response, short_json, written_number
from . import bp

csrf.exempt(bp)


@bp.post("/games")
@limits.games
def create_game():
    """Create a game (or answer 200 when the same client-made game comes again)."""
    result, edit_key = create.create_game(json_body())
    return created(game_response(result, edit_key=edit_key), url_for("api.get_game", game_id=result.game.id),
                   201 if result.created else 200)


@bp.get("/games/<game_id>")
def get_game(game_id: str):
    """The game, scored; 304 while the phone holds its revision (no hand loaded)."""
    response = tags.game_answer("game", game_id, lambda game: game_response(games.result_of(game)))
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.post("/games/<game_id>/hands")
@limits.game_writes
def add_hand(game_id: str):
    """Record the next hand."""
    body = json_body()
    result = writes.add_hand(game_id, bearer_key(), body)
    return hand_answer(result, 201 if result.created else 200, lambda: written_number(result, body))


@bp.put("/games/<game_id>/hands/<int:number>")
@limits.game_writes
def replace_hand(game_id: str, number: int):
    """Replace hand `number` and re-score."""
    return hand_answer(writes.replace_hand(game_id, bearer_key(), number, json_body()), 200, lambda: number)


@bp.delete("/games/<game_id>/hands/<int:number>")
@limits.game_writes
def delete_hand(game_id: str, number: int):
    """Remove hand `number`: with ?id=<hand id>, only if it is still that hand; with ?last=1, only if it is the last."""
    last = request.args.get("last")
    if last not in (None, "0", "1"):
        raise RuleError("last must be 1 (remove the hand only while it is the last one) or 0.", "last")
    result = writes.delete_hand(game_id, bearer_key(), number, request.args.get("id"), last == "1")
    return hand_answer(result, 200, lambda: None)


def hand_answer(saved: games.Saved, status: int, number) -> Response:
    """The game JSON; with `Prefer: return=minimal`, the short answer (hand `number()` as stored, the scores and
    the revision) under the game JSON's ETag at that revision, so the phone's next poll of the game is a 304."""
    if preferred_return() != "minimal":
        response = game_response(saved, status)
        response.vary.add("Prefer")
        return response
    response = jsonify(short_json(saved, number()))
    response.status_code = status
    response.set_etag(tags.game_tag("game", saved.game))
    return applied(response, "return=minimal")


@bp.post("/games/<game_id>/clock")
@limits.game_writes
def start_clock(game_id: str):
    """Start a timed game's clock (before hand 1 is recorded)."""
    json_body(optional=True)  # no body is needed; a body that is sent must still be JSON
    return game_response(writes.start_clock(game_id, bearer_key()))


@bp.post("/games/<game_id>/time")
@limits.game_writes
def call_time(game_id: str):
    """Time is called on a game with a clock."""
    return game_response(writes.call_time(game_id, bearer_key(), json_body(optional=True)))


@bp.post("/games/<game_id>/rematch")
@limits.games
def rematch(game_id: str):
    """Start the rematch of a game (in its group, if it is in one), with the game's key or its group's."""
    result, edit_key = rematches.rematch(game_id, bearer_key(), json_body(optional=True))
    return created(game_response(result, edit_key=edit_key), url_for("api.get_game", game_id=result.game.id),
                   201 if result.created else 200)


@bp.post("/games/<game_id>/key")
def rotate_key(game_id: str):
    """Change the game's edit key: every other phone loses write access; the answer carries the new key."""
    result, edit_key = writes.rotate_key(game_id, bearer_key(), json_body(optional=True))
    return private(game_response(result, edit_key=edit_key))
