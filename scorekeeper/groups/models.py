"""Stored facts of a group: its name, its minimum games for the leaderboard, its people."""

from __future__ import annotations

from datetime import date, datetime

import sqlalchemy as sa
from sqlalchemy.orm import Mapped, Session, mapped_column, relationship

from scorekeeper.extensions import db
from scorekeeper.web.records import Keyed, UTCDateTime, parent, utcnow


class Group(Keyed, db.Model):
    """A table of people who play together: read by its id, written with its edit key like a game."""

    __tablename__ = "groups"

    name: Mapped[str] = mapped_column(sa.String(80))
    min_games: Mapped[int] = mapped_column(sa.Integer, default=3)

    people: Mapped[list[Person]] = relationship(
        back_populates="group", order_by="Person.created_at, Person.id", cascade="all, delete-orphan",
    )
    seasons: Mapped[list[Season]] = relationship(
        back_populates="group", order_by="Season.starts, Season.ends, Season.created_at, Season.id",
        cascade="all, delete-orphan",
    )


class Person(db.Model):
    """One of a group's people: a name unique in the group (trimmed, case-folded), a short name for narrow
    screens."""

    __tablename__ = "person"
    __table_args__ = (sa.UniqueConstraint("group_id", "folded", name="uq_person_group_folded"),)

    id: Mapped[str] = mapped_column(sa.String(64), primary_key=True)
    group_id: Mapped[str] = mapped_column(sa.ForeignKey("groups.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(sa.String(80))
    folded: Mapped[str] = mapped_column(sa.String(80))
    short_name: Mapped[str | None] = mapped_column(sa.String(80))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)

    group: Mapped[Group] = relationship(back_populates="people")

    def revision_owner(self, session: Session) -> Group | None:
        """A person's group."""
        return parent(session, Group, self.group_id)


def folded(name: str) -> str:
    """A name as names are compared in a group: trimmed and case-folded."""
    return name.strip().casefold()


class Season(db.Model):
    """A season the group names: a name and the days it runs, from and to (inclusive, the UTC day a game
    finished)."""

    __tablename__ = "season"

    id: Mapped[str] = mapped_column(sa.String(64), primary_key=True)
    group_id: Mapped[str] = mapped_column(sa.ForeignKey("groups.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(sa.String(80))
    starts: Mapped[date] = mapped_column(sa.Date)
    ends: Mapped[date] = mapped_column(sa.Date)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)

    group: Mapped[Group] = relationship(back_populates="seasons")
