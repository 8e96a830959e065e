// Keep a scorer's game page in step with the other phones of the table: poll the game's API address with
// If-None-Match, as the share page polls its fragment (poller.js): a 304 costs a few hundred bytes and
// loads no hand on the server. A new game is kept as the phone's copy of the server's (store.seen); the
// page shows that copy with this phone's waiting writes on top (core.js), so a poll never drops a hand
// this phone has not sent yet. Each poll runs under the outbox's lock, so an older answer never lands
// after a newer one the outbox kept. Paused while the page is hidden; polls at once when it shows.

import * as store from "../phone/store.js";

const LOCK = "pitch-outbox"; // outbox.js: one sender at a time across tabs and the worker
const TIMEOUT = 8000;

// Run `work` under the outbox's lock where the browser has Web Locks.
const locked = (work) => (navigator.locks?.request ? navigator.locks.request(LOCK, work) : work());

export class GameSync {
  // `changed(game)` runs after a poll brought a new game (kept on the phone already).
  constructor(gameId, { etag = "", period = 3000, changed }) {
    Object.assign(this, { gameId, etag, period, changed, timer: 0, failures: 0, running: null });
  }

  start() {
    document.addEventListener("visibilitychange", () => {
      clearTimeout(this.timer);
      if (!document.hidden) this.check();
    });
    this.schedule();
  }

  schedule() {
    clearTimeout(this.timer);
    if (document.hidden) return;
    this.timer = setTimeout(() => this.check(), this.period * Math.min(2 ** this.failures, 10));
  }

  // Ask the server once (a poll already on its way is joined); resolves to the new game, or null when
  // nothing changed or the server cannot be reached.
  check() {
    this.running ??= this.once().finally(() => {
      this.running = null;
      this.schedule();
    });
    return this.running;
  }

  async once() {
    let game = null;
    try {
      game = await locked(() => this.fetch());
      this.failures = 0;
    } catch {
      this.failures += 1; // no connection: ask again later, less often
      return null;
    }
    if (game) await this.changed(game);
    return game;
  }

  async fetch() {
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), TIMEOUT);
    try {
      const response = await fetch(`/api/games/${encodeURIComponent(this.gameId)}`, {
        headers: { Accept: "application/json", ...(this.etag ? { "If-None-Match": this.etag } : {}) },
        cache: "no-store", credentials: "same-origin", signal: abort.signal,
      });
      if (response.status === 304) return null;
      if (!response.ok) throw new Error(`The server answered ${response.status}.`);
      const game = await response.json();
      this.etag = response.headers.get("ETag") || "";
      await store.seen(game);
      return game;
    } finally {
      clearTimeout(timer);
    }
  }
}
