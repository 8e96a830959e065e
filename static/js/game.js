// The game page: the hand form in a dialog, saves through store.js, and the sheet re-rendered from the
// game JSON: first the engine's own scoring (so a save shows at once), then the server's answer.
// Offline-first: what the page shows is the game as the server last sent it with this phone's waiting
// writes (the outbox) played on top by the engine, so the sheet, totals and winner are right with no
// connection; each answer from the server replaces that copy. A page from the worker's offline shell
// (data-shell) has no game in it: it is filled from the phone's copy (shell.js).

const $ = (selector, root = document) => root.querySelector(selector);
const json = (id) => JSON.parse(document.getElementById(id).textContent);
const FORM_HASH = /^#(log|edit-(\d+))(?:\?(.*))?$/;

class GamePage {
  constructor(root, store, engine, sheet, HandForm, game) {
    Object.assign(this, { root, store, engine, sheet });
    this.game = game;
    this.gameId = this.game.id;
    this.teamNames = this.game.team_names ?? null;
    store.rememberKey(this.gameId, root.dataset.editKey);
    store.remember(this.game);
    this.box = $("#sheet", root);
    this.dialog = $("#hand-dialog");
    this.ask = $("#confirm-dialog");
    this.notice = $('[data-slot="notice"]', root);
    const form = $("#hand-form");
    this.dialog.append(form);
    this.form = new HandForm(form, engine, sheet, this.game.teams.map((team) => team.name));
    this.table = this.makeTable();
    this.openKey = null;
    this.pending = 0; // writes of this game not yet confirmed by the server
    this.writing = 0; // writes on their way into the outbox
    this.durable = true;
    this.syncLine = $('[data-slot="sync"]', root);
    this.conflict = new ConflictScreen($("#conflict-dialog"), this);
    this.wire(form);
    this.syncHash();
  }

  // ---- The phone's copy: the server's game, then the outbox's waiting writes on top.

  async start(fromServer) {
    if (fromServer) await this.store.seen(this.game);
    this.durable = await this.store.durable();
    this.store.subscribe(() => this.refresh());
    const again = () => this.online();
    window.addEventListener("online", again);
    window.addEventListener("pageshow", (event) => event.persisted && again());
    document.addEventListener("visibilitychange", () => document.hidden || again());
    if (!fromServer) this.show(this.game); // the shell's sheet is empty until now
    this.showClock();
    await this.refresh();
    await this.online();
  }

  // Send what waits; then, if nothing does, ask the server for the game (another phone may have changed it).
  async online() {
    const result = await this.store.flush();
    if (!result.offline && !result.held && (await this.store.fetchGame(this.gameId))) await this.refresh();
  }

  // Show the game as this phone knows it now, the waiting writes and any refused one.
  async refresh() {
    if (this.writing) return;
    const record = await this.store.gameRecord(this.gameId);
    if (this.writing) return;
    const base = record.server ?? (record.setup ? gameFromSetup(this.engine, record.setup) : null);
    const refused = record.entries.find((entry) => entry.problem) ?? null;
    const waiting = refused ? record.entries.slice(0, record.entries.indexOf(refused)) : record.entries;
    if (base) {
      const game = this.withWrites(base, waiting);
      if (JSON.stringify(game) !== JSON.stringify(this.game)) this.show(game);
    }
    this.pending = record.entries.length;
    this.showSync(record.entries, refused);
    this.conflict.show(refused, record.entries);
  }

  // `base` (a game JSON) with the writes of `entries` played on it by the engine; a write the rules
  // refuse is left out (the server will refuse it too, and the page then asks what to do).
  withWrites(base, entries) {
    const hands = base.hands.map((hand) => ({ ...hand }));
    let timeCall = base.time_called ?? null;
    for (const entry of entries) {
      const at = entry.number - 1;
      if (entry.kind === "add" && !hands.some((hand) => hand.id === entry.handId)) {
        hands.push({ ...entry.body, id: entry.handId });
      } else if (entry.kind === "replace" && hands[at]) {
        hands[at] = { ...entry.body, id: hands[at].id };
      } else if (entry.kind === "delete" && hands[at]?.id === entry.handId) {
        hands.splice(at, 1);
      } else if (entry.kind === "time" && !timeCall) {
        timeCall = { after_hand: entry.body.after_hand ?? hands.length, finish_hand: Boolean(entry.body.finish_hand) };
      }
    }
    const { variant, players, rules } = base;
    let table;
    try {
      table = this.engine.makeTable(variant, players, base.team_names ?? null, rules, timeCall);
    } catch {
      return base;
    }
    let state = this.engine.score(table, []);
    const ids = [];
    for (const hand of hands) {
      try {
        state = this.engine.play(state, this.engine.parseHand(hand, table.rules));
        ids.push(hand.id);
      } catch {
        break;
      }
    }
    const scored = this.engine.stateToDict(state);
    return { ...base, ...scored, hands: scored.hands.map((hand, index) => ({ id: ids[index], ...hand })) };
  }

  // "2 hands not sent yet" while the outbox holds writes of this game; "All changes saved" after.
  showSync(entries, refused) {
    if (!this.syncLine) return;
    let text = "All changes saved.";
    if (refused) {
      text = "A change needs your decision before the rest can be sent.";
    } else if (entries.length) {
      const count = (n, one, many) => `${n} ${n === 1 ? one : many}`;
      const created = entries.some((entry) => entry.kind === "create");
      const hands = entries.filter((entry) => entry.kind === "add").length;
      const other = entries.filter((entry) => entry.kind !== "add" && entry.kind !== "create").length;
      const parts = [created && "the new game", hands && count(hands, "hand", "hands"), other && count(other, "change", "changes")];
      const list = parts.filter(Boolean).join(" and ");
      const where = this.durable ? "kept on this phone" : "kept only while this page is open";
      text = `${list.charAt(0).toUpperCase()}${list.slice(1)} not sent yet (${where}); they go as soon as there is a connection.`;
    }
    if (this.syncLine.textContent !== text) this.syncLine.textContent = text; // a status: say it only when it changes
    this.syncLine.classList.toggle("waiting", entries.length > 0);
  }

  wire(form) {
    const on = (selector, handler) => $(selector, this.root)?.addEventListener("click", (event) => {
      event.preventDefault();
      handler();
    });
    on('[data-action="log"]', () => this.openForm("log"));
    on('[data-action="undo"]', () => this.undo());
    on('[data-action="time"]', () => this.callTime());
    on('[data-action="cancel"]', () => this.closeForm());
    this.box.addEventListener("click", (event) => {
      const link = event.target.closest("a.edit");
      if (!link) return;
      event.preventDefault();
      this.openForm(`edit-${link.closest("tr").id.slice(5)}`);
    });
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.save(event.submitter?.dataset.action === "misdeal");
    });
    form.addEventListener("change", () => {
      if (this.openKey) history.replaceState(history.state, "", `#${this.openKey}?${this.form.toHash()}`);
    });
    this.dialog.addEventListener("cancel", (event) => {
      event.preventDefault();
      this.closeForm();
    });
    window.addEventListener("popstate", () => this.syncHash());
    window.addEventListener("beforeunload", (event) => {
      if (this.pending && !this.durable) event.preventDefault(); // the outbox is in memory only: ask first
    });
  }

  makeTable() {
    const { variant, players, rules, time_called: timeCall } = this.game;
    return this.engine.makeTable(variant, players, this.teamNames, rules, timeCall);
  }

  hands(game = this.game) {
    return game.hands.map((hand) => this.engine.parseHand(hand, this.table.rules));
  }

  // The engine's state as the game JSON, with the hand ids and the server's fields kept.
  toJson(state, ids) {
    const scored = this.engine.stateToDict(state);
    const hands = scored.hands.map((hand, index) => ({ id: ids[index], ...hand }));
    return { ...this.game, ...scored, hands };
  }

  show(game) {
    const previous = this.game;
    this.game = game;
    if (JSON.stringify(game.time_called) !== JSON.stringify(previous.time_called)) this.table = this.makeTable();
    this.sheet.renderSheet(this.box, game, previous);
    this.actions();
    this.store.remember(game);
  }

  actions() {
    const { game, root, sheet } = this;
    const finished = game.status === "finished";
    const last = game.hands[game.hands.length - 1];
    const button = (name) => $(`[data-action="${name}"]`, root);
    button("log").hidden = finished;
    sheet.setText(root, "log-number", String(game.next_number));
    button("new").hidden = !finished;
    button("undo").hidden = !last;
    if (last) sheet.setText(root, "undo-number", String(last.number));
    const time = button("time");
    if (time) time.hidden = finished || Boolean(game.time_called);
    this.showClock();
  }

  // A timed game's clock, counted down by the second from the server's ends_at. The offset between
  // the server's clock and this phone's (server_now of the page the server drew) keeps a phone whose
  // own clock is wrong on the table's time; the offline shell has no fresh server time and counts on
  // the phone's own clock from the ends_at it kept. A reload counts from the same ends_at.
  showClock() {
    const line = $('[data-slot="clock"]', this.root);
    const { clock, time_called: timeCalled, status } = this.game;
    if (!line) return;
    clearInterval(this.clockTimer);
    line.hidden = !clock;
    if (!clock) return;
    if (this.clockOffset === undefined) {
      const serverNow = this.root.dataset.shell ? NaN : Date.parse(line.dataset.serverNow ?? "");
      this.clockOffset = Number.isNaN(serverNow) ? 0 : serverNow - Date.now();
    }
    const ends = Date.parse(clock.ends_at ?? "");
    if (clock.called || timeCalled || status === "finished" || Number.isNaN(ends)) {
      line.textContent = clock.called || timeCalled ? "Time is called."
        : Number.isNaN(ends) ? `The ${clock.limit_minutes}-minute clock starts with the first hand.` : "";
      line.hidden = !line.textContent;
      return;
    }
    const tick = () => {
      const left = Math.ceil((ends - Date.now() - this.clockOffset) / 1000);
      line.textContent = left > 0
        ? `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")} left on the clock`
        : "Time is up: finish the hand in play; then the side ahead wins.";
      if (left <= 0) clearInterval(this.clockTimer);
    };
    tick();
    this.clockTimer = setInterval(tick, 1000);
  }

  say(message) {
    this.notice.textContent = message;
    this.notice.hidden = !message;
  }

  // Tell a screen reader what a save did: "Hand 3 saved. Us 4, Them 6."
  announce(what) {
    const { game, sheet } = this;
    const scores = game.teams.map((team, index) => `${team.name} ${sheet.num(game.scores[index])}`).join(", ");
    const end = game.result ? ` Winner: ${game.teams[game.result.winner].name}.` : "";
    sheet.setText(this.root, "announce", `${what}. ${scores}.${end}`);
  }

  // ---- The form's dialog follows the URL hash, so Back closes it and a reload restores it.

  openForm(key, keep = false) {
    this.keep = keep;
    history.pushState({ form: true }, "", `#${key}`);
    this.syncHash();
  }

  closeForm() {
    if (history.state?.form) {
      history.back();
    } else {
      history.replaceState(null, "", location.pathname + location.search);
      this.syncHash();
    }
  }

  syncHash() {
    const match = FORM_HASH.exec(location.hash);
    if (!match) {
      this.openKey = null;
      if (this.dialog.open) this.dialog.close();
      return;
    }
    const key = match[1];
    if (!this.prepare(key, match[3] ?? "")) {
      history.replaceState(null, "", location.pathname + location.search);
      return;
    }
    if (!this.dialog.open) {
      this.dialog.showModal();
      $("#hand-title", this.dialog).focus();
    }
  }

  prepare(key, draft) {
    const reopen = this.keep || (key === this.openKey && this.dialog.open);
    this.keep = false;
    const editing = key !== "log";
    const number = editing ? Number(key.slice(5)) : this.game.next_number;
    const hand = editing ? this.game.hands[number - 1] : null;
    if (editing ? !hand : this.game.status === "finished") return false;
    this.openKey = key;
    if (reopen) return true;
    const before = this.engine.score(this.table, this.hands().slice(0, number - 1));
    this.form.load(before, hand, { id: hand?.id ?? this.store.handId(), number });
    const saved = new URLSearchParams(draft).get("id");
    if (draft && (editing || !this.game.hands.some((item) => item.id === saved))) this.form.fromHash(draft);
    const form = this.form.form;
    $("#hand-title", form).textContent = `${editing ? "Edit hand" : "Hand"} ${number}`;
    $('[data-action="save"]', form).textContent = `Save hand ${number}`;
    return true;
  }

  // ---- Writes: shown at once from the engine, sent in order through the store, then the server's game.

  send(write, previous, onError) {
    this.writing += 1;
    write().then(
      () => {
        this.pending += 1; // in the outbox now: counted until refresh reads the outbox again
        this.writing -= 1;
        return this.refresh();
      },
      (error) => {
        this.writing -= 1;
        this.show(previous);
        onError(error);
      },
    );
  }

  // The game after replacing hand `number`, checking that every later hand still stands.
  replay(hands, number) {
    let state = this.engine.score(this.table, []);
    hands.forEach((hand, index) => {
      try {
        state = this.engine.play(state, hand);
      } catch (error) {
        if (index < number || !(error instanceof this.engine.RuleError)) throw error;
        throw new this.engine.RuleError(`That change would make hand ${index + 1} impossible: ${error.message}`, null);
      }
    });
    return state;
  }

  save(misdeal) {
    const key = this.openKey;
    const editing = key !== "log";
    const number = editing ? Number(key.slice(5)) : this.game.next_number;
    const id = this.form.form.elements.hand_id.value;
    const checked = misdeal ? { body: { misdeal: true } } : this.form.validate();
    if (!misdeal && !checked.state) return this.form.showError(checked.field, checked.message);
    const { engine, store, gameId } = this;
    const ids = this.game.hands.map((hand) => hand.id);
    let state;
    try {
      const hand = engine.parseHand(checked.body, this.table.rules);
      const hands = this.hands();
      hands.splice(number - 1, editing ? 1 : 0, hand);
      state = this.replay(hands, number);
    } catch (error) {
      if (!(error instanceof engine.RuleError)) throw error;
      return this.form.showError(error.field, error.message);
    }
    const previous = this.game;
    this.say("");
    this.show(this.toJson(state, editing ? ids : [...ids, id]));
    this.announce(`Hand ${number} saved`);
    this.closeForm();
    const body = { ...checked.body, id };
    const write = editing
      ? () => store.replaceHand(gameId, number, body)
      : () => store.addHand(gameId, body, number);
    this.send(write, previous, (error) => {
      this.openForm(key, true);
      this.form.showError(error.field, error.message);
    });
  }

  confirm(question, yes, no, alt = null) {
    const { ask, sheet } = this;
    sheet.setText(ask, "question", question);
    sheet.setText(ask, "yes", yes);
    sheet.setText(ask, "no", no);
    const other = sheet.slot(ask, "alt");
    other.hidden = !alt;
    if (alt) other.textContent = alt;
    ask.returnValue = "no";
    ask.showModal();
    return new Promise((resolve) => ask.addEventListener("close", () => resolve(ask.returnValue), { once: true }));
  }

  async undo() {
    const last = this.game.hands[this.game.hands.length - 1];
    if (!last) return;
    const answer = await this.confirm(this.sheet.undoQuestion(this.game), `Remove hand ${last.number}`, "Keep it");
    if (answer !== "yes") return;
    const previous = this.game;
    const ids = this.game.hands.map((hand) => hand.id).slice(0, -1);
    this.say("");
    this.show(this.toJson(this.engine.score(this.table, this.hands().slice(0, -1)), ids));
    this.announce(`Hand ${last.number} removed`);
    this.send(() => this.store.deleteHand(this.gameId, last.number, last.id), previous, (error) => this.say(error.message));
  }

  async callTime() {
    const answer = await this.confirm(
      "Call time? The side ahead wins; level scores play on until one side is ahead.",
      "A hand is being played: finish it first", "Keep playing", "No hand dealt: decide now",
    );
    if (answer === "no") return;
    const body = { finish_hand: answer === "yes", after_hand: this.game.hands.length };
    this.send(() => this.store.callTime(this.gameId, body), this.game, (error) => this.say(error.message));
  }
}

// What to do with a write the server refused. For a hand another phone logged first (409 on its number):
// both versions side by side, and keep the server's, put this phone's in its place, or keep both.
// Anything else refused (the game is over, the key is wrong): the server's reason, and drop the change.
class ConflictScreen {
  constructor(dialog, page) {
    Object.assign(this, { dialog, page, seq: null });
    if (!dialog) return;
    dialog.addEventListener("cancel", (event) => event.preventDefault()); // it must be answered
    dialog.addEventListener("close", () => this.choose(dialog.returnValue));
  }

  show(entry, entries = []) {
    const { dialog } = this;
    if (!dialog) return;
    if (!entry) {
      this.seq = null;
      if (dialog.open) dialog.close("");
      return;
    }
    if (entry.seq === this.seq && dialog.open) return;
    this.seq = entry.seq;
    this.fill(entry);
    const later = entries.filter((item) => item.seq > entry.seq).length;
    if (later) {
      const what = later === 1 ? "1 more change from this phone waits" : `${later} more changes from this phone wait`;
      this.page.sheet.slot(dialog, "conflict-why").append(` ${what} for this choice.`);
    }
    if (this.page.dialog.open) this.page.closeForm();
    dialog.returnValue = "";
    dialog.showModal();
  }

  fill(entry) {
    const { sheet } = this.page;
    const { problem } = entry;
    const server = problem.server ?? null;
    const number = entry.number;
    const theirs = server?.hands?.[number - 1] ?? null;
    const twice = entry.kind === "add" && problem.status === 409 && problem.field === "number" && server;
    const text = (name, value) => sheet.setText(this.dialog, name, value);
    const button = (name) => sheet.slot(this.dialog, name);
    sheet.slot(this.dialog, "versions").hidden = !twice;
    button("keep-mine").hidden = !(twice && theirs);
    button("keep-both").hidden = !(twice && server.status !== "finished");
    if (twice) {
      text("conflict-title", theirs ? `Hand ${number} was logged on two phones` : `Hand ${number} no longer fits`);
      text("conflict-why", "Another phone sent its hands before this one could. Nothing has been thrown away: "
        + "choose what the score sheet keeps.");
      text("theirs", theirs ? this.describe(theirs, server) : `The server has ${server.hands.length} hands.`);
      text("mine", this.describe(this.mine(entry, server), server));
      text("keep-theirs", theirs ? `Keep the other phone's hand ${number}` : "Drop this phone's hand");
      text("keep-mine", `Put this phone's hand in its place`);
      text("keep-both", `Keep both: this phone's becomes hand ${server.next_number}`);
    } else {
      text("conflict-title", entry.kind === "add" ? `Hand ${number} was not saved` : "A change was not saved");
      text("conflict-why", `The server refused it: ${problem.error}`);
      text("keep-theirs", "Drop this change");
    }
  }

  // This phone's hand, scored as it would be after the server's earlier hands.
  mine(entry, server) {
    const before = { ...server, hands: server.hands.slice(0, entry.number - 1) };
    const game = this.page.withWrites(before, [{ ...entry, kind: "add" }]);
    return game.hands[entry.number - 1] ?? { ...entry.body };
  }

  // "Bo bid 6 ♥, made: Us +4, Them +6"
  describe(hand, game) {
    const { sheet } = this.page;
    if (hand.misdeal) return "A misdeal.";
    const trump = hand.trump ? ` ${sheet.SUITS[hand.trump]} (${hand.trump})` : "";
    const result = hand.made === undefined ? "" : hand.made ? ", made" : ", set";
    const deltas = hand.delta
      ? `: ${game.teams.map((team, index) => `${team.name} ${sheet.signed(hand.delta[index])}`).join(", ")}` : "";
    return `${game.players[hand.bidder]} bid ${sheet.bidLabel(hand, game.rules)}${trump}${result}${deltas}.`;
  }

  async choose(choice) {
    const seq = this.seq;
    if (!seq || !["theirs", "mine", "both"].includes(choice)) return;
    this.seq = null;
    await this.page.store.resolve(seq, choice);
    await this.page.refresh();
  }
}

// A phone that holds the key (localStorage) but whose session does not: hand the key to the session, reload.
async function restoreSession(store, gameId) {
  const key = store.editKey(gameId);
  const once = `pitch.rejoined.${gameId}`;
  if (!key || sessionStorage.getItem(once)) return;
  sessionStorage.setItem(once, "1");
  const csrf = document.querySelector('meta[name="csrf-token"]').content;
  if (await store.joinSession(gameId, key, csrf)) location.reload();
}

// The game made on this phone before the server has it: the create body, scored with no hands.
function gameFromSetup(engine, setup) {
  const table = engine.makeTable(setup.variant, setup.players, setup.team_names ?? null, setup.rules ?? null);
  const share = new URL(`/share/${encodeURIComponent(setup.id)}`, location.origin).href;
  return {
    id: setup.id, variant: setup.variant, ...engine.stateToDict(engine.score(table, [])),
    share_url: share, team_names: setup.team_names ?? null, clock: null,
  };
}

// A page from the offline shell: the game this address names, from the phone's copy (or null).
async function shellGame(store, engine) {
  const gameId = decodeURIComponent(location.pathname.split("/")[2] ?? "");
  const record = await store.gameRecord(gameId);
  if (record.server) return record.server;
  return record.setup ? gameFromSetup(engine, record.setup) : null;
}

async function main() {
  const root = document.getElementById("game");
  if (!root) return;
  const assets = json("assets");
  const store = await import(assets.store);
  if (root.dataset.editable !== "true") {
    store.flush();
    return restoreSession(store, root.dataset.gameId);
  }
  const [engine, sheet, form] = await Promise.all([import(assets.engine), import(assets.sheet), import(assets.form)]);
  const shell = root.dataset.shell === "true";
  let game = json("game-json");
  if (shell) {
    game = await shellGame(store, engine);
    const { fitShell, missing } = await import(assets.shell);
    if (!game) return missing(root);
    fitShell(root, game, store.editKey(game.id));
  }
  window.gamePage = new GamePage(root, store, engine, sheet, form.HandForm, game);
  await window.gamePage.start(!shell);
}

main().catch((error) => {
  // Whatever broke, the page falls back to its forms, which work without scripts.
  document.documentElement.classList.remove("js");
  const form = document.getElementById("hand-form");
  if (form && !form.closest("#log")) document.getElementById("log").append(form);
  throw error;
});
