"""The tournament API under /api/tournaments: JSON in and out, the coordinator's edit key for writes."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, jsonify, url_for

from scorekeeper.extensions import csrf
from scorekeeper.games import service as games
from scorekeeper.games.clock import clock_json
from scorekeeper.web import limits
from scorekeeper.web.http import bearer_key, created, json_body, private, read_key
from scorekeeper.web.links import join_url, share_url, standings_url

from . import report as reports
from . import rounds, service
from .models import Pairing, Tournament, TournamentSingle, TournamentTeam

bp = Blueprint("tournament_api", __name__, url_prefix="/api/tournaments")
csrf.exempt(bp)


def team_json(team: TournamentTeam) -> dict[str, Any]:
    """A team: its id, name and players (two, three in ten-point-six, one where everyone plays alone)."""
    return {"id": team.id, "name": team.name, "players": team.players}


def single_json(single: TournamentSingle) -> dict[str, Any]:
    """A single: its id, name and the team it joined (null while waiting)."""
    return {"id": single.id, "name": single.name, "team": single.team_id}


def tournament_json(tournament: Tournament) -> dict[str, Any]:
    """The tournament's settings, teams, singles and how far the rounds have got."""
    return {
        "id": tournament.id, "name": tournament.name, "place": tournament.place,
        "date": tournament.date.isoformat() if tournament.date else None,
        "entry_fee_cents": tournament.entry_fee_cents, "payout_percent": tournament.payout_percent,
        "games_per_team": tournament.games_per_team, "minutes_per_game": tournament.minutes_per_game,
        "variant": tournament.variant, "rules": tournament.rules, "seed": tournament.seed,
        "players_per_table": tournament.table_players, "team_size": tournament.team_size,
        "teams": [team_json(team) for team in tournament.teams],
        "singles": [single_json(single) for single in tournament.singles],
        "rounds_drawn": rounds.drawn(tournament),
        "standings_url": standings_url(tournament.id),
    }


def _table_json(pairing: Pairing, teams: dict[int, TournamentTeam], tournament_key: str | None) -> dict[str, Any]:
    game = pairing.game
    body = {
        "table": pairing.table_number, "teams": [team_json(teams[team]) for team in pairing.team_ids],
        "game": game.id,
        "share_url": share_url(game.id),
        "status": games.state_of(game).status, "clock": clock_json(game),
    }
    if tournament_key is not None:
        key = rounds.table_key_of(pairing, tournament_key)
        body.update(edit_key=key, join_url=join_url(game.id, key) if key else None)
    return body


def round_json(tournament: Tournament, number: int, tournament_key: str | None) -> dict[str, Any]:
    """A round's tables (with each game's edit key and scorer link for the coordinator, who sent `tournament_key`)
    and byes."""
    pairings = rounds.round_of(tournament, number)
    teams = {team.id: team for team in tournament.teams}
    return {
        "number": number,
        "tables": [_table_json(pairing, teams, tournament_key) for pairing in pairings if not pairing.bye],
        "byes": [team_json(teams[pairing.team_a_id]) for pairing in pairings if pairing.bye],
    }


def _average(line) -> float | None:
    return None if line.average is None else round(float(line.average), 2)


def result_json(report: reports.Report) -> dict[str, Any]:
    """The final result: who won (or who must play the tie-break hand) and the payout."""
    return {
        "status": report.status,
        "winner": team_json(report.winner) if report.winner else None,
        "tied": [team_json(team) for team in report.tied_for_first] if report.status == "tie_break" else [],
        "fees_cents": report.payout.fees, "payout_cents": report.payout.winner, "house_cents": report.payout.house,
        "payout_percent": report.tournament.payout_percent,
    }


def standings_json(report: reports.Report) -> dict[str, Any]:
    """The standings, every table's game as it stands, the flags for the coordinator and the result."""
    tables = [table for table in report.tables if table.state is not None]
    return {
        "tournament": report.tournament.id, "rounds": report.tournament.games_per_team,
        "rounds_drawn": rounds.drawn(report.tournament),
        "teams": [
            {"rank": line.rank, "tied": line.tied, "tie_break": line.tie_break,
             "team": team_json(report.teams[line.team]), "played": line.played, "wins": line.wins,
             "losses": line.losses, "total": line.total, "average": _average(line)}
            for line in report.lines
        ],
        "tables": [
            {"round": table.pairing.round_number, "table": table.pairing.table_number, "game": table.pairing.game_id,
             "teams": table.pairing.team_ids, "scores": list(table.state.scores),
             "status": table.state.status, "winner": table.state.winner, "misdeals": table.misdeals,
             "clock": clock_json(table.pairing.game)}
            for table in tables
        ],
        "byes": [{"round": table.pairing.round_number, "team": table.pairing.team_a_id}
                 for table in report.tables if table.pairing.bye],
        "flags": [{"round": table.pairing.round_number, "table": table.pairing.table_number,
                   "game": table.pairing.game_id, "misdeals": table.misdeals} for table in report.flagged],
        "tie_breaks": report.tie_breaks,
        "result": result_json(report),
    }


@bp.post("")
@limits.tournaments
def create():
    """Create a tournament; the answer carries the coordinator's edit key."""
    tournament, edit_key = service.create_tournament(json_body())
    return created({**tournament_json(tournament), "edit_key": edit_key},
                   url_for("tournament_api.get", tournament_id=tournament.id))


@bp.post("/<tournament_id>/key")
@limits.tournament_writes
def rotate_key(tournament_id: str):
    """Change the coordinator's key and every table's key; the answer carries the new keys and scorer links."""
    tournament, edit_key = rounds.rotate_key(tournament_id, bearer_key(), json_body(optional=True))
    body = {**tournament_json(tournament), "edit_key": edit_key,
            "rounds": [round_json(tournament, number, edit_key) for number in range(1, rounds.drawn(tournament) + 1)]}
    return private(jsonify(body))


@bp.get("/<tournament_id>")
def get(tournament_id: str):
    """The tournament."""
    return jsonify(tournament_json(service.get_tournament(tournament_id)))


@bp.post("/<tournament_id>/teams")
@limits.tournament_writes
def add_team(tournament_id: str):
    """Register a team of two (three in ten-point-six, one where everyone plays alone)."""
    return jsonify(team_json(service.add_team(tournament_id, bearer_key(), json_body()))), 201


@bp.post("/<tournament_id>/singles")
@limits.tournament_writes
def add_single(tournament_id: str):
    """Register a player who came alone."""
    return jsonify(single_json(service.add_single(tournament_id, bearer_key(), json_body()))), 201


@bp.post("/<tournament_id>/singles/pair")
@limits.tournament_writes
def pair_singles(tournament_id: str):
    """Make teams of waiting singles: two by hand, or all at random."""
    teams, seed = service.pair_singles(tournament_id, bearer_key(), json_body(optional=True))
    waiting = service.waiting(service.get_tournament(tournament_id))
    body = {"teams": [team_json(team) for team in teams], "seed": seed, "waiting": [single_json(s) for s in waiting]}
    return jsonify(body), 201


@bp.post("/<tournament_id>/rounds")
@limits.tournament_writes
def draw_round(tournament_id: str):
    """Draw the next round and create its games."""
    key = bearer_key()
    number = rounds.draw_next(tournament_id, key)
    return created(round_json(service.get_tournament(tournament_id), number, key),
                   url_for("tournament_api.get_round", tournament_id=tournament_id, number=number))


@bp.get("/<tournament_id>/rounds/<int:number>")
def get_round(tournament_id: str, number: int):
    """A round; with the coordinator's key, each table's edit key and scorer link too."""
    tournament = service.get_tournament(tournament_id)
    key = read_key(tournament, "tournament")
    response = jsonify(round_json(tournament, number, key))
    return private(response) if key else response


@bp.post("/<tournament_id>/rounds/<int:number>/start")
@limits.tournament_writes
def start_round(tournament_id: str, number: int):
    """Start the clocks of a round's games."""
    key = bearer_key()
    rounds.start(tournament_id, key, number)
    return private(jsonify(round_json(service.get_tournament(tournament_id), number, key)))


@bp.get("/<tournament_id>/standings")
def standings(tournament_id: str):
    """The standings, derived from the games' hands now."""
    return jsonify(standings_json(reports.report(tournament_id)))


@bp.post("/<tournament_id>/tie-breaks")
@limits.tournament_writes
def tie_break(tournament_id: str):
    """Record the winner of the hand dealt between tied teams."""
    return jsonify(standings_json(reports.record_tie_break(tournament_id, bearer_key(), json_body()))), 201


@bp.get("/<tournament_id>/result")
def result(tournament_id: str):
    """The final result: winner and payout (or the teams still tied)."""
    return jsonify(result_json(reports.report(tournament_id)))
