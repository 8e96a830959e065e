"""The read-only share page and its live fragment."""

from __future__ import annotations

from flask import render_template

from scorekeeper.rules import GameState
from scorekeeper.sheet import summary
from scorekeeper.web import caching
from scorekeeper.web.links import share_url

from .. import service as games
from .. import tags
from ..models import Game
from . import bp

POLL_SECONDS = 3


def live_etag(game: Game) -> str:
    """The live fragment's ETag: the game's revision and the app's release (templates included)."""
    return tags.game_tag("live", game)


def _context(game: Game, state: GameState) -> dict:
    """What the share page and its fragment show."""
    return {
        "game": game, "state": state, "read_only": True,
        "scoreline": summary.scoreline(state), "status_line": summary.status_line(state),
        "history": summary.history(state), "teams_line": summary.teams_line(state.table),
        "variant_name": summary.variant_name(game.variant, state),
    }


def _live(game: Game) -> str:
    """The live fragment of the share page, rendered."""
    return render_template("games/_share_live.html", **_context(game, games.state_of(game)))


def _share(game: Game):
    """The share page, rendered."""
    state = games.state_of(game)
    return render_template(
        "games/share.html", **_context(game, state), etag=live_etag(game), poll_seconds=POLL_SECONDS,
        og_description=summary.description(game.variant, state), share_url=share_url(game.id),
    )


@bp.get("/share/<game_id>", endpoint="share")
def share_page(game_id: str):
    """The read-only score sheet anyone with the link can open; it keeps itself current (a reload while nothing
    changed is a 304, no hand loaded)."""
    return caching.share(tags.game_answer("share", game_id, _share))


@bp.get("/share/<game_id>/live", endpoint="share_live")
def share_live(game_id: str):
    """The share page's changing part, server-rendered; 304 while nothing was recorded (no hand loaded)."""
    return caching.share(tags.game_answer("live", game_id, _live))
