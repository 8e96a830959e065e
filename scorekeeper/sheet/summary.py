"""A game in words: the page title, the link preview, the hand-by-hand history (pure functions)."""

from __future__ import annotations

from scorekeeper.rules import DESCRIPTIONS, GameState, ScoredHand, Table

from .wording import num, signed


def scoreline(state: GameState) -> str:
    """Every team and its score: "Us 24 – Them 19"."""
    table = state.table
    return " – ".join(f"{table.team_label(team)} {num(score)}" for team, score in enumerate(state.scores))


def variant_name(variant: str, state: GameState) -> str:
    """The variant's short name and the target: "10-Point Pitch to 31"."""
    name = DESCRIPTIONS.get(variant, variant).split(",")[0]
    return f"{name} to {state.table.rules.target}"


def teams_line(table: Table) -> str:
    """Who plays with whom: "Ann & Cy (Us) vs Bo & Di (Them)"; at a table of five, everyone and who sits out."""
    if table.rules.sit_out:
        return f"{', '.join(table.players[:-1])} and {table.players[-1]}, the dealer sitting out each hand"
    parts = []
    for team, seats in enumerate(table.teams):
        players = " & ".join(table.players[seat] for seat in seats)
        label = table.team_label(team)
        parts.append(players if label == "/".join(table.players[seat] for seat in seats) else f"{players} ({label})")
    return " vs ".join(parts)


def status_line(state: GameState) -> str:
    """Where the game stands: who won and why, or the hand to come and its dealer."""
    if state.outcome:
        return f"{state.winner_label} won: {state.outcome.reason}."
    if not state.hands:
        return f"Not started: {state.table.players[state.next_dealer]} deals first."
    return f"Playing: hand {state.next_number} next, {state.table.players[state.next_dealer]} deals."


def description(variant: str, state: GameState) -> str:
    """The link preview's text: players, variant and status."""
    return f"{teams_line(state.table)} · {variant_name(variant, state)} · {status_line(state)}"


def _changes(table: Table, scored: ScoredHand) -> str:
    if table.rules.sit_out:  # five at a table: each side's change, the dealer sitting out
        return ", ".join(f"{table.pair_label(seats)} {signed(scored.delta[seats[0]])}"
                         for seats in table.sides(scored.dealer))
    return ", ".join(
        f"{table.team_label(team)} {signed(change)}"
        for team, change in enumerate(scored.delta)
    )


def hand_story(table: Table, scored: ScoredHand) -> str:
    """One hand in a sentence: "Hand 3, Cy dealt: Bo bid 6 in hearts and made it (Us +4, Them +6)."."""
    dealer = table.players[scored.dealer]
    dealt = f"{dealer} dealt and sat out" if table.rules.sit_out else f"{dealer} dealt"
    hand = scored.hand
    if hand.misdeal:
        return f"Hand {scored.number}, {dealt}: misdeal, no score; {dealer} deals again."
    bid = "the moon" if hand.is_moon else str(hand.bid)
    trump = f" in {hand.trump}" if hand.trump else ""
    result = "made it" if scored.made else "was set"
    bidder = table.players[hand.bidder]
    return f"Hand {scored.number}, {dealt}: {bidder} bid {bid}{trump} and {result} ({_changes(table, scored)})."


def history(state: GameState) -> list[str]:
    """The game from first hand to last, with the time call and the result."""
    table = state.table
    lines = [hand_story(table, scored) for scored in state.hands]
    call = table.time_call
    if call is not None:
        when = f"after hand {call.after_hand}" if call.after_hand else "before the first hand"
        finish = ", with the hand in play still to finish" if call.finish_hand else ""
        lines.insert(call.after_hand, f"Time was called {when}{finish}.")
    if state.outcome:
        winner = state.winner_label
        lines.append(f"{winner} won on hand {state.outcome.hand}: {state.outcome.reason}.")
    return lines
