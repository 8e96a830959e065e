"""Names people type (players, teams, tournaments, places): one check, so every page can show them."""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from .errors import RuleError

NAME_MAX = 40
# Format characters that reorder or hide text (bidi embeddings, overrides, isolates and marks):
# a name holding one can be shown spoofed. The zero-width joiner (U+200D) stays allowed: emoji sequences need it.
DIRECTION_MARKS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
SURROGATE = re.compile("[\ud800-\udfff]")
# What a decoder puts for bytes that were not UTF-8 (a form post of a broken character arrives as this).
REPLACEMENT = "\ufffd"
# Unicode categories refused anywhere in a name, and how the message calls them.
REFUSED = {"Cc": "a control character", "Zl": "a line break", "Zp": "a line break", "Cs": "a broken character"}


def refused_character(text: str) -> str | None:
    """What the first character a name cannot hold is, in words, or None when every character is fine."""
    for char in text:
        if char in DIRECTION_MARKS:
            return "a text-direction mark"
        if char == REPLACEMENT:
            return "a broken character"
        kind = REFUSED.get(unicodedata.category(char))
        if kind is not None:
            return kind
    return None


def clean_name(value: Any, what: str, field: str | None = None, longest: int = NAME_MAX) -> str:
    """A name in NFC, trimmed, 1 to `longest` characters long, with nothing that cannot be shown; else a RuleError."""
    if not isinstance(value, str):
        raise RuleError(f"{what} must be 1 to {longest} characters.", field)
    name = unicodedata.normalize("NFC", value).strip()
    kind = refused_character(name)
    if kind is not None:
        raise RuleError(f"{what} has a character that cannot be shown ({kind}); retype it.", field)
    if not 1 <= len(name) <= longest:
        raise RuleError(f"{what} must be 1 to {longest} characters.", field)
    return name


def shown(text: str) -> str:
    """A stored name as a page can show it: halves of a broken character (stored before this check) become U+FFFD."""
    return SURROGATE.sub(REPLACEMENT, text)
