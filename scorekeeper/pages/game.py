"""The score sheet and the no-JavaScript forms that change it: log, edit, undo, call time, join."""

from __future__ import annotations

from typing import Any

import segno
from flask import Response, abort, make_response, redirect, render_template, request, url_for
from flask_wtf.csrf import CSRFError

from .. import games
from ..api.routes import game_json
from ..models import Game
from ..rules import GameState, RuleError
from . import bp, keys
from .forms import ConfirmForm, HandForm, JoinForm, hand_form_class, new_hand_form
from .view import undo_question


def sheet_json(game: Game, state: GameState | None = None) -> dict[str, Any]:
    """The game as the API returns it, plus the team names it was created with."""
    body = game_json(games.Result(game, state or games.state_of(game), created=False))
    body["team_names"] = game.team_names
    return body


@bp.app_template_global()
def sheet_of(game: Game, state: GameState | None = None) -> dict[str, Any]:
    """The sheet data for templates/_sheet.html, from a stored game (the share page's include)."""
    return sheet_json(game, state)


def held_key(game: Game) -> str | None:
    """The edit key this browser holds for `game`, if it still opens it."""
    key = keys.key_for(game.id)
    return key if games.key_matches(game, key) else None


def join_url(game: Game, edit_key: str) -> str:
    """The co-scorer link: the key rides in the fragment, which browsers never send to a server."""
    return url_for("pages.join", game_id=game.id, _external=True) + "#key=" + edit_key


def qr_svg(url: str) -> str:
    """The link as an inline SVG QR code, dark on light for any scanner."""
    code = segno.make(url, error="m")
    svg = code.svg_inline(scale=4, border=2, dark="#000", light="#fff", omitsize=True, svgclass="qr")
    return svg.replace("<svg ", '<svg role="img" aria-label="QR code of the co-scorer link" ', 1)


def _private(response: Response) -> Response:
    """A page that carries an edit key is never stored by a cache."""
    response.headers["Cache-Control"] = "no-store"
    return response


def render_game(game: Game, form: HandForm | None = None, status: int = 200) -> Response:
    """The score sheet, with the hand form when this browser holds the edit key."""
    sheet = sheet_json(game)
    edit_key = held_key(game)
    context: dict[str, Any] = {"sheet": sheet, "editable": edit_key is not None, "edit_key": edit_key}
    if edit_key:
        context["form"] = form or new_hand_form(sheet)
        context["join_url"] = join_url(game, edit_key)
        context["qr"] = qr_svg(context["join_url"])
    return _private(make_response(render_template("game.html", **context), status))


def _writable(game_id: str) -> tuple[Game, str]:
    """The game and this browser's edit key for it, or the 403 page."""
    game = games.get_game(game_id)
    edit_key = held_key(game)
    if edit_key is None:
        raise games.Forbidden(missing=True)
    return game, edit_key


def _expected_number(form) -> int | None:
    """The hand number the form was rendered for (another phone may have logged one since)."""
    value = form.number.data
    return int(value) if value and str(value).isdigit() else None


@bp.get("/games/<game_id>")
def game(game_id: str):
    """The score sheet of a game."""
    return render_game(games.get_game(game_id))


@bp.post("/games/<game_id>/hands")
def log_hand(game_id: str):
    """Record the next hand from the form (or a misdeal), then show the sheet."""
    game, edit_key = _writable(game_id)
    form = new_hand_form(sheet_json(game))
    if "misdeal" in request.form:
        body: dict[str, Any] | None = {"misdeal": True, "id": form.hand_id.data or None}
    else:
        body = form.body() if form.validate() else None
    if body is not None:
        body["number"] = _expected_number(form)
        try:
            games.add_hand(game_id, edit_key, body)
        except RuleError as error:
            form.show_error(error)
        else:
            return redirect(url_for("pages.game", game_id=game_id, _anchor="sheet"), 303)
    return render_game(game, form, 422)


def _hand_json(game: Game, number: int) -> dict[str, Any]:
    """The sheet of a game that has hand `number`, or 404."""
    sheet = sheet_json(game)
    if not 1 <= number <= len(sheet["hands"]):
        abort(404)
    return sheet


@bp.route("/games/<game_id>/hands/<int:number>/edit", methods=["GET", "POST"])
def edit_hand(game_id: str, number: int):
    """Open a recorded hand in the form; saving re-scores every later hand."""
    game, edit_key = _writable(game_id)
    sheet = _hand_json(game, number)
    form = hand_form_class(sheet)()
    status = 200
    if request.method == "GET":
        form.load(sheet["hands"][number - 1])
    else:
        body = {"misdeal": True} if "misdeal" in request.form else (form.body() if form.validate() else None)
        if body is not None:
            try:
                games.replace_hand(game_id, edit_key, number, body)
            except RuleError as error:
                form.show_error(error)
            else:
                return redirect(url_for("pages.game", game_id=game_id, _anchor=f"hand-{number}"), 303)
        status = 422
    page = render_template("edit.html", sheet=sheet, form=form, number=number, hand=sheet["hands"][number - 1])
    return _private(make_response(page, status))


@bp.route("/games/<game_id>/undo", methods=["GET", "POST"])
def undo(game_id: str):
    """Remove the last hand, after a confirmation naming it."""
    game, edit_key = _writable(game_id)
    sheet = sheet_json(game)
    form = ConfirmForm()
    error = None
    if request.method == "POST" and form.number.data and form.number.data.isdigit():
        try:
            games.delete_hand(game_id, edit_key, int(form.number.data), form.hand_id.data or None)
        except (RuleError, games.NotFound) as problem:
            error = getattr(problem, "message", str(problem))
        else:
            return redirect(url_for("pages.game", game_id=game_id, _anchor="sheet"), 303)
    if not sheet["hands"]:
        return redirect(url_for("pages.game", game_id=game_id), 303)
    last = sheet["hands"][-1]
    form.hand_id.data, form.number.data = last["id"], str(last["number"])
    page = render_template(
        "confirm.html", sheet=sheet, form=form, error=error, title=f"Undo hand {last['number']}",
        question=undo_question(sheet), action=url_for("pages.undo", game_id=game_id),
        yes=f"Remove hand {last['number']}", no="Keep it",
    )
    return _private(make_response(page, 409 if error else 200))


@bp.route("/games/<game_id>/time", methods=["GET", "POST"])
def call_time(game_id: str):
    """Time is called on a game with a clock, after a confirmation."""
    game, edit_key = _writable(game_id)
    form = ConfirmForm()
    error = None
    if request.method == "POST":
        try:
            games.call_time(game_id, edit_key, {"finish_hand": form.finish_hand.data == "yes"})
        except RuleError as problem:
            error = problem.message
        else:
            return redirect(url_for("pages.game", game_id=game_id, _anchor="sheet"), 303)
    page = render_template(
        "confirm.html", sheet=sheet_json(game), form=form, error=error, title="Call time",
        question="Call time? When the hand being played is logged, the team ahead wins (level scores play on).",
        action=url_for("pages.call_time", game_id=game_id), yes="Call time", no="Keep playing", time=True,
    )
    return _private(make_response(page, 409 if error else 200))


@bp.route("/games/<game_id>/join", methods=["GET", "POST"])
def join(game_id: str):
    """A second phone keeps score: it takes the edit key from the co-scorer link."""
    game = games.get_game(game_id)
    form = JoinForm()
    status = 200
    if request.method == "POST":
        if form.validate():
            key = form.key.data.strip()
            if games.key_matches(game, key):
                keys.remember(game.id, key)
                return redirect(url_for("pages.game", game_id=game.id), 303)
            form.key.errors = [*form.key.errors, "That key does not open this game. Ask the scorer for the link again."]
        status = 403
    page = render_template("join.html", sheet=sheet_json(game), form=form)
    return _private(make_response(page, status))


@bp.app_errorhandler(CSRFError)
def csrf_failed(error: CSRFError):
    """A form without its token (or from an old page): nothing was changed."""
    message = "This form had expired, so nothing was saved. Go back, reload the page and try again."
    return render_template("error.html", status=400, message=message), 400


@bp.errorhandler(games.Forbidden)
def no_key(error: games.Forbidden):
    """A write from a browser that does not hold the game's edit key."""
    message = ("This phone does not hold the edit key for this game, so it can only watch. "
               "Ask the scorer to show you the co-scorer link or QR code.")
    return render_template("error.html", status=403, message=message), 403
