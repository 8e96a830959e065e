"""The group's pages: the read-only group page `/g/<id>` and the form that creates a group."""

from __future__ import annotations

import datetime as dt
import json
import re
import unicodedata
from collections.abc import Callable
from functools import partial
from types import SimpleNamespace
from typing import Any

from flask import Blueprint, abort, make_response, redirect, render_template, request, url_for
from flask_wtf import FlaskForm

from scorekeeper.rules import DESCRIPTIONS, PAIR, PRESETS, RuleError
from scorekeeper.rules.options import POINT_NAMES
from scorekeeper.sheet.exports import csv_text
from scorekeeper.sheet.wording import bid_label, num
from scorekeeper.web import jsontext, limits
from scorekeeper.web.http import private, rule_status
from scorekeeper.web.keys import Forbidden, Held, is_token
from scorekeeper.web.keys import games as held_games
from scorekeeper.web.links import group_url

from . import chart, ratings, seasons, service, stats, transfer
from .forms import GroupForm, GroupImportForm, StartInGroupForm
from .models import Group
from .views import answer, download, group_tag

bp = Blueprint("groups", __name__)
SHELL_ID = "offline-shell-group-0000"  # a token-shaped id that no real group has (ids are random)
SHOWN = 30  # games listed on the group page unless all are asked for
held = Held("group_keys")  # the keys of the groups this browser created
bp.url_value_preprocessor(partial(transfer.allow_group_file, importers=("groups.import_group",)))


@bp.route("/groups/new", methods=["GET", "POST"])
@limits.groups
def new():
    """Create a group; this browser keeps its key, and the next page shows it once."""
    form = GroupForm()
    error, status = None, 422 if request.method == "POST" else 200
    if form.validate_on_submit():
        try:
            group, edit_key = service.create_group(form.body())
        except RuleError as problem:
            error, status = problem.message, rule_status(problem)
        else:
            held.remember(group.id, edit_key)
            return redirect(url_for(".created", group_id=group.id), 303)
    return render_template("groups/new.html", form=form, error=error), status


@bp.route("/groups/import", methods=["GET", "POST"])
@limits.imports
def import_group():
    """Upload a group file: it becomes a new group, every game scored again, with a new key this browser keeps."""
    form = GroupImportForm()
    error, status = None, 200
    if form.validate_on_submit():
        try:
            try:
                body = jsontext.loads(form.file.data.read(), transfer.FILE_BUDGET)
            except jsontext.NotJson:
                raise RuleError(transfer.NOT_A_GROUP + " It is not a JSON file.", "file") from None
            group, edit_key = transfer.import_group(body)
        except RuleError as problem:
            error, status = f"Nothing was imported. {problem.message}", rule_status(problem)
        else:
            held.remember(group.id, edit_key)
            return redirect(url_for(".created", group_id=group.id), 303)
    elif form.errors:
        error, status = " ".join(message for messages in form.errors.values() for message in messages), 422
    return render_template("groups/import.html", form=form, error=error), status


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
        form.variant.data, seated = _offered(group, service.group_games(group))
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


def _offered(group: Group, played: list) -> tuple[str, list[str]]:
    """What a game started in the group begins with: the last game's variant and its people in their seats."""
    if not played:
        return "ten-point", []
    names = {person.id: person.name for person in group.people}
    return played[0].variant, [names.get(person, "") for person in played[0].people or []]


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
    return answer(tag, lambda: render_template("groups/page.html", **page_context(group_id, every, season, on),
                                               by_rating=by_rating, **_matchup(group_id, sides)))


def _matchup(group_id: str, sides: tuple[tuple[str, ...], ...]) -> dict[str, Any]:
    """The page's "who would win" form: the sides asked for, the chances the ratings give each, or why not."""
    if not any(sides):
        return {"asked": sides, "matchup": None, "matchup_error": None}
    group = service.get_group(group_id)
    rated = stats.rated_over(group, stats.counted(service.group_games(group)))
    try:
        found = ratings.matchup(group, rated, *sides)
        return {"asked": sides, "matchup": ratings.matchup_sentence(found), "matchup_error": None}
    except RuleError as problem:
        return {"asked": sides, "matchup": None, "matchup_error": problem.message}


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
                                               **person_context(group_id, person_id, season, on)))


def person_context(group_id: str, person_id: str, season_key: str | None = None,
                   on: dt.date | None = None) -> dict[str, Any]:
    """What a person's page shows: their line, each partner and rival with the games they shared, and their rating
    over the season asked for by `season_key` (the group page's keys, its seasons as on `on`; none or "all": every
    game)."""
    group = service.get_group(group_id)
    person = next((found for found in group.people if found.id == person_id), None)
    if person is None:
        abort(404)
    names = {found.id: found.name for found in group.people}
    played = service.group_games(group)
    figures = stats.group_stats(group, played)
    season = None
    if season_key not in (None, "all"):
        on = on or seasons.today()
        season = seasons.chosen(seasons.seasons_of(group, played, on), season_key, on)
        if season is None:
            abort(404)
    starts, ends = (season.starts, season.ends) if season else (None, None)
    rated = figures if season is None else stats.group_stats(group, played, starts, ends)
    line = next(item for item in figures["people"] if item["person"] == person.id)

    def other(pair: list[str]) -> str:
        return names[pair[1] if pair[0] == person.id else pair[0]]

    partners = [{"name": other(item["people"]), "games": item["games"], "wins": item["wins"],
                 "longest_streak": item["longest_streak"]}
                for item in figures["partnerships"] if person.id in item["people"]]
    rivals = [{"name": other(item["people"]), "games": item["games"],
               "wins": item["wins"][item["people"].index(person.id)],
               "losses": item["wins"][1 - item["people"].index(person.id)]}
              for item in figures["head_to_head"] if person.id in item["people"]]
    ranked = sorted(partners, key=lambda item: (-item["wins"], -item["wins"] / item["games"], item["name"].casefold()))
    rating = next(item for item in rated["ratings"] if item["person"] == person.id)
    history = stats.rated_over(group, stats.counted(played, starts, ends), starts, ends).of(person.id).history
    chemistry = [{**item, "sentence": ratings.chemistry_sentence(person.name, other(item["people"]), item["games"],
                                                                 item["above_expected"])}
                 for item in figures["partnerships"]
                 if person.id in item["people"] and item["expected_wins"] is not None]
    levels = [{**item, "label": _level_label(item)} for item in line["bidding"]]
    return {"group": group, "person": person, "line": line, "partners": ranked,
            "rivals": sorted(rivals, key=lambda item: (-item["games"], item["name"].casefold())),
            "season": season, "rating": rating,
            "rating_text": ratings.rating_text(rating["rating"], rating["uncertainty"]),
            "rating_chart": chart.rating_chart(person.name, history, ratings.CENTRE),
            "chemistry": sorted(chemistry, key=lambda item: (-item["above_expected"], -item["games"])),
            "levels": levels, "bid_chart": chart.bid_chart(person.name, levels),
            "cards": sorted(({**item, "label": POINT_NAMES.get(item["point"], item["point"])}
                             for item in line["cards"]), key=lambda item: -item["taken_pct"])}


def _level_label(level: dict[str, Any]) -> str:
    """A bid level as the sheet writes the bid: 3, moon, "5, all six tricks"."""
    rules = {"all_tricks_bid": level["bid"] if level["all_tricks"] else None}
    return bid_label({"bid": level["bid"], "made": True}, rules)


def page_context(group_id: str, every: bool = False, season_key: str | None = None,
                 on: dt.date | None = None) -> dict[str, Any]:
    """What the group page shows: the newest games (`every`: all of them), and the leaderboard of a season (the
    one asked for by `season_key`, else the one running on `on`) or of every game (`season_key` "all")."""
    group = service.get_group(group_id)
    played = service.group_games(group)
    names = {person.id: person.name for person in group.people}
    figures = stats.group_stats(group, played)
    on = on or seasons.today()
    views = seasons.seasons_of(group, played, on)
    shown = None if season_key == "all" else seasons.chosen(views, season_key, on)
    if season_key not in (None, "all") and shown is None:
        abort(404)
    board = figures if shown is None else stats.group_stats(group, played, shown.starts, shown.ends)
    season = stats.counted(played)
    winners = [(entry.finished, [game.people[seat] for seat in sorted(entry.won)])
               for game, entry in season if game.people]
    return {
        "group": group, "figures": figures, "names": names, "short": _short(group),
        "lines": {line["person"]: line for line in figures["people"]},
        "games": [_game_line(game, names) for game in (played if every else played[:SHOWN])],
        "game_count": len(played), "every": every,
        "chart": chart.build(winners, names, figures["leaderboard"]),
        "link": group_url(group.id),
        "offline": _offline(group, played),
        "seasons": views, "season": shown, "board": board,
        "board_lines": {line["person"]: line for line in board["people"]},
        "rating_lines": {line["person"]: {**line, "text": ratings.rating_text(line["rating"], line["uncertainty"])}
                         for line in board["ratings"]},
        "provisional": sorted((line for line in board["ratings"] if 0 < line["games"] < group.min_games),
                              key=lambda line: (-line["rating"], line["name"].casefold())),
        "chemistry": _chemistry(board, names),
        "champion": seasons.champion(group, played, shown, on) if shown is not None else None,
        "ended": shown is not None and shown.ends < on,
    }


def _chemistry(board: dict[str, Any], names: dict[str, str]) -> list[dict[str, Any]]:
    """The partnerships of the board shown, furthest above what the ratings expected first, each in a sentence (the
    two names in alphabetical order)."""
    found = [{**item, "sentence": ratings.chemistry_sentence(*sorted((names[person] for person in item["people"]),
                                                                    key=str.casefold),
                                                             item["games"], item["above_expected"])}
             for item in board["partnerships"] if item["expected_wins"] is not None]
    return sorted(found, key=lambda item: (-item["above_expected"], -item["games"], item["sentence"].casefold()))


def _offline(group: Group, played: list) -> dict[str, Any]:
    """What the group's start page offers, for a phone holding the group's key to keep for starting games offline
    (static/js/groupkeys.js); names only, never a key."""
    variant, seated = _offered(group, played)
    return {"id": group.id, "name": group.name, "people": [person.name for person in group.people],
            "variant": variant, "seats": seated}


def _short(group: Group) -> dict[str, str]:
    """Each person's short name, or their name."""
    return {person.id: person.short_name or person.name for person in group.people}


def _game_line(game, names: dict[str, str]) -> dict[str, Any]:
    """One game as the page lists it."""
    entry = stats.figures(game)
    people = game.people or []
    teams = [" & ".join(names.get(people[seat], game.players[seat]) if seat < len(people) else game.players[seat]
                        for seat in seats) for seats in entry.teams]
    return {
        "id": game.id, "when": (entry.finished or game.created_at).date().isoformat(), "finished": entry.finished,
        "teams": teams, "score": " – ".join(num(score) for score in entry.scores),
        "winner": PAIR.join(teams[team] for team in entry.winners) if entry.winners else None,
        "variant": DESCRIPTIONS.get(game.variant, game.variant).split(",")[0],
    }


def _download_name(group: Group, extension: str) -> str:
    """pitch-group-thursday-table.json: the group's name in ASCII."""
    ascii_name = unicodedata.normalize("NFKD", group.name).encode("ascii", "ignore").decode()
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_name.lower()).strip("-")[:60] or "group"
    return f"pitch-group-{slug}.{extension}"


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
    return json.dumps(transfer.export_group(group), ensure_ascii=False, separators=(",", ":")) + "\n"


@bp.get("/g/<group_id>/export.json")
@limits.downloads
def export_json(group_id: str):
    """The whole group as one file, which POST /api/groups/import makes into a new group."""
    return _download("export.json", group_id, _group_file, "application/json", "json")


@bp.get("/g/<group_id>/games.csv")
@limits.downloads
def games_csv(group_id: str):
    """The group's games, one row each."""
    return _download("games.csv", group_id, lambda group: csv_text(transfer.games_rows(group)), "text/csv", "games.csv")


@bp.get("/g/<group_id>/hands.csv")
@limits.downloads
def hands_csv(group_id: str):
    """Every hand of the group's games, one row each."""
    return _download("hands.csv", group_id, lambda group: csv_text(transfer.hands_rows(group)), "text/csv", "hands.csv")


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
    person = next((found for found in group.people if found.id == person_id), None)
    if person is None:
        abort(404)
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
