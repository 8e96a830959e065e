"""A game's table and its state as scoring leaves it: the seats and rules, each scored hand, the scores, the next
dealer and, once decided, the outcome."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .hands import Hand
from .options import Rules

PLAYING, FINISHED = "playing", "finished"
PAIR = " & "  # between the two players of a side where the dealer sits out: "Ann & Cy"


@dataclass(frozen=True)
class TimeCall:
    """Time was called when `after_hand` hands were recorded."""

    after_hand: int
    finish_hand: bool = False

    @property
    def decided_after(self) -> int:
        """The hand after which the team ahead wins."""
        return self.after_hand + (1 if self.finish_hand else 0)


def sides_of(players: int, dealer: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """Where the dealer sits out: the seats of side 0 (first and third to the dealer's left) and side 1."""
    first, second, third, fourth = ((dealer + step) % players for step in range(1, 5))
    return (first, third), (second, fourth)


@dataclass(frozen=True)
class Table:
    """Who plays, in which teams, by which rules."""

    rules: Rules
    players: tuple[str, ...]
    team_names: tuple[str, ...] | None = None
    time_call: TimeCall | None = None

    @property
    def teams(self) -> list[list[int]]:
        """Seats of each team, team 0 holding seat 0; where the dealer sits out, each player's own score column."""
        if self.rules.sit_out:
            return [[seat] for seat in range(self.rules.players)]
        count = self.rules.team_count
        return [list(range(team, self.rules.players, count)) for team in range(count)]

    def sides(self, dealer: int) -> tuple[tuple[int, int], tuple[int, int]]:
        """Where the dealer sits out: the seats of side 0 (first and third to the dealer's left) and side 1."""
        return sides_of(self.rules.players, dealer)

    def pair_label(self, seats: Sequence[int]) -> str:
        """Two players of a side, as the table calls them: "Ann & Cy"."""
        return PAIR.join(self.players[seat] for seat in seats)

    def team_label(self, team: int) -> str:
        """What the table calls a team (a score column): its name, or its players."""
        if self.team_names:
            return self.team_names[team]
        return "/".join(self.players[seat] for seat in self.teams[team])


@dataclass(frozen=True)
class Outcome:
    """How the game ended: who won, on which hand, and why.

    `winners` are the score columns that won: the winning team, or where the dealer sits out the winning pair's
    seats (and then `winner` is None: no one team won).
    """

    winner: int | None
    hand: int
    how: str
    reason: str
    winners: tuple[int, ...] = ()


@dataclass(frozen=True)
class ScoredHand:
    """A recorded hand with everything derived from it."""

    number: int
    dealer: int
    hand: Hand
    points: tuple[int, ...]
    made: bool | None
    delta: tuple[int, ...]
    scores: tuple[int, ...]


@dataclass(frozen=True)
class GameState:
    """A game after replaying its hands."""

    table: Table
    hands: tuple[ScoredHand, ...] = ()
    scores: tuple[int, ...] = ()
    next_dealer: int = 0
    outcome: Outcome | None = None

    @property
    def status(self) -> str:
        """`playing` or `finished`."""
        return FINISHED if self.outcome else PLAYING

    @property
    def winner(self) -> int | None:
        """The winning team once finished."""
        return self.outcome.winner if self.outcome else None

    @property
    def winners(self) -> tuple[int, ...]:
        """The score columns that won once finished: the winning team, or the winning pair of a game of five."""
        return self.outcome.winners if self.outcome else ()

    @property
    def winner_label(self) -> str | None:
        """Who won, as the table calls them: the team's name or players, or the winning pair."""
        if self.outcome is None:
            return None
        if self.outcome.winner is None:
            return self.table.pair_label(self.outcome.winners)
        return self.table.team_label(self.outcome.winner)

    @property
    def next_number(self) -> int:
        """The number the next hand will get."""
        return len(self.hands) + 1
