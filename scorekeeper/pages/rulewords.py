"""A game's rules in one line, as the start page's editor shows them (static/js/rulewords.js says the same)."""

from __future__ import annotations

from ..rules import Rules, player_counts_in_words
from .view import POINT_LABELS

ENDS = {
    "bid_only": "win on your bid",
    "first_to_target": "first there wins",
    "highest_past_target": "highest score past it wins",
}
# The value a point usually has (rules.md, the point catalogue): the editor offers it for a point just ticked.
USUAL_VALUES = {key: {"five": 5, "three": 3, "off_three": 3}.get(key, 1) for key in POINT_LABELS}


def points_line(rules: Rules) -> str:
    """"9 points: Ace, Jack, Ten, Five (5), Two": the total, then each point, its value where it is not 1."""
    names = ", ".join(POINT_LABELS[key] + (f" ({value})" if value != 1 else "") for key, value in rules.points.items())
    return f"{rules.total_points} points: {names}"


def seats_line(rules: Rules) -> str:
    """Who plays: "4 players in two teams", "2 to 7 players, each alone"."""
    count = player_counts_in_words(rules)
    return f"{count} players in two teams" if rules.partners else f"{count} players, each alone"


def bidding_parts(rules: Rules) -> list[str]:
    """How the auction differs from the usual one (no match, the dealer stuck with the lowest bid, trump named after
    the auction); nothing when it does not."""
    parts = []
    if rules.dealer_may_match:
        parts.append("the dealer may match the top bid")
    if rules.forced_bid is None:
        parts.append("all pass: dealt again")
    elif rules.forced_bid != rules.min_bid:
        parts.append(f"all pass: the dealer bids {rules.forced_bid}")
    if rules.trump_with_bid:
        parts.append("trump named with the bid")
    return parts


def summary(rules: Rules) -> str:
    """The game in one line: points · target · how it ends · bids · seats, then the all-tricks bid, moon, smudge,
    clock and an unusual auction if any."""
    parts = [points_line(rules), f"to {rules.target}", ENDS[rules.end], f"bids {rules.min_bid} to {rules.max_bid}",
             seats_line(rules)]
    if rules.in_play == "dealt":
        parts.append("a card not dealt scores for nobody")
    if rules.all_tricks_bid is not None:
        parts.append(f"a bid of {rules.all_tricks_bid} needs every trick")
    if rules.moon is not None:
        parts.append("moon allowed")
    if rules.smudge:
        parts.append("taking every point wins at once")
    if rules.time_limit_minutes:
        parts.append(f"{rules.time_limit_minutes}-minute clock")
    parts.extend(bidding_parts(rules))
    return " · ".join(parts)
