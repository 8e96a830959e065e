"""The form that creates a group; the group operations re-check every value."""

from __future__ import annotations

from typing import Any

from flask_wtf import FlaskForm
from flask_wtf.file import FileField, FileRequired
from wtforms import BooleanField, FieldList, SelectField, StringField
from wtforms.validators import InputRequired, NumberRange, ValidationError

from scorekeeper.web.forms import SIT_OUT_LABEL, WholeField, name_error


def _checked_name(form: FlaskForm, field: StringField) -> None:
    """Refuse a name the group could not store or show, saying why."""
    problem = name_error(field.data, "The group's name")
    if problem:
        raise ValidationError(problem)


class GroupForm(FlaskForm):
    """A new group: its name and the games a person needs to be on the leaderboard."""

    name = StringField("Name of the group", validators=[InputRequired(), _checked_name],
                       filters=[lambda value: value.strip() if isinstance(value, str) else value])
    min_games = WholeField("Games to be on the leaderboard", default=3,
                           validators=[InputRequired(), NumberRange(0, 1000)])

    def body(self) -> dict[str, Any]:
        """The body of POST /api/groups."""
        return {"name": self.name.data, "min_games": self.min_games.data}


SEATS = 7  # the most players a preset seats (cutthroat, 2 to 7)


class StartInGroupForm(FlaskForm):
    """A game started in the group: the variant and the people in seat order (the roster offered, any name typed)."""

    variant = SelectField("Game")
    seats = FieldList(StringField("Seat", filters=[lambda value: value.strip() if isinstance(value, str) else value]),
                      min_entries=SEATS, max_entries=SEATS)
    sit_out = BooleanField(SIT_OUT_LABEL)

    def body(self) -> dict[str, Any]:
        """The body of POST /api/groups/<id>/games: the seats filled, in order (five: the dealer sitting out)."""
        body = {"variant": self.variant.data, "players": [seat.data for seat in self.seats if seat.data]}
        if self.sit_out.data:
            body["rules"] = {"sit_out": "dealer"}
        return body


class GroupImportForm(FlaskForm):
    """Upload a group file saved from the group page's Download group file link."""

    file = FileField("Group file (.json)", validators=[FileRequired("Choose the group file to import.")])
