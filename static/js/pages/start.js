// The start page: show as many seats as the chosen game has, build house rules with a live summary and the
// engine's own refusals, remember names on this phone, create the game through store.js (id and edit key made
// here), and list the games on this phone.

import { CATALOGUE, PRESETS, RuleError, houseRules, makeTable } from "../engine.js";
import { fillEntry, localTimes } from "../ui/recent.js";
import { summary } from "../phone/rulewords.js";
import * as store from "../phone/store.js";

const NAMES = "pitch.names";
const $ = (selector, root = document) => root.querySelector(selector);
const words = JSON.parse(document.getElementById("rule-words").textContent);
const form = $("#start-form");
const seats = [...form.querySelectorAll(".seat")];
const teamInputs = [...form.querySelectorAll("#f-team_names input")];
const seatCount = $("#seat-count");
const EDITOR = [
  "custom_points", "in_play", "partners", "smudge", "target", "min_bid", "max_bid", "moon", "all_tricks_bid", "end", "clock",
  "all_pass", "forced_bid", "dealer_may_match", "trump_with_bid",
];
const MOONS = {
  off: null,
  "win-lose": { success: "win", failure: "lose", penalty: 10, not_in_hole: false },
  "win-minus": { success: "win", failure: "minus", penalty: 10, not_in_hole: false },
  "win-minus-hole": { success: "win", failure: "minus", penalty: 10, not_in_hole: true },
};

const chosen = () => PRESETS[form.elements.variant.value] ?? PRESETS["ten-point"]; // the engine's, as the server's

// The rules the answers make (the preset with the house rules), or the preset's while the house rules are refused;
// `five` false: without the dealer sitting out (the counts the game offers besides five).
function built(five = true) {
  try {
    const rules = rulesOf();
    if (rules && !five) delete rules.sit_out;
    return houseRules(form.elements.variant.value, rules && Object.keys(rules).length ? rules : null);
  } catch (error) {
    if (!(error instanceof RuleError)) throw error;
    return houseRules(form.elements.variant.value, null);
  }
}

const countsOf = (rules) => (rules.player_counts?.length ? rules.player_counts : [rules.players]);

// The point boxes show the chosen game's points until the table ticks "play with these points".
function showPresetPoints() {
  if (form.elements.custom_points.checked) return;
  const { points } = chosen();
  for (const key of CATALOGUE) {
    form.elements[`point_${key}`].checked = key in points;
    form.elements[`worth_${key}`].value = String(points[key] ?? words.usual[key]);
  }
}

// The seat-count choice offers the counts the game allows, keeping the one chosen when it still fits; a partnership
// game for four also offers five, the dealer sitting out (the sit_out box's own words, kept in step with it).
function fitCounts() {
  const rules = built(false);
  const counts = countsOf(rules);
  const fiveLabel = form.elements.sit_out.nextElementSibling.textContent;
  const five = rules.partners && counts.includes(4);
  if (!five) form.elements.sit_out.checked = false;
  const keep = form.elements.sit_out.checked ? 5 : Number(seatCount.value);
  const offered = [...counts].sort((a, b) => a - b).map((count) => new Option(`${count} players`, String(count)));
  if (five) offered.push(new Option(fiveLabel, "5"));
  seatCount.replaceChildren(...offered);
  seatCount.value = String(counts.includes(keep) || (five && keep === 5) ? keep : rules.players);
  $("#f-seat-count").hidden = offered.length === 1;
  return Number(seatCount.value);
}

// Seats, team labels, house-rule hints and the summary follow the game being built.
function fit() {
  const players = fitCounts();
  const rules = built();
  seats.forEach((seat, index) => {
    const off = index >= players;
    seat.hidden = off;
    $("input", seat).disabled = off;
  });
  const alone = !rules.partners;
  $("#f-team_names").hidden = alone || Boolean(rules.sit_out); // five: the sides change every hand
  teamInputs.forEach((input, team) => {
    const list = seats.slice(0, players).map((_, seat) => seat + 1).filter((seat) => (seat - 1) % 2 === team);
    $(`[data-slot="team-${team}"]`).textContent = `Seats ${list.slice(0, -1).join(", ")} and ${list[list.length - 1]}`;
  });
  $('[data-slot="seating"]').textContent = alone
    ? "Clockwise, starting with the first dealer. Everyone plays alone."
    : rules.sit_out
      ? "Clockwise, starting with the first dealer. Each hand the dealer sits out; the sides change with the deal."
      : "Clockwise, starting with the first dealer. Partners sit across the table.";
  const preset = chosen();
  for (const name of ["target", "min_bid", "max_bid"]) form.elements[name].placeholder = String(preset[name]);
  form.elements.clock.placeholder = String(preset.time_limit_minutes ?? 0);
  form.elements.forced_bid.placeholder = rules.forced_bid === null ? "" : String(rules.forced_bid);
  const redeal = form.elements.all_pass.value === "redeal"
    || (form.elements.all_pass.value === "" && rules.forced_bid === null && form.elements.forced_bid.value === "");
  $("#f-forced_bid").hidden = redeal;
  form.elements.forced_bid.disabled = redeal;
  $("#f-all_tricks_bid").hidden = preset.all_tricks_bid === null && form.elements.all_tricks_bid.value === "";
  form.classList.add("fitted");
}

// The editor's answers checked by the engine as they change: the summary of the game, or what is wrong.
function review() {
  clearErrors($("#house"));
  try {
    $('[data-slot="summary"]').textContent = summary(houseRules(form.elements.variant.value, rulesOf() ?? null), words);
  } catch (error) {
    if (!(error instanceof RuleError)) throw error;
    showError(error.field, error.message, false);
  }
}

function remembered() {
  try {
    return JSON.parse(localStorage.getItem(NAMES)) ?? {};
  } catch {
    return {};
  }
}

function fillNames() {
  const saved = remembered();
  seats.forEach((seat, index) => {
    const input = $("input", seat);
    if (!input.value && saved.players?.[index]) input.value = saved.players[index];
  });
  teamInputs.forEach((input, index) => {
    if (!input.value && saved.teams?.[index]) input.value = saved.teams[index];
  });
}

const whole = (text) => (/^[0-9]{1,9}$/.test(text.trim()) ? Number(text) : text.trim());

// The house rules the editor sets, as the API takes them (only those not left as the game says), or null.
function rulesOf() {
  const rules = {};
  const value = (name) => form.elements[name].value;
  if (form.elements.custom_points.checked) {
    rules.points = {};
    for (const key of CATALOGUE) {
      const worth = value(`worth_${key}`);
      if (form.elements[`point_${key}`].checked) rules.points[key] = worth.trim() === "" ? words.usual[key] : whole(worth);
    }
  }
  if (form.elements.sit_out.checked) rules.sit_out = "dealer";
  if (value("in_play")) rules.in_play = value("in_play");
  for (const name of ["partners", "smudge"]) if (value(name)) rules[name] = value(name) === "yes";
  for (const name of ["target", "min_bid", "max_bid"]) if (value(name).trim() !== "") rules[name] = whole(value(name));
  if (value("moon")) rules.moon = MOONS[value("moon")] ?? null;
  if (value("end")) rules.end = value("end");
  if (value("clock").trim() !== "") rules.time_limit_minutes = whole(value("clock")) || null;
  if (value("all_tricks_bid") === "off") rules.all_tricks_bid = null;
  for (const name of ["dealer_may_match", "trump_with_bid"]) if (value(name)) rules[name] = value(name) === "yes";
  allPass(rules, value);
  return Object.keys(rules).length ? rules : null;
}

// What happens when all pass, as the form's forced_bid_body says: dealt again, the dealer's bid written, or the
// lowest bid where the game would deal again (the number box is hidden while the hand is dealt again).
function allPass(rules, value) {
  const forced = value("forced_bid").trim();
  if (value("all_pass") === "redeal") rules.forced_bid = null;
  else if (forced !== "") rules.forced_bid = whole(forced);
  else if (value("all_pass") === "dealer" && chosen().forced_bid === null) rules.forced_bid = rules.min_bid ?? chosen().min_bid;
}

function body() {
  const rules = built();
  const players = seats.slice(0, Number(seatCount.value) || rules.players).map((seat) => $("input", seat).value.trim());
  const result = { variant: form.elements.variant.value, players };
  const teams = teamInputs.map((input) => input.value.trim());
  if (rules.partners && !rules.sit_out && teams.some(Boolean)) result.team_names = teams;
  const overrides = rulesOf();
  if (overrides) result.rules = overrides;
  return result;
}

function clearErrors(root = form) {
  for (const node of root.querySelectorAll("[data-error]")) {
    node.hidden = true;
    node.textContent = "";
    node.closest(".invalid")?.classList.remove("invalid");
  }
}

// Show a message at the field the server named (players, team_names, rules.target, ...).
function showError(field, message, focus = true) {
  const name = (field ?? "form").replace(/^rules\./, "").replace("time_limit_minutes", "clock");
  const node = $(`[data-error="${name}"]`, form) ?? $('[data-error="form"]', form);
  node.textContent = message;
  node.hidden = false;
  const box = node.closest("fieldset, .field");
  box?.classList.add("invalid");
  if (node.closest("details")) node.closest("details").open = true;
  if (focus) ($("input:not(:disabled), select", box ?? form) ?? node).focus();
}

// The request checked before it is sent: blank seats first, then the engine's own checks (the server's words).
function check(request) {
  const missing = request.players.findIndex((name) => !name);
  if (missing >= 0) return ["players", `Write a name for seat ${missing + 1}: this game is for ${request.players.length} players.`];
  const teams = request.team_names ?? [];
  if (teams.length && teams.some((name) => !name)) return ["team_names", "Name both teams, or leave both blank."];
  try {
    makeTable(request.variant, request.players, request.team_names ?? null, request.rules ?? null);
  } catch (error) {
    if (error instanceof RuleError) return [error.field, error.message];
    throw error;
  }
  return null;
}

// A point box or value touched means the table is choosing its own points.
function onEdit(event) {
  const name = event.target.name ?? "";
  if (name.startsWith("point_") || name.startsWith("worth_")) form.elements.custom_points.checked = true;
  if (name === "variant") {
    showPresetPoints();
    seatCount.value = ""; // a new game starts from its usual count
    form.elements.sit_out.checked = false;
  }
  if (name === "custom_points" && !event.target.checked) showPresetPoints();
  if (name === "variant" || name === "seat-count" || EDITOR.includes(name) || /^(point|worth)_/.test(name)) {
    fit();
    review();
  }
}

form.addEventListener("change", onEdit);
form.addEventListener("input", (event) => {
  if (event.target.type === "number") onEdit(event);
});
seatCount.addEventListener("change", () => {
  form.elements.sit_out.checked = seatCount.value === "5" && !countsOf(built(false)).includes(5);
  fit();
  review();
});

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  clearErrors();
  const request = body();
  const problem = check(request);
  if (problem) return showError(...problem);
  const button = $('button[type="submit"]', form);
  button.disabled = true;
  try {
    const game = await store.createGame(request);
    localStorage.setItem(NAMES, JSON.stringify({
      players: seats.map((seat, index) => request.players[index] ?? remembered().players?.[index] ?? ""),
      teams: teamInputs.map((input) => input.value.trim()),
    }));
    await store.joinSession(game.id, game.edit_key, form.elements.csrf_token.value);
    location.assign(`/games/${game.id}`);
  } catch (error) {
    button.disabled = false;
    showError(error.field, error.message);
  }
});

// Games on this phone: the server lists those its session knows; add the ones only this phone's storage has.
async function listRecent() {
  const list = $("#recent-list");
  localTimes(list);
  const shown = new Set([...list.children].map((item) => item.dataset.id));
  const template = $("#tpl-recent");
  for (const game of await store.recentGames()) {
    if (shown.has(game.id)) continue;
    const item = template.content.firstElementChild.cloneNode(true);
    fillEntry(item, { ...game, updated: game.updated || Date.now() });
    list.append(item);
  }
  list.closest("section").hidden = list.children.length === 0;
}

fillNames();
showPresetPoints();
fit();
review();
listRecent();
