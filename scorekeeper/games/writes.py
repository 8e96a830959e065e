"""A game's writes after it is made: a hand recorded, replaced or removed, time called, the clock started, the key
changed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm.attributes import set_committed_value

from scorekeeper.extensions import db
from scorekeeper.rules import Conflict, GameState, Hand, RuleError, parse_hand, play, start
from scorekeeper.web import revisions
from scorekeeper.web.database import writing
from scorekeeper.web.jsontext import json_object
from scorekeeper.web.keys import change_key, new_key_in
from scorekeeper.web.records import NotFound, utcnow

from . import clock, service
from .create import hand_record, is_hand_id
from .models import HAND_COLUMNS, Game, HandRecord
from .service import (
    GAME_TABLE,
    INSERT_HAND,
    Saved,
    check_game_key,
    extended_scored,
    keep_scored,
    lock_game,
    mark_finished,
    new_scored,
    result_of,
    scored,
    state_of,
    time_runs_out,
    touch,
)


def _check_number(body: Mapping[str, Any], expected: int) -> None:
    number = body.get("number")
    if number is None:
        return
    if not isinstance(number, int) or isinstance(number, bool) or number < 1:
        raise RuleError("number must be a hand number from 1 up.", "number")
    if number != expected:
        raise Conflict(
            f"This hand was sent as hand {number}, but the game's next hand is {expected}: "
            "another phone may have recorded a hand first. Reload to see it.",
            "number",
        )


def add_hand(game_id: str, edit_key: str | None, body: Any) -> Saved:
    """Record the next hand; a hand id already recorded adds nothing."""
    for attempt in range(3):
        try:
            return _add_hand_once(game_id, edit_key, body)
        except IntegrityError:
            if attempt == 2:
                raise Conflict("The game changed while this hand was being recorded; send it again.") from None
    raise AssertionError("unreachable")


def _add_hand_once(game_id: str, edit_key: str | None, body: Any) -> Saved:
    with writing():
        game = lock_game(game_id)
        check_game_key(game, edit_key)
        if not isinstance(body, Mapping):
            raise RuleError("A hand must be a JSON object.")
        time_runs_out(game)
        client_id = body.get("id")
        if client_id is not None and is_hand_id(client_id) and _has_hand(game, client_id):
            return result_of(game)
        base = scored(game)  # at the revision just locked: kept from a read, or replayed once
        if _already_recorded(body, base.state):
            return result_of(game)
        _check_number(body, base.state.next_number)
        if len(base.state.hands) >= service.MAX_HANDS:
            raise Conflict(f"This game holds {service.MAX_HANDS} hands, the most a game can; start a new one.")
        record = hand_record(parse_hand(body, base.state.table.rules), base.state.next_number, client_id)
        state = play(base.state, record.to_hand())  # only the new hand is played, as it will be read back
        if _plain_append(game, state):
            _insert_hand(game, record)
        else:
            _append(game, record)
            if game.clock_started_at is None:
                game.clock_started_at = utcnow()
            mark_finished(game, state)
            db.session.flush()
        entry = extended_scored(base, game.revision, state, record.client_id)
    keep_scored(game, entry)
    return Saved(game, state, created=True, hands=entry.hands, hands_text=entry.hands_text)


def _already_recorded(body: Mapping[str, Any], state: GameState) -> bool:
    """Whether the hand's `number` is recorded already with this very hand (two phones logged the same hand)."""
    number = body.get("number")
    if not isinstance(number, int) or isinstance(number, bool) or not 1 <= number <= len(state.hands):
        return False
    try:
        return state.hands[number - 1].hand == parse_hand(body, state.table.rules)
    except RuleError:
        return False


def _has_hand(game: Game, client_id: str) -> bool:
    """Whether the game has a hand with this client-made id (one indexed lookup)."""
    found = sa.select(HandRecord.id).where(HandRecord.game_id == game.id, HandRecord.client_id == client_id)
    return db.session.scalar(found) is not None


def _append(game: Game, record: HandRecord) -> None:
    """Store a new hand without loading the others (into the list too, if it was loaded)."""
    if "hands" in sa.inspect(game).dict:
        game.hands.append(record)
    else:
        record.game_id = game.id
        db.session.add(record)


def _plain_append(game: Game, state: GameState) -> bool:
    """Whether a new hand is all this write changes: the game not otherwise changed in the transaction (time called
    by it), its hands not loaded, and still playing or still over (an end is left to the ORM, whose event on
    `finished_at` lets a night's head table call time at the other tables)."""
    session = db.session()
    return (not session.is_modified(game) and not revisions.raised_here(session, game)
            and "hands" not in sa.inspect(game).dict and (state.outcome is None) == (game.finished_at is None))


def _insert_hand(game: Game, record: HandRecord) -> None:
    """Store a new hand and raise the game's revision in two statements of their own (an INSERT and an UPDATE by
    primary key) instead of the ORM's unit of work, a third of a hand's cost; the session's copy of the game is
    told what they wrote, as a flush would have."""
    now = utcnow()
    hand = {column.key: getattr(record, column.key) for column in HAND_COLUMNS}
    db.session.execute(INSERT_HAND, {"game_id": game.id, "number": record.number, "client_id": record.client_id,
                                     "created_at": now, "updated_at": now, **hand})
    changes = {"revision": revisions.raised(db.session(), game), "updated_at": now}
    if game.clock_started_at is None:
        changes["clock_started_at"] = now
    db.session.execute(sa.update(GAME_TABLE).where(GAME_TABLE.c.id == game.id).values(changes))
    for key, value in changes.items():
        set_committed_value(game, key, value)


def _replay_with(game: Game, hands: list[Hand], changed: int) -> GameState:
    """Re-score after a change at hand `changed`; a later hand it breaks is a conflict."""
    state = start(game.table())
    for number, hand in enumerate(hands, start=1):
        try:
            state = play(state, hand)
        except RuleError as error:
            if number <= changed:
                raise
            raise Conflict(f"That change would make hand {number} impossible: {error.message}") from None
    return state


def _hand_at(game: Game, number: int) -> HandRecord:
    if not 1 <= number <= len(game.hands):
        raise NotFound(f"This game has no hand {number}.")
    return game.hands[number - 1]


def replace_hand(game_id: str, edit_key: str | None, number: int, body: Any) -> Saved:
    """Replace hand `number` and re-score everything after it."""
    with writing():
        game = lock_game(game_id)
        check_game_key(game, edit_key)
        time_runs_out(game)
        base = scored(game)
        if not 1 <= number <= len(base.state.hands):
            raise NotFound(f"This game has no hand {number}.")
        record = db.session.scalar(
            sa.select(HandRecord).where(HandRecord.game_id == game.id, HandRecord.number == number)
        )
        record.set_hand(parse_hand(body, base.state.table.rules))
        hands = [item.hand for item in base.state.hands]
        hands[number - 1] = record.to_hand()
        state = _replay_with(game, hands, number)
        mark_finished(game, state)
        db.session.flush()
        entry = new_scored(game.revision, state, base.hand_ids)
    keep_scored(game, entry)
    return Saved(game, state, created=False, hands=entry.hands, hands_text=entry.hands_text)


def delete_hand(
    game_id: str, edit_key: str | None, number: int, client_id: str | None = None, last: bool = False,
) -> Saved:
    """Remove hand `number`; later hands move up one and re-score.

    With `client_id`, the removal is idempotent: if that hand is already gone,
    nothing more is removed. With `last` (an undo), hand `number` must still be
    the last hand: a phone that has not seen a later hand never removes a middle one.
    """
    with writing():
        game = lock_game(game_id)
        check_game_key(game, edit_key)
        time_runs_out(game)
        if not is_hand_id(client_id):
            raise RuleError("id must be the id of the hand to remove (1 to 64 of A-Z, a-z, 0-9, - and _).", "id")
        if client_id is not None:
            ids = [record.client_id for record in game.hands]
            if client_id not in ids:
                return Saved(game, state_of(game), created=False)
            if ids.index(client_id) != number - 1:
                raise Conflict(f"Hand {number} is no longer the hand you meant to remove; reload and check.")
        record = _hand_at(game, number)
        if last and number != len(game.hands):
            raise Conflict(
                f"Hand {number} is no longer the last hand: another phone logged hand {len(game.hands)}. "
                "Undo again if you still mean it.",
                "number",
            )
        hands = [item.to_hand() for index, item in enumerate(game.hands) if index != number - 1]
        state = _replay_with(game, hands, number - 1)
        later = game.hands[number:]
        game.hands.remove(record)
        mark_finished(game, state)
        db.session.flush()
        for item in later:
            item.number -= 1
            db.session.flush()
        entry = new_scored(game.revision, state, [item.client_id for item in game.hands])
    keep_scored(game, entry)
    return Saved(game, state, created=False, hands=entry.hands, hands_text=entry.hands_text)


def call_time(game_id: str, edit_key: str | None, body: Any) -> Saved:
    """Time is called: the game is decided after the hand in play, if any."""
    with writing():
        game = lock_game(game_id)
        check_game_key(game, edit_key)
        body = json_object(body, empty=True)
        table = game.table()
        if table.rules.time_limit_minutes is None:
            raise Conflict("This game has no clock, so time cannot be called.")
        if game.time_called_after is not None:
            return result_of(game)
        base = scored(game)
        state = base.state
        if state.outcome:
            raise Conflict(f"The game is over: {state.outcome.reason}.")
        after = body.get("after_hand", len(state.hands))
        if not isinstance(after, int) or isinstance(after, bool) or not 0 <= after <= len(state.hands):
            raise RuleError(f"after_hand must be a hand count from 0 to {len(state.hands)}.", "after_hand")
        finish = body.get("finish_hand", False)
        if not isinstance(finish, bool):
            raise RuleError("finish_hand must be true or false.", "finish_hand")
        game.time_called_after, game.time_finish_hand, game.time_called_at = after, finish, utcnow()
        state = _replay_with(game, [item.hand for item in state.hands], after)
        mark_finished(game, state)
        db.session.flush()
        entry = new_scored(game.revision, state, base.hand_ids)
    keep_scored(game, entry)
    return Saved(game, state, created=True, hands=entry.hands, hands_text=entry.hands_text)



def start_clock(game_id: str, edit_key: str | None) -> Saved:
    """Start a timed game's clock now (the deal of hand 1); it cannot start twice."""
    with writing():
        game = lock_game(game_id)
        check_game_key(game, edit_key)
        if clock.limit_minutes(game) is None:
            raise Conflict("This game has no clock to start.")
        if game.clock_started_at is not None:
            raise Conflict(f"The clock already started at {game.clock_started_at.strftime('%H:%M:%S')} UTC.")
        if state_of(game).outcome:
            raise Conflict("The game is over, so its clock cannot start.")
        game.clock_started_at = utcnow()
        db.session.flush()
    return result_of(game)


def rotate_key(game_id: str, edit_key: str | None, body: Any) -> tuple[Saved, str]:
    """Change the game's edit key (to the one in the body, if the phone made it); returns the result and the new key.

    The same change sent again (the old key, the new key in the body) changes nothing and answers the same.
    """
    new_key = new_key_in(body)
    with writing():
        game = lock_game(game_id)
        new_key, changed = change_key(game, edit_key, new_key, check=check_game_key)
        if changed:
            touch(game)
    return Saved(game, state_of(game), created=changed), new_key
