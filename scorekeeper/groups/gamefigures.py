"""What one played game adds to its group's figures (who sat where, who won, each seat's bids), worked out once
per game revision through the rules engine and kept per worker (GameFigures). Games not kept yet (a worker just
started) are counted together, their hands read in one query per CHUNK games (`prime`), never one query per game.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

import sqlalchemy as sa

from scorekeeper.extensions import db
from scorekeeper.games import service as games
from scorekeeper.games.models import HAND_COLUMNS, Game, HandRecord, hand_from
from scorekeeper.rules import GameState, Hand, score
from scorekeeper.sheet.stats import PlayerStats, bid_levels, cards_taken, player_stats
from scorekeeper.web import memory, revisions

KEPT = 20000  # games' figures kept in memory (a few hundred bytes each)
CHUNK = 500  # games whose hands one query reads (well under any database's limit of bound values)


@dataclass(frozen=True)
class GameFigures:
    """What one game, at one revision, adds to its group's figures."""

    revision: int
    finished: dt.datetime | None  # when it finished, or None while it is played
    teams: tuple[tuple[int, ...], ...]  # the seats of each team
    winner: int | None
    seats: tuple[PlayerStats, ...]  # each seat's bids and hands sat out
    scores: tuple[int, ...]
    labels: tuple[str, ...]  # what the table calls each team
    hand_points: tuple[tuple[int, int, int, int], ...] = ()  # each seat's HAND_POINTS (card-point games only)
    bidding: tuple[tuple[tuple, ...], ...] = ()  # each seat's bids by level (scorekeeper.stats.bid_levels)
    cards: tuple[tuple[tuple[str, int, int], ...], ...] = ()  # each seat's team's points taken (cards_taken)
    winners: tuple[int, ...] = ()  # the teams that won: the winner, or at a table of five the winning pair's seats

    @property
    def won(self) -> frozenset[int]:
        """The seats that won the game: the winning team's, or at a table of five each player of the pair."""
        return frozenset(seat for team in self.winners for seat in self.teams[team])


def hand_points(state: GameState) -> tuple[tuple[int, int, int, int], ...]:
    """Each seat's hands as bidders (their team bid) and as defenders (another team bid), with the points their team
    took in them: in a card-point game only (a hand given as points counts for the points given); zeros otherwise."""
    table = state.table
    team_of = {seat: team for team, seats in enumerate(table.teams) for seat in seats}
    found = [[0, 0, 0, 0] for _ in table.players]
    if table.rules.scheme != "card_points":
        return tuple(tuple(line) for line in found)
    for scored in state.hands:
        if scored.hand.misdeal:
            continue
        if table.rules.sit_out:  # five at a table: the sides of this hand, the dealer counted for neither
            team_of = {seat: side for side, seats in enumerate(table.sides(scored.dealer)) for seat in seats}
        bidders = team_of[scored.hand.bidder]
        for seat, line in enumerate(found):
            if seat not in team_of:
                continue
            side = 0 if team_of[seat] == bidders else 2
            line[side] += 1
            line[side + 1] += scored.points[team_of[seat]]
    return tuple(tuple(line) for line in found)


def finished_time(game: Game, state: GameState, last_hand_at: Callable[[], dt.datetime | None]) -> dt.datetime | None:
    """When the game finished: the write that finished it; for a game finished before that was kept, its last
    hand's time (asked of `last_hand_at` only then), else its creation."""
    if state.outcome is None:
        return None
    if game.finished_at is not None:
        return game.finished_at
    return last_hand_at() or game.created_at


def count_game(game: Game, state: GameState, last_hand_at: Callable[[], dt.datetime | None]) -> GameFigures:
    """What `game`, scored as `state`, adds up to."""
    table = state.table
    return GameFigures(
        revision=game.revision, finished=finished_time(game, state, last_hand_at),
        teams=tuple(tuple(seats) for seats in table.teams), winner=state.winner,
        seats=tuple(player_stats(state)), scores=tuple(state.scores),
        labels=tuple(table.team_label(team) for team in range(len(table.teams))),
        hand_points=hand_points(state), bidding=bid_levels(state), cards=cards_taken(state), winners=state.winners,
    )


def _last_hand_at(game_id: str) -> dt.datetime | None:
    """When the game's last hand was stored."""
    query = (sa.select(HandRecord.created_at).where(HandRecord.game_id == game_id)
             .order_by(HandRecord.number.desc()).limit(1))
    return db.session.scalar(query)


def figures(game: Game) -> GameFigures:
    """What `game` adds up to at its revision: kept from an earlier view, or counted now through the engine."""
    kept = kept_store()
    entry = kept.get(game.id, game.revision)
    if entry is None:
        entry = count_game(game, games.state_of(game), lambda: _last_hand_at(game.id))
        kept.put(game.id, entry)
    return entry


def prime(played: Sequence[Game]) -> None:
    """Count and keep the figures of the games of `played` not kept at their revision: their hands' columns read
    together, one query per CHUNK games, then each game scored through the engine. A game written since it was read
    (its revision moved, or it is written in this transaction) is left to `figures`."""
    kept, session = kept_store(), db.session()
    waiting = [game for game in played if kept.get(game.id, game.revision) is None
               and not (revisions.raised_here(session, game) or session.is_modified(game))]
    for start in range(0, len(waiting), CHUNK):
        chunk = {game.id: game for game in waiting[start:start + CHUNK]}
        hands: dict[str, list[Hand]] = defaultdict(list)
        last_at: dict[str, dt.datetime] = {}
        query = (sa.select(HandRecord.game_id, HandRecord.created_at, *HAND_COLUMNS)
                 .where(HandRecord.game_id.in_(list(chunk))).order_by(HandRecord.game_id, HandRecord.number))
        for row in session.execute(query):
            hands[row[0]].append(hand_from(*row[2:]))
            last_at[row[0]] = row[1]
        query = sa.select(Game.id, Game.revision).where(Game.id.in_(list(chunk)))
        now = {row.id: row.revision for row in session.execute(query)}
        for game_id, game in chunk.items():
            if now.get(game_id) == game.revision:  # the hands read are the ones of this revision
                state = score(game.table(), hands[game_id])
                kept.put(game_id, count_game(game, state, partial(last_at.get, game_id)))


def kept_store(name: str = "group_figures", size: int = KEPT) -> memory.Latest:
    """One of this app's stores of what was made at a revision: games' figures, or groups' ratings."""
    return memory.kept(name, lambda: memory.Latest(size))
