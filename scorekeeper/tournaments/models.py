"""Stored facts of a tournament: its settings, the teams, the singles, the pairings."""

from __future__ import annotations

import datetime as dt
from typing import Any

import sqlalchemy as sa
from sqlalchemy.orm import Mapped, Session, mapped_column, relationship

from scorekeeper.extensions import db
from scorekeeper.games.models import Game
from scorekeeper.rules import preset
from scorekeeper.web.records import Keyed, UTCDateTime, parent, utcnow


class Tournament(Keyed, db.Model):
    """A tournament: where and when, the fee and payout, games per team and the clock."""

    __tablename__ = "tournament"

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
    # Null for a tournament made before tables of any size: four players with partners, two alone.
    players_per_table: Mapped[int | None] = mapped_column(sa.Integer)
    tie_breaks: Mapped[list[dict[str, Any]]] = mapped_column(sa.JSON, default=list)

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

    @property
    def partners(self) -> bool:
        """Whether a table plays two teams of partners (else everyone plays alone, a team of one; so does a table of
        five where the dealer sits out, whose sides change every hand and where everyone keeps a score)."""
        rules = preset(self.variant).with_overrides(self.rules)
        return rules.partners and not rules.sit_out

    @property
    def table_players(self) -> int:
        """Players at each table (a tournament from before tables of any size: 4 with partners, 2 alone)."""
        return self.players_per_table or (4 if self.partners else 2)

    @property
    def team_size(self) -> int:
        """Players per team: half a table with partners (two, or three in ten-point-six), one alone."""
        return self.table_players // 2 if self.partners else 1

    @property
    def teams_per_table(self) -> int:
        """Teams at each table: two teams of partners, or every player alone."""
        return 2 if self.partners else self.table_players


class TournamentTeam(db.Model):
    """A team of two, registered together or paired from singles; a team of three (ten-point-six); or a team of
    one (`player_two` empty) in a tournament where everyone plays alone."""

    __tablename__ = "tournament_team"
    __table_args__ = (sa.UniqueConstraint("tournament_id", "name", name="uq_tournament_team_name"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[str] = mapped_column(sa.ForeignKey("tournament.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(sa.String(40))
    player_one: Mapped[str] = mapped_column(sa.String(40))
    player_two: Mapped[str] = mapped_column(sa.String(40))
    player_three: Mapped[str] = mapped_column(sa.String(40), default="", server_default="")
    created_at: Mapped[dt.datetime] = mapped_column(UTCDateTime, default=utcnow)

    tournament: Mapped[Tournament] = relationship(back_populates="teams")

    @property
    def players(self) -> list[str]:
        """The team's players: two, three in ten-point-six, or one in a tournament where everyone plays alone."""
        return [name for name in (self.player_one, self.player_two, self.player_three) if name]

    def revision_owner(self, session: Session) -> Tournament | None:
        """Its tournament."""
        return parent(session, Tournament, self.tournament_id)



class TournamentSingle(db.Model):
    """A player who came alone; `team_id` once paired with another single."""

    __tablename__ = "tournament_single"

    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[str] = mapped_column(sa.ForeignKey("tournament.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(sa.String(40))
    team_id: Mapped[int | None] = mapped_column(sa.ForeignKey("tournament_team.id", ondelete="SET NULL"))
    created_at: Mapped[dt.datetime] = mapped_column(UTCDateTime, default=utcnow)

    def revision_owner(self, session: Session) -> Tournament | None:
        """Its tournament."""
        return parent(session, Tournament, self.tournament_id)



class Pairing(db.Model):
    """A table in a round: its teams and the game they play, or one team's bye.

    `seat_teams` lists every team at the table in seat order (the first deals first); `team_a_id` and
    `team_b_id` are its first two. A table drawn before tables of any size has no `seat_teams`.
    """

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
    seat_teams: Mapped[list[int] | None] = mapped_column(sa.JSON)
    created_at: Mapped[dt.datetime] = mapped_column(UTCDateTime, default=utcnow)

    team_a: Mapped[TournamentTeam] = relationship(foreign_keys=[team_a_id])
    team_b: Mapped[TournamentTeam | None] = relationship(foreign_keys=[team_b_id])
    game: Mapped[Game | None] = relationship()

    @property
    def team_ids(self) -> list[int]:
        """The ids of the teams at this table in seat order (one for a bye)."""
        if self.seat_teams:
            return list(self.seat_teams)
        return [self.team_a_id] if self.team_b_id is None else [self.team_a_id, self.team_b_id]

    def revision_owner(self, session: Session) -> Tournament | None:
        """Its tournament."""
        return parent(session, Tournament, self.tournament_id)


