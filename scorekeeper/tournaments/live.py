"""The standings' live part: rendered once per change of the stored facts, with an ETag from those facts."""

from __future__ import annotations

from flask import render_template

from .. import clock, etags, games, keys, memory
from . import report as reports
from . import service

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
    """The standings' ETag (etags.tournament_tag: one aggregate query, no hand loaded), or NotFound."""
    found = etags.tournament_tag(tournament_id) if keys.is_token(tournament_id) else None
    if found is None:
        raise games.NotFound(service.NO_TOURNAMENT)
    return found


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
