"""The coordinator's page and the public standings page (/t/<id>), which keeps itself current."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from flask import Blueprint, current_app, flash, make_response, redirect, render_template, request, url_for
from flask_wtf import FlaskForm

from scorekeeper.rules import RuleError
from scorekeeper.web import caching, etags, limits
from scorekeeper.web.errors import rule_status
from scorekeeper.web.forms import made_from, options, unlocked
from scorekeeper.web.http import held_etag, not_modified, private
from scorekeeper.web.keys import Forbidden, opened
from scorekeeper.web.keys import tournaments as held_tournaments
from scorekeeper.web.links import coordinator_url, join_url, qr_svg
from scorekeeper.web.records import utcnow

from . import report as reports
from . import rounds, service
from .forms import ActionForm, KeyForm, PairForm, SingleForm, TeamForm, TieBreakForm, TournamentForm
from .live import dollars, fragment
from .live import render as render_live
from .live import tag as live_tag
from .models import Tournament

bp = Blueprint("tournaments", __name__)


def _coordinator(tournament_id: str) -> str:
    key = held_tournaments.held_key(service.get_tournament(tournament_id))
    if key is None:
        raise Forbidden(missing=True, realm="tournament")
    opened()  # the coordinator's form is counted against limits.tournament_writes, valid or not
    return key


def _poll_seconds() -> int:
    """How often the standings ask for changes (TOURNAMENT_POLL_SECONDS)."""
    return current_app.config["TOURNAMENT_POLL_SECONDS"]


@bp.route("/tournaments/new", methods=["GET", "POST"])
@limits.tournaments
def new():
    """Set up a tournament; this browser keeps the coordinator's key."""
    return made_from(TournamentForm(), service.create_tournament, held_tournaments,
                     lambda tournament: url_for(".manage", tournament_id=tournament.id), "tournaments/new.html")


@bp.get("/t/<tournament_id>")
def standings(tournament_id: str):
    """The public standings; its live part is polled with If-None-Match (a 304 loads no hand)."""
    current = live_tag(tournament_id)
    held = held_etag(etags.page_tag(current))
    if held:
        return caching.standings(not_modified(held))
    current, live = fragment(tournament_id, current)
    response = make_response(render_template(
        "tournaments/standings.html", tournament=service.get_tournament(tournament_id), live=live,
        etag=current, poll_seconds=_poll_seconds(), dollars=dollars, server_now=utcnow().isoformat(),
    ))
    response.set_etag(etags.page_tag(current))
    return caching.standings(response)


@bp.get("/t/<tournament_id>/live")
def live(tournament_id: str):
    """The standings' changing part alone; 304 while the facts behind it are unchanged (no hand loaded)."""
    current = live_tag(tournament_id)
    held = held_etag(current)
    if held:
        return caching.standings(not_modified(held))
    current, html = fragment(tournament_id, current)
    response = make_response(html)
    response.set_etag(current)
    return caching.standings(response)


def _tables(report: reports.Report, edit_key: str) -> dict[int, list[dict[str, Any]]]:
    """Each round's tables with their scorer links, made again from the coordinator's key; QR codes for the
    latest round only."""
    latest = max(report.round_numbers(), default=0)
    out: dict[int, list[dict[str, Any]]] = {}
    for table in report.tables:
        item: dict[str, Any] = {"table": table}
        pairing = table.pairing
        key = rounds.table_key_of(pairing, edit_key)
        if key is not None:
            item["join_url"] = join_url(pairing.game_id, key)
            if pairing.round_number == latest:
                item["qr"] = qr_svg(item["join_url"])
        out.setdefault(pairing.round_number, []).append(item)
    return out


def _manage_page(tournament_id: str, status: int = 200, error: str | None = None, **forms: FlaskForm):
    """The coordinator's page, with any form that failed shown with its errors."""
    report = reports.report(tournament_id)
    tournament = report.tournament
    edit_key = held_tournaments.held_key(tournament)
    forms = {"team": TeamForm(prefix="team"), "single": SingleForm(prefix="single"), "pair": PairForm(prefix="pair"),
             "tie": TieBreakForm(prefix="tie"), "action": ActionForm(), **forms}
    singles = options((single.id, single.name) for single in service.waiting(tournament))
    forms["pair"].first.choices = forms["pair"].second.choices = forms["pair"].third.choices = singles
    forms["tie"].winner.choices = options((team.id, team.name) for team in report.tied_for_first)
    unstarted = {table.pairing.round_number for table in report.tables
                 if table.pairing.game is not None and table.pairing.game.clock_started_at is None}
    page = render_template(
        "tournaments/manage.html", report=report, forms=forms, error=error, tables=_tables(report, edit_key),
        unstarted=unstarted, waiting=service.waiting(tournament), dollars=dollars,
        next_round=rounds.drawn(tournament) + 1, live=render_live(report),
        server_now=utcnow().isoformat(), poll_seconds=_poll_seconds(),
        coordinator_url=coordinator_url(tournament.id, edit_key),
    )
    return private(make_response(page, status))  # it carries edit keys


@bp.get("/t/<tournament_id>/manage")
def manage(tournament_id: str):
    """The coordinator's page, or the key form on a browser that does not hold the key."""
    tournament = service.get_tournament(tournament_id)
    if held_tournaments.held_key(tournament) is None:
        return _key_page(tournament, KeyForm())
    return _manage_page(tournament_id)


def _key_page(tournament: Tournament, form: KeyForm):
    return private(make_response(render_template("tournaments/key.html", tournament=tournament, form=form)))


@bp.post("/t/<tournament_id>/manage/key")
def unlock(tournament_id: str):
    """Run the tournament from this browser too, with the coordinator's key."""
    tournament = service.get_tournament(tournament_id)
    return unlocked(tournament, KeyForm(), held_tournaments, url_for(".manage", tournament_id=tournament.id),
                    "That key does not open this tournament.",
                    partial(render_template, "tournaments/key.html", tournament=tournament))


def _apply(tournament_id: str, form: FlaskForm, name: str, anchor: str, action: Callable[[str, FlaskForm], str]):
    """Run a coordinator's action (given the key and `form`, it returns what to tell the coordinator).

    Only a browser holding the key gets this far; a refusal shows the page again with the reason.
    """
    key = _coordinator(tournament_id)
    if form.validate_on_submit():
        try:
            message = action(key, form)
        except RuleError as problem:
            return _manage_page(tournament_id, rule_status(problem), problem.message, **{name: form})
        flash(message)
        return redirect(url_for(".manage", tournament_id=tournament_id, _anchor=anchor), 303)
    return _manage_page(tournament_id, 422, "Check the form below.", **{name: form})


@bp.post("/t/<tournament_id>/manage/teams")
@limits.tournament_writes
def add_team(tournament_id: str):
    """Register a team from the form."""
    def act(key: str, form: TeamForm) -> str:
        return f"{service.add_team(tournament_id, key, form.body()).name} registered."
    return _apply(tournament_id, TeamForm(prefix="team"), "team", "teams", act)


@bp.post("/t/<tournament_id>/manage/singles")
@limits.tournament_writes
def add_single(tournament_id: str):
    """Register a single from the form."""
    def act(key: str, form: SingleForm) -> str:
        single = service.add_single(tournament_id, key, {"name": form.name.data})
        return f"{single.name} registered." if single.team_id else f"{single.name} is waiting for a partner."
    return _apply(tournament_id, SingleForm(prefix="single"), "single", "singles", act)


@bp.post("/t/<tournament_id>/manage/singles/random")
@limits.tournament_writes
def pair_at_random(tournament_id: str):
    """Pair every waiting single at random."""
    def act(key: str, _form: ActionForm) -> str:
        teams, seed = service.pair_singles(tournament_id, key, {})
        return f"Paired at random (seed {seed}): " + "; ".join(team.name for team in teams) + "."
    return _apply(tournament_id, ActionForm(), "action", "singles", act)


@bp.post("/t/<tournament_id>/manage/singles/pair")
@limits.tournament_writes
def pair_by_hand(tournament_id: str):
    """Make a team of the singles chosen in the form (two, or three for a team of three)."""
    form = PairForm(prefix="pair")
    tournament = service.get_tournament(tournament_id)
    form.first.choices = form.second.choices = form.third.choices = options(
        (single.id, single.name) for single in service.waiting(tournament))
    size = tournament.team_size

    def act(key: str, form: PairForm) -> str:
        teams, _ = service.pair_singles(tournament_id, key, form.body(size))
        return f"{teams[0].name} registered."
    return _apply(tournament_id, form, "pair", "singles", act)


@bp.post("/t/<tournament_id>/manage/rounds")
@limits.tournament_writes
def draw_round(tournament_id: str):
    """Draw the next round."""
    def act(key: str, _form: ActionForm) -> str:
        return f"Round {rounds.draw_next(tournament_id, key)} is drawn. Hand each table its scorer link, " \
               "then start the clocks."
    return _apply(tournament_id, ActionForm(), "action", "rounds", act)


@bp.post("/t/<tournament_id>/manage/rounds/<int:number>/start")
@limits.tournament_writes
def start_round(tournament_id: str, number: int):
    """Start a round's clocks."""
    def act(key: str, _form: ActionForm) -> str:
        rounds.start(tournament_id, key, number)
        return f"Round {number}: the clocks are running."
    return _apply(tournament_id, ActionForm(), "action", f"round-{number}", act)


@bp.post("/t/<tournament_id>/manage/tie-break")
@limits.tournament_writes
def tie_break(tournament_id: str):
    """Record the winner of the tie-break hand."""
    tied = reports.report(tournament_id).tied_for_first
    form = TieBreakForm(prefix="tie")
    form.winner.choices = options((team.id, team.name) for team in tied)

    def act(key: str, form: TieBreakForm) -> str:
        reports.record_tie_break(tournament_id, key, {"teams": [team.id for team in tied], "winner": form.winner.data})
        return "The tie-break hand is recorded."
    return _apply(tournament_id, form, "tie", "result", act)


@bp.post("/t/<tournament_id>/manage/key/change")
@limits.tournament_writes
def change_key(tournament_id: str):
    """Change the coordinator's key and every table's key; this browser keeps the new one."""
    _coordinator(tournament_id)
    if request.form.get("confirm") != "yes":
        return _manage_page(tournament_id, 422, "Tick the box to confirm that every other device loses write access.")

    def act(key: str, _form: ActionForm) -> str:
        _, new_key = rounds.rotate_key(tournament_id, key, None)
        held_tournaments.remember(tournament_id, new_key)
        return "The key is changed: hand every table its new scorer link below; the old links no longer write."
    return _apply(tournament_id, ActionForm(), "action", "rounds", act)
