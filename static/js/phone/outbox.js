// The outbox: every write a phone makes, kept in IndexedDB until the server has confirmed it, and sent
// in order. Shared by the pages (store.js imports this file) and the service worker (importScripts, for
// Background Sync), so it is a plain script with no import or export: it defines self.PitchOutbox, over the
// storage of outboxstore.js (self.PitchOutboxStore), which comes first.
//
// An entry is one request of docs/api.md with the ids made on the phone (the game's id and edit key,
// the hand's id), so sending it twice changes nothing. A game started in a group is created through
// POST /api/groups/<group>/games (docs/api-groups.md) on the group's key: its create entry names the
// `group`, and its `key` is the group's. Entries of one game go one at a time, in order,
// under a Web Lock shared by every tab and the worker; an answer the server refuses (409, 422, ...)
// holds that game's later entries back until the scorer decides (the page's conflict screen). A 429
// (too many requests) is like a lost connection: the entry is kept and sent again after the Retry-After.
// A 403 whose key was changed on another phone (code "key_replaced") holds the game's entries the same way,
// never sent again with that key: they go once the phone holds the new key (store.adoptKey).
//
// IndexedDB "pitch": outbox {seq, gameId, kind, key, group, body, number, handId, queuedAt (ms; older phones
//                            have it as `made`), problem}
//                    games  {id, variant, server (the last game JSON the server sent), setup (the create
//                            body while the server does not have the game), updated}

(() => {
  const LOCK = "pitch-outbox";
  const CHANNEL = "pitch-outbox";
  const RETRY_STATUSES = new Set([408, 425, 429, 500, 502, 503, 504]);
  // The storage (outboxstore.js, loaded first).
  const { entries, getGame, allGames, putGame, add, update, remove, confirm, queuedAt, durable } = self.PitchOutboxStore;

  // The HTTP request an entry stands for (docs/api.md).
  function request(entry) {
    const game = `/api/games/${encodeURIComponent(entry.gameId)}`;
    const created = entry.group ? `/api/groups/${encodeURIComponent(entry.group)}/games` : "/api/games";
    const paths = {
      create: ["POST", created],
      add: ["POST", `${game}/hands`],
      replace: ["PUT", `${game}/hands/${entry.number}`],
      // An undo: only while it is still that hand and still the last (a phone behind never removes a middle one).
      delete: ["DELETE", `${game}/hands/${entry.number}?id=${encodeURIComponent(entry.handId)}&last=1`],
      time: ["POST", `${game}/time`],
    };
    const [method, url] = paths[entry.kind];
    const headers = { Accept: "application/json" };
    if (entry.kind !== "create" || entry.group) headers.Authorization = `Bearer ${entry.key}`;
    // A new hand needs only the short answer (docs/api.md): the phone adds it to its copy of the game.
    if (entry.kind === "add") headers.Prefer = "return=minimal";
    let body;
    if (entry.kind === "add") body = { ...entry.body, id: entry.handId, number: entry.number };
    else if (entry.kind !== "delete") body = entry.body ?? {};
    if (body !== undefined) headers["Content-Type"] = "application/json";
    return { method, url, headers, body: body === undefined ? undefined : JSON.stringify(body) };
  }

  let chain = Promise.resolve();
  // One sender at a time across tabs and the worker (Web Locks), or within this context without them.
  function locked(work) {
    if (self.navigator?.locks?.request) return self.navigator.locks.request(LOCK, work);
    const run = chain.then(work, work);
    chain = run.catch(() => {});
    return run;
  }

  function announce(message) {
    if (typeof BroadcastChannel === "undefined") return;
    const channel = new BroadcastChannel(CHANNEL);
    channel.postMessage(message);
    channel.close();
  }

  async function answerOf(response) {
    const data = await response.json().catch(() => null);
    return {
      status: response.status, error: data?.error ?? `The server answered ${response.status}.`,
      field: data?.field ?? null, code: data?.code ?? null,
    };
  }

  // When the server asks to be asked again (Retry-After: seconds or an HTTP date), in ms; null if it does not say.
  function retryAt(response, now = Date.now()) {
    const value = response.headers.get("Retry-After")?.trim() ?? "";
    if (/^\d+$/.test(value)) return now + Number(value) * 1000;
    const date = Date.parse(value);
    return Number.isNaN(date) ? null : Math.max(date, now);
  }

  // Send one entry: "sent", "offline" (try again later), "busy" (429: later, see `busyUntil`) or
  // "refused" (kept, with the server's reason).
  async function sendOne(entry, fetcher) {
    const { method, url, headers, body } = request(entry);
    let response;
    try {
      response = await fetcher(url, { method, headers, body, credentials: "same-origin", cache: "no-store" });
    } catch {
      return "offline";
    }
    if (response.ok) {
      const answer = await response.json().catch(() => null);
      if (!answer) return "offline";
      const short = response.headers.get("Preference-Applied") === "return=minimal";
      const game = short ? withHand((await getGame(entry.gameId))?.server, answer) : answer;
      if (game) await confirm(entry, game);
      else {
        await remove(entry.seq);
        stale.add(entry.gameId);
      }
      await followId(entry, short ? answer.hand?.id : game.hands?.[entry.number - 1]?.id, game);
      return "sent";
    }
    if (response.status === 429) {
      busyUntil = retryAt(response);
      return "busy";
    }
    if (RETRY_STATUSES.has(response.status)) return "offline";
    const problem = await answerOf(response);
    if (response.status === 409 && entry.kind !== "create") {
      try {
        const current = await fetcher(`/api/games/${encodeURIComponent(entry.gameId)}`, { cache: "no-store" });
        if (current.ok) {
          problem.server = await current.json();
          await putGame(entry.gameId, { variant: problem.server.variant, server: problem.server });
        }
      } catch {
        // Seen again on the next try.
      }
    }
    await update({ ...entry, problem });
    return "refused";
  }

  let busyUntil = null; // the last 429's Retry-After, in ms (null: it gave none)
  const stale = new Set(); // games whose copy a short answer could not bring up to date: read once drained

  // The phone's copy of the game with the hand a short answer stored as its next hand, or null when the copy
  // cannot be brought up to date from it alone (no copy, another phone's hands between, the game over, or a
  // clock just started): that game is read whole once the outbox has sent what it holds.
  function withHand(server, answer) {
    const hand = answer.hand;
    if (!server?.hands || !hand || answer.status !== "playing" || (server.clock && !server.clock.started_at)) {
      return null;
    }
    const hands = server.hands.length === hand.number - 1 ? [...server.hands, hand]
      : server.hands.length === hand.number && server.hands[hand.number - 1].id === hand.id ? server.hands : null;
    if (!hands) return null;
    const { scores, status, winner, next_dealer, next_number } = answer;
    return { ...server, hands, scores, status, winner, next_dealer, next_number };
  }

  // Read each game a short answer left behind, whole, and keep it (one read after many hands).
  async function refresh(fetcher) {
    for (const gameId of [...stale]) {
      try {
        const response = await fetcher(`/api/games/${encodeURIComponent(gameId)}`, { cache: "no-store" });
        if (!response.ok) continue;
        const server = await response.json();
        await putGame(gameId, { variant: server.variant, server });
        stale.delete(gameId);
      } catch {
        return; // offline again: read on the next drain
      }
    }
  }

  // Another phone had logged this very hand (the server kept its own and added nothing): the later
  // writes of this phone that name the hand by its id name the server's hand instead.
  async function followId(entry, kept, game) {
    if (entry.kind !== "add" || !kept || kept === entry.handId) return;
    if (game?.hands?.some((hand) => hand.id === entry.handId)) return;
    for (const item of await entries(entry.gameId)) {
      if (item.handId === entry.handId) await update({ ...item, handId: kept });
    }
  }

  // Send every entry that may go, oldest first. Resolves to {sent, offline, held, retryAt}: how many
  // were confirmed, whether the connection failed (or the server asked to wait), how many wait, and
  // when the server asked to be sent them again (ms; absent unless it did).
  function drain(fetcher = timedFetch) {
    return locked(async () => {
      let sent = 0;
      let offline = false;
      const changed = new Set();
      for (;;) {
        const list = await entries();
        const held = new Set(list.filter((entry) => entry.problem).map((entry) => entry.gameId));
        const next = list.find((entry) => !held.has(entry.gameId));
        if (!next) {
          await refresh(fetcher);
          const waiting = list.length;
          if (changed.size) announce({ type: "changed", games: [...changed], waiting });
          return { sent, offline, held: waiting };
        }
        const outcome = await sendOne(next, fetcher);
        if (outcome === "offline" || outcome === "busy") {
          offline = true;
          if (changed.size) announce({ type: "changed", games: [...changed], waiting: list.length });
          const wait = outcome === "busy" && busyUntil !== null ? { retryAt: busyUntil } : {};
          return { sent, offline, held: list.length, ...wait };
        }
        changed.add(next.gameId);
        if (outcome === "sent") sent += 1;
      }
    });
  }

  // ---- In a page: send now, again when the connection comes back, and on a growing timer meanwhile.

  const TIMEOUT = 15000; // a request that hangs this long is tried again later (the server deduplicates)
  let flushing = null;
  let again = false;
  let failures = 0;
  let retry = 0;
  let holdUntil = 0; // the server asked for nothing more before then (429 Retry-After)

  function timedFetch(url, options) {
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), TIMEOUT);
    return fetch(url, { ...options, signal: abort.signal }).finally(() => clearTimeout(timer));
  }

  // Send what waits; a call while sending runs once more after it. Resolves to drain()'s result.
  // While the server asked to wait, nothing is sent: the timer sends it all once the wait is over.
  function flush() {
    if (flushing) {
      again = true;
      return flushing;
    }
    if (Date.now() < holdUntil) {
      return entries().then((list) => ({ sent: 0, offline: true, held: list.length, retryAt: holdUntil }));
    }
    clearTimeout(retry);
    flushing = drain(timedFetch).then((result) => {
      flushing = null;
      if (again && !result.retryAt) {
        again = false;
        return flush();
      }
      again = false;
      failures = result.offline ? failures + 1 : 0;
      holdUntil = result.retryAt ?? 0;
      const wait = result.retryAt ? Math.max(1000, result.retryAt - Date.now()) : Math.min(60, 2 ** failures) * 1000;
      if (result.offline) {
        retry = setTimeout(() => {
          holdUntil = 0;
          flush();
        }, wait);
      }
      announce({ type: "drained", ...result });
      return result;
    }, (error) => {
      flushing = null;
      throw error;
    });
    return flushing;
  }

  // Call `listener(message)` whenever an outbox changes, here or in another tab or the worker.
  function subscribe(listener) {
    if (typeof BroadcastChannel === "undefined") return () => {};
    const channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = (event) => listener(event.data);
    return () => channel.close();
  }

  if (typeof window !== "undefined") window.addEventListener("online", () => flush());

  self.PitchOutbox = {
    CHANNEL, entries, getGame, allGames, putGame, add, update, remove, confirm, durable, request, drain, flush,
    subscribe, announce, queuedAt, retryAt,
  };
})();
