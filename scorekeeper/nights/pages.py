"""A night's pages: the director's page, each table's link for the whole night, the table cards, the projector
screen and each player's page."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from flask import Blueprint, current_app, flash, jsonify, make_response, redirect, render_template, request, url_for

from scorekeeper.games import service as games
from scorekeeper.rules import RuleError
from scorekeeper.sheet.exports import csv_text
from scorekeeper.tournaments.forms import ActionForm, KeyForm
from scorekeeper.web import limits
from scorekeeper.web.errors import rule_status
from scorekeeper.web.forms import made_from, unlocked
from scorekeeper.web.http import attachment, private
from scorekeeper.web.keys import Forbidden, key_matches, night_table_key, opened, was_replaced
from scorekeeper.web.keys import games as held_games
from scorekeeper.web.keys import nights as held_nights
from scorekeeper.web.links import join_url, qr_svg

from . import draws, scorecards, service
from .forms import NightForm, PlayersForm
from .models import Night
from .movement import seatable, table_sizes
from .standings import night_standings, seat_of

bp = Blueprint("night_pages", __name__)


def _table_link(night: Night, number: int, key: str) -> str:
    """A table's scorer link for the whole night, its key in the fragment."""
    url = url_for(".table", night_id=night.id, number=number, _external=True)
    return url + "#key=" + night_table_key(key, night.id, number)


def _view(night: Night) -> dict:
    """What the director, the screen and a player's page show: the standings, names and the current game."""
    lines, by_player = night_standings(night)
    rounds = draws.load_rounds(night)
    current = rounds[-1] if rounds else None
    return {"night": night, "lines": lines, "by_player": by_player, "current": current,
            "names": {player.id: player.name for player in night.players},
            "states": {table.id: games.state_of(table.game) for table in current.tables} if current else {}}


@bp.route("/nights/new", methods=["GET", "POST"])
@limits.tournaments
def new():
    """Set up a night; this browser keeps the director's key."""
    return made_from(NightForm(), service.create_night, held_nights,
                     lambda night: url_for(".manage", night_id=night.id), "nights/new.html")


def _manage_page(night_id: str, status: int = 200, error: str | None = None, players: PlayersForm | None = None):
    night = service.get_night(night_id)
    key = held_nights.held_key(night)
    view = _view(night)
    tables = view["current"].tables if view["current"] else []
    links = {table.number: _table_link(night, table.number, key) for table in tables}
    fixes = {table.number: join_url(table.game_id, opened) for table in tables
             if (opened := scorecards.opening_key(night.id, table, key))}
    page = render_template("nights/manage.html", **view, links=links, fixes=fixes, error=error,
                           players_form=players or PlayersForm(), action=ActionForm())
    return private(make_response(page, status))


@bp.get("/nights/<night_id>/manage")
def manage(night_id: str):
    """The director's page, or the key form on a browser that does not hold the key."""
    night = service.get_night(night_id)
    if held_nights.held_key(night) is None:
        return private(make_response(render_template("nights/key.html", night=night, form=KeyForm())))
    return _manage_page(night_id)


@bp.post("/nights/<night_id>/manage/key")
def unlock(night_id: str):
    """Run the night from this browser too, with the director's key."""
    night = service.get_night(night_id)
    return unlocked(night, KeyForm(), held_nights, url_for(".manage", night_id=night.id),
                    "That key does not open this night.", partial(render_template, "nights/key.html", night=night))


def _apply(night_id: str, form, action: Callable[[str], str]):
    """Run a director's action with the held key; a refusal shows the page again with the reason."""
    key = held_nights.held_key(service.get_night(night_id))
    if key is None:
        raise Forbidden(missing=True, realm="tournament")
    opened()
    if not form.validate_on_submit():
        return _manage_page(night_id, 422, "Check the form below.", **({"players": form}
                                                                       if isinstance(form, PlayersForm) else {}))
    try:
        flash(action(key))
    except RuleError as problem:
        return _manage_page(night_id, rule_status(problem), problem.message)
    return redirect(url_for(".manage", night_id=night_id), 303)


@bp.post("/nights/<night_id>/manage/players")
@limits.tournament_writes
def add_players(night_id: str):
    """Register the names typed or pasted."""
    form = PlayersForm()
    return _apply(night_id, form, lambda key: f"{len(service.add_players(night_id, key, {'text': form.text.data}))}"
                                              " registered.")


@bp.post("/nights/<night_id>/manage/draw")
@limits.tournament_writes
def draw(night_id: str):
    """Draw the next game."""
    return _apply(night_id, ActionForm(), lambda key: f"Game {draws.draw_next(night_id, key)} is drawn.")


@bp.post("/nights/<night_id>/manage/call")
@limits.tournament_writes
def call(night_id: str):
    """Call the game at every table."""
    return _apply(night_id, ActionForm(), lambda key: f"Time called at {draws.call_game(night_id, key)} tables.")


@bp.post("/nights/<night_id>/manage/end")
@limits.tournament_writes
def end(night_id: str):
    """End the night."""
    return _apply(night_id, ActionForm(), lambda key: f"{service.end_night(night_id, key).name} is over.")


@bp.get("/nights/<night_id>/cards")
def cards(night_id: str):
    """Printable table cards: each table's number, the QR code of its link for the night, how to use it."""
    night = service.get_night(night_id)
    key = held_nights.held_key(night)
    if key is None:
        raise Forbidden(missing=True, realm="tournament")
    count = max((len(night_round.tables) for night_round in night.rounds), default=0)
    count = max(count, len(table_sizes(seatable(len(night.players)))))
    links = [(number, _table_link(night, number, key)) for number in range(1, count + 1)]
    cards = [(n, link, qr_svg(link, f"QR code of table {n}'s link for the night")) for n, link in links]
    page = render_template("nights/cards.html", night=night, cards=cards)
    return private(make_response(page))


@bp.get("/nights/<night_id>/screen")
def screen(night_id: str):
    """The projector: the leaderboard, this game's tables and who sits where, how far the head table is."""
    seen = service.version(night_id)  # before what the page shows: a write between them is seen on the next ask
    view = _view(service.get_night(night_id))
    return render_template("nights/screen.html", **view, seconds=current_app.config["NIGHT_POLL_SECONDS"], version=seen)


@bp.get("/nights/<night_id>/version")
def version(night_id: str):
    """Whether the night changed since a page showed it: its version under an ETag, 304 while it is the same. The
    projector and a player's page ask it, and reload when it changes; a table's page between games asks with
    ?games=0 (a draw or a signature changes it, another table's hand does not)."""
    seen = service.version(night_id, with_games=request.args.get("games") != "0")
    response = jsonify(version=seen)
    response.set_etag(seen)
    response.headers["Cache-Control"] = "no-cache"
    return response.make_conditional(request)


@bp.get("/nights/<night_id>/standings.csv")
def standings_csv(night_id: str):
    """The standings as a spreadsheet: a row per player, then their score in each game (empty: sat out or not
    played yet; an asterisk: not signed yet)."""
    view = _view(service.get_night(night_id))
    count = len(view["night"].rounds)
    rows: list[list] = [["Rank", "Player", "Games", "Won", "Total", "Average"]
                        + [f"Game {number}" for number in range(1, count + 1)]]
    for line in view["lines"]:
        scores = {game.round: f"{game.score}{'' if game.signed else '*'}" for game in view["by_player"][line.player]}
        average = "" if line.average is None else f"{float(line.average):.2f}"
        rows.append([line.rank, view["names"][line.player], line.played, line.won, line.total, average]
                    + [scores.get(number, "") for number in range(1, count + 1)])
    return attachment(csv_text(rows), "text/csv", "night-standings.csv")


@bp.get("/nights/<night_id>/players/<int:player_id>")
def player(night_id: str, player_id: int):
    """A player's page: where they sit now, their games, their night score."""
    seen = service.version(night_id)
    view = _view(service.get_night(night_id))
    if player_id not in view["names"]:
        raise games.NotFound("There is no such player in this night.")
    line = next(line for line in view["lines"] if line.player == player_id)
    now = seat_of(view["current"], player_id) if view["current"] else None
    return render_template("nights/player.html", **view, line=line, now=now, games=view["by_player"][player_id],
                           seconds=current_app.config["NIGHT_POLL_SECONDS"], version=seen)


def _phone_key(night: Night, number: int) -> str | None:
    """The table's key this phone holds: the key it joined one of the table's games with, if it still opens that
    game or was replaced there by a signature (a table's key is the same for every game it plays)."""
    for _, found in draws.tables_numbered(night, number):
        key = held_games.key_for(found.game_id)
        if key and (key_matches(found.game, key) or was_replaced(found.game, key)):
            return key
    return None


@bp.get("/nights/<night_id>/tables/<int:number>")
def table(night_id: str, number: int):
    """The game the table plays now: straight to its score sheet on a phone that holds the table's key, else to
    the scorer page that takes the key from the link's #key. Between games: who sat there, the result, and the
    losing side's names to sign with."""
    seen = service.version(night_id, with_games=False)
    night = service.get_night(night_id)
    night_round, found = scorecards.current_table(night, number)
    key = _phone_key(night, number)
    if games.state_of(found.game).outcome is None:
        if key and key_matches(found.game, key):
            held_games.remember(found.game_id, key)
            return redirect(url_for("pages.game", game_id=found.game_id), code=303)
        return redirect(url_for("pages.join", game_id=found.game_id), code=303)
    names = {player.id: player.name for player in night.players}
    results = draws.own_results(found)
    seats = [(seat, names[player], *results[player]) for seat, player in enumerate(found.seats)]
    signers = [names[player] for player in draws.losers(found)] if key and found.signed_by is None else []
    page = render_template("nights/table.html", night=night, number=number, game_number=night_round.number,
                           seats=seats, signed_by=names.get(found.signed_by), share=found.game_id, signers=signers,
                           seconds=current_app.config["NIGHT_POLL_SECONDS"], version=seen)
    return private(make_response(page))


@bp.post("/nights/<night_id>/tables/<int:number>/sign")
@limits.night_table_writes
def sign(night_id: str, number: int):
    """A player of the losing side taps their name on the table's phone."""
    night = service.get_night(night_id)
    form = ActionForm()
    if not form.validate_on_submit():
        raise RuleError("Reload the page and tap your name again.")
    scorecards.sign(night_id, number, _phone_key(night, number), {"player": request.form.get("player", "")})
    return redirect(url_for(".table", night_id=night_id, number=number), 303)
