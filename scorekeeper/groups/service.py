"""Group operations shared by the API and the pages: create, change, people, games in and out, key change."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from datetime import timedelta
from typing import Any

import sqlalchemy as sa

from scorekeeper.extensions import db
from scorekeeper.games import create
from scorekeeper.games import service as games
from scorekeeper.games.models import Game
from scorekeeper.rules import Conflict, RuleError
from scorekeeper.rules.names import clean_name
from scorekeeper.web import records, rotation
from scorekeeper.web.database import writing
from scorekeeper.web.jsontext import json_object
from scorekeeper.web.keys import check_key, is_token, new_token
from scorekeeper.web.records import NotFound, utcnow
from scorekeeper.web.revisions import touch

from . import gamefigures
from .models import Group, Person, folded

NO_GROUP = "There is no group at this address. Check the link."
NO_PERSON = "This group has no such person. Reload the group to see its people."
MIN_GAMES_MAX = 1000
DEFAULT_MIN_GAMES = 3


def get_group(group_id: str) -> Group:
    """The group called `group_id`, or NotFound."""
    return records.found(Group, group_id, NO_GROUP)


def lock_group(group_id: str, edit_key: str | None) -> Group:
    """Load a group for writing, its row locked until commit (PostgreSQL), and check the key."""
    return records.locked(Group, group_id, edit_key, NO_GROUP, realm="group")


@contextmanager
def editing(group_id: str, edit_key: str | None) -> Iterator[Group]:
    """A change to a group: one transaction, the group's row locked and its key checked first, and its revision moved
    on once the change is made, so every view kept of the group before it is stale."""
    with writing():
        group = lock_group(group_id, edit_key)
        yield group
        touch(group)


def min_games_in(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MIN_GAMES_MAX:
        raise RuleError(f"min_games must be a whole number from 0 to {MIN_GAMES_MAX}.", "min_games")
    return value


def group_games(group: Group) -> list[Game]:
    """The group's games, newest first, each one's figures kept (those not kept yet counted together)."""
    query = sa.select(Game).where(Game.group_id == group.id).order_by(Game.created_at.desc(), Game.id)
    played = list(db.session.scalars(query))
    gamefigures.prime(played)
    return played


def create_group(body: Any) -> tuple[Group, str]:
    """Create a group from `{"name": ..., "min_games": ...}`; returns it and its edit key."""
    body = json_object(body)
    name = clean_name(body.get("name"), "The group's name", "name")
    min_games = min_games_in(body.get("min_games", DEFAULT_MIN_GAMES))
    return records.added_with_key(Group(name=name, min_games=min_games))


def update_group(group_id: str, edit_key: str | None, body: Any) -> Group:
    """Change the group's name or minimum games."""
    with editing(group_id, edit_key) as group:
        body = json_object(body)
        if "name" in body:
            group.name = clean_name(body["name"], "The group's name", "name")
        if "min_games" in body:
            group.min_games = min_games_in(body["min_games"])
    return group


def person_of(group: Group, person_id: str | None) -> Person:
    """The group's person called `person_id`, or NotFound."""
    return records.member(group.people, person_id, NO_PERSON)


def _name_free(group: Group, name: str, person: Person | None = None) -> None:
    """Refuse a name another person of the group has (trimmed, case-folded)."""
    key = folded(name)
    if any(other.folded == key and other is not person for other in group.people):
        raise Conflict(f"This group already has a person called {name}.", "name")


def short_name_in(body: Mapping[str, Any]) -> str | None:
    value = body.get("short_name")
    return None if value is None or value == "" else clean_name(value, "The short name", "short_name", longest=12)


def _new_person(group: Group, name: str, short_name: str | None = None) -> Person:
    """A person added to the group (the caller has checked the name is free)."""
    joined = utcnow()
    last = group.people[-1].created_at if group.people else None
    if last is not None and joined <= last:  # people added in one write keep the order they were named in
        joined = last + timedelta(microseconds=1)
    person = Person(id=new_token(), name=name, folded=folded(name), short_name=short_name, created_at=joined)
    group.people.append(person)
    return person


def add_person(group_id: str, edit_key: str | None, body: Any) -> Person:
    """Add a person: `{"name": "Ann", "short_name": "A"}`."""
    with writing():
        group = lock_group(group_id, edit_key)
        body = json_object(body)
        name = clean_name(body.get("name"), "A person's name", "name")
        _name_free(group, name)
        person = _new_person(group, name, short_name_in(body))
        db.session.flush()
    return person


def rename_person(group_id: str, edit_key: str | None, person_id: str, body: Any) -> Person:
    """Rename a person (and change the short name): every view of the group shows the new name."""
    with editing(group_id, edit_key) as group:
        person = person_of(group, person_id)
        body = json_object(body)
        if "name" in body:
            name = clean_name(body["name"], "A person's name", "name")
            _name_free(group, name, person)
            person.name, person.folded = name, folded(name)
        if "short_name" in body:
            person.short_name = short_name_in(body)
    return person


def merge_person(group_id: str, edit_key: str | None, person_id: str, body: Any) -> Group:
    """Fold a person into another (the same person typed twice): their games become the other's."""
    with editing(group_id, edit_key) as group:
        person = person_of(group, person_id)
        into_id = json_object(body).get("into")
        if into_id == person_id:
            raise RuleError("A person cannot be merged into themselves: choose another person.", "into")
        into = next((other for other in group.people if other.id == into_id), None)
        if into is None:
            raise RuleError("into must be the id of another person of this group.", "into")
        played = [game for game in group_games(group) if person.id in (game.people or [])]
        together = next((game for game in played if into.id in game.people), None)
        if together is not None:
            raise Conflict(f"{person.name} and {into.name} sat in one game, so they are two people.", "into")
        for game in played:
            game.people = [into.id if seat == person.id else seat for seat in game.people]
        group.people.remove(person)
    return group


def seat_people(group: Group, players: list[str]) -> list[str]:
    """The person of each seat, matched by name (trimmed, case-folded); a name not in the group is added."""
    keys = [folded(name) for name in players]
    twice = next((name for index, name in enumerate(players) if keys[index] in keys[:index]), None)
    if twice is not None:
        raise RuleError(f"{twice} is named twice in one game: each seat is a different person.", "players")
    found = {person.folded: person for person in group.people}
    return [(found.get(key) or _new_person(group, name)).id for key, name in zip(keys, players, strict=True)]


def _join(group: Group, game: Game) -> None:
    """Put `game` in `group`, each seat a person."""
    game.people = seat_people(group, list(game.players))
    game.group_id = group.id
    touch(group)


def seat_rematch(group_id: str, people: list[str], game: Game) -> None:
    """Put a rematch in the group of the game it follows: the same people seat by seat (by name if one has gone)."""
    group = db.session.scalar(sa.select(Group).where(Group.id == group_id).with_for_update())
    if group is None:
        return
    present = {person.id for person in group.people}
    if len(people) == len(game.players) and all(person in present for person in people):
        game.people, game.group_id = list(people), group.id
        touch(group)
    else:
        _join(group, game)


def start_game(group_id: str, edit_key: str | None, body: Any) -> tuple[games.Saved, str]:
    """Start a game in the group (a game body as for POST /api/games); returns it and the game's edit key."""
    check_key(get_group(group_id), edit_key, realm="group")  # before the body is read: no key, no answer about it

    def attach(game: Game) -> None:
        _join(lock_group(group_id, edit_key), game)

    saved, game_key = create.create_game(body, attach)
    if saved.game.group_id != group_id:  # a game made offline, sent again: already stored
        saved = _add(group_id, edit_key, saved.game.id, game_key)
    return saved, game_key


def add_game(group_id: str, edit_key: str | None, body: Any) -> games.Saved:
    """Add an existing game: `{"game": "<id>", "game_key": "<its edit_key>"}`; a wrong game key changes nothing."""
    body = json_object(body)
    game_id, game_key = body.get("game"), body.get("game_key")
    if not isinstance(game_id, str) or not game_id:
        raise RuleError("game must be the id of the game to add.", "game")
    if not isinstance(game_key, str) or not game_key:
        raise RuleError("game_key must be the edit key of the game to add.", "game_key")
    return _add(group_id, edit_key, game_id, game_key)


def _add(group_id: str, edit_key: str | None, game_id: str, game_key: str) -> games.Saved:
    with writing():
        group = lock_group(group_id, edit_key)
        game = games.lock_game(game_id)
        check_key(game, game_key)  # 403 for a wrong key, the game's own
        if game.group_id == group.id:
            return games.Saved(game, games.state_of(game), created=False)
        if game.group_id is not None:
            raise Conflict("That game is in another group already; take it out of that group first.", "game")
        _join(group, game)
    return games.Saved(game, games.state_of(game), created=True)


def remove_game(group_id: str, edit_key: str | None, game_id: str) -> Group:
    """Take a game out of the group; the game stays, with its names as played, and the group's key stops opening it."""
    with editing(group_id, edit_key) as group:
        game = db.session.get(Game, game_id, with_for_update=True) if is_token(game_id) else None
        if game is None or game.group_id != group.id:
            raise NotFound("That game is not in this group.")
        game.group_id, game.people = None, None
    return group


def rotate_key(group_id: str, edit_key: str | None, body: Any) -> tuple[Group, str]:
    """Change the group's edit key (to the one in the body, if the phone made it); the same change again answers
    the same."""
    return rotation.rotate_key(Group, group_id, NO_GROUP, edit_key, body, "group")
