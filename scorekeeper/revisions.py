"""Revisions: every write to a game, a tournament, a group or a night raises its revision in the same transaction.

One listener on every session's flush finds what is written (a game's columns or
hands, a tournament's columns, teams, singles or tables) and raises the owner's
revision once per transaction, so "has anything changed?" is one primary-key read.
"""

from __future__ import annotations

from itertools import chain

from sqlalchemy import event
from sqlalchemy.orm import Session

from .groups.models import Group, Person
from .models import Game, HandRecord
from .nights.models import Night, NightPlayer, NightRound, NightTable
from .tournaments.models import Pairing, Tournament, TournamentSingle, TournamentTeam

RAISED = "revisions_raised"  # session.info: owners already raised in the open transaction


def touch(owner: Game | Tournament | Group | Night) -> int:
    """Raise the revision of a locked game or tournament for this transaction (once); returns it."""
    session = Session.object_session(owner)
    raised = session.info.setdefault(RAISED, set()) if session is not None else set()
    key = (type(owner).__name__, owner.id)
    if key not in raised:
        raised.add(key)
        owner.revision = 1 if owner.revision is None else owner.revision + 1
    return owner.revision


def raised(session: Session, owner: Game | Tournament | Group | Night) -> int:
    """The revision of a locked owner that a statement of the caller's own raises (not the ORM's flush, whose
    listener below raises it): counted as raised in this transaction, once; returns it. The caller writes it."""
    raised_now = session.info.setdefault(RAISED, set())
    key = (type(owner).__name__, owner.id)
    if key in raised_now:
        return owner.revision
    raised_now.add(key)
    return 1 if owner.revision is None else owner.revision + 1


def raised_here(session: Session, owner: Game | Tournament | Group) -> bool:
    """Whether `owner` was written in the session's open transaction (so its revision is not committed yet)."""
    return (type(owner).__name__, owner.id) in session.info.get(RAISED, ())


def _owner(session: Session, item) -> Game | Tournament | Group | None:
    """The game or tournament a written row belongs to."""
    if isinstance(item, Game | Tournament | Group | Night):
        return item
    if isinstance(item, NightPlayer | NightRound):
        return _get(session, Night, item.night_id)
    if isinstance(item, NightTable):
        night_round = _get(session, NightRound, item.round_id)
        return _get(session, Night, night_round.night_id) if night_round is not None else None
    if isinstance(item, Person):
        return _get(session, Group, item.group_id)
    if isinstance(item, HandRecord):
        return item.game if item.game is not None else _get(session, Game, item.game_id)
    if isinstance(item, TournamentTeam | TournamentSingle | Pairing):
        return _get(session, Tournament, item.tournament_id)
    return None


def _get(session: Session, model, key):
    """A parent row from the session's identity map (loaded, and locked, by the write)."""
    return session.get(model, key) if key is not None else None


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
