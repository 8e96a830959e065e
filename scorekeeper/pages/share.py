"""The read-only share page, its live fragment, and the chart and stats helpers for templates."""

from __future__ import annotations

import hashlib
import json

from flask import current_app, make_response, render_template, request, url_for
from jinja2 import TemplateNotFound

from .. import chart, games, stats, summary
from ..models import Game
from ..rules import GameState
from . import bp

# The parts of the live fragment: a change to any of them changes every ETag.
LIVE_TEMPLATES = ("_share_live.html", "_sheet.html", "_chart.html", "_stats.html")
POLL_SECONDS = 3


@bp.app_template_global()
def chart_of(state: GameState) -> chart.Chart:
    """The score chart of a game, for templates/_chart.html."""
    return chart.build(state)


@bp.app_template_global()
def stats_of(state: GameState) -> list[stats.PlayerStats]:
    """Bidding statistics per player, for templates/_stats.html."""
    return stats.player_stats(state)


@bp.app_template_filter()
def average_bid(value: float | None) -> str:
    """An average bid to one decimal, or a dash."""
    return stats.format_average(value)


def _templates_digest() -> str:
    """A digest of the fragment's templates, computed once per process."""
    cache = current_app.extensions.setdefault("share_templates_digest", {})
    if "digest" not in cache:
        digest = hashlib.sha256()
        for name in LIVE_TEMPLATES:
            try:
                source = current_app.jinja_env.loader.get_source(current_app.jinja_env, name)[0]
            except TemplateNotFound:
                source = ""
            digest.update(source.encode())
        cache["digest"] = digest.hexdigest()
    return cache["digest"]


def live_etag(game: Game) -> str:
    """A strong ETag from what the table recorded (hands, time call) and the fragment's templates."""
    facts = {
        "game": [game.id, game.players, game.team_names, game.time_called_after, game.time_finish_hand],
        "hands": [
            [hand.number, hand.client_id, hand.misdeal, hand.bidder, hand.bid, hand.moon, hand.trump,
             hand.captured, hand.all_tricks]
            for hand in game.hands
        ],
    }
    digest = hashlib.sha256(json.dumps(facts, sort_keys=True, default=str).encode())
    digest.update(_templates_digest().encode())
    return digest.hexdigest()[:32]


def _context(game: Game, state: GameState) -> dict:
    """What the share page and its fragment show."""
    return {
        "game": game, "state": state, "read_only": True,
        "scoreline": summary.scoreline(state), "status_line": summary.status_line(state),
        "history": summary.history(state), "teams_line": summary.teams_line(state.table),
        "variant_name": summary.variant_name(game.variant, state),
    }


@bp.get("/share/<game_id>", endpoint="share")
def share_page(game_id: str):
    """The read-only score sheet anyone with the link can open; it keeps itself current."""
    game = games.get_game(game_id)
    state = games.state_of(game)
    context = _context(game, state)
    response = make_response(render_template(
        "share.html", **context, etag=live_etag(game), poll_seconds=POLL_SECONDS,
        og_description=summary.description(game.variant, state),
        share_url=url_for("pages.share", game_id=game.id, _external=True),
    ))
    response.headers["Cache-Control"] = "no-cache"
    response.add_etag()  # a reload while nothing changed is a 304
    return response.make_conditional(request)


@bp.get("/share/<game_id>/live", endpoint="share_live")
def share_live(game_id: str):
    """The share page's changing part, server-rendered; 304 while nothing was recorded."""
    game = games.get_game(game_id)
    etag = live_etag(game)
    held = held_etag(etag)
    if held:
        response = make_response("", 304)
        response.set_etag(held)
    else:
        response = make_response(render_template("_share_live.html", **_context(game, games.state_of(game))))
        response.set_etag(etag)
    response.headers["Cache-Control"] = "no-cache"
    return response


def held_etag(etag: str) -> str | None:
    """The If-None-Match tag that names this version, if the client holds it.

    Flask-Compress appends the coding to a strong ETag it compresses ("<etag>:br"),
    so a client that got the compressed body sends that back: it matches too.
    """
    if request.if_none_match.star_tag:
        return etag
    for tag in request.if_none_match.as_set():
        if tag == etag or tag.startswith(etag + ":"):
            return tag
    return None
