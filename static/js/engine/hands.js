// Hands: what the table said, checked against the rules (scorekeeper/rules/hands.py).

import { DERIVED, MOON, POINT_NAMES, RAW, RuleError, SCORED, SUITS, freeze, has, isInt, isObject, pyCompare } from "./base.js";
import { nullableOf, pointsOf, teamCount, teamWord, totalPoints } from "./options.js";

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
