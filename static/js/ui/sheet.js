// Render a game (the API's JSON, or the engine's stateToDict of the same shape) into the markup of
// templates/games/_sheet.html: fill its data-slot elements and clone its <template> rows. No markup here.

import { PAIR } from "../engine.js";

const MINUS = "\u2212";
export const num = (n) => (n < 0 ? `${MINUS}${-n}` : String(n));
export const signed = (n) => (n > 0 ? `+${n}` : num(n));

// The sheet's words as the server has them (scorekeeper/sheet/rulewords.py words_json, in the page as #rule-words):
// the points' labels and the suits' signs.
let words;
const sheetWords = () => (words ??= JSON.parse(document.getElementById("rule-words").textContent));
export const suitSign = (suit) => sheetWords().suits[suit];

// How the sheet writes a bid: 6, moon, "5, all six tricks" when an all-tricks bid made, else 5.
export function bidLabel(hand, rules) {
  if (hand.bid === "moon") return "moon";
  if (rules.all_tricks_bid !== null && hand.bid === rules.all_tricks_bid && hand.made) return `${hand.bid}, all six tricks`;
  return String(hand.bid);
}

// The side that bid a hand: its index in the hand's `points` (where the dealer sits out, side 0 or 1).
export function biddingSide(hand, teamCount) {
  if (hand.sides) return hand.sides[0].includes(hand.bidder) ? 0 : 1;
  return hand.bidder % teamCount;
}

// The side a score column played for in a hand (its index in `points`); null for the dealer who sat out.
export function columnSide(hand, column) {
  if (!hand.sides) return column;
  const side = hand.sides.findIndex((seats) => seats.includes(column));
  return side === -1 ? null : side;
}

// The score columns of the side that bid: a team's, or where the dealer sits out the pair's two seats.
export function biddingColumns(hand, teamCount) {
  return hand.sides ? [...hand.sides[biddingSide(hand, teamCount)]] : [hand.bidder % teamCount];
}

// Who won a finished game: the team's name or players, or where the dealer sat out the winning pair.
export function winnerName(game) {
  if (game.winners?.length) return game.winners.map((seat) => game.players[seat]).join(PAIR);
  return game.teams[game.winner].name;
}

// The score columns that won (none while the game is played).
export function wonColumns(game) {
  if (game.status !== "finished") return [];
  return game.winners ? [...game.winners] : [game.winner];
}

// What came of a hand: made, set, misdeal; an all-tricks bid set says why: a missed point, or the tricks.
export function resultLabel(hand, rules, teamCount) {
  if (hand.misdeal) return "misdeal";
  if (hand.made) return "made";
  if (rules.all_tricks_bid === null || hand.bid !== rules.all_tricks_bid) return "set";
  const bidding = biddingSide(hand, teamCount);
  const missed = Object.entries(hand.captured ?? {})
    .filter(([, team]) => team !== null && team !== bidding)
    .map(([key]) => sheetWords().labels[key]);
  if (missed.length) return `set: missed ${missed.join(", ")}`;
  return hand.all_tricks === null || hand.all_tricks === undefined ? "set: not all tricks" : "set";
}

// In a game won only on a team's own bid, the teams past the target that have not won play on.
export function playsOn(game) {
  const { rules } = game;
  if (rules.end !== "bid_only" || game.status === "finished") return "";
  const past = game.teams.filter((_, team) => game.scores[team] >= rules.target).map((team) => team.name);
  if (!past.length) return "";
  if (past.length === 1) return `${past[0]} plays on: wins only on its own bid`;
  return `${past.join(" and ")} play on: each wins only on its own bid`;
}

// What undoing the last hand removes, as a question: "Remove hand 7: Bo bid 6, made?"
export function undoQuestion(game) {
  const hand = game.hands[game.hands.length - 1];
  if (hand.misdeal) return `Remove hand ${hand.number}: a misdeal?`;
  const bidder = game.players[hand.bidder];
  return `Remove hand ${hand.number}: ${bidder} bid ${bidLabel(hand, game.rules)}, ${resultLabel(hand, game.rules, game.teams.length)}?`;
}

export const slot = (root, name) => root.querySelector(`[data-slot="${name}"]`);

export function setText(root, name, text) {
  const node = slot(root, name);
  if (node && node.textContent !== text) node.textContent = text;
  return node;
}

// Highlight a number that just changed, briefly (CSS animation, no change of size).
export function flash(node) {
  node.classList.remove("changed");
  void node.offsetWidth;
  node.classList.add("changed");
  node.addEventListener("animationend", () => node.classList.remove("changed"), { once: true });
}

function fillRow(row, hand, game, before, editHref) {
  const misdeal = Boolean(hand.misdeal);
  const teamCount = game.teams.length;
  const bidding = misdeal ? [] : biddingColumns(hand, teamCount);
  const result = misdeal ? "misdeal" : hand.made ? "made" : "set";
  row.className = `hand ${result}`;
  row.id = `hand-${hand.number}`;
  setText(row, "number", String(hand.number));
  const edit = slot(row, "edit");
  if (edit) edit.href = editHref.replace(/\/0\/edit$/, `/${hand.number}/edit`);
  setText(row, "bidder", misdeal ? "" : game.players[hand.bidder]).title = misdeal ? "" : game.players[hand.bidder];
  setText(row, "bid", misdeal ? "" : bidLabel(hand, game.rules));
  const trump = misdeal ? null : hand.trump ?? null;
  const trumpNode = setText(row, "suit", trump ? suitSign(trump) : "").parentElement;
  setText(row, "suit-name", trump ?? "");
  trumpNode.hidden = !trump;
  trumpNode.classList.toggle("red", trump === "hearts" || trump === "diamonds");
  setText(row, "result", resultLabel(hand, game.rules, teamCount));
  setText(row, "dealer", game.players[hand.dealer]);
  setText(row, "dealer-no", String(hand.dealer + 1));
  setText(row, "bidder-no", misdeal ? "" : String(hand.bidder + 1));
  row.querySelectorAll("td.team").forEach((cell, team) => {
    const side = columnSide(hand, team);
    cell.classList.toggle("bidding", bidding.includes(team));
    cell.classList.toggle("out", side === null);
    slot(cell, "took").hidden = !(bidding.includes(team) && !hand.made);
    setText(cell, "took-n", side === null ? "" : String(hand.points[side]));
    setText(cell, "delta", misdeal ? "" : side === null ? "out" : signed(hand.delta[team]));
    const total = setText(cell, "total", num(hand.scores[team]));
    if (!before || before.scores[team] !== hand.scores[team]) flash(total);
  });
}

// Bring the sheet in `box` up to date with `game`; `previous` (the game as shown) marks what changed.
export function renderSheet(box, game, previous = null) {
  const finished = game.status === "finished";
  box.querySelectorAll(".board .side").forEach((side, team) => {
    const before = side.querySelector('[data-slot="score"]').textContent;
    const node = setText(side, "score", num(game.scores[team]));
    if (previous && before !== node.textContent) flash(node);
    side.classList.toggle("won", wonColumns(game).includes(team));
  });
  const next = slot(box, "next");
  next.hidden = finished;
  const players = game.players;
  setText(next, "dealer", players[game.next_dealer]);
  setText(next, "next-number", String(game.next_number));
  setText(next, "first", players[(game.next_dealer + 1) % players.length]);
  const past = setText(box, "plays-on", playsOn(game));
  if (past) past.hidden = !past.textContent;
  const banner = slot(box, "winner");
  banner.hidden = !finished;
  setText(banner, "winner-name", finished ? winnerName(game) : "");
  setText(banner, "reason", finished ? game.result.reason : "");
  const after = slot(box, "after-win");
  if (after) after.hidden = !finished;
  slot(box, "time").hidden = !game.time_called || finished;
  const rows = box.querySelector("[data-rows]");
  const template = document.getElementById("tpl-hand");
  game.hands.forEach((hand, index) => {
    let row = rows.rows[index];
    if (!row) row = rows.appendChild(template.content.firstElementChild.cloneNode(true));
    fillRow(row, hand, game, previous?.hands[index] ?? null, box.dataset.editHref);
  });
  while (rows.rows.length > game.hands.length) rows.lastElementChild.remove();
  slot(box, "empty").hidden = game.hands.length > 0;
}
