"""Reading a game back through the API, without what changes by the second."""

from __future__ import annotations

VOLATILE = ("server_now", "remaining_seconds")


def stable(body: dict) -> dict:
    """A game body without what changes by the second (the clock's view of now)."""
    clock = body.get("clock")
    if not clock:
        return body
    return {**body, "clock": {key: value for key, value in clock.items() if key not in VOLATILE}}


def snapshot(client, game: dict) -> dict:
    """The game as a reader sees it now."""
    response = client.get(f"/api/games/{game['id']}")
    assert response.status_code == 200
    return stable(response.get_json())
