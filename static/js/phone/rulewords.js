// A game's rules in one line, as the start page's editor shows them while a table builds its game
// (scorekeeper/sheet/rulewords.py says the same; tests/test_start_words.py keeps them equal).
// `words` is the page's table of point labels, end words and usual values (the server's own).

import { countWords } from "../engine.js";

const total = (points) => Object.values(points).reduce((sum, value) => sum + value, 0);

// "9 points: Jack, Ace, Ten, Five (5), Two": the total, then each point, its value where it is not 1.
export function pointsLine(rules, words) {
  const names = Object.entries(rules.points).map(([key, value]) => words.labels[key] + (value === 1 ? "" : ` (${value})`));
  return `${total(rules.points)} points: ${names.join(", ")}`;
}

// Who plays: "4 players in two teams", "2 to 7 players, each alone", "5 players, the dealer sits out each hand".
export function seatsLine(rules, words) {
  const counts = rules.player_counts?.length ? rules.player_counts : [rules.players];
  if (rules.sit_out) return `${countWords(counts)} players, ${words.sit_out}`;
  return `${countWords(counts)} players${rules.partners ? " in two teams" : ", each alone"}`;
}

// How the auction differs from the usual one (no match, the dealer stuck with the lowest bid, trump named after
// the auction); nothing when it does not.
export function biddingParts(rules) {
  const parts = [];
  if (rules.dealer_may_match) parts.push("the dealer may match the top bid");
  if (rules.forced_bid === null) parts.push("all pass: dealt again");
  else if (rules.forced_bid !== rules.min_bid) parts.push(`all pass: the dealer bids ${rules.forced_bid}`);
  if (rules.trump_with_bid) parts.push("trump named with the bid");
  return parts;
}

// The game in one line: points · target · how it ends · bids · seats, then the all-tricks bid, moon, smudge,
// clock and an unusual auction if any.
export function summary(rules, words) {
  const parts = [pointsLine(rules, words), `to ${rules.target}`, words.ends[rules.end],
    `bids ${rules.min_bid} to ${rules.max_bid}`, seatsLine(rules, words)];
  if (rules.in_play === "dealt") parts.push("a card not dealt scores for nobody");
  if (rules.all_tricks_bid !== null && rules.all_tricks_bid !== undefined) {
    parts.push(`a bid of ${rules.all_tricks_bid} needs every trick`);
  }
  if (rules.moon) parts.push("moon allowed");
  if (rules.smudge) parts.push("taking every point wins at once");
  if (rules.time_limit_minutes) parts.push(`${rules.time_limit_minutes}-minute clock`);
  parts.push(...biddingParts(rules));
  return parts.join(" \u00b7 ");
}
