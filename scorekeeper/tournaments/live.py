"""The standings' live part: rendered once per change of the stored facts, with an ETag from those facts."""

from __future__ import annotations

import hashlib
from collections import OrderedDict

from flask import current_app, render_template

from .. import clock
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


def _template_digest() -> str:
    """The fragment template's digest, once per process: a deploy that changes it changes every ETag."""
    cache = current_app.extensions.setdefault("tournament_live_template", {})
    if "digest" not in cache:
        source = current_app.jinja_env.loader.get_source(current_app.jinja_env, "tournaments/_live.html")[0]
        cache["digest"] = hashlib.sha256(source.encode()).hexdigest()[:16]
    return cache["digest"]


def fragment(tournament_id: str) -> tuple[str, str]:
    """The standings' live part and its ETag, rendered once per change of the stored facts, whoever asks.

    The ETag is a digest of the facts (reports.digest: a few small queries, no
    hand loaded), so an unchanged poll costs little, and a room of screens polling
    after a hand shares one rebuild.
    """
    fragments: OrderedDict[str, tuple[str, str]] = current_app.extensions.setdefault("tournament_live", OrderedDict())
    tag = reports.digest(service.get_tournament(tournament_id)) + _template_digest()
    cached = fragments.get(tournament_id)
    if cached and cached[0] == tag:
        return cached
    report = reports.report(tournament_id)
    html = render(report)
    tag = reports.digest(report.tournament) + _template_digest()  # a clock that ran out has just been settled
    fragments[tournament_id] = (tag, html)
    fragments.move_to_end(tournament_id)
    while len(fragments) > KEPT:
        fragments.popitem(last=False)
    return tag, html
