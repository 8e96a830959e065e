"""A group as JSON: the group, its people, its games' summaries; and the tag a read of them is cached under."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import sqlalchemy as sa
from flask import Response, current_app, make_response, request

from scorekeeper.extensions import db
from scorekeeper.games.models import Game
from scorekeeper.web import caching, compressed, etags, memory
from scorekeeper.web.http import held_etag, not_modified
from scorekeeper.web.links import group_url

from .gamefigures import figures
from .models import Group, Person, Season
from .service import group_games
from .stats import counted, rated_over, rating_figures

KEPT_VIEWS = 64  # rendered views kept per worker, by tag
# Downloads (a group file, its games and hands as CSV) kept per worker, by tag: a 1,000-game group's file is about
# 6 MB and takes a second to build, so each is built once per revision, within a budget of bytes.
DOWNLOAD_BUDGET = 48 * 1024 * 1024


def person_json(person: Person) -> dict[str, Any]:
    """A person: id, name and short name."""
    return {"id": person.id, "name": person.name, "short_name": person.short_name}


def season_json(season: Season) -> dict[str, Any]:
    """A named season: id, name, and its first and last day."""
    return {"id": season.id, "name": season.name, "from": season.starts.isoformat(), "to": season.ends.isoformat()}


def _iso(moment) -> str | None:
    return moment.isoformat() if moment is not None else None


def summary_json(game: Game) -> dict[str, Any]:
    """One game of the group in a line: when, who (per team), the score and the winner."""
    entry = figures(game)
    people = game.people or []
    return {
        "id": game.id, "variant": game.variant, "created": _iso(game.created_at), "finished": _iso(entry.finished),
        "team_names": list(entry.labels),
        "people": [[people[seat] for seat in seats if seat < len(people)] for seats in entry.teams],
        "scores": list(entry.scores), "status": "finished" if entry.finished else "playing",
        "winner": entry.winner,
        **({"winners": list(entry.winners)} if entry.winner is None and entry.winners else {}),  # five: the pair
    }


def group_json(group: Group, played: list[Game] | None = None) -> dict[str, Any]:
    """The group: name, minimum games, people, games (newest first), the ratings over every finished game and its
    page's address; never its key."""
    played = group_games(group) if played is None else played
    return {
        "id": group.id, "name": group.name, "min_games": group.min_games,
        "created": _iso(group.created_at),
        "people": [person_json(person) for person in group.people],
        "seasons": [season_json(season) for season in group.seasons],
        "games": [summary_json(game) for game in played],
        **rating_figures(group, rated_over(group, counted(played))),
        "share_url": group_url(group.id),
    }


# A view's tag: the group's revision with its games' count and revisions, one aggregate query built once (building
# it for each request cost more than running it), over the tables rather than the mapped classes (no ORM step).
# It reads only the index on the games' (group_id, revision): a game's revision is never null.
_GROUPS, _GAMES = Group.__table__, Game.__table__
TAG_QUERY = (
    sa.select(_GROUPS.c.revision, sa.func.count(_GAMES.c.revision),
              sa.func.coalesce(sa.func.sum(_GAMES.c.revision), 0))
    .select_from(_GROUPS.outerjoin(_GAMES, _GAMES.c.group_id == _GROUPS.c.id))
    .where(_GROUPS.c.id == sa.bindparam("group_id")).group_by(_GROUPS.c.id, _GROUPS.c.revision)
)


def group_tag(kind: str, group_id: str, *facts: Any) -> str | None:
    """The tag of one view of a group: its revision with its games' count and revisions (one query); None if
    there is no such group."""
    row = db.session.execute(TAG_QUERY, {"group_id": group_id}).one_or_none()
    if row is None:
        return None
    return etags.tag_of(kind, group_id, (*row, *facts))


def _views() -> memory.Kept[tuple[str, bytes]]:
    """This app's rendered views of groups (a mimetype and a body) by their tag. A tag names everything a view shows
    (group_tag), so a view kept under it is the view the tag's state renders: a new game, hand, name or key change is
    a new tag."""
    return memory.kept("group_views", lambda: memory.Kept(KEPT_VIEWS))


def _downloads() -> memory.Kept[tuple[str, bytes]]:
    """This app's downloads of groups by their tag, as _views, within their budget of bytes."""
    return memory.kept("group_downloads", lambda: memory.Kept(DOWNLOAD_BUDGET, getsizeof=lambda view: len(view[1])))


def answer(tag: str, render: Callable[[], Any], mimetype: str = "text/html") -> Response:
    """A public view under a strong ETag: 304 while the client holds it; else the view kept under the tag (rendered
    once per worker; compressed once per coding by compressed.py, which it vouches for).

    The 304 carries the view's `mimetype`, so a JSON view's 304 skips what only pages need (the import map's hash).
    """
    held = held_etag(tag)
    if held:
        response = not_modified(held)
        response.mimetype = mimetype
        return caching.share(response)
    key = f"{tag} {request.host_url}"  # links name the host asked for, where no public address is set
    views = _views()
    view = views.get(key)
    if view is None:
        rendered = make_response(render())
        view = (rendered.mimetype, rendered.get_data())
        views.put(key, view)
    response = current_app.response_class(view[1], mimetype=view[0])
    response.set_etag(tag)
    return caching.share(compressed.keep(response))


def download(tag: str, build: Callable[[], tuple[str, str]], mimetype: str) -> Response:
    """A download under a strong ETag, checked on every use: 304 while the client holds it (nothing loaded); else
    the file kept under the tag, `build()` giving its name and text once per worker and revision (and compressed
    once per coding)."""
    held = held_etag(tag)
    if held:
        response = not_modified(held)
        response.mimetype = mimetype
    else:
        key = f"{tag} {request.host_url}"
        views = _downloads()
        view = views.get(key)
        if view is None:
            filename, text = build()
            view = (filename, text.encode())
            views.put(key, view)
        response = current_app.response_class(view[1], mimetype=mimetype)
        response.headers["Content-Disposition"] = f'attachment; filename="{view[0]}"'
        response.set_etag(tag)
        compressed.keep(response)
    response.headers["Cache-Control"] = "no-cache"
    return response
