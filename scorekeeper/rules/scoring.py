"""Replay recorded hands into scores, dealer, winner: the whole of scoring."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from .errors import Conflict, RuleError
from .hands import Hand
from .options import CATALOGUE, Rules

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


def start(table: Table) -> GameState:
    """A game before its first hand."""
    state = GameState(table=table, scores=(0,) * table.rules.score_count, next_dealer=table.rules.first_dealer)
    return _decide_on_time(state)


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
        return _decide_on_time(replace(state, hands=state.hands + (scored,)))
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
    state = replace(state, outcome=_decide(state, scored, bidding, before))
    return _decide_on_time(state)


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


def _smudger(rules: Rules, hand: Hand, points: Sequence[int]) -> int | None:
    """The team that took every point of the hand, none gone to nobody: a smudge (where the rules have it)."""
    if not rules.smudge or None in hand.captured.values():
        return None
    return next((team for team in range(rules.team_count) if points[team] == rules.total_points), None)


def _decide(state: GameState, scored: ScoredHand, bidding: int, before: Sequence[int]) -> Outcome | None:
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


def _decide_on_time(state: GameState) -> GameState:
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
