"""ETags built from revisions: "has anything changed?" is one primary-key read, and a 304 loads no hand.

A game's tag is its revision; a tournament's is its revision with its games'
revisions (one aggregate query). Both carry the digest of every template
(assets.templates_digest), so a deploy that changes what is shown changes every tag.
The If-None-Match check is http.held_etag's.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

import sqlalchemy as sa
from flask import Response, make_response, request

from . import clock, compressed, games
from .assets import templates_digest
from .extensions import db
from .http import held_etag, not_modified
from .models import Game, UTCDateTime, utcnow
from .tournaments.models import Pairing, Tournament

MINUTE = timedelta(minutes=1)


def game_tag(kind: str, game: Game) -> str:
    """The tag of one view (`kind`) of a game at its revision."""
    return tag_of(kind, game.id, game.revision)


def game_answer(kind: str, game_id: str, render: Callable[[Game], Any]) -> Response:
    """304 while the client holds the game's `kind` tag at its revision (one small query, no hand loaded);
    else `render(game)` under that tag."""
    held = held_game(kind, game_id)
    if held:
        return not_modified(held)
    game = games.get_game(game_id)
    response = make_response(render(game))
    response.set_etag(game_tag(kind, game))
    if clock.limit_minutes(game) is None:  # a clock's answer tells the time: it is not the same for every holder
        compressed.keep(response)
    return response


def held_game(kind: str, game_id: str) -> str | None:
    """The If-None-Match tag naming the game's current revision, if the client holds it (one small query;
    none when the request names no tag)."""
    if not request.if_none_match:
        return None
    return held_etag(tag_of(kind, game_id, games.revision_of(game_id)))


def tag_of(kind: str, game_id: str, revision: int) -> str:
    """The tag of one view (`kind`) of game `game_id` at `revision`."""
    return _digest([kind, game_id, revision, templates_digest()])


def _digest(facts: list) -> str:
    """A strong ETag's value: 32 hex digits of the facts."""
    return hashlib.sha256(repr(facts).encode()).hexdigest()[:32]


def tournament_tag(tournament_id: str) -> str | None:
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
    return _digest(["standings", tournament_id, revision, count, total, *clocks, templates_digest()])


def page_tag(live_tag: str) -> str:
    """The tag of the page around a live fragment tagged `live_tag`."""
    return _digest(["page", live_tag])


def _clock_facts(first: datetime | None, last: datetime | None, limit: timedelta) -> list[int | None]:
    """Minutes left on the first and last clock started, and the minute now while any may still run."""
    if last is None:
        return []
    now = utcnow()
    left = [max(0, math.ceil((started + limit - now) / MINUTE)) for started in (first, last)]
    return [*left, int(now.timestamp() // 60) if left[1] > 0 else None]
