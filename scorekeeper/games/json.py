"""The game as JSON (docs/api.md): what the API answers, the pages embed and the export saves."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from flask import Response, current_app, jsonify

from scorekeeper.rules import GameState, state_to_dict
from scorekeeper.web.links import share_url

from . import service as games
from .clock import clock_json
from .models import Game


def game_json(game: Game, state: GameState | None = None) -> dict[str, Any]:
    """The game scored (by `state` when the caller has it), each hand with its id, the clock and the share link."""
    return saved_json(games.result_of(game, state))


def saved_json(saved: games.Saved) -> dict[str, Any]:
    """The game JSON of a saved or scored game; hands kept with its scored revision are not shown again."""
    game, state = saved.game, saved.state
    body = {"id": game.id, "variant": game.variant}
    body.update(_scored(saved))
    # As created (shown safely: rules.names), so a phone can score the game offline with the same labels.
    body["team_names"] = list(state.table.team_names) if game.team_names else None
    body["share_url"] = share_url(game.id)
    body["created_at"] = game.created_at.isoformat() if game.created_at else None
    body["time_called_at"] = game.time_called_at.isoformat() if game.time_called_at else None
    body["clock"] = clock_json(game)
    if game.group_id is not None:  # a game of a group: the group, and the person in each seat
        body.update(group=game.group_id, people=list(game.people or []))
    return body


def _scored(saved: games.Saved) -> dict[str, Any]:
    """The scored part of the game JSON, each hand with its id."""
    if saved.hands is None:
        body = state_to_dict(saved.state)
        body["hands"] = [
            {"id": record.client_id, **hand} for record, hand in zip(saved.game.hands, body["hands"], strict=True)
        ]
        return body
    body = state_to_dict(replace(saved.state, hands=()))
    body.update(hands=list(saved.hands), next_number=saved.state.next_number)
    return body


def game_response(saved: games.Saved, status: int = 200, **extra: Any) -> Response:
    """The game JSON as an answer; the hands' JSON text kept with the scored game is not written again."""
    body = {**saved_json(saved), **extra}
    if saved.hands_text is None:
        response = jsonify(body)
        response.status_code = status
        return response
    del body["hands"]
    text = current_app.json.dumps(body)[:-1] + ', "hands": ' + saved.hands_text + "}\n"
    return current_app.response_class(text, status=status, mimetype="application/json")


def short_json(saved: games.Saved, number: int | None) -> dict[str, Any]:
    """The short answer to a hand write (Prefer: return=minimal): hand `number` as stored (None when there is
    none, as after a removal), the scores, status, winner, next dealer and number, and the game's revision.
    Its size does not grow with the game."""
    game, state = saved.game, saved.state
    hand = None
    if number is not None and 1 <= number <= len(state.hands):
        hand = (saved.hands[number - 1] if saved.hands is not None
                else games.hand_json(state.table, state.hands[number - 1], game.hands[number - 1].client_id))
    return {"id": game.id, "hand": hand, "scores": list(state.scores), "status": state.status,
            "winner": state.winner, "next_dealer": state.next_dealer, "next_number": state.next_number,
            "revision": game.revision}


def written_number(saved: games.Saved, body: Any) -> int | None:
    """The number of the hand a POST of `body` stored or found: the new one, or the one with its id or number."""
    count = len(saved.state.hands)
    if saved.created or not isinstance(body, dict):
        return count or None
    if saved.hands is not None and isinstance(body.get("id"), str):
        found = [index for index, hand in enumerate(saved.hands, start=1) if hand["id"] == body["id"]]
        if found:
            return found[0]
    number = body.get("number")
    return number if isinstance(number, int) and not isinstance(number, bool) and 1 <= number <= count else count

