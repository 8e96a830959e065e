"""A night's tables for the whole night and their signed scorecards: after the losing side signs, only the
director's key changes that game."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import sqlalchemy as sa
from flask import url_for

from scorekeeper.extensions import db
from scorekeeper.games import service as games
from scorekeeper.games.models import Game
from scorekeeper.rules import Conflict, RuleError
from scorekeeper.web import rotation
from scorekeeper.web.database import writing
from scorekeeper.web.keys import (
    check_key,
    key_hash,
    key_matches,
    night_table_key,
    replace_key_hash,
    table_key,
    was_replaced,
)
from scorekeeper.web.records import NotFound, utcnow

from .draws import load_rounds, losers, tables_numbered
from .models import Night, NightRound, NightTable
from .service import NO_NIGHT, find_for_update


def current_table(night: Night, number: int) -> tuple[NightRound, NightTable]:
    """The table called `number` in the latest game that has it (the game it plays now, or played last)."""
    found = tables_numbered(night, number)
    if found:
        return found[0]
    raise NotFound(f"Table {number} has not played a game of this night yet.")


def opening_key(night_id: str, table: NightTable, director_key: str) -> str | None:
    """The key that opens a table's game now, made again from the director's: the table's key, or once signed
    the game's own derived key; None if neither opens it (the game's key was changed at the table)."""
    key = table_key(director_key, table.game_id) if table.signed_by is not None else \
        night_table_key(director_key, night_id, table.number)
    return key if key_matches(table.game, key) else None


def table_link(game_id: str) -> tuple[int, str] | None:
    """For a night table's game, the table's number and the address of its link for the night; else None."""
    found = db.session.execute(sa.select(NightTable.number, NightRound.night_id).join(NightRound).where(
        NightTable.game_id == game_id)).first()
    if found is None:
        return None
    return found.number, url_for("night_pages.table", night_id=found.night_id, number=found.number)


def _signer(night: Night, table: NightTable, body: Any) -> int:
    """The player of the losing side who signs, by name."""
    if not isinstance(body, Mapping) or not isinstance(body.get("player"), str):
        raise RuleError("Send the name of the player who signs: {\"player\": \"<name>\"}.", "player")
    names = {player.id: player.name for player in night.players}
    losing = losers(table)
    found = [player for player in losing if names[player].casefold() == body["player"].strip().casefold()]
    if not found:
        who = " or ".join(names[player] for player in losing)
        raise RuleError(f"A player of the side that lost at table {table.number} signs its scorecard: {who}.",
                        "player")
    return found[0]


def sign(night_id: str, number: int, table_key: str | None, body: Any) -> NightTable:
    """A player of the losing side confirms a table's finished game with the table's key; the game is then
    opened only by the key derived from the director's."""
    with writing():
        night = find_for_update(night_id)
        _, table = current_table(night, number)
        game = db.session.scalar(sa.select(Game).where(Game.id == table.game_id).with_for_update())
        if table.signed_by is not None:
            held = key_matches(game, table_key) or was_replaced(game, table_key)
            if not held or _signer(night, table, body) != table.signed_by:
                raise Conflict(f"Table {number}'s scorecard is already signed; only the director can change it.")
            return table  # the same signature sent again
        check_key(game, table_key)
        if games.state_of(game).outcome is None:
            raise Conflict(f"Table {number}'s game is not over yet: sign its scorecard when it ends.")
        table.signed_by, table.signed_at = _signer(night, table, body), utcnow()
        replace_key_hash(game, table.lock_key_hash)
        games.touch(game)
        db.session.flush()
    return table


def rotate_key(night_id: str, edit_key: str | None, body: Any) -> tuple[Night, str]:
    """Change the director's key and with it every table's: each game gets the key made from the new one (the
    table's, or once signed the game's own); the same change sent again changes nothing."""
    return rotation.rotate_key(Night, night_id, NO_NIGHT, edit_key, body, "tournament", _rekey_tables)


def _rekey_tables(night: Night, new_key: str) -> None:
    """Every table's key, and its game's, made again from the director's new key."""
    tables = [table for night_round in load_rounds(night) for table in night_round.tables]
    locked = {game.id: game for game in db.session.scalars(sa.select(Game).where(
        Game.id.in_([table.game_id for table in tables])).order_by(Game.id).with_for_update())}
    for table in tables:
        table.lock_key_hash = key_hash(table_key(new_key, table.game_id))
        own = night_table_key(new_key, night.id, table.number)
        replace_key_hash(locked[table.game_id], table.lock_key_hash if table.signed_by else key_hash(own))
        games.touch(locked[table.game_id])
