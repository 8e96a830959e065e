"""What a group's page and a person's page show: the leaderboard, the chart, the games, the matchup, a person's
figures, partners and rivals, and the offline start's seats, as template contexts."""

from __future__ import annotations

import datetime as dt
from typing import Any

from flask import abort

from scorekeeper.rules import DESCRIPTIONS, PAIR, RuleError
from scorekeeper.rules.catalogue import POINT_NAMES
from scorekeeper.sheet.wording import bid_label, num
from scorekeeper.web.links import group_url

from . import chart, gamefigures, ratings, seasons, service, stats
from .models import Group

SHOWN = 30  # games listed on the group page unless all are asked for


def offered(group: Group, played: list) -> tuple[str, list[str]]:
    """What a game started in the group begins with: the last game's variant and its people in their seats."""
    if not played:
        return "ten-point", []
    names = {person.id: person.name for person in group.people}
    return played[0].variant, [names.get(person, "") for person in played[0].people or []]


def matchup(group_id: str, sides: tuple[tuple[str, ...], ...]) -> dict[str, Any]:
    """The page's "who would win" form: the sides asked for, the chances the ratings give each, or why not."""
    if not any(sides):
        return {"asked": sides, "matchup": None, "matchup_error": None}
    group = service.get_group(group_id)
    rated = stats.rated_over(group, stats.counted(service.group_games(group)))
    try:
        found = ratings.matchup(group, rated, *sides)
        return {"asked": sides, "matchup": ratings.matchup_sentence(found), "matchup_error": None}
    except RuleError as problem:
        return {"asked": sides, "matchup": None, "matchup_error": problem.message}


def person_context(group_id: str, person_id: str, season_key: str | None = None,
                   on: dt.date | None = None) -> dict[str, Any]:
    """What a person's page shows: their line, each partner and rival with the games they shared, and their rating
    over the season asked for by `season_key` (the group page's keys, its seasons as on `on`; none or "all": every
    game)."""
    group = service.get_group(group_id)
    person = service.person_of(group, person_id)
    names = {found.id: found.name for found in group.people}
    played = service.group_games(group)
    figures = stats.group_stats(group, played)
    season = None
    if season_key not in (None, "all"):
        on = on or seasons.today()
        season = seasons.chosen(seasons.seasons_of(group, played, on), season_key, on)
        if season is None:
            abort(404)
    starts, ends = (season.starts, season.ends) if season else (None, None)
    rated = figures if season is None else stats.group_stats(group, played, starts, ends)
    line = next(item for item in figures["people"] if item["person"] == person.id)

    def other(pair: list[str]) -> str:
        return names[pair[1] if pair[0] == person.id else pair[0]]

    partners = [{"name": other(item["people"]), "games": item["games"], "wins": item["wins"],
                 "longest_streak": item["longest_streak"]}
                for item in figures["partnerships"] if person.id in item["people"]]
    rivals = [{"name": other(item["people"]), "games": item["games"],
               "wins": item["wins"][item["people"].index(person.id)],
               "losses": item["wins"][1 - item["people"].index(person.id)]}
              for item in figures["head_to_head"] if person.id in item["people"]]
    ranked = sorted(partners, key=lambda item: (-item["wins"], -item["wins"] / item["games"], item["name"].casefold()))
    rating = next(item for item in rated["ratings"] if item["person"] == person.id)
    history = stats.rated_over(group, stats.counted(played, starts, ends), starts, ends).of(person.id).history
    chemistry = [{**item, "sentence": ratings.chemistry_sentence(person.name, other(item["people"]), item["games"],
                                                                 item["above_expected"])}
                 for item in figures["partnerships"]
                 if person.id in item["people"] and item["expected_wins"] is not None]
    levels = [{**item, "label": level_label(item)} for item in line["bidding"]]
    return {"group": group, "person": person, "line": line, "partners": ranked,
            "rivals": sorted(rivals, key=lambda item: (-item["games"], item["name"].casefold())),
            "season": season, "rating": rating,
            "rating_text": ratings.rating_text(rating["rating"], rating["uncertainty"]),
            "rating_chart": chart.rating_chart(person.name, history, ratings.CENTRE),
            "chemistry": sorted(chemistry, key=lambda item: (-item["above_expected"], -item["games"])),
            "levels": levels, "bid_chart": chart.bid_chart(person.name, levels),
            "cards": sorted(({**item, "label": POINT_NAMES.get(item["point"], item["point"])}
                             for item in line["cards"]), key=lambda item: -item["taken_pct"])}


def level_label(level: dict[str, Any]) -> str:
    """A bid level as the sheet writes the bid: 3, moon, "5, all six tricks"."""
    rules = {"all_tricks_bid": level["bid"] if level["all_tricks"] else None}
    return bid_label({"bid": level["bid"], "made": True}, rules)


def page_context(group_id: str, every: bool = False, season_key: str | None = None,
                 on: dt.date | None = None) -> dict[str, Any]:
    """What the group page shows: the newest games (`every`: all of them), and the leaderboard of a season (the
    one asked for by `season_key`, else the one running on `on`) or of every game (`season_key` "all")."""
    group = service.get_group(group_id)
    played = service.group_games(group)
    names = {person.id: person.name for person in group.people}
    figures = stats.group_stats(group, played)
    on = on or seasons.today()
    views = seasons.seasons_of(group, played, on)
    shown = None if season_key == "all" else seasons.chosen(views, season_key, on)
    if season_key not in (None, "all") and shown is None:
        abort(404)
    board = figures if shown is None else stats.group_stats(group, played, shown.starts, shown.ends)
    season = stats.counted(played)
    winners = [(entry.finished, [game.people[seat] for seat in sorted(entry.won)])
               for game, entry in season if game.people]
    return {
        "group": group, "figures": figures, "names": names, "short": short_names(group),
        "lines": {line["person"]: line for line in figures["people"]},
        "games": [game_line(game, names) for game in (played if every else played[:SHOWN])],
        "game_count": len(played), "every": every,
        "chart": chart.build(winners, names, figures["leaderboard"]),
        "link": group_url(group.id),
        "offline": offline(group, played),
        "seasons": views, "season": shown, "board": board,
        "board_lines": {line["person"]: line for line in board["people"]},
        "rating_lines": {line["person"]: {**line, "text": ratings.rating_text(line["rating"], line["uncertainty"])}
                         for line in board["ratings"]},
        "provisional": sorted((line for line in board["ratings"] if 0 < line["games"] < group.min_games),
                              key=lambda line: (-line["rating"], line["name"].casefold())),
        "chemistry": chemistry(board, names),
        "champion": seasons.champion(group, played, shown, on) if shown is not None else None,
        "ended": shown is not None and shown.ends < on,
    }


def chemistry(board: dict[str, Any], names: dict[str, str]) -> list[dict[str, Any]]:
    """The partnerships of the board shown, furthest above what the ratings expected first, each in a sentence (the
    two names in alphabetical order)."""
    found = [{**item, "sentence": ratings.chemistry_sentence(*sorted((names[person] for person in item["people"]),
                                                                    key=str.casefold),
                                                             item["games"], item["above_expected"])}
             for item in board["partnerships"] if item["expected_wins"] is not None]
    return sorted(found, key=lambda item: (-item["above_expected"], -item["games"], item["sentence"].casefold()))


def offline(group: Group, played: list) -> dict[str, Any]:
    """What the group's start page offers, for a phone holding the group's key to keep for starting games offline
    (static/js/ui/groupkeys.js); names only, never a key."""
    variant, seated = offered(group, played)
    return {"id": group.id, "name": group.name, "people": [person.name for person in group.people],
            "variant": variant, "seats": seated}


def short_names(group: Group) -> dict[str, str]:
    """Each person's short name, or their name."""
    return {person.id: person.short_name or person.name for person in group.people}


def game_line(game, names: dict[str, str]) -> dict[str, Any]:
    """One game as the page lists it."""
    entry = gamefigures.figures(game)
    people = game.people or []
    teams = [" & ".join(names.get(people[seat], game.players[seat]) if seat < len(people) else game.players[seat]
                        for seat in seats) for seats in entry.teams]
    return {
        "id": game.id, "when": (entry.finished or game.created_at).date().isoformat(), "finished": entry.finished,
        "teams": teams, "score": " – ".join(num(score) for score in entry.scores),
        "winner": PAIR.join(teams[team] for team in entry.winners) if entry.winners else None,
        "variant": DESCRIPTIONS.get(game.variant, game.variant).split(",")[0],
    }
