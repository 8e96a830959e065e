"""Stored facts of a tournament: its settings, the teams, the singles, the pairings."""

from __future__ import annotations

import datetime as dt
from typing import Any

import sqlalchemy as sa
from sqlalchemy.orm import Mapped, mapped_column, relationship

from ..extensions import db
from ..models import Game, UTCDateTime, utcnow


class Tournament(db.Model):
    """A tournament: where and when, the fee and payout, games per team and the clock."""

    __tablename__ = "tournament"

    id: Mapped[str] = mapped_column(sa.String(64), primary_key=True)
    edit_key_hash: Mapped[str] = mapped_column(sa.String(64))
    name: Mapped[str] = mapped_column(sa.String(80))
    date: Mapped[dt.date | None] = mapped_column(sa.Date)
    place: Mapped[str | None] = mapped_column(sa.String(120))
    entry_fee_cents: Mapped[int] = mapped_column(sa.Integer)
    payout_percent: Mapped[int] = mapped_column(sa.Integer)
    games_per_team: Mapped[int] = mapped_column(sa.Integer)
    minutes_per_game: Mapped[int] = mapped_column(sa.Integer)
    variant: Mapped[str] = mapped_column(sa.String(32))
    rules: Mapped[dict[str, Any]] = mapped_column(sa.JSON)
    seed: Mapped[int] = mapped_column(sa.BigInteger)
    tie_breaks: Mapped[list[dict[str, Any]]] = mapped_column(sa.JSON, default=list)
    created_at: Mapped[dt.datetime] = mapped_column(UTCDateTime, default=utcnow)
    updated_at: Mapped[dt.datetime] = mapped_column(UTCDateTime, default=utcnow, onupdate=utcnow)

    teams: Mapped[list[TournamentTeam]] = relationship(
        back_populates="tournament", order_by="TournamentTeam.id", cascade="all, delete-orphan",
    )
    singles: Mapped[list[TournamentSingle]] = relationship(
        order_by="TournamentSingle.id", cascade="all, delete-orphan",
    )
    pairings: Mapped[list[Pairing]] = relationship(order_by="Pairing.id", cascade="all, delete-orphan")

    def game_rules(self) -> dict[str, Any]:
        """The house rules every game of this tournament is created with."""
        return {**self.rules, "time_limit_minutes": self.minutes_per_game}


class TournamentTeam(db.Model):
    """A team of two, registered together or paired from singles."""

    __tablename__ = "tournament_team"
    __table_args__ = (sa.UniqueConstraint("tournament_id", "name", name="uq_tournament_team_name"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[str] = mapped_column(sa.ForeignKey("tournament.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(sa.String(40))
    player_one: Mapped[str] = mapped_column(sa.String(40))
    player_two: Mapped[str] = mapped_column(sa.String(40))
    created_at: Mapped[dt.datetime] = mapped_column(UTCDateTime, default=utcnow)

    tournament: Mapped[Tournament] = relationship(back_populates="teams")

    @property
    def players(self) -> list[str]:
        """The two players."""
        return [self.player_one, self.player_two]


class TournamentSingle(db.Model):
    """A player who came alone; `team_id` once paired with another single."""

    __tablename__ = "tournament_single"

    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[str] = mapped_column(sa.ForeignKey("tournament.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(sa.String(40))
    team_id: Mapped[int | None] = mapped_column(sa.ForeignKey("tournament_team.id", ondelete="SET NULL"))
    created_at: Mapped[dt.datetime] = mapped_column(UTCDateTime, default=utcnow)


class Pairing(db.Model):
    """A table in a round: two teams and the game they play, or one team's bye."""

    __tablename__ = "pairing"
    __table_args__ = (
        sa.UniqueConstraint("tournament_id", "round_number", "table_number", name="uq_pairing_round_table"),
        sa.UniqueConstraint("tournament_id", "round_number", "team_a_id", name="uq_pairing_round_team"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[str] = mapped_column(sa.ForeignKey("tournament.id", ondelete="CASCADE"), index=True)
    round_number: Mapped[int] = mapped_column(sa.Integer)
    table_number: Mapped[int | None] = mapped_column(sa.Integer)
    team_a_id: Mapped[int] = mapped_column(sa.ForeignKey("tournament_team.id"))
    team_b_id: Mapped[int | None] = mapped_column(sa.ForeignKey("tournament_team.id"))
    game_id: Mapped[str | None] = mapped_column(sa.ForeignKey("game.id"), index=True)
    bye: Mapped[bool] = mapped_column(sa.Boolean, default=False)
    edit_key: Mapped[str | None] = mapped_column(sa.String(64))
    created_at: Mapped[dt.datetime] = mapped_column(UTCDateTime, default=utcnow)

    team_a: Mapped[TournamentTeam] = relationship(foreign_keys=[team_a_id])
    team_b: Mapped[TournamentTeam | None] = relationship(foreign_keys=[team_b_id])
    game: Mapped[Game | None] = relationship()

    @property
    def teams(self) -> list[TournamentTeam]:
        """The teams at this table (one for a bye)."""
        return [self.team_a] if self.team_b is None else [self.team_a, self.team_b]
