"""Rounds: draw the next one (creating each table's game), start its clocks."""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa

from .. import games
from ..database import writing
from ..extensions import db
from ..models import Game, utcnow
from ..rules import Conflict
from .models import Pairing, Tournament, TournamentTeam
from .pairing import Round, schedule
from .service import lock


def drawn(tournament: Tournament) -> int:
    """How many rounds have been drawn."""
    return max((pairing.round_number for pairing in tournament.pairings), default=0)


def round_of(tournament: Tournament, number: int) -> list[Pairing]:
    """The tables and byes of round `number`, or NotFound."""
    found = [pairing for pairing in tournament.pairings if pairing.round_number == number]
    if not found:
        raise games.NotFound(f"Round {number} has not been drawn.")
    return found


def _plan(tournament: Tournament) -> Round[int]:
    """The next round of the schedule, which the team list and the seed fix from round 1 on."""
    if len(tournament.teams) < 2:
        raise Conflict("Register at least two teams before drawing round 1.")
    number = drawn(tournament) + 1
    if number > tournament.games_per_team:
        raise Conflict(f"All {tournament.games_per_team} rounds have been drawn.")
    teams = [team.id for team in tournament.teams]
    return schedule(teams, number, tournament.seed)[-1]


def game_body(tournament: Tournament, first: TournamentTeam, second: TournamentTeam) -> dict[str, Any]:
    """A table's game: partners sit across, the first team's first player deals first."""
    return {
        "variant": tournament.variant,
        "players": [first.player_one, second.player_one, first.player_two, second.player_two],
        "team_names": [first.name, second.name],
        "rules": tournament.game_rules(),
    }


def draw_next(tournament_id: str, edit_key: str | None) -> int:
    """Draw the next round: one game per table, made with games.create_game; returns its number.

    The games are created first, then the round is stored in one transaction;
    if another request drew the same round meanwhile, this one is a conflict
    (its games are left unused).
    """
    with writing():
        tournament = lock(tournament_id, edit_key)
        plan = _plan(tournament)
        teams = {team.id: team for team in tournament.teams}
        bodies = [(match, game_body(tournament, *(teams[team] for team in match.teams))) for match in plan.matches]
    made = []
    for match, body in bodies:
        made.append((match, *games.create_game(body)))
    with writing():
        tournament = lock(tournament_id, edit_key)
        if drawn(tournament) + 1 != plan.number:
            raise Conflict(f"Round {plan.number} was drawn a moment ago; reload to see it.")
        for match, result, game_key in made:
            tournament.pairings.append(Pairing(
                round_number=plan.number, table_number=match.table, team_a_id=match.teams[0],
                team_b_id=match.teams[1], game_id=result.game.id, edit_key=game_key, bye=False,
            ))
        for team in plan.byes:
            tournament.pairings.append(Pairing(round_number=plan.number, team_a_id=team, bye=True))
        db.session.flush()
    return plan.number


def start(tournament_id: str, edit_key: str | None, number: int) -> int:
    """Start the clocks of round `number` now (a game whose clock already runs keeps it); returns how many started."""
    with writing():
        tournament = lock(tournament_id, edit_key)
        ids = [pairing.game_id for pairing in round_of(tournament, number) if pairing.game_id]
        locked = db.session.scalars(sa.select(Game).where(Game.id.in_(ids)).with_for_update()).all()
        now, started = utcnow(), 0
        for game in locked:
            if game.clock_started_at is None:
                game.clock_started_at, started = now, started + 1
    return started
