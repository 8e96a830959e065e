"""A game out as CSV (the paper sheet) or JSON (docs/api.md), and a JSON file back in as a new game."""

from __future__ import annotations

import json
from typing import Any

from flask import url_for
from flask_wtf import FlaskForm
from flask_wtf.file import FileField, FileRequired

from scorekeeper.rules import RuleError
from scorekeeper.sheet.exports import csv_text, file_slug, game_body, sheet_rows
from scorekeeper.sheet.rulewords import game_summary
from scorekeeper.web import jsontext, limits
from scorekeeper.web.forms import imported
from scorekeeper.web.http import attachment
from scorekeeper.web.keys import games as held_games

from .. import create
from .. import service as games
from ..json import game_json
from ..models import Game
from . import bp

NOT_A_GAME = "This file is not a game saved by Pitch Scorekeeper (its Download game file link)."


def download_name(game: Game, extension: str) -> str:
    """pitch-ann-bo-cy-di-2026-12-02.csv: the players and the day the game started."""
    day = game.created_at.date().isoformat() if game.created_at else "undated"
    return f"pitch-{file_slug('-'.join(game.players), 'game')}-{day}.{extension}"


@bp.get("/games/<game_id>/export.csv")
def export_csv(game_id: str):
    """The score sheet as CSV, one row per hand (UTF-8 with a BOM so spreadsheets read names right), then a row
    apart with the game's rules in one line."""
    game = games.get_game(game_id)
    rows = [*sheet_rows(games.state_of(game)), [], ["Rules", game_summary(game_json(game))]]
    return attachment(csv_text(rows), "text/csv", download_name(game, "csv"))


@bp.get("/games/<game_id>/export.json")
def export_json(game_id: str):
    """The game as the JSON of docs/api.md, with its rules in one line (`rules_summary`; an import ignores it)."""
    game = games.get_game(game_id)
    body = game_json(game)
    text = json.dumps({**body, "rules_summary": game_summary(body)}, ensure_ascii=False, indent=1)
    return attachment(text + "\n", "application/json", download_name(game, "json"))


class ImportForm(FlaskForm):
    """Upload a game file saved from the Download game file link."""

    file = FileField("Game file (.json)", validators=[FileRequired("Choose the game file to import.")])


def read_upload(data: bytes) -> dict[str, Any]:
    """From an exported file, the body for create.create_game, or a RuleError."""
    try:
        exported = jsontext.loads(data)
    except jsontext.NotJson:
        raise RuleError(NOT_A_GAME + " It is not a JSON file.") from None
    if not isinstance(exported, dict) or "variant" not in exported or "players" not in exported:
        raise RuleError(NOT_A_GAME)
    hands = exported.get("hands", [])
    if not isinstance(hands, list):
        raise RuleError(NOT_A_GAME + " Its hands are not a list.")
    return game_body(exported)


def import_file(data: bytes) -> str:
    """Create a new game from an exported file, hands and time call and all, or nothing; returns its id."""
    result, edit_key = create.create_game(read_upload(data))
    held_games.remember(result.game.id, edit_key)
    return result.game.id


@bp.route("/import", methods=["GET", "POST"])
@limits.imports
def import_game():
    """Upload a game file: it becomes a new game, scored from its hands, with a new edit key."""
    return imported(ImportForm(), lambda data: url_for("pages.game", game_id=import_file(data)), "games/import.html")
