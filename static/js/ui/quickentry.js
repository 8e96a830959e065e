// Quick entry in the hand form (games where every point is in play): the table gives the points each side took
// instead of who took each card. The default; "Card by card" switches, remembered on this phone. Methods of the
// hand form (handform.js gives them to HandForm), apart for its size.

const ENTRY = "pitch.entry"; // localStorage: "cards" when this phone gives hands card by card

export function remembered() {
  try {
    return localStorage.getItem(ENTRY) === "cards" ? "cards" : "points";
  } catch {
    return "points"; // storage refused (private mode): quick entry, not remembered
  }
}

export const quickEntry = {
  // Whether this game's hands may be given as points, as the quick fieldset is drawn (the offline shell's
  // is drawn for its variant: a game whose sides or points differ from it enters card by card).
  get quickOn() {
    if (!this.quick || !this.before || !this.engine.takesPoints(this.rules)) return false;
    const sides = this.quick.querySelectorAll("[data-side]").length || 2;
    return sides === this.sideNames().length && Number(this.quick.dataset.total) === this.engine.handTotal(this.rules);
  },

  setMode(mode) {
    this.mode = this.quickOn ? mode : "cards";
    if (!this.quick) return;
    for (const node of this.form.querySelectorAll("[data-entry]")) node.hidden = node.dataset.entry !== this.mode;
    this.switcher.hidden = !this.quickOn;
    this.switcher.textContent = this.mode === "points" ? "Card by card" : "Points only";
    this.form.classList.toggle("quick-mode", this.mode === "points");
  },

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
  },

  // A side's − or + button (more than two sides): one point less or more, within the hand.
  step(button) {
    const input = button.parentElement.querySelector("input");
    const total = this.engine.handTotal(this.rules);
    const value = Math.min(total, Math.max(0, (Number.parseInt(input.value, 10) || 0) + Number(button.dataset.step)));
    input.value = String(value);
    input.dispatchEvent(new Event("change", { bubbles: true }));
  },

  sideInputs() {
    return [...(this.quick?.querySelectorAll("[data-side] input") ?? [])];
  },

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
  },
};
