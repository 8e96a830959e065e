"""A game's rules in words: the one line the start page's editor shows while a table builds its game, and the sheet
shows under every game, and the sheet's target line. The tables here are the one copy of those words: the pages
embed them (`words_json`) for static/js/phone/rulewords.js and shell.js, which build the same sentences offline."""

from __future__ import annotations

from typing import Any

from scorekeeper.rules import Rules, player_counts_in_words, preset

from .words import POINT_LABELS, SUITS

ENDS = {
    "bid_only": "win on your bid",
    "first_to_target": "first there wins",
    "highest_past_target": "highest score past it wins",
}
# The sheet's target line, by how the game ends: {who} the teams' names, {target} the target.
TARGET_LINES = {
    "bid_only": "{who} need {target} on their own bid",
    "first_to_target": "First to {target}",
    "highest_past_target": "Highest score wins once anyone reaches {target}",
}
# Who plays at a table of five (rules.md, "Five at a table: the dealer sits out"), after the count of players.
SIT_OUT = "the dealer sits out each hand"
# The hand form's line there: who sits this hand out, and its two sides.
SITS_OUT_LINE = "{dealer} deals and sits out: {first} against {second}."
# The value a point usually has (rules.md, the point catalogue): the editor offers it for a point just ticked.
USUAL_VALUES = {key: {"five": 5, "three": 3, "off_three": 3}.get(key, 1) for key in POINT_LABELS}


def points_line(rules: Rules) -> str:
    """"9 points: Ace, Jack, Ten, Five (5), Two": the total, then each point, its value where it is not 1."""
    names = ", ".join(POINT_LABELS[key] + (f" ({value})" if value != 1 else "") for key, value in rules.points.items())
    return f"{rules.total_points} points: {names}"


def seats_line(rules: Rules) -> str:
    """Who plays: "4 players in two teams", "2 to 7 players, each alone", "5 players, the dealer sits out each hand"."""
    count = player_counts_in_words(rules)
    if rules.sit_out:
        return f"{count} players, {SIT_OUT}"
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


def words_json() -> dict[str, Any]:
    """The words the browser's sentences are made of (the editor's live summary, the offline sheet), from the tables
    the server's own sentences use."""
    return {"labels": POINT_LABELS, "suits": SUITS, "ends": ENDS, "usual": USUAL_VALUES, "targets": TARGET_LINES,
            "sit_out": SIT_OUT, "sits_out_line": SITS_OUT_LINE}


def teams_in_words(names: list[str]) -> str:
    """"Us and Them", "Ann, Bo and Cy"."""
    return " and ".join(names) if len(names) <= 2 else ", ".join(names[:-1]) + " and " + names[-1]


def target_line(game: dict[str, Any]) -> str:
    """The target and how a team wins, for a game as its JSON has it."""
    rules = game["rules"]
    who = teams_in_words([team["name"] for team in game["teams"]])
    return TARGET_LINES[rules["end"]].format(who=who, target=rules["target"])


def game_summary(game: dict[str, Any]) -> str:
    """The one-line summary of a game as its JSON has it (its preset with its rules)."""
    return summary(preset(game["variant"]).with_overrides(game["rules"]))


def rule_words() -> dict[str, Any]:
    """The rules' words every sheet template uses."""
    return {"target_line": target_line, "game_summary": game_summary, "rule_words": words_json}
