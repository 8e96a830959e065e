// The service worker. /sw.js (scorekeeper/games/pwa.py) serves this file after the lines it writes first:
// VERSION (a digest of every asset and template), PRECACHE (the app shell: versioned static files, the
// start page, the offline game shells, a group's start page shell) and importScripts of js/phone/outboxstore.js and js/phone/outbox.js at their versioned URLs (a classic
// worker: it cannot use the pages' import map, and module workers are not in every browser yet; it sends
// the outbox and never scores, so it needs nothing more of the client core). A deploy changes them, so the
// browser installs the new worker next to the old one; the page offers "new version, reload", and only
// then does the new worker take over, so a page never runs half old, half new.
//
// Pages: network first (a slow network gives up after NAVIGATION_TIMEOUT), else the cached copy. A game
// page is never stored (it carries the edit key and says no-store): offline, or while the server does
// not know a game started offline, the worker answers with the game shell of its variant and the page
// renders the game from IndexedDB. A group's start page is never stored either (it carries the group's
// key): offline, the worker answers with its shell, which the page fills from what the phone kept of the
// group (js/ui/groupkeys.js). Static files: versioned URLs from the cache, the rest network first.
// Forms sent as pages go to the network; with no connection the worker answers with a page saying it was not
// sent. The API is left to the page: writes go through the outbox, which Background Sync replays here.

/* global VERSION, PRECACHE, PitchOutbox */
const CACHE = `pitch-${VERSION}`;
const NAVIGATION_TIMEOUT = 6000;
const GAME_PAGE = /^\/games\/([A-Za-z0-9_-]{22,64})\/?$/;
const GROUP_START = /^\/g\/[A-Za-z0-9_-]{22,64}\/start\/?$/;
const SHELL = (variant) => `/shell/${encodeURIComponent(variant)}`;
const GROUP_SHELL = "/shell/group-start";
const OFFLINE = "/offline";
const NOT_SENT = "/offline/not-sent";

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) => cache.addAll(PRECACHE.map((url) => new Request(url, { cache: "reload" })))),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) if (name.startsWith("pitch-") && name !== CACHE) await caches.delete(name);
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  const { type } = event.data ?? {};
  const reply = (message) => (event.ports[0] ?? event.source)?.postMessage(message);
  if (type === "skip-waiting") self.skipWaiting();
  else if (type === "claim") event.waitUntil(self.clients.claim()); // a page loaded while this worker installed
  else if (type === "version") reply({ type: "version", version: VERSION });
  else if (type === "flush") event.waitUntil(PitchOutbox.drain().then((result) => reply({ type: "flushed", ...result })));
});

// Background Sync (Chromium): the connection is back, perhaps with no page open. A rejection asks the
// browser to try again later.
self.addEventListener("sync", (event) => {
  if (event.tag !== "outbox") return;
  event.waitUntil(PitchOutbox.drain().then((result) => {
    if (result.offline) throw new Error("still offline");
  }));
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method === "POST" && request.mode === "navigate") event.respondWith(send(request));
  if (request.method !== "GET") return;
  if (request.mode === "navigate") event.respondWith(page(request, url));
  else if (url.pathname.startsWith("/static/")) event.respondWith(staticFile(request, url));
  else if (url.pathname === "/manifest.webmanifest") event.respondWith(networkFirst(request));
});

async function fromCache(request, options = {}) {
  const cache = await caches.open(CACHE);
  return cache.match(request, { ignoreVary: true, ...options });
}

async function keep(request, response) {
  const cache = await caches.open(CACHE);
  await cache.put(request, response);
}

function withTimeout(promise, ms) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("timeout")), ms);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

const noStore = (response) => /no-store/.test(response.headers.get("Cache-Control") ?? "");

async function page(request, url) {
  const game = GAME_PAGE.exec(url.pathname)?.[1] ?? null;
  const network = fetch(request);
  network.catch(() => {}); // handled below; no unhandled rejection after a timeout
  try {
    const response = await withTimeout(network, NAVIGATION_TIMEOUT);
    if (game && response.status === 404) return (await gameShell(game)) ?? response;
    if (response.ok && !noStore(response) && !url.search) await keep(url.pathname, response.clone());
    return response;
  } catch {
    const kept = GROUP_START.test(url.pathname) ? GROUP_SHELL : url.pathname;
    const fallback = game ? await gameShell(game) : await fromCache(kept);
    if (fallback) return fallback;
    try {
      return await network; // slow, not gone: keep waiting for it
    } catch {
      return (await fromCache(OFFLINE)) ?? Response.error();
    }
  }
}

// A form sent as a page (a night's draw, a registration, a signature): it needs the server. With no connection,
// the page that says so plainly, instead of the browser's own error; never a timeout, since a slow send may still
// arrive.
async function send(request) {
  try {
    return await fetch(request);
  } catch {
    return (await fromCache(NOT_SENT)) ?? Response.error();
  }
}

// The shell of the game's variant, if this phone has the game (else null).
async function gameShell(gameId) {
  let record = null;
  try {
    record = await PitchOutbox.getGame(gameId);
  } catch {
    return null;
  }
  const variant = record?.variant ?? record?.setup?.variant;
  return variant ? (await fromCache(SHELL(variant))) ?? null : null;
}

async function staticFile(request, url) {
  if (url.searchParams.has("v")) {
    const cached = await fromCache(request);
    if (cached) return cached;
  }
  try {
    const response = await fetch(request);
    if (response.ok && url.searchParams.has("v")) await keep(request, response.clone());
    return response;
  } catch (error) {
    const fallback = await fromCache(request, { ignoreSearch: true });
    if (fallback) return fallback;
    throw error;
  }
}

async function networkFirst(request) {
  try {
    const response = await fetch(request);
    if (response.ok) await keep(request, response.clone());
    return response;
  } catch (error) {
    const cached = await fromCache(request);
    if (cached) return cached;
    throw error;
  }
}
