// The browser engine against the scoring vectors (tests/vectors/*.json) and a few direct checks.
// Run with: node --import ./tests/js/rules.mjs --test tests/js/

import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { describe, test } from "node:test";

import {
  CATALOGUE, Conflict, DESCRIPTIONS, MOON, PRESETS, RuleError, SUITS, byCard, makeTable, parseHand, play, rulesToDict,
  score, start, stateToDict,
} from "../../static/js/engine.js";
import { buildTable, replay, steps } from "./run_case.mjs";

const VECTORS = new URL("../vectors/", import.meta.url);
const HAND_FIELDS = ["dealer", "points", "made", "misdeal", "delta", "scores"];
const GAME_FIELDS = ["scores", "status", "winner", "next_dealer"];
const PLAYERS = ["Ann", "Bo", "Cy", "Di"];

// A card-points `captured` giving every point to `team`, except the points named in `others`.
function cards(team, others = {}) {
  const keys = ["ace", "jack", "off_jack", "high_joker", "low_joker", "ten", "three", "two"];
  return Object.fromEntries(keys.map((key) => [key, others[key] ?? team]));
}

// Every case of every vector file, each with the file it came from.
function loadVectors() {
  const files = readdirSync(VECTORS).filter((name) => name.endsWith(".json")).sort();
  return files.flatMap((file) => {
    const data = JSON.parse(readFileSync(new URL(file, VECTORS), "utf8"));
    return data.cases.map((testCase) => ({ file, testCase }));
  });
}

// The checked fields of a hand (a `misdeal: false` is the same as none), as tests/test_vectors.py picks them.
function handFields(hand) {
  const fields = Object.fromEntries(HAND_FIELDS.filter((key) => key in hand).map((key) => [key, hand[key]]));
  if (fields.misdeal === false) delete fields.misdeal;
  return fields;
}

// Every hand is accepted and the game scores as `expect` says (and any other field it names).
function checkExpect(testCase) {
  const state = replay(testCase, steps(testCase));
  const game = stateToDict(state);
  const clocked = buildTable(testCase, testCase.time ?? null);
  assert.deepEqual(stateToDict(score(clocked, state.hands.map(({ hand }) => hand))), game, "a time call known from the start");
  const { hands: wanted = [], ...expect } = testCase.expect;
  assert.equal(game.hands.length, wanted.length, "the case expects a different number of hands");
  wanted.forEach((want, index) => {
    const got = game.hands[index];
    assert.deepEqual(handFields(got), handFields(want), `hand ${index + 1}`);
    for (const key of Object.keys(want).filter((name) => !HAND_FIELDS.includes(name))) {
      assert.deepEqual(got[key], want[key], `hand ${index + 1}: ${key}`);
    }
  });
  for (const key of GAME_FIELDS) assert.deepEqual(game[key], expect[key], key);
  for (const key of Object.keys(expect).filter((name) => name in game)) assert.deepEqual(game[key], expect[key], key);
}

// The error raised by the last event (a hand or the time call), or by the table when there is none.
function refusal(testCase) {
  const events = steps(testCase);
  if (!events.length) return caught(() => buildTable(testCase));
  replay(testCase, events.slice(0, -1)); // everything before the last event is accepted
  return caught(() => replay(testCase, events));
}

// The RuleError that `run` throws (failing when it throws none).
function caught(run) {
  try {
    run();
  } catch (error) {
    assert.ok(error instanceof RuleError, `not a RuleError: ${error}`);
    return error;
  }
  assert.fail("the engine accepted what the case says it refuses");
}

// The case is refused with the kind and field of its `error`.
function checkError(testCase) {
  const error = refusal(testCase);
  const want = testCase.error;
  assert.equal(error.kind, want.kind, error.message);
  assert.equal(error instanceof Conflict, want.kind === "conflict");
  assert.equal(error.field, want.field ?? null, error.message);
  assert.ok(error.message.trim());
}

// One vector case: scored as written, or refused as written.
function runVector(testCase) {
  assert.notEqual("error" in testCase, "expect" in testCase, "a case has either expect or error");
  if ("error" in testCase) checkError(testCase);
  else checkExpect(testCase);
}

// The rules.md worked examples and a few decisions, in the vector format, run even when no file is there.
const OWN_CASES = [
  {
    name: "js: worked example 1, made then set",
    variant: "ten-point", players: PLAYERS,
    hands: [
      { bidder: 1, bid: 6, captured: cards(1, { off_jack: 0, high_joker: 0, low_joker: 0, two: 0 }) },
      { bidder: 2, bid: 5, captured: cards(1, { three: 0, two: 0 }) },
    ],
    expect: {
      hands: [
        { dealer: 0, points: [4, 6], made: true, delta: [4, 6], scores: [4, 6] },
        { dealer: 1, points: [4, 6], made: false, delta: [-5, 6], scores: [-1, 12] },
      ],
      scores: [-1, 12], status: "playing", winner: null, next_dealer: 2,
    },
  },
  ...[["ten-point", {}, "playing", null], ["tournament", { min_bid: 3, forced_bid: 3 }, "finished", 0]].map(
    ([variant, rules, status, winner]) => ({
      name: `js: worked example 2, defenders reach 37 in ${variant}: ${status}`,
      variant, players: PLAYERS, rules,
      hands: [
        { bidder: 0, bid: 3, captured: cards(0) },
        { bidder: 0, bid: 3, captured: cards(0) },
        { bidder: 0, bid: 3, captured: cards(0) },
        { bidder: 0, bid: 5, captured: cards(1, { ace: 0, jack: 0, off_jack: 0 }) },
        { bidder: 0, bid: 3, captured: cards(0, { ten: 1, three: 1, two: 1 }) },
        { bidder: 1, bid: 3, captured: cards(0, { three: 1 }) },
      ],
      expect: {
        hands: [
          { dealer: 0, points: [10, 0], made: true, delta: [10, 0], scores: [10, 0] },
          { dealer: 1, points: [10, 0], made: true, delta: [10, 0], scores: [20, 0] },
          { dealer: 2, points: [10, 0], made: true, delta: [10, 0], scores: [30, 0] },
          { dealer: 3, points: [3, 7], made: false, delta: [-5, 7], scores: [25, 7] },
          { dealer: 0, points: [5, 5], made: true, delta: [5, 5], scores: [30, 12] },
          { dealer: 1, points: [7, 3], made: true, delta: [7, 3], scores: [37, 15] },
        ],
        scores: [37, 15], status, winner, next_dealer: 2,
      },
    }),
  ),
  {
    name: "js: worked example 3, five-point set with game tied",
    variant: "five-point", players: PLAYERS,
    hands: [{ bidder: 3, bid: 3, captured: { high: 1, low: 0, jack: 1, game: null } }],
    expect: {
      hands: [{ dealer: 0, points: [1, 2], made: false, delta: [1, -3], scores: [1, -3] }],
      scores: [1, -3], status: "playing", winner: null, next_dealer: 1,
    },
  },
  {
    name: "js: worked example 4, failed tournament moon scores -10 and play goes on",
    variant: "tournament", players: PLAYERS,
    hands: [
      { bidder: 0, bid: 5, captured: cards(0) },
      { bidder: 0, bid: 7, captured: cards(1, { ace: 0, jack: 0 }) },
      { bidder: 0, bid: MOON, captured: cards(0, { two: 1 }) },
    ],
    expect: {
      hands: [
        { dealer: 0, points: [10, 0], made: true, delta: [10, 0], scores: [10, 0] },
        { dealer: 1, points: [2, 8], made: false, delta: [-7, 8], scores: [3, 8] },
        { dealer: 2, points: [9, 1], made: false, delta: [-10, 1], scores: [-7, 9] },
      ],
      scores: [-7, 9], status: "playing", winner: null, next_dealer: 3,
    },
  },
  {
    name: "js: worked example 4, a team in the hole may not bid the moon",
    variant: "tournament", players: PLAYERS,
    hands: [
      { bidder: 0, bid: 5, captured: cards(1) },
      { bidder: 2, bid: MOON, captured: cards(0) },
    ],
    error: { kind: "invalid", field: "bid" },
  },
  ...[["Bo wins", { high: 0, low: 1, jack: 2, game: 1 }, [1, 2, 1], [10, 12, 5], 1],
    ["Ann counts first and wins on 11 below Bo's 12", { high: 0, low: 0, jack: 1, game: 1 }, [2, 2, 0], [11, 12, 5], 0]].map(
    ([what, captured, points, scores, winner]) => ({
      name: `js: worked example 5, cutthroat from 9-10-7: ${what}`,
      variant: "cutthroat", players: ["Ann", "Bo", "Cy"],
      hands: [
        { bidder: 0, bid: 2, captured: { high: 0, low: 0, jack: 0, game: 0 } },
        { bidder: 0, bid: 2, captured: { high: 0, low: 0, jack: 0, game: 0 } },
        { bidder: 0, bid: 2, captured: { high: 0, low: 0, jack: 1, game: 1 } },
        { bidder: 0, bid: 2, captured: { high: 1, low: 1, jack: 1, game: 1 } },
        { bidder: 1, bid: 2, captured: { high: 0, low: 1, jack: 1, game: 1 } },
        { bidder: 2, bid: 2, captured: { high: 1, low: 2, jack: 2, game: 2 } },
        { bidder: 2, bid: 2, captured: { high: 2, low: 2, jack: 2, game: 2 } },
        { bidder: 2, bid: 2, captured },
      ],
      expect: {
        hands: [
          { dealer: 0, points: [4, 0, 0], made: true, delta: [4, 0, 0], scores: [4, 0, 0] },
          { dealer: 1, points: [4, 0, 0], made: true, delta: [4, 0, 0], scores: [8, 0, 0] },
          { dealer: 2, points: [2, 2, 0], made: true, delta: [2, 2, 0], scores: [10, 2, 0] },
          { dealer: 0, points: [0, 4, 0], made: false, delta: [-2, 4, 0], scores: [8, 6, 0] },
          { dealer: 1, points: [1, 3, 0], made: true, delta: [1, 3, 0], scores: [9, 9, 0] },
          { dealer: 2, points: [0, 1, 3], made: true, delta: [0, 1, 3], scores: [9, 10, 3] },
          { dealer: 0, points: [0, 0, 4], made: true, delta: [0, 0, 4], scores: [9, 10, 7] },
          { dealer: 1, points, made: false, delta: [points[0], points[1], -2], scores },
        ],
        scores, status: "finished", winner, next_dealer: 2,
      },
    }),
  ),
  {
    name: "js: a misdeal scores nothing and the same dealer deals again",
    variant: "ten-point", players: PLAYERS,
    hands: [{ misdeal: true }, { bidder: 1, bid: 4, captured: cards(1) }],
    expect: {
      hands: [
        { dealer: 0, misdeal: true, points: [0, 0], delta: [0, 0], scores: [0, 0] },
        { dealer: 0, points: [0, 10], made: true, delta: [0, 10], scores: [0, 10] },
      ],
      scores: [0, 10], status: "playing", winner: null, next_dealer: 1,
    },
  },
  {
    name: "js: a made moon wins at once, and a hand after the end is a conflict",
    variant: "ten-point", players: PLAYERS,
    hands: [{ bidder: 3, bid: MOON, captured: cards(1) }, { bidder: 0, bid: 3, captured: cards(0) }],
    error: { kind: "conflict", field: null },
  },
  {
    name: "js: five-point bid 5 made with every point and trick scores 5 and nothing for the defenders",
    variant: "five-point", players: PLAYERS,
    hands: [{ bidder: 1, bid: 5, captured: { high: 1, low: 1, jack: 1, game: 1 }, all_tricks: 1 }],
    expect: {
      hands: [{ dealer: 0, points: [0, 4], made: true, delta: [0, 5], scores: [0, 5], all_tricks: 1 }],
      scores: [0, 5], status: "playing", winner: null, next_dealer: 1,
    },
  },
  {
    name: "js: time called after hand 1 in a tournament: the team ahead wins",
    variant: "tournament", players: PLAYERS, time: { after_hand: 1, finish_hand: false },
    hands: [{ bidder: 1, bid: 5, captured: cards(1, { ace: 0 }) }],
    expect: {
      hands: [{ dealer: 0, points: [1, 9], made: true, delta: [1, 9], scores: [1, 9] }],
      scores: [1, 9], status: "finished", winner: 1, next_dealer: 1,
      result: { winner: 1, hand: 1, how: "time", reason: "time was called with Bo/Di ahead, 9 to 1" },
    },
  },
  {
    name: "js: a house rule out of range is refused",
    variant: "ten-point", players: PLAYERS, rules: { target: 0 }, hands: [],
    error: { kind: "invalid", field: "rules.target" },
  },
];

describe("the engine's own worked-example cases", () => {
  for (const testCase of OWN_CASES) test(testCase.name, () => runVector(testCase));
});

describe("tests/vectors", () => {
  const vectors = loadVectors();

  test("vector files are there, with cases", () => {
    assert.ok(vectors.length > 0, "no case found in tests/vectors/*.json");
  });

  test("vector names are unique", () => {
    const names = vectors.map(({ testCase }) => testCase.name);
    assert.deepEqual(names.filter((name, index) => names.indexOf(name) !== index), []);
  });

  for (const { file, testCase } of vectors) test(testCase.name ?? `${file}: unnamed`, () => runVector(testCase));
});

// The error as the API would show it.
const shown = (error) => ({ kind: error.kind, field: error.field, message: error.message });

describe("errors", () => {
  test("an unknown variant names the choices", () => {
    assert.deepEqual(shown(caught(() => makeTable("pinochle", PLAYERS))), {
      kind: "invalid", field: "variant",
      message: `Choose a variant: ${Object.keys(PRESETS).join(", ")}.`,
    });
  });

  test("RuleError and Conflict are Errors with a kind and a field", () => {
    const table = makeTable("ten-point", PLAYERS);
    const over = score(table, [parseHand({ bidder: 0, bid: MOON, captured: cards(0) }, table.rules)]);
    const error = caught(() => play(over, parseHand({ misdeal: true }, table.rules)));
    assert.ok(error instanceof Conflict && error instanceof RuleError && error instanceof Error);
    assert.deepEqual(shown(error), {
      kind: "conflict", field: null, message: "The game is over: Ann/Cy shot the moon. Start a new game to play on.",
    });
    assert.equal(new RuleError("x").kind, "invalid");
  });

  test("player lists: count, names, duplicates as Python's casefold sees them", () => {
    assert.deepEqual(shown(caught(() => makeTable("cutthroat", [...PLAYERS, ...PLAYERS.map((name) => `${name}2`)]))), {
      kind: "invalid", field: "players", message: "cutthroat needs 2 to 7 players, listed in seating order.",
    });
    assert.equal(caught(() => makeTable("eleven-point", PLAYERS.slice(0, 3))).message,
      "eleven-point needs 4 or 6 players, listed in seating order.");
    const blank = caught(() => makeTable("ten-point", ["Ann", " ", "Cy", "Di"]));
    assert.equal(blank.message, "Player 2's name must be 1 to 40 characters.");
    assert.equal(caught(() => makeTable("ten-point", ["Ann", "ANN ", "Cy", "Di"])).field, "players");
    assert.equal(caught(() => makeTable("ten-point", ["Straße", "STRASSE", "Cy", "Di"])).field, "players");
    assert.deepEqual(makeTable("ten-point", ["ı", "I", "\x1cCy\x85", "Di"]).players, ["ı", "I", "Cy", "Di"]);
    assert.equal(caught(() => makeTable("ten-point", ["Ann", "Bo", "Cy", "\ufeffDi"])).message,
      "Player 4's name has a character that cannot be shown (a character that shows as nothing); retype it.");
    assert.ok(makeTable("ten-point", ["😀".repeat(40), "Bo", "Cy", "Di"]));
    assert.deepEqual(shown(caught(() => makeTable("ten-point", PLAYERS, ["Us"]))), {
      kind: "invalid", field: "team_names", message: "Give 2 team names, or none.",
    });
  });

  test("house rules", () => {
    const rule = (overrides, variant = "ten-point") => shown(caught(() => makeTable(variant, PLAYERS, null, overrides)));
    assert.deepEqual(rule([]), { kind: "invalid", field: "rules", message: "House rules must be an object of option: value." });
    assert.deepEqual(rule({ colour: 1 }), {
      kind: "invalid", field: "rules.colour", message: "colour is not a house rule of this game.",
    });
    assert.deepEqual(rule({ constructor: 1 }).field, "rules.constructor");
    assert.deepEqual(rule({ players: 6 }).message, "players is fixed by the variant; choose another variant instead.");
    assert.deepEqual(rule({ time_limit_minutes: true }).message,
      "time_limit_minutes must be a whole number from 1 to 600 or null.");
    assert.deepEqual(rule({ moon: { penalty: -1 } }).message, "Moon: penalty must be a whole number from 0 to 100.");
    assert.deepEqual(rule({ moon: { toString: 1 } }).message,
      "Moon: toString is not a moon option (success, failure, penalty, not_in_hole).");
    assert.deepEqual(makeTable("five-point", PLAYERS, null, { moon: true }).rules.moon,
      { success: "win", failure: "lose", penalty: 10, not_in_hole: false }, "a dealt game of two teams may have the moon");
    assert.deepEqual(rule({ moon: true, partners: false }, "five-point"), {
      kind: "invalid", field: "rules.moon",
      message: 'A missed moon that loses the game needs two teams; with 4 players each alone, set the moon\'s failure to "minus".',
    });
    assert.deepEqual(rule({ min_bid: 8, max_bid: 6 }).message, "The highest bid (6) cannot be below the lowest (8).");
    assert.deepEqual(rule({ forced_bid: 2 }).field, "rules.forced_bid");
    assert.deepEqual(rule({ min_bid: 12 }).field, "rules.min_bid", "blame the option the house rules changed");
    assert.deepEqual(rule({ max_bid: 6, forced_bid: 7 }), {
      kind: "invalid", field: "rules.forced_bid",
      message: "The bid the dealer is stuck with when all pass must be a legal bid, 3 to 6.",
    });
    assert.deepEqual(rule({ max_bid: 11 }).message, "The highest bid cannot be more than 10: a hand has 10 points.");
    assert.deepEqual(rule({ max_bid: 7 }, "five-point").message,
      "The highest bid cannot be more than 5: a hand has 4 points and the all-tricks bid is 5.");
    const raised = makeTable("ten-point", PLAYERS, null, { min_bid: 5 }).rules;
    assert.equal(raised.forced_bid, 5, "all pass: the dealer takes the minimum");
    assert.deepEqual(makeTable("tournament", PLAYERS, null, { moon: { failure: "lose" } }).rules.moon,
      { success: "win", failure: "lose", penalty: 10, not_in_hole: true }, "a moon override merges into the preset's");
    assert.deepEqual(shown(caught(() => makeTable("ten-point", PLAYERS, null, null, { after_hand: 0 }))), {
      kind: "conflict", field: null, message: "This game has no clock, so time cannot be called.",
    });
    const rules = makeTable("five-point", PLAYERS, null, { moon: null, target: 11, end: "first_to_target" }).rules;
    assert.equal(rules.target, 11);
    assert.equal(PRESETS["five-point"].target, 21, "a preset is never changed");
  });

  test("a game's stored rules, given back as house rules, make the same rules (an offline replay)", () => {
    for (const [variant, rules] of Object.entries(PRESETS)) {
      const players = PLAYERS.concat(["Ed", "Flo"]).slice(0, rules.players);
      const stored = stateToDict(start(makeTable(variant, players, null, { target: 15, moon: rules.moon && { penalty: 5 } }))).rules;
      assert.deepEqual(stateToDict(start(makeTable(variant, players, null, stored))).rules, stored, variant);
    }
  });

  test("hand bodies", () => {
    const rules = PRESETS["five-point"];
    const hand = (body, on = rules) => shown(caught(() => parseHand(body, on)));
    const captured = { high: 0, low: 0, jack: 0, game: 0 };
    assert.deepEqual(hand([]), { kind: "invalid", field: null, message: "A hand must be a JSON object." });
    assert.deepEqual(hand({ zeta: 1, alpha: 2, bid: 3 }).field, "alpha");
    assert.deepEqual(hand({ "😀": 1, "\uffff": 2 }).field, "\uffff", "Python sorts by code point");
    assert.deepEqual(hand({ misdeal: true, bid: 3 }).field, "misdeal");
    assert.deepEqual(hand({ misdeal: null }).message, "misdeal must be true or false.");
    assert.deepEqual(hand({ bidder: 4, bid: 3, captured }).message, "Say who won the bid: a seat number from 0 to 3.");
    assert.deepEqual(hand({ bidder: 0, bid: MOON, captured }).message, "Shooting the moon is not allowed in this game.");
    assert.deepEqual(hand({ bidder: 0, bid: 11, captured }, PRESETS["ten-point"]).message,
      'The bid must be a number from 3 to 10 or "moon".');
    assert.deepEqual(hand({ bidder: 0, bid: 3, trump: "stars", captured }).field, "trump");
    assert.deepEqual(hand({ bidder: 0, bid: 3, captured: { ...captured, constructor: 0 } }).field, "captured.constructor");
    assert.deepEqual(hand({ bidder: 0, bid: 3, captured: { high: 0 } }), {
      kind: "invalid", field: "captured.low", message: "Say which team took Low.",
    });
    assert.deepEqual(hand({ bidder: 0, bid: 3, captured: { ...captured, jack: 3 } }, PRESETS.cutthroat).message,
      "Say which player took the jack: a player number from 0 to 2 (or null if nobody did).");
    assert.deepEqual(hand({ bidder: 0, bid: 5, captured }).field, "all_tricks");
    assert.deepEqual(hand({ bidder: 0, bid: 5, captured, all_tricks: 1 }).message,
      "The team that took every trick took every point, but High is given to another team.");
    assert.deepEqual(hand({ bidder: 0, bid: 3, captured, all_tricks: 0 }, PRESETS.cutthroat).field, "all_tricks");
    assert.equal(parseHand({ bidder: 0, bid: 4, captured, all_tricks: 0 }, rules).all_tricks, null);
  });

  test("a free moon (penalty 0) costs nothing, and never -0", () => {
    const table = makeTable("ten-point", PLAYERS, null, { moon: { penalty: 0, failure: "minus" } });
    const state = play(start(table), parseHand({ bidder: 0, bid: MOON, captured: cards(0, { two: 1 }) }, table.rules));
    assert.ok(Object.is(state.hands[0].delta[0], 0));
    assert.deepEqual(stateToDict(state).scores, [0, 1]);
  });
});

describe("stateToDict", () => {
  const table = makeTable("five-point", PLAYERS, ["Us", "Them"]);
  const bodies = [
    { id: "a", bidder: 1, bid: 5, captured: { high: 1, low: 1, jack: 1, game: 1 }, all_tricks: 1 },
    { misdeal: true },
    { bidder: 2, bid: 2, trump: "hearts", captured: { high: 0, low: 0, jack: null, game: 1 } },
  ];
  const state = score(table, bodies.map((body) => parseHand(body, table.rules)));
  const game = stateToDict(state);

  test("has exactly the fields of state_to_dict", () => {
    assert.deepEqual(Object.keys(game), [
      "rules", "players", "teams", "hands", "scores", "status", "winner", "next_dealer", "next_number", "result", "time_called",
    ]);
    assert.deepEqual(Object.entries(game.rules), Object.entries({
      players: 4, scheme: "categories", target: 21, min_bid: 2, max_bid: 5, moon: null, all_tricks_bid: 5,
      end: "bid_only", time_limit_minutes: null, dealer_may_match: true, forced_bid: 2, trump_with_bid: false,
    }), "a game of a seed preset shows the rules it always showed, in the same order");
    assert.deepEqual(game.teams, [{ name: "Us", players: [0, 2] }, { name: "Them", players: [1, 3] }]);
    const { scores, status, winner, next_dealer, next_number } = game;
    assert.deepEqual({ scores, status, winner, next_dealer, next_number },
      { scores: [2, 6], status: "playing", winner: null, next_dealer: 2, next_number: 4 });
    assert.equal(game.result, null);
    assert.equal(game.time_called, null);
  });

  test("hands: all_tricks only for the all-tricks bid, no made on a misdeal", () => {
    assert.deepEqual(game.hands, [
      { number: 1, dealer: 0, bidder: 1, bid: 5, trump: null, captured: { high: 1, low: 1, jack: 1, game: 1 }, all_tricks: 1,
        points: [0, 4], delta: [0, 5], scores: [0, 5], made: true },
      { number: 2, dealer: 1, misdeal: true, points: [0, 0], delta: [0, 0], scores: [0, 5] },
      { number: 3, dealer: 1, bidder: 2, bid: 2, trump: "hearts", captured: { high: 0, low: 0, jack: null, game: 1 },
        points: [2, 1], delta: [2, 1], scores: [2, 6], made: true },
    ]);
  });

  test("is plain JSON data and does not share the state's arrays", () => {
    const fresh = stateToDict(state);
    assert.deepEqual(JSON.parse(JSON.stringify(fresh)), fresh);
    fresh.scores.push(99);
    fresh.hands[0].captured.high = 0;
    assert.deepEqual(stateToDict(state), game);
  });

  test("a finished game: result, winner, time_called, team labels from players", () => {
    const clock = makeTable("tournament", PLAYERS, null, null, { after_hand: 0, finish_hand: true });
    const done = stateToDict(play(start(clock), parseHand({ bidder: 0, bid: 6, captured: cards(0, { two: 1 }) }, clock.rules)));
    assert.deepEqual([done.status, done.winner, done.next_number], ["finished", 0, 2]);
    assert.deepEqual(done.result, { winner: 0, hand: 1, how: "time", reason: "time was called with Ann/Cy ahead, 9 to 1" });
    assert.deepEqual(done.time_called, { after_hand: 0, finish_hand: true });
  });

  test("time called in cutthroat: the leader wins over the best of the others", () => {
    const call = { after_hand: 0, finish_hand: true };
    const clock = makeTable("cutthroat", ["Ann", "Bo", "Cy"], null, { time_limit_minutes: 30 }, call);
    const body = { bidder: 0, bid: 2, captured: { high: 0, low: 1, jack: 1, game: 2 } };
    const done = stateToDict(play(start(clock), parseHand(body, clock.rules)));
    assert.deepEqual(done.result, { winner: 1, hand: 1, how: "time", reason: "time was called with Bo ahead, 2 to 1" });
  });

  test("states are immutable: play returns a new state", () => {
    const before = start(table);
    const after = play(before, parseHand(bodies[2], table.rules));
    assert.deepEqual([before.hands.length, after.hands.length], [0, 1]);
    assert.ok(Object.isFrozen(after) && Object.isFrozen(after.scores) && Object.isFrozen(after.hands[0]));
  });
});

test("exports: suits, presets and their descriptions", () => {
  assert.deepEqual(SUITS, ["clubs", "diamonds", "hearts", "spades"]);
  assert.deepEqual(Object.keys(DESCRIPTIONS), Object.keys(PRESETS));
  assert.ok(Object.values(PRESETS).every(Object.isFrozen));
});

describe("the rest of the Pitch family", () => {
  test("a hand given as points shows its points and no captured, and knows it was not given by card", () => {
    const table = makeTable("ten-point", PLAYERS);
    const hand = parseHand({ bidder: 1, bid: 6, points: [4, 6] }, table.rules);
    assert.equal(byCard(hand), false);
    assert.equal(byCard(parseHand({ bidder: 1, bid: 6, captured: cards(1) }, table.rules)), true);
    const [shown] = stateToDict(play(start(table), hand)).hands;
    assert.deepEqual(shown, {
      number: 1, dealer: 0, bidder: 1, bid: 6, trump: null, points: [4, 6], delta: [4, 6], scores: [4, 6], made: true,
    });
    assert.deepEqual(parseHand(shown, table.rules), hand, "the game JSON sent back reads the same hand");
  });

  test("the rules dict adds points and in_play only for a point set without a name", () => {
    const nine = rulesToDict(makeTable("nine-point", PLAYERS).rules);
    assert.equal(nine.scheme, null);
    assert.deepEqual(nine.points, { jack: 1, ace: 1, ten: 1, five: 5, two: 1 });
    assert.equal(nine.in_play, "all");
    const ten = rulesToDict(makeTable("ten-point", PLAYERS).rules);
    assert.deepEqual(Object.keys(ten).length, 12);
    const smudge = rulesToDict(makeTable("smudge", ["Ann", "Bo"]).rules);
    assert.deepEqual([smudge.players, smudge.partners, smudge.smudge], [2, false, true]);
  });

  test("presets list their player counts, the usual first, and the catalogue is in counting order", () => {
    assert.deepEqual(PRESETS.cutthroat.player_counts, [3, 2, 4, 5, 6, 7]);
    assert.deepEqual(PRESETS.smear.player_counts, [4, 6]);
    assert.deepEqual([CATALOGUE[0], CATALOGUE.at(-1)], ["high", "game"]);
    assert.equal(makeTable("cutthroat", ["A", "B", "C", "D", "E", "F", "G"]).rules.players, 7);
  });
});
