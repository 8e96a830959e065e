// Tables: variant, players in seat order, team names, house rules, time call (scorekeeper/rules/table.py).

import {
  BLACK_FLAG, CONTROL, Conflict, DIRECTION_MARKS, IGNORABLE, JOINERS, LINE_BREAK, NAME_MAX, PAIR, RuleError, SIT_OUT_PLAYERS,
  SURROGATE, TAG, TAG_END, VARIATION, codePoints, fold, freeze, has, isObject, strip,
} from "./base.js";
import { countWords, seatCounts, teamCount, teamsOf } from "./options.js";
import { preset } from "./presets.js";
import { seated, withOverrides } from "./checks.js";

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
export const pairLabel = (table, seats) => seats.map((seat) => table.players[seat]).join(PAIR);

// What the table calls a team (a score column): its name, or its players.
export function teamLabel(table, team) {
  if (table.team_names) return table.team_names[team];
  return teamsOf(table.rules)[team].map((seat) => table.players[seat]).join("/");
}
