"""A group's seasons: the ones it named, or each calendar year when it named none; the season shown, and its
champion once it has ended (most wins under the leaderboard's rules)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scorekeeper.games.models import Game
from scorekeeper.rules import Conflict, RuleError
from scorekeeper.rules.names import clean_name
from scorekeeper.web import records
from scorekeeper.web.jsontext import json_object
from scorekeeper.web.keys import new_token

from . import gamefigures, stats
from .models import Group, Season, folded
from .service import editing

NO_SEASON = "This group has no such season. Reload the group to see its seasons."
MOST_SEASONS = 200


@dataclass(frozen=True)
class SeasonView:
    """A season as the pages and the API show it: `key` is its id, or the year of a calendar-year season."""

    key: str
    id: str | None
    name: str
    starts: dt.date
    ends: dt.date


def today() -> dt.date:
    """Today, the UTC day."""
    return dt.datetime.now(dt.UTC).date()


def seasons_of(group: Group, played: Sequence[Game], on: dt.date) -> list[SeasonView]:
    """The group's seasons in order: those it named, else each calendar year from its first finished game's to
    this one's."""
    if group.seasons:
        return [SeasonView(season.id, season.id, season.name, season.starts, season.ends) for season in group.seasons]
    years = [entry.finished.astimezone(dt.UTC).year for entry in map(gamefigures.figures, played) if entry.finished]
    first = min([*years, on.year])
    return [SeasonView(str(year), None, str(year), dt.date(year, 1, 1), dt.date(year, 12, 31))
            for year in range(first, max([*years, on.year]) + 1)]


def chosen(views: Sequence[SeasonView], key: str | None, on: dt.date) -> SeasonView | None:
    """The season asked for by `key`; else the one running on `on` (the latest started), else the last ended."""
    if key is not None:
        return next((view for view in views if view.key == key), None)
    running = [view for view in views if view.starts <= on <= view.ends]
    if running:
        return max(running, key=lambda view: view.starts)
    ended = [view for view in views if view.ends < on]
    return max(ended, key=lambda view: view.ends) if ended else (views[0] if views else None)


def champion(group: Group, played: Sequence[Game], view: SeasonView, on: dt.date) -> str | None:
    """The id of the season's champion once it has ended: first on its leaderboard; None before, or with nobody on
    it."""
    if view.ends >= on:
        return None
    board = stats.group_stats(group, played, view.starts, view.ends)["leaderboard"]
    return board[0] if board else None


def seasons_json(group: Group, played: Sequence[Game], on: dt.date) -> list[dict[str, Any]]:
    """Every season of the group with whether it has ended and its champion."""
    return [{"id": view.id, "name": view.name, "from": view.starts.isoformat(), "to": view.ends.isoformat(),
             "ended": view.ends < on, "champion": champion(group, played, view, on)}
            for view in seasons_of(group, played, on)]


def _days(body: Mapping[str, Any], season: Season | None) -> tuple[dt.date, dt.date]:
    starts = stats.parse_day(body["from"], "from") if "from" in body else None
    ends = stats.parse_day(body["to"], "to") if "to" in body else None
    if season is None and (starts is None or ends is None):
        missing = "from" if starts is None else "to"
        raise RuleError(f"{missing} must be a day as YYYY-MM-DD, such as 2026-01-31.", missing)
    starts = starts or season.starts
    ends = ends or season.ends
    if ends < starts:
        raise RuleError("to must be the same day as from or later.", "to")
    return starts, ends


def _name(group: Group, value: Any, season: Season | None = None) -> str:
    name = clean_name(value, "The season's name", "name")
    if any(folded(other.name) == folded(name) and other is not season for other in group.seasons):
        raise Conflict(f"This group already has a season called {name}.", "name")
    return name


def _season_of(group: Group, season_id: str) -> Season:
    return records.member(group.seasons, season_id, NO_SEASON)


def add_season(group_id: str, edit_key: str | None, body: Any) -> Season:
    """Name a season: `{"name": "2026", "from": "2026-01-01", "to": "2026-12-31"}`."""
    with editing(group_id, edit_key) as group:
        body = json_object(body)
        name = _name(group, body.get("name"))
        starts, ends = _days(body, None)
        if len(group.seasons) >= MOST_SEASONS:
            raise Conflict(f"A group names at most {MOST_SEASONS} seasons.", "name")
        season = Season(id=new_token(), name=name, starts=starts, ends=ends)
        group.seasons.append(season)
    return season


def change_season(group_id: str, edit_key: str | None, season_id: str, body: Any) -> Season:
    """Rename a season or change its days."""
    with editing(group_id, edit_key) as group:
        season = _season_of(group, season_id)
        body = json_object(body)
        name = _name(group, body["name"], season) if "name" in body else season.name
        season.starts, season.ends = _days(body, season)
        season.name = name
    return season


def remove_season(group_id: str, edit_key: str | None, season_id: str) -> Group:
    """Remove a season (its games stay)."""
    with editing(group_id, edit_key) as group:
        group.seasons.remove(_season_of(group, season_id))
    return group
