// The hand form's dialog follows the URL hash (#log, #edit-3, with the draft after "?"), so Back closes
// it and a reload restores it; Back, Cancel or Escape on a half-entered hand ask before dropping it, and
// Misdeal asks too, naming the hand and who deals again.
// The page (game.js) scores and sends what the form saves.

import { ask } from "./confirm.js";
import { parseHand, play } from "../engine.js";
import { handId } from "../phone/store.js";

const $ = (selector, root = document) => root.querySelector(selector);
const FORM_HASH = /^#(log|edit-(\d+))(?:\?(.*))?$/;

export class FormDialog {
  // `dialog` is #hand-dialog, `form` a HandForm, `page` the GamePage (its game, before() and save()).
  constructor(dialog, form, page) {
    Object.assign(this, { dialog, form, page, key: null, keep: false });
    history.scrollRestoration = "manual"; // closing the form (Back) keeps the sheet where the save left it
    dialog.append(form.form);
    form.form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.submit(event.submitter?.dataset.action === "misdeal");
    });
    form.form.addEventListener("change", () => {
      if (this.key) history.replaceState(history.state, "", `#${this.key}?${form.toHash()}`);
    });
    $('[data-action="misdeal"]', form.form)?.addEventListener("click", (event) => {
      event.preventDefault();
      this.submit(true);
    });
    $('[data-action="cancel"]', form.form)?.addEventListener("click", (event) => {
      event.preventDefault();
      this.close();
    });
    dialog.addEventListener("cancel", (event) => {
      event.preventDefault();
      this.close();
    });
    window.addEventListener("popstate", () => this.follow());
  }

  // Open the form for `key` ("log" or "edit-<number>"); `keep` leaves what it holds (a refused save).
  open(key, keep = false) {
    this.keep = keep;
    history.pushState({ form: true }, "", `#${key}`);
    this.follow();
  }

  // Open it again on a save the server refused, with its message at the field it names.
  reopen(key, error) {
    this.open(key, true);
    this.form.dirty = true;
    this.form.showError(error.field, error.message);
  }

  close() {
    if (!this.dialog.open) return;
    if (history.state?.form) {
      history.back();
    } else {
      history.replaceState(null, "", location.pathname + location.search);
      this.follow();
    }
  }

  // Show the form the hash names, or none.
  follow() {
    const match = FORM_HASH.exec(location.hash);
    if (!match && this.dialog.open && this.form.dirty) return this.askDiscard();
    if (!match) {
      this.key = null;
      if (this.dialog.open) this.dialog.close();
      return;
    }
    if (!this.prepare(match[1], match[3] ?? "")) {
      history.replaceState(null, "", location.pathname + location.search);
      return;
    }
    if (!this.dialog.open) {
      this.dialog.showModal();
      this.dialog.scrollTop = 0; // bidder and bid first, wherever the last form was left
      $("#hand-title", this.dialog).focus();
    }
  }

  // The address has left the form with a hand half entered: put the form back in the history, then ask.
  async askDiscard() {
    history.pushState({ form: true }, "", `#${this.key}?${this.form.toHash()}`);
    const what = this.key === "log" ? "this hand" : "the changes to this hand";
    const answer = await ask(this.page.ask, `Discard ${what}?`, "Discard", "Keep it");
    if (answer !== "yes") return;
    this.form.dirty = false;
    this.close();
  }

  prepare(key, draft) {
    const { game } = this.page;
    const reopen = this.keep || (key === this.key && this.dialog.open);
    this.keep = false;
    const editing = key !== "log";
    const number = editing ? Number(key.slice(5)) : game.next_number;
    const hand = editing ? game.hands[number - 1] : null;
    if (editing ? !hand : game.status === "finished") return false;
    this.key = key;
    if (reopen) return true;
    this.form.load(this.page.before(number), hand, { id: hand?.id ?? handId(), number });
    const saved = new URLSearchParams(draft).get("id");
    if (draft && (editing || !game.hands.some((item) => item.id === saved))) this.form.fromHash(draft);
    $("#hand-title", this.form.form).textContent = `${editing ? "Edit hand" : "Hand"} ${number}`;
    $('[data-action="save"]', this.form.form).textContent = `Save hand ${number}`;
    return true;
  }

  // Who deals after hand `number` is a misdeal (the same dealer, by the rules), as a question.
  misdealQuestion(number) {
    const { game } = this.page;
    let seat = game.hands[number - 1]?.dealer ?? game.next_dealer;
    try {
      const before = this.page.before(number);
      seat = play(before, parseHand({ misdeal: true }, before.table.rules)).next_dealer;
    } catch {
      // A game already decided: the hand's own dealer, as the sheet shows it.
    }
    return `Hand ${number} is a misdeal: ${game.players[seat]} deals again?`;
  }

  async submit(misdeal) {
    const editing = this.key !== "log";
    const number = editing ? Number(this.key.slice(5))
      : Number(this.form.form.elements.number.value) || this.page.game.next_number; // the hand it was opened for
    if (misdeal) {
      const kept = this.form.dirty ? " What is filled in here is dropped." : "";
      const answer = await ask(this.page.ask, `${this.misdealQuestion(number)}${kept}`, "Misdeal", "Back to the hand");
      if (answer !== "yes" || !this.dialog.open) return;
    }
    const id = this.form.form.elements.hand_id.value;
    const checked = misdeal ? { body: { misdeal: true } } : this.form.validate();
    if (!misdeal && !checked.state) return this.form.showError(checked.field, checked.message);
    const error = this.page.save({ number, editing, id, body: checked.body });
    if (error) return this.form.showError(error.field, error.message);
    this.form.dirty = false;
    this.close();
  }
}
