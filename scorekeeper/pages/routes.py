"""Page routes."""

from flask import render_template

from .. import games
from . import bp


@bp.get("/")
def index():
    """The start page."""
    return render_template("index.html")


@bp.get("/share/<game_id>")
def share(game_id: str):
    """The read-only score sheet anyone with the link can open."""
    game = games.get_game(game_id)
    return render_template("share.html", game=game, state=games.state_of(game))
