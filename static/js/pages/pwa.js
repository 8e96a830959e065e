// On every page: send what waits in the outbox (a game or hands kept while offline), install the service
// worker (/sw.js, scope: the whole site) and offer a new version when one is ready: the new worker waits
// until the scorer taps "Reload", then takes over and every open page reloads, so no page runs half
// old, half new. The outbox (IndexedDB) and the open hand form (the URL hash) survive the reload.

import "../phone/outboxstore.js";
import "../phone/outbox.js";

globalThis.PitchOutbox.flush().catch(() => {}); // and again on "online" (outbox.js), or from the worker

const worker = navigator.serviceWorker;
let updating = Boolean(worker?.controller); // a worker already runs: the next one to take over is an update

if (worker) {
  worker.addEventListener("controllerchange", () => {
    if (!updating) {
      updating = true; // the first worker took over this page: nothing to reload
      return;
    }
    location.reload(); // this tab or another accepted the new version
  });
  register();
}

async function register() {
  let registration;
  try {
    registration = await worker.register("/sw.js", { scope: "/", updateViaCache: "none" });
  } catch {
    return; // no worker (private mode, an old browser): the page still works online
  }
  if (!registration) return; // workers blocked (a test harness)
  worker.ready.then((ready) => {
    // A page that loaded while the first worker installed is not controlled yet: ask the worker to take it,
    // so it keeps working offline without a reload.
    if (!worker.controller) ready.active?.postMessage({ type: "claim" });
  });
  if (registration.waiting && worker.controller) offer(registration.waiting);
  registration.addEventListener("updatefound", () => {
    const next = registration.installing;
    next?.addEventListener("statechange", () => {
      if (next.state === "installed" && worker.controller) offer(next);
    });
  });
  document.addEventListener("visibilitychange", () => {
    if (!document.hidden) registration.update().catch(() => {});
  });
}

// The prompt: "A new version of the app is ready. [Reload]", at the top of whatever page is open.
function prompt() {
  let box = document.getElementById("update");
  if (box) return box;
  box = document.createElement("div");
  Object.assign(box, { id: "update", className: "update", hidden: true });
  box.setAttribute("role", "status");
  const text = document.createElement("p");
  text.textContent = "A new version of the app is ready.";
  const button = document.createElement("button");
  Object.assign(button, { type: "button", className: "primary", textContent: "Reload" });
  box.append(text, button);
  document.body.append(box);
  return box;
}

function offer(waiting) {
  const box = prompt();
  const button = box.querySelector("button");
  button.onclick = () => {
    button.disabled = true;
    waiting.postMessage({ type: "skip-waiting" });
  };
  box.hidden = false;
}
