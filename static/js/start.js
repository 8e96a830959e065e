// The start page: show as many seats as the chosen game has, remember names on this phone, create the
// game through store.js (id and edit key made here), and list the games on this phone.

const NAMES = "pitch.names";
const $ = (selector, root = document) => root.querySelector(selector);
const json = (id) => JSON.parse(document.getElementById(id).textContent);
const store = await import(json("assets").store);
const presets = json("presets");
const form = $("#start-form");
const seats = [...form.querySelectorAll(".seat")];
const teamInputs = [...form.querySelectorAll("#f-team_names input")];
const MOONS = {
  off: null,
  "win-lose": { success: "win", failure: "lose", penalty: 10, not_in_hole: false },
  "win-minus": { success: "win", failure: "minus", penalty: 10, not_in_hole: false },
  "win-minus-hole": { success: "win", failure: "minus", penalty: 10, not_in_hole: true },
};

const chosen = () => presets[form.elements.variant.value] ?? presets["ten-point"];

function seatsOf(team, preset) {
  return seats.slice(0, preset.players).map((_, seat) => seat + 1).filter((seat) => (seat - 1) % preset.teams === team);
}

// Seats, team labels and house-rule hints follow the chosen game.
function fit() {
  const preset = chosen();
  seats.forEach((seat, index) => {
    const off = index >= preset.players;
    seat.hidden = off;
    $("input", seat).disabled = off;
  });
  const alone = preset.teams > 2;
  $("#f-team_names").hidden = alone;
  teamInputs.forEach((input, team) => {
    const list = seatsOf(team, preset);
    $(`[data-slot="team-${team}"]`).textContent = `Seats ${list.slice(0, -1).join(", ")} and ${list[list.length - 1]}`;
  });
  $('[data-slot="seating"]').textContent = alone
    ? "Clockwise, starting with the first dealer. Everyone plays alone."
    : "Clockwise, starting with the first dealer. Partners sit across the table.";
  for (const name of ["target", "min_bid", "max_bid"]) form.elements[name].placeholder = String(preset[name]);
  form.elements.clock.placeholder = String(preset.time_limit_minutes ?? 0);
  $("#f-moon").hidden = preset.moon === null && form.elements.moon.value === "";
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

function body() {
  const preset = chosen();
  const players = seats.slice(0, preset.players).map((seat) => $("input", seat).value.trim());
  const result = { variant: form.elements.variant.value, players };
  const teams = teamInputs.map((input) => input.value.trim());
  if (preset.teams === 2 && teams.some(Boolean)) result.team_names = teams;
  const rules = {};
  for (const name of ["target", "min_bid", "max_bid"]) {
    if (form.elements[name].value !== "") rules[name] = Number(form.elements[name].value);
  }
  const moon = form.elements.moon.value;
  if (moon) rules.moon = MOONS[moon] ?? null;
  if (form.elements.end.value) rules.end = form.elements.end.value;
  if (form.elements.clock.value !== "") rules.time_limit_minutes = Number(form.elements.clock.value) || null;
  if (Object.keys(rules).length) result.rules = rules;
  return result;
}

function clearErrors() {
  for (const node of form.querySelectorAll("[data-error]")) {
    node.hidden = true;
    node.textContent = "";
    node.closest(".invalid")?.classList.remove("invalid");
  }
}

// Show a message at the field the server named (players, team_names, rules.target, ...).
function showError(field, message) {
  const name = (field ?? "form").replace(/^rules\./, "").replace("time_limit_minutes", "clock").replace("forced_bid", "min_bid");
  const node = $(`[data-error="${name}"]`, form) ?? $('[data-error="form"]', form);
  node.textContent = message;
  node.hidden = false;
  const box = node.closest("fieldset, .field");
  box?.classList.add("invalid");
  if (node.closest("details")) node.closest("details").open = true;
  ($("input:not(:disabled), select", box ?? form) ?? node).focus();
}

function check(request) {
  const preset = chosen();
  const missing = request.players.findIndex((name) => !name);
  if (missing >= 0) return ["players", `Write a name for seat ${missing + 1}: this game is for ${preset.players} players.`];
  const teams = request.team_names ?? [];
  if (teams.length && teams.some((name) => !name)) return ["team_names", "Name both teams, or leave both blank."];
  return null;
}

form.addEventListener("change", (event) => {
  if (event.target.name === "variant" || event.target.name === "moon") fit();
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
function listRecent() {
  const list = $("#recent-list");
  const shown = new Set([...list.children].map((item) => item.dataset.id));
  const template = $("#tpl-recent");
  for (const game of store.recentGames()) {
    if (shown.has(game.id)) continue;
    const item = template.content.firstElementChild.cloneNode(true);
    item.dataset.id = game.id;
    $("a", item).href = `/games/${encodeURIComponent(game.id)}`;
    $(".recent-teams", item).textContent = game.teams.join(" v ");
    const score = game.scores.map((n) => (n < 0 ? `\u2212${-n}` : String(n))).join("\u2013");
    $(".recent-score", item).textContent = game.status === "finished" ? `${score} · over` : score;
    list.append(item);
  }
  $("#recent-empty").hidden = list.children.length > 0;
}

fillNames();
fit();
listRecent();
