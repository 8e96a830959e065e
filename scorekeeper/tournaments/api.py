"""The tournament API under /api/tournaments: JSON in and out, the coordinator's edit key for writes."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, jsonify, url_for

from .. import games
from ..api.routes import bearer_key, conflict, error, invalid, json_body, not_found
from ..clock import clock_json
from ..extensions import csrf
from ..pages.game import join_url
from ..rules import Conflict, RuleError
from . import report as reports
from . import rounds, service
from .models import Pairing, Tournament, TournamentSingle, TournamentTeam

bp = Blueprint("tournament_api", __name__, url_prefix="/api/tournaments")
csrf.exempt(bp)
bp.register_error_handler(games.NotFound, not_found)
bp.register_error_handler(Conflict, conflict)
bp.register_error_handler(RuleError, invalid)


@bp.errorhandler(games.Forbidden)
def forbidden(exc: games.Forbidden):
    """401 without the coordinator's key, 403 with a wrong one."""
    if exc.missing:
        message = "Changing a tournament needs its edit key: send Authorization: Bearer <edit_key>."
        response, status = error(401, message)
        response.headers["WWW-Authenticate"] = 'Bearer realm="tournament"'
        return response, status
    return error(403, "That edit key does not open this tournament. The coordinator has it.")


def team_json(team: TournamentTeam) -> dict[str, Any]:
    """A team: its id, name and two players."""
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
        "teams": [team_json(team) for team in tournament.teams],
        "singles": [single_json(single) for single in tournament.singles],
        "rounds_drawn": rounds.drawn(tournament),
        "standings_url": url_for("tournaments.standings", tournament_id=tournament.id, _external=True),
    }


def _table_json(pairing: Pairing, with_keys: bool) -> dict[str, Any]:
    game = pairing.game
    body = {
        "table": pairing.table_number, "teams": [team_json(team) for team in pairing.teams], "game": game.id,
        "share_url": url_for("pages.share", game_id=game.id, _external=True),
        "status": games.state_of(game).status, "clock": clock_json(game),
    }
    if with_keys:
        body.update(edit_key=pairing.edit_key, join_url=join_url(game, pairing.edit_key))
    return body


def round_json(tournament: Tournament, number: int, with_keys: bool) -> dict[str, Any]:
    """A round's tables (with each game's edit key and scorer link for the coordinator) and byes."""
    pairings = rounds.round_of(tournament, number)
    return {
        "number": number,
        "tables": [_table_json(pairing, with_keys) for pairing in pairings if not pairing.bye],
        "byes": [team_json(pairing.team_a) for pairing in pairings if pairing.bye],
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
             "teams": [table.pairing.team_a_id, table.pairing.team_b_id], "scores": list(table.state.scores),
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


def _holds_key(tournament: Tournament) -> bool:
    """Whether this read carries the coordinator's key; a wrong key is refused."""
    key = bearer_key()
    if key is not None and not games.key_matches(tournament, key):
        raise games.Forbidden(missing=False)
    return key is not None


@bp.post("")
def create():
    """Create a tournament; the answer carries the coordinator's edit key."""
    tournament, edit_key = service.create_tournament(json_body())
    response = jsonify({**tournament_json(tournament), "edit_key": edit_key})
    response.headers["Location"] = url_for("tournament_api.get", tournament_id=tournament.id)
    return response, 201


@bp.get("/<tournament_id>")
def get(tournament_id: str):
    """The tournament."""
    return jsonify(tournament_json(service.get_tournament(tournament_id)))


@bp.post("/<tournament_id>/teams")
def add_team(tournament_id: str):
    """Register a team of two."""
    return jsonify(team_json(service.add_team(tournament_id, bearer_key(), json_body()))), 201


@bp.post("/<tournament_id>/singles")
def add_single(tournament_id: str):
    """Register a player who came alone."""
    return jsonify(single_json(service.add_single(tournament_id, bearer_key(), json_body()))), 201


@bp.post("/<tournament_id>/singles/pair")
def pair_singles(tournament_id: str):
    """Make teams of waiting singles: two by hand, or all at random."""
    teams, seed = service.pair_singles(tournament_id, bearer_key(), json_body(optional=True))
    waiting = service.waiting(service.get_tournament(tournament_id))
    body = {"teams": [team_json(team) for team in teams], "seed": seed, "waiting": [single_json(s) for s in waiting]}
    return jsonify(body), 201


@bp.post("/<tournament_id>/rounds")
def draw_round(tournament_id: str):
    """Draw the next round and create its games."""
    number = rounds.draw_next(tournament_id, bearer_key())
    response = jsonify(round_json(service.get_tournament(tournament_id), number, with_keys=True))
    response.headers["Location"] = url_for("tournament_api.get_round", tournament_id=tournament_id, number=number)
    return response, 201


@bp.get("/<tournament_id>/rounds/<int:number>")
def get_round(tournament_id: str, number: int):
    """A round; with the coordinator's key, each table's edit key and scorer link too."""
    tournament = service.get_tournament(tournament_id)
    return jsonify(round_json(tournament, number, with_keys=_holds_key(tournament)))


@bp.post("/<tournament_id>/rounds/<int:number>/start")
def start_round(tournament_id: str, number: int):
    """Start the clocks of a round's games."""
    rounds.start(tournament_id, bearer_key(), number)
    return jsonify(round_json(service.get_tournament(tournament_id), number, with_keys=True))


@bp.get("/<tournament_id>/standings")
def standings(tournament_id: str):
    """The standings, derived from the games' hands now."""
    return jsonify(standings_json(reports.report(tournament_id)))


@bp.post("/<tournament_id>/tie-breaks")
def tie_break(tournament_id: str):
    """Record the winner of the hand dealt between tied teams."""
    return jsonify(standings_json(reports.record_tie_break(tournament_id, bearer_key(), json_body()))), 201


@bp.get("/<tournament_id>/result")
def result(tournament_id: str):
    """The final result: winner and payout (or the teams still tied)."""
    return jsonify(result_json(reports.report(tournament_id)))
