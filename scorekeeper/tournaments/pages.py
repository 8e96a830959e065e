"""The coordinator's page and the public standings page (/t/<id>), which keeps itself current."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Blueprint, current_app, flash, make_response, redirect, render_template, request, session, url_for
from flask_wtf import FlaskForm

from .. import games
from ..models import utcnow
from ..pages.forms import options
from ..pages.game import join_url, qr_svg
from ..rules import Conflict, RuleError
from . import report as reports
from . import rounds, service
from .forms import ActionForm, KeyForm, PairForm, SingleForm, TeamForm, TieBreakForm, TournamentForm
from .live import dollars, fragment
from .live import render as render_live
from .models import Tournament

bp = Blueprint("tournaments", __name__)
POLL_SECONDS = 5  # how often the standings ask for changes; TOURNAMENT_POLL_SECONDS overrides it


def remember(tournament_id: str, edit_key: str) -> None:
    """Hold the coordinator's key on this browser, in the signed session cookie."""
    session["tournament_keys"] = {**session.get("tournament_keys", {}), tournament_id: edit_key}
    session.permanent = True


def held_key(tournament: Tournament) -> str | None:
    """The coordinator's key this browser holds for `tournament`, if it still opens it."""
    key = session.get("tournament_keys", {}).get(tournament.id)
    return key if games.key_matches(tournament, key) else None


def _coordinator(tournament_id: str) -> str:
    key = held_key(service.get_tournament(tournament_id))
    if key is None:
        raise games.Forbidden(missing=True)
    return key


def _poll_seconds() -> int:
    return current_app.config.get("TOURNAMENT_POLL_SECONDS", POLL_SECONDS)


@bp.route("/tournaments/new", methods=["GET", "POST"])
def new():
    """Set up a tournament; this browser keeps the coordinator's key."""
    form = TournamentForm()
    error = None
    if form.validate_on_submit():
        try:
            tournament, edit_key = service.create_tournament(form.body())
        except RuleError as problem:
            error = problem.message
        else:
            remember(tournament.id, edit_key)
            return redirect(url_for(".manage", tournament_id=tournament.id), 303)
    status = 422 if request.method == "POST" else 200
    return render_template("tournaments/new.html", form=form, error=error), status


@bp.get("/t/<tournament_id>")
def standings(tournament_id: str):
    """The public standings; its live part is polled with If-None-Match."""
    tag, live = fragment(tournament_id)
    response = make_response(render_template(
        "tournaments/standings.html", tournament=service.get_tournament(tournament_id), live=live,
        etag=tag, poll_seconds=_poll_seconds(), dollars=dollars, server_now=utcnow().isoformat(),
    ))
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/t/<tournament_id>/live")
def live(tournament_id: str):
    """The standings' changing part alone; 304 while the facts behind it are unchanged."""
    tag, html = fragment(tournament_id)
    response = make_response("", 304) if request.if_none_match.contains(tag) else make_response(html)
    response.set_etag(tag)
    response.headers["Cache-Control"] = "no-cache"
    return response


def _tables(report: reports.Report) -> dict[int, list[dict[str, Any]]]:
    """Each round's tables with their scorer links; QR codes for the latest round only."""
    latest = max(report.round_numbers(), default=0)
    out: dict[int, list[dict[str, Any]]] = {}
    for table in report.tables:
        item: dict[str, Any] = {"table": table}
        pairing = table.pairing
        if pairing.game is not None:
            item["join_url"] = join_url(pairing.game, pairing.edit_key)
            if pairing.round_number == latest:
                item["qr"] = qr_svg(item["join_url"])
        out.setdefault(pairing.round_number, []).append(item)
    return out


def _manage_page(tournament_id: str, status: int = 200, error: str | None = None, **forms: FlaskForm):
    """The coordinator's page, with any form that failed shown with its errors."""
    report = reports.report(tournament_id)
    tournament = report.tournament
    edit_key = held_key(tournament)
    forms = {"team": TeamForm(prefix="team"), "single": SingleForm(prefix="single"), "pair": PairForm(prefix="pair"),
             "tie": TieBreakForm(prefix="tie"), "action": ActionForm(), **forms}
    singles = options((single.id, single.name) for single in service.waiting(tournament))
    forms["pair"].first.choices = forms["pair"].second.choices = singles
    forms["tie"].winner.choices = options((team.id, team.name) for team in report.tied_for_first)
    unstarted = {table.pairing.round_number for table in report.tables
                 if table.pairing.game is not None and table.pairing.game.clock_started_at is None}
    page = render_template(
        "tournaments/manage.html", report=report, forms=forms, error=error, tables=_tables(report),
        unstarted=unstarted, waiting=service.waiting(tournament), dollars=dollars,
        next_round=rounds.drawn(tournament) + 1, live=render_live(report),
        server_now=utcnow().isoformat(), poll_seconds=_poll_seconds(),
        coordinator_url=url_for(".manage", tournament_id=tournament.id, _external=True) + "#key=" + edit_key,
    )
    response = make_response(page, status)
    response.headers["Cache-Control"] = "no-store"  # it carries edit keys
    return response


@bp.get("/t/<tournament_id>/manage")
def manage(tournament_id: str):
    """The coordinator's page, or the key form on a browser that does not hold the key."""
    tournament = service.get_tournament(tournament_id)
    if held_key(tournament) is None:
        return _key_page(tournament, KeyForm())
    return _manage_page(tournament_id)


def _key_page(tournament: Tournament, form: KeyForm, status: int = 200):
    page = render_template("tournaments/key.html", tournament=tournament, form=form)
    response = make_response(page, status)
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.post("/t/<tournament_id>/manage/key")
def unlock(tournament_id: str):
    """Run the tournament from this browser too, with the coordinator's key."""
    tournament = service.get_tournament(tournament_id)
    form = KeyForm()
    if form.validate_on_submit() and games.key_matches(tournament, form.key.data):
        remember(tournament.id, form.key.data)
        return redirect(url_for(".manage", tournament_id=tournament.id), 303)
    form.key.errors = [*form.key.errors, "That key does not open this tournament."]
    return _key_page(tournament, form, 403)


def _apply(tournament_id: str, form: FlaskForm, action: Callable[[], str], anchor: str, name: str):
    """Run a coordinator's action from `form`; a refusal shows the page again with the reason."""
    if form.validate_on_submit():
        try:
            message = action()
        except RuleError as problem:
            status = 409 if isinstance(problem, Conflict) else 422
            return _manage_page(tournament_id, status, problem.message, **{name: form})
        flash(message)
        return redirect(url_for(".manage", tournament_id=tournament_id, _anchor=anchor), 303)
    return _manage_page(tournament_id, 422, "Check the form below.", **{name: form})


@bp.post("/t/<tournament_id>/manage/teams")
def add_team(tournament_id: str):
    """Register a team from the form."""
    key, form = _coordinator(tournament_id), TeamForm(prefix="team")

    def act() -> str:
        return f"{service.add_team(tournament_id, key, form.body()).name} registered."
    return _apply(tournament_id, form, act, "teams", "team")


@bp.post("/t/<tournament_id>/manage/singles")
def add_single(tournament_id: str):
    """Register a single from the form."""
    key, form = _coordinator(tournament_id), SingleForm(prefix="single")

    def act() -> str:
        return f"{service.add_single(tournament_id, key, {'name': form.name.data}).name} is waiting for a partner."
    return _apply(tournament_id, form, act, "singles", "single")


@bp.post("/t/<tournament_id>/manage/singles/random")
def pair_at_random(tournament_id: str):
    """Pair every waiting single at random."""
    key, form = _coordinator(tournament_id), ActionForm()

    def act() -> str:
        teams, seed = service.pair_singles(tournament_id, key, {})
        return f"Paired at random (seed {seed}): " + "; ".join(team.name for team in teams) + "."
    return _apply(tournament_id, form, act, "singles", "action")


@bp.post("/t/<tournament_id>/manage/singles/pair")
def pair_by_hand(tournament_id: str):
    """Make a team of the two singles chosen in the form."""
    key = _coordinator(tournament_id)
    form = PairForm(prefix="pair")
    form.first.choices = form.second.choices = options(
        (single.id, single.name) for single in service.waiting(service.get_tournament(tournament_id))
    )

    def act() -> str:
        teams, _ = service.pair_singles(tournament_id, key, form.body())
        return f"{teams[0].name} registered."
    return _apply(tournament_id, form, act, "singles", "pair")


@bp.post("/t/<tournament_id>/manage/rounds")
def draw_round(tournament_id: str):
    """Draw the next round."""
    key, form = _coordinator(tournament_id), ActionForm()

    def act() -> str:
        number = rounds.draw_next(tournament_id, key)
        return f"Round {number} is drawn. Hand each table its scorer link, then start the clocks."
    return _apply(tournament_id, form, act, "rounds", "action")


@bp.post("/t/<tournament_id>/manage/rounds/<int:number>/start")
def start_round(tournament_id: str, number: int):
    """Start a round's clocks."""
    key, form = _coordinator(tournament_id), ActionForm()

    def act() -> str:
        rounds.start(tournament_id, key, number)
        return f"Round {number}: the clocks are running."
    return _apply(tournament_id, form, act, f"round-{number}", "action")


@bp.post("/t/<tournament_id>/manage/tie-break")
def tie_break(tournament_id: str):
    """Record the winner of the tie-break hand."""
    key = _coordinator(tournament_id)
    tied = reports.report(tournament_id).tied_for_first
    form = TieBreakForm(prefix="tie")
    form.winner.choices = options((team.id, team.name) for team in tied)

    def act() -> str:
        reports.record_tie_break(tournament_id, key, {"teams": [team.id for team in tied], "winner": form.winner.data})
        return "The tie-break hand is recorded."
    return _apply(tournament_id, form, act, "result", "tie")


@bp.errorhandler(games.Forbidden)
def no_key(_error: games.Forbidden):
    """A coordinator's action from a browser that does not hold the key."""
    message = ("This browser does not hold the coordinator's key for this tournament. "
               "Open the coordinator link, or enter the key on the tournament's manage page.")
    return render_template("error.html", status=403, message=message), 403
