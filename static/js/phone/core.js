// The client core: the game as this phone knows it, with no DOM, storage or network. A game here is
// the API's game JSON (docs/api.md); a waiting write is an outbox entry (outbox.js). Used by the game
// page, the offline shell and the start page's list of games, and tested with node (tests/js/core.test.mjs).

import { Conflict, RuleError, makeTable, parseHand, play, score, stateToDict } from "../engine.js";

// The table a game JSON is played at, with its time call if any.
export function tableOf(game, timeCall = game.time_called ?? null) {
  return makeTable(game.variant, game.players, game.team_names ?? null, game.rules, timeCall);
}

// The hands of a game JSON, parsed by the engine for `table`.
export const handsOf = (game, table) => game.hands.map((hand) => parseHand(hand, table.rules));

// The engine's `state` as the game JSON of `base`: the server's fields kept, hand i given the id ids[i].
export function scoredGame(base, state, ids) {
  const scored = stateToDict(state);
  return { ...base, ...scored, hands: scored.hands.map((hand, index) => ({ id: ids[index], ...hand })) };
}

// Score `hands` from the start; a change at hand `changed` that breaks a later hand is a Conflict
// with the server's message (scorekeeper/games/service.py, _replay_with).
export function replay(table, hands, changed) {
  let state = score(table, []);
  hands.forEach((hand, index) => {
    try {
      state = play(state, hand);
    } catch (error) {
      if (index < changed || !(error instanceof RuleError)) throw error;
      throw new Conflict(`That change would make hand ${index + 1} impossible: ${error.message}`);
    }
  });
  return state;
}

// The game made on a phone before the server has it: the create body, scored with no hands.
export function gameFromSetup(setup, origin) {
  const table = makeTable(setup.variant, setup.players, setup.team_names ?? null, setup.rules ?? null);
  return {
    id: setup.id, variant: setup.variant, ...stateToDict(score(table, [])),
    share_url: new URL(`/share/${encodeURIComponent(setup.id)}`, origin).href,
    team_names: setup.team_names ?? null, clock: null,
  };
}

// The hands and time call of `base` once the waiting writes `entries` are made, in order; a write that
// no longer applies (its hand is gone, time was already called, the very same hand is there) is skipped,
// as the server would.
function applied(base, entries) {
  const hands = base.hands.map((hand) => ({ ...hand }));
  let timeCall = base.time_called ?? null;
  for (const entry of entries) {
    const at = entry.number - 1;
    const twice = entry.kind === "add" && hands[at] && at < base.hands.length && sameHand(hands[at], entry.body);
    if (twice) continue; // another phone logged the very same hand: the server will keep it once
    if (entry.kind === "add" && !hands.some((hand) => hand.id === entry.handId)) {
      hands.push({ ...entry.body, id: entry.handId });
    } else if (entry.kind === "replace" && hands[at]) {
      hands[at] = { ...entry.body, id: hands[at].id };
    } else if (entry.kind === "delete" && hands[at]?.id === entry.handId) {
      hands.splice(at, 1);
    } else if (entry.kind === "time" && !timeCall) {
      timeCall = { after_hand: entry.body.after_hand ?? hands.length, finish_hand: Boolean(entry.body.finish_hand) };
    }
  }
  return { hands, timeCall };
}

// `base` (a game JSON) with the waiting writes `entries` played on it by the engine. Hands the rules
// refuse end the replay there (the server will refuse them too, and the page asks what to do).
export function withWrites(base, entries) {
  const { hands, timeCall } = applied(base, entries);
  let table;
  try {
    table = tableOf(base, timeCall);
  } catch {
    try {
      table = tableOf(base, base.time_called ?? null); // a time call the rules refuse is left out
    } catch {
      return base;
    }
  }
  let state = score(table, []);
  const ids = [];
  for (const hand of hands) {
    try {
      state = play(state, parseHand(hand, table.rules));
      ids.push(hand.id);
    } catch {
      break;
    }
  }
  return scoredGame(base, state, ids);
}

// The phone's game: the server's copy (or the setup of a game it does not have yet) with the waiting
// writes before the first refused one played on top. {game (or null), refused (entry or null), entries}.
export function phoneGame(record, origin) {
  const base = record.server ?? (record.setup ? gameFromSetup(record.setup, origin) : null);
  const refused = record.entries.find((entry) => entry.problem) ?? null;
  const waiting = refused ? record.entries.slice(0, record.entries.indexOf(refused)) : record.entries;
  return { game: base && withWrites(base, waiting), refused, entries: record.entries };
}

// Whether two hands say the same thing (a hand of the game JSON, or a hand body as a phone sends it):
// the same bidder, bid, trump, points taken (card by card where both say so) and all-tricks answer.
export function sameHand(a, b) {
  if (a.misdeal || b.misdeal) return Boolean(a.misdeal) === Boolean(b.misdeal);
  const same = (x, y) => JSON.stringify(x ?? null) === JSON.stringify(y ?? null);
  const sorted = (captured) => Object.fromEntries(Object.entries(captured).sort(([x], [y]) => (x < y ? -1 : 1)));
  const taken = a.captured && b.captured ? same(sorted(a.captured), sorted(b.captured)) : same(a.points, b.points);
  return taken && ["bidder", "bid", "trump", "all_tricks"].every((key) => same(a[key], b[key]));
}
