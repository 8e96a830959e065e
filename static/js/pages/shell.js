// The offline game shell: the game page the service worker keeps for each variant (/shell/<variant>),
// rendered by the server for a game of nobody, with every control a game of that variant can need.
// fitShell makes it the page of one game from the phone's copy: its names, its house rules (bids, moon,
// all tricks, clock), its links. The sheet itself is then drawn by sheet.js as on any game page.

import { tableOf } from "../phone/core.js";
import { handTotal, houseRules } from "../engine.js";
import { summary } from "../phone/rulewords.js";

const $ = (selector, root = document) => root.querySelector(selector);
const $$ = (selector, root = document) => [...root.querySelectorAll(selector)];

// How the sheet states the target (scorekeeper/sheet/rulewords.py target_line, from the same words).
export function targetLine(game, words) {
  const names = game.teams.map((team) => team.name);
  const who = names.length <= 2 ? names.join(" and ") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
  return words.targets[game.rules.end].replace("{who}", who).replace("{target}", String(game.rules.target));
}

function setLabel(input, text) {
  const label = input.closest("label");
  const span = label && $$(":scope > span", label).at(-1);
  if (span) (span.querySelector(".vh") ?? span).textContent = text; // a cell under a name heading keeps it hidden
}

// As many of `nodes` (the shell's columns for its preset's count) as `count`: the last copied, the extra removed;
// `number(node, index)` renumbers a copy.
function fitCount(nodes, count, number) {
  for (let index = nodes.length; index < count; index += 1) {
    const copy = nodes.at(-1).cloneNode(true);
    number(copy, index);
    nodes.at(-1).after(copy);
    nodes.push(copy);
  }
  for (const node of nodes.splice(count)) node.remove();
}

// The sheet's columns and the bidders for the game's count of players (a shell is drawn for its preset's usual
// count: a game of five with the dealer sitting out, or of more players alone, has more).
function fitColumns(root, game) {
  const count = game.teams.length;
  fitCount($$(".board .side", root), count, (node, index) => {
    node.dataset.team = String(index);
    $(".side-no", node).textContent = String(index + 1);
  });
  fitCount($$("thead th.team", root), count, (node, index) => ($(".team-no", node).textContent = String(index + 1)));
  const row = $("#tpl-hand").content.firstElementChild;
  fitCount($$("td.team", row), count, () => {});
  fitCount($$('#f-bidder label.choice'), game.players.length, (node, index) => {
    $("input", node).value = String(index);
  });
}

// Where the dealer sits out: the line that names who does and the two sides (the hand form fills it per hand).
function fitSitOut(form, game, words) {
  if (!game.rules.sit_out || $('[data-slot="sits-out"]', form)) return;
  const line = document.createElement("p");
  line.className = "hint sits-out";
  line.dataset.slot = "sits-out";
  line.dataset.words = words.sits_out_line;
  $("#f-bidder legend", form).after(line);
}

function fitSheet(root, game) {
  const words = JSON.parse($("#rule-words").textContent);
  fitColumns(root, game);
  fitSitOut($("#hand-form"), game, words);
  const title = game.teams.map((team) => team.name).join(" v ");
  document.title = `${title} · Pitch`;
  $(".game-title", root).textContent = title;
  $$(".board .side-name", root).forEach((node, team) => (node.textContent = game.teams[team].name));
  $$("thead th.team .team-name", root).forEach((node, team) => {
    node.textContent = game.teams[team].name;
    node.title = game.teams[team].name;
  });
  const line = $(".rules-line", root);
  const time = $('[data-slot="time"]', line);
  while (line.firstChild && line.firstChild !== time) line.firstChild.remove();
  const clock = game.rules.time_limit_minutes ? ` · ${game.rules.time_limit_minutes}-minute clock` : "";
  line.insertBefore(document.createTextNode(`${targetLine(game, words)}${clock} `), time);
  $('[data-slot="rules-summary"]', root).textContent = summary(houseRules(game.variant, game.rules), words);
}

function fitLinks(root, game, key) {
  const id = encodeURIComponent(game.id);
  root.dataset.gameId = game.id;
  if (key) root.dataset.editKey = key;
  $("#sheet", root).dataset.editHref = `/games/${id}/hands/0/edit`;
  $('[data-action="undo"]', root).href = `/games/${id}/undo`;
  const time = $('[data-action="time"]', root);
  if (time) time.href = `/games/${id}/time`;
  $(".clock", root)?.toggleAttribute("hidden", !game.rules.time_limit_minutes);
  $("#hand-form").action = `/games/${id}/hands`;
  const share = $(".share-link a.url", root);
  share.href = share.textContent = game.share_url;
  const join = $(".co-scorer a.url", root);
  const joinUrl = key ? new URL(`/games/${id}/join#key=${key}`, location.origin).href : "";
  join.href = join.textContent = joinUrl;
  $(".qr-box", root).hidden = true; // the QR code is drawn by the server: it shows once online
}

function fitForm(form, game) {
  const { rules, players, teams } = game;
  $$('input[name="bidder"]', form).forEach((input) => setLabel(input, players[Number(input.value)]));
  for (const input of $$('input[name="bid"]', form)) {
    const bid = input.value === "moon" ? "moon" : Number(input.value);
    const allowed = bid === "moon" ? rules.moon !== null : bid >= rules.min_bid && bid <= rules.max_bid;
    if (!allowed) input.closest("label").remove();
  }
  const moonHint = $("#f-bid .hint", form);
  if (moonHint && !rules.moon) moonHint.remove();
  else if (moonHint) {
    const hole = rules.moon.not_in_hole ? " Not allowed while the bidders are in the hole (below 0)." : "";
    const { rules: played } = tableOf(game);
    const total = handTotal(played);
    const take = played.in_play === "dealt" ? `every point in play (all ${total} when all are dealt)` : `all ${total} points`;
    moonHint.textContent = `Moon: the bidders must take ${take}.${hole}`;
  }
  const allTricks = $("#f-all_tricks", form);
  if (allTricks && rules.all_tricks_bid === null) allTricks.remove();
  else if (allTricks) {
    $(".hint", allTricks).textContent =
      `Only for a bid of ${rules.all_tricks_bid}: it needs all four points and all six tricks.`;
  }
  for (const input of $$('input[name^="captured_"]', form)) {
    if (input.value !== "none") setLabel(input, teams[Number(input.value)].name);
  }
  for (const head of $$(".side-heads [data-head]", form)) head.textContent = teams[Number(head.dataset.head)]?.name ?? "";
  for (const row of $$("[data-side]", form)) {
    const name = teams[Number(row.dataset.side)]?.name ?? "";
    $("label", row).textContent = name;
    $('[data-step="-1"]', row).setAttribute("aria-label", `One point less for ${name}`);
    $('[data-step="1"]', row).setAttribute("aria-label", `One point more for ${name}`);
  }
}

// Make the shell in `root` the page of `game` (the game JSON), whose edit key is `key`.
export function fitShell(root, game, key) {
  fitSheet(root, game);
  fitLinks(root, game, key);
  fitForm($("#hand-form"), game);
}

// The worker sent the shell for a game this phone has no copy of.
export function missing(root) {
  $(".game-title", root).textContent = "This game is not on this phone";
  for (const node of root.children) if (!node.matches(".game-title, [data-slot=notice]")) node.hidden = true;
  const notice = $('[data-slot="notice"]', root);
  notice.textContent = "There is no connection, and this phone has no copy of this game. Open it again once the phone is online.";
  notice.hidden = false;
}
