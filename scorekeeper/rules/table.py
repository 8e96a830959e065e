"""Setting up a table: variant, players in seat order, team names, house rules."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from .catalogue import SIT_OUT_PLAYERS
from .errors import Conflict, RuleError
from .names import NAME_MAX, clean_name
from .options import player_counts_in_words
from .presets import preset
from .state import GameState, ScoredHand, Table, TimeCall

__all__ = ["NAME_MAX", "make_table", "hand_to_dict", "state_to_dict"]


def make_table(variant: Any, players: Any, team_names: Any = None, overrides: Mapping[str, Any] | None = None,
               time_call: TimeCall | None = None) -> Table:
    """A checked Table for a new game, or a RuleError naming the field at fault."""
    rules = preset(variant).with_overrides(overrides)
    if time_call is not None and rules.time_limit_minutes is None:
        raise Conflict("This game has no clock, so time cannot be called.")
    counts = (rules.players,) if isinstance(overrides, Mapping) and "players" in overrides else rules.seat_counts
    if not isinstance(players, list) or len(players) not in counts:
        count = player_counts_in_words(replace(rules, player_counts=counts))
        five = ""
        if isinstance(players, list) and len(players) == SIT_OUT_PLAYERS and rules.partners and 4 in counts:
            five = ' (five play it with the dealer sitting out each hand: set the house rule sit_out to "dealer")'
        raise RuleError(f"{variant} needs {count} players, listed in seating order{five}.", "players")
    rules = rules.seated(len(players))
    names = tuple(clean_name(name, f"Player {seat + 1}'s name", "players") for seat, name in enumerate(players))
    if len({name.casefold() for name in names}) != len(names):
        raise RuleError("Two players have the same name; add an initial so the sheet can tell them apart.", "players")
    teams = None
    if team_names is not None and rules.sit_out:
        raise RuleError("With the dealer sitting out the sides change every hand, so a game of five has no team "
                        "names; leave them out.", "team_names")
    if team_names is not None:
        count = rules.team_count
        if not isinstance(team_names, list) or len(team_names) != count:
            raise RuleError(f"Give {count} team names, or none.", "team_names")
        teams = tuple(clean_name(name, f"Team {team + 1}'s name", "team_names") for team, name in enumerate(team_names))
    return Table(rules=rules, players=names, team_names=teams, time_call=time_call)


def hand_to_dict(table: Table, scored: ScoredHand) -> dict[str, Any]:
    """One scored hand as the API shows it."""
    body: dict[str, Any] = {"number": scored.number, "dealer": scored.dealer}
    body.update(scored.hand.to_dict(table.rules))
    if table.rules.sit_out:
        body["sides"] = [list(side) for side in table.sides(scored.dealer)]
    body.update(points=list(scored.points), delta=list(scored.delta), scores=list(scored.scores))
    if not scored.hand.misdeal:
        body["made"] = scored.made
    return body


def state_to_dict(state: GameState) -> dict[str, Any]:
    """The scored part of a game as the API shows it."""
    table = state.table
    outcome = state.outcome
    body = {
        "rules": table.rules.to_dict(),
        "players": list(table.players),
        "teams": [{"name": table.team_label(team), "players": seats} for team, seats in enumerate(table.teams)],
        "hands": [hand_to_dict(table, scored) for scored in state.hands],
        "scores": list(state.scores),
        "status": state.status,
        "winner": state.winner,
        "next_dealer": state.next_dealer,
        "next_number": state.next_number,
        "result": None if outcome is None else {
            "winner": outcome.winner, "hand": outcome.hand, "how": outcome.how, "reason": outcome.reason,
        },
        "time_called": None if table.time_call is None else {
            "after_hand": table.time_call.after_hand, "finish_hand": table.time_call.finish_hand,
        },
    }
    if table.rules.sit_out:  # five at a table: the winners are a pair of players, not a team
        body["winners"] = list(state.winners)
        if outcome is not None:
            body["result"]["winners"] = list(outcome.winners)
    return body
