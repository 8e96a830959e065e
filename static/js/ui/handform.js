// The hand form: reads and fills the radio buttons of templates/games/_hand_form.html, starts every point
// with the bidders' side, keeps a live line of points and made/set, and checks the hand with the
// engine so its messages show at the field they name. Its state round-trips through the URL hash.
// Quick entry (games where every point is in play): the table gives the points each side took instead
// of who took each card; the default, and "Card by card" switches, remembered on this phone.

import * as engine from "../engine.js";
import { hashState } from "./handhash.js";
import { quickEntry, remembered } from "./quickentry.js";
import * as sheet from "./sheet.js";

export class HandForm {
  constructor(form, teamLabels) {
    this.form = form;
    this.engine = engine;
    this.sheet = sheet;
    this.teams = teamLabels;
    this.points = [...form.querySelectorAll("[data-point]")].map((node) => node.dataset.point);
    this.touched = new Set();
    this.dirty = false; // something tapped since the form was opened: not dropped without asking
    this.before = null; // the game state before this hand
    this.quick = form.querySelector('[data-entry="points"]'); // absent where a point may go to nobody
    this.switcher = form.querySelector('[data-action="entry"]');
    this.mode = "cards";
    form.addEventListener("change", (event) => this.changed(event.target));
    this.switcher?.addEventListener("click", () => this.switchEntry());
    form.addEventListener("click", (event) => {
      const step = event.target.closest?.("[data-step]");
      if (step) this.step(step);
    });
  }

  value(name) {
    return this.form.querySelector(`input[name="${name}"]:checked`)?.value ?? null;
  }

  check(name, value) {
    for (const input of this.form.querySelectorAll(`input[name="${name}"]`)) input.checked = input.value === value;
  }

  get rules() {
    return this.before.table.rules;
  }

  // Where the dealer sits out: the seats of this hand's two sides (the deal decides them), else null.
  seated() {
    return this.rules.sit_out ? this.engine.sidesOf(this.rules, this.before.next_dealer) : null;
  }

  // What each side of this hand is called: the teams, or where the dealer sits out this deal's two pairs.
  sideNames() {
    const seated = this.seated();
    return seated ? seated.map((seats) => seats.map((seat) => this.teams[seat]).join(this.engine.PAIR)) : this.teams;
  }

  // The side a seat plays for in this hand.
  sideOf(bidder) {
    const seated = this.seated();
    return seated ? (seated[0].includes(bidder) ? 0 : 1) : bidder % this.teams.length;
  }

  // Where the dealer sits out: the dealer's bidder button goes, the others come back, the sides are named.
  fitDeal() {
    const seated = this.seated();
    const line = this.sheet.slot(this.form, "sits-out");
    if (!seated || !line) return;
    const dealer = this.before.next_dealer;
    for (const input of this.form.querySelectorAll('input[name="bidder"]')) {
      const out = Number(input.value) === dealer;
      input.disabled = out;
      input.closest("label").hidden = out;
    }
    const names = this.sideNames();
    const words = { dealer: this.teams[dealer], first: names[0], second: names[1] };
    line.textContent = line.dataset.words.replace(/\{(\w+)\}/g, (_, name) => words[name]); // the server's sentence
    for (const input of this.form.querySelectorAll('input[name^="captured_"]')) {
      const span = input.value === "none" ? null : input.closest("label")?.querySelector(":scope > span");
      if (span) (span.querySelector(".vh") ?? span).textContent = names[Number(input.value)];
    }
  }

  // Open for a hand: `before` is the engine state it is played from, `hand` a recorded hand or null.
  load(before, hand, { id, number }) {
    this.before = before;
    this.fitDeal();
    this.form.elements.hand_id.value = id;
    this.form.elements.number.value = String(number);
    this.clearErrors();
    const misdeal = !hand || hand.misdeal;
    const captured = misdeal ? null : hand.captured ?? null; // none: the hand was given as points
    this.touched = new Set(captured ? this.points : []);
    this.dirty = false;
    this.check("bidder", misdeal ? null : String(hand.bidder));
    this.check("bid", misdeal ? null : String(hand.bid));
    this.check("trump", misdeal ? "" : hand.trump ?? "");
    this.check("all_tricks", misdeal || !("all_tricks" in hand) ? null : hand.all_tricks === null ? "no" : "yes");
    for (const key of this.points) {
      const team = captured ? captured[key] : null;
      this.check(`captured_${key}`, captured ? (team === null ? "none" : String(team)) : null);
    }
    this.setMode(misdeal ? remembered() : captured ? "cards" : "points");
    this.fillSides(misdeal || captured ? null : hand.points);
    if (!misdeal && !captured) this.giveUntouched(); // card by card from here starts with the bidders' side
    this.update();
  }

  bidding() {
    const bidder = this.value("bidder");
    return bidder === null ? null : this.sideOf(Number(bidder));
  }

  // Quick entry's answers from a hand's points (null: none tapped yet).
  fillSides(points) {
    const inputs = this.sideInputs();
    if (!inputs.length) {
      this.check("taken", points && this.bidding() !== null ? String(points[this.bidding()]) : null);
    } else {
      inputs.forEach((input, side) => (input.value = points ? String(points[side]) : "0"));
    }
  }

  changed(input) {
    this.dirty = true;
    if (input.name === "taken" || input.name?.startsWith("points_")) this.clearError("points");
    if (input.name?.startsWith("captured_")) this.touched.add(input.name.slice(9));
    if (input.name === "bidder") this.giveUntouched();
    if (input.name === "all_tricks" && input.value === "yes") this.giveAll();
    if ((input.name === "bid" || input.name === "bidder") && this.value("bid") === "moon") this.takeAll();
    this.clearError(input.name);
    this.update();
  }

  // Every point nobody has moved yet goes to the bidders' side.
  giveUntouched() {
    const team = this.bidding();
    for (const key of this.points) if (!this.touched.has(key)) this.check(`captured_${key}`, String(team));
  }

  // A moon is made by taking every point: quick entry starts it there (one tap fewer; a moon set is moved down).
  takeAll() {
    if (this.mode !== "points") return;
    const inputs = this.sideInputs();
    if (!inputs.length) {
      this.check("taken", String(this.engine.handTotal(this.rules)));
      this.clearError("points");
      return;
    }
    const bidding = this.value("bidder") === null ? null : this.bidding();
    if (bidding === null) return;
    inputs.forEach((input, side) => side !== bidding && (input.value = "0"));
    this.clearError("points");
  }

  giveAll() {
    const team = String(this.bidding());
    for (const key of this.points) this.check(`captured_${key}`, team);
  }

  // The hand body as the API takes it, from whatever is filled in so far.
  body() {
    const bid = this.value("bid");
    const bidder = this.value("bidder");
    const body = {
      bidder: bidder === null ? null : Number(bidder),
      bid: bid === null ? null : bid === "moon" ? "moon" : Number(bid),
      captured: {},
    };
    const trump = this.value("trump");
    if (trump) body.trump = trump;
    if (this.mode === "points") {
      delete body.captured;
      const points = this.sidePoints(body.bidder);
      if (points) body.points = points;
    }
    for (const key of this.mode === "points" ? [] : this.points) {
      const team = this.value(`captured_${key}`);
      if (team !== null) body.captured[key] = team === "none" ? null : Number(team);
    }
    if (this.rules.all_tricks_bid !== null && body.bid === this.rules.all_tricks_bid) {
      const answer = this.value("all_tricks");
      if (answer !== null) body.all_tricks = answer === "yes" ? this.bidding() : null;
    }
    return body;
  }

  // The first thing missing, as [field, message], before the engine is asked.
  missing(body) {
    if (body.bidder === null) return ["bidder", "Tap who won the bid."];
    if (body.bid === null) return ["bid", "Choose the bid."];
    if (this.mode === "points" && !body.points) return ["points", "Tap the points the bidders took."];
    if (this.rules.all_tricks_bid !== null && body.bid === this.rules.all_tricks_bid && !("all_tricks" in body)) {
      return ["all_tricks", `A bid of ${body.bid} needs every trick: say whether the bidders took all six.`];
    }
    return null;
  }

  // Check the hand: {hand, state} when it can be saved, or {field, message}.
  validate() {
    const body = this.body();
    const missing = this.missing(body);
    if (missing) return { field: missing[0], message: missing[1], body };
    try {
      const hand = this.engine.parseHand(body, this.rules);
      return { body, hand, state: this.engine.play(this.before, hand) };
    } catch (error) {
      if (!(error instanceof this.engine.RuleError)) throw error;
      return { field: error.field, message: error.message, body };
    }
  }

  // Refresh the live line, the all-tricks question and the moon button after any tap.
  update() {
    const body = this.body();
    const allTricks = this.form.querySelector('[data-field="all_tricks"]');
    if (allTricks) allTricks.hidden = body.bid !== this.rules.all_tricks_bid;
    this.moonCheck(body);
    const live = this.form.querySelector(".live");
    const result = this.validate();
    live.textContent = result.state ? this.liveLine(result.state) : result.message;
    const made = result.state?.hands[result.state.hands.length - 1].made;
    live.classList.toggle("ok", made === true); // a made bid in the made colour, a set in the set colour
    live.classList.toggle("set", made === false);
  }

  liveLine(state) {
    const scored = state.hands[state.hands.length - 1];
    const names = this.sideNames();
    const points = names.map((name, team) => `${name} ${scored.points[team]}`).join(" · ");
    const bidding = this.sideOf(scored.hand.bidder);
    const team = names[bidding];
    const { bidLabel, num, resultLabel } = this.sheet;
    const hand = { ...scored.hand, made: scored.made };
    const bid = bidLabel(hand, this.rules);
    const why = resultLabel({ ...hand, sides: this.seated() ?? undefined }, this.rules, this.teams.length)
      .replace(/^set:?/, "");
    const change = this.seated() ? scored.delta[this.seated()[bidding][0]] : scored.delta[bidding];
    const result = scored.made ? `made ${bid}` : `set${why ? `:${why}` : ""}, ${num(change)}`;
    const winners = state.outcome?.winners.map((column) => this.teams[column]).join(this.engine.PAIR);
    const end = state.outcome ? ` Winner: ${winners}.` : "";
    if (this.mode === "points" && !this.sideInputs().length) {
      // Quick entry with two sides: the tapped count is on screen; one short line keeps Save in view.
      return `${team} took ${scored.points[bidding]} of ${this.engine.handTotal(this.rules)}: ${result}.${end}`;
    }
    return `${points}. ${team} ${result}.${end}`;
  }

  // The moon is refused (e.g. in the hole): say why and take the button away.
  moonCheck(body) {
    const moon = this.form.querySelector('input[name="bid"][value="moon"]');
    if (!moon) return;
    let reason = "";
    if (body.bidder !== null) {
      const team = this.sideOf(body.bidder);
      const captured = Object.fromEntries(this.points.map((key) => [key, team]));
      try {
        this.engine.play(this.before, this.engine.parseHand({ bidder: body.bidder, bid: "moon", captured }, this.rules));
      } catch (error) {
        if (error instanceof this.engine.RuleError && error.field === "bid") reason = error.message;
      }
    }
    moon.disabled = Boolean(reason);
    moon.parentElement.classList.toggle("off", Boolean(reason));
    if (reason && moon.checked) moon.checked = false;
    const note = this.sheet.slot(this.form, "moon-note");
    note.textContent = reason;
    note.hidden = !reason;
  }

  clearError(name) {
    const node = this.form.querySelector(`[data-error="${name}"]`);
    if (node) {
      node.textContent = "";
      node.hidden = true;
      node.closest("fieldset")?.classList.remove("invalid");
    }
  }

  clearErrors() {
    for (const node of this.form.querySelectorAll("[data-error]")) this.clearError(node.dataset.error);
  }

  // Show a message at the field it names (engine and API fields: bid, captured.ace, ...) and go there.
  showError(field, message) {
    const name = (field ?? "form").replace(".", "_");
    const node = this.form.querySelector(`[data-error="${name}"]`) ?? this.form.querySelector('[data-error="form"]');
    node.textContent = message;
    node.hidden = false;
    const group = node.closest("fieldset");
    group?.classList.add("invalid");
    (group?.querySelector("input:not(:disabled)") ?? node).focus?.();
    node.scrollIntoView?.({ block: "nearest" });
  }
}

// quickOn, setMode, switchEntry, step, sideInputs, sidePoints (quickentry.js: the getter kept a getter), and
// toHash, fromHash (handhash.js)
Object.defineProperties(HandForm.prototype, Object.getOwnPropertyDescriptors(quickEntry));
Object.assign(HandForm.prototype, hashState);
