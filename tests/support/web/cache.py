"""The service worker's copy in Cache Storage, as tests read and change it (companion/web/sw.js
names its caches `table-companion <scope> <release>`)."""

# Puts other bytes where the worker's copy of `path` is (its headers kept), in every cache of
# this deployment's releases; returns how many copies were changed.
DAMAGE = """async ([path, text]) => {
  const scope = new URL(".", document.baseURI).href;
  let changed = 0;
  for (const name of await caches.keys()) {
    if (!name.startsWith(`table-companion ${scope} `)) continue;
    const cache = await caches.open(name);
    const url = new URL(path, scope).href;
    const old = await cache.match(url);
    if (!old) continue;
    await cache.put(url, new Response(new TextEncoder().encode(text), { headers: old.headers }));
    changed++;
  }
  return changed;
}"""
# The SHA-256 of the worker's copy of `path` (null where it holds none).
COPY_DIGEST = """async (path) => {
  const scope = new URL(".", document.baseURI).href;
  for (const name of await caches.keys()) {
    if (!name.startsWith(`table-companion ${scope} `)) continue;
    const hit = await (await caches.open(name)).match(new URL(path, scope).href);
    if (!hit) continue;
    const digest = await crypto.subtle.digest("SHA-256", await hit.arrayBuffer());
    return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
  }
  return null;
}"""
