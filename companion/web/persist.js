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
// Returns {busy(), flush()}: busy() says whether a change is not yet committed; flush() commits
// every change marked so far and resolves once IndexedDB has committed it (and all before it).
async (FS, IDBFS, root, durability) => {
  FS.mkdirTree(root);
  FS.mount(IDBFS, {}, root);
  await new Promise((ok, fail) => FS.syncfs(true, (error) => (error ? fail(error) : ok())));
  const db = await new Promise((ok, fail) =>
    IDBFS.getDB(root, (error, found) => (error ? fail(error) : ok(found))));

  const inside = (path) => typeof path === "string" && path.startsWith(root + "/");
  const dirty = new Map(); // path -> whether a whole folder moved or went (its contents too)
  const written = new Set(); // files written since they were opened
  const inflight = new Set(); // promises of transactions not yet complete
  let scheduled = false;

  const keep = (path, tree) => dirty.set(path, tree || dirty.get(path) || false);
  const mark = (path, tree = false) => {
    if (!inside(path)) return;
    keep(path, tree);
    if (!scheduled) { // nothing after this write may wait for a screen update to be committed
      scheduled = true;
      setTimeout(() => { scheduled = false; flush().catch(() => {}); }, 0);
    }
  };

  const hooks = {
    onWriteToFile: (path) => { if (inside(path)) written.add(path); },
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

  const flush = () => {
    if (dirty.size) {
      const batch = [...dirty.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      dirty.clear();
      const tx = db.transaction([IDBFS.DB_STORE_NAME], "readwrite", { durability });
      const store = tx.objectStore(IDBFS.DB_STORE_NAME);
      for (const [path, tree] of batch) {
        const entry = record(path); // read now: the structured clone is taken by put()
        if (tree) store.delete(IDBKeyRange.bound(`${path}/`, `${path}/\uffff`));
        if (entry === null) { store.delete(path); continue; }
        store.put(entry, path);
        if (tree && FS.isDir(entry.mode)) {
          for (const child of below(path)) store.put(record(child), child);
        }
      }
      const done = new Promise((ok, fail) => {
        tx.oncomplete = () => ok();
        tx.onerror = tx.onabort = () => {
          for (const [path, tree] of batch) keep(path, tree); // for the next flush
          fail(tx.error || new Error("IndexedDB refused the write"));
        };
      });
      inflight.add(done);
      const settle = () => inflight.delete(done);
      done.then(settle, settle);
    }
    return Promise.all([...inflight]).then(() => undefined);
  };

  return { busy: () => dirty.size > 0 || inflight.size > 0, flush };
}
