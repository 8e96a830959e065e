// The game page's status line about the outbox: "2 hands not sent yet, kept on this phone.",
// "... Too many changes at once: sending again in 30 s.", or "All changes saved." Short, so that it
// fits the two lines the page keeps for it on a 320 px phone.

const count = (n, one, many) => `${n} ${n === 1 ? one : many}`;

// What the line says for the game's waiting `entries` and the `refused` one (or null). `durable`: the
// outbox survives a closed page; `retryAt`: the server asked this phone to wait until then (ms, or 0).
export function syncText(entries, refused, { durable, retryAt = 0, now = Date.now() }) {
  if (refused?.problem?.code === "key_replaced" && refused.kind !== "create") {
    return `This phone's key was replaced on another phone; your ${count(entries.length, "unsent change is", "unsent changes are")} `
      + "kept. Open the new co-scorer link to keep scoring.";
  }
  if (refused) return "A change needs your decision before the rest can be sent.";
  if (!entries.length) return "All changes saved.";
  const created = entries.some((entry) => entry.kind === "create");
  const hands = entries.filter((entry) => entry.kind === "add").length;
  const other = entries.filter((entry) => entry.kind !== "add" && entry.kind !== "create").length;
  const parts = [created && "the new game", hands && count(hands, "hand", "hands"), other && count(other, "change", "changes")];
  const list = parts.filter(Boolean).join(" and ");
  const where = durable ? "kept on this phone" : "kept only while this page is open";
  const wait = Math.ceil((retryAt - now) / 1000);
  const when = wait > 0 ? ` Too many changes at once: sending again in ${wait} s.` : "";
  return `${list.charAt(0).toUpperCase()}${list.slice(1)} not sent yet, ${where}.${when}`;
}
