"""A rematch: a new game with a finished (or any) game's players, team names and rules, the deal passed on.

The game's own key (or its group's) is enough: a game in a group has its rematch in the same group, with
the same people in the same seats, so a phone holding only the game's key keeps the group's record whole.
"""

from __future__ import annotations

from typing import Any

from scorekeeper.groups import service as groups
from scorekeeper.web.jsontext import json_object

from . import create
from . import service as games


def rematch(game_id: str, edit_key: str | None, body: Any) -> tuple[games.Saved, str]:
    """Start the rematch of `game_id`; `body` may carry the `id` and `edit_key` the phone made (a repeat: one game)."""
    game = games.get_game(game_id)
    games.check_game_key(game, edit_key)
    body = json_object(body, ": {} or the rematch's own id and edit_key", empty=True)
    state = games.state_of(game)
    new = {  # the rules as the game JSON shows them: a game stored before an option existed shows it where it must
        "variant": game.variant, "players": list(game.players), "team_names": game.team_names,
        "rules": {**state.table.rules.to_dict(), "first_dealer": state.next_dealer},
    }
    new.update({name: body[name] for name in ("id", "edit_key") if name in body})
    group_id, people = game.group_id, list(game.people or [])

    def attach(made) -> None:
        groups.seat_rematch(group_id, people, made)

    return create.create_game(new, attach if group_id else None)
