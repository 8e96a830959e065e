"""Game operations shared by the API and the pages: create, record, fix, undo, time."""

from __future__ import annotations

import json
import re
import uuid
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import timedelta
from typing import Any

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm.attributes import set_committed_value

from scorekeeper.extensions import db
from scorekeeper.groups.models import Group
from scorekeeper.nights.models import Night, NightRound, NightTable
from scorekeeper.rules import (
    Conflict,
    GameState,
    Hand,
    RuleError,
    ScoredHand,
    Table,
    TimeCall,
    hand_to_dict,
    make_table,
    parse_hand,
    play,
    score,
    start,
)
from scorekeeper.web import revisions
from scorekeeper.web.database import writing
from scorekeeper.web.jsontext import json_object
from scorekeeper.web.keys import (
    Forbidden,
    change_key,
    check_key,
    is_token,
    key_hash,
    key_matches,
    new_key_in,
    new_token,
    opened,
)
from scorekeeper.web.records import NotFound, utcnow

from . import clock
from . import scored as scorecache
from .models import HAND_COLUMNS, Game, HandRecord, hand_from
from .scored import Scored

HAND_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
MAX_HANDS = 500  # far more than any game needs
WRITTEN = "scored_by_write"  # a written game's InstanceState.info: the Scored the write answered with
NO_GAME = "There is no game at this address. Check the link."


@dataclass
class Saved:
    """A game as a write saved it (or a read found it), and whether the write created something new.

    `hands`, when known, are the hands as the API shows them (with their ids), so
    no hand row need be loaded to answer.
    """

    game: Game
    state: GameState
    created: bool
    hands: tuple[dict[str, Any], ...] | None = None
    hands_text: str | None = None


def touch(game: Game) -> int:
    """Raise a locked game's revision in this transaction, for a write no column shows; returns it.

    Every write to the game's columns or hands raises it already (web/revisions.py).
    """
    return revisions.touch(game)


def check_game_key(game: Game, edit_key: str | None) -> None:
    """Raise Forbidden unless `edit_key` opens the game: its own key, or its group's while it is in one."""
    if game.group_id is not None and edit_key and key_matches(db.session.get(Group, game.group_id), edit_key):
        opened()
        return
    try:
        check_key(game, edit_key)
    except Forbidden as refused:
        if refused.replaced and signed(game):
            raise Forbidden(missing=False, realm="scorecard", replaced=True) from None
        raise


def signed(game: Game) -> bool:
    """Whether the game is a night's table whose scorecard the losing side has signed."""
    found = sa.select(NightTable.id).where(NightTable.game_id == game.id, NightTable.signed_by.is_not(None))
    return db.session.scalar(found) is not None


def mark_finished(game: Game, state: GameState) -> None:
    """Keep when the game finished: now, if this write finished it; nothing, if it is playing again."""
    if state.outcome is None and game.finished_at is not None:
        game.finished_at = None
    elif state.outcome is not None and game.finished_at is None:
        game.finished_at = utcnow()


def get_game(game_id: str) -> Game:
    """The game called `game_id`, or NotFound; if its clock has run out, time is called first."""
    game = db.session.get(Game, game_id) if is_token(game_id) else None
    if game is None:
        raise NotFound(NO_GAME)
    if clock.has_run_out(game) and not state_of(game).outcome:
        with writing():
            game = lock_game(game_id)
            time_runs_out(game)
    return game


# What "has the game changed?" reads: one statement built once, over the table (no ORM step a poll).
_GAME = Game.__table__
REVISION_QUERY = sa.select(_GAME.c.revision, _GAME.c.rules, _GAME.c.clock_started_at, _GAME.c.time_called_after).where(
    _GAME.c.id == sa.bindparam("game_id"))


INSERT_HAND = sa.insert(HandRecord.__table__)
HAND_ROWS = sa.select(HandRecord.client_id, *HAND_COLUMNS).where(
    HandRecord.game_id == sa.bindparam("game_id"), HandRecord.number > sa.bindparam("after"),
).order_by(HandRecord.number)
LOCK_GAME = sa.select(Game).where(Game.id == sa.bindparam("game_id")).with_for_update()

# The night whose head table plays a game, and its lock: built once, over the tables (every game write asks).
_TABLE, _ROUND, _NIGHT = NightTable.__table__, NightRound.__table__, Night.__table__
HEAD_TABLE_NIGHT = sa.select(_ROUND.c.night_id).join(_TABLE, _TABLE.c.round_id == _ROUND.c.id).where(
    _TABLE.c.game_id == sa.bindparam("game_id"), _TABLE.c.number == 1)
NIGHT_LOCK = sa.select(_NIGHT.c.id).where(_NIGHT.c.id == sa.bindparam("night_id")).with_for_update()


def revision_of(game_id: str) -> int:
    """The stored revision of `game_id` in one small query, or NotFound; a clock at zero is settled first."""
    row = db.session.execute(REVISION_QUERY, {"game_id": game_id}).one_or_none() if is_token(game_id) else None
    if row is None:
        raise NotFound(NO_GAME)
    limit = row.rules.get("time_limit_minutes")
    running = limit is not None and row.clock_started_at is not None and row.time_called_after is None
    if running and utcnow() >= row.clock_started_at + timedelta(minutes=limit):
        return get_game(game_id).revision  # time may be called now, by this request
    return row.revision


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
    """Score a stored game: kept from an earlier read of its revision, or replayed from its hands."""
    return scored(game).state


def result_of(game: Game, state: GameState | None = None) -> Saved:
    """A stored game as every read answers it (given `state`, that state: the hands a write scored it with)."""
    written = sa.inspect(game).info.get(WRITTEN)
    entry = written if state is not None and written is not None and written.state is state else scored(game)
    if state is not None and state is not entry.state:
        return Saved(game, state, created=False)
    return Saved(game, entry.state, created=False, hands=entry.hands, hands_text=entry.hands_text)


def scored(game: Game) -> Scored:
    """The game scored at its revision: from the cache, or replayed from its hands and then kept.

    A game changed in the open transaction is replayed and not kept: its revision
    is not committed yet.
    """
    unchanged = not (revisions.raised_here(db.session(), game) or db.session.is_modified(game))
    kept = scorecache.get(game.id, game.revision) if unchanged else None
    if kept is not None:
        return kept
    if unchanged:  # the stored hands are the game's: read their columns alone, no ORM object a hand
        entry = _caught_up(game)
    else:
        records = list(game.hands)
        state = score(game.table(), [record.to_hand() for record in records])
        entry = _scored(game.revision, state, [record.client_id for record in records])
    if unchanged and _still_at(game):
        scorecache.put(game.id, entry)
    return entry


def _caught_up(game: Game) -> Scored:
    """The game scored from its stored hands. Where this process kept it at an earlier revision with the same table
    (a write on another worker since), and the revision has risen by exactly the number of hands stored after the
    kept ones, every write since appended one hand: each write raises the revision once and adds at most one hand,
    and only an append adds one. Then only those hands are read and played on what was kept. Anything else (a hand
    fixed or removed, time called, a new key) reads and replays every hand.
    """
    table, base = game.table(), scorecache.latest(game.id)
    if base is not None and base.revision < game.revision and base.state.table == table:
        rows = _hand_rows(game.id, after=len(base.hand_ids))
        if len(rows) == game.revision - base.revision:
            entry = replace(base, revision=game.revision)
            for hand_id, *hand in rows:
                entry = _extended(entry, game.revision, play(entry.state, hand_from(*hand)), hand_id)
            return entry
    rows = _hand_rows(game.id)
    return _scored(game.revision, score(table, [hand_from(*hand) for _, *hand in rows]), [row[0] for row in rows])


def _hand_rows(game_id: str, after: int = 0) -> list[sa.Row]:
    """The stored hands numbered after `after`, in order: each its client id and HAND_COLUMNS."""
    return db.session.execute(HAND_ROWS, {"game_id": game_id, "after": after}).all()


def _keep(game: Game, entry: Scored) -> None:
    """Keep what a write scored: in the cache, and with the game it wrote (so its answer shows that write's hands,
    whatever another worker commits after)."""
    sa.inspect(game).info[WRITTEN] = entry
    scorecache.put(game.id, entry)


def _still_at(game: Game) -> bool:
    """Whether the stored game is still at the revision its hands were read for (PostgreSQL reads each
    statement afresh, so a write may have landed between reading the game and its hands)."""
    return db.session.scalar(sa.select(Game.revision).where(Game.id == game.id)) == game.revision


def hand_json(table: Table, scored_hand: ScoredHand, hand_id: str) -> dict[str, Any]:
    """One hand as the API shows it, with its id."""
    return {"id": hand_id, **hand_to_dict(table, scored_hand)}


def _scored(revision: int, state: GameState, hand_ids: Sequence[str]) -> Scored:
    """A cache entry for `state`, its hands shown once."""
    hands = tuple(hand_json(state.table, item, hand_id) for item, hand_id in zip(state.hands, hand_ids, strict=True))
    return Scored(revision, state, tuple(hand_ids), hands, "[" + ",".join(map(_text, hands)) + "]")


def _extended(base: Scored, revision: int, state: GameState, hand_id: str) -> Scored:
    """`base` with the one hand just played on it; the hands' JSON text grows by that hand only."""
    added = hand_json(state.table, state.hands[-1], hand_id)
    text = f"[{_text(added)}]" if not base.hands else f"{base.hands_text[:-1]},{_text(added)}]"
    return Scored(revision, state, (*base.hand_ids, hand_id), (*base.hands, added), text)


def _text(value: Any) -> str:
    """JSON text as the API writes it."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def lock_game(game_id: str) -> Game:
    """Load a game for writing, its row locked until commit (PostgreSQL); a night's head table locks its night first."""
    if not is_token(game_id):
        raise NotFound(NO_GAME)
    _lock_night_of_head_table(game_id)
    game = db.session.execute(LOCK_GAME, {"game_id": game_id}).scalar()
    if game is None:
        raise NotFound(NO_GAME)
    return game


def _lock_night_of_head_table(game_id: str) -> None:
    """Lock the night's row if the game is played at a night's head table.

    The head table's end calls time at the night's other tables and raises the night's revision, so a write to its
    game may lock the other games and the night. Every write that holds a night's row and a table's game (a
    signature, the director's call, a key change) takes the night first; a head table's write does too, so no two
    writes wait on each other in a circle.
    """
    night_id = db.session.execute(HEAD_TABLE_NIGHT, {"game_id": game_id}).scalar()
    if night_id is not None:
        db.session.execute(NIGHT_LOCK, {"night_id": night_id})


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
        if len(base.state.hands) >= MAX_HANDS:
            raise Conflict(f"This game holds {MAX_HANDS} hands, the most a game can; start a new one.")
        record = _record(parse_hand(body, base.state.table.rules), base.state.next_number, client_id)
        state = play(base.state, record.to_hand())  # only the new hand is played, as it will be read back
        if _plain_append(game, state):
            _insert_hand(game, record)
        else:
            _append(game, record)
            if game.clock_started_at is None:
                game.clock_started_at = utcnow()
            mark_finished(game, state)
            db.session.flush()
        entry = _extended(base, game.revision, state, record.client_id)
    _keep(game, entry)
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
    db.session.execute(sa.update(_GAME).where(_GAME.c.id == game.id).values(changes))
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
        entry = _scored(game.revision, state, base.hand_ids)
    _keep(game, entry)
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
        entry = _scored(game.revision, state, [item.client_id for item in game.hands])
    _keep(game, entry)
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
        entry = _scored(game.revision, state, base.hand_ids)
    _keep(game, entry)
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
