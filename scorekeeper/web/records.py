"""What every stored record shares: moments in UTC; the id, key hashes and revision of a record written with its
key; and a record found by its id (locked for a write, its key checked), or NotFound."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime
from typing import TypeVar

import sqlalchemy as sa
from sqlalchemy.orm import Mapped, Session, mapped_column

from scorekeeper.extensions import db

from .database import writing
from .keys import check_key, is_token, key_hash, new_token

K = TypeVar("K", bound="Keyed")
M = TypeVar("M")


class NotFound(Exception):
    """No such record: a game, a hand, a group, a person, a season, a tournament or a night."""


def utcnow() -> datetime:
    """Now, in UTC."""
    return datetime.now(UTC)


class UTCDateTime(sa.TypeDecorator):
    """A moment in time, stored and read back in UTC with its offset (SQLite keeps no offset)."""

    impl = sa.DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect) -> datetime | None:
        """Store in UTC."""
        return value.astimezone(UTC) if value is not None and value.tzinfo else value

    def process_result_value(self, value: datetime | None, dialect) -> datetime | None:
        """Read as UTC: a naive value (SQLite) is UTC already."""
        if value is None:
            return None
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


class Keyed:
    """What every record read by its id and written with its key has: the id, the key's hash, the hashes of
    the keys it replaced, when it was made and changed, and a revision raised in the same transaction as
    every write to it ("has anything changed?" is one primary-key read)."""

    id: Mapped[str] = mapped_column(sa.String(64), primary_key=True)
    edit_key_hash: Mapped[str] = mapped_column(sa.String(64))
    former_key_hashes: Mapped[list[str] | None] = mapped_column(sa.JSON)  # of keys replaced, newest first
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow, onupdate=utcnow)
    revision: Mapped[int] = mapped_column(sa.Integer, default=0, server_default="0")

    def revision_owner(self, session: Session) -> Keyed | None:
        """The record whose revision a write to this one raises (web/revisions.py): itself. A child record (a hand,
        a person, a tournament's team) defines its own, naming its parent through `parent`."""
        return self


def given_key(record: Keyed) -> str:
    """A new record's id and the hash of a new edit key, set on it; returns the key (only its hash is kept)."""
    edit_key = new_token()
    record.id, record.edit_key_hash = new_token(), key_hash(edit_key)
    return edit_key


def added_with_key(record: K) -> tuple[K, str]:
    """A new keyed record (a group, a tournament, a night) stored with its id and a new key: it and the key."""
    edit_key = given_key(record)
    with writing():
        db.session.add(record)
    return record, edit_key


def parent(session: Session, model: type[Keyed], key: str | int | None) -> Keyed | None:
    """A parent record from the session's identity map (loaded, and locked, by the write), for revision_owner."""
    return session.get(model, key) if key is not None else None


def member(items: Iterable[M], item_id: str | None, missing: str) -> M:
    """The one of a record's rows (a group's people, its seasons) whose id is `item_id`, or NotFound saying
    `missing`."""
    item = next((item for item in items if item.id == item_id), None)
    if item is None:
        raise NotFound(missing)
    return item


def found(model: type[K], record_id: str, missing: str) -> K:
    """The record of `model` called `record_id`, or NotFound saying `missing` (an id that is no token is not looked
    up)."""
    record = db.session.get(model, record_id) if is_token(record_id) else None
    if record is None:
        raise NotFound(missing)
    return record


def found_for_update(model: type[K], record_id: str, missing: str) -> K:
    """The record of `model` called `record_id`, its row locked until commit (PostgreSQL), or NotFound."""
    record = None
    if is_token(record_id):
        record = db.session.scalar(sa.select(model).where(model.id == record_id).with_for_update())
    if record is None:
        raise NotFound(missing)
    return record


def locked(model: type[K], record_id: str, edit_key: str | None, missing: str, realm: str) -> K:
    """The record of `model` called `record_id`, locked for a write, once `edit_key` opens it (keys.check_key)."""
    record = found_for_update(model, record_id, missing)
    check_key(record, edit_key, realm=realm)
    return record
