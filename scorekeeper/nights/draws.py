"""The games of a night: draw the next one from the last one's results, call time, read a table's results."""

from __future__ import annotations

import datetime as dt
from typing import Any

import sqlalchemy as sa
from sqlalchemy import event
from sqlalchemy.orm import Session, selectinload
from sqlalchemy.orm.attributes import set_committed_value

from scorekeeper.extensions import db
from scorekeeper.games import create
from scorekeeper.games import service as games
from scorekeeper.games.models import Game
from scorekeeper.rules import Conflict
from scorekeeper.web import limits
from scorekeeper.web.database import writing
from scorekeeper.web.keys import key_hash, new_token, night_table_key, table_key
from scorekeeper.web.records import utcnow
from scorekeeper.web.revisions import touch

from .models import Night, NightRound, NightTable
from .movement import Draw, Played, next_draw, seatable
from .service import drawn, game_rules, lock, open_for_players


def own_results(table: NightTable) -> dict[int, tuple[int, bool]]:
    """Each player's own final score at a table and whether they won: the side's at four, their column at five."""
    state = games.state_of(table.game)
    found = {}
    for seat, player in enumerate(table.seats):
        column = seat if len(table.seats) == 5 else seat % 2
        found[player] = (state.scores[column], column in state.winners)
    return found


def losers(table: NightTable) -> list[int]:
    """The players of a finished table's losing side (at five, everyone but the winning pair)."""
    return [player for player, (_, won) in own_results(table).items() if not won]


def unfinished(night_round: NightRound) -> list[NightTable]:
    """The tables of a game still playing."""
    return [table for table in night_round.tables if games.state_of(table.game).outcome is None]


def load_rounds(night: Night) -> list[NightRound]:
    """Every game of the night with its tables and their games, in a few queries. Not their hands: a game's score
    is kept by its revision (games.state_of), and read from its hands' columns only when it is not."""
    rounds = db.session.scalars(sa.select(NightRound).where(NightRound.night_id == night.id)
                                .order_by(NightRound.number)
                                .options(selectinload(NightRound.tables).selectinload(NightTable.game))).all()
    if "rounds" not in sa.inspect(night).dict:  # the session holds loaded rows weakly: the night keeps these
        set_committed_value(night, "rounds", rounds)
    return night.rounds


def tables_numbered(night: Night, number: int) -> list[tuple[NightRound, NightTable]]:
    """Each game's table called `number`, the latest game first, with its game (one query)."""
    found = db.session.execute(
        sa.select(NightRound, NightTable).join(NightTable, NightTable.round_id == NightRound.id)
        .where(NightRound.night_id == night.id, NightTable.number == number)
        .order_by(NightRound.number.desc()).options(selectinload(NightTable.game))).all()
    return [(night_round, table) for night_round, table in found]


def history(night: Night) -> list[Played]:
    """The games played so far as the movement reads them: draws, winning pairs, own scores."""
    played = []
    for night_round in load_rounds(night):
        results = [own_results(table) for table in night_round.tables]
        winners = tuple(frozenset(p for p, (_, won) in result.items() if won) for result in results)
        scores = {player: score for result in results for player, (score, _) in result.items()}
        draw = Draw(tuple(tuple(table.seats) for table in night_round.tables), tuple(night_round.out))
        played.append(Played(draw, winners, scores))
    return played


def _plan(night: Night) -> Draw:
    """The next game's seating, or a Conflict saying why it cannot be drawn yet."""
    open_for_players(night)
    rounds = load_rounds(night)
    if rounds and (playing := unfinished(rounds[-1])):
        numbers = ", ".join(str(table.number) for table in playing)
        raise Conflict(f"Game {rounds[-1].number} is still being played at table {numbers}: the next game is drawn "
                       f"once every table's game is over (call time to end it everywhere).")
    players = [player.id for player in night.players]
    if seatable(len(players)) == 0:
        raise Conflict("Register at least 4 players to fill a table before drawing a game.")
    try:
        return next_draw(players, history(night), night.seed, night.movement)
    except ValueError:  # a finished game without a winning pair: the movement cannot say who moves
        raise Conflict(f"A table of game {rounds[-1].number} finished without a winning pair; the director fixes "
                       "its game, then draws again.") from None


def _game_body(night: Night, names: dict[int, str], seats: tuple[int, ...]) -> dict[str, Any]:
    """A table's game: the players in seat order (partners across), the night's rules."""
    return {"variant": night.variant, "players": [names[player] for player in seats],
            "rules": game_rules(night, len(seats))}


def draw_next(night_id: str, edit_key: str | None) -> int:
    """Draw the next game: one game per table made with create.create_game, each opened by its table's key."""
    with writing():
        night = lock(night_id, edit_key)
        plan, number = _plan(night), drawn(night) + 1
        limits.spend("RATELIMIT_TOURNAMENT_GAMES", "tournament-games", len(plan.tables), limits.TOURNAMENT_GAMES)
        names = {player.id: player.name for player in night.players}
        bodies = [_game_body(night, names, seats) for seats in plan.tables]
    made = []
    for table, body in enumerate(bodies, 1):
        game_id = new_token()
        create.create_game({**body, "id": game_id, "edit_key": night_table_key(edit_key, night_id, table)})
        made.append(game_id)
    with writing():
        night = lock(night_id, edit_key)
        if drawn(night) + 1 != number:
            raise Conflict(f"Game {number} was drawn a moment ago; reload to see it.")
        tables = [NightTable(number=table, seats=list(seats), game_id=game_id,
                             lock_key_hash=key_hash(table_key(edit_key, game_id)))
                  for table, (seats, game_id) in enumerate(zip(plan.tables, made, strict=True), 1)]
        night.rounds.append(NightRound(number=number, out=list(plan.out), tables=tables))
        touch(night)
        db.session.flush()
    return number


def call_round(night_round: NightRound, ended: str | None = None) -> int:
    """Call time at every table of a game still playing (but the game `ended` now): the hand in play is finished,
    the side ahead wins, a level table plays on (the tournament clock's time call); returns the tables called."""
    head, ids = night_round.tables[0].game_id, [table.game_id for table in night_round.tables[1:]]
    locked = []
    if ended != head:  # the head table's game first (a write that ends it has locked it already), then the others
        locked.append(db.session.scalar(sa.select(Game).where(Game.id == head).with_for_update()))
    locked += db.session.scalars(sa.select(Game).where(Game.id.in_(ids)).order_by(Game.id).with_for_update()).all()
    called = 0
    for game in locked:
        if game.time_called_after is None and games.state_of(game).outcome is None:
            game.time_called_after, game.time_finish_hand, game.time_called_at = len(game.hands), True, utcnow()
            games.touch(game)
            called += 1
    night_round.called_at = night_round.called_at or utcnow()
    return called


def call_game(night_id: str, edit_key: str | None) -> int:
    """The director calls the current game at every table (a clock, or the hour); returns the tables called."""
    with writing():
        night = lock(night_id, edit_key)
        if not night.rounds:
            raise Conflict("No game has been drawn yet, so there is nothing to call.")
        return call_round(night.rounds[-1])


@event.listens_for(Game.finished_at, "set", active_history=True)
def _head_table_ends(game: Game, value, old, _initiator) -> None:
    """When a night's head table finishes its game, time is called at every other table of that game."""
    session = Session.object_session(game)
    if value is None or isinstance(old, dt.datetime) or session is None:
        return
    with session.no_autoflush:
        head = session.scalar(sa.select(NightTable).where(NightTable.game_id == game.id, NightTable.number == 1))
        night_round = session.get(NightRound, head.round_id) if head is not None else None
        if night_round is not None and night_round.called_at is None:
            call_round(night_round, ended=game.id)
