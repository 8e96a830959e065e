"""A game's ETags: its revision, so "has anything changed?" is one primary-key read and a 304 loads no hand."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Response, make_response, request

from scorekeeper.web import compressed
from scorekeeper.web.etags import tag_of
from scorekeeper.web.http import held_etag, not_modified

from . import clock
from . import service as games
from .models import Game


def game_tag(kind: str, game: Game) -> str:
    """The tag of one view (`kind`) of a game at its revision."""
    return tag_of(kind, game.id, game.revision)


def game_answer(kind: str, game_id: str, render: Callable[[Game], Any]) -> Response:
    """304 while the client holds the game's `kind` tag at its revision (one small query, no hand loaded);
    else `render(game)` under that tag."""
    held = held_game(kind, game_id)
    if held:
        return not_modified(held)
    game = games.get_game(game_id)
    response = make_response(render(game))
    response.set_etag(game_tag(kind, game))
    if clock.limit_minutes(game) is None:  # a clock's answer tells the time: it is not the same for every holder
        compressed.keep(response)
    return response


def held_game(kind: str, game_id: str) -> str | None:
    """The If-None-Match tag naming the game's current revision, if the client holds it (one small query;
    none when the request names no tag)."""
    if not request.if_none_match:
        return None
    return held_etag(tag_of(kind, game_id, games.revision_of(game_id)))


