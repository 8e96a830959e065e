"""The start page: pick a preset, seat the players, set house rules; games on this phone."""

from __future__ import annotations

from typing import Any

from flask import redirect, render_template, url_for

from scorekeeper.rules import CATALOGUE, DESCRIPTIONS, PRESETS, RuleError
from scorekeeper.sheet import rulewords
from scorekeeper.web import limits
from scorekeeper.web.errors import rule_status
from scorekeeper.web.keys import games as held_games

from .. import service as games
from ..create import create_game
from . import bp
from .forms import COMMON, StartForm


def recent_games() -> list[dict[str, Any]]:
    """The games whose edit keys this browser holds, most recent first."""
    found = []
    for game_id in held_games.ids():
        try:
            game = games.get_game(game_id)
        except games.NotFound:
            continue
        state = games.state_of(game)
        teams = [state.table.team_label(team) for team in range(len(state.scores))]
        found.append({
            "id": game.id, "teams": teams, "scores": list(state.scores), "status": state.status,
            "updated": game.updated_at,
        })
    return found


def _page(form: StartForm, status: int = 200):
    """The start page with this form (blank, or with its errors)."""
    rules = form.game_rules()
    more = [name for name in PRESETS if name not in COMMON]
    page = render_template(
        "games/index.html", form=form, descriptions=DESCRIPTIONS, words=rulewords.words_json(), recent=recent_games(),
        common=COMMON, more=more, catalogue=CATALOGUE, rules=rules, summary=rulewords.summary(rules),
    )
    return page, status


@bp.get("/")
def index():
    """The start page."""
    return _page(StartForm())


@bp.post("/")
@limits.games
def create():
    """Create a game from the start form (the no-JavaScript path) and open its sheet."""
    form, status = StartForm(), 422
    if form.validate_on_submit():
        try:
            result, edit_key = create_game(form.body())
        except RuleError as error:
            form.show_error(error)
            status = rule_status(error)
        else:
            held_games.remember(result.game.id, edit_key)
            return redirect(url_for("pages.game", game_id=result.game.id), 303)
    return _page(form, status)
