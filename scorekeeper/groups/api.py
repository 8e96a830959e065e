"""The group API under /api/groups (docs/api-groups.md): JSON in and out, the group's edit key for writes."""

from __future__ import annotations

from functools import partial

from flask import Blueprint, jsonify, request, url_for

from scorekeeper.extensions import csrf
from scorekeeper.games.json import game_response
from scorekeeper.web import limits
from scorekeeper.web.http import bearer_key, created, json_body, private
from scorekeeper.web.keys import is_token

from . import ratings, seasons, service, stats, transfer
from .views import answer, group_json, group_tag, person_json, season_json

bp = Blueprint("group_api", __name__, url_prefix="/api/groups")
csrf.exempt(bp)
bp.url_value_preprocessor(partial(transfer.allow_group_file, importers=("group_api.import_group",)))


def _read(kind: str, group_id: str, render, *facts):
    """A public read: 304 while the client holds the tag, else `render()` under it; a cache may keep it."""
    tag = group_tag(kind, group_id, *facts) if is_token(group_id) else None
    if tag is None:
        service.get_group(group_id)  # NotFound
    return answer(tag, render, "application/json")


@bp.post("")
@limits.groups
def create():
    """Create a group; the answer carries its edit key."""
    group, edit_key = service.create_group(json_body())
    return created({**group_json(group, []), "edit_key": edit_key}, url_for("group_api.get", group_id=group.id))


@bp.post("/import")
@limits.imports
def import_group():
    """A new group from a group file (GET /g/<id>/export.json): all of it or nothing; the answer carries its key."""
    group, edit_key = transfer.import_group(json_body(budget=transfer.FILE_BUDGET))
    return created({**group_json(group), "edit_key": edit_key}, url_for("group_api.get", group_id=group.id))


@bp.get("/<group_id>")
def get(group_id: str):
    """The group: people and games, newest first; 304 while nothing changed."""
    return _read("group", group_id, lambda: jsonify(group_json(service.get_group(group_id))))


@bp.patch("/<group_id>")
def update(group_id: str):
    """Change the group's name or minimum games."""
    return jsonify(group_json(service.update_group(group_id, bearer_key(), json_body())))


@bp.post("/<group_id>/key")
def rotate_key(group_id: str):
    """Change the group's edit key: the old one stops opening the group and its games."""
    group, edit_key = service.rotate_key(group_id, bearer_key(), json_body(optional=True))
    return private(jsonify({**group_json(group), "edit_key": edit_key}))


@bp.post("/<group_id>/people")
@limits.groups
def add_person(group_id: str):
    """Add a person to the group."""
    return jsonify(person_json(service.add_person(group_id, bearer_key(), json_body()))), 201


@bp.patch("/<group_id>/people/<person_id>")
def rename_person(group_id: str, person_id: str):
    """Rename a person."""
    return jsonify(person_json(service.rename_person(group_id, bearer_key(), person_id, json_body())))


@bp.post("/<group_id>/people/<person_id>/merge")
def merge_person(group_id: str, person_id: str):
    """Fold a person into another."""
    return jsonify(group_json(service.merge_person(group_id, bearer_key(), person_id, json_body())))


@bp.post("/<group_id>/games")
@limits.games
def add_game(group_id: str):
    """Start a game in the group (a game body), or add an existing one (`game` and `game_key`)."""
    body = json_body()
    if isinstance(body, dict) and ("game" in body or "game_key" in body):
        saved = service.add_game(group_id, bearer_key(), body)
        return private(game_response(saved, 201 if saved.created else 200))
    saved, game_key = service.start_game(group_id, bearer_key(), body)
    return created(game_response(saved, edit_key=game_key), url_for("api.get_game", game_id=saved.game.id),
                   201 if saved.created else 200)


@bp.delete("/<group_id>/games/<game_id>")
def remove_game(group_id: str, game_id: str):
    """Take a game out of the group."""
    return jsonify(group_json(service.remove_game(group_id, bearer_key(), game_id)))


@bp.get("/<group_id>/stats")
def group_stats(group_id: str):
    """The group's figures over its finished games, or over a season (?from=&to=, inclusive UTC days)."""
    start = stats.parse_day(request.args.get("from"), "from")
    end = stats.parse_day(request.args.get("to"), "to")

    def render():
        group = service.get_group(group_id)
        return jsonify(stats.group_stats(group, service.group_games(group), start, end))

    return _read("stats", group_id, render, start, end)


@bp.get("/<group_id>/chances")
def chances(group_id: str):
    """Who would win between two sides of the group's people (?a=<person>&b=<person>, a pair: each twice): the
    model's chance for each, from the ratings over every finished game."""
    first, second = request.args.getlist("a"), request.args.getlist("b")

    def render():
        group = service.get_group(group_id)
        rated = stats.rated_over(group, stats.counted(service.group_games(group)))
        return jsonify(ratings.matchup(group, rated, first, second))

    return _read("chances", group_id, render, tuple(first), tuple(second))


@bp.get("/<group_id>/seasons")
def group_seasons(group_id: str):
    """The group's seasons (each calendar year when it named none), whether each has ended, and its champion."""
    on = seasons.today()

    def render():
        group = service.get_group(group_id)
        return jsonify({"seasons": seasons.seasons_json(group, service.group_games(group), on)})

    return _read("seasons", group_id, render, on)


@bp.post("/<group_id>/seasons")
@limits.groups
def add_season(group_id: str):
    """Name a season by its days."""
    return jsonify(season_json(seasons.add_season(group_id, bearer_key(), json_body()))), 201


@bp.patch("/<group_id>/seasons/<season_id>")
def change_season(group_id: str, season_id: str):
    """Rename a season, or change its days."""
    return jsonify(season_json(seasons.change_season(group_id, bearer_key(), season_id, json_body())))


@bp.delete("/<group_id>/seasons/<season_id>")
def remove_season(group_id: str, season_id: str):
    """Remove a season; its games stay."""
    return jsonify(group_json(seasons.remove_season(group_id, bearer_key(), season_id)))
