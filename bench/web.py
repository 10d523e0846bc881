"""The offline web app against its baselines, all measured in this one run:

- the folder's size (issue 13: 45 MB) and a Chromium phone's share of it on the wire (issue 36:
  15 MB);
- one save until IndexedDB committed it, with 0 and 1,000 stored matches: the store's `save`
  plus the commit of that one file (companion/web/persist.js), timed in a page running Pyodide
  from the built folder, its IndexedDB on disk (a profile folder); beside it, the whole-folder
  sync IDBFS's `autoPersist` would run;
- tap to update: a mid-game Caro Undo/Redo (bench/ui_latency.py's match and method) in the web
  app against the served app (`table-companion`), both pages' CPU slowed `--cpu-throttle` times
  (Chromium slows the page's workers too, where the web app's Python runs);
- start to Home in each language (the browser's locale) against English's (issue 21), each
  language's page prepared in a profile of its own, then reloaded in turn, start by start;
- start to Home from the service-worker cache against a hello-world Flet app built the same way
  with Flet's own Python worker (Pyodide's start and Flet's is the floor): both folders are
  served on loopback, loaded once so their worker caches them (and the app's page has made its
  Python snapshot, companion/web/snapshot.js), then the server is stopped and the page reloaded
  `--starts` times; a start ends when Home's text (or the hello-world's) is in the semantics
  tree. The app is also timed with Flet's own worker, no snapshot ("unsnapped").

    python bench/web.py [--starts 3] [--saves 100] [--taps 30] [--cpu-throttle 4] [--skip ...]
"""

from __future__ import annotations

import argparse
import io
import json
import shutil
import statistics
import sys
import tarfile
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path
from typing import TYPE_CHECKING

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.ui_latency import (  # noqa: E402
    MID_GAME_PLAYERS,
    in_turn,
    mid_game_lays,
    p90,
    seed_mid_game,
    serve,
    stop,
    undo_redo_pair,
)
from companion.games import GAME_UIS  # noqa: E402
from companion.i18n.catalog import Voice  # noqa: E402
from companion.web_build import (  # noqa: E402
    APP_ARCHIVE,
    ARCHIVES,
    BUILDS,
    PYTHON_WORKER,
    build,
    folder_size,
    is_packed_copy,
    patch_python_worker,
    web_client,
    wire_size,
    write_worker,
)
from scoring import caro  # noqa: E402
from scoring.said import render  # noqa: E402
from tests.support.app.caro import lay  # noqa: E402
from tests.support.app.process import CHROMIUM_ARGS, PHONE, chromium_path, free_port  # noqa: E402
from tests.support.app.ui import add_players, button, open_page, see  # noqa: E402
from tests.support.web.site import StaticSite  # noqa: E402

if TYPE_CHECKING:
    from playwright.sync_api import Page

LOCALES = {"en": "en-US", "es": "es-ES", "de": "de-DE", "ja": "ja-JP"}
TARGET_MB = 45
PHONE_MB = 15
WARM_UP = 5  # saves left out of the median: the first ones pay for warming up the page
HELLO = '''import flet as ft
import js


def main(page: ft.Page) -> None:
    page.add(ft.Text("Hello from Pyodide"))
    # As the app does (companion/browser.py, tell_page): the page's splash goes, the worker
    # completes its copy.
    js.BroadcastChannel.new(f"table-companion {js.name}").postMessage("home")


if __name__ == "__main__":
    ft.run(main)
'''


def home_text(code: str) -> str:
    """Home's "New Caro match" button in language `code`."""
    voice = Voice(code)
    return voice.gettext("New {game} match").format(game=render(GAME_UIS["caro"].title, voice))


def copy(site: Path, out: Path) -> Path:
    shutil.copytree(site, out)
    return out


def hello_world(site: Path, out: Path) -> Path:
    """Our folder with the app swapped for a one-line Flet app (same client, Pyodide, wheels:
    its dependencies' archive is ours)."""
    shutil.copytree(site, out)
    with tarfile.open(out / APP_ARCHIVE, "w:gz") as tar:
        for name, text in (("companion/__init__.py", ""), ("companion/main.py", HELLO)):
            data = text.encode()
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    flets_worker(out)
    return out


def flets_worker(folder: Path) -> Path:
    """`folder` with Flet's own Python worker (no snapshot: Python starts and imports at each
    start), patched only to unpack the dependencies' archive too, its service worker's list
    rewritten to match."""
    shutil.copyfile(web_client() / PYTHON_WORKER, folder / PYTHON_WORKER)
    patch_python_worker(folder / PYTHON_WORKER, snapshot=False)
    write_worker(folder)
    return folder


# In every document of a page, from its start: switches Flutter's semantics tree on as soon as
# its placeholder is there (Flutter keeps it off), and marks, in ms since the epoch by the
# page's clock, when `text` first stands in it (whitespace as Playwright reads it). A start is
# timed from the bench's reload to that mark: Playwright's own wait polls ever more slowly (up
# to every 500 ms) and found Home 0.3-0.5 s after it was there, and a page that reloads itself
# (start.js's watchdog) is still timed from the bench's reload.
WATCH = """(text) => {
    const wanted = text.replace(/\\s+/g, " ");
    const check = () => {
        const placeholder = document.querySelector("flt-semantics-placeholder");
        if (placeholder !== null && !window.__semanticsOn) {
            window.__semanticsOn = true;
            placeholder.click();
        }
        const host = document.querySelector("flt-semantics-host");
        if (host !== null && !window.__homeSeenAt
                && host.textContent.replace(/\\s+/g, " ").includes(wanted)) {
            window.__homeSeenAt = performance.timeOrigin + performance.now();
            watch.disconnect();
        }
    };
    const watch = new MutationObserver(check);
    watch.observe(document, {subtree: true, childList: true, characterData: true});
    check();
}"""


def watch_home(page: Page, text: str) -> None:
    """Have every document of `page` switch its semantics on and mark `text`'s arrival."""
    page.add_init_script(f"({WATCH})({json.dumps(text)})")


def wait_home(page, text: str, timeout: int) -> float:
    """Wait for `text` on the page (watched by `watch_home`); return when it came, in seconds
    since the epoch by the page's clock."""
    page.locator("flt-semantics-host").get_by_text(text).first.wait_for(timeout=timeout)
    seen = page.evaluate("() => window.__homeSeenAt || null")
    if seen is None:  # never mixed with a time of another clock
        raise RuntimeError(f"{text!r} is on the page but its arrival was not marked")
    return seen / 1000


def offline_page(browser, folder: Path, text: str, stack: ExitStack, snapshot: bool = False,
                 locale: str | None = None, first: list[float] | None = None) -> Page:
    """A page of `folder` in a fresh profile once its service worker's copy is complete (and,
    with `snapshot`, its Python snapshot made), the server stopped: what `reload_home` times;
    `first` gets the seconds of its first visit to `text` (from the network, no snapshot)."""
    site = StaticSite(folder).start()
    stack.callback(site.stop)
    context = browser.new_context(viewport=PHONE, bypass_csp=True, locale=locale)
    stack.callback(context.close)
    page = context.new_page()
    watch_home(page, text)
    began = time.time()
    page.goto(site.url)
    if first is not None:
        first.append(wait_home(page, text, 600_000) - began)
    # The worker's copy complete (companion/web/sw.js tells the page).
    page.wait_for_function("() => window.tableCompanion.offline === true", timeout=600_000,
                           polling=500)
    if snapshot:  # its snapshot made (the page asks once Home is up)
        page.wait_for_function(
            "() => window.tableCompanion.made && !window.tableCompanion.made.making",
            timeout=600_000, polling=500)
        made = page.evaluate("() => window.tableCompanion.made")
        print(f"  the snapshot's worker: {made}")
    site.stop()
    return page


def reload_home(page: Page, text: str, snapshot: bool = False,
                splash: list[tuple[float, float]] | None = None) -> float:
    """Seconds from a reload of `page` to `text` on screen, served by its service worker;
    `splash` gets the ms to the splash and to Flutter's first frame."""
    began = time.time()
    page.reload()
    seconds = wait_home(page, text, 300_000) - began
    if snapshot:
        how = page.evaluate("() => window.tableCompanion.snapshot")
        if how != "restored":
            print(f"  a start did not restore the snapshot: {how}")
    if splash is not None:
        splash.append(page.evaluate(
            "() => [window.tableCompanion.splashAt, window.tableCompanion.firstFrameAt]"))
    return seconds


def starts(browser, folder: Path, text: str, times: int,
           splash: list[tuple[float, float]] | None = None, snapshot: bool = False,
           locale: str | None = None, first: list[float] | None = None) -> list[float]:
    """`times` starts of `folder`'s app to `text` (`offline_page`, then `reload_home`)."""
    with ExitStack() as stack:
        page = offline_page(browser, folder, text, stack, snapshot, locale, first)
        return [reload_home(page, text, snapshot, splash) for _ in range(times)]


def languages_in_turn(browser, folder: Path, times: int) -> dict[str, list[float]]:
    """Each language's start to Home from its snapshot (the browser's locale, a profile of its
    own), start by start: every round reloads each language's page once, in a rotated order, so
    a busy moment of the machine falls on all of them."""
    with ExitStack() as stack:
        pages = {code: offline_page(browser, folder, home_text(code), stack, snapshot=True,
                                    locale=locale) for code, locale in LOCALES.items()}
        taken: dict[str, list[float]] = {code: [] for code in pages}
        codes = list(pages)
        for i in range(times):
            for code in codes[i % len(codes):] + codes[:i % len(codes)]:
                taken[code].append(reload_home(pages[code], home_text(code), snapshot=True))
        return taken


SAVES = """async ([n, saves]) => {
  const { loadPyodide } = await import("/pyodide/pyodide.mjs");
  const py = await loadPyodide({ indexURL: "/pyodide/" });
  return (await py.runPythonAsync(`
from pyodide.http import pyfetch
for archive in __ARCHIVES__:
    await (await pyfetch("/" + archive)).unpack_archive(format="gztar")
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
}""".replace("__ARCHIVES__", repr(ARCHIVES))  # both unpacked, as the app's worker does


def on_disk(browser, profile: Path):
    """A browser context whose IndexedDB is on disk, as a phone's is (a context of
    `browser.new_context()` is off the record: its IndexedDB lives in memory)."""
    return browser.browser_type.launch_persistent_context(
        profile, executable_path=chromium_path(), args=CHROMIUM_ARGS, viewport=PHONE)


def save_ms(browser, folder: Path, stored: int, saves: int) -> dict[str, list[float]]:
    """Milliseconds per save until IndexedDB committed it, with `stored` other matches in the
    store: the app's own way ("save": that one file) and IDBFS's whole-folder sync ("whole")."""
    site = StaticSite(folder).start()
    context = on_disk(browser, folder.parent / f"profile-saves-{stored}")
    try:
        page = context.new_page()
        page.goto(site.url + "version.json")
        return page.evaluate(SAVES, [stored, saves])
    finally:
        context.close()
        site.stop()


def served_page(browser, data: Path, stack: ExitStack) -> Page:
    """The served app (`table-companion`) showing the mid-game match."""
    mid = seed_mid_game(data)
    port = free_port()
    proc = serve([sys.executable, "-m", "companion.cli", "--no-browser", "--port", str(port),
                  "--data", str(data)], port)
    stack.callback(stop, proc)
    page = browser.new_page(viewport=PHONE)
    stack.callback(page.close)
    open_page(page, f"http://127.0.0.1:{port}/match/{mid}")
    see(page, "to lay", timeout=60_000)
    return page


def web_page(browser, folder: Path, stack: ExitStack) -> Page:
    """The web app showing the same match: played there first (its store is the browser's),
    each lay moved by (area, area) to where the app's empty grid puts the first caro."""
    site = StaticSite(folder).start()
    stack.callback(site.stop)
    context = on_disk(browser, folder.parent / "profile-taps")
    stack.callback(context.close)
    page = context.new_page()
    page.set_default_timeout(60_000)
    open_page(page, site.url)
    see(page, "New Caro match", timeout=600_000)
    button(page, "New Caro match").click()
    add_players(page, *MID_GAME_PLAYERS)
    button(page, "Start match").click()
    mirror = caro.Match(players=MID_GAME_PLAYERS)
    for colour, (row, col) in mid_game_lays():
        lay(page, mirror, colour, (row + mirror.area, col + mirror.area))
    return page


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--starts", type=int, default=3)
    parser.add_argument("--saves", type=int, default=100)
    parser.add_argument("--taps", type=int, default=30, help="Undo/Redo taps timed in each app")
    parser.add_argument("--cpu-throttle", type=float, default=4.0, metavar="N",
                        help="slow the pages' CPU N times for the taps (4: a phone-class client)")
    parser.add_argument("--skip", nargs="*", default=[],
                        choices=("saves", "taps", "starts", "unsnapped", "languages"),
                        help="parts not to measure")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        site = build(Path(tmp) / "site")
        hello = hello_world(site, Path(tmp) / "hello")
        size = folder_size(site) / 10**6
        phone = sum(wire_size(site, p.relative_to(site).as_posix()) for p in site.rglob("*")
                    if p.is_file() and not is_packed_copy(site, p)
                    and p.relative_to(site).as_posix() not in BUILDS["js"]) / 10**6
        print(f"folder: {size:.2f} MB (issue 13: <= {TARGET_MB} MB; both builds, the big files "
              f"also gzipped); a Chromium phone's share on the wire (all but the JavaScript "
              f"build, gzipped where the build packed it): {phone:.2f} MB (target <= "
              f"{PHONE_MB} MB, issue 36)")
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
            try:
                if "saves" not in args.skip:
                    empty = save_ms(browser, site, 0, args.saves)
                    full = save_ms(browser, site, 1000, args.saves)
                    e, f = (statistics.median(t["save"][WARM_UP:]) for t in (empty, full))
                    print(f"save until IndexedDB committed it: median {e:.1f} ms with 0 stored "
                          f"matches, {f:.1f} ms with 1,000; ratio {f / e:.2f}x (target: under "
                          "20 ms at 1,000, at most 1.3x)")
                    e, f = (statistics.median(t["whole"][WARM_UP:]) for t in (empty, full))
                    print(f"  the whole-folder sync of IDBFS autoPersist, same runs: {e:.1f} ms, "
                          f"{f:.1f} ms; ratio {f / e:.2f}x")
                if "taps" not in args.skip:
                    rate = args.cpu_throttle
                    # Side by side, an Undo and a Redo of one, then of the other, each page
                    # slowed only while tapped (bench/ui_latency.py's in_turn); the served app
                    # in a browser of its own.
                    with ExitStack() as stack:
                        other = pw.chromium.launch(executable_path=chromium_path(),
                                                   args=CHROMIUM_ARGS)
                        stack.callback(other.close)
                        pages = {"served": (served_page(other, Path(tmp) / "served", stack),
                                            undo_redo_pair),
                                 "web": (web_page(browser, site, stack), undo_redo_pair)}
                        taken = in_turn(pages, args.taps // 2, rate)
                    served, web = taken["served"], taken["web"]
                    s, w = statistics.median(served), statistics.median(web)
                    print(f"tap to update, mid-game Caro Undo/Redo, page CPU slowed {rate:g}x, "
                          f"median (p90) of {args.taps}: web app {w:.0f} ms ({p90(web):.0f}), "
                          f"served app {s:.0f} ms ({p90(served):.0f}); ratio {w / s:.2f}x "
                          "(target <= 1.5x)")
                if "starts" not in args.skip:
                    floor = starts(browser, hello, "Hello from Pyodide", args.starts)
                    marks: list[tuple[float, float]] = []
                    firsts: list[float] = []
                    ours = starts(browser, site, "New Caro match", args.starts, marks,
                                  snapshot=True, first=firsts)
                    f, o = statistics.median(floor), statistics.median(ours)
                    print(f"start to Home from the worker's cache, from this device's snapshot: "
                          f"median {o:.2f} s; hello-world (Flet's own worker) {f:.2f} s; ratio "
                          f"{o / f:.2f}x (target <= 0.5x, issue 36)")
                    if "unsnapped" not in args.skip:
                        bare = flets_worker(copy(site, Path(tmp) / "unsnapped"))
                        bare_firsts: list[float] = []
                        without = statistics.median(
                            starts(browser, bare, "New Caro match", args.starts,
                                   first=bare_firsts))
                        print(f"  without the snapshot (Flet's own worker): median "
                              f"{without:.1f} s; ratio {without / f:.2f}x")
                        print(f"  the first visit to Home (one each, fresh profile): "
                              f"{firsts[0]:.1f} s with the snapshot's machinery, "
                              f"{bare_firsts[0]:.1f} s without: ratio "
                              f"{firsts[0] / bare_firsts[0]:.2f}x")
                    s, ff = (statistics.median(m[i] for m in marks) for i in (0, 1))
                    print(f"  the app's splash at {s:.0f} ms, Flutter's first frame at {ff:.0f} "
                          f"ms: ratio {s / ff:.2f}x (target <= 1.1x)")
                if "languages" not in args.skip:
                    # Issue 21: each language's start within 1.05x English's (the device's
                    # language: the browser's locale), start by start in turn.
                    taken = languages_in_turn(browser, site, args.starts)
                    english = taken["en"]
                    for code, locale in LOCALES.items():
                        got = taken[code]
                        rounds = [a / b for a, b in zip(got, english, strict=True)]
                        print(f"start to Home in {code} ({locale}), from the snapshot, in turn: "
                              f"median {statistics.median(got):.2f} s [{min(got):.2f}-"
                              f"{max(got):.2f}]; ratio to English "
                              f"{statistics.median(got) / statistics.median(english):.2f}x "
                              f"(rounds {min(rounds):.2f}-{max(rounds):.2f}x, median "
                              f"{statistics.median(rounds):.2f}x; target <= 1.05x)")
            finally:
                browser.close()


if __name__ == "__main__":
    main()
