"""JSON as it arrives, in a body or an uploaded file: parsed once, and every text in it (object keys included)
checked once, before any of it reaches a hash, a message, the database or a page.

JSON can spell half of a surrogate pair on its own (`"\\ud800"`): Python keeps it as a string that cannot be
encoded as UTF-8, so hashing it, storing it or repeating it in a refusal would fail. Such a body is refused here,
whole, with the place of the text in it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scorekeeper.rules.errors import RuleError
from scorekeeper.rules.names import SURROGATE


@dataclass(frozen=True)
class Budget:
    """The most values (and, of them, objects and lists) a JSON text may hold, counted in its bytes before it is
    parsed: `[{},{},...]` builds some 60 bytes of objects from each 3 bytes of text, so a large body is refused
    before it costs memory. Both counts may be high by the brackets and commas inside its strings."""

    values: int
    containers: int
    refusal: str

    def refuses(self, data: bytes) -> bool:
        containers = data.count(b"{") + data.count(b"[")
        return containers > self.containers or containers + data.count(b",") + 1 > self.values


class NotJson(Exception):
    """The bytes are not JSON text (in UTF-8, UTF-16 or UTF-32, with or without a BOM)."""


def loads(data: bytes, budget: Budget | None = None) -> Any:
    """Parsed JSON, every text of it checked (`checked`); a RuleError (`budget.refusal`) for a text with more values
    than `budget` allows, before it is parsed; NotJson for bytes that are not JSON, nested thousands deep
    included."""
    if budget is not None and budget.refuses(data):
        raise RuleError(budget.refusal)
    try:
        value = json.loads(data)
    except (ValueError, RecursionError):
        raise NotJson from None
    return checked(value)


def broken_text_at(value: Any) -> str | None:
    """Where the first text holding half of a surrogate pair is (`players[1]`, `rules` key), or None."""
    stack: list[tuple[Any, str]] = [(value, "")]
    while stack:
        item, where = stack.pop()
        if isinstance(item, str):
            if SURROGATE.search(item):
                return where or "the body"
        elif isinstance(item, dict):
            for key, inner in item.items():
                if SURROGATE.search(key):
                    return f"a name of a field{' in ' + where if where else ''}"
                stack.append((inner, f"{where}.{key}" if where else key))
        elif isinstance(item, list):
            stack.extend((inner, f"{where}[{index}]") for index, inner in enumerate(item))
    return None


def checked(value: Any) -> Any:
    """`value` (parsed JSON), or a RuleError naming the first text that holds a broken character."""
    where = broken_text_at(value)
    if where is not None:
        field = where.split(".", 1)[0].split("[", 1)[0] if not where.startswith(("a name", "the body")) else None
        raise RuleError(f"The text of {where} has a character that cannot be shown (a broken character); retype it.",
                        field)
    return value


def json_object(body: Any, what: str = "", empty: bool = False) -> Mapping[str, Any]:
    """`body` if it is a JSON object, else a RuleError saying so (`what` says what it describes); with `empty`, no
    body at all reads as {}."""
    if body is None and empty:
        return {}
    if not isinstance(body, Mapping):
        raise RuleError(f"The body must be a JSON object{what or (' (or empty)' if empty else '')}.")
    return body
