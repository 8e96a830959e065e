"""Stored facts: a game's set-up and the hands as the table called them."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.orm import Mapped, Session, mapped_column, relationship

from scorekeeper.extensions import db
from scorekeeper.rules import MOON, PRESETS, Hand, Table, TimeCall, rules_from_dict
from scorekeeper.rules.names import shown
from scorekeeper.web.records import Keyed, UTCDateTime, parent, utcnow


class Game(Keyed, db.Model):
    """A game: variant, seats, team names and the rules it was created with."""

    __tablename__ = "game"
    # A group's games by group, with their revisions: the tag of a group's views (groups/views.py) sums them
    # from the index alone.
    __table_args__ = (sa.Index("ix_game_group_id_revision", "group_id", "revision"),)

    variant: Mapped[str] = mapped_column(sa.String(32))
    players: Mapped[list[str]] = mapped_column(sa.JSON)
    team_names: Mapped[list[str] | None] = mapped_column(sa.JSON)
    rules: Mapped[dict[str, Any]] = mapped_column(sa.JSON)
    time_called_after: Mapped[int | None] = mapped_column(sa.Integer)
    time_finish_hand: Mapped[bool] = mapped_column(sa.Boolean, default=False)
    time_called_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    clock_started_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    group_id: Mapped[str | None] = mapped_column(sa.ForeignKey("groups.id", ondelete="SET NULL"))
    people: Mapped[list[str] | None] = mapped_column(sa.JSON)  # per seat, the group's person ids
    finished_at: Mapped[datetime | None] = mapped_column(UTCDateTime)  # the write that finished the game

    hands: Mapped[list[HandRecord]] = relationship(
        back_populates="game", order_by="HandRecord.number", cascade="all, delete-orphan",
    )

    def table(self) -> Table:
        """The engine's view of this game's set-up."""
        call = None
        if self.time_called_after is not None:
            call = TimeCall(self.time_called_after, bool(self.time_finish_hand))
        names = tuple(map(shown, self.team_names)) if self.team_names else None
        players = tuple(map(shown, self.players))
        rules = rules_from_dict(self.rules, PRESETS.get(self.variant))
        return Table(rules=rules, players=players, team_names=names, time_call=call)


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
    points: Mapped[list[int] | None] = mapped_column(sa.JSON)  # each team's points, when given instead of captured
    all_tricks: Mapped[int | None] = mapped_column(sa.Integer)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow, onupdate=utcnow)

    game: Mapped[Game] = relationship(back_populates="hands")

    def to_hand(self) -> Hand:
        """The engine's view of this hand."""
        return hand_from(*(getattr(self, column.key) for column in HAND_COLUMNS))

    def set_hand(self, hand: Hand) -> None:
        """Store what the table said in this hand."""
        self.misdeal = hand.misdeal
        self.bidder = hand.bidder
        self.moon = hand.is_moon
        self.bid = None if hand.is_moon or hand.misdeal else hand.bid
        self.trump = hand.trump
        self.captured = None if hand.misdeal or hand.points is not None else dict(hand.captured)
        self.points = None if hand.points is None else list(hand.points)
        self.all_tricks = hand.all_tricks

    def revision_owner(self, session: Session) -> Game | None:
        """A hand's game."""
        return self.game if self.game is not None else parent(session, Game, self.game_id)


# What the table said in a hand, in the order hand_from takes it: a replay reads these columns alone.
HAND_COLUMNS = (HandRecord.misdeal, HandRecord.bidder, HandRecord.moon, HandRecord.bid, HandRecord.captured,
                HandRecord.trump, HandRecord.all_tricks, HandRecord.points)


def hand_from(misdeal, bidder, moon, bid, captured, trump, all_tricks, points) -> Hand:
    """The engine's view of a stored hand, from its HAND_COLUMNS."""
    if misdeal:
        return Hand(misdeal=True)
    return Hand(
        bidder=bidder, bid=MOON if moon else bid, captured=dict(captured or {}), trump=trump, all_tricks=all_tricks,
        points=None if points is None else tuple(points),
    )
