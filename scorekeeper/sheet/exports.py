"""What the game and group downloads share: a file's name, a name as a safe spreadsheet cell, the paper sheet's
rows, and an exported game read back as the body that creates it (web/http.py's attachment answers with them)."""

from __future__ import annotations

import csv
import io
import re
import unicodedata
from typing import Any

from scorekeeper.rules import GameState

FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def file_slug(text: str, fallback: str) -> str:
    """`text` as part of a file's name: lower-case ASCII letters and digits joined by hyphens, at most 60 characters
    ("Zoë & Ann" gives "zoe-ann"), or `fallback` where nothing is left."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-")[:60] or fallback


def cell(text: str) -> str:
    """A text as a spreadsheet cell: a leading = + - @ (a name, or a game id: 1 in 64 starts with -) would be read
    as a formula."""
    return "'" + text if text.startswith(FORMULA_START) else text


def csv_text(rows: list[list[Any]]) -> str:
    """Rows as CSV, every text a safe cell, UTF-8 with a BOM so spreadsheets read names right."""
    out = io.StringIO()
    csv.writer(out, lineterminator="\r\n").writerows(
        [cell(value) if isinstance(value, str) else value for value in row] for row in rows)
    return "\ufeff" + out.getvalue()


def sheet_rows(state: GameState) -> list[list[Any]]:
    """The paper sheet: a header, then one row per hand (misdeals too) with each team's points and total."""
    table = state.table
    labels = [table.team_label(team) for team in range(len(state.scores))]
    rows: list[list[Any]] = [
        ["Hand", "Dealer", "Bidder", "Bid", "Trump", "Result"]
        + [f"{label} points" for label in labels] + [f"{label} total" for label in labels]
    ]
    for scored in state.hands:
        hand, dealer = scored.hand, table.players[scored.dealer]
        if hand.misdeal:
            start = [scored.number, dealer, "", "", "", "misdeal"]
        else:
            start = [scored.number, dealer, table.players[hand.bidder], hand.bid, hand.trump or "",
                     "made" if scored.made else "set"]
        rows.append(start + list(scored.delta) + list(scored.scores))
    return rows


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


def game_body(exported: dict[str, Any], hand_ids: bool = False) -> dict[str, Any]:
    """The body for games.create_game of an exported game; its hands keep their ids only if `hand_ids`."""
    hands = exported.get("hands", [])
    if not hand_ids and isinstance(hands, list):
        hands = [{k: v for k, v in hand.items() if k != "id"} if isinstance(hand, dict) else hand for hand in hands]
    return {
        "variant": exported.get("variant"), "players": exported.get("players"),
        "team_names": _team_names(exported), "rules": exported.get("rules"),
        "hands": hands, "time_called": exported.get("time_called"),
    }
