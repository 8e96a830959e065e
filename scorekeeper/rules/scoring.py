"""Replay recorded hands into scores, dealer, winner: a hand played onto the game's state (state.py), the
game's end decided by endings.py."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from . import endings
from .errors import Conflict, RuleError
from .hands import Hand
from .options import Rules
from .state import GameState, ScoredHand, Table


def start(table: Table) -> GameState:
    """A game before its first hand."""
    state = GameState(table=table, scores=(0,) * table.rules.score_count, next_dealer=table.rules.first_dealer)
    return endings.decide_on_time(state)


def score(table: Table, hands: Iterable[Hand]) -> GameState:
    """Replay every hand in order from the start."""
    state = start(table)
    for hand in hands:
        state = play(state, hand)
    return state


def play(state: GameState, hand: Hand) -> GameState:
    """The game after one more hand, or a RuleError/Conflict saying why not."""
    table, rules = state.table, state.table.rules
    number = state.next_number
    if state.outcome:
        raise Conflict(f"The game is over: {state.outcome.reason}. Start a new game to play on.")
    dealer = state.next_dealer
    if hand.misdeal:
        scored = ScoredHand(number, dealer, hand, (0,) * rules.team_count, None, (0,) * rules.score_count,
                            state.scores)
        return endings.decide_on_time(replace(state, hands=state.hands + (scored,)))
    bidding = _bidding_side(table, dealer, hand.bidder)
    _check_moon_in_hole(state, hand, bidding)
    points = _hand_points(rules, hand)
    made, delta = _result(rules, hand, bidding, points)
    if rules.sit_out:
        delta = _player_deltas(table, dealer, delta)
    scores = tuple(score + change for score, change in zip(state.scores, delta, strict=True))
    scored = ScoredHand(number, dealer, hand, points, made, delta, scores)
    before = state.scores
    state = replace(
        state, hands=state.hands + (scored,), scores=scores,
        next_dealer=(dealer + 1) % rules.players,
    )
    state = replace(state, outcome=endings.decide(state, scored, bidding, before))
    return endings.decide_on_time(state)


def _bidding_side(table: Table, dealer: int, bidder: int) -> int:
    """The bidding team, or where the dealer sits out the bidding side of this hand (the dealer never bids)."""
    if not table.rules.sit_out:
        return table.rules.team_of(bidder)
    if bidder == dealer:
        raise RuleError(f"{table.players[dealer]} deals this hand and sits it out, so cannot be the bidder: "
                        "choose one of the four who play.", "bidder")
    return 0 if bidder in table.sides(dealer)[0] else 1


def _check_moon_in_hole(state: GameState, hand: Hand, bidding: int) -> None:
    """A moon that needs the bidders' score at 0 or more: the team's, or where the dealer sits out the bidder's own."""
    table = state.table
    if not (hand.is_moon and table.rules.moon.not_in_hole):
        return
    column = hand.bidder if table.rules.sit_out else bidding
    if state.scores[column] < 0:
        raise RuleError(
            f"{table.team_label(column)} {'is' if table.rules.sit_out else 'are'} in the hole "
            f"({state.scores[column]}) and may not shoot the moon.",
            "bid",
        )


def _player_deltas(table: Table, dealer: int, side_delta: Sequence[int]) -> tuple[int, ...]:
    """Each player's change where the dealer sits out: their side's result, and nothing for the dealer."""
    change = [0] * table.rules.players
    for side, seats in enumerate(table.sides(dealer)):
        for seat in seats:
            change[seat] = side_delta[side]
    return tuple(change)


def _hand_points(rules: Rules, hand: Hand) -> tuple[int, ...]:
    """Each team's points in the hand."""
    if hand.points is not None:
        return hand.points
    points = [0] * rules.team_count
    for key, team in hand.captured.items():
        if team is not None:
            points[team] += rules.points[key]
    return tuple(points)


def _result(rules: Rules, hand: Hand, bidding: int, points: Sequence[int]) -> tuple[bool, tuple[int, ...]]:
    """Made or set, and what each team scores."""
    if hand.is_moon:
        made = _took_every_point(rules, hand, bidding, points)
        cost = rules.moon.penalty if rules.team_count == 2 else rules.total_points
    elif hand.bid == rules.all_tricks_bid:
        made = hand.all_tricks == bidding and all(team == bidding for team in hand.captured.values())
        if made:
            return True, tuple(hand.bid if team == bidding else 0 for team in range(rules.team_count))
        cost = hand.bid
    else:
        made = points[bidding] >= hand.bid
        cost = hand.bid
    if made:
        return True, tuple(points)
    return False, tuple(-cost if team == bidding else points[team] for team in range(rules.team_count))


def _took_every_point(rules: Rules, hand: Hand, team: int, points: Sequence[int]) -> bool:
    """Whether `team` took every point that was in play (a point that went to nobody is not needed)."""
    if hand.points is not None:
        return points[team] == rules.total_points
    return all(taker == team for taker in hand.captured.values() if taker is not None) and points[team] > 0
