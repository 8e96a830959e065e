"""Tournament set-up shared by the API and the pages: create, register teams and singles, pair singles."""

from __future__ import annotations

import datetime as dt
import random
import secrets
from collections.abc import Mapping
from typing import Any

from scorekeeper.extensions import db
from scorekeeper.rules import Conflict, RuleError, Rules, player_counts_in_words, preset
from scorekeeper.rules.names import NAME_MAX, clean_name
from scorekeeper.web import records
from scorekeeper.web.database import writing
from scorekeeper.web.jsontext import json_object

from .models import Tournament, TournamentSingle, TournamentTeam

NO_TOURNAMENT = "There is no tournament at this address. Check the link."
SEED_MAX = 2**31 - 1
# 128 tables: a very large hall. The round draw creates one game per table in one request (a second
# or so at this size, bench/draw.py), and the standings page stays a page a phone can load.
MAX_TEAMS = 256
PLAYER_WORDS = {1: "one", 2: "two", 3: "three"}


def get_tournament(tournament_id: str) -> Tournament:
    """The tournament called `tournament_id`, or NotFound."""
    return records.found(Tournament, tournament_id, NO_TOURNAMENT)


def find_for_update(tournament_id: str) -> Tournament:
    """Load a tournament for writing, its row locked until commit, or NotFound."""
    return records.found_for_update(Tournament, tournament_id, NO_TOURNAMENT)


def lock(tournament_id: str, edit_key: str | None) -> Tournament:
    """Load a tournament for writing, its row locked until commit, and check the coordinator's key."""
    return records.locked(Tournament, tournament_id, edit_key, NO_TOURNAMENT, realm="tournament")


def text(body: Mapping[str, Any], field: str, what: str, longest: int = NAME_MAX,
         required: bool = True) -> str | None:
    """A name or label as rules.names checks it, 1 to `longest` characters (or None when optional and absent)."""
    value = body.get(field)
    if value is None and not required:
        return None
    return clean_name(value, what, field, longest)


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


def _rules(body: Mapping[str, Any], minutes: int) -> tuple[str, dict[str, Any], int]:
    """The preset and house rules every game is created with, and the players at each table, checked;
    the clock comes from minutes_per_game."""
    variant = body.get("variant", "tournament")
    overrides = body.get("rules")
    overrides = {} if overrides is None else overrides
    if not isinstance(overrides, Mapping):
        raise RuleError("House rules must be an object of option: value.", "rules")
    if "time_limit_minutes" in overrides:
        raise RuleError("Set the clock with minutes_per_game.", "rules.time_limit_minutes")
    if "players" in overrides:
        raise RuleError("Set the players at each table with players_per_table.", "rules.players")
    rules = preset(variant).with_overrides({**overrides, "time_limit_minutes": minutes})
    return variant, dict(overrides), _players_per_table(body, variant, rules)


def _players_per_table(body: Mapping[str, Any], variant: str, rules: Rules) -> int:
    """Players at each table: one of the counts the game allows, its usual count when left out."""
    value = body.get("players_per_table", rules.seat_counts[0])
    if not isinstance(value, int) or isinstance(value, bool) or value not in rules.seat_counts:
        how = ("with the dealer sitting out each hand" if rules.sit_out
               else "in two teams of partners" if rules.partners else "each alone")
        raise RuleError(f"A {variant} table seats {player_counts_in_words(rules)} players {how}: "
                        f"players_per_table must be one of those.", "players_per_table")
    rules.seated(value)
    return value


def create_tournament(body: Any) -> tuple[Tournament, str]:
    """Create a tournament from a POST body; returns it and the coordinator's edit key."""
    body = json_object(body, " describing the tournament")
    minutes = number(body, "minutes_per_game", 1, 600, 30)
    variant, rules, players_per_table = _rules(body, minutes)
    tournament = Tournament(
        name=text(body, "name", "The tournament's name", 80), date=_date(body),
        place=text(body, "place", "The place", 120, required=False),
        entry_fee_cents=number(body, "entry_fee_cents", 0, 10_000_000, 2000),
        payout_percent=number(body, "payout_percent", 0, 100, 50),
        games_per_team=number(body, "games_per_team", 1, 20, 5), minutes_per_game=minutes,
        variant=variant, rules=rules, players_per_table=players_per_table,
        seed=number(body, "seed", 0, SEED_MAX, secrets.randbelow(SEED_MAX)),
        tie_breaks=[],
    )
    return records.added_with_key(tournament)


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


def _check_room(tournament: Tournament, teams: int, singles: int, field: str) -> None:
    """Room for `teams` more teams and `singles` more singles (two singles will make one team, three in a
    tournament of teams of three)."""
    size = tournament.team_size
    waiting_singles = sum(1 for single in tournament.singles if single.team_id is None) + singles
    if len(tournament.teams) + teams + (waiting_singles + size - 1) // size > MAX_TEAMS:
        share = "a third" if size == 3 else "half"
        raise RuleError(f"A tournament takes at most {MAX_TEAMS} teams (singles count as {share} a team).", field)


def _check_team_name(tournament: Tournament, name: str) -> None:
    if any(team.name.casefold() == name.casefold() for team in tournament.teams):
        raise Conflict(f"There is already a team called {name}.", "name")


def _team_players(tournament: Tournament, body: Mapping[str, Any], name: str) -> list[str]:
    """The players of a new team: two (three in ten-point-six), or one where everyone plays alone (its name when
    none is given)."""
    size = tournament.team_size
    players = body.get("players", [name] if size == 1 else None)
    if not isinstance(players, list) or len(players) != size:
        if size == 1:
            raise RuleError("Everyone plays alone in this tournament: players is a list of one name.", "players")
        raise RuleError(f"A team has {PLAYER_WORDS[size]} players: players is a list of their "
                        f"{PLAYER_WORDS[size]} names.", "players")
    return [text({"players": item}, "players", f"Player {seat}'s name") for seat, item in enumerate(players, 1)]


def add_team(tournament_id: str, edit_key: str | None, body: Any) -> TournamentTeam:
    """Register a team of two (three in ten-point-six, one where everyone plays alone)."""
    with writing():
        tournament = lock(tournament_id, edit_key)
        body = json_object(body, " with the team's name and its players")
        name = text(body, "name", "The team's name")
        players = _team_players(tournament, body, name)
        _check_team_name(tournament, name)
        _check_players(tournament, players, "players")
        _open_for_teams(tournament)
        _check_room(tournament, 1, 0, "name")
        team = _team(name, players)
        tournament.teams.append(team)
        db.session.flush()
    return team


def _team(name: str, players: list[str]) -> TournamentTeam:
    """A new team of one, two or three players."""
    one, two, three = [*players, "", ""][:3]
    return TournamentTeam(name=name, player_one=one, player_two=two, player_three=three)


def add_single(tournament_id: str, edit_key: str | None, body: Any) -> TournamentSingle:
    """Register a player who came alone, to be paired with another single; where everyone plays alone,
    the player is a team of one at once (the single's `team`)."""
    with writing():
        tournament = lock(tournament_id, edit_key)
        name = text(json_object(body, " with the player's name"), "name", "The player's name")
        _check_players(tournament, [name], "name")
        _open_for_teams(tournament)
        alone = tournament.team_size == 1
        if alone:
            _check_team_name(tournament, name)
        _check_room(tournament, int(alone), int(not alone), "name")
        single = TournamentSingle(name=name)
        tournament.singles.append(single)
        if alone:
            team = _team(name, [name])
            tournament.teams.append(team)
            db.session.flush()
            single.team_id = team.id
        db.session.flush()
    return single


def waiting(tournament: Tournament) -> list[TournamentSingle]:
    """Singles not yet in a team."""
    return [single for single in tournament.singles if single.team_id is None]


def _chosen(tournament: Tournament, ids: Any) -> list[TournamentSingle]:
    """Waiting singles named by id (two, or three for a team of three), for a team made by hand."""
    free = {single.id: single for single in waiting(tournament)}
    words = PLAYER_WORDS[tournament.team_size]
    if not isinstance(ids, list) or len(ids) != tournament.team_size or len(set(map(repr, ids))) != len(ids):
        raise RuleError(f"Name {words} different singles: singles is a list of {words} single ids.", "singles")
    if not all(type(item) is int and item in free for item in ids):
        raise RuleError(f"Each of the {words} must be a single still waiting for a partner.", "singles")
    return [free[item] for item in ids]


def _team_name(tournament: Tournament, names: list[str]) -> str:
    """A name for a team of singles: their names, made unique."""
    base = (", ".join(names[:-1]) + f" & {names[-1]}")[:NAME_MAX]
    names = {team.name.casefold() for team in tournament.teams}
    name, count = base, 2
    while name.casefold() in names:
        name, count = f"{base[:NAME_MAX - 4]} ({count})", count + 1
    return name


def pair_singles(tournament_id: str, edit_key: str | None, body: Any) -> tuple[list[TournamentTeam], int | None]:
    """Make teams of waiting singles: two (three in a tournament of teams of three) named by hand, or all of them
    at random with a seed.

    Returns the new teams and the seed used (None by hand); an odd single out keeps waiting.
    """
    body = json_object(body, empty=True)
    with writing():
        tournament = lock(tournament_id, edit_key)
        _open_for_teams(tournament)
        if tournament.team_size == 1:
            raise Conflict("Everyone plays alone in this tournament, so there are no partners to pair.")
        seed, size = None, tournament.team_size
        if "singles" in body:
            groups = [_chosen(tournament, body["singles"])]
            name = text(body, "name", "The team's name", required=False)
        else:
            seed = number(body, "seed", 0, SEED_MAX, secrets.randbelow(SEED_MAX))
            free = waiting(tournament)
            random.Random(seed).shuffle(free)  # noqa: S311 (a fair draw, not a secret)
            groups, name = [free[start:start + size] for start in range(0, len(free) - size + 1, size)], None
        if not groups:
            raise Conflict(f"{PLAYER_WORDS[size].capitalize()} singles must be waiting to make a team.")
        made = [_make_team(tournament, group, name) for group in groups]
    return made, seed


def _make_team(tournament: Tournament, singles: list[TournamentSingle], name: str | None) -> TournamentTeam:
    if name is not None:
        _check_team_name(tournament, name)
    names = [single.name for single in singles]
    team = _team(name or _team_name(tournament, names), names)
    tournament.teams.append(team)
    db.session.flush()
    for single in singles:
        single.team_id = team.id
    return team
