// The scoring engine, a port of scorekeeper/rules (the reference): plain data in, plain results out.
// Same checks, messages and fields as the server, so a phone scores a game offline exactly as it would.

const freeze = Object.freeze;
const CARD_POINTS = { ace: 1, jack: 1, off_jack: 1, high_joker: 1, low_joker: 1, ten: 1, three: 3, two: 1 };
const CATEGORIES = { high: 1, low: 1, jack: 1, game: 1 };
const SCHEMES = { card_points: CARD_POINTS, categories: CATEGORIES };
// The point catalogue, in the order defenders count their points past the target (`game` last).
export const CATALOGUE = freeze([
  "high", "low", "jack", "off_jack", "high_joker", "low_joker", "joker", "ace", "off_ace",
  "ten", "five", "three", "off_three", "two", "game",
]);
const IN_PLAY = ["all", "dealt"];
const SCHEME_IN_PLAY = { card_points: "all", categories: "dealt" };
// Points never null: in a `dealt` game High and Low are always in play.
const ALWAYS_IN_PLAY = ["high", "low"];
const POINT_VALUES = [1, 10];
const POINT_NAMES = {
  ace: "the ace", jack: "the jack", off_jack: "the off-jack", high_joker: "the high joker",
  low_joker: "the low joker", ten: "the ten", three: "the three", two: "the two",
  high: "High", low: "Low", game: "Game",
  joker: "the joker", off_ace: "the off-ace", five: "the five", off_three: "the off-three",
};
const ENDS = ["bid_only", "first_to_target", "highest_past_target"];
// Who sits out each hand (five at a partnership game for four): only the dealer, or nobody (null).
const SIT_OUT = ["dealer"];
const SIT_OUT_PLAYERS = 5; // a game where the dealer sits out seats exactly this many
// Player counts a game allows: with partners two teams across the table, alone every player a team.
const PARTNER_COUNTS = [4, 6];
const ALONE_COUNTS = [2, 3, 4, 5, 6, 7];
const MAX_SEATS = Math.max(...ALONE_COUNTS); // the most players any game seats
const INT_OPTIONS = {
  target: [1, 1000], min_bid: [1, 20], max_bid: [1, 20], forced_bid: [1, 20, true],
  all_tricks_bid: [1, 20, true], time_limit_minutes: [1, 600, true],
};
const BOOL_OPTIONS = ["dealer_may_match", "trump_with_bid", "partners", "smudge"];
const MOON_OPTIONS = {
  success: [(item) => item === "win" || item === "points", 'success must be "win" or "points"'],
  failure: [(item) => item === "lose" || item === "minus", 'failure must be "lose" or "minus"'],
  penalty: [(item) => isInt(item) && item >= 0 && item <= 100, "penalty must be a whole number from 0 to 100"],
  not_in_hole: [(item) => typeof item === "boolean", "not_in_hole must be true or false"],
};
const DEFAULT_MOON = freeze({ success: "win", failure: "lose", penalty: 10, not_in_hole: false });
// Fields of a hand body: what the table said, and what an exported game carries and is recomputed.
const RAW = ["bidder", "bid", "trump", "captured", "all_tricks", "misdeal"];
const DERIVED = ["id", "number", "dealer", "sides", "points", "made", "delta", "scores"];
// Fields only a scored hand has: a body with one is a hand sent back, whose `points` beside `captured` are derived.
const SCORED = ["delta", "scores"];
// Python's str.isspace() characters (JavaScript's trim() differs on \x1c-\x1f, \x85 and \ufeff).
const SPACE = /[\t-\r\x1c- \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]/;
const NAME_MAX = 40;
// Characters a name cannot hold (rules/names.py): bidi embeddings, overrides, isolates and marks,
// control characters, line and paragraph separators, halves of a broken surrogate pair and the replacement
// character a decoder leaves for broken bytes. ZWJ (U+200D) is allowed.
const DIRECTION_MARKS = /^[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]$/;
const CONTROL = /^[\x00-\x1f\x7f-\x9f]$/;
const LINE_BREAK = /^[\u2028\u2029]$/;
const SURROGATE = /^[\ud800-\udfff\ufffd]$/;
// Characters that show as nothing (rules/names.py IGNORABLE): allowed only where a script or an emoji needs them.
const IGNORABLE = /^\p{Default_Ignorable_Code_Point}$/u;
const JOINERS = /^[\u200c\u200d]$/;
const VARIATION = /^[\ufe00-\ufe0f\u{e0100}-\u{e01ef}]$/u;
const TAG = /^[\u{e0020}-\u{e007e}]$/u;
const BLACK_FLAG = "\u{1f3f4}";
const TAG_END = "\u{e007f}";

export const MOON = "moon";
export const PAIR = " & "; // between the two players of a side where the dealer sits out: "Ann & Cy"
export const SUITS = freeze(["clubs", "diamonds", "hearts", "spades"]);

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
const has = (object, key) => Object.prototype.hasOwnProperty.call(object, key);
// A JSON object: not null, not an array.
const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
// A whole number, as Python's int (booleans are not numbers here).
const isInt = (value) => Number.isInteger(value);
// A list of `count` zeros.
const zeros = (count) => Array(count).fill(0);
// A string's code points: Python's characters (JavaScript's length and < count UTF-16 units).
const codePoints = (text) => Array.from(text, (char) => char.codePointAt(0));

// Negative, zero or positive as `a` sorts before, with or after `b` in Python.
function pyCompare(a, b) {
  const [x, y] = [codePoints(a), codePoints(b)];
  const at = x.findIndex((point, index) => point !== y[index]);
  return at === -1 ? x.length - y.length : at < y.length ? x[at] - y[at] : 1;
}

// Python's str.strip(): without leading and trailing whitespace.
function strip(text) {
  let [start, end] = [0, text.length];
  while (start < end && SPACE.test(text[start])) start++;
  while (end > start && SPACE.test(text[end - 1])) end--;
  return text.slice(start, end);
}

// Python's str.casefold(), a code point at a time (dotless i folds to itself).
const fold = (text) =>
  Array.from(text, (char) => (char === "ı" ? char : char.toLowerCase().toUpperCase().toLowerCase())).join("");

// ---- Rules: the options of a game, and the presets.

// Whether two point sets have the same points and values.
function samePoints(a, b) {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => has(b, key) && a[key] === b[key]);
}

// A point set in its listing order: a named scheme's own order, else the catalogue's.
function orderedPoints(points) {
  const named = Object.values(SCHEMES).find((scheme) => samePoints(points, scheme));
  if (named) return freeze({ ...named });
  return freeze(Object.fromEntries(CATALOGUE.filter((key) => has(points, key)).map((key) => [key, points[key]])));
}

// The name of a game's point set (`card_points`, `categories`), or null for any other.
function schemeOf(rules) {
  const names = Object.keys(SCHEMES);
  return names.find((name) => samePoints(rules.points, SCHEMES[name]) && SCHEME_IN_PLAY[name] === rules.in_play) ?? null;
}

// The scoring points of a game and their values, in listing order.
const pointsOf = (rules) => rules.points;
// Points at stake in one hand (every point in play).
const totalPoints = (rules) => Object.values(pointsOf(rules)).reduce((sum, value) => sum + value, 0);
// The points that may go to nobody: not dealt, or (`game`) a tied count.
function nullableOf(rules) {
  const keys = Object.keys(rules.points);
  if (rules.in_play === "dealt") return keys.filter((key) => !ALWAYS_IN_PLAY.includes(key));
  return keys.filter((key) => key === "game");
}
// With partners two teams; alone, every player is a team.
const teamCount = (rules) => (rules.partners ? 2 : rules.players);
// The team a seat plays for (partners sit across).
const teamOf = (rules, seat) => seat % teamCount(rules);
// How many running scores the game keeps: one per player where the dealer sits out, else one per team.
const scoreCount = (rules) => (rules.sit_out ? rules.players : teamCount(rules));
// What a side is called in messages: a team, a player alone, or (five at a table) a side.
const teamWord = (rules) => (rules.sit_out ? "side" : rules.partners ? "team" : "player");
// What a rules dict stored before `partners` existed means: 3 players alone, else partners.
const partnersImplied = (players) => players !== 3;
// The player counts a game of these rules allows, the usual one first.
const seatCounts = (rules) => (rules.player_counts?.length ? rules.player_counts : [rules.players]);

// 4, "4 or 6", "2 to 7": player counts in words.
export function countWords(counts) {
  const ordered = [...counts].sort((a, b) => a - b);
  if (ordered.length === 1) return String(ordered[0]);
  const [first, last] = [ordered[0], ordered.at(-1)];
  if (ordered.length > 2 && ordered.every((count, index) => count === first + index)) return `${first} to ${last}`;
  return `${ordered.slice(0, -1).join(", ")} or ${last}`;
}

// The preset each game's rules were made from (a preset is its own).
const BASE = new WeakMap();
const baseOf = (rules) => BASE.get(rules) ?? rules;
// Rules made from `rules`, remembering their preset.
function derived(rules, changes) {
  const result = freeze({ ...rules, ...changes });
  BASE.set(result, baseOf(rules));
  return result;
}

// The options as the API shows them; the options added with the Pitch family only where they are not implied
// and equal to the preset's, so the dict sent back as house rules makes the same game.
export function rulesToDict(rules) {
  const scheme = schemeOf(rules);
  const base = baseOf(rules);
  const body = {
    players: rules.players, scheme, target: rules.target, min_bid: rules.min_bid, max_bid: rules.max_bid,
    moon: rules.moon && { ...rules.moon }, all_tricks_bid: rules.all_tricks_bid, end: rules.end,
    time_limit_minutes: rules.time_limit_minutes, dealer_may_match: rules.dealer_may_match,
    forced_bid: rules.forced_bid, trump_with_bid: rules.trump_with_bid,
  };
  if (scheme === null || !samePoints(rules.points, base.points) || rules.in_play !== base.in_play) {
    Object.assign(body, { points: { ...rules.points }, in_play: rules.in_play });
  }
  if (rules.partners !== partnersImplied(rules.players) || rules.partners !== base.partners) {
    body.partners = rules.partners;
  }
  if (rules.smudge || rules.smudge !== base.smudge) body.smudge = rules.smudge;
  if (rules.sit_out || (rules.sit_out ?? null) !== (base.sit_out ?? null)) body.sit_out = rules.sit_out;
  if (rules.first_dealer || (rules.first_dealer ?? 0) !== (base.first_dealer ?? 0)) {
    body.first_dealer = rules.first_dealer;
  }
  return body;
}

// Seats of each team, team 0 holding seat 0; where the dealer sits out, each player's own score column.
function teamsOf(rules) {
  if (rules.sit_out) return Array.from({ length: rules.players }, (_, seat) => [seat]);
  const count = teamCount(rules);
  const seats = Array.from({ length: rules.players }, (_, seat) => seat);
  return Array.from({ length: count }, (_, team) => seats.filter((seat) => seat % count === team));
}

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
function preset(variant) {
  if (typeof variant !== "string" || !has(PRESETS, variant)) {
    throw new RuleError(`Choose a variant: ${Object.keys(PRESETS).join(", ")}.`, "variant");
  }
  return PRESETS[variant];
}

// These rules with a game's house rules applied, checked.
function withOverrides(rules, overrides) {
  if (overrides === null || overrides === undefined) return rules;
  if (!isObject(overrides)) throw new RuleError("House rules must be an object of option: value.", "rules");
  const changes = {};
  for (const [name, value] of Object.entries(overrides)) {
    if (name !== "players" && name !== "scheme") changes[name] = checkOption(rules, name, value);
  }
  if (has(overrides, "players") && !has(changes, "partners")) inferPartners(rules, overrides.players, changes);
  applyPartners(rules, changes);
  applySitOut(rules, overrides, changes);
  if (has(overrides, "players")) {
    changes.players = checkPlayers(changes.player_counts ?? seatCounts(rules), overrides.players);
  }
  // All pass: the dealer takes the minimum.
  if (has(changes, "min_bid") && !has(changes, "forced_bid") && rules.forced_bid !== null) {
    changes.forced_bid = changes.min_bid;
  }
  const result = derived(rules, changes);
  checkConsistent(result, changes);
  if (has(overrides, "scheme") && overrides.scheme !== schemeOf(result)) {
    throw new RuleError("scheme is fixed by the variant; choose another variant instead, or set points.", "rules.scheme");
  }
  return result;
}

// A preset with a game's house rules applied and checked, before any player is seated (the start page's editor).
export function houseRules(variant, overrides) {
  return withOverrides(preset(variant), overrides);
}

// These rules for `count` players (one of the counts they allow), checked for the teams that makes.
function seated(rules, count) {
  const result = derived(rules, { players: count });
  checkTeams(result);
  if ((result.first_dealer ?? 0) >= count) {
    throw new RuleError(`first_dealer must be a seat from 0 to ${count - 1}.`, "rules.first_dealer");
  }
  return result;
}

// One house-rule value, checked on its own.
function checkOption(rules, name, value) {
  if (has(INT_OPTIONS, name)) return intOption(name, value, ...INT_OPTIONS[name]);
  if (name === "first_dealer") return intOption(name, value, 0, MAX_SEATS - 1); // a rematch passes the deal on
  if (BOOL_OPTIONS.includes(name)) {
    if (typeof value !== "boolean") throw new RuleError(`${name} must be true or false.`, `rules.${name}`);
    return value;
  }
  if (name === "sit_out") {
    if (value !== null && !SIT_OUT.includes(value)) {
      throw new RuleError('sit_out must be "dealer" (five players, the dealer sitting out each hand) or null.', "rules.sit_out");
    }
    return value;
  }
  if (name === "end") {
    if (!ENDS.includes(value)) {
      throw new RuleError('end must be "bid_only", "first_to_target" or "highest_past_target".', "rules.end");
    }
    return value;
  }
  if (name === "in_play") {
    if (!IN_PLAY.includes(value)) {
      throw new RuleError('in_play must be "all" (every point card is dealt) or "dealt".', "rules.in_play");
    }
    return value;
  }
  if (name === "points") return pointsOption(value);
  if (name === "moon") return moonOption(rules.moon, value);
  throw new RuleError(`${name} is not a house rule of this game.`, `rules.${name}`);
}

// A point set: known keys, each worth 1 to 10, one joker or two.
function pointsOption(value) {
  if (!isObject(value) || !Object.keys(value).length) {
    throw new RuleError("points must be an object of point: value naming at least one point.", "rules.points");
  }
  const [low, high] = POINT_VALUES;
  for (const [key, worth] of Object.entries(value)) {
    if (!CATALOGUE.includes(key)) {
      throw new RuleError(`points: ${key} is not a Pitch point (the points are ${CATALOGUE.join(", ")}).`, "rules.points");
    }
    if (!isInt(worth) || worth < low || worth > high) {
      throw new RuleError(`points: ${key} must be worth a whole number from ${low} to ${high}.`, "rules.points");
    }
  }
  if (has(value, "joker") && (has(value, "high_joker") || has(value, "low_joker"))) {
    throw new RuleError(
      "points: a deck has one joker or two, so use joker or high_joker and low_joker, not both.",
      "rules.points",
    );
  }
  return orderedPoints(value);
}

// `players` sent without `partners` reads as a rules dict does: 3 alone, else partners (where that seats them).
function inferPartners(rules, players, changes) {
  if (!isInt(players)) return;
  const implied = partnersImplied(players);
  if (implied !== rules.partners && (implied ? PARTNER_COUNTS : ALONE_COUNTS).includes(players)) {
    changes.partners = implied;
  }
}

// A game that changes `partners` allows the counts of its new value, the current count first if allowed.
function applyPartners(rules, changes) {
  if (!has(changes, "partners") || changes.partners === rules.partners) return;
  const counts = changes.partners ? PARTNER_COUNTS : ALONE_COUNTS;
  const first = counts.includes(rules.players) ? rules.players : counts[0];
  changes.player_counts = freeze([first, ...counts.filter((count) => count !== first)]);
  changes.players = first;
}

// Five at a table: a partnership game for four seats five, the dealer sitting out; a missed moon cannot lose.
function applySitOut(rules, overrides, changes) {
  if (!(has(changes, "sit_out") ? changes.sit_out : rules.sit_out)) return;
  if (!(has(changes, "partners") ? changes.partners : rules.partners)) {
    throw new RuleError("The dealer sits out only at a game with partners; in this game everyone plays alone.", "rules.sit_out");
  }
  if (!(changes.player_counts ?? seatCounts(rules)).includes(4)) {
    throw new RuleError("The dealer sits out only at a partnership game for four; this game is for six.", "rules.sit_out");
  }
  if (has(overrides, "players") && overrides.players !== SIT_OUT_PLAYERS) {
    throw new RuleError(`With the dealer sitting out, a game takes exactly ${SIT_OUT_PLAYERS} players.`, "rules.players");
  }
  Object.assign(changes, { player_counts: freeze([SIT_OUT_PLAYERS]), players: SIT_OUT_PLAYERS });
  const moon = has(changes, "moon") ? changes.moon : rules.moon;
  if (moon && moon.failure === "lose") {
    if (isObject(overrides.moon) && overrides.moon.failure === "lose") {
      throw new RuleError(
        "With the dealer sitting out there is no single other side to win, so a missed moon cannot lose " +
          'the game: set the moon\'s failure to "minus".',
        "rules.moon",
      );
    }
    changes.moon = freeze({ ...moon, failure: "minus" }); // the preset's penalty, as a set
  }
}

// A `players` option: one of the counts the variant allows.
function checkPlayers(counts, value) {
  if (!isInt(value) || !counts.includes(value)) {
    if (counts.length === 1) {
      throw new RuleError("players is fixed by the variant; choose another variant instead.", "rules.players");
    }
    throw new RuleError(`players must be ${countWords(counts)} in this variant.`, "rules.players");
  }
  return value;
}

// A whole-number option within its range (or null where allowed).
function intOption(name, value, low, high, nullable = false) {
  if (value === null && nullable) return null;
  if (!isInt(value) || value < low || value > high) {
    const extra = nullable ? " or null" : "";
    throw new RuleError(`${name} must be a whole number from ${low} to ${high}${extra}.`, `rules.${name}`);
  }
  return value;
}

// The moon option: off, on, or the current (or default) moon with some options changed.
function moonOption(current, value) {
  if (value === null || value === false) return null;
  if (value === true) return current || DEFAULT_MOON;
  if (!isObject(value)) {
    throw new RuleError("moon must be null, true, false or an object of moon options.", "rules.moon");
  }
  for (const [key, item] of Object.entries(value)) {
    const unknown = [() => false, `${key} is not a moon option (success, failure, penalty, not_in_hole)`];
    const [valid, problem] = has(MOON_OPTIONS, key) ? MOON_OPTIONS[key] : unknown;
    if (!valid(item)) throw new RuleError(`Moon: ${problem}.`, "rules.moon");
  }
  return freeze({ ...(current || DEFAULT_MOON), ...value });
}

// The field to point at: the first of `names` the house rules changed.
const blame = (changed, ...names) => `rules.${names.find((name) => has(changed, name)) ?? names[0]}`;

// Options that must agree with each other.
function checkConsistent(rules, changed) {
  const { min_bid, max_bid, all_tricks_bid, forced_bid } = rules;
  const total = totalPoints(rules);
  if (max_bid < min_bid) {
    throw new RuleError(
      `The highest bid (${max_bid}) cannot be below the lowest (${min_bid}).`,
      blame(changed, "max_bid", "min_bid"),
    );
  }
  if (all_tricks_bid !== null && (rules.in_play !== "dealt" || all_tricks_bid <= total)) {
    throw new RuleError(
      `The all-tricks bid is for High-Low-Jack-Game games and must be above the ${total} points in a hand.`,
      blame(changed, "all_tricks_bid", "in_play", "points"),
    );
  }
  const top = Math.max(all_tricks_bid ?? 0, total);
  if (max_bid > top) {
    const allTricks = all_tricks_bid ? ` and the all-tricks bid is ${all_tricks_bid}.` : ".";
    throw new RuleError(
      `The highest bid cannot be more than ${top}: a hand has ${total} points${allTricks}`,
      blame(changed, "max_bid", "all_tricks_bid", "points"),
    );
  }
  if (forced_bid !== null && (forced_bid < min_bid || forced_bid > max_bid)) {
    throw new RuleError(
      `The bid the dealer is stuck with when all pass must be a legal bid, ${min_bid} to ${max_bid}.`,
      blame(changed, "forced_bid", "min_bid", "max_bid"),
    );
  }
}

// Options that depend on how many teams there are.
function checkTeams(rules) {
  if (rules.moon !== null && rules.moon.failure === "lose" && teamCount(rules) !== 2) {
    throw new RuleError(
      `A missed moon that loses the game needs two teams; with ${teamCount(rules)} players each alone, ` +
        'set the moon\'s failure to "minus".',
      "rules.moon",
    );
  }
}

// ---- Hands: what the table said, checked against the rules.

// A hand as the table recorded it: bidder, bid, who took each point (or each team's points, `points`).
const makeHand = ({
  bidder = null, bid = null, captured = {}, trump = null, all_tricks = null, misdeal = false, points = null,
}) => freeze({ bidder, bid, captured: freeze(captured), trump, all_tricks, misdeal, points: points && freeze(points) });

// Points at stake in one hand, and whether a hand may be given as each team's points (none may go to nobody).
export const handTotal = (rules) => totalPoints(rules);
export const takesPoints = (rules) => rules.in_play === "all" && nullableOf(rules).length === 0;

// Whether the table said who took each point (not only each team's points).
export const byCard = (hand) => !hand.misdeal && hand.points === null;

// Check a hand body against the rules and return it as a hand.
export function parseHand(body, rules) {
  if (!isObject(body)) throw new RuleError("A hand must be a JSON object.");
  const unknown = Object.keys(body).filter((key) => !RAW.includes(key) && !DERIVED.includes(key)).sort(pyCompare);
  if (unknown.length) throw new RuleError(`${unknown[0]} is not part of a hand.`, unknown[0]);
  const misdeal = has(body, "misdeal") ? body.misdeal : false;
  if (typeof misdeal !== "boolean") throw new RuleError("misdeal must be true or false.", "misdeal");
  if (misdeal) {
    if (RAW.some((key) => key !== "misdeal" && (body[key] ?? null) !== null)) {
      throw new RuleError('A misdeal has no bidder, bid or points: send {"misdeal": true} alone.', "misdeal");
    }
    return makeHand({ misdeal: true });
  }
  const bidder = parseBidder(body, rules);
  const bid = parseBid(body, rules);
  const trump = body.trump ?? null;
  if (trump !== null && !SUITS.includes(trump)) {
    throw new RuleError("trump must be clubs, diamonds, hearts or spades (or left out).", "trump");
  }
  if (givesPoints(body)) {
    const points = parsePoints(body, rules);
    const all_tricks = parseAllTricks(body, rules, bid, {});
    return makeHand({ bidder, bid, trump, all_tricks, points });
  }
  const captured = parseCaptured(body, rules);
  const all_tricks = parseAllTricks(body, rules, bid, captured);
  return makeHand({ bidder, bid, captured, trump, all_tricks });
}

// Whether the hand is given as each team's points; both forms at once are refused.
function givesPoints(body) {
  if ((body.points ?? null) === null) return false;
  if ((body.captured ?? null) === null) return true;
  if (SCORED.some((key) => has(body, key))) return false; // a scored hand sent back: its points are derived
  throw new RuleError("Give either who took each point (captured) or each side's points, not both.", "points");
}

// Each team's points in the hand, adding up to the hand's total.
function parsePoints(body, rules) {
  if (rules.in_play !== "all" || nullableOf(rules).length) {
    throw new RuleError(
      "In this game a point may go to nobody, so say who took each point (captured), not points.",
      "points",
    );
  }
  const { points } = body;
  const [total, count, who] = [totalPoints(rules), teamCount(rules), teamWord(rules)];
  const shape = `points must be ${count} whole numbers, one per ${who}, each from 0 to ${total}`;
  if (!Array.isArray(points) || points.length !== count) throw new RuleError(`${shape}.`, "points");
  if (!points.every((value) => isInt(value) && value >= 0 && value <= total)) throw new RuleError(`${shape}.`, "points");
  const sum = points.reduce((a, b) => a + b, 0);
  if (sum !== total) {
    throw new RuleError(`The points add up to ${sum}, but a hand has ${total}: give every point to a ${who}.`, "points");
  }
  return [...points];
}

// The seat that won the bid.
function parseBidder(body, rules) {
  const { bidder } = body;
  if (!isInt(bidder) || bidder < 0 || bidder >= rules.players) {
    throw new RuleError(`Say who won the bid: a seat number from 0 to ${rules.players - 1}.`, "bidder");
  }
  return bidder;
}

// The winning bid: a number in range, or the moon where allowed.
function parseBid(body, rules) {
  const { bid } = body;
  if (bid === MOON) {
    if (!rules.moon) throw new RuleError("Shooting the moon is not allowed in this game.", "bid");
    return MOON;
  }
  if (!isInt(bid) || bid < rules.min_bid || bid > rules.max_bid) {
    const moon = rules.moon ? ' or "moon"' : "";
    throw new RuleError(`The bid must be a number from ${rules.min_bid} to ${rules.max_bid}${moon}.`, "bid");
  }
  return bid;
}

// The team that took each point of the scheme (null where nobody may have).
function parseCaptured(body, rules) {
  const { captured } = body;
  if (!isObject(captured)) {
    throw new RuleError("Say which team took each point: captured must be an object.", "captured");
  }
  const points = pointsOf(rules);
  for (const key of Object.keys(captured)) {
    if (!has(points, key)) {
      throw new RuleError(
        `${key} is not a point in this game (the points are ${Object.keys(points).join(", ")}).`,
        `captured.${key}`,
      );
    }
  }
  const [who, count] = [teamWord(rules), teamCount(rules)];
  const result = {};
  for (const key of Object.keys(points)) {
    const [name, nullable] = [POINT_NAMES[key], nullableOf(rules).includes(key)];
    if (!has(captured, key)) throw new RuleError(`Say which ${who} took ${name}.`, `captured.${key}`);
    const value = captured[key];
    if (value === null && nullable) {
      result[key] = null;
      continue;
    }
    if (!isInt(value) || value < 0 || value >= count) {
      const hint = nullable ? " (or null if nobody did)" : "";
      throw new RuleError(
        `Say which ${who} took ${name}: a ${who} number from 0 to ${count - 1}${hint}.`,
        `captured.${key}`,
      );
    }
    result[key] = value;
  }
  return result;
}

// The team that took every trick, kept only for the bid that needs them all.
function parseAllTricks(body, rules, bid, captured) {
  const [who, value] = [teamWord(rules), body.all_tricks ?? null];
  if (rules.all_tricks_bid === null) {
    if (value !== null) {
      throw new RuleError("all_tricks only counts for a bid that needs every trick; this game has none.", "all_tricks");
    }
    return null;
  }
  const needed = bid === rules.all_tricks_bid;
  if (needed && !has(body, "all_tricks")) {
    throw new RuleError(
      `A bid of ${bid} needs every trick: say which ${who} took all six tricks (null if none).`,
      "all_tricks",
    );
  }
  if (value === null) return null;
  if (!isInt(value) || value < 0 || value >= teamCount(rules)) {
    throw new RuleError(`all_tricks must be a ${who} number from 0 to ${teamCount(rules) - 1} or null.`, "all_tricks");
  }
  for (const [key, team] of Object.entries(captured)) {
    if (team !== null && team !== value) {
      throw new RuleError(
        `The ${who} that took every trick took every point, but ${POINT_NAMES[key]} is given to another ${who}.`,
        "all_tricks",
      );
    }
  }
  return needed ? value : null;
}

// ---- Tables: variant, players in seat order, team names, house rules, time call.

const visible = (char) => !IGNORABLE.test(char);
const beyondAscii = (char) => char !== undefined && char.codePointAt(0) > 0x7f && visible(char);

// Whether the ignorable character at `at` of `chars` (code points) is part of a sequence that shows
// (rules/names.py _invisible_allowed).
function invisibleAllowed(chars, at) {
  const [char, before, after] = [chars[at], chars[at - 1], chars[at + 1]];
  if (JOINERS.test(char)) {
    return (beyondAscii(before) || (before !== undefined && VARIATION.test(before))) && beyondAscii(after);
  }
  if (VARIATION.test(char)) {
    return before !== undefined && visible(before) && !/^[A-Za-z\s]$/.test(before);
  }
  if (TAG.test(char) || char === TAG_END) {
    let start = at;
    while (start > 0 && TAG.test(chars[start - 1])) start -= 1;
    const end = chars.indexOf(TAG_END, at);
    return start > 0 && chars[start - 1] === BLACK_FLAG && end !== -1 && end > start &&
      chars.slice(at, end).every((tag) => TAG.test(tag));
  }
  return false;
}

// What the first character a name cannot hold is, in words (rules/names.py), or null.
function refusedCharacter(text) {
  for (const char of text) {
    if (DIRECTION_MARKS.test(char)) return "a text-direction mark";
    if (CONTROL.test(char)) return "a control character";
    if (LINE_BREAK.test(char)) return "a line break";
    if (SURROGATE.test(char)) return "a broken character";
  }
  const chars = Array.from(text);
  for (let at = 0; at < chars.length; at += 1) {
    if (IGNORABLE.test(chars[at]) && !DIRECTION_MARKS.test(chars[at]) && !invisibleAllowed(chars, at)) {
      return "a character that shows as nothing";
    }
  }
  return null;
}

// A name in NFC, trimmed, 1 to 40 characters, with nothing that cannot be shown.
function checkName(value, field, what) {
  const name = typeof value === "string" ? strip(value.normalize("NFC")) : "";
  const kind = refusedCharacter(name);
  if (kind) throw new RuleError(`${what} has a character that cannot be shown (${kind}); retype it.`, field);
  const length = codePoints(name).length;
  if (length < 1 || length > NAME_MAX) throw new RuleError(`${what} must be 1 to ${NAME_MAX} characters.`, field);
  return name;
}

// Time was called when `after_hand` hands were recorded (finish_hand: a dealt hand is still to be played).
const timeCallOf = ({ after_hand, finish_hand = false }) => freeze({ after_hand, finish_hand });

// A checked table for a new game (timeCall: {after_hand, finish_hand}), or a RuleError naming the field at fault.
export function makeTable(variant, players, teamNames = null, overrides = null, timeCall = null) {
  const overridden = withOverrides(preset(variant), overrides);
  if (timeCall && overridden.time_limit_minutes === null) {
    throw new Conflict("This game has no clock, so time cannot be called.");
  }
  const counts = isObject(overrides) && has(overrides, "players") ? [overridden.players] : seatCounts(overridden);
  if (!Array.isArray(players) || !counts.includes(players.length)) {
    const five = Array.isArray(players) && players.length === SIT_OUT_PLAYERS && overridden.partners && counts.includes(4)
      ? ' (five play it with the dealer sitting out each hand: set the house rule sit_out to "dealer")'
      : "";
    throw new RuleError(`${variant} needs ${countWords(counts)} players, listed in seating order${five}.`, "players");
  }
  const rules = seated(overridden, players.length);
  const names = players.map((name, seat) => checkName(name, "players", `Player ${seat + 1}'s name`));
  if (new Set(names.map(fold)).size !== names.length) {
    throw new RuleError("Two players have the same name; add an initial so the sheet can tell them apart.", "players");
  }
  let team_names = null;
  if (teamNames !== null && teamNames !== undefined && rules.sit_out) {
    throw new RuleError(
      "With the dealer sitting out the sides change every hand, so a game of five has no team names; leave them out.",
      "team_names",
    );
  }
  if (teamNames !== null && teamNames !== undefined) {
    const count = teamCount(rules);
    if (!Array.isArray(teamNames) || teamNames.length !== count) {
      throw new RuleError(`Give ${count} team names, or none.`, "team_names");
    }
    team_names = freeze(teamNames.map((name, team) => checkName(name, "team_names", `Team ${team + 1}'s name`)));
  }
  return freeze({ rules, players: freeze(names), team_names, time_call: timeCall ? timeCallOf(timeCall) : null });
}

// Where the dealer sits out: the seats of side 0 (first and third to the dealer's left) and side 1.
export function sidesOf(rules, dealer) {
  const seat = [1, 2, 3, 4].map((step) => (dealer + step) % rules.players);
  return [[seat[0], seat[2]], [seat[1], seat[3]]];
}

// Two players of a side, as the table calls them: "Ann & Cy".
const pairLabel = (table, seats) => seats.map((seat) => table.players[seat]).join(PAIR);

// What the table calls a team (a score column): its name, or its players.
function teamLabel(table, team) {
  if (table.team_names) return table.team_names[team];
  return teamsOf(table.rules)[team].map((seat) => table.players[seat]).join("/");
}

// ---- Scoring: replay recorded hands into scores, dealer, winner.

// A game after replaying its hands, with its status, winner and next hand number.
function gameState({ table, hands = [], scores, next_dealer = 0, outcome = null }) {
  const [status, winner] = outcome ? ["finished", outcome.winner] : ["playing", null];
  const derived = { status, winner, winners: outcome ? outcome.winners : freeze([]), next_number: hands.length + 1 };
  return freeze({ table, hands: freeze(hands), scores: freeze(scores), next_dealer, outcome, ...derived });
}

// A game before its first hand.
export function start(table) {
  const dealer = table.rules.first_dealer ?? 0;
  return decideOnTime(gameState({ table, scores: zeros(scoreCount(table.rules)), next_dealer: dealer }));
}

// Replay every hand in order from the start.
export function score(table, hands) {
  return hands.reduce(play, start(table));
}

// The game after one more hand, or a RuleError/Conflict saying why not.
export function play(state, hand) {
  const { table, outcome, next_dealer: dealer, next_number: number } = state;
  const { rules } = table;
  if (outcome) throw new Conflict(`The game is over: ${outcome.reason}. Start a new game to play on.`);
  if (hand.misdeal) {
    const [points, delta] = [freeze(zeros(teamCount(rules))), freeze(zeros(scoreCount(rules)))];
    const scored = freeze({ number, dealer, hand, points, made: null, delta, scores: state.scores });
    return decideOnTime(gameState({ ...state, hands: [...state.hands, scored] }));
  }
  const bidding = biddingSide(table, dealer, hand.bidder);
  checkMoonInHole(state, hand, bidding);
  const points = freeze(handPoints(rules, hand));
  const [made, sideDelta] = result(rules, hand, bidding, points);
  const delta = rules.sit_out ? playerDeltas(rules, dealer, sideDelta) : sideDelta;
  const scores = freeze(state.scores.map((before, team) => before + delta[team]));
  const scored = freeze({ number, dealer, hand, points, made, delta: freeze(delta), scores });
  const next_dealer = (dealer + 1) % rules.players;
  const after = gameState({ ...state, hands: [...state.hands, scored], scores, next_dealer });
  return decideOnTime(gameState({ ...after, outcome: decide(after, scored, bidding, state.scores) }));
}

// The bidding team, or where the dealer sits out the bidding side of this hand (the dealer never bids).
function biddingSide(table, dealer, bidder) {
  const { rules } = table;
  if (!rules.sit_out) return teamOf(rules, bidder);
  if (bidder === dealer) {
    throw new RuleError(
      `${table.players[dealer]} deals this hand and sits it out, so cannot be the bidder: choose one of the four who play.`,
      "bidder",
    );
  }
  return sidesOf(rules, dealer)[0].includes(bidder) ? 0 : 1;
}

// A moon that needs the bidders' score at 0 or more: the team's, or where the dealer sits out the bidder's own.
function checkMoonInHole(state, hand, bidding) {
  const { table } = state;
  if (!(hand.bid === MOON && table.rules.moon.not_in_hole)) return;
  const column = table.rules.sit_out ? hand.bidder : bidding;
  if (state.scores[column] < 0) {
    throw new RuleError(
      `${teamLabel(table, column)} ${table.rules.sit_out ? "is" : "are"} in the hole (${state.scores[column]}) ` +
        "and may not shoot the moon.",
      "bid",
    );
  }
}

// Each player's change where the dealer sits out: their side's result, and nothing for the dealer.
function playerDeltas(rules, dealer, sideDelta) {
  const change = zeros(rules.players);
  sidesOf(rules, dealer).forEach((seats, side) => seats.forEach((seat) => { change[seat] = sideDelta[side]; }));
  return change;
}

// Each team's points in the hand.
function handPoints(rules, hand) {
  if (hand.points !== null) return [...hand.points];
  const points = zeros(teamCount(rules));
  for (const [key, team] of Object.entries(hand.captured)) if (team !== null) points[team] += pointsOf(rules)[key];
  return points;
}

// Made or set, and what each team scores.
function result(rules, hand, bidding, points) {
  let made;
  let cost = hand.bid;
  if (hand.bid === MOON) {
    made = tookEveryPoint(rules, hand, bidding, points);
    cost = teamCount(rules) === 2 ? rules.moon.penalty : totalPoints(rules);
  } else if (hand.bid === rules.all_tricks_bid) {
    made = hand.all_tricks === bidding && Object.values(hand.captured).every((team) => team === bidding);
    if (made) return [true, points.map((_, team) => (team === bidding ? hand.bid : 0))];
  } else {
    made = points[bidding] >= hand.bid;
  }
  if (made) return [true, [...points]];
  return [false, points.map((taken, team) => (team === bidding ? 0 - cost : taken))];
}

// Whether `team` took every point that was in play (a point that went to nobody is not needed).
function tookEveryPoint(rules, hand, team, points) {
  if (hand.points !== null) return points[team] === totalPoints(rules);
  const takers = Object.values(hand.captured).filter((taker) => taker !== null);
  return takers.every((taker) => taker === team) && points[team] > 0;
}

// The team that took every point of the hand, none gone to nobody: a smudge (where the rules have it).
function smudger(rules, hand, points) {
  if (!rules.smudge || Object.values(hand.captured).includes(null)) return null;
  const team = points.findIndex((taken) => taken === totalPoints(rules));
  return team === -1 ? null : team;
}

// Whether this hand ends the game, and for whom (`winners`: the score columns that won).
function decide(state, scored, bidding, before) {
  if (state.table.rules.sit_out) return decideFive(state, scored, bidding);
  const outcome = decideTeams(state, scored, bidding, before);
  return outcome && freeze({ ...outcome, winners: freeze([outcome.winner]) });
}

// Where the dealer sits out: whether this hand ends the game, and for which pair (the side that ends it).
function decideFive(state, scored, bidding) {
  const { table, scores } = state;
  const { rules } = table;
  const { hand, made } = scored;
  const sides = sidesOf(rules, scored.dealer);
  const pair = (side, how, reason) => freeze({
    winner: null, hand: scored.number, how, reason: `${pairLabel(table, sides[side])} ${reason}`,
    winners: freeze([...sides[side]]),
  });
  if (hand.bid === MOON && made && rules.moon.success === "win") return pair(bidding, "moon", "shot the moon");
  const smudged = smudger(rules, hand, scored.points);
  if (smudged !== null) return pair(smudged, "smudge", "took every point: a smudge");
  const best = sides.map((seats) => Math.max(...seats.map((seat) => scores[seat])));
  if (Math.max(...best) < rules.target) return null;
  const bid = hand.bid === MOON ? "the moon" : hand.bid;
  const top = (side) => topPlayer(table, sides[side], scores);
  if (rules.end === "bid_only") {
    return made && best[bidding] >= rules.target ? pair(bidding, "bid", `made ${bid}, ${top(bidding)}`) : null;
  }
  if (rules.end === "highest_past_target") {
    const side = best[bidding] >= best[1 - bidding] ? bidding : 1 - bidding;
    return pair(side, "target", `hold the highest score, ${top(side)}`);
  }
  const side = best[bidding] >= rules.target ? bidding : 1 - bidding;
  return pair(side, "target", `reached the target, ${top(side)}`);
}

// The higher-scoring player of a pair and their score, in words: "Ann on 33".
function topPlayer(table, seats, scores) {
  const seat = seats.reduce((best, next) => (scores[next] > scores[best] ? next : best));
  return `${table.players[seat]} on ${scores[seat]}`;
}

// Whether this hand ends a game of teams (or players alone), and for whom.
function decideTeams(state, scored, bidding, before) {
  const { table, scores } = state;
  const { rules } = table;
  const { hand, made } = scored;
  const label = (team) => teamLabel(table, team);
  const outcome = (winner, how, reason) => freeze({ winner, hand: scored.number, how, reason });
  const moon = hand.bid === MOON ? rules.moon : null;
  if (moon && made && moon.success === "win") return outcome(bidding, "moon", `${label(bidding)} shot the moon`);
  if (moon && !made && moon.failure === "lose") {
    return outcome(1 - bidding, "moon_failed", `${label(bidding)} missed the moon`);
  }
  const smudged = smudger(rules, hand, scored.points);
  if (smudged !== null) return outcome(smudged, "smudge", `${label(smudged)} took every point: a smudge`);
  if (rules.end === "highest_past_target") {
    if (Math.max(...scores) < rules.target) return null;
    const leaders = scores.map((_, team) => team).filter((team) => scores[team] === Math.max(...scores));
    const winner = leaders.length === 1 ? leaders[0] : leaders.includes(bidding) ? bidding : null;
    return winner === null ? null : outcome(winner, "target", `${label(winner)} reached ${scores[winner]}, the highest score`);
  }
  if (rules.end === "bid_only") {
    return made && scores[bidding] >= rules.target ? outcome(bidding, "bid", madeReason(table, scored, bidding)) : null;
  }
  const reached = scores.map((_, team) => team).filter((team) => scores[team] >= rules.target);
  if (reached.includes(bidding)) return outcome(bidding, "target", madeReason(table, scored, bidding));
  if (!reached.length) return null;
  const winner = firstDefender(rules, hand, reached, before, scores);
  return winner === null ? null : outcome(winner, "target", `${label(winner)} reached ${scores[winner]}`);
}

// Why a bidding team won: "Us made 5 and reached 33".
function madeReason(table, scored, bidding) {
  const bid = scored.hand.bid === MOON ? "the moon" : scored.hand.bid;
  return `${teamLabel(table, bidding)} made ${bid} and reached ${scored.scores[bidding]}`;
}

// Among defenders past the target, the one that got there first.
function firstDefender(rules, hand, reached, before, scores) {
  if (rules.in_play === "dealt") {
    const running = [...before];
    const already = reached.filter((team) => running[team] >= rules.target);
    if (already.length === 1) return already[0];
    if (!already.length) {
      for (const key of CATALOGUE) {
        const team = has(hand.captured, key) ? hand.captured[key] : null;
        if (team === null || !reached.includes(team)) continue;
        running[team] += rules.points[key];
        if (running[team] >= rules.target) return team;
      }
    }
  }
  return uniqueLeader(scores, reached);
}

// The team with the strictly highest score, or null when level.
function uniqueLeader(scores, among) {
  const best = Math.max(...among.map((team) => scores[team]));
  const leaders = among.filter((team) => scores[team] === best);
  return leaders.length === 1 ? leaders[0] : null;
}

// After time is called, the team ahead wins; level scores play on.
function decideOnTime(state) {
  const { table, scores, hands } = state;
  const call = table.time_call;
  if (state.outcome || !call || hands.length < call.after_hand + (call.finish_hand ? 1 : 0)) return state;
  if (table.rules.sit_out) return decideFiveOnTime(state);
  const leader = uniqueLeader(scores, scores.map((_, team) => team));
  if (leader === null) return state;
  const runnerUp = Math.max(...scores.filter((_, team) => team !== leader));
  const reason = `time was called with ${teamLabel(table, leader)} ahead, ${scores[leader]} to ${runnerUp}`;
  const winners = freeze([leader]);
  return gameState({ ...state, outcome: freeze({ winner: leader, hand: hands.length, how: "time", reason, winners }) });
}

// Time called where the dealer sits out: the side of the last hand with the higher player wins; level plays on.
function decideFiveOnTime(state) {
  const { table, scores, hands } = state;
  if (!hands.length) return state;
  const sides = sidesOf(table.rules, hands.at(-1).dealer);
  const best = sides.map((seats) => Math.max(...seats.map((seat) => scores[seat])));
  if (best[0] === best[1]) return state;
  const side = best[0] > best[1] ? 0 : 1;
  const reason = `time was called with ${topPlayer(table, sides[side], scores)}, ahead of ${best[1 - side]}`;
  const outcome = freeze({
    winner: null, hand: hands.length, how: "time", reason: `${pairLabel(table, sides[side])}: ${reason}`,
    winners: freeze([...sides[side]]),
  });
  return gameState({ ...state, outcome });
}

// ---- The API's JSON shapes.

// One hand as the API takes it.
function handBody(rules, hand) {
  if (hand.misdeal) return { misdeal: true };
  const body = { bidder: hand.bidder, bid: hand.bid, trump: hand.trump };
  if (hand.points === null) body.captured = { ...hand.captured };
  else body.points = [...hand.points];
  if (rules.all_tricks_bid !== null && hand.bid === rules.all_tricks_bid) body.all_tricks = hand.all_tricks;
  return body;
}

// One scored hand as the API shows it (where the dealer sits out, with the seats of its two sides).
function handToDict(rules, scored) {
  const { number, dealer, hand, points, delta, scores } = scored;
  const body = { number, dealer, ...handBody(rules, hand) };
  if (rules.sit_out) body.sides = sidesOf(rules, dealer);
  Object.assign(body, { points: [...points], delta: [...delta], scores: [...scores] });
  if (!hand.misdeal) body.made = scored.made;
  return body;
}

// The scored part of a game as the API shows it (state_to_dict).
export function stateToDict(state) {
  const { table, outcome } = state;
  const { rules, time_call: call } = table;
  const body = {
    rules: rulesToDict(rules),
    players: [...table.players],
    teams: teamsOf(rules).map((players, team) => ({ name: teamLabel(table, team), players })),
    hands: state.hands.map((scored) => handToDict(rules, scored)),
    scores: [...state.scores],
    status: state.status,
    winner: state.winner,
    next_dealer: state.next_dealer,
    next_number: state.next_number,
    result: outcome && { winner: outcome.winner, hand: outcome.hand, how: outcome.how, reason: outcome.reason },
    time_called: call && { after_hand: call.after_hand, finish_hand: call.finish_hand },
  };
  if (rules.sit_out) { // five at a table: the winners are a pair of players, not a team
    body.winners = [...state.winners];
    if (outcome) body.result.winners = [...outcome.winners];
  }
  return body;
}
