"""Ratings of a group's people, from its finished games in the order they finished, by OpenSkill's Plackett-Luce
model (teams and more than two sides): each person's rating, partner chemistry (wins against the wins the ratings
expected), and who would win between any two sides.

Pure functions over what each game adds up to (gamefigures.py's GameFigures); `sides` alone says how a finished
game becomes the model's sides and ranks. Nothing here is stored: the figures are counted again from the games,
and kept per group and season under the state of the games they count (`rated`).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import TYPE_CHECKING, Any

from openskill.models import PlackettLuce

from scorekeeper.rules import RuleError
from scorekeeper.web.memory import Latest

if TYPE_CHECKING:
    from .gamefigures import GameFigures

MODEL = PlackettLuce()  # a newcomer at mu 25, sigma 25/3, as the model's authors set it
SCALE = 20  # friendly points per point of the model's skill
CENTRE = 1500  # a newcomer's shown rating: the conservative estimate mu - 3 sigma (0) on the friendly scale
Z = 3  # how many sigmas the shown rating keeps below the mean
KEPT = 256  # groups' and seasons' ratings kept per worker


@dataclass(frozen=True)
class Sides:
    """A finished game as the model takes it: the persons of each side, and each side's rank (0 first, ties equal)."""

    people: tuple[tuple[str, ...], ...]
    ranks: tuple[int, ...]


def sides(people: Sequence[str], entry: GameFigures) -> Sides | None:
    """The sides of a finished game and their ranks: each team a side (in cutthroat each player is a team of one),
    the winner first, then the others by final score, higher first, equal scores sharing a rank (the next rank
    skipping: 0, 1, 1, 3); at a table of five the winning pair is one side, the three others sides of their own.
    The one place a game's result becomes the model's. None when the game is not finished or a seat has no person."""
    pair = len(entry.winners) > 1  # at a table of five: the winning pair, one side; the three others a side each
    won = entry.winners if pair else (() if entry.winner is None else (entry.winner,))
    if not won or any(seat >= len(people) for seats in entry.teams for seat in seats):
        return None
    order = [*won, *(team for team in range(len(entry.teams)) if team not in won)] if pair else range(len(entry.teams))
    found = tuple(tuple(people[seat] for seat in entry.teams[team]) for team in order)
    if pair:
        found = (found[0] + found[1], *found[2:])
        order = [won[0], *order[2:]]
    others = [entry.scores[team] for team in order if team not in won]
    ranks = tuple(0 if team in won else 1 + sum(score > entry.scores[team] for score in others) for team in order)
    return Sides(found, ranks)


@dataclass(frozen=True)
class Record:
    """One finished game for the ratings: when it finished, its id (the order of games finished at one moment), its
    sides."""

    finished: dt.datetime
    game_id: str
    sides: Sides


def shown(mu: float, sigma: float) -> int:
    """The rating people read: the conservative estimate (mu - 3 sigma) on the friendly scale, a newcomer 1500."""
    return round(CENTRE + SCALE * (mu - Z * sigma))


def spread(sigma: float) -> int:
    """What is still unknown about a rating, on the friendly scale: the 3 sigmas it is kept below the mean."""
    return round(SCALE * Z * sigma)


@dataclass
class Rating:
    """One person's rating now, and after each of their games."""

    mu: float = MODEL.mu
    sigma: float = MODEL.sigma
    games: int = 0
    history: list[tuple[str, int]] = field(default_factory=list)  # (game id, shown rating after it)

    @property
    def shown(self) -> int:
        """The rating as people read it."""
        return shown(self.mu, self.sigma)


@dataclass
class Chemistry:
    """Two partners' games together: won, and the wins the ratings before each game expected."""

    games: int = 0
    wins: int = 0
    expected: float = 0.0


@dataclass
class Rated:
    """The ratings after every game counted, with each partnership's chemistry."""

    people: dict[str, Rating] = field(default_factory=dict)
    partners: dict[tuple[str, str], Chemistry] = field(default_factory=dict)
    games: int = 0

    def of(self, person: str) -> Rating:
        """A person's rating (a newcomer's before any game)."""
        return self.people.get(person) or Rating()


def _model_rating(rating: Rating):
    return MODEL.rating(mu=rating.mu, sigma=rating.sigma)


def replay(records: Iterable[Record]) -> Rated:
    """Every record rated in the order the games finished: each side's chance to win before the game, from the
    ratings then, goes to its partners' expected wins; then the model moves the ratings by the ranks. Games that
    finished at one moment are rated together, each from the ratings before that moment, so no order among them
    (their ids change with an import) can matter."""
    rated = Rated()
    moments: dict[dt.datetime, list[Record]] = {}
    for record in records:
        moments.setdefault(record.finished, []).append(record)
    for moment in sorted(moments):
        before = {person: (rating.mu, rating.sigma) for person, rating in rated.people.items()}
        for record in sorted(moments[moment], key=lambda item: item.game_id):
            _rate(rated, record, before)
        rated.games += len(moments[moment])
    return rated


def _rate(rated: Rated, record: Record, before: dict[str, tuple[float, float]]) -> None:
    """Rate one game from the ratings `before` its moment: the change it brings is added to each person's rating
    (the mean moved by its change, what is unknown shrunk in its proportion)."""
    start = {person: before.get(person, (MODEL.mu, MODEL.sigma)) for side in record.sides.people for person in side}
    teams = [[MODEL.rating(mu=start[person][0], sigma=start[person][1]) for person in side]
             for side in record.sides.people]
    chances = MODEL.predict_win(teams)
    after = MODEL.rate(teams, ranks=list(record.sides.ranks))
    for side, rank, chance, new in zip(record.sides.people, record.sides.ranks, chances, after, strict=True):
        for pair in combinations(sorted(side), 2):
            count = rated.partners.setdefault(pair, Chemistry())
            count.games, count.wins, count.expected = count.games + 1, count.wins + (rank == 0), count.expected + chance
        for person, model_rating in zip(side, new, strict=True):
            rating = rated.people.setdefault(person, Rating())
            mu, sigma = start[person]
            rating.mu += model_rating.mu - mu
            rating.sigma *= model_rating.sigma / sigma
            rating.games += 1
            rating.history.append((record.game_id, rating.shown))


def win_chances(rated: Rated, first: Sequence[str], second: Sequence[str]) -> tuple[float, float]:
    """The model's chance that each of two sides (a player, or partners) wins a game between them, adding to 1."""
    teams = [[_model_rating(rated.of(person)) for person in side] for side in (first, second)]
    one, other = MODEL.predict_win(teams)
    return one, other


def rating_line(person, rating: Rating, min_games: int) -> dict[str, Any]:
    """One person's rating as the JSON gives it (docs/api-groups.md, "Ratings")."""
    return {"person": person.id, "name": person.name, "rating": rating.shown, "uncertainty": spread(rating.sigma),
            "mu": round(rating.mu, 4), "sigma": round(rating.sigma, 4), "games": rating.games,
            "provisional": rating.games < min_games}


def chemistry_line(count: Chemistry | None) -> dict[str, Any]:
    """A partnership's wins expected by the ratings before each of its games, and its wins above them (negative:
    below); null for a pair the ratings did not count."""
    if count is None:
        return {"expected_wins": None, "above_expected": None}
    return {"expected_wins": round(count.expected, 2), "above_expected": round(count.wins - count.expected, 2)}


def ranked(group, rated: Rated) -> list[str]:
    """The ids of the people with at least the group's minimum games, highest rating first, then the name."""
    found = [person for person in group.people if rated.of(person.id).games >= group.min_games]
    return [person.id for person in sorted(found, key=lambda person: (-rated.of(person.id).shown,
                                                                      person.name.casefold()))]


def records(season: Iterable[tuple[Any, GameFigures]]) -> list[Record]:
    """The records of a season's finished games (stats.counted): each game with its sides."""
    found = []
    for game, entry in season:
        made = sides(game.people or [], entry)
        if made is not None and entry.finished is not None:
            found.append(Record(entry.finished, game.id, made))
    return found


@dataclass(frozen=True)
class _Kept:
    revision: tuple
    rated: Rated


def rated(store: Latest, scope: str, season: Sequence[tuple[Any, GameFigures]]) -> Rated:
    """The ratings over a season's finished games (stats.counted), kept in `store` under `scope` (the group and the
    season) and the state of those games (each one's id, revision and people): counted once per state."""
    state = tuple((game.id, entry.revision, tuple(game.people or ())) for game, entry in season)
    key = f"{scope} {hash(state)}"
    kept = store.get(key, state)
    if kept is None:
        kept = _Kept(state, replay(records(season)))
        store.put(key, kept)
    return kept.rated


def rating_text(rating: int, uncertainty: int) -> str:
    """A rating as the pages show it: 1,512 ± 380."""
    return f"{rating:,} ± {uncertainty:,}"


def chemistry_sentence(first: str, second: str, games: int, above: float) -> str:
    """A partnership's wins against the ratings' expectation in words: "Ann and Bo win 2.1 games more than expected
    in 9"."""
    amount = round(abs(above), 1)
    if amount == 0:
        return f"{first} and {second} win as many games as expected in {games}"
    return (f"{first} and {second} win {amount:.1f} game{'' if amount == 1 else 's'} "
            f"{'more' if above > 0 else 'fewer'} than expected in {games}")


MOST_ON_A_SIDE = 3  # a team of three at a table of six


def matchup(group, rated: Rated, first: Sequence[str], second: Sequence[str]) -> dict[str, Any]:
    """Who would win between two sides of the group's people (a player each, or partners): each side's ids and the
    model's chance that it wins; a side that is no such side is a RuleError naming it."""
    known = {person.id: person for person in group.people}
    sides = []
    for field_name, side in (("a", first), ("b", second)):
        if not side or len(side) > MOST_ON_A_SIDE:
            raise RuleError(f"Choose one to {MOST_ON_A_SIDE} people of the group for side {field_name.upper()}.",
                            field_name)
        if any(person not in known for person in side):
            raise RuleError(f"Side {field_name.upper()} names someone who is not in this group: choose from its "
                            "people.", field_name)
        if len(set(side)) != len(side):
            raise RuleError(f"Side {field_name.upper()} names a person twice: choose different people.", field_name)
        sides.append(list(side))
    if set(sides[0]) & set(sides[1]):
        raise RuleError("A person cannot be on both sides: choose different people for side B.", "b")
    if len(sides[0]) != len(sides[1]):
        raise RuleError("Both sides need as many people: a player against a player, partners against partners.", "b")
    chances = win_chances(rated, sides[0], sides[1])
    return {"sides": [[{"person": person, "name": known[person].name, "rating": rated.of(person).shown}
                       for person in side] for side in sides],
            "chances": [round(chance, 4) for chance in chances]}


def matchup_sentence(found: dict[str, Any]) -> str:
    """Who would win in words: "Ann & Bo would win 64% of their games against Cy & Di (Cy & Di 36%)"."""
    first, second = (" & ".join(person["name"] for person in side) for side in found["sides"])
    share = round(100 * found["chances"][0])
    return f"{first} would win {share}% of their games against {second} ({second} {100 - share}%)"
