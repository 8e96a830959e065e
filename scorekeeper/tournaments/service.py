"""Tournament set-up shared by the API and the pages: create, register teams and singles, pair singles."""

from __future__ import annotations

import datetime as dt
import random
import secrets
from collections.abc import Mapping
from typing import Any

import sqlalchemy as sa

from .. import games
from ..database import writing
from ..extensions import db
from ..rules import Conflict, RuleError, preset
from ..rules.table import NAME_MAX
from .models import Tournament, TournamentSingle, TournamentTeam

NO_TOURNAMENT = "There is no tournament at this address. Check the link."
SEED_MAX = 2**31 - 1


def get_tournament(tournament_id: str) -> Tournament:
    """The tournament called `tournament_id`, or NotFound."""
    found = db.session.get(Tournament, tournament_id) if games.is_token(tournament_id) else None
    if found is None:
        raise games.NotFound(NO_TOURNAMENT)
    return found


def lock(tournament_id: str, edit_key: str | None) -> Tournament:
    """Load a tournament for writing, its row locked until commit, and check the coordinator's key."""
    found = None
    if games.is_token(tournament_id):
        found = db.session.scalar(sa.select(Tournament).where(Tournament.id == tournament_id).with_for_update())
    if found is None:
        raise games.NotFound(NO_TOURNAMENT)
    games.check_key(found, edit_key)
    return found


def _object(body: Any, what: str) -> Mapping[str, Any]:
    if not isinstance(body, Mapping):
        raise RuleError(f"The body must be a JSON object {what}.")
    return body


def text(body: Mapping[str, Any], field: str, what: str, longest: int = NAME_MAX,
         required: bool = True) -> str | None:
    """A trimmed name or label, 1 to `longest` characters (or None when optional and absent)."""
    value = body.get(field)
    if value is None and not required:
        return None
    if not isinstance(value, str) or not 1 <= len(value.strip()) <= longest:
        raise RuleError(f"{what} must be 1 to {longest} characters.", field)
    return value.strip()


def number(body: Mapping[str, Any], field: str, low: int, high: int, default: int) -> int:
    """A whole number from `low` to `high`, or the default when absent."""
    value = body.get(field, default)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise RuleError(f"{field} must be a whole number from {low} to {high}.", field)
    return value


def _date(body: Mapping[str, Any]) -> dt.date | None:
    """The day of the tournament: YYYY-MM-DD (a full ISO date and time gives its day)."""
    value = body.get("date")
    if value is None:
        return None
    if isinstance(value, str):
        for parse in (dt.date.fromisoformat, lambda text: dt.datetime.fromisoformat(text).date()):
            try:
                return parse(value)
            except ValueError:
                continue
    raise RuleError("date must be a day written as YYYY-MM-DD.", "date")


def _rules(body: Mapping[str, Any], minutes: int) -> tuple[str, dict[str, Any]]:
    """The preset and house rules every game is created with, checked; the clock comes from minutes_per_game."""
    variant = body.get("variant", "tournament")
    overrides = body.get("rules")
    overrides = {} if overrides is None else overrides
    if not isinstance(overrides, Mapping):
        raise RuleError("House rules must be an object of option: value.", "rules")
    if "time_limit_minutes" in overrides:
        raise RuleError("Set the clock with minutes_per_game.", "rules.time_limit_minutes")
    rules = preset(variant).with_overrides({**overrides, "time_limit_minutes": minutes})
    if rules.players != 4:
        raise RuleError("A tournament plays four-player games in teams of two: choose a four-player variant.",
                        "variant")
    return variant, dict(overrides)


def create_tournament(body: Any) -> tuple[Tournament, str]:
    """Create a tournament from a POST body; returns it and the coordinator's edit key."""
    body = _object(body, "describing the tournament")
    minutes = number(body, "minutes_per_game", 1, 600, 30)
    variant, rules = _rules(body, minutes)
    tournament = Tournament(
        name=text(body, "name", "The tournament's name", 80), date=_date(body),
        place=text(body, "place", "The place", 120, required=False),
        entry_fee_cents=number(body, "entry_fee_cents", 0, 10_000_000, 2000),
        payout_percent=number(body, "payout_percent", 0, 100, 50),
        games_per_team=number(body, "games_per_team", 1, 20, 5), minutes_per_game=minutes,
        variant=variant, rules=rules, seed=number(body, "seed", 0, SEED_MAX, secrets.randbelow(SEED_MAX)),
        tie_breaks=[],
    )
    edit_key = games.new_token()
    tournament.id, tournament.edit_key_hash = games.new_token(), games.key_hash(edit_key)
    with writing():
        db.session.add(tournament)
    return tournament, edit_key


def _open_for_teams(tournament: Tournament) -> None:
    if tournament.pairings:
        raise Conflict("Round 1 has been drawn, so the teams are fixed: no team or single can join now.")


def _taken_players(tournament: Tournament) -> set[str]:
    names = {name for team in tournament.teams for name in team.players}
    return {name.casefold() for name in names | {single.name for single in tournament.singles}}


def _check_players(tournament: Tournament, players: list[str], field: str) -> None:
    """Every player's name is unique in the tournament, so each game's sheet can tell them apart."""
    taken = _taken_players(tournament)
    for name in players:
        if name.casefold() in taken:
            raise Conflict(f"A player called {name} is already registered; add an initial to tell them apart.", field)
        taken.add(name.casefold())


def _check_team_name(tournament: Tournament, name: str) -> None:
    if any(team.name.casefold() == name.casefold() for team in tournament.teams):
        raise Conflict(f"There is already a team called {name}.", "name")


def add_team(tournament_id: str, edit_key: str | None, body: Any) -> TournamentTeam:
    """Register a team of two."""
    with writing():
        tournament = lock(tournament_id, edit_key)
        body = _object(body, "with the team's name and its two players")
        name = text(body, "name", "The team's name")
        players = body.get("players")
        if not isinstance(players, list) or len(players) != 2:
            raise RuleError("A team has two players: players is a list of their two names.", "players")
        players = [text({"players": item}, "players", "A player's name") for item in players]
        _check_team_name(tournament, name)
        _check_players(tournament, players, "players")
        _open_for_teams(tournament)
        team = TournamentTeam(name=name, player_one=players[0], player_two=players[1])
        tournament.teams.append(team)
        db.session.flush()
    return team


def add_single(tournament_id: str, edit_key: str | None, body: Any) -> TournamentSingle:
    """Register a player who came alone, to be paired with another single."""
    with writing():
        tournament = lock(tournament_id, edit_key)
        name = text(_object(body, "with the player's name"), "name", "The player's name")
        _check_players(tournament, [name], "name")
        _open_for_teams(tournament)
        single = TournamentSingle(name=name)
        tournament.singles.append(single)
        db.session.flush()
    return single


def waiting(tournament: Tournament) -> list[TournamentSingle]:
    """Singles not yet in a team."""
    return [single for single in tournament.singles if single.team_id is None]


def _chosen(tournament: Tournament, ids: Any) -> list[TournamentSingle]:
    """Two waiting singles named by id, for a team made by hand."""
    free = {single.id: single for single in waiting(tournament)}
    if not isinstance(ids, list) or len(ids) != 2 or ids[0] == ids[1]:
        raise RuleError("Name two different singles: singles is a list of two single ids.", "singles")
    if not all(isinstance(item, int) and item in free for item in ids):
        raise RuleError("Each of the two must be a single still waiting for a partner.", "singles")
    return [free[ids[0]], free[ids[1]]]


def _team_name(tournament: Tournament, first: str, second: str) -> str:
    """A name for a team of singles: both names, made unique."""
    base = f"{first} & {second}"[:NAME_MAX]
    names = {team.name.casefold() for team in tournament.teams}
    name, count = base, 2
    while name.casefold() in names:
        name, count = f"{base[:NAME_MAX - 4]} ({count})", count + 1
    return name


def pair_singles(tournament_id: str, edit_key: str | None, body: Any) -> tuple[list[TournamentTeam], int | None]:
    """Make teams of waiting singles: two named by hand, or all of them at random with a seed.

    Returns the new teams and the seed used (None by hand); an odd single out keeps waiting.
    """
    body = _object(body if body is not None else {}, "(or empty)")
    with writing():
        tournament = lock(tournament_id, edit_key)
        _open_for_teams(tournament)
        seed = None
        if "singles" in body:
            pairs = [tuple(_chosen(tournament, body["singles"]))]
            name = text(body, "name", "The team's name", required=False)
        else:
            seed = number(body, "seed", 0, SEED_MAX, secrets.randbelow(SEED_MAX))
            free = waiting(tournament)
            random.Random(seed).shuffle(free)  # noqa: S311 (a fair draw, not a secret)
            pairs, name = list(zip(free[0::2], free[1::2], strict=False)), None
        if not pairs:
            raise Conflict("Two singles must be waiting to make a team.")
        made = [_make_team(tournament, first, second, name) for first, second in pairs]
    return made, seed


def _make_team(tournament: Tournament, first: TournamentSingle, second: TournamentSingle,
               name: str | None) -> TournamentTeam:
    if name is not None:
        _check_team_name(tournament, name)
    team = TournamentTeam(
        name=name or _team_name(tournament, first.name, second.name), player_one=first.name, player_two=second.name,
    )
    tournament.teams.append(team)
    db.session.flush()
    first.team_id = second.team_id = team.id
    return team
