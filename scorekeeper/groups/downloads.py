"""A whole group out: its JSON file (the group, its people, every game as the game export saves it, and the figures
they give), a CSV of its games and a CSV of its hands. transfer.py reads such a file back in."""

from __future__ import annotations

import datetime as dt
from typing import Any

from scorekeeper.games import service as games
from scorekeeper.games.json import game_json
from scorekeeper.games.models import Game
from scorekeeper.rules import PAIR
from scorekeeper.sheet.exports import sheet_rows

from . import gamefigures, stats
from .models import Group
from .service import group_games
from .views import person_json

FORMAT = "pitch-scorekeeper-group"
VERSION = 1


def iso(moment: dt.datetime | None) -> str | None:
    return moment.astimezone(dt.UTC).isoformat() if moment is not None else None


def _game_entry(game: Game) -> dict[str, Any]:
    """One game as the group file keeps it: the game's JSON, with when it finished; its clock without the moment of
    the export (so the same group exports the same file)."""
    body = game_json(game)
    if body.get("clock") is not None:
        body["clock"] = {k: v for k, v in body["clock"].items() if k not in ("server_now", "remaining_seconds")}
    body["finished"] = iso(gamefigures.figures(game).finished)
    return body


def export_group(group: Group) -> dict[str, Any]:
    """The group file: the group, its people and every game (newest first), and the ratings and each person's bids
    they give (read by no import: they are counted again); never a key."""
    played = group_games(group)
    return {
        "format": FORMAT, "version": VERSION,
        "name": group.name, "min_games": group.min_games, "created": iso(group.created_at),
        "people": [person_json(person) for person in group.people],
        "seasons": [{"name": season.name, "from": season.starts.isoformat(), "to": season.ends.isoformat()}
                    for season in group.seasons],
        "games": [_game_entry(game) for game in played],
        **stats.rating_figures(group, stats.rated_over(group, stats.counted(played))),
        "bidding": [{"person": line["person"], "name": line["name"], "levels": line["bidding"], "cards": line["cards"]}
                    for line in stats.group_stats(group, played)["people"]],
    }


def _team_cells(game: Game, names: dict[str, str]) -> list[tuple[str, list[str]]]:
    """Each team's label and its people's names now (the names as played for a seat with no person)."""
    entry = gamefigures.figures(game)
    people = game.people or []
    teams = []
    for team, seats in enumerate(entry.teams):
        members = [names.get(people[seat], game.players[seat]) if seat < len(people) else game.players[seat]
                   for seat in seats]
        teams.append((entry.labels[team], members))
    return teams


def games_rows(group: Group) -> list[list[Any]]:
    """The games CSV: one row per game, newest first; a column pair per team (team, score) as many as the game with
    the most teams needs."""
    played = group_games(group)
    names = {person.id: person.name for person in group.people}
    most = max((len(gamefigures.figures(game).teams) for game in played), default=2)
    header = ["Game", "Started", "Finished", "Variant", "Status", "Winner"]
    for number in range(1, most + 1):
        header += [f"Team {number}", f"Team {number} people", f"Team {number} score"]
    rows: list[list[Any]] = [header]
    for game in played:
        entry = gamefigures.figures(game)
        teams = _team_cells(game, names)
        row = [game.id, iso(game.created_at), iso(entry.finished) or "", game.variant,
               "finished" if entry.finished else "playing",
               PAIR.join(teams[team][0] for team in entry.winners)]
        for (label, members), score in zip(teams, entry.scores, strict=True):
            row += [label, " & ".join(members), score]
        rows.append(row + [""] * (len(header) - len(row)))
    return rows


def hands_rows(group: Group) -> list[list[Any]]:
    """The hands CSV: every hand of every game (newest game first, hands in order), as each game's sheet has it."""
    played = group_games(group)
    most = max((len(gamefigures.figures(game).teams) for game in played), default=2)
    header = ["Game", "Hand", "Dealer", "Bidder", "Bid", "Trump", "Result"]
    for number in range(1, most + 1):
        header += [f"Team {number}", f"Team {number} points", f"Team {number} total"]
    rows: list[list[Any]] = [header]
    for game in played:
        state = games.state_of(game)
        count = len(state.scores)
        labels = [state.table.team_label(team) for team in range(count)]
        for sheet in sheet_rows(state)[1:]:
            start, points, totals = sheet[:6], sheet[6:6 + count], sheet[6 + count:]
            row = [game.id, *start]
            for label, got, total in zip(labels, points, totals, strict=True):
                row += [label, got, total]
            rows.append(row + [""] * (len(header) - len(row)))
    return rows
