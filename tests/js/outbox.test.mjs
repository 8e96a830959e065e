// The outbox's requests (static/js/phone/outbox.js): a game started in a group is created through the group's API
// on the group's key; any other create carries no key. And the sync line of a create the group refused asks
// for a decision. Run with: node --import ./tests/js/rules.mjs --test tests/js/

import assert from "node:assert/strict";
import { test } from "node:test";

import { syncText } from "../../static/js/phone/syncline.js";

globalThis.self ??= globalThis; // outbox.js is a plain script for pages and the worker: it sets self.PitchOutbox
await import("../../static/js/phone/outboxstore.js");
await import("../../static/js/phone/outbox.js");
const { request } = globalThis.PitchOutbox;

const setup = { id: "g".repeat(22), edit_key: "k".repeat(22), variant: "ten-point", players: ["Ann", "Bo", "Cy", "Di"] };

test("a game started in a group is created through the group, on the group's key", () => {
  const entry = { gameId: setup.id, kind: "create", key: "G".repeat(22), group: "grp/1", body: setup };
  const sent = request(entry);
  assert.equal(sent.method, "POST");
  assert.equal(sent.url, "/api/groups/grp%2F1/games");
  assert.equal(sent.headers.Authorization, `Bearer ${"G".repeat(22)}`);
  assert.deepEqual(JSON.parse(sent.body), setup); // the phone's id and edit key: sent twice, it joins once
});

test("a game created on its own carries no key, even one the group refused", () => {
  for (const entry of [
    { gameId: setup.id, kind: "create", key: setup.edit_key, body: setup },
    { gameId: setup.id, kind: "create", key: setup.edit_key, group: null, body: setup },
  ]) {
    const sent = request(entry);
    assert.equal(sent.url, "/api/games");
    assert.equal(sent.headers.Authorization, undefined);
  }
});

test("a create the group refused for a replaced key asks what to do, as any refused write", () => {
  const refused = { seq: 1, gameId: setup.id, kind: "create", group: "grp", problem: { status: 403, code: "key_replaced" } };
  const text = syncText([refused, { seq: 2, kind: "add" }], refused, { durable: true });
  assert.equal(text, "A change needs your decision before the rest can be sent.");
  const hand = { ...refused, kind: "add" };
  assert.match(syncText([hand], hand, { durable: true }), /key was replaced on another phone/);
});

// ---- The short answer to a new hand (Prefer: return=minimal, docs/api.md): the phone adds the stored hand to
// its copy of the game; it reads the whole game once, after the queue is sent, only where the short answer
// cannot bring its copy up to date.

const outbox = globalThis.PitchOutbox;
// No IndexedDB here: its open fails, as in a browser's private mode, and the outbox keeps its entries in memory.
globalThis.indexedDB ??= { open: () => {
  const failing = { error: new Error("no IndexedDB in node") };
  setTimeout(() => failing.onerror?.());
  return failing;
} };

const stored = (number, id = `h${number}`) => ({ id, number, dealer: (number - 1) % 4, misdeal: true,
  points: [0, 0], delta: [0, 0], scores: [0, 0] });
const game = (id, hands, extra = {}) => ({ id, variant: "ten-point", hands, scores: [0, 0], status: "playing",
  winner: null, next_dealer: hands.length % 4, next_number: hands.length + 1, clock: null, ...extra });

// A server that records a hand per POST and answers short when asked; `finishAt` ends the game at that hand.
function server(start, { finishAt = null } = {}) {
  const hands = [...start.hands];
  const log = [];
  const fetcher = async (url, options = {}) => {
    const method = options.method ?? "GET";
    log.push({ method, url, prefer: options.headers?.Prefer ?? null });
    const status = finishAt !== null && hands.length >= finishAt ? "finished" : "playing";
    const whole = () => game(start.id, hands, { status });
    if (method === "GET") return new Response(JSON.stringify(whole()), { status: 200 });
    const body = JSON.parse(options.body);
    if (!hands.some((hand) => hand.id === body.id)) hands.push(stored(hands.length + 1, body.id));
    const hand = hands.find((item) => item.id === body.id);
    const now = finishAt !== null && hands.length >= finishAt ? "finished" : "playing";
    if (options.headers?.Prefer !== "return=minimal") {
      return new Response(JSON.stringify(game(start.id, hands, { status: now })), { status: 201 });
    }
    const short = { id: start.id, hand, scores: [0, 0], status: now, winner: null, next_dealer: hands.length % 4,
      next_number: hands.length + 1, revision: hands.length + 1 };
    return new Response(JSON.stringify(short), { status: 201, headers: { "Preference-Applied": "return=minimal" } });
  };
  return { fetcher, log, hands };
}

async function queue(gameId, count, from) {
  for (let number = from; number < from + count; number += 1) {
    await outbox.add({ gameId, kind: "add", key: "k".repeat(22), body: { misdeal: true }, number,
      handId: `phone-${gameId}-${number}` });
  }
}

test("only a new hand asks for the short answer", () => {
  const kinds = { create: undefined, add: "return=minimal", replace: undefined, delete: undefined, time: undefined };
  for (const [kind, prefer] of Object.entries(kinds)) {
    const sent = request({ gameId: setup.id, kind, key: setup.edit_key, body: setup, number: 1, handId: "h1" });
    assert.equal(sent.headers.Prefer, prefer, kind);
  }
});

test("hands sent with short answers are added to the phone's copy, with no read of the game", async () => {
  const start = game("copy-kept-00000000000000", [stored(1)]);
  await outbox.putGame(start.id, { variant: "ten-point", server: start });
  await queue(start.id, 5, 2);
  const { fetcher, log, hands } = server(start);
  const result = await outbox.drain(fetcher);
  assert.equal(result.sent, 5);
  assert.deepEqual(log.map((call) => [call.method, call.prefer]), Array(5).fill(["POST", "return=minimal"]));
  const copy = (await outbox.getGame(start.id)).server;
  assert.deepEqual(copy.hands, hands);
  assert.equal(copy.next_number, 7);
  assert.deepEqual(await outbox.entries(start.id), []);
});

for (const [name, start, finishAt] of [
  ["no copy of the game", null, null],
  ["a copy behind another phone's hands", game("copy-behind-000000000000", []), null],
  ["a game the hands end", game("copy-ends-00000000000000", [stored(1)]), 3],
  ["a clock the first hand starts", game("copy-clock-0000000000000", [], { clock: { started_at: null } }), null],
]) {
  test(`with ${name}, the game is read whole once, after every hand is sent`, async () => {
    const id = start?.id ?? "copy-missing-00000000000";
    const base = start ?? game(id, []);
    if (start) await outbox.putGame(id, { variant: "ten-point", server: start });
    const { fetcher, log, hands } = server(name.includes("behind") ? game(id, [stored(1, "other")]) : base,
      { finishAt });
    const from = hands.length + 1;
    await queue(id, 3, from);
    await outbox.drain(fetcher);
    const reads = log.filter((call) => call.method === "GET");
    assert.equal(log.filter((call) => call.method === "POST").length, 3);
    assert.equal(reads.length, 1);
    assert.equal(log.at(-1).method, "GET");
    assert.deepEqual((await outbox.getGame(id)).server.hands, hands);
    assert.deepEqual(await outbox.entries(id), []);
  });
}

test("a hand another phone logged first names the server's hand in this phone's later writes", async () => {
  const start = game("copy-other-0000000000000", []);
  await outbox.putGame(start.id, { variant: "ten-point", server: start });
  const hands = [stored(1, "other-phone")]; // the server already has hand 1 from another phone
  const sameNumber = async (url, options = {}) => {
    if ((options.method ?? "GET") !== "POST") throw new TypeError("offline"); // the undo waits for the next try
    const short = { id: start.id, hand: hands[0], scores: [0, 0], status: "playing", winner: null, next_dealer: 1,
      next_number: 2, revision: 2 };
    return new Response(JSON.stringify(short), { status: 200, headers: { "Preference-Applied": "return=minimal" } });
  };
  await outbox.add({ gameId: start.id, kind: "add", key: "k".repeat(22), body: { misdeal: true }, number: 1,
    handId: "mine" });
  await outbox.add({ gameId: start.id, kind: "delete", key: "k".repeat(22), number: 1, handId: "mine" });
  await outbox.drain(sameNumber);
  const [kept] = await outbox.entries(start.id);
  assert.equal(kept.handId, "other-phone");
});
