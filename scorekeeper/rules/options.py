"""The rules of a game as frozen data: every option that decides how it is scored, read from and written to the
stored dictionary. The choices are catalogue.py's, the checks checks.py's, the presets presets.py's."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from . import checks
from .catalogue import ALWAYS_IN_PLAY, SCHEME_IN_PLAY, SCHEMES, Moon, ordered_points, scheme_of
from .errors import RuleError


@dataclass(frozen=True)
class Rules:
    """Every option that decides how a game is scored."""

    players: int
    target: int
    min_bid: int
    max_bid: int
    moon: Moon | None
    all_tricks_bid: int | None
    end: str
    time_limit_minutes: int | None
    dealer_may_match: bool
    forced_bid: int | None
    trump_with_bid: bool
    points: Mapping[str, int]  # each scoring point of the game and its value, in listing order
    in_play: str
    partners: bool
    smudge: bool = False
    sit_out: str | None = None  # "dealer": five at a partnership game, the dealer sitting out each hand
    first_dealer: int = 0  # the seat that deals hand 1 (a rematch passes the deal on)
    # The player counts a game of these rules may seat (the first is the one offered first).
    player_counts: tuple[int, ...] = field(default=(), compare=False)
    # The preset these rules were made from (None: a preset itself, or a rules dict read without its variant).
    base: Rules | None = field(default=None, compare=False, repr=False, metadata={"option": False})

    @property
    def scheme(self) -> str | None:
        """The name of this game's point set (`card_points`, `categories`), or None for any other."""
        return scheme_of(self.points, self.in_play)

    @property
    def total_points(self) -> int:
        """Points at stake in one hand (every point in play)."""
        return sum(self.points.values())

    @property
    def nullable(self) -> frozenset[str]:
        """The points that may go to nobody: not dealt, or (`game`) a tied count."""
        if self.in_play == "dealt":
            return frozenset(key for key in self.points if key not in ALWAYS_IN_PLAY)
        return frozenset({"game"}) & frozenset(self.points)

    @property
    def team_count(self) -> int:
        """With partners two teams; alone, every player is a team."""
        return 2 if self.partners else self.players

    @property
    def score_count(self) -> int:
        """How many running scores the game keeps: one per player where the dealer sits out, else one per team."""
        return self.players if self.sit_out else self.team_count

    @property
    def side_word(self) -> str:
        """What the table calls a side in messages: a team, a player alone, or (five at a table) a side."""
        if self.sit_out:
            return "side"
        return "team" if self.partners else "player"

    @property
    def seat_counts(self) -> tuple[int, ...]:
        """The player counts these rules allow, the usual one first."""
        return self.player_counts or (self.players,)

    def team_of(self, seat: int) -> int:
        """The team a seat plays for (partners sit across)."""
        return seat % self.team_count

    def to_dict(self) -> dict[str, Any]:
        """The options as JSON-ready data; the Pitch family's options and `first_dealer` only where not implied.

        An option added with the Pitch family is shown where its value is not the one a rules dict without it
        means, and also where it differs from the game's preset, so the dict sent back as house rules makes
        the same game.
        """
        base = self.base or self
        body: dict[str, Any] = {
            "players": self.players, "scheme": self.scheme, "target": self.target,
            "min_bid": self.min_bid, "max_bid": self.max_bid,
            "moon": None if self.moon is None else dataclasses.asdict(self.moon),
            "all_tricks_bid": self.all_tricks_bid, "end": self.end, "time_limit_minutes": self.time_limit_minutes,
            "dealer_may_match": self.dealer_may_match, "forced_bid": self.forced_bid,
            "trump_with_bid": self.trump_with_bid,
        }
        if self.scheme is None or (dict(self.points), self.in_play) != (dict(base.points), base.in_play):
            body.update(points=dict(self.points), in_play=self.in_play)
        if self.partners != checks.partners_implied(self.players) or self.partners != base.partners:
            body["partners"] = self.partners
        if self.smudge or self.smudge != base.smudge:
            body["smudge"] = self.smudge
        if self.sit_out or self.sit_out != base.sit_out:
            body["sit_out"] = self.sit_out
        if self.first_dealer or self.first_dealer != base.first_dealer:
            body["first_dealer"] = self.first_dealer
        return body

    def with_overrides(self, overrides: Mapping[str, Any] | None) -> Rules:
        """These rules with a game's house rules applied, checked."""
        if overrides is None:
            return self
        if not isinstance(overrides, Mapping):
            raise RuleError("House rules must be an object of option: value.", "rules")
        changes: dict[str, Any] = {}
        for name, value in overrides.items():
            if name not in ("players", "scheme"):
                changes[name] = checks.check_option(self, name, value)
        if "players" in overrides and "partners" not in changes:
            checks.infer_partners(self, overrides["players"], changes)
        checks.apply_partners(self, changes)
        checks.apply_sit_out(self, overrides, changes)
        if "players" in overrides:
            counts = changes.get("player_counts", self.seat_counts)
            changes["players"] = checks.check_players(counts, overrides["players"])
        if "min_bid" in changes and "forced_bid" not in changes and self.forced_bid is not None:
            changes["forced_bid"] = changes["min_bid"]  # all pass: the dealer takes the minimum
        rules = dataclasses.replace(self, base=self.base or self, **changes)
        checks.check_consistent(rules, changes)
        if "scheme" in overrides:
            checks.check_scheme(rules, overrides["scheme"])
        return rules

    def seated(self, count: int) -> Rules:
        """These rules for `count` players (one of `seat_counts`), checked for the teams that makes."""
        rules = dataclasses.replace(self, players=count)
        checks.check_teams(rules)
        if rules.first_dealer >= count:
            raise RuleError(f"first_dealer must be a seat from 0 to {count - 1}.", "rules.first_dealer")
        return rules


def player_counts_in_words(rules: Rules) -> str:
    """The player counts `rules` allow, in words: "4", "4 or 6", "2 to 7"."""
    return checks.count_words(rules.seat_counts)


def rules_from_dict(data: Mapping[str, Any], base: Rules | None = None) -> Rules:
    """Rules as stored with a game: every option `to_dict` gives, today's or a game's from before the Pitch family.

    `base` is the game's preset, which `to_dict` compares with.
    """
    values = dict(data)
    moon = values.get("moon")
    values["moon"] = Moon(**moon) if moon else None
    scheme = values.pop("scheme", None)
    points = values.pop("points", None) or SCHEMES[scheme]
    values.setdefault("in_play", SCHEME_IN_PLAY.get(scheme, "all"))
    values.setdefault("partners", checks.partners_implied(values["players"]))
    return Rules(points=ordered_points(points), base=base, **values)
