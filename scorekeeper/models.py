"""Stored facts: a game's set-up and the hands as the table called them."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.orm import Mapped, mapped_column, relationship

from .extensions import db
from .rules import MOON, Hand, Table, TimeCall, rules_from_dict


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


class Game(db.Model):
    """A game: variant, seats, team names and the rules it was created with."""

    __tablename__ = "game"

    id: Mapped[str] = mapped_column(sa.String(64), primary_key=True)
    edit_key_hash: Mapped[str] = mapped_column(sa.String(64))
    variant: Mapped[str] = mapped_column(sa.String(32))
    players: Mapped[list[str]] = mapped_column(sa.JSON)
    team_names: Mapped[list[str] | None] = mapped_column(sa.JSON)
    rules: Mapped[dict[str, Any]] = mapped_column(sa.JSON)
    time_called_after: Mapped[int | None] = mapped_column(sa.Integer)
    time_finish_hand: Mapped[bool] = mapped_column(sa.Boolean, default=False)
    time_called_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    clock_started_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow, onupdate=utcnow)

    hands: Mapped[list[HandRecord]] = relationship(
        back_populates="game", order_by="HandRecord.number", cascade="all, delete-orphan",
    )

    def table(self) -> Table:
        """The engine's view of this game's set-up."""
        call = None
        if self.time_called_after is not None:
            call = TimeCall(self.time_called_after, bool(self.time_finish_hand))
        names = tuple(self.team_names) if self.team_names else None
        return Table(rules=rules_from_dict(self.rules), players=tuple(self.players), team_names=names, time_call=call)


class HandRecord(db.Model):
    """One hand, stored as the table called it; scores are always derived."""

    __tablename__ = "hand"
    __table_args__ = (
        sa.UniqueConstraint("game_id", "number", name="uq_hand_game_number"),
        sa.UniqueConstraint("game_id", "client_id", name="uq_hand_game_client_id"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[str] = mapped_column(sa.ForeignKey("game.id", ondelete="CASCADE"), index=True)
    number: Mapped[int] = mapped_column(sa.Integer)
    client_id: Mapped[str] = mapped_column(sa.String(64))
    misdeal: Mapped[bool] = mapped_column(sa.Boolean, default=False)
    bidder: Mapped[int | None] = mapped_column(sa.Integer)
    bid: Mapped[int | None] = mapped_column(sa.Integer)
    moon: Mapped[bool] = mapped_column(sa.Boolean, default=False)
    trump: Mapped[str | None] = mapped_column(sa.String(8))
    captured: Mapped[dict[str, int | None] | None] = mapped_column(sa.JSON)
    all_tricks: Mapped[int | None] = mapped_column(sa.Integer)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow, onupdate=utcnow)

    game: Mapped[Game] = relationship(back_populates="hands")

    def to_hand(self) -> Hand:
        """The engine's view of this hand."""
        if self.misdeal:
            return Hand(misdeal=True)
        return Hand(
            bidder=self.bidder, bid=MOON if self.moon else self.bid, captured=dict(self.captured or {}),
            trump=self.trump, all_tricks=self.all_tricks,
        )

    def set_hand(self, hand: Hand) -> None:
        """Store what the table said in this hand."""
        self.misdeal = hand.misdeal
        self.bidder = hand.bidder
        self.moon = hand.is_moon
        self.bid = None if hand.is_moon or hand.misdeal else hand.bid
        self.trump = hand.trump
        self.captured = None if hand.misdeal else dict(hand.captured)
        self.all_tricks = hand.all_tricks
