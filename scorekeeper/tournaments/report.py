"""What the standings show, derived at read time from the games' stored hands (nothing is copied)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

import sqlalchemy as sa
from sqlalchemy.orm import selectinload

from scorekeeper.extensions import db
from scorekeeper.games import clock
from scorekeeper.games import service as games
from scorekeeper.games.models import Game
from scorekeeper.rules import Conflict, GameState, RuleError
from scorekeeper.web.database import writing
from scorekeeper.web.jsontext import json_object

from . import rounds
from .models import Pairing, Tournament, TournamentTeam
from .service import get_tournament, lock
from .standings import Line, Payout, Result, TieBreak, leaders, payout, standings, ties

MISDEALS_FLAGGED = 3  # a table with this many misdeals in one game is worth the coordinator's look
MINUTE = timedelta(minutes=1)


@dataclass
class RoundTable:
    """A table of a round as the standings show it: its game scored, its clock, its misdeals."""

    pairing: Pairing
    state: GameState | None = None
    misdeals: int = 0
    remaining: int | None = None

    @property
    def finished(self) -> bool:
        """Whether the game at this table is over (a bye counts as over)."""
        return self.state is None or self.state.outcome is not None


@dataclass
class Report:
    """The whole tournament at one moment."""

    tournament: Tournament
    teams: dict[int, TournamentTeam]
    tables: list[RoundTable]
    lines: list[Line[int]]
    status: str
    payout: Payout
    tie_breaks: list[dict[str, Any]] = field(default_factory=list)

    @property
    def flagged(self) -> list[RoundTable]:
        """Tables whose game has had MISDEALS_FLAGGED misdeals or more."""
        return [table for table in self.tables if table.misdeals >= MISDEALS_FLAGGED]

    @property
    def winner(self) -> TournamentTeam | None:
        """The winning team, once every game is over and no tie is left at the top."""
        return self.teams[leaders(self.lines)[0]] if self.status == "finished" else None

    @property
    def tied_for_first(self) -> list[TournamentTeam]:
        """The teams that share first place."""
        return [self.teams[team] for team in leaders(self.lines)] if len(leaders(self.lines)) > 1 else []

    def round_numbers(self) -> list[int]:
        """The rounds drawn so far, in order."""
        return sorted({table.pairing.round_number for table in self.tables})


def _pairings(tournament: Tournament) -> Sequence[Pairing]:
    """The tournament's tables with their games and hands, in three queries."""
    query = (
        sa.select(Pairing).where(Pairing.tournament_id == tournament.id).order_by(Pairing.id)
        .options(selectinload(Pairing.game).selectinload(Game.hands))
    )
    return db.session.scalars(query).all()


def _table(pairing: Pairing) -> RoundTable:
    if pairing.game is None:
        return RoundTable(pairing)
    game = pairing.game
    misdeals = sum(1 for hand in game.hands if hand.misdeal)
    return RoundTable(pairing, games.state_of(game), misdeals, clock.remaining_seconds(game))


def _status(tournament: Tournament, tables: list[RoundTable], lines: list[Line[int]]) -> str:
    if not tables:
        return "registering"
    if rounds.drawn(tournament) < tournament.games_per_team or not all(table.finished for table in tables):
        return "playing"
    return "tie_break" if len(leaders(lines)) > 1 else "finished"


def build(tournament: Tournament) -> Report:
    """The report as the stored facts give it now."""
    tables = [_table(pairing) for pairing in _pairings(tournament)]
    results = [
        Result(tuple(table.pairing.team_ids), tuple(table.state.scores), table.state.winner, table.state.winners)
        for table in tables if table.state is not None and table.state.outcome is not None
    ]
    recorded = [TieBreak(frozenset(item["teams"]), item["winner"]) for item in tournament.tie_breaks]
    order = sorted(tournament.teams, key=lambda team: (team.name.casefold(), team.id))
    lines = standings([team.id for team in order], results, recorded)
    decided = {line.team for line in lines if line.tie_break}
    tie_breaks = [{**item, "applied": item["winner"] in decided} for item in tournament.tie_breaks]
    return Report(
        tournament, {team.id: team for team in tournament.teams}, tables, lines, _status(tournament, tables, lines),
        payout(len(tournament.teams), tournament.entry_fee_cents, tournament.payout_percent), tie_breaks,
    )


def report(tournament_id: str) -> Report:
    """The report of a tournament; a game whose clock has run out gets time called first (games.get_game)."""
    found = build(get_tournament(tournament_id))
    due = [table.pairing.game_id for table in found.tables
           if not table.finished and clock.has_run_out(table.pairing.game)]
    for game_id in due:
        games.get_game(game_id)
    return build(get_tournament(tournament_id)) if due else found


def _tie_break_teams(tournament: Tournament, body: Any) -> tuple[list[int], int]:
    """The tied teams and the winner of their hand, from the body."""
    body = json_object(body, " naming the tied teams and the winner of the hand")
    ids = {team.id for team in tournament.teams}
    teams = body.get("teams")
    known = isinstance(teams, list) and all(type(team) is int and team in ids for team in teams)
    if not known or len(teams) < 2 or len(set(teams)) != len(teams):
        raise RuleError("teams must list two or more different team ids of this tournament.", "teams")
    winner = body.get("winner")
    if type(winner) is not int or winner not in teams:
        raise RuleError("winner must be the id of one of the teams that played the tie-break hand.", "winner")
    return sorted(teams), winner


def record_tie_break(tournament_id: str, edit_key: str | None, body: Any) -> Report:
    """Record who won the one hand dealt between tied teams; returns the new report."""
    report(tournament_id)  # every clock that has run out is settled before the tie is judged
    with writing():
        tournament = lock(tournament_id, edit_key)
        teams, winner = _tie_break_teams(tournament, body)
        before = build(tournament)
        if before.status not in ("tie_break", "finished"):
            raise Conflict("The tie-break hand is dealt once every game of every round is over.")
        if frozenset(teams) not in ties(before.lines):
            raise Conflict("Those teams are not tied: a tie-break hand is between exactly the teams that share a rank.",
                           "teams")
        tournament.tie_breaks = [*tournament.tie_breaks, {"teams": teams, "winner": winner}]
        db.session.flush()
    return report(tournament_id)
