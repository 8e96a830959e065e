// Every write a page makes goes through here: create a game, add, replace or delete a hand, call time.
// Each request carries an id made on the phone (the hand's id; the game's id and edit key), so sending
// it twice changes nothing. The interface is small and promise-based on purpose: a later version puts
// the same calls behind an offline outbox without the pages noticing.

const KEYS = "pitch.keys"; // {gameId: editKey}
const GAMES = "pitch.games"; // {gameId: {teams, scores, status, updated}}
const gameKey = (id) => `pitch.game.${id}`; // the last game JSON seen on this phone

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

// The game as last seen on this phone, or null.
export const localGame = (gameId) => read(gameKey(gameId), null);

// Keep a game's JSON on the phone and list it among the games on this phone.
export function remember(game) {
  write(gameKey(game.id), game);
  const games = read(GAMES, {});
  games[game.id] = {
    teams: game.teams.map((team) => team.name), scores: game.scores, status: game.status, updated: Date.now(),
  };
  write(GAMES, games);
}

// The games on this phone, most recently changed first: [{id, teams, scores, status}].
export function recentGames() {
  return Object.entries(read(GAMES, {}))
    .map(([id, item]) => ({ id, ...item }))
    .sort((a, b) => b.updated - a.updated);
}

async function send(method, path, body, key) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (key) headers.Authorization = `Bearer ${key}`;
  let response;
  try {
    response = await fetch(path, {
      method, headers, body: body === undefined ? undefined : JSON.stringify(body), keepalive: true,
    });
  } catch {
    throw new StoreError("No connection, so nothing was saved. Try again when the phone is back online.");
  }
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    throw new StoreError(data?.error ?? `The server answered ${response.status}.`, response.status, data?.field ?? null);
  }
  return data;
}

async function writeGame(method, gameId, path, body) {
  const game = await send(method, `/api/games/${encodeURIComponent(gameId)}${path}`, body, editKey(gameId));
  remember(game);
  return game;
}

// Create a game with an id and edit key made here; resolves to the game (with edit_key).
export async function createGame(body) {
  const game = await send("POST", "/api/games", { id: token(), edit_key: token(), ...body });
  rememberKey(game.id, game.edit_key);
  remember(game);
  return game;
}

// Record the next hand; `hand.id` is made here when missing, so a repeat records it once.
export function addHand(gameId, hand) {
  return writeGame("POST", gameId, "/hands", { ...hand, id: hand.id || handId() });
}

export function replaceHand(gameId, number, hand) {
  return writeGame("PUT", gameId, `/hands/${number}`, hand);
}

// Remove hand `number` only while it is still the hand `id`: a repeat removes nothing more.
export function deleteHand(gameId, number, id) {
  return writeGame("DELETE", gameId, `/hands/${number}?id=${encodeURIComponent(id)}`);
}

export function callTime(gameId, body = {}) {
  return writeGame("POST", gameId, "/time", body);
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
