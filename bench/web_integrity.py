"""What checking the web app's copy costs a start (issue 35), all measured in this one run:

- SHA-256 of the files a Chromium phone's start reads from the service worker's cache (the
  biggest apart), hashed in the page as the worker hashes them (`crypto.subtle.digest`), against
  reading them from the cache alone (what serving them costs anyway); at the page's normal speed
  and with its CPU slowed `--cpu-throttle` times;
- start to Home from the worker's cache (from the Python snapshot, offline) with the worker
  checking each file at its first serve in the start, against the same folder whose worker
  serves its copy unchecked (the baseline: sw.js before issue 35), reloaded in turn, start by
  start.

    python bench/web_integrity.py [--starts 5] [--cpu-throttle 4]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from contextlib import ExitStack
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.web import copy, offline_page, reload_home  # noqa: E402
from companion.web_build import build  # noqa: E402
from tests.support.app.process import CHROMIUM_ARGS, chromium_path  # noqa: E402

HOME = "New Caro match"
SERVED = "async function served(cache, path, hit) {\n"
# The cached files of this deployment: for each, ms to read it and ms to read and hash it (the
# best of `rounds`), and its size.
HASH_COST = """async (rounds) => {
  const scope = new URL(".", document.baseURI).href;
  const name = (await caches.keys()).find((n) => n.startsWith(`table-companion ${scope} `));
  const cache = await caches.open(name);
  const found = {};
  for (const request of await cache.keys()) {
    const path = request.url.slice(scope.length);
    if (path.startsWith("table-companion-")) continue;  // the worker's own entries
    let read = Infinity, hashed = Infinity, size = 0;
    for (let i = 0; i < rounds; i++) {
      let began = performance.now();
      const body = await (await cache.match(request)).arrayBuffer();
      read = Math.min(read, performance.now() - began);
      began = performance.now();
      const again = await (await cache.match(request)).arrayBuffer();
      await crypto.subtle.digest("SHA-256", again);
      hashed = Math.min(hashed, performance.now() - began);
      size = body.byteLength;
    }
    found[path] = { read, hashed, size };
  }
  return found;
}"""
BIG = ("main.dart.wasm", "pyodide/pyodide.asm.wasm", "canvaskit/skwasm.wasm",
       "pyodide/python_stdlib.zip", "app.tar.gz", "dependencies.tar.gz")


def unchecked(folder: Path) -> Path:
    """`folder` whose service worker serves its cached copy as it is (sw.js before issue 35)."""
    worker = folder / "sw.js"
    text = worker.read_text(encoding="utf-8")
    if SERVED not in text:
        raise SystemExit("sw.js no longer has served(): update bench/web_integrity.py")
    worker.write_text(text.replace(SERVED, SERVED + "  return hit;\n", 1), encoding="utf-8")
    return folder


def hash_cost(page, rate: float) -> None:
    cdp = page.context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
    try:
        found = page.evaluate(HASH_COST, 3)
    finally:
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
        cdp.detach()
    total = {k: sum(f[k] for f in found.values()) for k in ("read", "hashed", "size")}
    print(f"CPU {rate:g}x: the {len(found)} files of the copy ({total['size'] / 10**6:.1f} MB): "
          f"read {total['read']:.0f} ms, read and hashed {total['hashed']:.0f} ms; ratio "
          f"{total['hashed'] / total['read']:.2f}x (hashing {total['hashed'] - total['read']:.0f}"
          " ms)")
    for path in BIG:
        f = found.get(path)
        if f:
            print(f"  {path} ({f['size'] / 10**6:.2f} MB): read {f['read']:.1f} ms, read and "
                  f"hashed {f['hashed']:.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--starts", type=int, default=5)
    parser.add_argument("--cpu-throttle", type=float, default=4.0, metavar="N")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        site = build(Path(tmp) / "site")
        before = unchecked(copy(site, Path(tmp) / "unchecked"))
        browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        try:
            with ExitStack() as stack:
                pages = {"checked": offline_page(browser, site, HOME, stack, snapshot=True),
                         "unchecked": offline_page(browser, before, HOME, stack, snapshot=True)}
                for rate in (1, args.cpu_throttle):
                    hash_cost(pages["checked"], rate)
                taken: dict[str, list[float]] = {kind: [] for kind in pages}
                kinds = list(pages)
                for i in range(args.starts):
                    for kind in kinds[i % 2:] + kinds[:i % 2]:
                        taken[kind].append(reload_home(pages[kind], HOME, snapshot=True))
                c, u = (statistics.median(taken[k]) for k in kinds)
                rounds = [a / b for a, b in zip(taken["checked"], taken["unchecked"], strict=True)]
                print(f"start to Home from the snapshot, offline, in turn: checked median {c:.2f} "
                      f"s [{min(taken['checked']):.2f}-{max(taken['checked']):.2f}], unchecked "
                      f"{u:.2f} s [{min(taken['unchecked']):.2f}-{max(taken['unchecked']):.2f}]; "
                      f"ratio {c / u:.2f}x (rounds {min(rounds):.2f}-{max(rounds):.2f}x)")
        finally:
            browser.close()


if __name__ == "__main__":
    main()
