"""Stored facts of a Pitch night: its settings, its players, and each game's tables and sit-outs."""

from __future__ import annotations

import datetime as dt
from typing import Any

import sqlalchemy as sa
from sqlalchemy.orm import Mapped, Session, mapped_column, relationship

from scorekeeper.extensions import db
from scorekeeper.games.models import Game
from scorekeeper.web.records import Keyed, UTCDateTime, parent, utcnow


class Night(Keyed, db.Model):
    """A night: its name, the game and house rules, how many games (null: open), the movement and the ranking."""

    __tablename__ = "night"

    name: Mapped[str] = mapped_column(sa.String(80))
    variant: Mapped[str] = mapped_column(sa.String(32))
    rules: Mapped[dict[str, Any]] = mapped_column(sa.JSON)
    games: Mapped[int | None] = mapped_column(sa.Integer)
    minutes_per_game: Mapped[int] = mapped_column(sa.Integer)
    movement: Mapped[str] = mapped_column(sa.String(16))
    rank_by: Mapped[str] = mapped_column(sa.String(16))
    seed: Mapped[int] = mapped_column(sa.BigInteger)
    ended_at: Mapped[dt.datetime | None] = mapped_column(UTCDateTime)

    players: Mapped[list[NightPlayer]] = relationship(order_by="NightPlayer.id", cascade="all, delete-orphan")
    rounds: Mapped[list[NightRound]] = relationship(order_by="NightRound.number", cascade="all, delete-orphan")


class OfANight:
    """A row of a night's own (a player, a round): removed with the night, and a change to it is a change of the
    night's."""

    id: Mapped[int] = mapped_column(primary_key=True)
    night_id: Mapped[str] = mapped_column(sa.ForeignKey("night.id", ondelete="CASCADE"), index=True)

    def revision_owner(self, session: Session) -> Night | None:
        """Its night."""
        return parent(session, Night, self.night_id)


class NightPlayer(OfANight, db.Model):
    """A player of the night, registered alone; names are unique in a night."""

    __tablename__ = "night_player"

    name: Mapped[str] = mapped_column(sa.String(40))
    created_at: Mapped[dt.datetime] = mapped_column(UTCDateTime, default=utcnow)


class NightRound(OfANight, db.Model):
    """One game of the night (a round of every table): its number, who sat out, when time was called."""

    __tablename__ = "night_round"
    __table_args__ = (sa.UniqueConstraint("night_id", "number", name="uq_night_round_number"),)

    number: Mapped[int] = mapped_column(sa.Integer)
    out: Mapped[list[int]] = mapped_column(sa.JSON)  # player ids
    called_at: Mapped[dt.datetime | None] = mapped_column(UTCDateTime)
    created_at: Mapped[dt.datetime] = mapped_column(UTCDateTime, default=utcnow)

    tables: Mapped[list[NightTable]] = relationship(order_by="NightTable.number", cascade="all, delete-orphan")


class NightTable(db.Model):
    """A table in one game of the night: its number, its players in seat order, its game, and who signed it."""

    __tablename__ = "night_table"
    __table_args__ = (sa.UniqueConstraint("round_id", "number", name="uq_night_table_number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    round_id: Mapped[int] = mapped_column(sa.ForeignKey("night_round.id", ondelete="CASCADE"), index=True)
    number: Mapped[int] = mapped_column(sa.Integer)
    seats: Mapped[list[int]] = mapped_column(sa.JSON)  # player ids, seat 0 first
    game_id: Mapped[str] = mapped_column(sa.ForeignKey("game.id"), index=True)
    lock_key_hash: Mapped[str] = mapped_column(sa.String(64))  # the game's key once signed: the director's
    signed_by: Mapped[int | None] = mapped_column(sa.ForeignKey("night_player.id"))
    signed_at: Mapped[dt.datetime | None] = mapped_column(UTCDateTime)

    game: Mapped[Game] = relationship()

    def revision_owner(self, session: Session) -> Night | None:
        """Its round's night."""
        night_round = parent(session, NightRound, self.round_id)
        return night_round.revision_owner(session) if night_round is not None else None


