"""Scored games kept in memory per (game id, revision), so a read that was scored before is not replayed.

The database keeps only what the table said; an entry is only an optimisation.
It is trusted for the one revision it was scored at: a game whose row shows
another revision is scored again. Entries are put only for committed revisions.
SCORE_CACHE=0 switches it off; SCORE_CACHE_SIZE bounds it (least recently used go first).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import current_app

from scorekeeper.rules import GameState
from scorekeeper.web.memory import Latest, kept

SIZE = 512


@dataclass(frozen=True)
class Scored:
    """A game scored at one revision: the state, each hand's client id, and the hands as the API shows them
    (as objects, and as the JSON text of their list)."""

    revision: int
    state: GameState
    hand_ids: tuple[str, ...]
    hands: tuple[dict[str, Any], ...]
    hands_text: str = "[]"


def cache() -> Latest[Scored] | None:
    """This app's cache, or None when SCORE_CACHE is off."""
    if not current_app.config.get("SCORE_CACHE", True):
        return None
    return kept("score_cache", lambda: Latest(current_app.config.get("SCORE_CACHE_SIZE", SIZE)))


def get(game_id: str, revision: int) -> Scored | None:
    """The game scored at `revision`, if the cache is on and holds it."""
    kept = cache()
    return kept.get(game_id, revision) if kept is not None else None


def latest(game_id: str) -> Scored | None:
    """The game as last kept, at whatever revision, if the cache is on (see games.scored: only a state whose table
    and hands the stored game starts with is played on)."""
    kept = cache()
    return kept.latest(game_id) if kept is not None else None


def put(game_id: str, entry: Scored) -> None:
    """Keep a game scored at a committed revision, if the cache is on."""
    kept = cache()
    if kept is not None:
        kept.put(game_id, entry)
