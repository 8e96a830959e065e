// The outbox's storage: IndexedDB "pitch" (its outbox and games stores), or where IndexedDB is refused (some
// private modes) the same calls in memory for the page's life. A plain script like outbox.js, which it comes
// before (the pages import both, the worker imports both): it defines self.PitchOutboxStore.

(() => {
  const DB = "pitch";
  let opening = null;

  function promised(request) {
    return new Promise((resolve, reject) => {
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  }

  function done(tx) {
    return new Promise((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error ?? new Error("IndexedDB transaction aborted"));
    });
  }

  function open() {
    if (!opening) {
      const request = indexedDB.open(DB, 1);
      request.onupgradeneeded = () => {
        const db = request.result;
        const outbox = db.createObjectStore("outbox", { keyPath: "seq", autoIncrement: true });
        outbox.createIndex("gameId", "gameId");
        db.createObjectStore("games", { keyPath: "id" });
      };
      opening = promised(request).then((db) => {
        db.onversionchange = () => {
          db.close();
          opening = null;
        };
        return db;
      });
      opening.catch(() => {
        opening = null;
      });
    }
    return opening;
  }

  // Run `work(stores)` in one transaction over `names`; resolves to its result once committed.
  async function transact(names, mode, work) {
    const db = await open();
    const tx = db.transaction(names, mode);
    const stores = Object.fromEntries(names.map((name) => [name, tx.objectStore(name)]));
    const result = await work(stores);
    await done(tx);
    return result;
  }

  const bySeq = (list) => list.sort((a, b) => a.seq - b.seq);

  // IndexedDB, the phone's own disk.
  const disk = {
    entries: (gameId = null) => transact(["outbox"], "readonly", ({ outbox }) =>
      promised(gameId === null ? outbox.getAll() : outbox.index("gameId").getAll(gameId))).then(bySeq),
    getGame: (id) => transact(["games"], "readonly", ({ games }) => promised(games.get(id))),
    allGames: () => transact(["games"], "readonly", ({ games }) => promised(games.getAll())),
    putGame: (id, fields) => transact(["games"], "readwrite", async ({ games }) => {
      const record = { id, server: null, setup: null, ...(await promised(games.get(id))), ...fields, updated: Date.now() };
      games.put(record);
      return record;
    }),
    add: (entry) => transact(["outbox"], "readwrite", async ({ outbox }) => {
      const stored = { ...entry };
      stored.seq = await promised(outbox.add(stored));
      return stored;
    }),
    update: (entry) => transact(["outbox"], "readwrite", ({ outbox }) => promised(outbox.put(entry))),
    remove: (seq) => transact(["outbox"], "readwrite", ({ outbox }) => promised(outbox.delete(seq))),
    // Drop the confirmed entry and keep the server's game, in one transaction.
    confirm: (entry, game) => transact(["outbox", "games"], "readwrite", async ({ outbox, games }) => {
      outbox.delete(entry.seq);
      const record = (await promised(games.get(entry.gameId))) ?? { id: entry.gameId };
      games.put({ ...record, variant: game.variant, server: game, setup: null, updated: Date.now() });
    }),
  };

  // Where IndexedDB is refused (some private modes): the same calls in memory, for this page's life only.
  const outboxMemory = new Map();
  const gamesMemory = new Map();
  let nextSeq = 1;
  const copy = (value) => (value === undefined ? undefined : structuredClone(value));
  const memory = {
    entries: async (gameId = null) => bySeq([...outboxMemory.values()].filter((e) => gameId === null || e.gameId === gameId).map(copy)),
    getGame: async (id) => copy(gamesMemory.get(id)),
    allGames: async () => [...gamesMemory.values()].map(copy),
    putGame: async (id, fields) => {
      const record = { id, server: null, setup: null, ...gamesMemory.get(id), ...copy(fields), updated: Date.now() };
      gamesMemory.set(id, record);
      return copy(record);
    },
    add: async (entry) => {
      const stored = { ...copy(entry), seq: nextSeq++ };
      outboxMemory.set(stored.seq, stored);
      return copy(stored);
    },
    update: async (entry) => void outboxMemory.set(entry.seq, copy(entry)),
    remove: async (seq) => void outboxMemory.delete(seq),
    confirm: async (entry, game) => {
      outboxMemory.delete(entry.seq);
      await memory.putGame(entry.gameId, { variant: game.variant, server: game, setup: null });
    },
  };

  let backend = null;
  function storage() {
    backend ??= open().then(() => disk, () => memory);
    return backend;
  }
  const call = (name) => async (...args) => (await storage())[name](...args);
  const entries = call("entries");
  const getGame = call("getGame");
  const allGames = call("allGames");
  const putGame = call("putGame");
  const update = call("update");
  const remove = call("remove");
  const confirm = call("confirm");
  const add = (entry) => call("add")({ queuedAt: Date.now(), problem: null, ...entry });
  // When an entry was queued (ms); entries kept before the field had its name call it `made`.
  const queuedAt = (entry) => entry.queuedAt ?? entry.made ?? 0;
  const durable = async () => (await storage()) === disk;

  self.PitchOutboxStore = { entries, getGame, allGames, putGame, add, update, remove, confirm, queuedAt, durable };
})();
