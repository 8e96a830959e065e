"""A group's figures: sums of what each of its games adds up to (gamefigures.py), so a view never replays every
hand of every game; a person's and a pair's lines, the leaderboard, seasons' days and the ratings over them."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations
from typing import Any

from scorekeeper.games.models import Game
from scorekeeper.rules import RuleError
from scorekeeper.rules.catalogue import CATALOGUE
from scorekeeper.sheet.stats import BidCounts, level_order

from . import gamefigures, ratings
from .models import Group

DAY = re.compile(r"\d{4}-\d{2}-\d{2}")
BID_FIGURES = ("bids", "made", "set", "moons", "moons_made")
HAND_POINTS = ("bidding_hands", "bidding_points", "defending_hands", "defending_points")


@dataclass(kw_only=True)
class Tally(BidCounts):
    """One person's figures over the games counted."""

    games: int = 0
    wins: int = 0
    streak: int = 0  # wins in a row up to the last game counted
    longest_streak: int = 0
    bidding_hands: int = 0
    bidding_points: int = 0
    defending_hands: int = 0
    defending_points: int = 0
    levels: dict[tuple[int | str, bool], list[int]] = field(default_factory=dict)  # bids, made, points, change
    cards: dict[str, list[int]] = field(default_factory=dict)  # hands the point went to a team, to theirs

    def win(self, won: bool) -> None:
        """One more finished game (in finished order) for the streaks."""
        self.streak = self.streak + 1 if won else 0
        self.longest_streak = max(self.longest_streak, self.streak)


@dataclass
class Pair:
    """Two people's games together (as partners, or against each other) and the wins of each."""

    games: int = 0
    wins: list[int] = field(default_factory=lambda: [0, 0])
    streak: int = 0  # partners: games won together in a row
    longest_streak: int = 0
    bids: int = 0  # partners: the two's bids in their games together, and those made
    made: int = 0
    points: list[int] = field(default_factory=lambda: [0, 0, 0, 0])  # partners: their team's HAND_POINTS


def _share(part: int, whole: int, digits: int) -> float | None:
    """part / whole rounded, or None when whole is 0."""
    return round(part / whole, digits) if whole else None


def person_line(person, tally: Tally) -> dict[str, Any]:
    """One person's figures: those of the spec, then the ones added (docs/api-groups.md, "More figures")."""
    return {
        "person": person.id, "name": person.name, "games": tally.games, "wins": tally.wins,
        **{name: getattr(tally, name) for name in BID_FIGURES},
        "made_pct": _share(100 * tally.made, tally.bids, 1),
        "average_bid": _share(tally.bid_total, tally.counted_bids, 2),
        "longest_streak": tally.longest_streak,
        "bidding_hands": tally.bidding_hands,
        "points_per_hand_bidding": _share(tally.bidding_points, tally.bidding_hands, 2),
        "defending_hands": tally.defending_hands,
        "points_per_hand_defending": _share(tally.defending_points, tally.defending_hands, 2),
        "sat_out": tally.sat_out,
        "bidding": [{"bid": bid, "all_tricks": all_tricks, "bids": bids, "made": made,
                     "made_pct": _share(100 * made, bids, 1), "points_per_bid": _share(points, bids, 2),
                     "change_per_bid": _share(change, bids, 2)}
                    for (bid, all_tricks), (bids, made, points, change)
                    in sorted(tally.levels.items(), key=lambda item: level_order(item[0]))],
        "cards": [{"point": point, "hands": hands, "taken": taken, "taken_pct": _share(100 * taken, hands, 1)}
                  for point, (hands, taken) in sorted(tally.cards.items(), key=lambda item: _point_order(item[0]))],
    }


def _point_order(point: str) -> int:
    """Points in the catalogue's order."""
    return CATALOGUE.index(point) if point in CATALOGUE else len(CATALOGUE)


def partnership_line(pair: tuple[str, str], count: Pair) -> dict[str, Any]:
    """One partnership: the spec's fields, then the ones added (docs/api-groups.md, "More figures")."""
    bidding_hands, bidding_points, defending_hands, defending_points = count.points
    return {
        "people": list(pair), "games": count.games, "wins": count.wins[0],
        "longest_streak": count.longest_streak, "bids": count.bids, "made": count.made,
        "made_pct": _share(100 * count.made, count.bids, 1),
        "bidding_hands": bidding_hands, "points_per_hand_bidding": _share(bidding_points, bidding_hands, 2),
        "defending_hands": defending_hands, "points_per_hand_defending": _share(defending_points, defending_hands, 2),
    }


def parse_day(value: Any, field_name: str) -> dt.date | None:
    """A day given as YYYY-MM-DD, or None when not given; anything else is a RuleError."""
    if value is None:
        return None
    try:
        if not isinstance(value, str) or not DAY.fullmatch(value):
            raise ValueError
        return dt.date.fromisoformat(value)
    except ValueError:
        raise RuleError(f"{field_name} must be a day as YYYY-MM-DD, such as 2026-01-31.", field_name) from None


def in_season(finished: dt.datetime, start: dt.date | None, end: dt.date | None) -> bool:
    """Whether a game finished on a day from `start` to `end` (inclusive, UTC)."""
    day = finished.astimezone(dt.UTC).date()
    return (start is None or start <= day) and (end is None or day <= end)


def counted(played: Iterable[Game], start: dt.date | None = None, end: dt.date | None = None):
    """The finished games of a season, with their figures, oldest first."""
    found = [(game, gamefigures.figures(game)) for game in played]
    found = [(game, entry) for game, entry in found if entry.finished and in_season(entry.finished, start, end)]
    return sorted(found, key=lambda item: (item[1].finished, item[0].id))


def group_stats(group: Group, played: Iterable[Game], start: dt.date | None = None, end: dt.date | None = None):
    """The stats answer of docs/api-groups.md: per person, per partnership, head to head, and the leaderboard."""
    tallies = {person.id: Tally() for person in group.people}
    partners: dict[tuple[str, str], Pair] = {}
    rivals: dict[tuple[str, str], Pair] = {}
    season = counted(played, start, end)
    for game, entry in season:
        _count_game(game.people or [], entry, tallies, partners, rivals)
    rated = rated_over(group, season, start, end)
    return {
        "games": len(season),
        "people": [person_line(person, tallies[person.id]) for person in group.people],
        "partnerships": [{**partnership_line(pair, count), **ratings.chemistry_line(rated.partners.get(pair))}
                         for pair, count in sorted(partners.items())],
        "head_to_head": [{"people": list(pair), "games": count.games, "wins": list(count.wins)}
                         for pair, count in sorted(rivals.items())],
        "leaderboard": leaderboard(group, tallies),
        **rating_figures(group, rated),
    }


def rated_over(group: Group, season, start: dt.date | None = None, end: dt.date | None = None) -> ratings.Rated:
    """The ratings over a season's finished games (`counted`), counted once per state of those games."""
    store = gamefigures.kept_store("group_ratings", ratings.KEPT)
    return ratings.rated(store, f"{group.id} {start} {end}", season)


def rating_figures(group: Group, rated: ratings.Rated) -> dict[str, Any]:
    """Each person's rating, and the ids of those on the leaderboard by rating (docs/api-groups.md, "Ratings")."""
    return {
        "ratings": [ratings.rating_line(person, rated.of(person.id), group.min_games) for person in group.people],
        "rating_leaderboard": ratings.ranked(group, rated),
    }


def _count_game(people: list[str], entry: gamefigures.GameFigures, tallies, partners, rivals) -> None:
    """Add one finished game to the tallies."""
    won = entry.won
    for seat, person in enumerate(people):
        tally = tallies.get(person)
        if tally is None:
            continue
        tally.games += 1
        tally.wins += seat in won
        tally.win(seat in won)
        tally.add(entry.seats[seat])
        for name, value in zip(HAND_POINTS, entry.hand_points[seat], strict=True):
            setattr(tally, name, getattr(tally, name) + value)
        for bid, all_tricks, *counts in entry.bidding[seat]:
            line = tally.levels.setdefault((bid, all_tricks), [0, 0, 0, 0])
            line[:] = [mine + more for mine, more in zip(line, counts, strict=True)]
        for point, hands, taken in entry.cards[seat]:
            line = tally.cards.setdefault(point, [0, 0])
            line[0], line[1] = line[0] + hands, line[1] + taken
    for seats in entry.teams:
        for first, second in combinations(sorted(seats, key=lambda seat: people[seat]), 2):
            pair = partners.setdefault((people[first], people[second]), Pair())
            pair.games += 1
            pair.wins[0] += first in won
            pair.streak = pair.streak + 1 if first in won else 0
            pair.longest_streak = max(pair.longest_streak, pair.streak)
            pair.bids += entry.seats[first].bids + entry.seats[second].bids
            pair.made += entry.seats[first].made + entry.seats[second].made
            pair.points = [mine + theirs for mine, theirs in zip(pair.points, entry.hand_points[first], strict=True)]
    if all(len(seats) == 1 for seats in entry.teams):
        for first, second in combinations(sorted(range(len(people)), key=lambda seat: people[seat]), 2):
            pair = rivals.setdefault((people[first], people[second]), Pair())
            pair.games += 1
            pair.wins[0] += first in won
            pair.wins[1] += second in won


def leaderboard(group: Group, tallies: dict[str, Tally]) -> list[str]:
    """The ids of people with at least the group's minimum games: most wins, then the higher share, then the name."""
    ranked = [person for person in group.people if tallies[person.id].games >= group.min_games]

    def order(person):
        tally = tallies[person.id]
        share = Fraction(tally.wins, tally.games) if tally.games else Fraction(0)
        return (-tally.wins, -share, person.name.casefold())

    return [person.id for person in sorted(ranked, key=order)]
