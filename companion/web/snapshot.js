// Python's start from a memory snapshot made on this device (issue 22): no download, no bytes
// in the folder. The first start runs as Flet's worker does; once Home is up the page
// (start.js) asks a worker of its own (snapshot-worker.js) to start a second Python, import
// the modules the app had imported by Home, and keep a copy of that interpreter's memory in the
// browser's cache. Later starts restore it instead of starting Python and importing the app
// (loadPyodide's `_loadSnapshot`). `table-companion-web build` writes KEY: a digest of the
// files a snapshot depends on (Pyodide, its standard library, the app's archive and its
// dependencies', the worker scripts), so a new release never restores an older one; Pyodide
// itself refuses another build's.
// Whatever goes wrong with a kept snapshot (unreadable, its digest wrong, a restore that throws)
// drops it and Python starts as it would have without one; a restore that never reaches Home
// is dropped by the page's watchdog (start.js), which starts the page again.
export const KEY = "__SNAPSHOT_KEY__";
const FOLDER = new URL(".", self.location.href).href;  // the app's base: two deployments apart
const CACHE = `table-companion-snapshot ${FOLDER}`;
const ENTRY = `${FOLDER}python-snapshot/`;  // + KEY: a cache entry, never a file fetched
// The archives the app's Python is unpacked from (companion/web_build.py's ARCHIVES).
const ARCHIVES = ["app.tar.gz", "dependencies.tar.gz"];
// Modules a snapshot must not hold: compiled extensions outside Pyodide's own binary (their
// code is not in the memory copied: msgpack crashed on first use after a restore; the app's
// Python defers it, companion/snapshot.py) and the worker's JavaScript bridges.
const CHECK = `
import random, sys
random.seed()  # the snapshot's generator state would repeat at every start
assert "companion.app" in sys.modules, "a snapshot without the app's modules"
`;

// A tab's own channel (start.js names each worker after its tab; snapshot-worker.js has none).
function tell(news) {
  try {
    const channel = new BroadcastChannel(`table-companion ${self.name}`);
    channel.postMessage(news);
    channel.close();
  } catch {
    // no channel: the page's bench and tests read nothing, the app starts the same
  }
}

async function sha256(bytes) {
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

// The kept snapshot for this release, checked against the digest kept with it, or null.
export async function read() {
  if (!self.caches) return null;
  const cache = await caches.open(CACHE);
  const response = await cache.match(ENTRY + KEY);
  if (!response) return null;
  const digest = response.headers.get("X-Digest");
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (await sha256(bytes) !== digest) throw new Error("the kept snapshot's digest is wrong");
  return bytes;
}

export async function drop() {
  if (self.caches) await caches.delete(CACHE);
}

// Keeps `bytes` as this release's snapshot and drops any other release's; returns the bytes
// kept. Kept as they are, not gzipped: gzipped they were a quarter of the size, but gunzipping
// them took 0.4 s of every later start (issue 36), where reading them takes under 0.1 s.
async function keep(bytes) {
  const digest = await sha256(bytes);
  await drop();  // the older release's, if any: one snapshot at a time
  const cache = await caches.open(CACHE);
  await cache.put(ENTRY + KEY, new Response(bytes, { headers: {
    "Content-Type": "application/octet-stream", "X-Digest": digest } }));
  return bytes.byteLength;
}

// Pyodide's memory is made by its WebAssembly module (exported, at its declared size: ~30 MiB),
// so loadPyodide's INITIAL_MEMORY does not size it, and restoring a larger snapshot into it
// throws "offset is out of bounds" (pyodide.asm.mjs, API.restoreSnapshot: Module.HEAP8.set).
// While Pyodide instantiates its module, the memory it exports is grown to the snapshot's heap
// (before Emscripten takes its views of it); modules that import a memory are left alone.
function grownTo(heapBytes) {
  const wasm = WebAssembly;
  const { instantiate, instantiateStreaming } = wasm;
  const grow = (result) => {
    const instance = result instanceof wasm.Instance ? result : result && result.instance;
    const memory = instance && instance.exports.memory;
    if (memory instanceof wasm.Memory && memory.buffer.byteLength < heapBytes) {
      memory.grow(Math.ceil((heapBytes - memory.buffer.byteLength) / 65536));
    }
    return result;
  };
  wasm.instantiate = async (...args) => grow(await instantiate.apply(wasm, args));
  wasm.instantiateStreaming = async (...args) => grow(await instantiateStreaming.apply(wasm, args));
  return () => {
    wasm.instantiate = instantiate;
    wasm.instantiateStreaming = instantiateStreaming;
  };
}

// The heap's size in a snapshot: what follows its header (whose size is its second word).
function heapOf(snapshot) {
  const header = new DataView(snapshot.buffer, snapshot.byteOffset, 8).getUint32(4, true);
  return snapshot.length - header;
}

// Flet's worker's `loadPyodide`, starting from the kept snapshot where there is a good one.
export function withSnapshot(loadPyodide) {
  return async (options) => {
    const began = performance.now();
    let snapshot = null;
    try {
      snapshot = await read();
    } catch (error) {
      console.warn("Table Companion: the kept Python snapshot is unusable:", error);
      await drop().catch(() => {});
      tell({ snapshot: "refused", key: KEY, error: String(error) });
      return loadPyodide(options);
    }
    if (snapshot) {
      try {
        const restore = grownTo(heapOf(snapshot));
        let pyodide;
        try {
          pyodide = await loadPyodide({ ...options, _loadSnapshot: snapshot });
        } finally {
          restore();
        }
        pyodide.runPython(CHECK);
        tell({ snapshot: "restored", key: KEY, ms: performance.now() - began,
               bytes: snapshot.length });
        return pyodide;
      } catch (error) {
        console.warn("Table Companion: the kept Python snapshot did not restore:", error);
        await drop().catch(() => {});
        tell({ snapshot: "refused", key: KEY, error: String(error) });
      }
    } else {
      tell({ snapshot: "none", key: KEY });
    }
    return loadPyodide(options);
  };
}

// In snapshot-worker.js: a new Python with the app unpacked, `modules` imported and `languages`
// read (companion/snapshot.py), its memory kept. Says what it did: {made: bytes kept, spoke:
// the languages it holds} or {kept: true} (one is there) or {failed: why}.
export async function make(modules, languages = []) {
  try {
    if (await read()) return { kept: true };
  } catch {
    // unusable: made again below
  }
  try {
    const { loadPyodide } = await import("./pyodide/pyodide.mjs");
    const pyodide = await loadPyodide({ _makeSnapshot: true, stdout: () => {}, stderr: () => {} });
    // The app's archive and its dependencies' (`__pypackages__`), unpacked into one place as
    // Flet's worker does (the build patches it to unpack both).
    for (const name of ARCHIVES) {
      const response = await fetch(new URL(name, FOLDER));
      if (!response.ok) throw new Error(`${name}: HTTP ${response.status}`);
      pyodide.unpackArchive(await response.arrayBuffer(), "gztar");
    }
    pyodide.globals.set("snapshot_modules", pyodide.toPy(modules));
    pyodide.globals.set("snapshot_languages", pyodide.toPy(languages));
    pyodide.runPython(`
import sys
sys.path.insert(0, "__pypackages__")  # as Flet's worker does before it runs the app
from companion.snapshot import prepare
prepare(snapshot_modules, snapshot_languages)
del snapshot_modules, snapshot_languages, prepare
import gc
gc.collect()
`);
    const spoken = pyodide.runPython(
      "__import__('companion.i18n.catalog', fromlist=['read_languages']).read_languages()");
    const spoke = spoken.toJs();
    spoken.destroy();
    const bytes = pyodide.makeMemorySnapshot();
    return { made: await keep(bytes), raw: bytes.length, spoke };
  } catch (error) {
    return { failed: String(error) };
  }
}
