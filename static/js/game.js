// The game page: the hand form in a dialog, saves through store.js, and the sheet re-rendered from the
// game JSON: first the engine's own scoring (so a save shows at once), then the server's answer.

const $ = (selector, root = document) => root.querySelector(selector);
const json = (id) => JSON.parse(document.getElementById(id).textContent);
const FORM_HASH = /^#(log|edit-(\d+))(?:\?(.*))?$/;

class GamePage {
  constructor(root, store, engine, sheet, HandForm) {
    Object.assign(this, { root, store, engine, sheet });
    this.game = json("game-json");
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
    this.pending = 0;
    this.queue = Promise.resolve();
    this.wire(form);
    this.syncHash();
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
      if (this.pending) event.preventDefault(); // a save still on its way: ask before leaving
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
    this.pending += 1;
    this.queue = this.queue.then(write).then(
      (game) => {
        this.pending -= 1;
        if (!this.pending) this.show(game);
      },
      (error) => {
        this.pending -= 1;
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
      : () => store.addHand(gameId, { ...body, number });
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
    this.send(() => this.store.callTime(this.gameId, { finish_hand: answer === "yes" }), this.game, (error) => this.say(error.message));
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

async function main() {
  const root = document.getElementById("game");
  if (!root) return;
  const assets = json("assets");
  const store = await import(assets.store);
  if (root.dataset.editable !== "true") return restoreSession(store, root.dataset.gameId);
  const [engine, sheet, form] = await Promise.all([import(assets.engine), import(assets.sheet), import(assets.form)]);
  window.gamePage = new GamePage(root, store, engine, sheet, form.HandForm);
}

main().catch((error) => {
  // Whatever broke, the page falls back to its forms, which work without scripts.
  document.documentElement.classList.remove("js");
  const form = document.getElementById("hand-form");
  if (form && !form.closest("#log")) document.getElementById("log").append(form);
  throw error;
});
