// Table Companion's service worker: cache-first, so the installed app starts with no network, and
// one download: each file reaches the cache once, from the page's own fetch of it.
// `table-companion-web build` fills in the release's name and its files, each with its SHA-256.
// Each deployment (the worker's scope, i.e. the app's base URL: two may share an origin) keeps one
// cache per release, named after both; a new release's activation drops that deployment's older
// caches only, never another deployment's.
//
// - First visit: the install caches nothing and the worker takes the page at once (start.js waits
//   for it before Flutter loads), so every file the page, its Python worker and the renderer
//   fetch goes through `fetch` below, which keeps a copy. Once the app is up the page says which
//   Flutter build its browser runs ("wasm" or "js", start.js); the worker then fetches only
//   what that build and the app still miss, and tells the page when the copy is complete.
// - A new release: the install copies every file whose hash is unchanged from the older cache
//   (its bytes checked: a copy damaged since is fetched again) and fetches the rest of what the
//   last page's build needs, so only what changed is downloaded, and the older copy stays in use
//   until the new one is complete.
// - Every file served from the cache is checked against its SHA-256 the first time it is served
//   in each start (a page's navigation), before Python or Flutter runs it: a copy damaged or
//   changed in the browser's storage is dropped and fetched
//   again (and checked); offline, the request fails and the page is told which file (start.js
//   says so on its splash and offers to fetch it again, and to save the matches).
const RELEASE = "__RELEASE__";
const FILES = __FILES__;  // path (relative to the scope) -> SHA-256 (hex)
const BUILDS = __BUILDS__;  // "wasm" / "js" -> the paths only that Flutter build loads
// path -> [bytes of its gzipped copy `path.gz`, the file's content type]: the big files, which
// the worker fetches gzipped and unpacks, whatever the host (download).
const PACKED = __PACKED__;
function key(path) {
  return new URL(path, self.registration.scope).href;
}

const OWN = `table-companion ${self.registration.scope} `;  // the scope ends with "/"
const CACHE = OWN + RELEASE;
const ABOUT = "table-companion-about";  // a cache entry (not a file) naming the build and files
const READY = "table-companion-ready";  // a cache entry: "true" once the copy is complete
// Earlier builds named a cache "table-companion-<release>", whatever their scope:
// such a cache is this deployment's if it holds this very worker's script.
const UNSCOPED = "table-companion-";
const BY_URL = new Map(Object.keys(FILES).map((path) => [key(path), path]));
// The pages of this deployment hear here of a file found damaged ({damaged: path}: offline, not
// served) or fetched again in its place ({repaired: path}).
const NEWS = self.BroadcastChannel
  ? new BroadcastChannel(`table-companion-files ${self.registration.scope}`) : null;
BY_URL.set(key("index.html"), "./");  // the page itself, listed once as "./"
const EITHER_BUILD = new Set(Object.values(BUILDS).flat());

async function ours(name) {
  if (name === CACHE) return false;
  if (name.startsWith(OWN)) return !name.slice(OWN.length).includes(" ");
  if (!name.startsWith(UNSCOPED)) return false;
  const cache = await caches.open(name);
  return !!(await cache.match(new URL("sw.js", self.registration.scope).href,
                              { ignoreSearch: true }));
}

// The paths a page running `build` needs, or null for a build this release does not know.
function needed(build) {
  if (!Object.hasOwn(BUILDS, build)) return null;
  const other = new Set(BUILDS[build]);
  return Object.keys(FILES).filter((path) => !EITHER_BUILD.has(path) || other.has(path));
}

async function about(cache) {
  const response = await cache.match(key(ABOUT));
  if (!response) return { build: null, files: {} };
  try {
    return await response.json();
  } catch {
    return { build: null, files: {} };
  }
}

async function remember(cache, build) {
  const body = JSON.stringify({ build, files: FILES });
  await cache.put(key(ABOUT), new Response(body, { headers: { "Content-Type": "application/json" } }));
}

async function sha256(buffer) {
  const digest = await crypto.subtle.digest("SHA-256", buffer);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

// Keeps `response` (for `path`) when its body is this release's file; a stale copy the HTTP
// cache handed back is never kept under this release.
async function keep(cache, path, response) {
  if (!response.ok || response.status !== 200) return false;
  const body = await response.arrayBuffer();
  if (await sha256(body) !== FILES[path]) return false;
  await cache.put(key(path), new Response(body, { status: 200, headers: response.headers }));
  return true;
}

// A download that brings no byte for this long has stalled: it is dropped and asked for again,
// the bytes already passed on skipped (a static host need not answer ranges), up to TRIES times
// in a row, waiting a little longer each time. A test may shorten it ({stallAfter} from a page).
let stallAfter = 15000; // ms
const TRIES = 8;

function pause(tries) {
  return new Promise((done) => setTimeout(done, Math.min(15000, 500 * 2 ** tries)));
}

// The network's answer for `target` (a path's address or the page's request), its body passed
// on as it comes and counted for the pages ({progress: path, got: bytes on the wire}); a body
// that stalls or breaks mid-way is fetched again from where it stopped ({stalled: path} said).
// A request refused before any byte (offline, the host down) fails at once, as fetch does.
async function counted(path, target, init) {
  let got = 0;
  let told = 0;
  let skip = 0;
  let reader = null;
  let abort = null;
  let tries = 0;
  const tell = (done) => {
    if (done || got - told >= 65536) {
      told = got;
      announce({ progress: path, got });
    }
  };
  // Resolves with the response once its headers came, its body's reader kept; a wait for
  // headers past `stallAfter` is a stall (tried again), any other failure is the caller's.
  async function open() {
    for (;;) {
      abort = new AbortController();
      const timer = setTimeout(() => abort.abort(), stallAfter);
      try {
        const response = await fetch(target, { ...(init || {}), signal: abort.signal });
        reader = response.ok && response.body ? response.body.getReader() : null;
        skip = got;
        return response;
      } catch (error) {
        if (!abort.signal.aborted || ++tries >= TRIES) throw error;
        announce({ stalled: path });
        await pause(tries);
      } finally {
        clearTimeout(timer);
      }
    }
  }
  const first = await open();
  if (reader === null) return first;
  const body = new ReadableStream({
    async pull(stream) {
      for (;;) {
        try {
          if (reader === null) {
            const again = await open();
            if (reader === null) throw new Error(`${path}: ${again.status}`);
          }
          const timer = setTimeout(() => abort.abort(), stallAfter);
          let part;
          try {
            part = await reader.read();
          } finally {
            clearTimeout(timer);
          }
          if (part.done) {
            tell(true);
            stream.close();
            return;
          }
          let chunk = part.value;
          if (skip > 0) {
            const cut = Math.min(skip, chunk.length);
            chunk = chunk.subarray(cut);
            skip -= cut;
          }
          if (chunk.length === 0) continue;
          got += chunk.length;
          tries = 0;
          tell(false);
          stream.enqueue(chunk);
          return;
        } catch (error) {
          reader = null;
          if (abort) abort.abort();
          if (++tries >= TRIES) {
            stream.error(error);
            return;
          }
          announce({ stalled: path });
          await pause(tries);
        }
      }
    },
    cancel() {
      if (abort) abort.abort();
    },
  });
  return new Response(body, { status: first.status, statusText: first.statusText,
                              headers: first.headers });
}

// The network's answer for `path`, its body the file itself: fetched as its gzipped copy where
// the build made one and the browser can unpack it (a host that does not compress then sends the
// gzipped bytes: half or less), else as the file (`request`, or the path). The digest checked
// (FILES) is the unpacked file's, so a copy unpacked wrong is never kept. `init`: fetch's options.
async function download(path, request, init) {
  const packed = Object.hasOwn(PACKED, path) && self.DecompressionStream ? PACKED[path] : null;
  if (packed) {
    try {
      const response = await counted(path, `${key(path)}.gz`, init);
      if (response.ok && response.body) {
        // A host that labels the copy Content-Encoding: gzip has had the browser unpack it.
        const body = response.headers.has("Content-Encoding") ? response.body
          : response.body.pipeThrough(new DecompressionStream("gzip"));
        return new Response(body, { status: 200, headers: { "Content-Type": packed[1] } });
      }
    } catch {
      // the gzipped copy is missing or refused: the file itself
    }
  }
  return counted(path, request || key(path), init);
}

// Fetches `path` for the cache: from the browser's HTTP cache when it holds this very file (the
// page may have fetched it before this worker took it), else from the network.
async function fetchInto(cache, path) {
  for (const mode of ["force-cache", "reload"]) {
    try {
      if (await keep(cache, path, await download(path, null, { cache: mode }))) return true;
    } catch {
      // offline or refused: tried again at the next start
    }
  }
  return false;
}

const keeping = new Map();  // path -> the copy being kept from a page's fetch

function announce(news) {
  try {
    if (NEWS) NEWS.postMessage(news);
  } catch {
    // no page listening: the start fails as it would, and says so less precisely
  }
}

// Whether the cache now holds `path` as this release has it: its bytes checked against FILES;
// a copy that is not the release's is dropped and fetched again (checked too by `keep`).
async function check(cache, path) {
  const hit = await cache.match(key(path));
  if (hit) {
    if (await sha256(await hit.arrayBuffer()) === FILES[path]) return true;
    await cache.delete(key(path));
  }
  if (await fetchInto(cache, path)) {
    announce({ repaired: path });
    return true;
  }
  announce({ damaged: path });
  return false;
}

// path -> true once this worker found its cached copy right since the last start (a page's
// navigation: a worker may live on across reloads), or the check under way.
const checked = new Map();

function newStart() {
  for (const [path, state] of checked) if (state === true) checked.delete(path);
}

function checking(cache, path) {
  let under = checked.get(path);
  if (under === undefined || under === true) {
    under = check(cache, path);
    checked.set(path, under);
    under.then((right) => (right ? checked.set(path, true) : checked.delete(path)),
               () => checked.delete(path));
  }
  return under;
}

// What a page gets for `path` served from the cache (`hit`): the cache's own copy once checked
// in this start (fetched again if it had to be), else an error naming the file. The cache's
// entry itself, not its bytes in a new Response: the browser then streams it without this
// worker and keeps the code it compiled from it (a new Response made each start compile
// main.dart.wasm and Pyodide again: 1.33x the start).
async function served(cache, path, hit) {
  if (checked.get(path) === true) return hit;
  const copy = (await checking(cache, path)) && await cache.match(key(path));
  if (!copy) {
    return new Response(`${path} is damaged in this browser's copy and could not be fetched again`,
      { status: 503, statusText: "Damaged copy", headers: { "Content-Type": "text/plain" } });
  }
  return copy;
}

// The paths of `build` still missing from the cache, once the copies under way are done.
async function missing(cache, build) {
  await Promise.allSettled(keeping.values());
  const held = new Set((await cache.keys()).map((request) => BY_URL.get(request.url)));
  return needed(build).filter((path) => !held.has(path));
}

async function fill(build) {
  const cache = await caches.open(CACHE);
  await remember(cache, build);
  for (const path of await missing(cache, build)) await fetchInto(cache, path);
  const ready = (await missing(cache, build)).length === 0;
  // Where the app's Python reads it (companion/session/offline_copy.py).
  await cache.put(key(READY), new Response(String(ready)));
  return ready;
}

let completing = null;  // one fill at a time, whoever asks

function complete(build) {
  if (completing === null) completing = fill(build).finally(() => { completing = null; });
  return completing;
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    let build = null;
    for (const name of await caches.keys()) {
      if (!(await ours(name))) continue;
      const old = await caches.open(name);
      const told = await about(old);
      build = build || (needed(told.build) ? told.build : null);
      for (const [path, hash] of Object.entries(told.files)) {
        if (FILES[path] !== hash) continue;
        const response = await old.match(key(path));
        if (!response) continue;
        const body = await response.arrayBuffer();  // a copy damaged since is fetched again
        if (await sha256(body) !== hash) continue;
        await cache.put(key(path), new Response(body, { status: 200, headers: response.headers }));
      }
    }
    // A release after the first: complete before it replaces the older copy (an install that
    // fails keeps the older worker and its copy).
    if (build !== null && !(await complete(build))) throw new Error("release incomplete");
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then(async (names) => {
      for (const name of names) {
        if (await ours(name)) await caches.delete(name);
      }
    })
    .then(() => self.clients.claim()));
});

// After a failed start (start.js): every file the cache holds is checked as if served, one
// at a time, so a damaged one is named to the page (or fetched again) even where the request
// that failed never reached this worker. One such check at a time.
let verifying = null;
function verifyCopy() {
  if (verifying === null) {
    verifying = (async () => {
      newStart();
      const cache = await caches.open(CACHE);
      const held = (await cache.keys()).map((request) => BY_URL.get(request.url));
      for (const path of held) if (path !== undefined) await checking(cache, path);
    })().catch(() => {}).finally(() => { verifying = null; });
  }
  return verifying;
}

// The page (start.js) names the build its browser runs; the answer says whether the copy is
// complete. Or it asks for files found damaged to be fetched again ({refetch: [paths]}); the
// answer says whether all are now right. Any other message is ignored.
self.addEventListener("message", (event) => {
  if (event.data && event.data.verify === true) {  // a start failed: is the copy to blame?
    event.waitUntil(verifyCopy());
    return;
  }
  const refetch = event.data && event.data.refetch;
  if (Array.isArray(refetch) && event.source) {
    const paths = refetch.filter((path) => Object.hasOwn(FILES, path));
    event.waitUntil(caches.open(CACHE)
      .then((cache) => Promise.all(paths.map((path) => {
        if (checked.get(path) === true) checked.delete(path);
        return checking(cache, path);
      })))
      .then((checks) => checks.every((right) => right), () => false)
      .then((fixed) => event.source.postMessage({ refetched: fixed })));
    return;
  }
  if (event.data && Number.isInteger(event.data.stallAfter) && event.data.stallAfter > 0) {
    stallAfter = event.data.stallAfter; // a test's bound
    return;
  }
  const build = event.data && event.data.build;
  if (needed(build) === null || !event.source) return;
  event.waitUntil(complete(build).then(
    (ready) => event.source.postMessage({ offline: ready, release: RELEASE }),
    () => event.source.postMessage({ offline: false, release: RELEASE })));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) {
    return;  // the page asks for nothing elsewhere (its Content-Security-Policy forbids it)
  }
  const url = new URL(request.url);
  // The app's page is its scope's own address (any query); a page in a folder below it is
  // another deployment's (a copy at /beta/ below the app at /), never this app's.
  const page = request.mode === "navigate"
    && [key("./"), key("index.html")].includes(url.origin + url.pathname);
  if (page) newStart();  // each start checks every file it loads
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const path = BY_URL.get(url.origin + url.pathname) || (page ? "./" : undefined);
    const hit = await cache.match(request, { ignoreSearch: true })
      || (page ? await cache.match(key("./")) : undefined);
    if (hit) return path !== undefined ? served(cache, path, hit) : hit;
    const response = path !== undefined && !page ? await download(path, request)
      : await fetch(request);
    if (path !== undefined && response.status === 200 && !keeping.has(path)) {
      const copy = keep(cache, path, response.clone()).catch(() => false)
        .finally(() => keeping.delete(path));
      keeping.set(path, copy);
      event.waitUntil(copy);
    }
    return response;
  })());
});
