"""The night API under /api/nights: JSON in and out, the director's key for writes, a table's key to sign."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, jsonify, url_for

from scorekeeper.extensions import csrf
from scorekeeper.games import service as games
from scorekeeper.web import limits
from scorekeeper.web.http import bearer_key, created, json_body, private, read_key
from scorekeeper.web.keys import night_table_key
from scorekeeper.web.links import share_url

from . import draws, scorecards, service
from .models import Night, NightRound, NightTable
from .standings import night_standings, seat_of

bp = Blueprint("night_api", __name__, url_prefix="/api/nights")
csrf.exempt(bp)


def night_json(night: Night) -> dict[str, Any]:
    """The night's settings, its players and how far its games have got."""
    return {
        "id": night.id, "name": night.name, "variant": night.variant, "rules": night.rules, "games": night.games,
        "minutes_per_game": night.minutes_per_game, "movement": night.movement, "rank_by": night.rank_by,
        "seed": night.seed, "ended": night.ended_at is not None, "games_drawn": service.drawn(night),
        "players": [{"id": player.id, "name": player.name} for player in night.players],
    }


def _names(night: Night) -> dict[int, str]:
    return {player.id: player.name for player in night.players}


def _table_url(night_id: str, number: int, key: str | None = None) -> str:
    """The table's scorer link for the whole night (its key in the fragment, when known)."""
    url = url_for("night_pages.table", night_id=night_id, number=number, _external=True)
    return url + ("#key=" + key if key else "")


def table_json(night: Night, table: NightTable, director_key: str | None = None) -> dict[str, Any]:
    """A table of one game: who sits where, its game as it stands, its signature; the director sees its keys."""
    names, state = _names(night), games.state_of(table.game)
    body = {
        "table": table.number, "game": table.game_id, "share_url": share_url(table.game_id),
        "seats": [{"seat": seat, "id": player, "name": names[player]} for seat, player in enumerate(table.seats)],
        "status": state.status, "scores": list(state.scores),
        "winners": [names[player] for player, (_, won) in draws.own_results(table).items() if won],
        "signed_by": names.get(table.signed_by), "table_url": _table_url(night.id, table.number),
    }
    if director_key is not None:
        body.update(edit_key=scorecards.opening_key(night.id, table, director_key),
                    table_url=_table_url(night.id, table.number, night_table_key(director_key, night.id,
                                                                                  table.number)))
    return body


def round_json(night: Night, night_round: NightRound, director_key: str | None) -> dict[str, Any]:
    """One game of the night: its tables, who sits out, whether time was called."""
    names = _names(night)
    return {"number": night_round.number, "called": night_round.called_at is not None,
            "tables": [table_json(night, table, director_key) for table in night_round.tables],
            "out": [{"id": player, "name": names[player]} for player in night_round.out]}


def _round(night: Night, number: int) -> NightRound:
    found = [night_round for night_round in draws.load_rounds(night) if night_round.number == number]
    if not found:
        raise games.NotFound(f"Game {number} of the night has not been drawn.")
    return found[0]


@bp.post("")
@limits.tournaments
def create():
    """Create a night; the answer carries the director's key."""
    night, edit_key = service.create_night(json_body())
    return created({**night_json(night), "edit_key": edit_key}, url_for("night_api.get", night_id=night.id))


@bp.post("/<night_id>/key")
@limits.tournament_writes
def rotate_key(night_id: str):
    """Change the director's key and every table's; the answer carries the new keys and links of every game."""
    night, edit_key = scorecards.rotate_key(night_id, bearer_key(), json_body(optional=True))
    body = {**night_json(night), "edit_key": edit_key,
            "drawn": [round_json(night, night_round, edit_key) for night_round in draws.load_rounds(night)]}
    return private(jsonify(body))


@bp.get("/<night_id>")
def get(night_id: str):
    """The night."""
    return jsonify(night_json(service.get_night(night_id)))


@bp.post("/<night_id>/players")
@limits.tournament_writes
def add_players(night_id: str):
    """Register one player, a list, or a pasted list."""
    made = service.add_players(night_id, bearer_key(), json_body())
    return jsonify({"players": [{"id": player.id, "name": player.name} for player in made]}), 201


@bp.post("/<night_id>/games")
@limits.tournament_writes
def draw(night_id: str):
    """Draw the next game and make its tables' games."""
    key = bearer_key()
    number = draws.draw_next(night_id, key)
    night = service.get_night(night_id)
    return created(round_json(night, _round(night, number), key),
                   url_for("night_api.get_round", night_id=night_id, number=number))


@bp.get("/<night_id>/games/<int:number>")
def get_round(night_id: str, number: int):
    """One game's tables; with the director's key, each table's keys too."""
    night = service.get_night(night_id)
    key = read_key(night, "tournament")
    response = jsonify(round_json(night, _round(night, number), key))
    return private(response) if key else response


@bp.post("/<night_id>/call")
@limits.tournament_writes
def call(night_id: str):
    """Call the current game at every table still playing."""
    called = draws.call_game(night_id, bearer_key())
    return private(jsonify({"called": called}))


@bp.post("/<night_id>/end")
@limits.tournament_writes
def end(night_id: str):
    """End the night: no more players or draws."""
    return private(jsonify(night_json(service.end_night(night_id, bearer_key()))))


@bp.get("/<night_id>/standings")
def standings(night_id: str):
    """The standings by player, each game marked signed or not."""
    night = service.get_night(night_id)
    lines, by_player = night_standings(night)
    names = _names(night)
    return jsonify({"night": night.id, "rank_by": night.rank_by, "games_drawn": service.drawn(night), "players": [
        {"rank": line.rank, "tied": line.tied, "id": line.player, "name": names[line.player], "played": line.played,
         "won": line.won, "total": line.total, "best": line.best, "unconfirmed": line.unconfirmed,
         "average": None if line.average is None else round(float(line.average), 2),
         "games": [game.__dict__ for game in by_player[line.player]]}
        for line in lines
    ]})


@bp.get("/<night_id>/players/<int:player_id>")
def player(night_id: str, player_id: int):
    """A player's night: where they sit now, their games, their night score."""
    night = service.get_night(night_id)
    if player_id not in _names(night):
        raise games.NotFound("There is no such player in this night.")
    lines, by_player = night_standings(night)
    line = next(line for line in lines if line.player == player_id)
    rounds = draws.load_rounds(night)
    now = seat_of(rounds[-1], player_id) if rounds else None
    return jsonify({"id": player_id, "name": _names(night)[player_id], "rank": line.rank, "total": line.total,
                    "played": line.played, "games": [game.__dict__ for game in by_player[player_id]],
                    "now": None if now is None else {"game": rounds[-1].number, "table": now[0], "seat": now[1]}})


@bp.get("/<night_id>/tables/<int:number>")
def table(night_id: str, number: int):
    """What a table plays now (or played last): the game, who sits where, whether it is signed."""
    night = service.get_night(night_id)
    night_round, found = scorecards.current_table(night, number)
    return jsonify({"game_number": night_round.number, **table_json(night, found)})


@bp.post("/<night_id>/tables/<int:number>/sign")
@limits.night_table_writes
def sign(night_id: str, number: int):
    """A player of the side that lost signs the table's scorecard, with the table's key."""
    found = scorecards.sign(night_id, number, bearer_key(), json_body())
    return jsonify(table_json(service.get_night(night_id), found))
