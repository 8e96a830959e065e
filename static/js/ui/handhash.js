// The hand form's state in the URL hash (`#log?...` or `#edit-3?...`), so a reload or the back button brings a
// half-filled hand back: who bid what, each point's taker, the entry mode and the sides' points. Methods of the
// hand form (handform.js gives them to HandForm), apart for its size.

export const hashState = {
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
  },

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
  },
};
