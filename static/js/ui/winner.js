// The winner banner's two buttons: share the result (Web Share, or the clipboard with a visible
// "Copied"), and a rematch: a new game with the same players, team names and rules, the deal passed on
// to the next seat (rules.first_dealer, docs/rules.md), created through the outbox like any game; a game
// in a group has its rematch made by the server (POST /api/games/<id>/rematch, on the game's key), in
// the same group with the same people, which needs a connection.
// Loaded by the game page only when one of the buttons is tapped.

import { num } from "./sheet.js";
import { createGame, editKey, joinSession, rememberKey, seen, token } from "../phone/store.js";


// "Us 31 – Them 24 · Them made 6 and reached 31"
export function resultText(game) {
  const scores = game.teams.map((team, index) => `${team.name} ${num(game.scores[index])}`).join(" \u2013 ");
  return game.result ? `${scores} \u00b7 ${game.result.reason}` : scores;
}

// The new game's body: this one's variant, players, names and rules; the seat after the last dealer deals.
export function rematchBody(game) {
  return {
    variant: game.variant,
    players: [...game.players],
    team_names: game.rules.sit_out ? null : game.teams.map((team) => team.name), // five: the sides change
    rules: { ...game.rules, first_dealer: game.next_dealer },
  };
}

// Do `action` ("share-result" or "rematch") of the banner's `box` for `game`.
export function act(action, box, game) {
  const status = box.querySelector('[data-slot="shared"]');
  if (action === "share-result") return share(game, status);
  if (action === "rematch") return rematch(game, box.querySelector('[data-action="rematch"]'), status);
}

async function share(game, status) {
  const url = game.share_url || `${location.origin}/share/${encodeURIComponent(game.id)}`;
  const text = resultText(game);
  status.textContent = "";
  if (navigator.share) {
    try {
      return await navigator.share({ title: game.teams.map((team) => team.name).join(" v "), text, url });
    } catch (error) {
      if (error.name === "AbortError") return; // the scorer closed the share sheet
    }
  }
  try {
    await navigator.clipboard.writeText(`${text} ${url}`);
    status.textContent = "Copied: the result and the link to the sheet.";
  } catch {
    status.textContent = `Copy this: ${text} ${url}`;
  }
}

async function rematch(game, button, status) {
  button.disabled = true;
  status.textContent = "Starting the rematch\u2026";
  try {
    const made = game.group ? await groupRematch(game) : await createGame(rematchBody(game));
    const csrf = document.querySelector('meta[name="csrf-token"]').content;
    await joinSession(made.id, made.edit_key, csrf);
    location.assign(`/games/${encodeURIComponent(made.id)}`);
  } catch (error) {
    button.disabled = false;
    status.textContent = error.message;
  }
}

// The rematch of a game in a group, made by the server in the same group; its id and key are made here,
// so a repeat after a lost answer is still one game.
async function groupRematch(game) {
  const mine = { id: token(), edit_key: token() };
  const key = editKey(game.id) ?? document.getElementById("game")?.dataset.editKey;
  let response;
  try {
    response = await fetch(`/api/games/${encodeURIComponent(game.id)}/rematch`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${key}` },
      body: JSON.stringify(mine),
    });
  } catch {
    throw new Error("The rematch of a group's game needs a connection: try again once the phone is online.");
  }
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(body.error || `The rematch could not be started (${response.status}).`);
  const { edit_key: madeKey, ...made } = body;
  rememberKey(made.id, madeKey);
  await seen(made); // the phone's copy carries no key (the key is kept apart, as for every game)
  return body;
}
