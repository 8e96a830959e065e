// The game page: the hand form in a dialog, saves through store.js, and the sheet re-rendered from the
// game JSON: first the engine's own scoring (so a save shows at once), then the server's answer.
// Offline-first: what the page shows is the phone's game (core.js: the server's last copy with this
// phone's waiting writes on top), so the sheet, totals and winner are right with no connection. A page
// from the worker's offline shell (data-shell) has no game in it: it is filled from the phone's copy.
// Co-scorers stay in step: the page polls the game (gamesync.js) and catches up before the hand form
// opens and before an undo, which removes only the last hand the server has.

import { ask } from "../ui/confirm.js";
import { handsOf, phoneGame, tableOf } from "../phone/core.js";
import { score } from "../engine.js";
import { GameSync } from "../ui/gamesync.js";
import { soon, writes } from "../ui/gamewrites.js";
import { HandDialog } from "../ui/handdialog.js";
import { changeKey } from "../ui/keychange.js";
import { num, renderSheet, setText, winnerName } from "../ui/sheet.js";
import * as store from "../phone/store.js";
import { syncText } from "../phone/syncline.js";
import { WakeLock } from "../ui/wakelock.js";

const $ = (selector, root = document) => root.querySelector(selector);

class GamePage {
  constructor(root, game) {
    this.root = root;
    this.game = game;
    this.gameId = game.id;
    this.key = root.dataset.editKey;
    this.box = $("#sheet", root);
    this.ask = $("#confirm-dialog");
    this.notice = $('[data-slot="notice"]', root);
    this.syncLine = $('[data-slot="sync"]', root);
    this.table = tableOf(game);
    this.waiting = 0; // writes of this game in the outbox, as last read from it
    this.writing = 0; // writes on their way into the outbox
    this.retryAt = 0; // the server asked to wait until then (429)
    this.durable = true;
    this.dialog = new HandDialog(this); // the form's code loads when it first opens
    this.clock = { show() {} }; // a game without a time limit has no clock: gameclock.js loads only for one
    if (game.clock) {
      import("../ui/gameclock.js").then(({ GameClock }) => {
        const timeUp = $('[data-slot="time-up"]', root);
        this.clock = new GameClock($('[data-slot="clock"]', root), Boolean(root.dataset.shell), timeUp);
        this.clock.show(this.game);
      });
    }
    this.sync = new GameSync(this.gameId, {
      etag: root.dataset.etag ?? "", period: Number(root.dataset.pollSeconds || 3) * 1000, changed: () => this.refresh(),
    });
    this.conflict = null; // the screen for a refused write: conflict.js, loaded the first time one is refused
    this.wire();
    this.dialog.follow();
    new WakeLock($('[data-slot="awake"]', root)).start();
    const won = $('[data-slot="after-win"]', root);
    won?.addEventListener("click", async (event) => {
      const action = event.target.closest("button")?.dataset.action;
      if (action) (await import("../ui/winner.js")).act(action, won, this.game); // loaded only once a game is won
    });
  }

  // Writes not yet confirmed by the server (the outbox's, and those on their way into it).
  get pending() {
    return this.waiting + this.writing;
  }

  async start(fromServer) {
    await store.adoptKey(this.gameId, this.key); // a key newer than the waiting writes' (joined again): they go with it
    if (fromServer) await store.seen(this.game);
    this.durable = await store.durable();
    store.subscribe((message) => {
      if (message.type === "drained") this.retryAt = message.retryAt ?? 0;
      this.refresh();
    });
    const again = () => this.online();
    window.addEventListener("online", again);
    window.addEventListener("pageshow", (event) => event.persisted && again());
    document.addEventListener("visibilitychange", () => document.hidden || again());
    if (!fromServer) this.show(this.game); // the shell's sheet is empty until now
    this.clock.show(this.game);
    await this.refresh();
    await this.online();
    this.sync.start();
  }

  // Send what waits; then, if nothing does, ask the server for the game (another phone may have changed it).
  async online() {
    const result = await store.flush();
    this.retryAt = result.retryAt ?? 0;
    if (!result.offline && !result.held) await this.sync.check(); // refreshes the page if the game changed
  }

  // Show the game as this phone knows it now, the waiting writes and any refused one.
  async refresh() {
    if (this.writing) return;
    const record = await store.gameRecord(this.gameId);
    if (!this.writing) this.apply(record);
  }

  apply(record) {
    const { game, refused, entries } = phoneGame(record, location.origin);
    if (game && JSON.stringify(game) !== JSON.stringify(this.game)) this.show(game);
    this.waiting = entries.length;
    const text = syncText(entries, refused, { durable: this.durable, retryAt: this.retryAt });
    if (this.syncLine && this.syncLine.textContent !== text) this.syncLine.textContent = text; // a status: say it once
    this.syncLine?.classList.toggle("waiting", entries.length > 0);
    const replaced = refused?.problem?.code === "key_replaced" && refused.kind !== "create"; // a group's key: asks
    const staleUndo = refused?.kind === "delete" && refused.problem.status === 409;
    if (staleUndo) this.dropUndo(refused);
    this.settle(replaced || staleUndo ? null : refused, entries); // no choice to make: the line says what to do
  }

  // Show the conflict screen for a refused write, or close it when there is none.
  async settle(refused, entries) {
    if (!refused && !this.conflict) return;
    if (!this.conflict) {
      const { ConflictScreen } = await import("../ui/conflict.js");
      this.conflict ??= new ConflictScreen($("#conflict-dialog"), {
        choose: async (seq, choice) => {
          await store.resolve(seq, choice);
          await this.refresh();
        },
        opening: () => this.dialog.close(),
        confirm: (question, yes, no) => ask(this.ask, question, yes, no),
      });
    }
    this.conflict.show(refused, entries);
  }

  // An undo the server refused because another phone logged a hand since: drop it and say so.
  dropUndo(entry) {
    if (this.dropping === entry.seq) return;
    this.dropping = entry.seq;
    const hands = entry.problem.server?.hands ?? [];
    const latest = hands[hands.length - 1];
    this.say(latest && latest.number > entry.number
      ? `Another phone logged hand ${latest.number}; undo again if you still mean it.` : entry.problem.error);
    store.resolve(entry.seq, "theirs");
  }

  wire() {
    const on = (name, handler) => $(`[data-action="${name}"]`, this.root)?.addEventListener("click", (event) => {
      event.preventDefault();
      handler();
    });
    on("log", () => this.openLog());
    on("undo", () => this.undo());
    on("time", () => this.callTime());
    on("rekey", () => changeKey(this.ask, this.gameId, (message) => this.say(message)));
    $('[data-slot="clock-start"]', this.root)?.addEventListener("submit", (event) => {
      event.preventDefault();
      this.startClock();
    });
    this.box.addEventListener("click", (event) => {
      const link = event.target.closest("a.edit");
      if (!link) return;
      event.preventDefault();
      this.dialog.open(`edit-${link.closest("tr").id.slice(5)}`);
    });
    window.addEventListener("beforeunload", (event) => {
      if (this.pending && !this.durable) event.preventDefault(); // the outbox is in memory only: ask first
    });
  }

  show(game) {
    const previous = this.game;
    this.game = game;
    if (JSON.stringify(game.time_called) !== JSON.stringify(previous.time_called)) this.table = tableOf(game);
    renderSheet(this.box, game, previous);
    this.actions();
  }

  actions() {
    const { game, root } = this;
    const finished = game.status === "finished";
    const last = game.hands[game.hands.length - 1];
    const button = (name) => $(`[data-action="${name}"]`, root);
    button("log").hidden = finished;
    setText(root, "log-number", String(game.next_number));
    button("new").hidden = !finished;
    button("undo").hidden = !last;
    if (last) setText(root, "undo-number", String(last.number));
    const time = button("time");
    if (time) time.hidden = finished || Boolean(game.time_called);
    const clockStart = $('[data-slot="clock-start"]', root);
    if (clockStart) clockStart.hidden = !this.clockToStart();
    this.clock.show(game);
  }

  // A timed game whose clock nobody has started: no round start, no hand yet.
  clockToStart() {
    const { clock, hands, status } = this.game;
    return Boolean(clock && !clock.started_at && !hands.length && status !== "finished");
  }

  // Start the clock on the server (it needs a connection; offline, the first hand starts it when sent).
  async startClock() {
    if (!this.clockToStart()) return;
    let response = null;
    try {
      response = await fetch(`/api/games/${encodeURIComponent(this.gameId)}/clock`, {
        method: "POST", cache: "no-store",
        headers: { Accept: "application/json", Authorization: `Bearer ${store.editKey(this.gameId) ?? this.key}` },
      });
    } catch {
      this.say("The clock could not start: this phone is offline. It starts when hand 1 reaches the server.");
      return;
    }
    if (!response.ok && response.status !== 409) {
      this.say((await response.json().catch(() => null))?.error ?? "The clock could not start; try again.");
      return;
    }
    await this.sync.check(); // its answer is kept through the poll, in order with the outbox's
  }

  // Open the form for the next hand once this phone has caught up (one fetch), starting the clock if nobody did.
  async openLog() {
    if (this.catchingUp) return;
    this.catchingUp = true;
    try {
      await soon(this.sync.check());
    } finally {
      this.catchingUp = false;
    }
    this.startClock();
    this.dialog.open("log");
  }

  say(message) {
    this.notice.textContent = message;
    this.notice.hidden = !message;
  }

  // Tell a screen reader what a save did: "Hand 3 saved. Us 4, Them 6."
  announce(what) {
    const { game } = this;
    const scores = game.teams.map((team, index) => `${team.name} ${num(game.scores[index])}`).join(", ");
    const end = game.result ? ` Winner: ${winnerName(game)}.` : "";
    setText(this.root, "announce", `${what}. ${scores}.${end}`);
  }

  // The engine state before hand `number`, for the form.
  before(number) {
    return score(this.table, handsOf(this.game, this.table).slice(0, number - 1));
  }

}

Object.assign(GamePage.prototype, writes); // save, saveLate, send, undo, callTime (gamewrites.js)

// The game of this page: the server's (in the page), or on an offline shell the phone's copy (or null).
async function pageGame(root) {
  if (root.dataset.shell !== "true") return JSON.parse(document.getElementById("game-json").textContent);
  const gameId = decodeURIComponent(location.pathname.split("/")[2] ?? "");
  return phoneGame({ ...(await store.gameRecord(gameId)), entries: [] }, location.origin).game;
}

async function main() {
  const root = document.getElementById("game");
  if (!root) return;
  if (root.dataset.editable !== "true") {
    store.flush();
    const csrf = document.querySelector('meta[name="csrf-token"]').content;
    if (await store.rejoin(root.dataset.gameId, csrf)) location.reload(); // now the sheet comes editable
    return;
  }
  const shell = root.dataset.shell === "true";
  const game = await pageGame(root);
  if (!game) return (await import("./shell.js")).missing(root); // the offline shell's code: only on a shell
  if (shell) (await import("./shell.js")).fitShell(root, game, store.editKey(game.id));
  window.gamePage = new GamePage(root, game);
  await window.gamePage.start(!shell);
}

main().catch((error) => {
  // Whatever broke, the page falls back to its forms, which work without scripts.
  document.documentElement.classList.remove("js");
  const form = document.getElementById("hand-form");
  if (form && !form.closest("#log")) document.getElementById("log").append(form);
  throw error;
});
