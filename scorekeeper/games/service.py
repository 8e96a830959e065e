"""A stored game read and locked: found by its id, its key checked, its revision and its scored state (kept per
worker in scored.py). Its writes are create.py's (a new game) and hands.py's (everything after)."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import timedelta
from typing import Any

import sqlalchemy as sa

from scorekeeper.extensions import db
from scorekeeper.groups.models import Group
from scorekeeper.nights.models import Night, NightRound, NightTable
from scorekeeper.rules import GameState, ScoredHand, Table, hand_to_dict, play, score
from scorekeeper.web import records, revisions
from scorekeeper.web.database import writing
from scorekeeper.web.keys import Forbidden, check_key, is_token, key_matches, opened
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
    game = records.found(Game, game_id, NO_GAME)
    if clock.has_run_out(game) and not state_of(game).outcome:
        with writing():
            game = lock_game(game_id)
            time_runs_out(game)
    return game


# What "has the game changed?" reads: one statement built once, over the table (no ORM step a poll).
GAME_TABLE = Game.__table__
REVISION_QUERY = sa.select(
    GAME_TABLE.c.revision, GAME_TABLE.c.rules, GAME_TABLE.c.clock_started_at, GAME_TABLE.c.time_called_after,
).where(GAME_TABLE.c.id == sa.bindparam("game_id"))


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
        entry = new_scored(game.revision, state, [record.client_id for record in records])
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
                entry = extended_scored(entry, game.revision, play(entry.state, hand_from(*hand)), hand_id)
            return entry
    rows = _hand_rows(game.id)
    return new_scored(game.revision, score(table, [hand_from(*hand) for _, *hand in rows]), [row[0] for row in rows])


def _hand_rows(game_id: str, after: int = 0) -> list[sa.Row]:
    """The stored hands numbered after `after`, in order: each its client id and HAND_COLUMNS."""
    return db.session.execute(HAND_ROWS, {"game_id": game_id, "after": after}).all()


def keep_scored(game: Game, entry: Scored) -> None:
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


def new_scored(revision: int, state: GameState, hand_ids: Sequence[str]) -> Scored:
    """A cache entry for `state`, its hands shown once."""
    hands = tuple(hand_json(state.table, item, hand_id) for item, hand_id in zip(state.hands, hand_ids, strict=True))
    return Scored(revision, state, tuple(hand_ids), hands, "[" + ",".join(map(_text, hands)) + "]")


def extended_scored(base: Scored, revision: int, state: GameState, hand_id: str) -> Scored:
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
