// Run one scoring case (tests/vectors/README.md) through the JavaScript engine, as tests/test_vectors.py does.

import { RuleError, makeTable, parseHand, play, score, start, stateToDict } from "../../static/js/engine.js";

// The case's table: variant, players, team names, house rules and, once called, the time call.
export function buildTable(testCase, call = null) {
  const { variant, players, team_names = null, rules = null } = testCase;
  return makeTable(variant, players, team_names, rules, call);
}

// What happened at the table, in order: each hand body, and the time call when `after_hand` hands were recorded.
export function steps(testCase) {
  const events = testCase.hands.map((body) => ["hand", body]);
  const call = testCase.time ?? null;
  if (call !== null && call.after_hand <= events.length) events.splice(call.after_hand, 0, ["time", call]);
  return events;
}

// The game after the events; a time call re-scores the hands so far with the clock decided.
export function replay(testCase, events) {
  let table = buildTable(testCase);
  let state = start(table);
  const hands = [];
  for (const [kind, item] of events) {
    if (kind === "time") {
      table = buildTable(testCase, item);
      state = score(table, hands);
    } else {
      hands.push(parseHand(item, table.rules));
      state = play(state, hands.at(-1));
    }
  }
  return state;
}

// An engine error as plain data (anything else is a crash).
export function errorOf(error) {
  if (!(error instanceof RuleError)) return { kind: "crash", field: null, message: String(error) };
  return { kind: error.kind, field: error.field, message: error.message };
}

// The scored game as stateToDict gives it, or {error: {kind, field, message}} for the first refusal.
export function runCase(testCase) {
  try {
    return stateToDict(replay(testCase, steps(testCase)));
  } catch (error) {
    return { error: errorOf(error) };
  }
}
