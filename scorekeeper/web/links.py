"""Links the app hands out, and their QR codes.

Every link is built with url_for(..., _external=True), so it carries the app's
public address (SERVER_NAME and PREFERRED_URL_SCHEME when they are set).
"""

from __future__ import annotations

import segno
from flask import url_for
from markupsafe import escape

from . import memory

# The QR codes a worker keeps, by link and label (a few KB each): a scorer's page, a tournament's manage page and a
# night's table cards show the same links on every load, and drawing one costs more than the rest of the page.
QR_KEPT = 512


def share_url(game_id: str) -> str:
    """The read-only score sheet anyone with the link can open."""
    return url_for("pages.share", game_id=game_id, _external=True)


def join_url(game_id: str, edit_key: str) -> str:
    """The co-scorer link: the key rides in the fragment, which browsers never send to a server."""
    return url_for("pages.join", game_id=game_id, _external=True) + "#key=" + edit_key


def coordinator_url(tournament_id: str, edit_key: str) -> str:
    """The coordinator's link to a tournament's manage page, the key in the fragment."""
    return url_for("tournaments.manage", tournament_id=tournament_id, _external=True) + "#key=" + edit_key


def standings_url(tournament_id: str) -> str:
    """The public standings of a tournament."""
    return url_for("tournaments.standings", tournament_id=tournament_id, _external=True)


def qr_svg(url: str, label: str = "QR code of the co-scorer link") -> str:
    """The link as an inline SVG QR code, dark on light for any scanner, named `label` for screen readers."""
    codes: memory.Kept[str] = memory.kept("qr_codes", lambda: memory.Kept(QR_KEPT))
    svg = codes.get((url, label))
    if svg is None:
        svg = _draw(url, label)
        codes.put((url, label), svg)
    return svg


def _draw(url: str, label: str) -> str:
    """The QR code of `url` drawn anew."""
    code = segno.make(url, error="m")
    svg = code.svg_inline(scale=4, border=2, dark="#000", light="#fff", omitsize=True, svgclass="qr")
    return svg.replace("<svg ", f'<svg role="img" aria-label="{escape(label)}" ', 1)


def group_url(group_id: str) -> str:
    """The group's read-only page: its games, people and leaderboard."""
    return url_for("groups.page", group_id=group_id, _external=True)
