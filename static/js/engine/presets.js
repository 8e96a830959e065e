// The presets: the seeds' games and the rest of the Pitch family (scorekeeper/rules/presets.py).

import { CARD_POINTS, CATEGORIES, DEFAULT_MOON, RuleError, freeze, has } from "./base.js";
import { orderedPoints } from "./options.js";

// A preset: its player counts (the usual first), its points and its other options.
function makePreset(counts, points, in_play, options) {
  const defaults = {
    moon: null, all_tricks_bid: null, time_limit_minutes: null, dealer_may_match: false, trump_with_bid: false,
    partners: true, smudge: false, sit_out: null,
  };
  const all = { ...defaults, ...options };
  if (!has(all, "forced_bid")) all.forced_bid = all.min_bid;
  return freeze({
    players: counts[0], target: all.target, min_bid: all.min_bid, max_bid: all.max_bid, moon: all.moon,
    all_tricks_bid: all.all_tricks_bid, end: all.end, time_limit_minutes: all.time_limit_minutes,
    dealer_may_match: all.dealer_may_match, forced_bid: all.forced_bid, trump_with_bid: all.trump_with_bid,
    points: orderedPoints(points), in_play, partners: all.partners, smudge: all.smudge, sit_out: all.sit_out,
    player_counts: freeze(counts),
  });
}

const TEN_POINT = makePreset([4], CARD_POINTS, "all", {
  target: 31, min_bid: 3, max_bid: 10, moon: DEFAULT_MOON, end: "bid_only",
});
const FIVE_POINT = makePreset([4], CATEGORIES, "dealt", {
  target: 21, min_bid: 2, max_bid: 5, all_tricks_bid: 5, end: "bid_only", dealer_may_match: true,
});
const JICK = { high: 1, low: 1, jack: 1, off_jack: 1, game: 1 };

export const PRESETS = freeze({
  "ten-point": TEN_POINT,
  "ten-point-six": freeze({ ...TEN_POINT, players: 6, target: 41, trump_with_bid: true, player_counts: freeze([6]) }),
  tournament: freeze({
    ...TEN_POINT, min_bid: 5, forced_bid: 5, end: "first_to_target", time_limit_minutes: 30,
    moon: freeze({ success: "win", failure: "minus", penalty: 10, not_in_hole: true }),
  }),
  "five-point": FIVE_POINT,
  cutthroat: freeze({
    ...FIVE_POINT, players: 3, partners: false, target: 11, max_bid: 4, all_tricks_bid: null, end: "first_to_target",
    player_counts: freeze([3, 2, 4, 5, 6, 7]),
  }),
  "partnership-pitch": freeze({ ...FIVE_POINT, target: 11, end: "first_to_target" }),
  smudge: makePreset([4, 2, 3, 5, 6, 7], CATEGORIES, "dealt", {
    partners: false, target: 7, min_bid: 2, max_bid: 4, end: "first_to_target", smudge: true,
  }),
  "five-point-jick": makePreset([4], JICK, "dealt", {
    target: 11, min_bid: 2, max_bid: 5, end: "first_to_target", dealer_may_match: true,
  }),
  "seven-point": makePreset(
    [4], { high: 1, low: 1, jack: 1, off_jack: 1, high_joker: 1, low_joker: 1, ten: 1 }, "dealt",
    { target: 21, min_bid: 3, max_bid: 7, end: "bid_only" },
  ),
  "nine-point": makePreset([4], { ace: 1, jack: 1, ten: 1, five: 5, two: 1 }, "all", {
    target: 31, min_bid: 3, max_bid: 9, end: "bid_only",
  }),
  "eleven-point": makePreset([4, 6], { ...CARD_POINTS, off_ace: 1 }, "all", {
    target: 52, min_bid: 3, max_bid: 11, moon: freeze({ ...DEFAULT_MOON, penalty: 11 }), end: "bid_only",
  }),
  "thirteen-point": makePreset([4, 6], { ...CARD_POINTS, off_three: 3 }, "all", {
    target: 52, min_bid: 3, max_bid: 13, moon: freeze({ ...DEFAULT_MOON, penalty: 13 }), end: "bid_only",
  }),
  smear: makePreset([4, 6], { ...JICK, joker: 1 }, "dealt", {
    target: 21, min_bid: 3, max_bid: 6, forced_bid: null, end: "highest_past_target",
  }),
});

export const DESCRIPTIONS = freeze({
  "ten-point": "10-Point Pitch, 4 players, to 31, win on your bid",
  "ten-point-six": "10-Point Pitch, 6 players in two teams of 3, to 41, win on your bid",
  tournament: "Tournament 10-Point, 4 players, bid 5 or more, first to 31, 30-minute games",
  "five-point": "Five-Point Pitch, 4 players, High-Low-Jack-Game, to 21, win on your bid",
  cutthroat: "Cutthroat, 3 players each alone (or 2 to 7), High-Low-Jack-Game, first to 11",
  "partnership-pitch": "Partnership Pitch, 4 players, High-Low-Jack-Game, first to 11, a bid of 5 takes every trick",
  smudge: "Pitch with smudge, 4 players each alone (or 2 to 7), first to 7, take all four points to win at once",
  "five-point-jick": "Pitch with the jick (Five-Point), 4 players, High-Low-Jack-Jick-Game, first to 11",
  "seven-point": "7-Point Pitch, 4 players, High-Low-Jack-Jick, both jokers and the ten, to 21, win on your bid",
  "nine-point": "9-Point Pitch (Catch Five), 4 players, the five is worth 5, to 31, win on your bid",
  "eleven-point": "11-Point Pitch, 4 or 6 players, the 10-point cards and the off-ace, to 52, win on your bid",
  "thirteen-point": "13-Point Pitch, 4 or 6 players, the 10-point cards and the off-three, to 52, win on your bid",
  smear: "Six-Point Smear, 4 or 6 players, High-Low-Jack-Jick-Joker-Game, to 21, the highest score wins",
});

// The preset called `variant`, or a RuleError naming the choices.
export function preset(variant) {
  if (typeof variant !== "string" || !has(PRESETS, variant)) {
    throw new RuleError(`Choose a variant: ${Object.keys(PRESETS).join(", ")}.`, "variant");
  }
  return PRESETS[variant];
}
