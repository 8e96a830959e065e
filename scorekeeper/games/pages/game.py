"""The score sheet and the no-JavaScript forms that change it: log, edit, undo, call time, join."""

from __future__ import annotations

from contextlib import suppress
from typing import Any

from flask import Response, make_response, redirect, render_template, request, url_for

from scorekeeper.nights.scorecards import table_link
from scorekeeper.rules import RuleError
from scorekeeper.sheet.words import undo_question
from scorekeeper.web import limits
from scorekeeper.web.errors import rule_status, too_many
from scorekeeper.web.forms import whole
from scorekeeper.web.http import private
from scorekeeper.web.keys import Forbidden, key_matches, was_replaced
from scorekeeper.web.keys import games as held_games
from scorekeeper.web.links import join_url, qr_svg

from .. import service as games
from .. import tags, writes
from ..json import game_json
from ..models import Game
from . import bp
from .forms import ConfirmForm, JoinForm
from .handform import CHANGED, HandForm, new_hand_form
from .share import POLL_SECONDS


def held_key(game: Game) -> str | None:
    """The edit key this browser holds for `game`, if it still opens it."""
    return held_games.held_key(game)


def render_game(game: Game, form: HandForm | None = None, status: int = 200) -> Response:
    """The score sheet, with the hand form when this browser holds the edit key."""
    sheet = game_json(game)
    edit_key = held_key(game)
    context: dict[str, Any] = {"sheet": sheet, "editable": edit_key is not None, "edit_key": edit_key,
                               "night_table": table_link(game.id)}
    if edit_key:
        context["form"] = form or new_hand_form(sheet)
        context["join_url"] = join_url(game.id, edit_key)
        context["qr"] = qr_svg(context["join_url"])
        context["api_etag"], context["poll_seconds"] = tags.game_tag("game", game), POLL_SECONDS
    return private(make_response(render_template("games/game.html", **context), status))


def _writable(game_id: str) -> tuple[Game, str]:
    """The game and this browser's edit key for it, or the 403 page."""
    game = games.get_game(game_id)
    edit_key = held_key(game)
    if edit_key is None:
        replaced = was_replaced(game, held_games.key_for(game.id))
        raise Forbidden(missing=not replaced, replaced=replaced)
    return game, edit_key


@bp.get("/games/<game_id>")
def game(game_id: str):
    """The score sheet of a game."""
    return render_game(games.get_game(game_id))


@bp.post("/games/<game_id>/hands")
@limits.game_writes
def log_hand(game_id: str):
    """Record the next hand from the form (or a misdeal), then show the sheet."""
    game, edit_key = _writable(game_id)
    sheet = game_json(game)
    form = new_hand_form(sheet)
    if "back" in request.form:  # from the misdeal question: the form again, as it was filled
        return render_game(game, form)
    if "misdeal" in request.form and "confirmed" not in request.form:
        number = form.expected_number() or sheet["next_number"]
        return _confirm_misdeal(sheet, number, sheet["next_dealer"], url_for("pages.log_hand", game_id=game_id))
    status = 422
    body = form.misdeal() if "misdeal" in request.form else (form.body() if form.validate() else None)
    if body is not None:
        body["number"] = form.expected_number()
        try:
            writes.add_hand(game_id, edit_key, body)
        except RuleError as error:
            form.show_error(error)
            status = rule_status(error)
        else:
            return redirect(url_for("pages.game", game_id=game_id, _anchor="sheet"), 303)
    return render_game(game, form, status)


def _hand_json(game: Game, number: int) -> dict[str, Any]:
    """The sheet of a game that has hand `number`, or 404."""
    sheet = game_json(game)
    if not 1 <= number <= len(sheet["hands"]):
        raise games.NotFound(f"This game has no hand {number}.")
    return sheet


@bp.route("/games/<game_id>/hands/<int:number>/edit", methods=["GET", "POST"])
@limits.game_writes
def edit_hand(game_id: str, number: int):
    """Open a recorded hand in the form; saving re-scores every later hand."""
    game, edit_key = _writable(game_id)
    sheet = _hand_json(game, number)
    form = HandForm(sheet, dealer=sheet["hands"][number - 1]["dealer"])
    status = 200
    if request.method == "GET":
        form.load(sheet["hands"][number - 1])
    elif "back" in request.form:  # from the misdeal question: the form again, as it was filled
        pass
    elif "misdeal" in request.form and "confirmed" not in request.form:
        action = url_for("pages.edit_hand", game_id=game_id, number=number)
        return _confirm_misdeal(sheet, number, sheet["hands"][number - 1]["dealer"], action)
    else:
        body = {"misdeal": True} if "misdeal" in request.form else (form.body() if form.validate() else None)
        status = 422
        if body is not None:
            try:
                writes.replace_hand(game_id, edit_key, number, body)
            except RuleError as error:
                form.show_error(error)
                status = rule_status(error)
            else:
                return redirect(url_for("pages.game", game_id=game_id, _anchor=f"hand-{number}"), 303)
    page = render_template("games/edit.html", sheet=sheet, form=form, number=number, hand=sheet["hands"][number - 1])
    return private(make_response(page, status))


# Fields of the hand form that the misdeal question does not carry back (it has its own, or sets them).
NOT_CARRIED = frozenset({"csrf_token", "hand_id", "number", "misdeal", "confirmed", "back"})


def _confirm_misdeal(sheet: dict[str, Any], number: int, dealer: int, action: str) -> Response:
    """Misdeal drops what the form holds: ask first, naming the hand and who deals it again.

    The question carries what was filled in, so "Back to the hand" shows the form again as it was.
    """
    form = ConfirmForm()
    form.hand_id.data, form.number.data = request.form.get("hand_id", ""), str(number)
    filled = [(name, value) for name, value in request.form.items(multi=True) if name not in NOT_CARRIED]
    page = render_template(
        "games/confirm.html", sheet=sheet, form=form, error=None, title=f"Hand {number}: a misdeal?",
        question=f"Hand {number} is a misdeal: {sheet['players'][dealer]} deals again? What was filled in is dropped.",
        action=action, yes="Misdeal", extra={"misdeal": "1", "confirmed": "1"}, filled=filled,
        back="Back to the hand",
    )
    return private(make_response(page, 200))


@bp.route("/games/<game_id>/undo", methods=["GET", "POST"])
@limits.game_writes
def undo(game_id: str):
    """Remove the last hand, after a confirmation naming it."""
    game, edit_key = _writable(game_id)
    sheet = game_json(game)
    form = ConfirmForm()
    error, status = None, 200
    if request.method == "POST" and whole(form.number.data) is None:
        error, status = CHANGED, 422
    elif request.method == "POST":
        try:
            writes.delete_hand(game_id, edit_key, whole(form.number.data), form.hand_id.data or None, last=True)
        except RuleError as problem:
            error, status = problem.message, rule_status(problem)
        except games.NotFound as problem:
            error, status = str(problem), 404
        else:
            return redirect(url_for("pages.game", game_id=game_id, _anchor="sheet"), 303)
    if not sheet["hands"]:
        return redirect(url_for("pages.game", game_id=game_id), 303)
    last = sheet["hands"][-1]
    form.hand_id.data, form.number.data = last["id"], str(last["number"])
    page = render_template(
        "games/confirm.html", sheet=sheet, form=form, error=error, title=f"Undo hand {last['number']}",
        question=undo_question(sheet), action=url_for("pages.undo", game_id=game_id),
        yes=f"Remove hand {last['number']}", no="Keep it",
    )
    return private(make_response(page, status))


@bp.route("/games/<game_id>/time", methods=["GET", "POST"])
@limits.game_writes
def call_time(game_id: str):
    """Time is called on a game with a clock, after a confirmation."""
    game, edit_key = _writable(game_id)
    form = ConfirmForm()
    error, status = None, 200
    if request.method == "POST":
        try:
            writes.call_time(game_id, edit_key, {"finish_hand": form.finish_hand.data == "yes"})
        except RuleError as problem:
            error, status = problem.message, rule_status(problem)
        else:
            return redirect(url_for("pages.game", game_id=game_id, _anchor="sheet"), 303)
    page = render_template(
        "games/confirm.html", sheet=game_json(game), form=form, error=error, title="Call time",
        question="Call time? When the hand being played is logged, the team ahead wins (level scores play on).",
        action=url_for("pages.call_time", game_id=game_id), yes="Call time", no="Keep playing", time=True,
    )
    return private(make_response(page, status))


@bp.post("/games/<game_id>/clock")
@limits.game_writes
def start_clock(game_id: str):
    """Start a timed game's clock from the sheet's button (a clock already running is left as it is)."""
    _, edit_key = _writable(game_id)  # the form's CSRF token is checked for every form post (CSRFProtect)
    with suppress(RuleError):  # already started (another phone, the first hand, the round): the sheet shows it
        writes.start_clock(game_id, edit_key)
    return redirect(url_for("pages.game", game_id=game_id, _anchor="sheet"), 303)


@bp.route("/games/<game_id>/join", methods=["GET", "POST"])
def join(game_id: str):
    """A second phone keeps score: it takes the edit key from the co-scorer link."""
    game = games.get_game(game_id)
    form = JoinForm()
    status = 200
    if request.method == "POST":
        if form.validate():
            key = form.key.data.strip()
            if key_matches(game, key):
                held_games.remember(game.id, key)
                return redirect(url_for("pages.game", game_id=game.id), 303)
            if (wait := limits.wrong_key_wait()) is not None:
                return too_many(limits.WRONG_KEYS, wait)
            form.key.errors = [*form.key.errors, "That key does not open this game. Ask the scorer for the link again."]
        status = 403
    page = render_template("games/join.html", sheet=game_json(game), form=form)
    return private(make_response(page, status))


KEY_QUESTION = ("Change the edit key? Every other phone keeping score of this game loses write access at once; "
                "this phone keeps it. Show the new co-scorer link to a phone that should keep scoring.")


@bp.route("/games/<game_id>/key", methods=["GET", "POST"])
def change_key(game_id: str):
    """Change the game's edit key, after a confirmation; this browser keeps the new one."""
    game, edit_key = _writable(game_id)
    form = ConfirmForm()
    error, status = None, 200
    if request.method == "POST":
        made = request.form.get("new_key", "").strip()  # the page's script makes the key, to keep it on the phone too
        try:
            _, new_key = writes.rotate_key(game_id, edit_key, {"edit_key": made} if made else None)
        except RuleError as problem:
            error, status = problem.message, rule_status(problem)
        else:
            held_games.remember(game.id, new_key)
            return redirect(url_for("pages.game", game_id=game_id, _anchor="co-scorer"), 303)
    page = render_template(
        "games/confirm.html", sheet=game_json(game), form=form, error=error, title="Change the edit key",
        question=KEY_QUESTION, action=url_for("pages.change_key", game_id=game_id),
        yes="Change the key", no="Keep it",
    )
    return private(make_response(page, status))
