// Every write a page makes goes through here: create a game, add, replace or delete a hand, call time.
// A write goes into the outbox (outbox.js: IndexedDB, kept until the server confirms it) and is sent from
// there at once, or when the connection comes back (page load, the online event, Background Sync, a
// timer). Each carries an id made on the phone (the hand's id; the game's id and edit key), so sending it
// twice changes nothing. Pages show the game as the server last sent it with the waiting writes on top
// (core.js), and hear of every change through subscribe(). The phone keeps one copy of each game: the
// outbox's IndexedDB (localStorage holds only the edit keys).

import { phoneGame } from "./core.js";
import "./outboxstore.js";
import "./outbox.js";

const outbox = globalThis.PitchOutbox;
const KEYS = "pitch.keys"; // {gameId: editKey}
const OLD_GAMES = "pitch.games"; // before IndexedDB held the games: {gameId: {...}}, and pitch.game.<id>

export class StoreError extends Error {
  constructor(message, status = 0, field = null) {
    super(message);
    this.status = status;
    this.field = field;
  }
}

function read(name, fallback) {
  try {
    return JSON.parse(localStorage.getItem(name)) ?? fallback;
  } catch {
    return fallback;
  }
}

function write(name, value) {
  try {
    localStorage.setItem(name, JSON.stringify(value));
  } catch {
    // Storage full or refused (private mode): the server still has the game.
  }
}

// 128 random bits as 22 URL-safe characters: a game id or an edit key made on the phone.
export function token() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

// A random UUID for a hand (crypto.randomUUID exists only on https and localhost).
export function handId() {
  if (crypto.randomUUID) return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 15) | 64;
  b[8] = (b[8] & 63) | 128;
  const hex = [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const editKey = (gameId) => read(KEYS, {})[gameId] ?? null;

export function rememberKey(gameId, key) {
  if (!key) return;
  write(KEYS, { ...read(KEYS, {}), [gameId]: key });
}

// Games a phone kept in localStorage before IndexedDB held them: moved there once, then removed.
async function moveOldGames() {
  const ids = Object.keys(read(OLD_GAMES, {}));
  for (const id of ids) {
    const game = read(`pitch.game.${id}`, null);
    if (game && !(await outbox.getGame(id))) await outbox.putGame(id, { variant: game.variant, server: game });
    localStorage.removeItem(`pitch.game.${id}`);
  }
  if (ids.length) localStorage.removeItem(OLD_GAMES);
}

// The games on this phone, most recently changed first: [{id, teams, scores, status}], each as the
// phone has it (the server's copy with this phone's waiting writes).
export async function recentGames() {
  await moveOldGames().catch(() => {});
  const [records, entries] = await Promise.all([outbox.allGames(), outbox.entries()]);
  const games = records.map((record) => {
    const mine = entries.filter((entry) => entry.gameId === record.id);
    const { game } = phoneGame({ ...record, entries: mine }, location.origin);
    const updated = Math.max(record.updated ?? 0, ...mine.map(outbox.queuedAt));
    return game && { id: record.id, teams: game.teams.map((team) => team.name), scores: game.scores, status: game.status, updated };
  });
  return games.filter(Boolean).sort((a, b) => b.updated - a.updated);
}

// ---- The outbox.

let asked = false;
// Ask once to keep this site's storage when space runs low, so a game in progress is not evicted.
function keepStorage() {
  if (asked) return;
  asked = true;
  navigator.storage?.persisted?.().then((kept) => kept || navigator.storage.persist()).catch(() => {});
}

// Where the browser has Background Sync (Chromium), the worker sends the outbox once the connection is
// back, even with the page closed. Elsewhere the page does it (load, online, timer).
function syncLater() {
  navigator.serviceWorker?.getRegistration?.()
    .then((registration) => registration?.sync?.register("outbox"))
    .catch(() => {});
}

async function queue(entry, send = true) {
  let stored;
  try {
    stored = await outbox.add(entry);
  } catch {
    throw new StoreError("This phone could not keep the change (its storage refused it), so nothing was saved.");
  }
  keepStorage();
  syncLater();
  if (send) flush();
  return stored;
}

// Send whatever waits, now. Resolves to {sent, offline, held}.
export const flush = () => outbox.flush();

// Call `listener(message)` whenever any outbox or stored game changes (this tab, another, the worker).
export const subscribe = (listener) => outbox.subscribe(listener);

// Whether writes survive a closed page here (IndexedDB), or only live in this page's memory.
export const durable = () => outbox.durable();

// What this phone holds of a game: {server: the last game JSON the server sent (or null), setup: the
// create body while the server does not have the game, entries: its writes not yet confirmed, in order}.
export async function gameRecord(gameId) {
  const [record, entries] = await Promise.all([outbox.getGame(gameId), outbox.entries(gameId)]);
  return { server: record?.server ?? null, setup: record?.setup ?? null, variant: record?.variant ?? null, entries };
}

// The game as the server just sent it (a page it rendered, or a GET): keep it as the phone's copy.
export function seen(game) {
  return outbox.putGame(game.id, { variant: game.variant, server: game }).catch(() => null);
}

// Create a game with an id and edit key made here. Resolves to the server's game (with edit_key) when
// it answers at once, else to {id, edit_key, variant, pending: true}: the game lives on this phone
// until the connection is back. `group` ({id, key}): the game is started in that group, on its key.
export async function createGame(body, group = null) {
  const setup = { id: token(), edit_key: token(), ...body };
  rememberKey(setup.id, setup.edit_key);
  try {
    await outbox.putGame(setup.id, { variant: setup.variant, setup });
  } catch {
    throw new StoreError("This phone could not keep the new game (its storage refused it).");
  }
  const create = group
    ? { gameId: setup.id, kind: "create", key: group.key, group: group.id, body: setup }
    : { gameId: setup.id, kind: "create", key: setup.edit_key, body: setup };
  const entry = await queue(create, false);
  await flush();
  const { server, entries } = await gameRecord(setup.id);
  const refused = entries.find((item) => item.seq === entry.seq)?.problem;
  if (refused) {
    await outbox.remove(entry.seq);
    throw new StoreError(refused.error, refused.status, refused.field);
  }
  return server ? { ...server, edit_key: setup.edit_key } : { id: setup.id, edit_key: setup.edit_key, variant: setup.variant, pending: true };
}

const gameWrite = (kind, gameId, fields) => queue({ gameId, kind, key: editKey(gameId), ...fields });

// Record the next hand as hand `number`; `hand.id` is made here when missing, so a repeat records it once.
export function addHand(gameId, hand, number = hand.number) {
  const { id, number: _, ...body } = hand;
  return gameWrite("add", gameId, { handId: id || handId(), number, body });
}

// Replace hand `number` (the hand `id` there now) with `hand`.
export function replaceHand(gameId, number, hand) {
  const { id, number: _, ...body } = hand;
  return gameWrite("replace", gameId, { handId: id ?? null, number, body });
}

// Remove hand `number` only while it is still the hand `id`: a repeat removes nothing more.
export function deleteHand(gameId, number, id) {
  return gameWrite("delete", gameId, { handId: id, number });
}

export function callTime(gameId, body = {}) {
  return gameWrite("time", gameId, { body });
}

// ---- A write the server refused (another phone logged that hand first, the game is over, ...).

// The scorer's answer to a refused hand: "theirs" keeps the server's hand and drops this phone's,
// "mine" puts this phone's hand in its place, "both" adds this phone's hand after the server's hands.
// Later writes of the game follow: their hand numbers and ids are moved to match. Then it is all sent.
// A game the group refused (its key, a name) is kept whatever the choice: it is created on its own, as
// on the start page, and its hands follow it (it can be added to the group later, with both keys).
export async function resolve(seq, choice) {
  const entries = await outbox.entries();
  const entry = entries.find((item) => item.seq === seq);
  if (!entry) return flush();
  if (entry.kind === "create" && entry.group) {
    await outbox.update({ ...entry, group: null, key: entry.body.edit_key, problem: null });
    outbox.announce({ type: "changed", games: [entry.gameId] });
    return flush();
  }
  const later = entries.filter((item) => item.gameId === entry.gameId && item.seq > seq);
  const server = entry.problem?.server ?? null;
  const theirs = server?.hands?.[entry.number - 1] ?? null;
  if (choice === "theirs" || !server) {
    await outbox.remove(seq);
    for (const item of later) if (entry.handId && item.handId === entry.handId) await outbox.remove(item.seq);
  } else if (choice === "mine") {
    await outbox.update({ ...entry, kind: "replace", handId: theirs?.id ?? null, problem: null });
    for (const item of later) if (item.handId === entry.handId) await outbox.update({ ...item, handId: theirs?.id ?? null });
  } else if (choice === "both") {
    const shift = server.next_number - entry.number;
    await outbox.update({ ...entry, number: server.next_number, problem: null });
    for (const item of later) if (item.number >= entry.number) await outbox.update({ ...item, number: item.number + shift });
  }
  outbox.announce({ type: "changed", games: [entry.gameId] });
  return flush();
}

// Let this browser's session hold the key too, so the server renders the sheet ready to edit.
export async function joinSession(gameId, key, csrfToken) {
  const form = new URLSearchParams({ key, csrf_token: csrfToken });
  try {
    const response = await fetch(`/games/${encodeURIComponent(gameId)}/join`, { method: "POST", body: form });
    return response.ok;
  } catch {
    return false;
  }
}

// A phone that holds the key (localStorage) but whose session does not: hand the key to the session,
// once per tab. Resolves to whether the session took it.
export async function rejoin(gameId, csrfToken) {
  const key = editKey(gameId);
  const once = `pitch.rejoined.${gameId}`;
  if (!key || sessionStorage.getItem(once)) return false;
  sessionStorage.setItem(once, "1");
  return joinSession(gameId, key, csrfToken);
}

// ---- The edit key changed (on this phone, or on another one and this phone joined again with the new key).

// Hold `key` for the game and send its waiting writes with it: those refused because their key was
// replaced go again. Resolves once the outbox holds the new key.
export async function adoptKey(gameId, key) {
  if (!key) return;
  rememberKey(gameId, key);
  const stale = (await outbox.entries(gameId)).filter((entry) => entry.kind !== "create" && entry.key !== key);
  for (const entry of stale) {
    const problem = entry.problem?.code === "key_replaced" ? null : entry.problem;
    await outbox.update({ ...entry, key, problem });
  }
  if (stale.length) outbox.announce({ type: "changed", games: [gameId] });
}

// Change the game's edit key (the page's CSRF form, with a key made here, so the session and this phone
// hold the same new key). Resolves to true once the server has changed it.
export async function changeKey(gameId, csrfToken) {
  const key = token();
  const form = new URLSearchParams({ new_key: key, csrf_token: csrfToken });
  let response;
  try {
    response = await fetch(`/games/${encodeURIComponent(gameId)}/key`, { method: "POST", body: form });
  } catch {
    throw new StoreError("Changing the edit key needs a connection. Try again when this phone is online.");
  }
  if (!response.ok || !response.redirected) {
    throw new StoreError("The server did not change the key. Reload the page and try again.", response.status);
  }
  await adoptKey(gameId, key);
  return true;
}
