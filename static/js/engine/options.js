// The rules of a game as plain data: its points, teams and score columns, and the options as the API
// shows them (scorekeeper/rules/options.py).

import { ALWAYS_IN_PLAY, CATALOGUE, SCHEMES, SCHEME_IN_PLAY, freeze, has } from "./base.js";

// Whether two point sets have the same points and values.
function samePoints(a, b) {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => has(b, key) && a[key] === b[key]);
}

// A point set in its listing order: a named scheme's own order, else the catalogue's.
export function orderedPoints(points) {
  const named = Object.values(SCHEMES).find((scheme) => samePoints(points, scheme));
  if (named) return freeze({ ...named });
  return freeze(Object.fromEntries(CATALOGUE.filter((key) => has(points, key)).map((key) => [key, points[key]])));
}

// The name of a game's point set (`card_points`, `categories`), or null for any other.
export function schemeOf(rules) {
  const names = Object.keys(SCHEMES);
  return names.find((name) => samePoints(rules.points, SCHEMES[name]) && SCHEME_IN_PLAY[name] === rules.in_play) ?? null;
}

// The scoring points of a game and their values, in listing order.
export const pointsOf = (rules) => rules.points;
// Points at stake in one hand (every point in play).
export const totalPoints = (rules) => Object.values(pointsOf(rules)).reduce((sum, value) => sum + value, 0);
// The points that may go to nobody: not dealt, or (`game`) a tied count.
export function nullableOf(rules) {
  const keys = Object.keys(rules.points);
  if (rules.in_play === "dealt") return keys.filter((key) => !ALWAYS_IN_PLAY.includes(key));
  return keys.filter((key) => key === "game");
}
// With partners two teams; alone, every player is a team.
export const teamCount = (rules) => (rules.partners ? 2 : rules.players);
// The team a seat plays for (partners sit across).
export const teamOf = (rules, seat) => seat % teamCount(rules);
// How many running scores the game keeps: one per player where the dealer sits out, else one per team.
export const scoreCount = (rules) => (rules.sit_out ? rules.players : teamCount(rules));
// What a side is called in messages: a team, a player alone, or (five at a table) a side.
export const teamWord = (rules) => (rules.sit_out ? "side" : rules.partners ? "team" : "player");
// What a rules dict stored before `partners` existed means: 3 players alone, else partners.
export const partnersImplied = (players) => players !== 3;
// The player counts a game of these rules allows, the usual one first.
export const seatCounts = (rules) => (rules.player_counts?.length ? rules.player_counts : [rules.players]);

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
export function derived(rules, changes) {
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
export function teamsOf(rules) {
  if (rules.sit_out) return Array.from({ length: rules.players }, (_, seat) => [seat]);
  const count = teamCount(rules);
  const seats = Array.from({ length: rules.players }, (_, seat) => seat);
  return Array.from({ length: count }, (_, team) => seats.filter((seat) => seat % count === team));
}
