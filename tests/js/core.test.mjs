// The client core (static/js/phone/core.js) on the shared vectors (tests/vectors/*.json): the waiting writes of
// an outbox played on a game give what the engine gives, a refused hand stops them, and a change that
// breaks a later hand is refused with the server's message. Run with: node --import ./tests/js/rules.mjs --test tests/js/

import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { describe, test } from "node:test";

import {
  gameFromSetup, handsOf, phoneGame, replay, sameHand, scoredGame, tableOf, withWrites,
} from "../../static/js/phone/core.js";
import { Conflict, RuleError, parseHand, score, stateToDict } from "../../static/js/engine.js";
import { syncText } from "../../static/js/phone/syncline.js";
import { buildTable, replay as replayCase, runCase, steps } from "./run_case.mjs";

const ORIGIN = "https://pitch.example";
const VECTORS = new URL("../vectors/", import.meta.url);
const CASES = readdirSync(VECTORS).filter((name) => name.endsWith(".json")).sort().flatMap((file) =>
  JSON.parse(readFileSync(new URL(file, VECTORS), "utf8")).cases.map((testCase) => ({ file, testCase })));

// A case whose table the rules accept.
const tableAccepted = ({ testCase }) => {
  try {
    buildTable(testCase);
    return true;
  } catch {
    return false;
  }
};

// The game made on the phone for `testCase`, before any hand.
const setupOf = (testCase) => gameFromSetup({
  id: "game-0000000000000000000", variant: testCase.variant, players: testCase.players,
  team_names: testCase.team_names ?? null, rules: testCase.rules ?? null,
}, ORIGIN);

// The case's hands and time call as outbox entries, in the order the table made them.
const entriesOf = (testCase) => steps(testCase).map(([kind, item], index) => (kind === "time"
  ? { seq: index + 1, kind: "time", body: item }
  : { seq: index + 1, kind: "add", handId: `hand-${index}`, number: index + 1, body: item }));

// The events of `testCase` the engine accepts, up to the first it refuses.
function accepted(testCase) {
  const events = steps(testCase);
  let count = 0;
  while (count < events.length && !runCase({ ...testCase, hands: [] }).error) {
    try {
      replayCase(testCase, events.slice(0, count + 1));
    } catch {
      break;
    }
    count += 1;
  }
  return events.slice(0, count);
}

describe("waiting writes on the shared vectors", () => {
  for (const { file, testCase } of CASES.filter(tableAccepted)) {
    test(`${file}: ${testCase.name}`, () => {
      const entries = entriesOf(testCase);
      const game = withWrites(setupOf(testCase), entries);
      const events = accepted(testCase);
      const expected = stateToDict(replayCase(testCase, events));
      assert.deepEqual(game.hands.map(({ id, ...hand }) => hand), expected.hands);
      for (const key of ["scores", "status", "result", "next_dealer", "next_number"]) assert.deepEqual(game[key], expected[key], key);
      const added = entries.filter((entry) => entry.kind === "add").map((entry) => entry.handId);
      assert.deepEqual(game.hands.map((hand) => hand.id), added.slice(0, game.hands.length));
      assert.equal(game.share_url, `${ORIGIN}/share/game-0000000000000000000`);
    });
  }
});

describe("replaying after a change", () => {
  const conflicts = CASES.filter(({ testCase }) => testCase.error?.kind === "conflict" && testCase.hands.length > 1
    && !testCase.time);
  test("there are cases where a later hand no longer fits", () => assert.ok(conflicts.length > 0));
  for (const { file, testCase } of conflicts) {
    test(`${file}: ${testCase.name}`, () => {
      const table = buildTable(testCase);
      const hands = testCase.hands.map((body) => parseHand(body, table.rules));
      const last = hands.length;
      const original = runCase(testCase).error;
      // A change at hand 1 that makes the last hand impossible: refused as the server refuses it.
      assert.throws(() => replay(table, hands, 1), (error) => error instanceof Conflict
        && error.message === `That change would make hand ${last} impossible: ${original.message}`);
      // The changed hand itself refused: its own error, unchanged.
      assert.throws(() => replay(table, hands, last), (error) => error instanceof RuleError
        && error.message === original.message && error.field === original.field);
    });
  }
  for (const { file, testCase } of CASES.filter((item) => !item.testCase.error && !item.testCase.time).slice(0, 40)) {
    test(`every hand stands: ${file}: ${testCase.name}`, () => {
      const table = buildTable(testCase);
      const hands = testCase.hands.map((body) => parseHand(body, table.rules));
      assert.deepEqual(stateToDict(replay(table, hands, 1)), stateToDict(score(table, hands)));
    });
  }
});

describe("applying waiting writes", () => {
  const example = CASES.find(({ testCase }) => testCase.variant === "ten-point" && testCase.hands.length === 2
    && !testCase.error && !testCase.time).testCase;
  const [first, second] = example.hands;
  const allTo = (team) => ({ ...second, captured: Object.fromEntries(Object.keys(second.captured).map((key) => [key, team])) });
  const [made, set] = [allTo(second.bidder % 2), allTo(1 - (second.bidder % 2))];
  const refused = { ...second, bid: 99 };
  const base = withWrites(setupOf(example), [
    { kind: "add", handId: "a", number: 1, body: first },
    { kind: "add", handId: "b", number: 2, body: second },
  ]);
  const ids = (game) => game.hands.map((item) => item.id);

  test("the setup is a game with no hands", () => {
    const game = setupOf(example);
    assert.deepEqual([game.hands, game.scores, game.clock], [[], [0, 0], null]);
  });
  test("an add already on the server is not added twice", () => {
    assert.deepEqual(ids(withWrites(base, [{ kind: "add", handId: "b", number: 2, body: second }])), ["a", "b"]);
  });
  test("a replace keeps the hand's id and re-scores", () => {
    for (const [body, result] of [[made, true], [set, false]]) {
      const game = withWrites(base, [{ kind: "replace", handId: "b", number: 2, body }]);
      assert.deepEqual([ids(game), game.hands[1].made], [["a", "b"], result]);
    }
  });
  test("a delete removes the hand only while it is still that hand", () => {
    assert.deepEqual(ids(withWrites(base, [{ kind: "delete", handId: "b", number: 2 }])), ["a"]);
    assert.deepEqual(ids(withWrites(base, [{ kind: "delete", handId: "gone", number: 2 }])), ["a", "b"]);
  });
  test("time is called once", () => {
    const timed = CASES.find(({ testCase }) => testCase.time && !testCase.error).testCase;
    const game = withWrites(setupOf({ ...timed, hands: [] }), [
      { kind: "time", body: { finish_hand: false, after_hand: 0 } },
      { kind: "time", body: { finish_hand: true } },
    ]);
    assert.deepEqual(game.time_called, { after_hand: 0, finish_hand: false });
  });
  test("a hand the rules refuse ends the replay there", () => {
    const game = withWrites(base, [
      { kind: "add", handId: "c", number: 3, body: refused },
      { kind: "add", handId: "d", number: 4, body: second },
    ]);
    assert.deepEqual(ids(game), ["a", "b"]);
  });
  test("the phone's game stops at the first refused write", () => {
    const entries = [
      { seq: 1, kind: "add", handId: "c", number: 3, body: second, problem: { status: 409 } },
      { seq: 2, kind: "add", handId: "d", number: 4, body: second, problem: null },
    ];
    const mine = phoneGame({ server: base, setup: null, entries }, ORIGIN);
    assert.deepEqual([ids(mine.game), mine.refused.seq, mine.entries.length], [["a", "b"], 1, 2]);
    assert.equal(phoneGame({ server: null, setup: null, entries: [] }, ORIGIN).game, null);
  });
  test("scoredGame zips the ids onto the engine's hands, keeping the server's fields", () => {
    const table = tableOf(base);
    const game = scoredGame({ ...base, share_url: "kept" }, score(table, handsOf(base, table).slice(0, 1)), ["a"]);
    assert.deepEqual([ids(game), game.share_url], [["a"], "kept"]);
  });
});

describe("the sync line", () => {
  const entries = [{ kind: "add" }, { kind: "add" }];
  test("waiting for a connection", () => {
    assert.equal(syncText(entries, null, { durable: true }),
      "2 hands not sent yet, kept on this phone.");
  });
  test("waiting because the server asked to (429)", () => {
    const text = syncText(entries, null, { durable: true, retryAt: 31_000, now: 1_000 });
    assert.match(text, /Too many changes at once.* again in 30 s\.$/);
  });
  test("all saved", () => assert.equal(syncText([], null, { durable: true }), "All changes saved."));
  test("the key was replaced on another phone: the changes are kept and the line says what to do", () => {
    const refused = { kind: "add", problem: { status: 403, code: "key_replaced" } };
    for (const [list, what] of [[[refused], "1 unsent change is"], [[refused, ...entries], "3 unsent changes are"]]) {
      assert.equal(syncText(list, refused, { durable: true }),
        `This phone's key was replaced on another phone; your ${what} kept. Open the new co-scorer link to keep scoring.`);
    }
  });
});

describe("the outbox's Retry-After", () => {
  test("seconds, an HTTP date, or nothing", async () => {
    globalThis.self ??= globalThis;
    await import("../../static/js/phone/outboxstore.js");
    await import("../../static/js/phone/outbox.js");
    const { retryAt, queuedAt } = globalThis.PitchOutbox;
    const answer = (value) => ({ headers: new Headers(value === null ? {} : { "Retry-After": value }) });
    assert.equal(retryAt(answer("30"), 1_000), 31_000);
    assert.equal(retryAt(answer(new Date(61_000).toUTCString()), 1_000), 61_000);
    assert.equal(retryAt(answer(new Date(0).toUTCString()), 1_000), 1_000);
    assert.equal(retryAt(answer(null), 1_000), null);
    assert.deepEqual([queuedAt({ queuedAt: 5 }), queuedAt({ made: 4 })], [5, 4]);
  });
});

describe("the same hand logged on two phones", () => {
  const CARDS = ["ace", "jack", "off_jack", "high_joker", "low_joker", "ten", "three", "two"];
  const captured = (team1 = []) => Object.fromEntries(CARDS.map((key) => [key, team1.includes(key) ? 1 : 0]));
  const setup = { id: "game-0000000000000000000", variant: "ten-point", players: ["Ann", "Bo", "Cy", "Di"] };
  const server = withWrites(gameFromSetup(setup, ORIGIN), [
    { seq: 1, kind: "add", handId: "theirs", number: 1, body: { bidder: 1, bid: 6, captured: captured(["two"]) } },
  ]);

  test("a hand of the game JSON and a hand body that say the same are the same hand", () => {
    const body = { bidder: 1, bid: 6, captured: Object.fromEntries(Object.entries(captured(["two"])).reverse()) };
    assert.equal(sameHand(server.hands[0], body), true);
    assert.equal(sameHand(server.hands[0], { ...body, trump: "hearts" }), false);
    assert.equal(sameHand(server.hands[0], { ...body, bid: 7 }), false);
    assert.equal(sameHand(server.hands[0], { ...body, captured: captured(["two", "ace"]) }), false);
    assert.equal(sameHand({ misdeal: true }, { misdeal: true }), true);
    assert.equal(sameHand({ misdeal: true }, body), false);
    assert.equal(sameHand({ bidder: 1, bid: 6, points: [1, 9] }, { bidder: 1, bid: 6, points: [1, 9] }), true);
    assert.equal(sameHand({ bidder: 1, bid: 6, points: [1, 9] }, { bidder: 1, bid: 6, points: [2, 8] }), false);
  });

  test("a waiting hand the server already has from another phone is shown once", () => {
    const mine = { bidder: 1, bid: 6, captured: captured(["two"]) };
    const game = withWrites(server, [{ seq: 2, kind: "add", handId: "mine", number: 1, body: mine }]);
    assert.deepEqual(game.hands.map((hand) => hand.id), ["theirs"]);
    const other = withWrites(server, [{ seq: 2, kind: "add", handId: "mine", number: 1, body: { ...mine, bid: 7 } }]);
    assert.deepEqual(other.hands.map((hand) => hand.id), ["theirs", "mine"]); // kept, for the scorer to decide
    const next = withWrites(server, [{ seq: 2, kind: "add", handId: "again", number: 2, body: mine }]);
    assert.deepEqual(next.hands.map((hand) => hand.id), ["theirs", "again"]); // the same cards twice in a row
  });
});
