"""Game operations shared by the API and the pages: create, record, fix, undo, time."""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError

from . import clock
from .database import writing
from .extensions import db
from .models import Game, HandRecord, utcnow
from .rules import Conflict, GameState, Hand, RuleError, TimeCall, make_table, parse_hand, play, score, start

TOKEN = re.compile(r"[A-Za-z0-9_-]{22,64}")
HAND_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
MAX_HANDS = 500  # far more than any game needs; every write replays them all
NO_GAME = "There is no game at this address. Check the link."


class NotFound(Exception):
    """No such game or hand."""


class Forbidden(Exception):
    """The edit key is missing (`missing`) or wrong."""

    def __init__(self, missing: bool):
        super().__init__("missing" if missing else "wrong")
        self.missing = missing


@dataclass
class Result:
    """A game after a write, and whether the write created something new."""

    game: Game
    state: GameState
    created: bool


def new_token() -> str:
    """A random URL-safe token of 128 bits."""
    return secrets.token_urlsafe(16)


def key_hash(edit_key: str) -> str:
    """What is stored of an edit key."""
    return hashlib.sha256(edit_key.encode()).hexdigest()


def key_matches(game: Game, edit_key: str | None) -> bool:
    """Whether `edit_key` is this game's, compared in constant time."""
    if not edit_key:
        return False
    return hmac.compare_digest(key_hash(edit_key), game.edit_key_hash)


def check_key(game: Game, edit_key: str | None) -> None:
    """Raise Forbidden unless `edit_key` opens this game."""
    if not edit_key:
        raise Forbidden(missing=True)
    if not key_matches(game, edit_key):
        raise Forbidden(missing=False)


def is_token(value: Any) -> bool:
    """Whether `value` has the shape of a game id or edit key."""
    return isinstance(value, str) and TOKEN.fullmatch(value) is not None


def get_game(game_id: str) -> Game:
    """The game called `game_id`, or NotFound; if its clock has run out, time is called first."""
    game = db.session.get(Game, game_id) if is_token(game_id) else None
    if game is None:
        raise NotFound(NO_GAME)
    if clock.has_run_out(game) and not state_of(game).outcome:
        with writing():
            game = _lock(game_id)
            time_runs_out(game)
    return game


def time_runs_out(game: Game) -> bool:
    """At zero the server calls time: after the hands recorded so far, the hand in play to be finished.

    Called on a locked game by every write and by get_game, so the first request
    after the clock runs out, whoever sends it, decides it. Returns whether time
    was called now.
    """
    if not clock.has_run_out(game) or state_of(game).outcome:
        return False
    game.time_called_after, game.time_finish_hand, game.time_called_at = len(game.hands), True, clock.ends_at(game)
    return True


def state_of(game: Game) -> GameState:
    """Score a stored game by replaying its hands."""
    return score(game.table(), [record.to_hand() for record in game.hands])


def _lock(game_id: str) -> Game:
    """Load a game for writing, its row locked until commit (PostgreSQL)."""
    if not is_token(game_id):
        raise NotFound(NO_GAME)
    game = db.session.scalar(sa.select(Game).where(Game.id == game_id).with_for_update())
    if game is None:
        raise NotFound(NO_GAME)
    return game


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
    if len(hands) > MAX_HANDS:
        raise RuleError(f"A game holds at most {MAX_HANDS} hands.", "hands")
    return hands


def _same_setup(game: Game, variant: str, table, edit_key: str) -> bool:
    return (
        key_matches(game, edit_key) and game.variant == variant and list(table.players) == game.players
        and table.rules.to_dict() == game.rules
        and (list(table.team_names) if table.team_names else None) == game.team_names
    )


def create_game(body: Any) -> tuple[Result, str]:
    """Create a game from a POST body; returns the result and the edit key."""
    if not isinstance(body, Mapping):
        raise RuleError("The body must be a JSON object describing the game.")
    raw_hands = _hand_list(body)
    call = _time_call(body.get("time_called"), len(raw_hands))
    try:
        table = make_table(body.get("variant"), body.get("players"), body.get("team_names"), body.get("rules"), call)
    except Conflict as error:  # a time call on a game without a clock: in a new game it is a bad body
        raise RuleError(error.message, "time_called") from None
    game_id, edit_key = _client_token(body, "id"), _client_token(body, "edit_key")
    if (game_id is None) != (edit_key is None):
        raise RuleError("A game made on the phone sends both its id and its edit_key.", "edit_key" if game_id else "id")
    records = _replay_new(table, raw_hands)
    game_id, edit_key = game_id or new_token(), edit_key or new_token()
    variant = body["variant"]  # make_table has checked that it names a preset
    try:
        return _insert_game(game_id, edit_key, variant, table, records), edit_key
    except IntegrityError:  # the same id was stored a moment ago, by a request running alongside
        return _existing(game_id, edit_key, variant, table), edit_key


def _existing(game_id: str, edit_key: str, variant: str, table) -> Result:
    """The game already stored under a client-made id: the same game again, or a conflict."""
    game = db.session.get(Game, game_id)
    if game is None or not _same_setup(game, variant, table, edit_key):
        raise Conflict("That game id is already taken by another game.", "id")
    return Result(game, state_of(game), created=False)


def _insert_game(game_id: str, edit_key: str, variant: str, table, records: list[HandRecord]) -> Result:
    """Store a new game and its imported hands, unless the id is taken."""
    with writing():
        if db.session.get(Game, game_id) is not None:
            return _existing(game_id, edit_key, variant, table)
        game = Game(
            id=game_id, edit_key_hash=key_hash(edit_key), variant=variant,
            players=list(table.players), team_names=list(table.team_names) if table.team_names else None,
            rules=table.rules.to_dict(),
        )
        if table.time_call is not None:
            game.time_called_after, game.time_finish_hand = table.time_call.after_hand, table.time_call.finish_hand
            game.time_called_at = utcnow()
        game.hands = records
        db.session.add(game)
        db.session.flush()
    return Result(game, state_of(game), created=True)


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
        record = _record(hand, index, raw.get("id"))
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


def _record(hand: Hand, number: int, client_id: Any) -> HandRecord:
    if not is_hand_id(client_id):
        raise RuleError("A hand id must be 1 to 64 characters of A-Z, a-z, 0-9, - and _.", "id")
    record = HandRecord(number=number, client_id=client_id or str(uuid.uuid4()))
    record.set_hand(hand)
    return record


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


def add_hand(game_id: str, edit_key: str | None, body: Any) -> Result:
    """Record the next hand; a hand id already recorded adds nothing."""
    for attempt in range(3):
        try:
            return _add_hand_once(game_id, edit_key, body)
        except IntegrityError:
            if attempt == 2:
                raise Conflict("The game changed while this hand was being recorded; send it again.") from None
    raise AssertionError("unreachable")


def _add_hand_once(game_id: str, edit_key: str | None, body: Any) -> Result:
    with writing():
        game = _lock(game_id)
        check_key(game, edit_key)
        if not isinstance(body, Mapping):
            raise RuleError("A hand must be a JSON object.")
        time_runs_out(game)
        client_id = body.get("id")
        if client_id is not None and any(record.client_id == client_id for record in game.hands):
            return Result(game, state_of(game), created=False)
        state = state_of(game)
        _check_number(body, state.next_number)
        if len(state.hands) >= MAX_HANDS:
            raise Conflict(f"This game holds {MAX_HANDS} hands, the most a game can; start a new one.")
        hand = parse_hand(body, state.table.rules)
        state = play(state, hand)
        game.hands.append(_record(hand, state.hands[-1].number, client_id))
        if game.clock_started_at is None:
            game.clock_started_at = utcnow()
        db.session.flush()
    return Result(game, state, created=True)


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


def replace_hand(game_id: str, edit_key: str | None, number: int, body: Any) -> Result:
    """Replace hand `number` and re-score everything after it."""
    with writing():
        game = _lock(game_id)
        check_key(game, edit_key)
        time_runs_out(game)
        record = _hand_at(game, number)
        hand = parse_hand(body, game.table().rules)
        hands = [item.to_hand() for item in game.hands]
        hands[number - 1] = hand
        state = _replay_with(game, hands, number)
        record.set_hand(hand)
        db.session.flush()
    return Result(game, state, created=False)


def delete_hand(game_id: str, edit_key: str | None, number: int, client_id: str | None = None) -> Result:
    """Remove hand `number`; later hands move up one and re-score.

    With `client_id`, the removal is idempotent: if that hand is already gone,
    nothing more is removed.
    """
    with writing():
        game = _lock(game_id)
        check_key(game, edit_key)
        time_runs_out(game)
        if not is_hand_id(client_id):
            raise RuleError("id must be the id of the hand to remove (1 to 64 of A-Z, a-z, 0-9, - and _).", "id")
        if client_id is not None:
            ids = [record.client_id for record in game.hands]
            if client_id not in ids:
                return Result(game, state_of(game), created=False)
            if ids.index(client_id) != number - 1:
                raise Conflict(f"Hand {number} is no longer the hand you meant to remove; reload and check.")
        record = _hand_at(game, number)
        hands = [item.to_hand() for index, item in enumerate(game.hands) if index != number - 1]
        state = _replay_with(game, hands, number - 1)
        later = game.hands[number:]
        game.hands.remove(record)
        db.session.flush()
        for item in later:
            item.number -= 1
            db.session.flush()
    return Result(game, state, created=False)


def call_time(game_id: str, edit_key: str | None, body: Any) -> Result:
    """Time is called: the game is decided after the hand in play, if any."""
    with writing():
        game = _lock(game_id)
        check_key(game, edit_key)
        body = body if body is not None else {}
        if not isinstance(body, Mapping):
            raise RuleError("The body must be a JSON object (or empty).")
        table = game.table()
        if table.rules.time_limit_minutes is None:
            raise Conflict("This game has no clock, so time cannot be called.")
        if game.time_called_after is not None:
            return Result(game, state_of(game), created=False)
        state = state_of(game)
        if state.outcome:
            raise Conflict(f"The game is over: {state.outcome.reason}.")
        after = body.get("after_hand", len(state.hands))
        if not isinstance(after, int) or isinstance(after, bool) or not 0 <= after <= len(state.hands):
            raise RuleError(f"after_hand must be a hand count from 0 to {len(state.hands)}.", "after_hand")
        finish = body.get("finish_hand", False)
        if not isinstance(finish, bool):
            raise RuleError("finish_hand must be true or false.", "finish_hand")
        game.time_called_after, game.time_finish_hand, game.time_called_at = after, finish, utcnow()
        state = _replay_with(game, [record.to_hand() for record in game.hands], after)
    return Result(game, state, created=True)

