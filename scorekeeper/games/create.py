"""A new game: its body checked through the engine, hands and all, and stored once under its id."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from sqlalchemy.exc import IntegrityError

from scorekeeper.extensions import db
from scorekeeper.rules import Conflict, Hand, RuleError, Table, TimeCall, make_table, parse_hand, play, score, start
from scorekeeper.web.database import writing
from scorekeeper.web.jsontext import json_object
from scorekeeper.web.keys import is_token, key_hash, key_matches, new_token
from scorekeeper.web.records import utcnow

from . import service
from .models import Game, HandRecord
from .service import HAND_ID, Saved, mark_finished, result_of


def _client_token(body: Mapping[str, Any], key: str) -> str | None:
    value = body.get(key)
    if value is None:
        return None
    if not is_token(value):
        raise RuleError(f"{key} must be 22 to 64 characters of A-Z, a-z, 0-9, - and _.", key)
    return value


def _hand_list(body: Mapping[str, Any]) -> list[Any]:
    hands = body.get("hands", [])
    if not isinstance(hands, list):
        raise RuleError("hands must be a list of hands.", "hands")
    if len(hands) > service.MAX_HANDS:
        raise RuleError(f"A game holds at most {service.MAX_HANDS} hands.", "hands")
    return hands


def _same_setup(game: Game, variant: str, table, edit_key: str) -> bool:
    return (
        key_matches(game, edit_key) and game.variant == variant and list(table.players) == game.players
        and table.rules == game.table().rules  # the options, however the stored dict spells them
        and (list(table.team_names) if table.team_names else None) == game.team_names
    )


def create_game(body: Any, attach: Callable[[Game], None] | None = None) -> tuple[Saved, str]:
    """Create a game from a POST body; returns the result and the edit key.

    `attach`, when given, is called with the new game in the transaction that stores it (a group seats its people).
    """
    variant, table, records = checked_new_game(body)
    game_id, edit_key = _client_token(body, "id"), _client_token(body, "edit_key")
    if (game_id is None) != (edit_key is None):
        raise RuleError("A game made on the phone sends both its id and its edit_key.", "edit_key" if game_id else "id")
    game_id, edit_key = game_id or new_token(), edit_key or new_token()
    try:
        return _insert_game(game_id, edit_key, variant, table, records, attach), edit_key
    except IntegrityError:  # the same id was stored a moment ago, by a request running alongside
        return _existing(game_id, edit_key, variant, table), edit_key


def checked_new_game(body: Any) -> tuple[str, Table, list[HandRecord]]:
    """A new game's body checked through the engine, hands and all: its variant, table and hand records."""
    body = json_object(body, " describing the game")
    raw_hands = _hand_list(body)
    call = _time_call(body.get("time_called"), len(raw_hands))
    try:
        table = make_table(body.get("variant"), body.get("players"), body.get("team_names"), body.get("rules"), call)
    except Conflict as error:  # a time call on a game without a clock: in a new game it is a bad body
        raise RuleError(error.message, "time_called") from None
    records = _replay_new(table, raw_hands)
    return body["variant"], table, records  # make_table has checked that the variant names a preset


def new_game_row(game_id: str, edit_key: str, variant: str, table: Table, records: list[HandRecord]) -> Game:
    """The row of a new game checked by checked_new_game, not yet added to the session."""
    game = Game(
        id=game_id, edit_key_hash=key_hash(edit_key), variant=variant,
        players=list(table.players), team_names=list(table.team_names) if table.team_names else None,
        rules=table.rules.to_dict(),
    )
    if table.time_call is not None:
        game.time_called_after, game.time_finish_hand = table.time_call.after_hand, table.time_call.finish_hand
        game.time_called_at = utcnow()
    game.hands = records
    if records:
        mark_finished(game, score(table, [record.to_hand() for record in records]))
    return game


def _existing(game_id: str, edit_key: str, variant: str, table) -> Saved:
    """The game already stored under a client-made id: the same game again, or a conflict."""
    game = db.session.get(Game, game_id)
    if game is None or not _same_setup(game, variant, table, edit_key):
        raise Conflict("That game id is already taken by another game.", "id")
    return result_of(game)


def _insert_game(game_id: str, edit_key: str, variant: str, table, records: list[HandRecord], attach=None) -> Saved:
    """Store a new game and its imported hands, unless the id is taken."""
    with writing():
        if db.session.get(Game, game_id) is not None:
            return _existing(game_id, edit_key, variant, table)
        game = new_game_row(game_id, edit_key, variant, table, records)
        if attach is not None:
            attach(game)
        db.session.add(game)
        db.session.flush()
    result = result_of(game)
    result.created = True
    return result


def _time_call(value: Any, hand_count: int) -> TimeCall | None:
    """An imported game's time call: after which hand, and whether a dealt hand was still to be finished."""
    if value is None:
        return None
    after = value.get("after_hand") if isinstance(value, Mapping) else None
    finish = value.get("finish_hand", False) if isinstance(value, Mapping) else None
    if not _is_count(after, hand_count) or not isinstance(finish, bool):
        raise RuleError(
            f"time_called must be {{\"after_hand\": 0 to {hand_count}, \"finish_hand\": true or false}}, or null.",
            "time_called",
        )
    return TimeCall(after, finish)


def _is_count(value: Any, most: int) -> bool:
    """A whole number from 0 to `most`."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= most


def _replay_new(table, raw_hands: Sequence[Any]) -> list[HandRecord]:
    """Check the hands of an imported game together; all of them or none."""
    state, records, seen = start(table), [], set()
    for index, raw in enumerate(raw_hands, start=1):
        hand = _parse(raw, table.rules, prefix=f"Hand {index}: ")
        try:
            state = play(state, hand)
        except RuleError as error:  # a Conflict too: in a new game's hands it is a bad body
            raise RuleError(f"Hand {index}: {error.message}", error.field) from None
        record = hand_record(hand, index, raw.get("id"))
        if record.client_id in seen:
            raise RuleError(f"Hand {index}: its id is used by an earlier hand.", "hands")
        seen.add(record.client_id)
        records.append(record)
    return records


def _parse(raw: Any, rules, prefix: str = "") -> Hand:
    try:
        return parse_hand(raw, rules)
    except RuleError as error:
        raise RuleError(prefix + error.message, error.field) from None


def is_hand_id(value: Any) -> bool:
    """Whether `value` is absent or has the shape of a client-made hand id."""
    return value is None or (isinstance(value, str) and HAND_ID.fullmatch(value) is not None)


def hand_record(hand: Hand, number: int, client_id: Any) -> HandRecord:
    if not is_hand_id(client_id):
        raise RuleError("A hand id must be 1 to 64 characters of A-Z, a-z, 0-9, - and _.", "id")
    record = HandRecord(number=number, client_id=client_id or str(uuid.uuid4()))
    record.set_hand(hand)
    return record
