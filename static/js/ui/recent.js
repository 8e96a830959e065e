// The start page's list of games on this phone: each entry says the teams with their scores, whether it
// is still being played, and when it was last played (the phone's own clock: "today 20:14").

import { num } from "./sheet.js";

// "Ann/Cy 24 – Bo/Di 19"
export const scoreLine = (teams, scores) => teams.map((name, team) => `${name} ${num(scores[team])}`).join(" \u2013 ");

// "today 20:14", "yesterday 9:05", or "Tue 1 Dec 20:14": when, on this phone's clock, relative to `now`.
export function when(date, now = new Date()) {
  const time = date.toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit" });
  const days = Math.round((startOfDay(now) - startOfDay(date)) / 86_400_000);
  if (days === 0) return `today ${time}`;
  if (days === 1) return `yesterday ${time}`;
  const day = date.toLocaleDateString(undefined, { weekday: "short", day: "numeric", month: "short" });
  return `${day} ${time}`;
}

const startOfDay = (date) => new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();

// Fill an entry of the list (the template's or the server's) for `game` {id, teams, scores, status, updated}.
export function fillEntry(item, game) {
  item.dataset.id = game.id;
  item.querySelector("a").href = `/games/${encodeURIComponent(game.id)}`;
  item.querySelector(".recent-teams").textContent = scoreLine(game.teams, game.scores);
  const time = item.querySelector("time");
  time.dateTime = new Date(game.updated).toISOString();
  item.querySelector(".recent-status").textContent = game.status === "finished" ? "over" : "playing";
  localTimes(item);
}

// Say the server-written times on this phone's clock.
export function localTimes(list) {
  for (const time of list.querySelectorAll("time[datetime]")) {
    time.textContent = when(new Date(time.dateTime));
    time.dataset.local = "";
  }
}
