"""The coordinator's forms; the tournament operations re-check every value."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from flask_wtf import FlaskForm
from wtforms import DateField, DecimalField, IntegerField, RadioField, SelectField, StringField
from wtforms.validators import InputRequired, Length, NumberRange, Optional

from ..pages.forms import options
from ..rules import DESCRIPTIONS, PRESETS
from ..rules.table import NAME_MAX

FOUR_PLAYER = options((variant, DESCRIPTIONS[variant]) for variant, rules in PRESETS.items() if rules.players == 4)


def _strip(value: Any) -> Any:
    return value.strip() if isinstance(value, str) else value


def _name(label: str, longest: int = NAME_MAX, required: bool = True) -> StringField:
    need = InputRequired() if required else Optional()
    return StringField(label, validators=[need, Length(max=longest)], filters=[_strip])


class TournamentForm(FlaskForm):
    """A new tournament: the seed's settings by default."""

    name = _name("Name", 80)
    date = DateField("Date", validators=[Optional()])
    place = _name("Place", 120, required=False)
    entry_fee = DecimalField("Entry fee per team ($)", default=Decimal(20), places=2,
                             validators=[InputRequired(), NumberRange(0, 100_000)])
    payout_percent = IntegerField("Winning team's share of the fees (%)", default=50,
                                  validators=[InputRequired(), NumberRange(0, 100)])
    games_per_team = IntegerField("Games per team", default=5, validators=[InputRequired(), NumberRange(1, 20)])
    minutes_per_game = IntegerField("Minutes per game", default=30, validators=[InputRequired(), NumberRange(1, 600)])
    variant = SelectField("Rules", choices=FOUR_PLAYER, default="tournament")

    def body(self) -> dict[str, Any]:
        """The body of POST /api/tournaments."""
        return {
            "name": self.name.data, "place": self.place.data or None,
            "date": self.date.data.isoformat() if self.date.data else None,
            "entry_fee_cents": int(self.entry_fee.data * 100), "payout_percent": self.payout_percent.data,
            "games_per_team": self.games_per_team.data, "minutes_per_game": self.minutes_per_game.data,
            "variant": self.variant.data,
        }


class TeamForm(FlaskForm):
    """A team that came together."""

    name = _name("Team name")
    player_one = _name("First player")
    player_two = _name("Second player")

    def body(self) -> dict[str, Any]:
        """The body of POST .../teams."""
        return {"name": self.name.data, "players": [self.player_one.data, self.player_two.data]}


class SingleForm(FlaskForm):
    """A player who came alone."""

    name = _name("Player")


class PairForm(FlaskForm):
    """Two waiting singles made a team by hand."""

    first = SelectField("First player", coerce=int)
    second = SelectField("Second player", coerce=int)
    name = _name("Team name (optional)", required=False)

    def body(self) -> dict[str, Any]:
        """The body of POST .../singles/pair."""
        return {"singles": [self.first.data, self.second.data], "name": self.name.data or None}


class TieBreakForm(FlaskForm):
    """Who won the one hand dealt between the teams tied for first."""

    winner = RadioField("Winner of the tie-break hand", coerce=int, validators=[InputRequired()])


class KeyForm(FlaskForm):
    """The coordinator's edit key, to run the tournament from another device."""

    key = _name("Coordinator key", 64)


class ActionForm(FlaskForm):
    """A button that changes the tournament (pair at random, draw a round, start a round): the CSRF token only."""
