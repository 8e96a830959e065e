"""What templates use, registered once for the whole app: the sheet's words, filters, chart and statistics, a game's
sheet data and the release a page was rendered for. No blueprint registers a template filter, global or context
processor of its own (tests/test_layers.py), so a template of any feature can use any of them."""

from __future__ import annotations

from typing import Any

from flask import Flask

from scorekeeper.games.json import game_json
from scorekeeper.games.models import Game
from scorekeeper.games.pwa import release
from scorekeeper.rules import GameState
from scorekeeper.sheet import chart, stats
from scorekeeper.sheet.rulewords import rule_words
from scorekeeper.sheet.wording import num, signed
from scorekeeper.sheet.words import sheet_words


def sheet_of(game: Game, state: GameState | None = None) -> dict[str, Any]:
    """The sheet data for templates/games/_sheet.html, from a stored game (the share page's include)."""
    return game_json(game, state)


def chart_of(state: GameState) -> chart.Chart:
    """The score chart of a game, for templates/_shared/_chart.html."""
    return chart.build(state)


def stats_of(state: GameState) -> list[stats.PlayerStats]:
    """Bidding statistics per player, for templates/games/_stats.html."""
    return stats.player_stats(state)


def card_note_of(state: GameState) -> str:
    """What the statistics cannot count from hands given as points, for templates/games/_stats.html."""
    return stats.card_note(state)


def average_bid(value: float | None) -> str:
    """An average bid to one decimal, or a dash."""
    return stats.format_average(value)


def app_release() -> str:
    """The version the page was rendered for (the worker reports its own)."""
    return release()


FILTERS = (num, signed, average_bid)
GLOBALS = (sheet_of, chart_of, stats_of, card_note_of, app_release)
CONTEXT = (sheet_words, rule_words)


def register(app: Flask) -> None:
    """Every filter, global and context processor of the templates, for the whole app."""
    for function in FILTERS:
        app.add_template_filter(function)
    for function in GLOBALS:
        app.add_template_global(function)
    for function in CONTEXT:
        app.context_processor(function)
