"""Rounds: draw the next one (creating each table's game), start its clocks; the keys that open the tables."""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from sqlalchemy.orm import selectinload

from scorekeeper.extensions import db
from scorekeeper.games import create
from scorekeeper.games import service as games
from scorekeeper.games.models import Game
from scorekeeper.rules import Conflict
from scorekeeper.web import limits, rotation
from scorekeeper.web.database import writing
from scorekeeper.web.keys import key_matches, new_token, replace_key, table_key
from scorekeeper.web.records import utcnow
from scorekeeper.web.revisions import touch

from .models import Pairing, Tournament, TournamentTeam
from .pairing import Round, schedule
from .service import NO_TOURNAMENT, lock


def drawn(tournament: Tournament) -> int:
    """How many rounds have been drawn."""
    return max((pairing.round_number for pairing in tournament.pairings), default=0)


def round_of(tournament: Tournament, number: int) -> list[Pairing]:
    """The tables and byes of round `number`, or NotFound."""
    found = [pairing for pairing in tournament.pairings if pairing.round_number == number]
    if not found:
        raise games.NotFound(f"Round {number} has not been drawn.")
    # Each table's game and hands in a few queries, not two per table (128 tables at the team cap); the teams
    # come from tournament.teams, loaded once.
    db.session.scalars(sa.select(Pairing).where(Pairing.id.in_([pairing.id for pairing in found])).options(
        selectinload(Pairing.game).selectinload(Game.hands),
    )).all()
    return found


def _plan(tournament: Tournament) -> Round[int]:
    """The next round of the schedule, which the team list and the seed fix from round 1 on."""
    per_table = tournament.teams_per_table
    if len(tournament.teams) < per_table:
        who = "players" if tournament.team_size == 1 else "teams"
        raise Conflict(f"Register at least {per_table} {who} to fill a table before drawing round 1.")
    number = drawn(tournament) + 1
    if number > tournament.games_per_team:
        raise Conflict(f"All {tournament.games_per_team} rounds have been drawn.")
    teams = [team.id for team in tournament.teams]
    return schedule(teams, number, tournament.seed, per_table)[-1]


def game_body(tournament: Tournament, teams: list[TournamentTeam]) -> dict[str, Any]:
    """A table's game: partners sit across (teams take turns round the table), the first team's first player
    deals first; alone, one player of each team in the drawn order."""
    if tournament.team_size == 1:
        return {"variant": tournament.variant, "players": [team.player_one for team in teams],
                "rules": tournament.game_rules()}
    seats = range(len(teams) * tournament.team_size)
    return {
        "variant": tournament.variant,
        "players": [teams[seat % len(teams)].players[seat // len(teams)] for seat in seats],
        "team_names": [team.name for team in teams],
        "rules": tournament.game_rules(),
    }


def draw_next(tournament_id: str, edit_key: str | None) -> int:
    """Draw the next round: one game per table, made with create.create_game; returns its number.

    Each game's key is derived from the coordinator's key (keys.table_key), so none is stored.
    The games are created first, then the round is stored in one transaction;
    if another request drew the same round meanwhile, this one is a conflict
    (its games are left unused).
    """
    with writing():
        tournament = lock(tournament_id, edit_key)
        plan = _plan(tournament)
        limits.spend("RATELIMIT_TOURNAMENT_GAMES", "tournament-games", len(plan.matches), limits.TOURNAMENT_GAMES)
        teams = {team.id: team for team in tournament.teams}
        bodies = [(match, game_body(tournament, [teams[team] for team in match.teams])) for match in plan.matches]
    made = []
    for match, body in bodies:
        game_id = new_token()
        result, _ = create.create_game({**body, "id": game_id, "edit_key": table_key(edit_key, game_id)})
        made.append((match, result))
    with writing():
        tournament = lock(tournament_id, edit_key)
        if drawn(tournament) + 1 != plan.number:
            raise Conflict(f"Round {plan.number} was drawn a moment ago; reload to see it.")
        for match, result in made:
            tournament.pairings.append(Pairing(
                round_number=plan.number, table_number=match.table, team_a_id=match.teams[0],
                team_b_id=match.teams[1], seat_teams=list(match.teams), game_id=result.game.id, bye=False,
            ))
        for team in plan.byes:
            tournament.pairings.append(Pairing(round_number=plan.number, team_a_id=team, bye=True))
        db.session.flush()
    return plan.number


def table_key_of(pairing: Pairing, tournament_key: str) -> str | None:
    """The table's game key made again from the coordinator's key; None if it no longer opens the game
    (changed at the table, or drawn before keys were derived)."""
    if pairing.game is None:
        return None
    key = table_key(tournament_key, pairing.game.id)
    return key if key_matches(pairing.game, key) else None


def rotate_key(tournament_id: str, edit_key: str | None, body: Any) -> tuple[Tournament, str]:
    """Change the coordinator's key, and with it every table's key; returns the tournament and the new key.

    The same change sent again (the old key, the new key in the body) changes nothing.
    """
    return rotation.rotate_key(Tournament, tournament_id, NO_TOURNAMENT, edit_key, body, "tournament", _rekey_tables)


def _rekey_tables(tournament: Tournament, new_key: str) -> None:
    """Every table's game key made again from the coordinator's new key."""
    ids = [pairing.game_id for pairing in tournament.pairings if pairing.game_id]
    for game in db.session.scalars(sa.select(Game).where(Game.id.in_(ids)).with_for_update()):
        replace_key(game, table_key(new_key, game.id))
        touch(game)


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
