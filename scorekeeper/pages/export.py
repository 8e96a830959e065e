"""A game out as CSV (the paper sheet) or JSON (spec/api.md), and a JSON file back in as a new game."""

from __future__ import annotations

import csv
import io
import json
import re
import unicodedata
from typing import Any

from flask import Response, redirect, render_template, url_for
from flask_wtf import FlaskForm
from flask_wtf.file import FileField, FileRequired

from .. import games
from ..models import Game
from ..rules import GameState, RuleError
from . import bp, keys
from .game import sheet_json

FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
NOT_A_GAME = "This file is not a game saved by Pitch Scorekeeper (its Download game file link)."


def cell(text: str) -> str:
    """A name as a spreadsheet cell: a leading = + - @ would be read as a formula."""
    return "'" + text if text.startswith(FORMULA_START) else text


def sheet_rows(state: GameState) -> list[list[Any]]:
    """The paper sheet: a header, then one row per hand (misdeals too) with each team's points and total."""
    table = state.table
    labels = [cell(table.team_label(team)) for team in range(len(state.scores))]
    rows: list[list[Any]] = [
        ["Hand", "Dealer", "Bidder", "Bid", "Trump", "Result"]
        + [f"{label} points" for label in labels] + [f"{label} total" for label in labels]
    ]
    for scored in state.hands:
        hand, dealer = scored.hand, cell(table.players[scored.dealer])
        if hand.misdeal:
            start = [scored.number, dealer, "", "", "", "misdeal"]
        else:
            start = [scored.number, dealer, cell(table.players[hand.bidder]), hand.bid, hand.trump or "",
                     "made" if scored.made else "set"]
        rows.append(start + list(scored.delta) + list(scored.scores))
    return rows


def download_name(game: Game, extension: str) -> str:
    """pitch-ann-bo-cy-di-2026-12-02.csv: the players and the day the game started."""
    ascii_names = unicodedata.normalize("NFKD", "-".join(game.players)).encode("ascii", "ignore").decode()
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_names.lower()).strip("-")[:60] or "game"
    day = game.created_at.date().isoformat() if game.created_at else "undated"
    return f"pitch-{slug}-{day}.{extension}"


def attachment(body: str, mimetype: str, filename: str) -> Response:
    """A download: the browser saves it under `filename`."""
    response = Response(body, mimetype=mimetype)
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/games/<game_id>/export.csv")
def export_csv(game_id: str):
    """The score sheet as CSV, one row per hand (UTF-8 with a BOM so spreadsheets read names right)."""
    game = games.get_game(game_id)
    out = io.StringIO()
    csv.writer(out, lineterminator="\r\n").writerows(sheet_rows(games.state_of(game)))
    return attachment("\ufeff" + out.getvalue(), "text/csv", download_name(game, "csv"))


@bp.get("/games/<game_id>/export.json")
def export_json(game_id: str):
    """The game as the JSON of spec/api.md."""
    game = games.get_game(game_id)
    text = json.dumps(sheet_json(game), ensure_ascii=False, indent=1)
    return attachment(text + "\n", "application/json", download_name(game, "json"))


class ImportForm(FlaskForm):
    """Upload a game file saved from the Download game file link."""

    file = FileField("Game file (.json)", validators=[FileRequired("Choose the game file to import.")])


def _team_names(exported: dict[str, Any]) -> Any:
    """The team names as given at creation; from the `teams` labels when the file lacks them."""
    if "team_names" in exported:
        return exported["team_names"]
    teams, players = exported.get("teams"), exported.get("players")
    try:
        names = [team["name"] for team in teams]
        defaults = ["/".join(players[seat] for seat in team["players"]) for team in teams]
    except (TypeError, KeyError, IndexError):
        return None
    return None if names == defaults else names


def read_upload(data: bytes) -> dict[str, Any]:
    """From an exported file, the body for games.create_game, or a RuleError."""
    try:
        exported = json.loads(data.decode("utf-8-sig"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise RuleError(NOT_A_GAME + " It is not a JSON file.") from None
    if not isinstance(exported, dict) or "variant" not in exported or "players" not in exported:
        raise RuleError(NOT_A_GAME)
    hands = exported.get("hands", [])
    if not isinstance(hands, list):
        raise RuleError(NOT_A_GAME + " Its hands are not a list.")
    return {
        "variant": exported["variant"], "players": exported["players"],
        "team_names": _team_names(exported), "rules": exported.get("rules"),
        "hands": [{k: v for k, v in hand.items() if k != "id"} if isinstance(hand, dict) else hand for hand in hands],
        "time_called": exported.get("time_called"),
    }


def import_file(data: bytes) -> str:
    """Create a new game from an exported file, hands and time call and all, or nothing; returns its id."""
    result, edit_key = games.create_game(read_upload(data))
    keys.remember(result.game.id, edit_key)
    return result.game.id


@bp.route("/import", methods=["GET", "POST"])
def import_game():
    """Upload a game file: it becomes a new game, scored from its hands, with a new edit key."""
    form = ImportForm()
    error = None
    if form.validate_on_submit():
        try:
            game_id = import_file(form.file.data.read())
        except RuleError as exc:
            error = f"Nothing was imported. {exc.message}"
        else:
            return redirect(url_for("pages.game", game_id=game_id), code=303)
    elif form.errors:
        error = " ".join(message for messages in form.errors.values() for message in messages)
    status = 422 if error else 200
    return render_template("import.html", form=form, error=error), status
