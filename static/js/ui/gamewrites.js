// The game page's writes: shown at once from the engine's scoring, sent in order through the store (the outbox),
// then the server's game. Methods of the page (game.js adds them to GamePage), apart for its size.

import { ask } from "./confirm.js";
import { handsOf, replay, sameHand, scoredGame } from "../phone/core.js";
import { RuleError, parseHand, score } from "../engine.js";
import { undoQuestion } from "./sheet.js";
import * as store from "../phone/store.js";

const CATCH_UP_MS = 2500; // the longest a tap waits for the server's game before it goes on with the phone's
export const soon = (promise) => Promise.race([promise, new Promise((done) => setTimeout(done, CATCH_UP_MS))]);

export const writes = {
  send(write, previous, onError) {
    this.writing += 1;
    write().then(
      async () => {
        const record = await store.gameRecord(this.gameId); // read before it stops counting as on its way
        this.writing -= 1;
        if (!this.writing) this.apply(record);
      },
      (error) => {
        this.writing -= 1;
        this.show(previous);
        onError(error);
      },
    );
  },

  // Save hand `number` (a new one, or `editing` one) from the form's `body`; false with the engine's
  // error when the rules refuse it.
  save({ number, editing, id, body }) {
    if (!editing && number !== this.game.next_number) return this.saveLate(number, id, body);
    const ids = this.game.hands.map((hand) => hand.id);
    let state;
    try {
      const hands = handsOf(this.game, this.table);
      hands.splice(number - 1, editing ? 1 : 0, parseHand(body, this.table.rules));
      state = replay(this.table, hands, number);
    } catch (error) {
      if (!(error instanceof RuleError)) throw error;
      return error;
    }
    const previous = this.game;
    const key = editing ? `edit-${number}` : "log";
    this.say("");
    this.show(scoredGame(this.game, state, editing ? ids : [...ids, id]));
    document.getElementById(`hand-${number}`)?.scrollIntoView({ block: "nearest" }); // only if out of view
    this.announce(`Hand ${number} saved`);
    const hand = { ...body, id };
    const write = editing
      ? () => store.replaceHand(this.gameId, number, hand)
      : () => store.addHand(this.gameId, hand, number);
    this.send(write, previous, (error) => this.dialog.reopen(key, error));
    return null;
  },

  // The form was opened for hand `number`, and another phone logged that hand meanwhile: the same hand is
  // left at that; another goes to the server with its number, which refuses it, and the scorer chooses.
  saveLate(number, id, body) {
    const theirs = this.game.hands[number - 1];
    if (theirs && sameHand(theirs, body)) {
      this.say(`Hand ${number} was logged on another phone just now, the same as here.`);
      return null;
    }
    this.send(() => store.addHand(this.gameId, { ...body, id }, number), this.game, (error) => this.say(error.message));
    return null;
  },

  // Undo only the last hand, and only once this phone has the server's latest (another phone may have
  // logged one since): if the last hand changed, say so and remove nothing.
  async undo() {
    const seen = this.game.hands[this.game.hands.length - 1];
    if (!seen) return;
    await soon(this.sync.check());
    await this.refresh();
    const last = this.game.hands[this.game.hands.length - 1];
    if (last?.id !== seen.id) {
      this.say(last && last.number >= seen.number
        ? `Another phone logged hand ${last.number}; undo again if you still mean it.`
        : `Another phone removed hand ${seen.number}; check the sheet.`);
      return;
    }
    const answer = await ask(this.ask, undoQuestion(this.game), `Remove hand ${last.number}`, "Keep it");
    if (answer !== "yes") return;
    const previous = this.game;
    const ids = this.game.hands.map((hand) => hand.id).slice(0, -1);
    this.say("");
    this.show(scoredGame(this.game, score(this.table, handsOf(this.game, this.table).slice(0, -1)), ids));
    this.announce(`Hand ${last.number} removed`);
    this.send(() => store.deleteHand(this.gameId, last.number, last.id), previous, (error) => this.say(error.message));
  },

  async callTime() {
    const answer = await ask(this.ask,
      "Call time? The side ahead wins; level scores play on until one side is ahead.",
      "A hand is being played: finish it first", "Keep playing", "No hand dealt: decide now",
    );
    if (answer === "no") return;
    const body = { finish_hand: answer === "yes", after_hand: this.game.hands.length };
    this.send(() => store.callTime(this.gameId, body), this.game, (error) => this.say(error.message));
  },
};
