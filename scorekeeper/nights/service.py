"""A night's set-up shared by the API and the pages: create it, find it, lock it, register its players."""

from __future__ import annotations

import re
import secrets
from collections.abc import Mapping
from typing import Any

import sqlalchemy as sa

from scorekeeper.extensions import db
from scorekeeper.games.models import Game
from scorekeeper.rules import PRESETS, Conflict, RuleError, preset
from scorekeeper.rules.names import clean_name
from scorekeeper.tournaments.service import SEED_MAX, number, text
from scorekeeper.web import records
from scorekeeper.web.database import writing
from scorekeeper.web.jsontext import json_object
from scorekeeper.web.keys import is_token
from scorekeeper.web.records import NotFound, utcnow
from scorekeeper.web.revisions import touch

from .models import Night, NightPlayer, NightRound, NightTable
from .movement import MOVEMENTS, WINNERS_UP
from .scores import RANK_BY, TOTAL

NO_NIGHT = "There is no Pitch night at this address. Check the link."
MAX_PLAYERS = 256  # a big hall: 200 players is about 45 tables
MAX_GAMES = 30
FIVE = {"sit_out": "dealer"}
OWN_RULES = {"time_limit_minutes": "minutes_per_game", "players": "the tables' sizes", "sit_out": "tables of five"}
SEPARATORS = re.compile(r"[\n,;]+")


def get_night(night_id: str) -> Night:
    """The night called `night_id`, or NotFound."""
    return records.found(Night, night_id, NO_NIGHT)


def version(night_id: str, with_games: bool = True) -> str:
    """What the night's pages show, as one value that changes with any write to the night or (`with_games`) to one
    of its games (every write raises a revision, so the sum of the games' goes up): one query, no game scored."""
    query = sa.select(Night.revision).where(Night.id == night_id)
    if with_games:
        query = (sa.select(Night.revision, sa.func.coalesce(sa.func.sum(Game.revision), 0), sa.func.count(Game.id))
                 .select_from(Night).outerjoin(NightRound, NightRound.night_id == Night.id)
                 .outerjoin(NightTable, NightTable.round_id == NightRound.id)
                 .outerjoin(Game, Game.id == NightTable.game_id)
                 .where(Night.id == night_id).group_by(Night.id, Night.revision))
    found = db.session.execute(query).first() if is_token(night_id) else None
    if found is None:
        raise NotFound(NO_NIGHT)
    return "-".join(str(value or 0) for value in found)


def find_for_update(night_id: str) -> Night:
    """Load a night for writing, its row locked until commit, or NotFound."""
    return records.found_for_update(Night, night_id, NO_NIGHT)


def lock(night_id: str, edit_key: str | None) -> Night:
    """Load a night for writing, its row locked until commit, and check the director's key."""
    return records.locked(Night, night_id, edit_key, NO_NIGHT, realm="tournament")


def game_rules(night: Night, players: int) -> dict[str, Any]:
    """The house rules a table's game is made with: the night's, its clock, and the dealer sitting out at five."""
    return {**night.rules, "time_limit_minutes": night.minutes_per_game, **(FIVE if players == 5 else {})}


def _choice(body: Mapping[str, Any], field: str, choices: tuple[str, ...], default: str) -> str:
    value = body.get(field, default)
    if value not in choices:
        raise RuleError(f"{field} must be one of {', '.join(choices)}.", field)
    return value


def _rules(body: Mapping[str, Any]) -> tuple[str, dict[str, Any]]:
    """The preset and house rules, checked: a partnership game for four, that five can play with the dealer out."""
    variant, overrides = body.get("variant", "tournament"), body.get("rules")
    overrides = {} if overrides is None else overrides
    if not isinstance(overrides, Mapping):
        raise RuleError("House rules must be an object of option: value.", "rules")
    for option, owner in OWN_RULES.items():
        if option in overrides:
            raise RuleError(f"A night sets {option} itself (from {owner}); leave it out.", f"rules.{option}")
    rules = preset(variant).with_overrides(overrides)
    if not rules.partners or 4 not in rules.seat_counts:
        raise RuleError(f"A night plays a game for four with partners; {variant} is not one.", "variant")
    rules.with_overrides(FIVE).seated(5)
    return variant, dict(overrides)


def night_variants() -> list[str]:
    """The presets a night can play: games for four with partners that five can play with the dealer out."""
    found = []
    for variant in PRESETS:
        try:
            _rules({"variant": variant})
        except RuleError:
            continue
        found.append(variant)
    return found


def _games(body: Mapping[str, Any]) -> int | None:
    """How many games the night plays; null (or absent) for an open night the director ends."""
    if body.get("games") is None:
        return None
    return number(body, "games", 1, MAX_GAMES, 1)


def create_night(body: Any) -> tuple[Night, str]:
    """Create a night from a POST body; returns it and the director's key."""
    body = json_object(body, " describing the night")
    variant, rules = _rules(body)
    night = Night(
        name=text(body, "name", "The night's name", 80), variant=variant, rules=rules, games=_games(body),
        minutes_per_game=number(body, "minutes_per_game", 1, 600, 600),
        movement=_choice(body, "movement", MOVEMENTS, WINNERS_UP), rank_by=_choice(body, "rank_by", RANK_BY, TOTAL),
        seed=number(body, "seed", 0, SEED_MAX, secrets.randbelow(SEED_MAX)),
    )
    return records.added_with_key(night)


def drawn(night: Night) -> int:
    """How many games have been drawn."""
    return len(night.rounds)


def open_for_players(night: Night) -> None:
    """Players may join until the last game is drawn, or the director ends the night."""
    if night.ended_at is not None:
        raise Conflict("The night is over: nobody can join it now.")
    if night.games is not None and drawn(night) >= night.games:
        raise Conflict(f"All {night.games} games have been drawn, so nobody can join the night now.")


def names_in(body: Any) -> list[str]:
    """The names a registration sends: `name`, a list `names`, or a pasted `text` (a name a line, or commas)."""
    body = json_object(body, " with name, names or text")
    if "text" in body:
        if not isinstance(body["text"], str):
            raise RuleError("text must be the pasted list of names, one a line.", "text")
        raw = [item.strip() for item in SEPARATORS.split(body["text"]) if item.strip()]
        field = "text"
    elif "names" in body:
        raw, field = body["names"], "names"
        if not isinstance(raw, list) or len(raw) > MAX_PLAYERS:
            raise RuleError(f"names must be a list of at most {MAX_PLAYERS} players' names.", "names")
    else:
        raw, field = [body.get("name")], "name"
    if not raw:
        raise RuleError("Give at least one name.", field)
    return [clean_name(item, f"Name {index}", field) for index, item in enumerate(raw, 1)]


def add_players(night_id: str, edit_key: str | None, body: Any) -> list[NightPlayer]:
    """Register players one by one or a pasted list; every name unique in the night, case aside."""
    names = names_in(body)
    with writing():
        night = lock(night_id, edit_key)
        open_for_players(night)
        taken = {player.name.casefold() for player in night.players}
        for name in names:
            if name.casefold() in taken:
                raise Conflict(f"A player called {name} is already registered; add an initial to tell them apart.",
                               "name")
            taken.add(name.casefold())
        if len(taken) > MAX_PLAYERS:
            raise RuleError(f"A night takes at most {MAX_PLAYERS} players.", "name")
        made = [NightPlayer(name=name) for name in names]
        night.players.extend(made)
        touch(night)
        db.session.flush()
    return made


def end_night(night_id: str, edit_key: str | None) -> Night:
    """The director ends the night: no more players, no more draws (games already drawn play on)."""
    with writing():
        night = lock(night_id, edit_key)
        if night.ended_at is None:
            night.ended_at = utcnow()
            touch(night)
    return night
