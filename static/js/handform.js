// The hand form: reads and fills the radio buttons of templates/_hand_form.html, starts every point
// with the bidders' side, keeps a live line of points and made/set, and checks the hand with the
// engine so its messages show at the field they name. Its state round-trips through the URL hash.

export class HandForm {
  // `engine` is static/js/engine.js, `sheet` static/js/sheet.js (passed in: one copy of each module).
  constructor(form, engine, sheet, teamLabels) {
    this.form = form;
    this.engine = engine;
    this.sheet = sheet;
    this.teams = teamLabels;
    this.points = [...form.querySelectorAll("[data-point]")].map((node) => node.dataset.point);
    this.touched = new Set();
    this.before = null; // the game state before this hand
    form.addEventListener("change", (event) => this.changed(event.target));
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

  // Open for a hand: `before` is the engine state it is played from, `hand` a recorded hand or null.
  load(before, hand, { id, number }) {
    this.before = before;
    this.form.elements.hand_id.value = id;
    this.form.elements.number.value = String(number);
    this.clearErrors();
    this.touched = new Set(hand && !hand.misdeal ? this.points : []);
    const misdeal = !hand || hand.misdeal;
    this.check("bidder", misdeal ? null : String(hand.bidder));
    this.check("bid", misdeal ? null : String(hand.bid));
    this.check("trump", misdeal ? "" : hand.trump ?? "");
    this.check("all_tricks", misdeal || !("all_tricks" in hand) ? null : hand.all_tricks === null ? "no" : "yes");
    for (const key of this.points) {
      const team = misdeal ? null : hand.captured[key];
      this.check(`captured_${key}`, misdeal ? null : team === null ? "none" : String(team));
    }
    this.update();
  }

  bidding() {
    const bidder = this.value("bidder");
    return bidder === null ? null : Number(bidder) % this.teams.length;
  }

  changed(input) {
    if (input.name?.startsWith("captured_")) this.touched.add(input.name.slice(9));
    if (input.name === "bidder") this.giveUntouched();
    if (input.name === "all_tricks" && input.value === "yes") this.giveAll();
    this.clearError(input.name);
    this.update();
  }

  // Every point nobody has moved yet goes to the bidders' side.
  giveUntouched() {
    const team = this.bidding();
    for (const key of this.points) if (!this.touched.has(key)) this.check(`captured_${key}`, String(team));
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
    for (const key of this.points) {
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
    live.classList.toggle("ok", Boolean(result.state));
  }

  liveLine(state) {
    const scored = state.hands[state.hands.length - 1];
    const points = this.teams.map((name, team) => `${name} ${scored.points[team]}`).join(" · ");
    const team = this.teams[scored.hand.bidder % this.teams.length];
    const { bidLabel, num } = this.sheet;
    const bid = bidLabel(scored.hand, this.rules);
    const verdict = scored.made ? `${team} made ${bid}` : `${team} set, ${num(scored.delta[scored.hand.bidder % this.teams.length])}`;
    const end = state.outcome ? ` Winner: ${this.teams[state.outcome.winner]}.` : "";
    return `${points}. ${verdict}.${end}`;
  }

  // The moon is refused (e.g. in the hole): say why and take the button away.
  moonCheck(body) {
    const moon = this.form.querySelector('input[name="bid"][value="moon"]');
    if (!moon) return;
    let reason = "";
    if (body.bidder !== null) {
      const team = body.bidder % this.teams.length;
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
    return params.toString();
  }

  fromHash(text) {
    const params = new URLSearchParams(text);
    if (params.get("id")) this.form.elements.hand_id.value = params.get("id");
    const pairs = { b: "bidder", d: "bid", t: "trump", a: "all_tricks" };
    for (const [short, name] of Object.entries(pairs)) if (params.has(short)) this.check(name, params.get(short));
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
