// Constants and helpers the engine shares: the point catalogue and the options' choices, the errors, and
// Python's string and number rules (scorekeeper/rules/catalogue.py, errors.py, names.py). The catalogue, the
// choices, the suits and the presets are read from the rules document Python writes (rules/document.py): the
// app serves it at /rules.json, where the page's import map sends `./rules.json`.

import RULES from "./rules.json" with { type: "json" };

// A frozen copy of plain data, all the way down (the document's objects are the engine's constants).
export function deepFreeze(value) {
  if (value !== null && typeof value === "object") Object.values(value).forEach(deepFreeze);
  return Object.freeze(value);
}

export const freeze = Object.freeze;
export const DOCUMENT = deepFreeze(RULES);
export const CARD_POINTS = DOCUMENT.card_points;
export const CATEGORIES = DOCUMENT.categories;
export const SCHEMES = freeze({ card_points: CARD_POINTS, categories: CATEGORIES });
// The point catalogue, in the order defenders count their points past the target (`game` last).
export const CATALOGUE = DOCUMENT.catalogue;
export const IN_PLAY = DOCUMENT.in_play;
export const SCHEME_IN_PLAY = DOCUMENT.scheme_in_play;
// Points never null: in a `dealt` game High and Low are always in play.
export const ALWAYS_IN_PLAY = DOCUMENT.always_in_play;
export const POINT_VALUES = DOCUMENT.point_values;
export const POINT_NAMES = DOCUMENT.point_names;
export const ENDS = DOCUMENT.ends;
// Who sits out each hand (five at a partnership game for four): only the dealer, or nobody (null).
export const SIT_OUT = DOCUMENT.sit_out;
export const SIT_OUT_PLAYERS = DOCUMENT.sit_out_players; // a game where the dealer sits out seats exactly this many
// Player counts a game allows: with partners two teams across the table, alone every player a team.
export const PARTNER_COUNTS = DOCUMENT.partner_counts;
export const ALONE_COUNTS = DOCUMENT.alone_counts;
export const MAX_SEATS = Math.max(...ALONE_COUNTS); // the most players any game seats
export const INT_OPTIONS = {
  target: [1, 1000], min_bid: [1, 20], max_bid: [1, 20], forced_bid: [1, 20, true],
  all_tricks_bid: [1, 20, true], time_limit_minutes: [1, 600, true],
};
export const BOOL_OPTIONS = ["dealer_may_match", "trump_with_bid", "partners", "smudge"];
export const MOON_OPTIONS = {
  success: [(item) => DOCUMENT.moon_success.includes(item), 'success must be "win" or "points"'],
  failure: [(item) => DOCUMENT.moon_failure.includes(item), 'failure must be "lose" or "minus"'],
  penalty: [(item) => isInt(item) && item >= 0 && item <= 100, "penalty must be a whole number from 0 to 100"],
  not_in_hole: [(item) => typeof item === "boolean", "not_in_hole must be true or false"],
};
export const DEFAULT_MOON = DOCUMENT.default_moon;
// Fields of a hand body: what the table said, and what an exported game carries and is recomputed.
export const RAW = ["bidder", "bid", "trump", "captured", "all_tricks", "misdeal"];
export const DERIVED = ["id", "number", "dealer", "sides", "points", "made", "delta", "scores"];
// Fields only a scored hand has: a body with one is a hand sent back, whose `points` beside `captured` are derived.
export const SCORED = ["delta", "scores"];
// Python's str.isspace() characters (JavaScript's trim() differs on \x1c-\x1f, \x85 and \ufeff).
const SPACE = /[\t-\r\x1c- \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]/;
export const NAME_MAX = DOCUMENT.name_max;
// Characters a name cannot hold (rules/names.py): bidi embeddings, overrides, isolates and marks,
// control characters, line and paragraph separators, halves of a broken surrogate pair and the replacement
// character a decoder leaves for broken bytes. ZWJ (U+200D) is allowed.
export const DIRECTION_MARKS = /^[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]$/;
export const CONTROL = /^[\x00-\x1f\x7f-\x9f]$/;
export const LINE_BREAK = /^[\u2028\u2029]$/;
export const SURROGATE = /^[\ud800-\udfff\ufffd]$/;
// Characters that show as nothing (rules/names.py IGNORABLE): allowed only where a script or an emoji needs them.
export const IGNORABLE = /^\p{Default_Ignorable_Code_Point}$/u;
export const JOINERS = /^[\u200c\u200d]$/;
export const VARIATION = /^[\ufe00-\ufe0f\u{e0100}-\u{e01ef}]$/u;
export const TAG = /^[\u{e0020}-\u{e007e}]$/u;
export const BLACK_FLAG = "\u{1f3f4}";
export const TAG_END = "\u{e007f}";

export const MOON = DOCUMENT.moon;
export const PAIR = DOCUMENT.pair; // between the two players of a side where the dealer sits out: "Ann & Cy"
export const SUITS = DOCUMENT.suits;

// A hand, a player list or a house rule that the rules refuse.
export class RuleError extends Error {
  kind = "invalid";

  constructor(message, field = null) {
    super(message);
    this.name = new.target.name;
    this.field = field;
  }
}

// A hand that does not fit the game's state (e.g. the game is over).
export class Conflict extends RuleError {
  kind = "conflict";
}

// Whether `object` has `key` of its own (never a prototype's, such as "constructor").
export const has = (object, key) => Object.prototype.hasOwnProperty.call(object, key);
// A JSON object: not null, not an array.
export const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
// A whole number, as Python's int (booleans are not numbers here).
export const isInt = (value) => Number.isInteger(value);
// A list of `count` zeros.
export const zeros = (count) => Array(count).fill(0);
// A string's code points: Python's characters (JavaScript's length and < count UTF-16 units).
export const codePoints = (text) => Array.from(text, (char) => char.codePointAt(0));

// Negative, zero or positive as `a` sorts before, with or after `b` in Python.
export function pyCompare(a, b) {
  const [x, y] = [codePoints(a), codePoints(b)];
  const at = x.findIndex((point, index) => point !== y[index]);
  return at === -1 ? x.length - y.length : at < y.length ? x[at] - y[at] : 1;
}

// Python's str.strip(): without leading and trailing whitespace.
export function strip(text) {
  let [start, end] = [0, text.length];
  while (start < end && SPACE.test(text[start])) start++;
  while (end > start && SPACE.test(text[end - 1])) end--;
  return text.slice(start, end);
}

// Python's str.casefold(), a code point at a time (dotless i folds to itself).
export const fold = (text) =>
  Array.from(text, (char) => (char === "ı" ? char : char.toLowerCase().toUpperCase().toLowerCase())).join("");
