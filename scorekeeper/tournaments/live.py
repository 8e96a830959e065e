"""The standings' live part: rendered once per change of the stored facts, with an ETag from those facts."""

from __future__ import annotations

import math
from datetime import datetime, timedelta

import sqlalchemy as sa
from flask import render_template

from scorekeeper.extensions import db
from scorekeeper.games import clock
from scorekeeper.games import service as games
from scorekeeper.games.models import Game
from scorekeeper.web import etags, keys, memory
from scorekeeper.web.records import UTCDateTime, utcnow

from . import report as reports
from . import service
from .models import Pairing, Tournament

MINUTE = timedelta(minutes=1)

KEPT = 64  # live parts kept in memory per process, one per tournament


def dollars(cents: int) -> str:
    """An amount of money as the sheet writes it: $20.00."""
    return f"${cents // 100:,}.{cents % 100:02d}"


def minutes_left(seconds: int | None) -> str:
    """What the clock says to the room, to the minute (the page's script counts the seconds)."""
    if seconds is None:
        return "clock not started"
    return "time is up" if seconds <= 0 else f"{-(-seconds // 60)} min left"


def render(report: reports.Report) -> str:
    """The live part of the standings, as both standings pages show it."""
    return render_template("tournaments/_live.html", report=report, dollars=dollars, minutes_left=minutes_left,
                           ends_at=clock.ends_at)


def tag(tournament_id: str) -> str:
    """The standings' ETag (standings_tag: one aggregate query, no hand loaded), or NotFound."""
    found = standings_tag(tournament_id) if keys.is_token(tournament_id) else None
    if found is None:
        raise games.NotFound(service.NO_TOURNAMENT)
    return found


def standings_tag(tournament_id: str) -> str | None:
    """The standings' tag: the tournament's revision and its games', in one aggregate query; None if unknown.

    While a game's clock runs, the minute is part of it too: the standings show
    each clock to the minute, and a clock at zero is settled when they are rebuilt.
    """
    running = sa.and_(Game.clock_started_at.is_not(None), Game.time_called_after.is_(None))
    started = sa.case((running, Game.clock_started_at))
    query = (
        sa.select(
            Tournament.revision, Tournament.minutes_per_game, sa.func.count(Game.id),
            sa.func.coalesce(sa.func.sum(Game.revision), 0),
            sa.type_coerce(sa.func.min(started), UTCDateTime), sa.type_coerce(sa.func.max(started), UTCDateTime),
        )
        .select_from(Tournament)
        .outerjoin(Pairing, Pairing.tournament_id == Tournament.id).outerjoin(Game, Game.id == Pairing.game_id)
        .where(Tournament.id == tournament_id).group_by(Tournament.id, Tournament.revision, Tournament.minutes_per_game)
    )
    row = db.session.execute(query).one_or_none()
    if row is None:
        return None
    revision, minutes, count, total, first, last = row
    clocks = _clock_facts(first, last, timedelta(minutes=minutes))
    return etags.tag_of("standings", tournament_id, [revision, count, total, *clocks])


def _clock_facts(first: datetime | None, last: datetime | None, limit: timedelta) -> list[int | None]:
    """Minutes left on the first and last clock started, and the minute now while any may still run."""
    if last is None:
        return []
    now = utcnow()
    left = [max(0, math.ceil((started + limit - now) / MINUTE)) for started in (first, last)]
    return [*left, int(now.timestamp() // 60) if left[1] > 0 else None]


def fragment(tournament_id: str, current: str | None = None) -> tuple[str, str]:
    """The standings' live part and its ETag, rendered once per change of the stored facts, whoever asks.

    A room of screens polling after a hand shares one rebuild per process.
    """
    fragments: memory.Kept[tuple[str, str]] = memory.kept("tournament_live", lambda: memory.Kept(KEPT))
    current = current or tag(tournament_id)
    cached = fragments.get(tournament_id)
    if cached and cached[0] == current:
        return cached
    report = reports.report(tournament_id)
    html = render(report)
    current = tag(tournament_id)  # a clock that ran out has just been settled
    fragments.put(tournament_id, (current, html))
    return current, html
