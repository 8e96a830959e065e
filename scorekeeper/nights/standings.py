"""The night's standings by player, derived from every finished game's hands now."""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.games import service as games

from .draws import load_rounds, own_results
from .models import Night, NightRound
from .scores import GameLine, Standing, standings


@dataclass(frozen=True)
class PlayerGame:
    """A player's game of the night: its number, table, own score, win, and whether its scorecard is signed."""

    round: int
    table: int
    score: int
    won: bool
    signed: bool


def played(night: Night) -> dict[int, list[PlayerGame]]:
    """Every player's finished games (a game still playing adds nothing yet; a sit-out adds nothing)."""
    found: dict[int, list[PlayerGame]] = {player.id: [] for player in night.players}
    for night_round in load_rounds(night):
        for table in night_round.tables:
            if games.state_of(table.game).outcome is None:
                continue
            for player, (score, won) in own_results(table).items():
                found[player].append(PlayerGame(night_round.number, table.number, score, won,
                                                table.signed_by is not None))
    return found


def night_standings(night: Night) -> tuple[list[Standing], dict[int, list[PlayerGame]]]:
    """The ranked standings (players by id) and each player's games."""
    by_player = played(night)
    lines = [GameLine(player, game.score, game.won, game.signed) for player, own in by_player.items() for game in own]
    return standings(by_player, lines, night.rank_by), by_player


def seat_of(night_round: NightRound, player: int) -> tuple[int, int] | None:
    """The table and seat of a player in a game, or None if they sit out."""
    for table in night_round.tables:
        if player in table.seats:
            return table.number, table.seats.index(player)
    return None
