"""A timed game's clock, kept by the server: it starts with the first hand, the table's start or the round's."""

from __future__ import annotations

import math
from datetime import datetime, timedelta
from typing import Any

from scorekeeper.web.records import utcnow

from .models import Game


def limit_minutes(game: Game) -> int | None:
    """The game's time limit, or None for a game without a clock."""
    return game.rules.get("time_limit_minutes")


def ends_at(game: Game) -> datetime | None:
    """When time will be (or was) up; None before the clock starts or without one."""
    limit = limit_minutes(game)
    if limit is None or game.clock_started_at is None:
        return None
    return game.clock_started_at + timedelta(minutes=limit)


def has_run_out(game: Game, now: datetime | None = None) -> bool:
    """Whether the clock is at zero and time has not been called yet."""
    end = ends_at(game)
    return end is not None and game.time_called_after is None and (now or utcnow()) >= end


def remaining_seconds(game: Game, now: datetime | None = None) -> int | None:
    """Whole seconds left on the clock (0 at the end), or None when it is not running."""
    end = ends_at(game)
    if end is None:
        return None
    return max(0, math.ceil((end - (now or utcnow())).total_seconds()))


def clock_json(game: Game, now: datetime | None = None) -> dict[str, Any] | None:
    """The clock as the game JSON shows it; a phone counts down from ends_at, corrected by server_now."""
    limit = limit_minutes(game)
    if limit is None:
        return None
    now = now or utcnow()
    end = ends_at(game)
    return {
        "limit_minutes": limit,
        "started_at": game.clock_started_at.isoformat() if game.clock_started_at else None,
        "ends_at": end.isoformat() if end else None,
        "server_now": now.isoformat(),
        "remaining_seconds": remaining_seconds(game, now),
        "called": game.time_called_after is not None,
    }
