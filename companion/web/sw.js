// Table Companion's service worker: cache-first, so the installed app starts with no network.
// `table-companion-web build` fills in the release's name and the files to keep. Each deployment
// (the worker's scope, i.e. the app's base URL: two may share an origin) keeps one cache per
// release, named after both; a new release's activation drops that deployment's older caches
// only, never another deployment's.
const RELEASE = "__RELEASE__";
const FILES = __FILES__;
const OWN = `table-companion ${self.registration.scope} `;  // the scope ends with "/"
const CACHE = OWN + RELEASE;
// Earlier builds named a cache "table-companion-<release>", whatever their scope:
// such a cache is this deployment's if it holds this very worker's script.
const UNSCOPED = "table-companion-";

async function ours(name) {
  if (name === CACHE) return false;
  if (name.startsWith(OWN)) return !name.slice(OWN.length).includes(" ");
  if (!name.startsWith(UNSCOPED)) return false;
  const cache = await caches.open(name);
  return !!(await cache.match(new URL("sw.js", self.registration.scope).href,
                              { ignoreSearch: true }));
}

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES))
    .then(() => self.skipWaiting()));
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

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) {
    return;  // the page asks for nothing elsewhere (its Content-Security-Policy forbids it)
  }
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const hit = await cache.match(request, { ignoreSearch: true })
      || (request.mode === "navigate" ? await cache.match("./") : undefined);
    return hit || fetch(request);
  })());
});
