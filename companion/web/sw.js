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
//   and fetches the rest of what the last page's build needs, so only what changed is
//   downloaded, and the older copy stays in use until the new one is complete.
const RELEASE = "__RELEASE__";
const FILES = __FILES__;  // path (relative to the scope) -> SHA-256 (hex)
const BUILDS = __BUILDS__;  // "wasm" / "js" -> the paths only that Flutter build loads
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

// Fetches `path` for the cache: from the browser's HTTP cache when it holds this very file (the
// page may have fetched it before this worker took it), else from the network.
async function fetchInto(cache, path) {
  for (const mode of ["force-cache", "reload"]) {
    try {
      if (await keep(cache, path, await fetch(key(path), { cache: mode }))) return true;
    } catch {
      // offline or refused: tried again at the next start
    }
  }
  return false;
}

const keeping = new Map();  // path -> the copy being kept from a page's fetch

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
        if (response) await cache.put(key(path), response);
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

// The page (start.js) names the build its browser runs; the answer says whether the copy is
// complete. Any other message is ignored.
self.addEventListener("message", (event) => {
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
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const hit = await cache.match(request, { ignoreSearch: true })
      || (page ? await cache.match(key("./")) : undefined);
    if (hit) return hit;
    const response = await fetch(request);
    const path = BY_URL.get(url.origin + url.pathname) || (page ? "./" : undefined);
    if (path !== undefined && response.status === 200 && !keeping.has(path)) {
      const copy = keep(cache, path, response.clone()).catch(() => false)
        .finally(() => keeping.delete(path));
      keeping.set(path, copy);
      event.waitUntil(copy);
    }
    return response;
  })());
});
