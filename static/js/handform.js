// The hand form: reads and fills the radio buttons of templates/games/_hand_form.html, starts every point
// with the bidders' side, keeps a live line of points and made/set, and checks the hand with the
// engine so its messages show at the field they name. Its state round-trips through the URL hash.
// Quick entry (games where every point is in play): the table gives the points each side took instead
// of who took each card; the default, and "Card by card" switches, remembered on this phone.

import * as engine from "./engine.js";
import * as sheet from "./sheet.js";

const ENTRY = "pitch.entry"; // localStorage: "cards" when this phone gives hands card by card

function remembered() {
  try {
    return localStorage.getItem(ENTRY) === "cards" ? "cards" : "points";
  } catch {
    return "points"; // storage refused (private mode): quick entry, not remembered
  }
}

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

  // Whether this game's hands may be given as points, as the quick fieldset is drawn (the offline shell's
  // is drawn for its variant: a game whose sides or points differ from it enters card by card).
  get quickOn() {
    if (!this.quick || !this.before || !this.engine.takesPoints(this.rules)) return false;
    const sides = this.quick.querySelectorAll("[data-side]").length || 2;
    return sides === this.sideNames().length && Number(this.quick.dataset.total) === this.engine.handTotal(this.rules);
  }

  setMode(mode) {
    this.mode = this.quickOn ? mode : "cards";
    if (!this.quick) return;
    for (const node of this.form.querySelectorAll("[data-entry]")) node.hidden = node.dataset.entry !== this.mode;
    this.switcher.hidden = !this.quickOn;
    this.switcher.textContent = this.mode === "points" ? "Card by card" : "Points only";
    this.form.classList.toggle("quick-mode", this.mode === "points");
  }

  // The other way of giving this hand; the choice is this phone's from now on.
  switchEntry() {
    const mode = this.mode === "points" ? "cards" : "points";
    try {
      localStorage.setItem(ENTRY, mode);
    } catch {
      // storage refused: the switch holds for this form only
    }
    this.setMode(mode);
    this.clearErrors();
    this.update();
  }

  // A side's − or + button (more than two sides): one point less or more, within the hand.
  step(button) {
    const input = button.parentElement.querySelector("input");
    const total = this.engine.handTotal(this.rules);
    const value = Math.min(total, Math.max(0, (Number.parseInt(input.value, 10) || 0) + Number(button.dataset.step)));
    input.value = String(value);
    input.dispatchEvent(new Event("change", { bubbles: true }));
  }

  sideInputs() {
    return [...(this.quick?.querySelectorAll("[data-side] input") ?? [])];
  }

  // Each side's points as quick entry gives them, or null before the bidders' points are tapped.
  sidePoints(bidder) {
    const total = this.engine.handTotal(this.rules);
    const inputs = this.sideInputs();
    if (!inputs.length) {
      const taken = this.value("taken");
      if (taken === null || bidder === null) return null;
      const points = [total - Number(taken), total - Number(taken)];
      points[this.bidding()] = Number(taken);
      return points;
    }
    const bidding = this.bidding();
    const read = (input) => (input.value.trim() === "" ? 0 : Number(input.value));
    const others = inputs.reduce((sum, input, side) => sum + (side === bidding ? 0 : read(input)), 0);
    inputs.forEach((input, side) => {
      input.readOnly = side === bidding;
      if (side === bidding) input.value = String(total - others);
    });
    return bidder === null ? null : inputs.map(read);
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

  // The form's state for the URL hash: b=bidder, d=bid, t=trump, a=all tricks, c=one letter per point.
  toHash() {
    const params = new URLSearchParams({ id: this.form.elements.hand_id.value });
    const pairs = { b: "bidder", d: "bid", t: "trump", a: "all_tricks" };
    for (const [short, name] of Object.entries(pairs)) {
      const value = this.value(name);
      if (value) params.set(short, value);
    }
    params.set("c", this.points.map((key) => (this.value(`captured_${key}`) ?? "-").charAt(0)).join(""));
    if (this.quick) params.set("e", this.mode);
    const inputs = this.sideInputs();
    const quick = inputs.length ? inputs.map((input) => input.value).join(",") : this.value("taken");
    if (quick) params.set("q", quick);
    return params.toString();
  }

  fromHash(text) {
    const params = new URLSearchParams(text);
    this.dirty = [...params.keys()].some((key) => key !== "id");
    if (params.get("id")) this.form.elements.hand_id.value = params.get("id");
    const pairs = { b: "bidder", d: "bid", t: "trump", a: "all_tricks" };
    for (const [short, name] of Object.entries(pairs)) if (params.has(short)) this.check(name, params.get(short));
    if (params.has("e")) this.setMode(params.get("e") === "cards" ? "cards" : "points");
    const quick = params.get("q");
    const inputs = this.sideInputs();
    if (quick && inputs.length) quick.split(",").forEach((value, side) => inputs[side] && (inputs[side].value = value));
    else if (quick) this.check("taken", quick);
    const letters = params.get("c") ?? "";
    this.points.forEach((key, index) => {
      const letter = letters.charAt(index);
      if (!letter || letter === "-") return;
      this.check(`captured_${key}`, letter === "n" ? "none" : letter);
      this.touched.add(key);
    });
    this.update();
  }
}
