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
    played: int = 0  # hands dealt and not misdealt that the player played (where the dealer sits out, not those)
    sat_out: int = 0  # where the dealer sits out: the hands the player dealt and sat out, counted apart

    @property
    def average_bid(self) -> float | None:
        """The mean of the player's numbered bids (moons aside), or None before any."""
        return self.bid_total / self.counted_bids if self.counted_bids else None


def player_stats(state: GameState) -> list[PlayerStats]:
    """One PlayerStats per seat, in seating order; misdeals count for no one, a hand for the players who played it."""
    rules = state.table.rules
    tallies = [
        {"bids": 0, "made": 0, "set": 0, "bid_total": 0, "counted_bids": 0, "moons": 0, "moons_made": 0,
         "played": 0, "sat_out": 0}
        for _ in state.table.players
    ]
    for scored in state.hands:
        hand = scored.hand
        if hand.misdeal:
            continue
        out = scored.dealer if rules.sit_out else None
        for seat, tally in enumerate(tallies):
            tally["sat_out" if seat == out else "played"] += 1
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
        PlayerStats(seat=seat, name=name, team=seat if rules.sit_out else rules.team_of(seat), **tallies[seat])
        for seat, name in enumerate(state.table.players)
    ]


def points_only(state: GameState) -> tuple[int, int]:
    """How many hands were given as each side's points (no card known), and how many hands were played."""
    played = [scored.hand for scored in state.hands if not scored.hand.misdeal]
    return sum(1 for hand in played if not hand.by_card), len(played)


def card_note(state: GameState) -> str:
    """What the statistics cannot say because some hands name no cards; empty when every hand does."""
    given, played = points_only(state)
    if not given:
        return ""
    which = "Every hand was" if given == played else f"{given} of {played} hands were"
    return (f"{which} given as points per side, so who took which card (the jack, the ten…) is not known "
            "for them; the bids, made and set above count every hand.")


def format_average(value: float | None) -> str:
    """An average bid to one decimal, or a dash when there is none."""
    return "–" if value is None else f"{value:.1f}"
