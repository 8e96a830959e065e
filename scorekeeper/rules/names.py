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
# Unicode's Default_Ignorable_Code_Point: characters that show as nothing (engine.js reads the same property as
# \p{Default_Ignorable_Code_Point}; tests/engine/test_invisible_names.py checks the two lists agree on every code
# point).
# "Ann" and "Ann" with a zero-width space would be two players who look the same, so a name holds one only where
# a script or an emoji needs it (`_invisible_allowed`).
IGNORABLE = re.compile(
    "[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u206f"
    "\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufff8\U0001bca0-\U0001bca3\U0001d173-\U0001d17a"
    "\U000e0000-\U000e0fff]"
)
JOINERS = "\u200c\u200d"  # zero-width non-joiner and joiner: Persian and Indic spelling, emoji sequences
VARIATION = re.compile("[\ufe00-\ufe0f\U000e0100-\U000e01ef]")  # emoji or text style of the character before
BLACK_FLAG, TAG_END = "\U0001f3f4", "\U000e007f"  # a subdivision flag: U+1F3F4, tag letters, cancel tag
TAG = re.compile("[\U000e0020-\U000e007e]")


def _visible(char: str) -> bool:
    return IGNORABLE.match(char) is None


def _invisible_allowed(text: str, at: int) -> bool:
    """Whether the ignorable character at `at` is part of a sequence that shows: a joiner between two characters
    beyond ASCII (or after a variation selector), a variation selector after a character that is not an ASCII
    letter or space, a tag inside a subdivision flag."""
    char = text[at]
    before, after = text[max(at - 1, 0):at], text[at + 1:at + 2]  # "" at either end
    if char in JOINERS:
        joins_before = bool(before) and ((not before.isascii() and _visible(before)) or bool(VARIATION.match(before)))
        return joins_before and bool(after) and not after.isascii() and _visible(after)
    if VARIATION.match(char):
        return bool(before) and _visible(before) and not (before.isascii() and (before.isalpha() or before.isspace()))
    if TAG.match(char) or char == TAG_END:
        start = at
        while start and TAG.match(text[start - 1]):
            start -= 1
        end = text.find(TAG_END, at)
        return start > 0 and text[start - 1] == BLACK_FLAG and end > start and all(
            TAG.match(tag) for tag in text[at:end])
    return False


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
    for match in IGNORABLE.finditer(text):
        if match.group() not in DIRECTION_MARKS and not _invisible_allowed(text, match.start()):
            return "a character that shows as nothing"
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
