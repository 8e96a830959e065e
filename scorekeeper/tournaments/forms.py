"""The coordinator's forms; the tournament operations re-check every value."""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any

from flask_wtf import FlaskForm
from wtforms import BooleanField, DateField, DecimalField, RadioField, SelectField, StringField
from wtforms.validators import InputRequired, Length, NumberRange, Optional, ValidationError

from scorekeeper.rules import DESCRIPTIONS, PRESETS
from scorekeeper.rules.names import NAME_MAX
from scorekeeper.web.forms import WholeField, name_error, options

# Any preset: a table of two teams of partners, or of players each alone (players_per_table says how many).
TABLE_PRESETS = options((variant, DESCRIPTIONS[variant]) for variant in PRESETS)


def _strip(value: Any) -> Any:
    return value.strip() if isinstance(value, str) else value


class Name:
    """A validator: the box holds a name rules.names accepts, `what` naming it in the message."""

    def __init__(self, what: str, longest: int) -> None:
        self.what, self.longest = what, longest

    def __call__(self, form: FlaskForm, field: StringField) -> None:
        """Refuse what the tournament could not store or show, saying why."""
        problem = name_error(field.data, self.what, self.longest)
        if problem:
            raise ValidationError(problem)


def _name(label: str, what: str, longest: int = NAME_MAX, required: bool = True) -> StringField:
    need = InputRequired() if required else Optional()
    return StringField(label, validators=[need, Name(what, longest)], filters=[_strip])


class MoneyField(DecimalField):
    """Dollars, or dollars and cents, in ASCII digits: 20 or 12.50 (never NaN, an exponent or part of a cent)."""

    def process_formdata(self, valuelist) -> None:
        """The amount, or a message saying how to write one."""
        if not valuelist:
            return
        text = valuelist[0].strip()
        self.data = Decimal(text) if re.fullmatch(r"[0-9]{1,9}(\.[0-9]{1,2})?", text) else None
        if self.data is None:
            raise ValueError("Write the amount in dollars, or dollars and cents, such as 20 or 12.50.")


class TournamentForm(FlaskForm):
    """A new tournament: the seed's settings by default."""

    name = _name("Name", "The tournament's name", 80)
    date = DateField("Date", validators=[Optional()])
    place = _name("Place", "The place", 120, required=False)
    entry_fee = MoneyField("Entry fee per team ($)", default=Decimal(20), places=2,
                             validators=[InputRequired(), NumberRange(0, 100_000)])
    payout_percent = WholeField("Winning team's share of the fees (%)", default=50,
                                  validators=[InputRequired(), NumberRange(0, 100)])
    games_per_team = WholeField("Games per team", default=5, validators=[InputRequired(), NumberRange(1, 20)])
    minutes_per_game = WholeField("Minutes per game", default=30, validators=[InputRequired(), NumberRange(1, 600)])
    variant = SelectField("Rules", choices=TABLE_PRESETS, default="tournament")
    players_per_table = WholeField("Players at each table (optional)", validators=[Optional()])
    # rules.sit_out (docs/rules.md, five at a table): any partnership game for four, a fifth player at each table
    sit_out = BooleanField("Tables of 5 players: the dealer sits out each hand")

    def body(self) -> dict[str, Any]:
        """The body of POST /api/tournaments."""
        return {
            "name": self.name.data, "place": self.place.data or None,
            "date": self.date.data.isoformat() if self.date.data else None,
            "entry_fee_cents": int(self.entry_fee.data * 100), "payout_percent": self.payout_percent.data,
            "games_per_team": self.games_per_team.data, "minutes_per_game": self.minutes_per_game.data,
            "variant": self.variant.data,
            **({} if self.players_per_table.data is None else {"players_per_table": self.players_per_table.data}),
            **({"rules": {"sit_out": "dealer"}} if self.sit_out.data else {}),
        }


class TeamForm(FlaskForm):
    """A team that came together."""

    name = _name("Team name", "The team's name")
    player_one = _name("First player", "Player 1's name")
    player_two = _name("Second player", "Player 2's name")
    player_three = _name("Third player", "Player 3's name", required=False)

    def body(self) -> dict[str, Any]:
        """The body of POST .../teams (a third player only in a tournament of teams of three)."""
        players = [self.player_one.data, self.player_two.data, self.player_three.data]
        return {"name": self.name.data, "players": [player for player in players if player]}


class SingleForm(FlaskForm):
    """A player who came alone."""

    name = _name("Player", "The player's name")


class PairForm(FlaskForm):
    """Two waiting singles (three for a team of three) made a team by hand."""

    first = SelectField("First player", coerce=int)
    second = SelectField("Second player", coerce=int)
    third = SelectField("Third player", coerce=int, validate_choice=False)
    name = _name("Team name (optional)", "The team's name", required=False)

    def body(self, size: int = 2) -> dict[str, Any]:
        """The body of POST .../singles/pair."""
        chosen = [self.first.data, self.second.data, self.third.data][:size]
        return {"singles": chosen, "name": self.name.data or None}


class TieBreakForm(FlaskForm):
    """Who won the one hand dealt between the teams tied for first."""

    winner = RadioField("Winner of the tie-break hand", coerce=int, validators=[InputRequired()])


class KeyForm(FlaskForm):
    """The coordinator's edit key, to run the tournament from another device."""

    key = StringField("Coordinator key", validators=[InputRequired(), Length(max=64)], filters=[_strip])


class ActionForm(FlaskForm):
    """A button that changes the tournament (pair at random, draw a round, start a round): the CSRF token only."""
