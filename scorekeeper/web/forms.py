"""What every feature's forms share: choices, whole numbers written in ASCII digits, names checked as the engine
checks them, the five-at-a-table box's label, and the answers to a form that sends a key, makes a keyed record or
uploads a file."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from flask import Response, make_response, redirect, render_template, request
from flask_wtf import FlaskForm
from wtforms import IntegerField, SelectChoice

from scorekeeper.rules import RuleError
from scorekeeper.rules.names import NAME_MAX, clean_name

from . import limits
from .errors import rule_status, too_many
from .http import private
from .keys import Held, key_matches


def options(pairs) -> list[SelectChoice]:
    """Choices for a radio or select field from (value, label) pairs."""
    return [SelectChoice(str(value), label) for value, label in pairs]


def whole(text: Any, digits: int = 9) -> int | None:
    """A form value of 1 to `digits` ASCII digits as an int, or None (never str.isdigit, which takes "²")."""
    if isinstance(text, str) and re.fullmatch(f"[0-9]{{1,{digits}}}", text):
        return int(text)
    return None


class WholeField(IntegerField):
    """A whole number written in ASCII digits (int() would also take "٣", "1_0" and spaces)."""

    def process_formdata(self, valuelist) -> None:
        """The number, or a message saying how to write one."""
        if not valuelist:
            return
        self.data = whole(valuelist[0].strip())
        if self.data is None:
            raise ValueError("Write a whole number with the digits 0 to 9, such as 30.")


def name_error(name: str, what: str, longest: int = NAME_MAX) -> str | None:
    """Why `name` cannot be stored (rules.names says it in words), or None when it can."""
    try:
        clean_name(name, what, longest=longest)
    except RuleError as error:
        return error.message
    return None


SIT_OUT_LABEL = "5 players: the dealer sits out"  # rules.md, five at a table: the start pages' box


def unlocked(record: Any, form: FlaskForm, held: Held, opened: str, refused: str,
             again: Callable[..., str]) -> Response:
    """The answer to a form that sends a record's key (its `key` field): the key kept in this browser's session and
    a redirect to `opened`; 429 after too many wrong keys; else the form's page again (`again(form=form)`), with
    `refused` among the form's errors, 403."""
    if form.validate_on_submit() and key_matches(record, form.key.data):
        held.remember(record.id, form.key.data)
        return redirect(opened, 303)
    if form.key.data and (wait := limits.wrong_key_wait()) is not None:
        return too_many(limits.WRONG_KEYS, wait)
    form.key.errors = [*form.key.errors, refused]
    return private(make_response(again(form=form), 403))


def made_from(form: FlaskForm, make: Callable[[dict[str, Any]], tuple[Any, str]], held: Held,
              opened: Callable[[Any], str], template: str) -> Response | tuple[str, int]:
    """The answer to a form that makes a record with a key (a group, a tournament, a night): made by `make` from
    the form's body, its key kept in this browser's session, and a redirect to `opened(record)`; else the form
    (`template`) again, with the engine's refusal, 422 after a post."""
    error, status = None, 422 if request.method == "POST" else 200
    if form.validate_on_submit():
        try:
            record, edit_key = make(form.body())
        except RuleError as problem:
            error, status = problem.message, rule_status(problem)
        else:
            held.remember(record.id, edit_key)
            return redirect(opened(record), 303)
    return render_template(template, form=form, error=error), status


def imported(form: FlaskForm, make: Callable[[bytes], str], template: str) -> Response | tuple[str, int]:
    """The answer to a form that uploads a file (its `file` field) to make a record (a game, a group): `make` makes
    it from the file's bytes and says where it opens, and a redirect there; else the form (`template`) again, with
    what stopped it ("Nothing was imported. …" and the engine's status, or the form's own errors, 422)."""
    error, status = None, 200
    if form.validate_on_submit():
        try:
            opened = make(form.file.data.read())
        except RuleError as problem:
            error, status = f"Nothing was imported. {problem.message}", rule_status(problem)
        else:
            return redirect(opened, 303)
    elif form.errors:
        error, status = " ".join(message for messages in form.errors.values() for message in messages), 422
    return render_template(template, form=form, error=error), status
