// What to do with a write the server refused. For a hand another phone logged first (409 on its number):
// both versions side by side, and keep the server's, put this phone's in its place, or keep both (after a
// second question showing the sheet with both hands). The very same hand logged on both phones is one
// hand: this phone's copy is dropped without asking. Anything else refused (the game is over, the key is
// wrong): the server's reason, and drop the change. A game its group refused (the group's key, a name) is
// kept: it is created on its own, and its hands follow.

import { sameHand, withWrites } from "../phone/core.js";
import { bidLabel, num, setText, signed, slot, suitSign } from "./sheet.js";

export class ConflictScreen {
  // `dialog` is #conflict-dialog; `choose(seq, choice)` settles the entry; `opening()` runs before it shows;
  // `confirm(question, yes, no)` asks a second question and resolves to "yes" or "no".
  constructor(dialog, { choose, opening, confirm }) {
    Object.assign(this, { dialog, onChoose: choose, opening, confirm, seq: null, entry: null, asking: false });
    if (!dialog) return;
    dialog.addEventListener("cancel", (event) => event.preventDefault()); // it must be answered
    dialog.addEventListener("close", () => this.choose(dialog.returnValue));
  }

  // Show the refused `entry` (or close when there is none); `entries` are all the game's waiting writes.
  show(entry, entries = []) {
    const { dialog } = this;
    if (!dialog) return;
    if (!entry) {
      this.seq = null;
      if (dialog.open) dialog.close("");
      return;
    }
    if (entry.seq === this.seq && (dialog.open || this.asking)) return;
    this.seq = entry.seq;
    this.entry = entry;
    if (loggedTwice(entry)) {
      this.seq = null; // the same hand from both phones: keep the one on the server, ask nothing
      if (this.dropped !== entry.seq) this.onChoose(entry.seq, "theirs");
      this.dropped = entry.seq;
      return;
    }
    this.fill(entry);
    const later = entries.filter((item) => item.seq > entry.seq).length;
    if (later) {
      const what = later === 1 ? "1 more change from this phone waits" : `${later} more changes from this phone wait`;
      slot(dialog, "conflict-why").append(` ${what} for this choice.`);
    }
    this.opening();
    dialog.returnValue = "";
    dialog.showModal();
  }

  fill(entry) {
    const { problem, number } = entry;
    const server = problem.server ?? null;
    const theirs = server?.hands?.[number - 1] ?? null;
    const twice = entry.kind === "add" && problem.status === 409 && problem.field === "number" && server;
    const text = (name, value) => setText(this.dialog, name, value);
    const button = (name) => slot(this.dialog, name);
    slot(this.dialog, "versions").hidden = !twice;
    button("keep-mine").hidden = !(twice && theirs);
    button("keep-both").hidden = !(twice && server.status !== "finished");
    if (twice) {
      text("conflict-title", theirs ? `Hand ${number} was logged on two phones` : `Hand ${number} no longer fits`);
      text("conflict-why", "Another phone sent its hands before this one could. Nothing has been thrown away: "
        + "choose what the score sheet keeps.");
      text("theirs", theirs ? describe(theirs, server) : `The server has ${server.hands.length} hands.`);
      text("mine", describe(mine(entry, server), server));
      text("keep-theirs", theirs ? `Keep the other phone's hand ${number}` : "Drop this phone's hand");
      text("keep-mine", `Put this phone's hand in its place`);
      text("keep-both", `Keep both: this phone's becomes hand ${server.next_number}`);
    } else if (entry.kind === "create" && entry.group) {
      text("conflict-title", "This game did not join its group");
      text("conflict-why", `The group refused it: ${problem.error} Its hands are kept on this phone. The game can `
        + "be kept on its own (someone holding both keys can add it to the group later), and its hands follow it.");
      text("keep-theirs", "Keep it as a game of its own");
    } else {
      text("conflict-title", entry.kind === "add" ? `Hand ${number} was not saved` : "A change was not saved");
      text("conflict-why", `The server refused it: ${problem.error}`);
      text("keep-theirs", "Drop this change");
    }
  }

  async choose(choice) {
    const seq = this.seq;
    if (!seq || !["theirs", "mine", "both"].includes(choice)) return;
    if (choice === "both" && !(await this.bothConfirmed())) {
      if (this.seq !== seq) return; // settled meanwhile (another tab)
      this.dialog.returnValue = "";
      this.dialog.showModal(); // back to the three choices
      return;
    }
    if (this.seq !== seq) return;
    this.seq = null;
    await this.onChoose(seq, choice);
  }

  // "Keep both" is never one tap: the sheet as it would be with both hands, and a question.
  async bothConfirmed() {
    const { entry } = this;
    const server = entry.problem.server;
    const both = withWrites(server, [{ ...entry, kind: "add", number: server.next_number }]);
    const added = both.hands.slice(entry.number - 1)
      .map((hand) => `hand ${hand.number}: ${describe(hand, both).replace(/\.$/, "")}`);
    const scores = both.teams.map((team, index) => `${team.name} ${num(both.scores[index])}`).join(", ");
    const question = `Keep both? Then the sheet has ${added.join("; and ")}. The score would be ${scores}. `
      + "Keep both only if both hands were really played.";
    this.asking = true;
    try {
      return (await this.confirm(question, "Keep both hands", "Back")) === "yes";
    } finally {
      this.asking = false;
    }
  }
}

// A hand refused because another phone logged hand `number` first, with the very same hand.
function loggedTwice(entry) {
  const { problem, number } = entry;
  const theirs = problem?.server?.hands?.[number - 1];
  return entry.kind === "add" && problem.status === 409 && problem.field === "number" && theirs
    && sameHand(theirs, entry.body);
}

// This phone's hand, scored as it would be after the server's earlier hands.
function mine(entry, server) {
  const before = { ...server, hands: server.hands.slice(0, entry.number - 1) };
  const game = withWrites(before, [{ ...entry, kind: "add" }]);
  return game.hands[entry.number - 1] ?? { ...entry.body };
}

// "Bo bid 6 ♥, made: Us +4, Them +6"
function describe(hand, game) {
  if (hand.misdeal) return "A misdeal.";
  const trump = hand.trump ? ` ${suitSign(hand.trump)} (${hand.trump})` : "";
  const result = hand.made === undefined ? "" : hand.made ? ", made" : ", set";
  const deltas = hand.delta
    ? `: ${game.teams.map((team, index) => `${team.name} ${signed(hand.delta[index])}`).join(", ")}` : "";
  return `${game.players[hand.bidder]} bid ${bidLabel(hand, game.rules)}${trump}${result}${deltas}.`;
}
