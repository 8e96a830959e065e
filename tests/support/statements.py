"""The SQL statements a request runs, counted, and the hands the ETag tests log."""

from __future__ import annotations

import re
from contextlib import contextmanager

from sqlalchemy import event

from scorekeeper.extensions import db

MISDEAL = {"misdeal": True}


@contextmanager
def statements(app):
    """The SQL statements run meanwhile (transaction control left out)."""
    seen: list[str] = []

    def record(_conn, _cursor, statement, _params, _context, _many):
        if statement.lstrip().split(None, 1)[0].upper() in ("SELECT", "INSERT", "UPDATE", "DELETE", "WITH"):
            seen.append(statement)

    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", record)
    try:
        yield seen
    finally:
        event.remove(engine, "before_cursor_execute", record)


def tables_read(statement: str) -> set[str]:
    """The tables a statement names after FROM or JOIN."""
    return set(re.findall(r"(?:FROM|JOIN)\s+\"?(\w+)\"?", statement, re.I))


BO_MAKES_6 = {"bidder": 1, "bid": 6, "captured": {
    "ace": 1, "jack": 1, "off_jack": 0, "high_joker": 0, "low_joker": 0, "ten": 1, "three": 1, "two": 0}}
