"""Form fields every feature's pages share: choices, whole numbers written in ASCII digits, names checked as the
engine checks them, and the five-at-a-table box's label."""

from __future__ import annotations

import re
from typing import Any

from wtforms import IntegerField, SelectChoice

from scorekeeper.rules import RuleError
from scorekeeper.rules.names import NAME_MAX, clean_name


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


