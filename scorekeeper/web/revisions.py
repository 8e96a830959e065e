"""Revisions: every write to a game, a tournament, a group or a night raises its revision in the same transaction.

One listener on every session's flush finds what is written and raises the revision of its owner, once per
transaction, so "has anything changed?" is one primary-key read. Each model says what it belongs to
(`revision_owner`, web/records.py): a record with a revision owns itself, a hand names its game, a person its
group, a tournament's team, single or table its tournament, a night's player, round or table its night.
"""

from __future__ import annotations

from itertools import chain

from sqlalchemy import event
from sqlalchemy.orm import Session

from .records import Keyed

RAISED = "revisions_raised"  # session.info: owners already raised in the open transaction


def touch(owner: Keyed) -> int:
    """Raise the revision of a locked game or tournament for this transaction (once); returns it."""
    session = Session.object_session(owner)
    raised = session.info.setdefault(RAISED, set()) if session is not None else set()
    key = (type(owner).__name__, owner.id)
    if key not in raised:
        raised.add(key)
        owner.revision = 1 if owner.revision is None else owner.revision + 1
    return owner.revision


def raised(session: Session, owner: Keyed) -> int:
    """The revision of a locked owner that a statement of the caller's own raises (not the ORM's flush, whose
    listener below raises it): counted as raised in this transaction, once; returns it. The caller writes it."""
    raised_now = session.info.setdefault(RAISED, set())
    key = (type(owner).__name__, owner.id)
    if key in raised_now:
        return owner.revision
    raised_now.add(key)
    return 1 if owner.revision is None else owner.revision + 1


def raised_here(session: Session, owner: Keyed) -> bool:
    """Whether `owner` was written in the session's open transaction (so its revision is not committed yet)."""
    return (type(owner).__name__, owner.id) in session.info.get(RAISED, ())


def _owner(session: Session, item) -> Keyed | None:
    """The record whose revision a written row raises: its own revision_owner (a record with a revision owns
    itself; a hand names its game, a person its group, ...), or none."""
    owner_of = getattr(item, "revision_owner", None)
    return owner_of(session) if owner_of is not None else None


@event.listens_for(Session, "before_flush")
def _raise_revisions(session: Session, _context, _instances) -> None:
    """Raise the revision of every game and tournament this flush writes to."""
    written = chain(
        session.new, (item for item in session.dirty if session.is_modified(item)), session.deleted,
    )
    owners = {id(owner): owner for owner in map(lambda item: _owner(session, item), list(written)) if owner}
    for owner in owners.values():
        touch(owner)


@event.listens_for(Session, "after_transaction_end")
def _forget(session: Session, transaction) -> None:
    """A new transaction raises each revision again."""
    if transaction.parent is None:
        session.info.pop(RAISED, None)
