"""The director's forms; the night's operations re-check every value."""

from __future__ import annotations

from typing import Any

from flask_wtf import FlaskForm
from wtforms import RadioField, SelectField, StringField, TextAreaField
from wtforms.validators import InputRequired, Length, NumberRange, Optional

from scorekeeper.rules import DESCRIPTIONS
from scorekeeper.tournaments.forms import Name
from scorekeeper.web.forms import WholeField, options

from .movement import MOVEMENTS
from .scores import RANK_BY
from .service import MAX_GAMES, night_variants

MOVEMENT_WORDS = {"winners_up": "Winners move up, losers stay", "rotation": "Everyone meets new partners"}
RANK_WORDS = {"total": "Highest total", "average": "Highest average per game"}


class NightForm(FlaskForm):
    """A new night: ten-point tournament rules, winners up, ranked by total."""

    name = StringField("Name", validators=[InputRequired(), Name("The night's name", 80)],
                       filters=[lambda value: value.strip() if isinstance(value, str) else value])
    variant = SelectField("Rules", default="tournament")
    games = WholeField("Games (leave empty for an open night)", validators=[Optional(), NumberRange(1, MAX_GAMES)])
    movement = RadioField("Movement", choices=options(MOVEMENT_WORDS.items()), default=MOVEMENTS[0])
    rank_by = RadioField("Ranking", choices=options(RANK_WORDS.items()), default=RANK_BY[0])

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.variant.choices = options((variant, DESCRIPTIONS[variant]) for variant in night_variants())

    def body(self) -> dict[str, Any]:
        """The body of POST /api/nights."""
        return {"name": self.name.data, "variant": self.variant.data, "games": self.games.data,
                "movement": self.movement.data, "rank_by": self.rank_by.data}


class PlayersForm(FlaskForm):
    """Names typed one by one or pasted, a name a line."""

    text = TextAreaField("Players (a name a line, or commas)", validators=[InputRequired(), Length(max=20_000)])
