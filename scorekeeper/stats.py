"""Bidding statistics per player: pure functions over a scored game."""

from __future__ import annotations

from dataclasses import dataclass

from .rules import GameState


@dataclass(frozen=True)
class PlayerStats:
    """How one player bid: bids won, made and set, the average bid, moons tried and made."""

    seat: int
    name: str
    team: int
    bids: int = 0
    made: int = 0
    set: int = 0
    bid_total: int = 0
    counted_bids: int = 0
    moons: int = 0
    moons_made: int = 0

    @property
    def average_bid(self) -> float | None:
        """The mean of the player's numbered bids (moons aside), or None before any."""
        return self.bid_total / self.counted_bids if self.counted_bids else None


def player_stats(state: GameState) -> list[PlayerStats]:
    """One PlayerStats per seat, in seating order; misdeals count for no one."""
    rules = state.table.rules
    tallies = [
        {"bids": 0, "made": 0, "set": 0, "bid_total": 0, "counted_bids": 0, "moons": 0, "moons_made": 0}
        for _ in state.table.players
    ]
    for scored in state.hands:
        hand = scored.hand
        if hand.misdeal:
            continue
        tally = tallies[hand.bidder]
        tally["bids"] += 1
        tally["made" if scored.made else "set"] += 1
        if hand.is_moon:
            tally["moons"] += 1
            tally["moons_made"] += 1 if scored.made else 0
        else:
            tally["bid_total"] += hand.bid
            tally["counted_bids"] += 1
    return [
        PlayerStats(seat=seat, name=name, team=rules.team_of(seat), **tallies[seat])
        for seat, name in enumerate(state.table.players)
    ]


def format_average(value: float | None) -> str:
    """An average bid to one decimal, or a dash when there is none."""
    return "–" if value is None else f"{value:.1f}"
