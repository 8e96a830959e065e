"""What templates use, registered once for the whole app: the sheet's words, filters, chart and statistics, a game's
sheet data and the release a page was rendered for. No blueprint registers a template filter, global or context
processor of its own (tests/test_layers.py), so a template of any feature can use any of them."""

from __future__ import annotations

from flask import Flask

from scorekeeper.games.json import game_json
from scorekeeper.games.pwa import release
from scorekeeper.sheet import chart, stats
from scorekeeper.sheet.rulewords import rule_words
from scorekeeper.sheet.wording import num, signed
from scorekeeper.sheet.words import sheet_words

# The names templates use, and what each is: a filter, or a global function.
FILTERS = {"num": num, "signed": signed, "average_bid": stats.format_average}
GLOBALS = {
    "sheet_of": game_json,  # a stored game's sheet data, for templates/games/_sheet.html (the share page's include)
    "chart_of": chart.build,  # a game's score chart, for templates/_shared/_chart.html
    "stats_of": stats.player_stats,  # bidding statistics per player, for templates/games/_stats.html
    "card_note_of": stats.card_note,  # what those cannot count from hands given as points
    "app_release": release,  # the version the page was rendered for (the worker reports its own)
}
CONTEXT = (sheet_words, rule_words)


def register(app: Flask) -> None:
    """Every filter, global and context processor of the templates, for the whole app."""
    for name, function in FILTERS.items():
        app.add_template_filter(function, name)
    for name, function in GLOBALS.items():
        app.add_template_global(function, name)
    for function in CONTEXT:
        app.context_processor(function)
