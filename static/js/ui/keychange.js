// Changing a game's edit key from the game page: ask first, then the phone makes the new key and the page
// comes again with the new co-scorer link (every other phone loses write access).

import { ask } from "./confirm.js";
import * as store from "../phone/store.js";

const QUESTION =
  "Change the edit key? Every other phone keeping score of this game loses write access at once; this phone keeps it.";

// Ask in `dialog`; on yes change the key of `gameId` and reload, or `say` why it could not be changed.
export async function changeKey(dialog, gameId, say) {
  if ((await ask(dialog, QUESTION, "Change the key", "Keep it")) !== "yes") return;
  const csrf = document.querySelector('meta[name="csrf-token"]').content;
  try {
    await store.changeKey(gameId, csrf);
  } catch (error) {
    say(error.message);
    return;
  }
  location.reload();
}
