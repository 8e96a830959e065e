// Five at a table on the sheet (static/js/ui/sheet.js), over every case of tests/vectors/five-at-a-table.json scored by
// the browser engine: the bidding columns are the bidder's side, the dealer's column is out, the winners are the pair.
// Run with: node --import ./tests/js/rules.mjs --test tests/js/

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { PAIR } from "../../static/js/engine.js";
import { biddingColumns, biddingSide, columnSide, winnerName, wonColumns } from "../../static/js/ui/sheet.js";
import { runCase } from "./run_case.mjs";

const { cases } = JSON.parse(readFileSync(new URL("../vectors/five-at-a-table.json", import.meta.url), "utf8"));
const scored = cases.filter((testCase) => testCase.expect && testCase.players.length === 5);

for (const testCase of scored) {
  test(`sheet of five: ${testCase.name}`, () => {
    const game = runCase(testCase);
    assert.ok(!game.error, JSON.stringify(game.error));
    for (const hand of game.hands) {
      assert.equal(columnSide(hand, hand.dealer), null, "the dealer sat out");
      const seated = [...hand.sides[0], ...hand.sides[1]].sort();
      assert.deepEqual(seated, [0, 1, 2, 3, 4].filter((seat) => seat !== hand.dealer));
      for (const seat of seated) assert.equal(hand.sides[columnSide(hand, seat)].includes(seat), true);
      if (hand.misdeal) continue;
      const side = biddingSide(hand, game.teams.length);
      assert.deepEqual(biddingColumns(hand, game.teams.length), hand.sides[side]);
      assert.ok(hand.sides[side].includes(hand.bidder));
    }
    if (game.status === "finished") {
      assert.deepEqual(wonColumns(game), game.winners);
      const name = game.winners.map((seat) => game.players[seat]).join(PAIR);
      assert.equal(winnerName(game), name);
      assert.ok(game.result.reason.startsWith(name), game.result.reason);
    } else {
      assert.deepEqual(wonColumns(game), []);
    }
  });
}

test("the five-player cases are there", () => assert.ok(scored.length >= 30));
