"""A night's pages: each table's link for the whole night, which opens the game the table plays now."""

from __future__ import annotations

from flask import Blueprint, redirect, render_template, url_for

from .. import games
from . import scorecards, service
from .draws import own_results

bp = Blueprint("night_pages", __name__)


@bp.get("/nights/<night_id>/tables/<int:number>")
def table(night_id: str, number: int):
    """The table's game while it plays (the browser keeps the link's #key for the scorer page); between games,
    who sat there, the result, the signature, and that the next game is not drawn yet."""
    night = service.get_night(night_id)
    night_round, found = scorecards.current_table(night, number)
    state = games.state_of(found.game)
    if state.outcome is None:
        return redirect(url_for("pages.join", game_id=found.game_id), code=303)
    names = {player.id: player.name for player in night.players}
    results = own_results(found)
    seats = [(seat, names[player], *results[player]) for seat, player in enumerate(found.seats)]
    return render_template("nights/table.html", night=night, number=number, game_number=night_round.number,
                           seats=seats, signed_by=names.get(found.signed_by), share=found.game_id)
