"""The group's pages: the read-only group page `/g/<id>` and the form that creates a group."""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import partial
from types import SimpleNamespace
from typing import Any

from flask import Blueprint, abort, make_response, redirect, render_template, request, url_for
from flask_wtf import FlaskForm

from scorekeeper.rules import DESCRIPTIONS, PRESETS, RuleError
from scorekeeper.sheet.exports import csv_text, file_slug
from scorekeeper.web import jsontext, limits
from scorekeeper.web.errors import rule_status
from scorekeeper.web.forms import imported, made_from
from scorekeeper.web.http import private
from scorekeeper.web.keys import Forbidden, Held, is_token
from scorekeeper.web.keys import games as held_games
from scorekeeper.web.links import group_url

from . import contexts, downloads, seasons, service, stats, transfer
from .forms import GroupForm, GroupImportForm, StartInGroupForm
from .models import Group
from .views import answer, download, group_tag

bp = Blueprint("groups", __name__)
SHELL_ID = "offline-shell-group-0000"  # a token-shaped id that no real group has (ids are random)
held = Held("group_keys")  # the keys of the groups this browser created
bp.url_value_preprocessor(partial(transfer.allow_group_file, importers=("groups.import_group",)))


@bp.route("/groups/new", methods=["GET", "POST"])
@limits.groups
def new():
    """Create a group; this browser keeps its key, and the next page shows it once."""
    return made_from(GroupForm(), service.create_group, held, lambda group: url_for(".created", group_id=group.id),
                     "groups/new.html")


@bp.route("/groups/import", methods=["GET", "POST"])
@limits.imports
def import_group():
    """Upload a group file: it becomes a new group, every game scored again, with a new key this browser keeps."""
    return imported(GroupImportForm(), _import_file, "groups/import.html")


def _import_file(data: bytes) -> str:
    """A new group from a group file's bytes, its key kept in this browser; where it opens, or a RuleError."""
    try:
        body = jsontext.loads(data, transfer.FILE_BUDGET)
    except jsontext.NotJson:
        raise RuleError(transfer.NOT_A_GROUP + " It is not a JSON file.", "file") from None
    group, edit_key = transfer.import_group(body)
    held.remember(group.id, edit_key)
    return url_for(".created", group_id=group.id)


@bp.get("/groups/<group_id>/created")
def created(group_id: str):
    """The new group's link, and its key for this browser (never in a public page)."""
    group = service.get_group(group_id)
    key = held.held_key(group)
    if key is None:
        return redirect(url_for(".page", group_id=group.id), 303)
    page = render_template("groups/created.html", group=group, edit_key=key, link=group_url(group.id))
    return private(make_response(page))


@bp.route("/g/<group_id>/start", methods=["GET", "POST"])
@limits.games
def start(group_id: str):
    """Start a game in the group: the roster offered for each seat, the group's last variant chosen; this browser
    must hold the group's key."""
    group = service.get_group(group_id)
    key = held.held_key(group)
    if key is None:
        raise Forbidden(missing=True, realm="group")
    form = _start_form()
    if request.method == "GET":
        form.variant.data, seated = contexts.offered(group, service.group_games(group))
        for seat, name in zip(form.seats, seated, strict=False):
            seat.data = name
    error, status = None, 422 if request.method == "POST" else 200
    if form.validate_on_submit():
        try:
            saved, game_key = service.start_game(group.id, key, form.body())
        except RuleError as problem:
            error, status = problem.message, rule_status(problem)
        else:
            held_games.remember(saved.game.id, game_key)
            return redirect(url_for("pages.game", game_id=saved.game.id), 303)
    page = render_template("groups/start.html", group=group, form=form, error=error, group_key=key)
    return private(make_response(page, status))


@bp.get("/shell/group-start")
def start_shell():
    """The start page of no group, which the service worker answers with for a group's start page when there is no
    signal: its script fills it from what the phone kept of the group, and starts the game on the phone."""
    nobody = SimpleNamespace(id=SHELL_ID, name="", people=[])
    return render_template("groups/start.html", group=nobody, form=_start_form(), error=None, offline_shell=True)


def _start_form() -> StartInGroupForm:
    """The form of a game started in a group, every preset offered."""
    form = StartInGroupForm()
    form.variant.choices = [(name, DESCRIPTIONS[name]) for name in PRESETS]
    return form


@bp.get("/g/<group_id>", endpoint="page")
def page(group_id: str):
    """The group's page: games newest first, people, leaderboard and the chart of wins; any cache may keep it."""
    every = request.args.get("games") == "all"
    season = request.args.get("season")
    by_rating = request.args.get("board") == "rating"
    sides = tuple(tuple(person for person in request.args.getlist(side) if person) for side in ("a", "b"))
    on = seasons.today()
    tag = group_tag("page", group_id, every, season, on, by_rating, sides) if is_token(group_id) else None
    if tag is None:
        abort(404)
    return answer(tag, lambda: render_template("groups/page.html", **contexts.page_context(group_id, every, season, on),
                                               by_rating=by_rating, **contexts.matchup(group_id, sides)))


@bp.get("/g/<group_id>/people/<person_id>", endpoint="person")
def person_page(group_id: str, person_id: str):
    """One person's figures in the group, with their partners and rivals ranked, and their rating over the season
    the group page passed on (`season`, a key of the group's seasons; none or "all": every game); any cache may
    keep it."""
    season, on = request.args.get("season"), seasons.today()
    tag = group_tag("person", group_id, person_id, season, on) if is_token(group_id) else None
    if tag is None:
        abort(404)
    return answer(tag, lambda: render_template("groups/person.html",
                                               **contexts.person_context(group_id, person_id, season, on)))


def _download_name(group: Group, extension: str) -> str:
    """pitch-group-thursday-table.json: the group's name in ASCII."""
    return f"pitch-group-{file_slug(group.name, 'group')}.{extension}"


def _download(kind: str, group_id: str, rows: Callable[[Group], str], mimetype: str, extension: str):
    """A download of the group under its tag (views.download): a 304 is one small query, a repeat builds nothing."""
    tag = group_tag(kind, group_id) if is_token(group_id) else None
    if tag is None:
        abort(404)

    def build() -> tuple[str, str]:
        group = service.get_group(group_id)
        return _download_name(group, extension), rows(group)

    return download(tag, build, mimetype)


def _group_file(group: Group) -> str:
    return json.dumps(downloads.export_group(group), ensure_ascii=False, separators=(",", ":")) + "\n"


@bp.get("/g/<group_id>/export.json")
@limits.downloads
def export_json(group_id: str):
    """The whole group as one file, which POST /api/groups/import makes into a new group."""
    return _download("export.json", group_id, _group_file, "application/json", "json")


@bp.get("/g/<group_id>/games.csv")
@limits.downloads
def games_csv(group_id: str):
    """The group's games, one row each."""
    rows = downloads.games_rows
    return _download("games.csv", group_id, lambda group: csv_text(rows(group)), "text/csv", "games.csv")


@bp.get("/g/<group_id>/hands.csv")
@limits.downloads
def hands_csv(group_id: str):
    """Every hand of the group's games, one row each."""
    rows = downloads.hands_rows
    return _download("hands.csv", group_id, lambda group: csv_text(rows(group)), "text/csv", "hands.csv")


ADDED_UP = (("games", "Finished games"), ("wins", "Wins"), ("bids", "Bids"), ("made", "Made"), ("set", "Set"),
            ("moons", "Moons tried"), ("moons_made", "Moons made"))


@bp.route("/g/<group_id>/people/<person_id>/merge", methods=["GET", "POST"])
def merge(group_id: str, person_id: str):
    """Fold a person typed twice into another: pick the other, see what adds up, then confirm (this browser must
    hold the group's key)."""
    group = service.get_group(group_id)
    key = held.held_key(group)
    if key is None:
        raise Forbidden(missing=True, realm="group")
    person = service.person_of(group, person_id)
    others = [found for found in group.people if found.id != person.id]
    into_id = request.form.get("into") if request.method == "POST" else request.args.get("into")
    into = next((found for found in others if found.id == into_id), None)
    error, status = None, 200
    if (into_id or request.method == "POST") and into is None:
        error, status = "Choose another person of this group to merge into.", 422
    if request.method == "POST" and into is not None:
        form = FlaskForm()
        if not form.validate_on_submit():
            error, status = "The form had expired: check what adds up and confirm again.", 400
        else:
            try:
                service.merge_person(group.id, key, person.id, {"into": into.id})
            except RuleError as problem:
                error, status = problem.message, rule_status(problem)
            else:
                return redirect(url_for(".person", group_id=group.id, person_id=into.id), 303)
    context = {"group": group, "person": person, "others": others, "into": into, "error": error}
    if into is not None:
        context.update(_merge_preview(group, person, into))
    return private(make_response(render_template("groups/merge.html", **context), status))


def _merge_preview(group: Group, person, into) -> dict[str, Any]:
    """What merging `person` into `into` adds up (their games are apart, so each count is a sum), and whether they
    sat in one game (then they cannot be one person)."""
    played = service.group_games(group)
    lines = {line["person"]: line for line in stats.group_stats(group, played)["people"]}
    rows = [(label, lines[person.id][name], lines[into.id][name], lines[person.id][name] + lines[into.id][name])
            for name, label in ADDED_UP]
    moved = sum(1 for game in played if person.id in (game.people or []))
    together = sum(1 for game in played if person.id in (game.people or []) and into.id in game.people)
    return {"rows": rows, "moved": moved, "together": together}
