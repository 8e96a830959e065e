"""A group file read back in (downloads.py writes it): checked whole, and stored whole or not at all."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping
from itertools import islice
from typing import Any

import sqlalchemy as sa
from flask import current_app, request

from scorekeeper import rules
from scorekeeper.extensions import db
from scorekeeper.games import create
from scorekeeper.games import service as games
from scorekeeper.games.models import HAND_COLUMNS, Game, HandRecord
from scorekeeper.rules import RuleError
from scorekeeper.rules.names import clean_name
from scorekeeper.sheet.exports import game_body
from scorekeeper.web import records
from scorekeeper.web.database import writing
from scorekeeper.web.jsontext import Budget
from scorekeeper.web.keys import new_token
from scorekeeper.web.records import utcnow

from . import stats
from .downloads import FORMAT, VERSION
from .models import Group, Person, Season, folded
from .service import DEFAULT_MIN_GAMES, min_games_in, seat_people, short_name_in

MOST_PEOPLE = 500
MOST_GAMES = 1000
MOST_SEASONS = 200
# A group's own download spends at least 126 bytes on a hand (a misdeal, the shortest, with the 36-character id the app
# and the phones give a hand; tests/groups/test_group_import.py measures it), so one within GROUP_FILE_MAX_LENGTH holds
# fewer than MOST_HANDS; a file written with shorter hands may hold no more, so that no shape of file costs an import
# more than that many hands (bench/group_file_memory.py).
MOST_HANDS = 100_000
HAND_BATCH = 1000  # hands stored by one INSERT of an import
# A hand as an import stores it: its game, its number and id, and what the table said (HAND_COLUMNS).
HAND_ROW = ("game_id", "number", "client_id", *(column.key for column in HAND_COLUMNS))
NOT_A_GROUP = "This is not a group saved by Pitch Scorekeeper (its Download group file link)."
# A group's own download holds a value every 10.5 bytes and an object or list every 54
# (tests/groups/test_group_file_budget.py measures it), so a file as large as GROUP_FILE_MAX_LENGTH holds about 1.2
# million values and 240,000 objects and lists; a file with more is refused before it is parsed
# (bench/group_file_memory.py measures the memory).
FILE_BUDGET = Budget(values=1_500_000, containers=400_000, refusal=(
    "This file holds more than a group file can: at most 1,500,000 values, 400,000 of them objects or lists (a "
    "group's own download of 1,000 games holds well under half of that)."))


def allow_group_file(endpoint: str | None, _values, importers: tuple[str, ...]) -> None:
    """Before anything reads the body (CSRF reads a form's), let an import of a group file take the group file's
    own cap (GROUP_FILE_MAX_LENGTH) rather than the app's: a group's export is larger than any other body."""
    if endpoint in importers:
        request.max_content_length = current_app.config["GROUP_FILE_MAX_LENGTH"]


def _moment(value: Any, where: str) -> dt.datetime | None:
    """A time of the file (ISO 8601 with its offset), in UTC; None when not given."""
    if value is None:
        return None
    try:
        moment = dt.datetime.fromisoformat(value) if isinstance(value, str) else None
    except ValueError:
        moment = None
    if moment is None or moment.tzinfo is None:
        raise RuleError(f"{where} must be a time like 2026-12-03T09:40:00+00:00, or null.", "games")
    return moment.astimezone(dt.UTC)


def _people(raw: Any) -> list[tuple[str, str, str | None]]:
    """The file's people: (id in the file, name, short name), each checked like a person added to a group."""
    if not isinstance(raw, list) or len(raw) > MOST_PEOPLE:
        raise RuleError(f"people must be a list of at most {MOST_PEOPLE} people.", "people")
    found, seen_ids, seen_names = [], set(), set()
    for number, person in enumerate(raw, start=1):
        if not isinstance(person, Mapping) or not isinstance(person.get("id"), str) or not person["id"]:
            raise RuleError(f"Person {number} must be an object with an id and a name.", "people")
        try:
            name = clean_name(person.get("name"), f"Person {number}'s name", "people")
            short = short_name_in(person)
        except RuleError as error:
            raise RuleError(error.message, "people") from None
        if person["id"] in seen_ids:
            raise RuleError(f"Person {number}'s id is used by an earlier person.", "people")
        if folded(name) in seen_names:
            raise RuleError(f"{name} is in the file twice: each person once.", "people")
        seen_ids.add(person["id"])
        seen_names.add(folded(name))
        found.append((person["id"], name, short))
    return found


def _seasons(raw: Any) -> list[tuple[str, dt.date, dt.date]]:
    """The file's seasons (none when it names none), each checked like a season named in the group."""
    if raw is None:
        return []
    if not isinstance(raw, list) or len(raw) > MOST_SEASONS:
        raise RuleError(f"seasons must be a list of at most {MOST_SEASONS} seasons.", "seasons")
    found, seen = [], set()
    for number, season in enumerate(raw, start=1):
        if not isinstance(season, Mapping):
            raise RuleError(f"Season {number} must be an object with a name, from and to.", "seasons")
        try:
            name = clean_name(season.get("name"), f"Season {number}'s name", "seasons")
            starts = stats.parse_day(season.get("from"), f"Season {number}'s from")
            ends = stats.parse_day(season.get("to"), f"Season {number}'s to")
        except RuleError as error:
            raise RuleError(error.message, "seasons") from None
        if starts is None or ends is None or ends < starts:
            raise RuleError(f"Season {number} must run from a day to the same day or a later one.", "seasons")
        if folded(name) in seen:
            raise RuleError(f"{name} is a season of the file twice: each season once.", "seasons")
        seen.add(folded(name))
        found.append((name, starts, ends))
    return found


def _checked_games(raw: Any, people: set[str]) -> list[dict[str, Any]]:
    """Every game of the file checked through the engine, before anything is stored: each as its row, not yet in
    the session, and its hands as plain rows (HAND_ROW), so that a file's hands cost no ORM object each."""
    if not isinstance(raw, list) or len(raw) > MOST_GAMES:
        raise RuleError(f"games must be a list of at most {MOST_GAMES} games.", "games")
    hands = sum(len(game["hands"]) for game in raw if isinstance(game, Mapping) and isinstance(game.get("hands"), list))
    if hands > MOST_HANDS:
        raise RuleError(f"The games of this file hold {hands:,} hands; a group file holds at most {MOST_HANDS:,}.",
                        "games")
    checked = []
    for number, exported in enumerate(raw, start=1):
        where = f"Game {number}"
        if not isinstance(exported, Mapping):
            raise RuleError(f"{where} is not a game.", "games")
        try:
            variant, table, records = create.checked_new_game(game_body(dict(exported), hand_ids=True))
        except RuleError as error:
            raise RuleError(f"{where}: {error.message}", "games") from None
        seats = exported.get("people")
        if seats is not None and (not isinstance(seats, list) or len(seats) != len(table.players)
                                  or not all(isinstance(seat, str) and seat in people for seat in seats)
                                  or len(set(seats)) != len(seats)):
            raise RuleError(f"{where}: people must name a different person of the file for each seat, or be null.",
                            "games")
        clock = exported.get("clock")
        game = create.new_game_row(new_token(), new_token(), variant, table, [])  # its hands go in apart (_store_hands)
        if records:
            games.mark_finished(game, rules.score(table, [record.to_hand() for record in records]))
        hands = [(game.id, *(getattr(record, key) for key in HAND_ROW[1:])) for record in records]
        checked.append({
            "game": game, "hands": hands, "people": seats,
            "created": _moment(exported.get("created_at"), f"{where}: created_at"),
            "finished": _moment(exported.get("finished"), f"{where}: finished"),
            "time_called_at": _moment(exported.get("time_called_at"), f"{where}: time_called_at"),
            "clock_started": _moment(clock.get("started_at") if isinstance(clock, Mapping) else None,
                                     f"{where}: clock.started_at"),
        })
    return checked


def _store_hands(hands: Iterable[tuple]) -> None:
    """Insert imported hands (HAND_ROW tuples) in the open transaction, HAND_BATCH to a statement."""
    statement, rows = sa.insert(HandRecord.__table__), iter(hands)
    while batch := [dict(zip(HAND_ROW, row, strict=True)) for row in islice(rows, HAND_BATCH)]:
        db.session.execute(statement, batch)


def import_group(body: Any) -> tuple[Group, str]:
    """A new group from a group file, with new ids and a new key: its people, its games and their hands, or
    nothing (one transaction); returns it and its edit key."""
    if not isinstance(body, Mapping) or body.get("format") != FORMAT:
        raise RuleError(NOT_A_GROUP, "format")
    if body.get("version") != VERSION:
        raise RuleError(f"This group file is version {body.get('version')}; this app reads version {VERSION}.",
                        "version")
    name = clean_name(body.get("name"), "The group's name", "name")
    min_games = min_games_in(body.get("min_games", DEFAULT_MIN_GAMES))
    created = _moment(body.get("created"), "created")
    people = _people(body.get("people"))
    named = _seasons(body.get("seasons"))
    checked = _checked_games(body.get("games"), {person_id for person_id, _, _ in people})
    group = Group(name=name, min_games=min_games)
    edit_key = records.given_key(group)
    with writing():
        if created is not None:
            group.created_at = created
        new_ids, joined = {}, utcnow()
        for index, (old_id, person_name, short) in enumerate(people):
            person = Person(id=new_token(), name=person_name, folded=folded(person_name), short_name=short,
                            created_at=joined + dt.timedelta(microseconds=index))  # the file's order kept
            group.people.append(person)
            new_ids[old_id] = person.id
        for season_name, starts, ends in named:
            group.seasons.append(Season(id=new_token(), name=season_name, starts=starts, ends=ends))
        db.session.add(group)
        db.session.flush()  # the group, before the games that name it
        for number, item in enumerate(checked, start=1):
            game = item["game"]
            if item["people"] is None:
                try:
                    game.people = seat_people(group, list(game.players))
                except RuleError as error:
                    raise RuleError(f"Game {number}: {error.message}", "games") from None
            else:
                game.people = [new_ids[seat] for seat in item["people"]]
            game.group_id = group.id
            _restore_times(game, item)
            db.session.add(game)
        db.session.flush()  # the games, before the hands that name them
        _store_hands(hand for item in checked for hand in item["hands"])
    for item in checked:  # their hands were stored apart: a later read loads them
        db.session.expunge(item["game"])
    return group, edit_key


def _restore_times(game: Game, item: dict[str, Any]) -> None:
    """The game's times as the file gives them: created, finished (only if its hands finish it), time called, clock."""
    if item["created"] is not None:
        game.created_at = game.updated_at = item["created"]
    if game.finished_at is not None:
        game.finished_at = item["finished"] or item["created"] or game.finished_at
    if game.time_called_at is not None and item["time_called_at"] is not None:
        game.time_called_at = item["time_called_at"]
    game.clock_started_at = item["clock_started"]
