// The outbox's requests (static/js/outbox.js): a game started in a group is created through the group's API
// on the group's key; any other create carries no key. And the sync line of a create the group refused asks
// for a decision. Run with: node --test tests/js/

import assert from "node:assert/strict";
import { test } from "node:test";

import { syncText } from "../../static/js/syncline.js";

globalThis.self ??= globalThis; // outbox.js is a plain script for pages and the worker: it sets self.PitchOutbox
await import("../../static/js/outbox.js");
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
