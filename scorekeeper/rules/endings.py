"""How a game ends: after each hand, who has won (on a bid, past the target, by smudge or the moon, five at a
table's pair), and when time is called, who leads."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from .catalogue import CATALOGUE
from .hands import Hand
from .options import Rules
from .state import GameState, Outcome, ScoredHand, Table


def _smudger(rules: Rules, hand: Hand, points: Sequence[int]) -> int | None:
    """The team that took every point of the hand, none gone to nobody: a smudge (where the rules have it)."""
    if not rules.smudge or None in hand.captured.values():
        return None
    return next((team for team in range(rules.team_count) if points[team] == rules.total_points), None)


def decide(state: GameState, scored: ScoredHand, bidding: int, before: Sequence[int]) -> Outcome | None:
    """Whether this hand ends the game, and for whom."""
    if state.table.rules.sit_out:
        return _decide_five(state, scored, bidding)
    outcome = _decide_teams(state, scored, bidding, before)
    return None if outcome is None else replace(outcome, winners=(outcome.winner,))


def _decide_five(state: GameState, scored: ScoredHand, bidding: int) -> Outcome | None:
    """Where the dealer sits out: whether this hand ends the game, and for which pair (the side that ends it)."""
    table, rules, hand, scores = state.table, state.table.rules, scored.hand, state.scores
    sides = table.sides(scored.dealer)

    def pair(side: int, how: str, reason: str) -> Outcome:
        return Outcome(None, scored.number, how, f"{table.pair_label(sides[side])} {reason}", winners=sides[side])

    if hand.is_moon and scored.made and rules.moon.success == "win":
        return pair(bidding, "moon", "shot the moon")
    smudger = _smudger(rules, hand, scored.points)
    if smudger is not None:
        return pair(smudger, "smudge", "took every point: a smudge")
    best = [max(scores[seat] for seat in seats) for seats in sides]
    if max(best) < rules.target:
        return None
    bid = "the moon" if hand.is_moon else hand.bid
    if rules.end == "bid_only":
        if scored.made and best[bidding] >= rules.target:
            return pair(bidding, "bid", f"made {bid}, {_top_player(table, sides[bidding], scores)}")
        return None
    if rules.end == "highest_past_target":
        side = bidding if best[bidding] >= best[1 - bidding] else 1 - bidding
        return pair(side, "target", f"hold the highest score, {_top_player(table, sides[side], scores)}")
    side = bidding if best[bidding] >= rules.target else 1 - bidding
    return pair(side, "target", f"reached the target, {_top_player(table, sides[side], scores)}")


def _top_player(table: Table, seats: Sequence[int], scores: Sequence[int]) -> str:
    """The higher-scoring player of a pair and their score, in words: "Ann on 33"."""
    seat = max(seats, key=lambda seat: scores[seat])
    return f"{table.players[seat]} on {scores[seat]}"


def _decide_teams(state: GameState, scored: ScoredHand, bidding: int, before: Sequence[int]) -> Outcome | None:
    """Whether this hand ends a game of teams (or players alone), and for whom."""
    table, rules, hand = state.table, state.table.rules, scored.hand
    label = table.team_label
    if hand.is_moon and scored.made and rules.moon.success == "win":
        return Outcome(bidding, scored.number, "moon", f"{label(bidding)} shot the moon")
    if hand.is_moon and not scored.made and rules.moon.failure == "lose":
        other = 1 - bidding
        return Outcome(other, scored.number, "moon_failed", f"{label(bidding)} missed the moon")
    smudger = _smudger(rules, hand, scored.points)
    if smudger is not None:
        return Outcome(smudger, scored.number, "smudge", f"{label(smudger)} took every point: a smudge")
    target, scores = rules.target, state.scores
    if rules.end == "highest_past_target":
        return _highest_past_target(state, scored, bidding)
    if rules.end == "bid_only":
        if scored.made and scores[bidding] >= target:
            return Outcome(bidding, scored.number, "bid", _made_reason(table, scored, bidding))
        return None
    reached = [team for team in range(rules.team_count) if scores[team] >= target]
    if bidding in reached:
        return Outcome(bidding, scored.number, "target", _made_reason(table, scored, bidding))
    if not reached:
        return None
    winner = _first_defender(rules, hand, reached, before, scores)
    if winner is None:
        return None
    return Outcome(winner, scored.number, "target", f"{label(winner)} reached {scores[winner]}")


def _highest_past_target(state: GameState, scored: ScoredHand, bidding: int) -> Outcome | None:
    """Smear: once a team is at or past the target, the highest score wins; shared, the bidding team or play on."""
    scores, label = state.scores, state.table.team_label
    if max(scores) < state.table.rules.target:
        return None
    leaders = [team for team, score in enumerate(scores) if score == max(scores)]
    if len(leaders) == 1:
        winner = leaders[0]
    elif bidding in leaders:
        winner = bidding
    else:
        return None
    return Outcome(winner, scored.number, "target", f"{label(winner)} reached {scores[winner]}, the highest score")


def _made_reason(table: Table, scored: ScoredHand, bidding: int) -> str:
    """Why the bidding team won, in words."""
    bid = "the moon" if scored.hand.is_moon else scored.hand.bid
    return f"{table.team_label(bidding)} made {bid} and reached {scored.scores[bidding]}"


def _first_defender(
    rules: Rules, hand: Hand, reached: list[int], before: Sequence[int], scores: Sequence[int],
) -> int | None:
    """Among defenders past the target, the one that got there first."""
    if rules.in_play == "dealt":
        running = list(before)
        already = [team for team in reached if running[team] >= rules.target]
        if len(already) == 1:
            return already[0]
        if not already:
            for key in CATALOGUE:
                team = hand.captured.get(key)
                if team is None or team not in reached:
                    continue
                running[team] += rules.points[key]
                if running[team] >= rules.target:
                    return team
    return _unique_leader(scores, among=reached)


def _unique_leader(scores: Sequence[int], among: Iterable[int]) -> int | None:
    """The team with the strictly highest score, or None when level."""
    teams = list(among)
    best = max(scores[team] for team in teams)
    leaders = [team for team in teams if scores[team] == best]
    return leaders[0] if len(leaders) == 1 else None


def decide_on_time(state: GameState) -> GameState:
    """After time is called, the team ahead wins; level scores play on."""
    call = state.table.time_call
    if state.outcome or call is None or len(state.hands) < call.decided_after:
        return state
    if state.table.rules.sit_out:
        return _decide_five_on_time(state)
    leader = _unique_leader(state.scores, among=range(len(state.scores)))
    if leader is None:
        return state
    label = state.table.team_label(leader)
    reason = f"time was called with {label} ahead, {state.scores[leader]} to {_runner_up(state.scores, leader)}"
    return replace(state, outcome=Outcome(leader, len(state.hands), "time", reason, winners=(leader,)))


def _decide_five_on_time(state: GameState) -> GameState:
    """Time called where the dealer sits out: the side of the last hand with the higher player wins; level plays on."""
    if not state.hands:
        return state
    table, scores = state.table, state.scores
    sides = table.sides(state.hands[-1].dealer)
    best = [max(scores[seat] for seat in seats) for seats in sides]
    if best[0] == best[1]:
        return state
    side = best.index(max(best))  # the two differ: the side whose best player is ahead
    reason = f"time was called with {_top_player(table, sides[side], scores)}, ahead of {best[1 - side]}"
    outcome = Outcome(None, len(state.hands), "time", f"{table.pair_label(sides[side])}: {reason}", winners=sides[side])
    return replace(state, outcome=outcome)


def _runner_up(scores: Sequence[int], leader: int) -> int:
    """The best score among the other teams."""
    return max(score for team, score in enumerate(scores) if team != leader)
