"""The offline web app: its folder's size, and start to Home from the service-worker cache
against a hello-world Flet app built the same way (Pyodide's own start is the floor).

Also one save's cost with 0 and 1,000 stored matches: the store's `save` plus the IndexedDB sync
that Emscripten's IDBFS `autoPersist` runs after it (`FS.syncfs(false)`, a whole-mount sync),
timed in the page with Pyodide from the built folder. Tap-to-update with the CPU throttled is
still to come. Both folders are built here, served on loopback, loaded once so their worker
caches them, then the server is stopped and the page reloaded `--starts` times; a start ends
when Home's text (or the hello-world's) is in the semantics tree.

    python bench/web.py [--starts 3]
"""

from __future__ import annotations

import argparse
import io
import shutil
import statistics
import sys
import tarfile
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.web_build import build, folder_size, write_worker  # noqa: E402
from tests.app.conftest import CHROMIUM_ARGS, PHONE, chromium_path  # noqa: E402
from tests.web.conftest import StaticSite  # noqa: E402

TARGET_MB = 45
HELLO = '''import flet as ft


def main(page: ft.Page) -> None:
    page.add(ft.Text("Hello from Pyodide"))


if __name__ == "__main__":
    ft.run(main)
'''


def hello_world(site: Path, out: Path) -> Path:
    """Our folder with the app swapped for a one-line Flet app (same client, Pyodide, wheels)."""
    shutil.copytree(site, out)
    with tarfile.open(site / "app.tar.gz") as source, \
            tarfile.open(out / "app.tar.gz", "w:gz") as tar:
        for member in source.getmembers():
            if member.name.startswith("__pypackages__"):
                tar.addfile(member, source.extractfile(member) if member.isfile() else None)
        for name, text in (("companion/__init__.py", ""), ("companion/main.py", HELLO)):
            data = text.encode()
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    write_worker(out)
    return out


def starts(browser, folder: Path, text: str, times: int) -> list[float]:
    """Seconds from reload to `text` on screen, served by the worker with the server stopped."""
    site = StaticSite(folder).start()
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    try:
        page.goto(site.url)
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=600_000)
        site.stop()
        seconds = []
        for _ in range(times):
            began = time.perf_counter()
            page.reload()
            page.wait_for_selector("flt-semantics-placeholder", state="attached",
                                   timeout=300_000)
            page.evaluate("document.querySelector('flt-semantics-placeholder').click()")
            page.locator("flt-semantics-host").get_by_text(text).first.wait_for(
                timeout=300_000)
            seconds.append(time.perf_counter() - began)
        return seconds
    finally:
        context.close()
        site.stop()


SAVES = """async ([n, saves]) => {
  const { loadPyodide } = await import("/pyodide/pyodide.mjs");
  const py = await loadPyodide({ indexURL: "/pyodide/" });
  return (await py.runPythonAsync(`
from pyodide.http import pyfetch
await (await pyfetch("/app.tar.gz")).unpack_archive(format="gztar")
import sys, time
sys.path.insert(0, "__pypackages__")
from pathlib import Path
import pyodide_js
from pyodide.ffi import create_once_callable
from companion import browser
from scoring import caro
from storage import Store

persist = await browser.mount(Path("/data"))
store = Store("/data")
new = lambda: caro.Match(players=["Ann", "Ben"], starter="Ann")
for _ in range(${n}):
    store.create(new())
m = new()
mid = store.create(m)
m.lay("red", (m.area, m.area))
store.save(mid, m)
await persist.flush()


async def whole_folder_sync():  # what IDBFS autoPersist runs after each change
    import asyncio
    done = asyncio.get_running_loop().create_future()
    pyodide_js.FS.syncfs(False, create_once_callable(lambda error=None: done.set_result(error)))
    await done


timed = {"save": [], "whole": []}
for i in range(${saves}):
    for kind in ("save", "whole"):
        m.redo() if m.can_redo else m.undo()
        began = time.perf_counter()
        store.save(mid, m)
        await (persist.flush() if kind == "save" else whole_folder_sync())
        timed[kind].append((time.perf_counter() - began) * 1000)
timed
`)).toJs({ dict_converter: Object.fromEntries });
}"""


def save_ms(browser, folder: Path, stored: int, saves: int) -> dict[str, list[float]]:
    """Milliseconds per save until IndexedDB committed it, with `stored` other matches in the
    store: the app's own way ("save": that one file) and IDBFS's whole-folder sync ("whole")."""
    site = StaticSite(folder).start()
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(site.url + "version.json")
        return page.evaluate(SAVES, [stored, saves])
    finally:
        context.close()
        site.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--starts", type=int, default=3)
    parser.add_argument("--saves", type=int, default=20)
    parser.add_argument("--only-saves", action="store_true", help="skip the start timings")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        site = build(Path(tmp) / "site")
        hello = hello_world(site, Path(tmp) / "hello")
        size = folder_size(site) / 2**20
        print(f"folder: {size:.1f} MiB (target <= {TARGET_MB} MB)")
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
            try:
                empty = save_ms(browser, site, 0, args.saves)
                full = save_ms(browser, site, 1000, args.saves)
                e, f = (statistics.median(t["save"]) for t in (empty, full))
                print(f"save until IndexedDB committed it: median {e:.1f} ms with 0 stored "
                      f"matches, {f:.1f} ms with 1,000; ratio {f / e:.2f}x (target: under 20 ms "
                      "at 1,000, at most 1.3x)")
                e, f = (statistics.median(t["whole"]) for t in (empty, full))
                print(f"  the whole-folder sync of IDBFS autoPersist, same runs: {e:.1f} ms, "
                      f"{f:.1f} ms; ratio {f / e:.2f}x")
                if args.only_saves:
                    return
                floor = starts(browser, hello, "Hello from Pyodide", args.starts)
                ours = starts(browser, site, "New Caro match", args.starts)
            finally:
                browser.close()
    f, o = statistics.median(floor), statistics.median(ours)
    print(f"start to Home from the worker's cache: median {o:.1f} s; hello-world {f:.1f} s; "
          f"ratio {o / f:.2f}x (target <= 1.5x)")


if __name__ == "__main__":
    main()
