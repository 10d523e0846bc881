// The data folder in IndexedDB, one changed file at a time (run by companion/browser.py).
//
// Emscripten's IDBFS `autoPersist` syncs the whole mount after every change: it lists every file
// and every IndexedDB key, so a save costs more the more matches are stored. Here the mount is
// loaded once (`syncfs(true)`), then Emscripten's FS tracking hooks name each path written,
// renamed or deleted under the folder; `flush()` puts exactly those paths into IDBFS's own object
// store, in IDBFS's own record format ({timestamp, mode, contents} keyed by the absolute path), so
// the next start's `syncfs(true)` loads them as if IDBFS had written them. A path is read when it
// is flushed, not when it was marked: a temporary file renamed away before the flush is only
// deleted (a no-op), the file it became is put once.
//
// The database is `database` (web/scope.js: one per deployment), not the folder's path, which
// IDBFS would use; a new database starts as a copy of `legacy`, the one every deployment shared
// before, where the origin has it.
//
// Returns {busy(), flush(), commit()}:
// - busy(): whether a change is not yet committed;
// - flush(): commits every change marked so far; resolves, once IndexedDB has committed it and
//   all before it, to undefined (None in Python: a null would be Pyodide's JsNull), or to the
//   refusal ({name, message}, e.g. "QuotaExceededError" when the origin's storage is full) of
//   the first commit that failed. It never rejects: a rejected QuotaExceededError (its own
//   interface in Chromium) never woke the Python awaiting it, and the screen froze. A refused
//   change stays marked and goes with the next flush;
// - commit(): flush(), and where IndexedDB refused, put the folder back as IndexedDB holds it
//   (each path not committed) and resolve to the refusal: what the app reads is then what is
//   stored, and the save that asked is refused (companion/browser.py). Commits run one at a
//   time; one asked for before another's refusal put the folder back is refused too (its file
//   may have been put back).
async (FS, IDBFS, root, database, legacy, durability) => {
  const STORE = IDBFS.DB_STORE_NAME;
  const getDB = IDBFS.getDB;
  const open = (name) => new Promise((ok, fail) =>
    getDB(name, (error, found) => (error ? fail(error) : ok(found))));
  const done = (request) => new Promise((ok, fail) => {
    request.onsuccess = () => ok(request.result);
    request.onerror = () => fail(request.error);
  });
  const over = (tx) => new Promise((ok, fail) => {
    tx.oncomplete = () => ok();
    tx.onabort = () => fail(tx.error || new Error("IndexedDB refused the transaction"));
  });

  // A deployment's first start: the matches of the database all deployments shared before.
  if (legacy && legacy !== database && indexedDB.databases) {
    const names = (await indexedDB.databases()).map((found) => found.name);
    const fresh = !names.includes(database);
    if (fresh && names.includes(legacy)) {
      const from = await open(legacy);
      const read = from.transaction([STORE], "readonly").objectStore(STORE);
      const [keys, values] = await Promise.all([done(read.getAllKeys()), done(read.getAll())]);
      from.close();
      delete IDBFS.dbs[legacy];
      const to = await open(database);
      try {
        const tx = to.transaction([STORE], "readwrite");
        keys.forEach((key, i) => tx.objectStore(STORE).put(values[i], key));
        await over(tx);
      } catch (error) { // no half copy: the next start copies again
        to.close();
        delete IDBFS.dbs[database];
        await done(indexedDB.deleteDatabase(database));
        throw error;
      }
    }
  }
  // IDBFS names the database after the mount point: this folder's is `database`.
  IDBFS.getDB = (name, callback) => getDB(name === root ? database : name, callback);

  FS.mkdirTree(root);
  FS.mount(IDBFS, {}, root);
  await new Promise((ok, fail) => FS.syncfs(true, (error) => (error ? fail(error) : ok())));
  const db = await open(database);

  const inside = (path) => typeof path === "string" && path.startsWith(root + "/");
  const dirty = new Map(); // path -> whether a whole folder moved or went (its contents too)
  const written = new Set(); // files written since they were opened
  const inflight = new Set(); // promises of transactions not yet complete
  let scheduled = false;
  let quiet = false; // the folder is being put back as IndexedDB holds it: nothing to mark

  const keep = (path, tree) => dirty.set(path, tree || dirty.get(path) || false);
  const mark = (path, tree = false) => {
    if (quiet || !inside(path)) return;
    keep(path, tree);
    if (!scheduled) { // nothing after this write may wait for a screen update to be committed
      scheduled = true;
      setTimeout(() => { scheduled = false; flush(); }, 0);
    }
  };

  const hooks = {
    onWriteToFile: (path) => { if (!quiet && inside(path)) written.add(path); },
    onCloseFile: (path) => { if (written.delete(path)) mark(path); },
    onMovePath: (from, to) => { written.delete(from); mark(from, true); mark(to, true); },
    onDeletePath: (path) => { written.delete(path); mark(path, true); },
    onMakeDirectory: (path) => mark(path),
    onMakeSymlink: (target, path) => mark(path),
  };
  for (const [name, hook] of Object.entries(hooks)) {
    const before = FS.trackingDelegate[name];
    FS.trackingDelegate[name] = before ? (...args) => { before(...args); hook(...args); } : hook;
  }

  // The record IDBFS's own syncfs writes for a path (IDBFS.loadLocalEntry), or null if none.
  const record = (path) => {
    let stat;
    try { stat = FS.lstat(path); } catch (error) { return null; }
    if (FS.isDir(stat.mode)) return { timestamp: stat.mtime, mode: stat.mode };
    if (FS.isLink(stat.mode)) {
      return { timestamp: stat.mtime, mode: stat.mode, link: FS.readlink(path) };
    }
    return { timestamp: stat.mtime, mode: stat.mode, contents: FS.readFile(path) };
  };
  const below = (path) => {
    const found = [];
    for (const name of FS.readdir(path)) {
      if (name === "." || name === "..") continue;
      const child = `${path}/${name}`;
      found.push(child);
      if (FS.isDir(FS.lstat(child).mode)) found.push(...below(child));
    }
    return found;
  };
  const refusal = (error) => ({
    name: String((error && error.name) || "Error"),
    message: String((error && error.message) || error || "IndexedDB refused the write"),
  });

  const flush = () => {
    if (dirty.size) {
      const batch = [...dirty.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      dirty.clear();
      const again = () => { for (const [path, tree] of batch) keep(path, tree); };
      let tx;
      const result = new Promise((ok) => {
        try {
          tx = db.transaction([STORE], "readwrite", { durability });
          const store = tx.objectStore(STORE);
          for (const [path, tree] of batch) {
            const entry = record(path); // read now: the structured clone is taken by put()
            if (tree) store.delete(IDBKeyRange.bound(`${path}/`, `${path}/\uffff`));
            if (entry === null) { store.delete(path); continue; }
            store.put(entry, path);
            if (tree && FS.isDir(entry.mode)) {
              for (const child of below(path)) store.put(record(child), child);
            }
          }
        } catch (error) { // a record IndexedDB cannot take: nothing of the batch is put
          try { tx && tx.abort(); } catch (ignored) { /* already over */ }
          again();
          ok(refusal(error));
          return;
        }
        tx.oncomplete = () => ok(undefined);
        tx.onabort = () => { again(); ok(refusal(tx.error)); }; // kept for the next flush
      });
      inflight.add(result);
      result.then(() => inflight.delete(result));
    }
    return Promise.all([...inflight]).then((results) => results.find(Boolean));
  };

  // Put every path not committed back as IndexedDB holds it (gone where it holds none), with
  // what lies below a folder that moved or went.
  const restore = async () => {
    await Promise.all([...inflight]); // a refused batch is marked again once it is over
    const batch = [...dirty.entries()];
    dirty.clear();
    const kept = new Map(); // path -> IndexedDB's record, or null
    const tx = db.transaction([STORE], "readonly");
    const store = tx.objectStore(STORE);
    for (const [path, tree] of batch) {
      done(store.get(path)).then((entry) => kept.set(path, entry || null));
      if (tree) {
        const range = IDBKeyRange.bound(`${path}/`, `${path}/\uffff`);
        Promise.all([done(store.getAllKeys(range)), done(store.getAll(range))])
          .then(([keys, values]) => keys.forEach((key, i) => kept.set(key, values[i])));
      }
    }
    await over(tx);
    const remove = (path) => {
      let stat;
      try { stat = FS.lstat(path); } catch (error) { return; }
      if (FS.isDir(stat.mode)) {
        for (const child of below(path).reverse()) {
          if (FS.isDir(FS.lstat(child).mode)) FS.rmdir(child); else FS.unlink(child);
        }
        FS.rmdir(path);
      } else {
        FS.unlink(path);
      }
    };
    quiet = true;
    try {
      for (const [path, tree] of batch) {
        const entry = kept.get(path);
        let stat = null;
        try { stat = FS.lstat(path); } catch (error) { /* not in the folder */ }
        if (stat && (tree || !entry || FS.isDir(stat.mode) !== FS.isDir(entry.mode))) {
          remove(path);
        }
      }
      for (const path of [...kept.keys()].sort()) {
        const entry = kept.get(path);
        if (!entry) continue;
        FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
        IDBFS.storeLocalEntry(path, entry, (error) => { if (error) throw error; });
      }
    } finally {
      quiet = false;
      for (const [path] of batch) written.delete(path);
    }
  };

  let turn = Promise.resolve();
  let undone = 0; // how many times the folder was put back
  let lastRefusal = null;
  const commit = () => {
    const asked = undone;
    const result = turn.then(async () => {
      const refused = await flush();
      if (refused) {
        try {
          await restore();
        } catch (error) { // the folder stays ahead of IndexedDB: a reload shows what it holds
          console.error("Table Companion: could not put the data folder back", error);
        }
        undone += 1;
        lastRefusal = refused;
        return refused;
      }
      return undone === asked ? undefined : lastRefusal;
    });
    turn = result;
    return result;
  };

  return { busy: () => dirty.size > 0 || inflight.size > 0, flush, commit };
}
