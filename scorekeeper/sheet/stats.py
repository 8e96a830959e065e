"""Bidding statistics per player: pure functions over a scored game."""

from __future__ import annotations

from dataclasses import dataclass, fields

from scorekeeper.rules import MOON, GameState


@dataclass(kw_only=True)
class BidCounts:
    """A player's bids counted: won, made and set, the numbered ones added up, moons tried and made, and the hands
    dealt and sat out at a table of five. A game's statistics count them per seat; a group adds them up per person."""

    bids: int = 0
    made: int = 0
    set: int = 0
    bid_total: int = 0  # the numbered bids added up (moons aside)
    counted_bids: int = 0
    moons: int = 0
    moons_made: int = 0
    sat_out: int = 0  # where the dealer sits out: the hands the player dealt and sat out, counted apart

    def count_bid(self, bid: int | str, made: bool) -> None:
        """One more bid won, made or set."""
        self.bids += 1
        if made:
            self.made += 1
        else:
            self.set += 1
        if bid == MOON:
            self.moons += 1
            self.moons_made += made
        else:
            self.bid_total += bid
            self.counted_bids += 1

    def add(self, other: BidCounts) -> None:
        """Another's counts added to these (a person's over the games of a group)."""
        for name in BID_COUNTS:
            setattr(self, name, getattr(self, name) + getattr(other, name))

    @property
    def average_bid(self) -> float | None:
        """The mean of the player's numbered bids (moons aside), or None before any."""
        return self.bid_total / self.counted_bids if self.counted_bids else None


BID_COUNTS = tuple(field.name for field in fields(BidCounts))


@dataclass(kw_only=True)
class PlayerStats(BidCounts):
    """How one player of a game bid, and the hands they played."""

    seat: int
    name: str
    team: int
    played: int = 0  # hands dealt and not misdealt that the player played (where the dealer sits out, not those)


def player_stats(state: GameState) -> list[PlayerStats]:
    """One PlayerStats per seat, in seating order; misdeals count for no one, a hand for the players who played it."""
    rules = state.table.rules
    found = [PlayerStats(seat=seat, name=name, team=seat if rules.sit_out else rules.team_of(seat))
             for seat, name in enumerate(state.table.players)]
    for scored in state.hands:
        hand = scored.hand
        if hand.misdeal:
            continue
        out = scored.dealer if rules.sit_out else None
        for line in found:
            if line.seat == out:
                line.sat_out += 1
            else:
                line.played += 1
        found[hand.bidder].count_bid(hand.bid, scored.made)
    return found


def _teams_of(state: GameState) -> dict[int, int]:
    """Each seat's team."""
    return {seat: team for team, seats in enumerate(state.table.teams) for seat in seats}


def _side_in(state: GameState, scored, seat: int) -> int | None:
    """Which entry of the hand's points (and of its `captured`) is the seat's: its team's, or where the dealer sits
    out its side's that hand (None for the dealer)."""
    if state.table.rules.sit_out:
        return next((side for side, seats in enumerate(state.table.sides(scored.dealer)) if seat in seats), None)
    return _teams_of(state)[seat]


def bid_levels(state: GameState) -> tuple[tuple[tuple[int | str, bool, int, int, int, int], ...], ...]:
    """Each seat's bids by level: (bid, all_tricks, bids, made, points, change) per level bid, where `all_tricks`
    marks a bid that needs every trick (Five-Point's 5, apart from any other 5), `points` adds up what the bidders'
    team took in those hands and `change` what the hands changed its score by; misdeals count for no one."""
    rules, team_of = state.table.rules, _teams_of(state)
    found: list[dict[tuple[int | str, bool], list[int]]] = [{} for _ in state.table.players]
    for scored in state.hands:
        hand = scored.hand
        if hand.misdeal:
            continue
        side, team = _side_in(state, scored, hand.bidder), team_of[hand.bidder]
        level = (hand.bid, rules.all_tricks_bid is not None and hand.bid == rules.all_tricks_bid)
        line = found[hand.bidder].setdefault(level, [0, 0, 0, 0])
        line[0] += 1
        line[1] += bool(scored.made)
        line[2] += scored.points[side]
        line[3] += scored.delta[team]
    return tuple(tuple((*level, *levels[level]) for level in sorted(levels, key=level_order)) for levels in found)


def level_order(level: tuple[int | str, bool]) -> tuple:
    """Bids from the lowest: numbers, a number that needs every trick after the same number, the moon last."""
    bid, all_tricks = level
    return (bid == MOON, bid if isinstance(bid, int) else 0, all_tricks)


def cards_taken(state: GameState) -> tuple[tuple[tuple[str, int, int], ...], ...]:
    """For each seat, each point of the hands given card by card: (point, hands it went to a team, hands it went to
    the seat's team), in the game's order of points; a point nobody took (not dealt, a tied game) is left out. Where the
    dealer sits out, the seat's side of each hand, and not the hands it sat out."""
    found: list[dict[str, list[int]]] = [{} for _ in state.table.players]
    for scored in state.hands:
        if not scored.hand.by_card or scored.hand.misdeal:
            continue
        mine = [_side_in(state, scored, seat) for seat in range(len(found))]
        for key, taker in scored.hand.captured.items():
            if taker is None:
                continue
            for seat, line in enumerate(found):
                if mine[seat] is None:
                    continue
                counted = line.setdefault(key, [0, 0])
                counted[0] += 1
                counted[1] += mine[seat] == taker
    return tuple(tuple((key, *counted) for key, counted in line.items()) for line in found)


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
