// The group's start page with scripts: the game is made on this phone (its id and edit key, as on the start
// page, through store.js), its page opens at once, and its create goes through the outbox to
// POST /api/groups/<id>/games on the group's key, now or when the connection is back. With no signal the
// service worker answers with this page's offline shell (data-shell), filled here from what this phone kept
// of the group (groupkeys.js). Without the group's key on this phone the form posts as it does without scripts.

import { RuleError, makeTable } from "../engine.js";
import { groupKey, groupOf, rememberGroup, rememberGroupKey } from "../ui/groupkeys.js";
import * as store from "../phone/store.js";

const $ = (selector, root = document) => root.querySelector(selector);
const form = document.getElementById("group-start-form");
const shell = form.dataset.shell === "true";
const groupId = shell ? decodeURIComponent(location.pathname.split("/")[2] ?? "") : form.dataset.groupId;
const seats = [...form.querySelectorAll('input[id^="seats-"]')];
const problem = $("#start-error");

// What the server's page offers: kept for the offline shell.
function offered() {
  return {
    name: $('[data-slot="group-name"]').textContent,
    people: [...form.querySelectorAll("#roster option")].map((option) => option.value),
    variant: form.elements.variant.value,
    seats: seats.map((input) => input.value.trim()),
  };
}

// The offline shell made the page of this group, from what this phone kept of it.
function fill(group) {
  for (const node of document.querySelectorAll('[data-slot="group-name"]')) node.textContent = group.name;
  document.title = `New game · ${group.name} · Pitch Scorekeeper`;
  const id = encodeURIComponent(groupId);
  form.action = `/g/${id}/start`;
  $('[data-slot="group-link"]').href = `/g/${id}`;
  $("#roster").replaceChildren(...group.people.map((name) => new Option("", name)));
  if ([...form.elements.variant.options].some((option) => option.value === group.variant)) {
    form.elements.variant.value = group.variant;
  }
  seats.forEach((input, seat) => (input.value = group.seats[seat] ?? ""));
}

// The shell for a group whose key this phone does not hold (or that it never opened).
function missing() {
  $("h1").textContent = "This group is not on this phone";
  for (const node of $("#group-start").children) if (!node.matches("h1")) node.hidden = true;
  problem.textContent = "There is no connection, and this phone cannot start a game in this group: open the "
    + "group's start page once while online, on the phone that holds the group's key.";
  problem.hidden = false;
}

function say(message) {
  problem.textContent = message;
  problem.hidden = !message;
  if (message) problem.scrollIntoView({ block: "nearest" });
}

// The request, or the reason it would be refused (the engine's words, as the server's).
function request() {
  const players = seats.map((input) => input.value.trim()).filter(Boolean);
  const variant = form.elements.variant.value;
  const rules = form.elements.sit_out.checked ? { sit_out: "dealer" } : null; // five, the dealer sitting out
  try {
    makeTable(variant, players, null, rules);
  } catch (error) {
    if (error instanceof RuleError) return { error: error.message };
    throw error;
  }
  return { body: { variant, players, ...(rules ? { rules } : {}) } };
}

async function start(event, key) {
  event.preventDefault();
  const { body, error } = request();
  say(error ?? "");
  if (error) return;
  const button = $('button[type="submit"]', form);
  button.disabled = true;
  try {
    const game = await store.createGame(body, { id: groupId, key });
    await store.joinSession(game.id, game.edit_key, form.elements.csrf_token.value);
    location.assign(`/games/${encodeURIComponent(game.id)}`);
  } catch (failure) {
    button.disabled = false;
    say(failure.message);
  }
}

function main() {
  if (!shell) {
    rememberGroupKey(groupId, form.dataset.groupKey);
    if (!problem.textContent) rememberGroup(groupId, offered()); // a page the server refused shows what was typed
  }
  const key = groupKey(groupId);
  const kept = groupOf(groupId);
  if (shell && (!key || !kept)) return missing();
  if (shell) fill(kept);
  if (key) form.addEventListener("submit", (event) => start(event, key));
}

main();
