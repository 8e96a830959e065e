// A game's house rules applied and checked, each problem a RuleError naming its field
// (scorekeeper/rules/checks.py).

import { ALONE_COUNTS, BOOL_OPTIONS, CATALOGUE, DEFAULT_MOON, ENDS, INT_OPTIONS, IN_PLAY, MAX_SEATS, MOON_OPTIONS, PARTNER_COUNTS, POINT_VALUES, RuleError, SIT_OUT, SIT_OUT_PLAYERS, freeze, has, isInt, isObject } from "./base.js";
import { countWords, derived, orderedPoints, partnersImplied, schemeOf, seatCounts, teamCount, totalPoints } from "./options.js";
import { preset } from "./presets.js";

// These rules with a game's house rules applied, checked.
export function withOverrides(rules, overrides) {
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
export function seated(rules, count) {
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
