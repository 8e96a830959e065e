"""Edit keys held by this browser for the no-JavaScript path, in the signed session cookie."""

from __future__ import annotations

from flask import session

KEEP = 25  # a cookie holds about 4 KB: keep the most recent games only


def remember(game_id: str, edit_key: str) -> None:
    """Hold `edit_key` for `game_id` on this browser, most recent first."""
    keys = {gid: key for gid, key in session.get("keys", {}).items() if gid != game_id}
    session["keys"] = dict([(game_id, edit_key), *list(keys.items())[: KEEP - 1]])
    session.permanent = True


def key_for(game_id: str) -> str | None:
    """The edit key this browser holds for `game_id`, if any."""
    return session.get("keys", {}).get(game_id)


def held() -> list[str]:
    """Ids of the games this browser holds keys for, most recent first."""
    return list(session.get("keys", {}))
