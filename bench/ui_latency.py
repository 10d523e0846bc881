"""Launch-to-first-render and tap-to-update latency of the app against a bare Flet counter.

Both run in this same process's run, on this machine, in headless Chromium: the counter is the
baseline, and the ratios are what to compare across (noisy, shared) machines. Tap latency is the
in-page round trip: a JavaScript click on a semantics node, timed until a MutationObserver sees
the semantics tree show the expected text (see ../shared/FLET.md). The app's action is Undo and
Redo on a Caro match, which replays, saves to disk and re-renders the whole match screen: of a
mid-game lay (12 caros down, the grid keeps its shape), and of the very first caro, the worst
case, where the grid flips between 1 cell and 11 x 11 cells.

A third page, bench/bare_grid.py, is Flet's own floor for such an update: the counter plus an
11 x 11 grid of cells like the app's, whose tap changes 18 cells and nothing else (no storage,
no rules, no frame), with unchanged cells handed back to Flet as they were. Its ratio to the
counter is the least any Flet page can reach for a grid update on this machine.
It and the app's mid-game match are open side by side and their taps are taken in turn, so
the ratio between them is not the work of one busy moment of a shared machine. For those taps
it also prints where the time goes: from the click to the server's answer arriving (the page
sending the event, the server's Python, the way back) and from that answer to the text on
screen (the page applying the change and drawing it).

With `--cpu-throttle N` every page runs with its CPU slowed N times (Chrome DevTools'
`Emulation.setCPUThrottlingRate`, set as the page opens): a phone-class client, where Flutter's
layout and semantics work, not the server, is most of a tap's time.

    python bench/ui_latency.py [--taps 40] [--launches 3] [--cpu-throttle 4]
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tests.support.app.process import CHROMIUM_ARGS, PHONE, chromium_path, free_port  # noqa: E402
from tests.support.app.ui import add_players, button, open_page, see  # noqa: E402

# Set in every page before it loads: the moment each message from the server reaches the page.
ARRIVALS_JS = """(() => {
  const Socket = window.WebSocket;
  window.__arrivals = [];
  window.__phases = [];
  window.WebSocket = function (...args) {
    const socket = new Socket(...args);
    socket.addEventListener('message', () => window.__arrivals.push(performance.now()));
    return socket;
  };
  window.WebSocket.prototype = Socket.prototype;
  Object.assign(window.WebSocket, Socket);
})();"""

# A tap's time; with ARRIVALS_JS, also its two phases, kept in window.__phases: from the click to
# the first message from the server (the page sending the event, the server's work, the way
# back) and from the last message to the text on screen (the page applying it and drawing).
TAP_JS = """async ([label, expect]) => {
  const host = document.querySelector('flt-semantics-host');
  const target = [...host.querySelectorAll('[role=button]')]
      .find(e => (e.getAttribute('aria-label') || e.textContent || '').trim() === label);
  if (!target) throw new Error('no button ' + label);
  return await new Promise(resolve => {
    const t0 = performance.now();
    const seen = () => host.textContent.includes(expect);
    const obs = new MutationObserver(() => {
      if (seen()) {
        obs.disconnect();
        const t1 = performance.now();
        const came = (window.__arrivals || []).filter(t => t > t0);
        if (came.length) window.__phases.push([came[0] - t0, t1 - came[came.length - 1]]);
        resolve(t1 - t0);
      }
    });
    obs.observe(host, {subtree: true, childList: true, characterData: true, attributes: true});
    target.click();
  });
}"""


def serve(cmd: list[str], port: int) -> subprocess.Popen[bytes]:
    proc = subprocess.Popen(cmd, cwd=ROOT, start_new_session=True, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}", timeout=1)
            return proc
        except OSError:
            time.sleep(0.02)
    raise RuntimeError(f"{cmd} did not start")


def stop(proc: subprocess.Popen[bytes]) -> None:
    os.killpg(proc.pid, signal.SIGTERM)
    proc.wait(10)


def launch(
    page: Page, cmd: list[str], port: int, first_text: str
) -> tuple[float, subprocess.Popen]:
    """Seconds from process start to the first text in the semantics tree."""
    t0 = time.perf_counter()
    proc = serve(cmd, port)
    open_page(page, f"http://127.0.0.1:{port}")
    see(page, first_text, timeout=60_000)
    return time.perf_counter() - t0, proc


SETTLE_MS = 200  # a rest after the throttle moves from one page to the other


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--taps", type=int, default=40)
    parser.add_argument("--launches", type=int, default=3)
    parser.add_argument("--cpu-throttle", type=float, default=1.0, metavar="N",
                        help="slow each page's CPU N times (4: a phone-class client)")
    args = parser.parse_args()
    data = Path(tempfile.mkdtemp(prefix="tc-bench-"))
    results: dict[str, dict[str, list[float]]] = {"counter": {}, "grid": {}, "app": {}}
    procs: list[subprocess.Popen[bytes]] = []
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
            seeded = seed_mid_game(data / "run0")
            for name in ("counter", "app"):
                launches, taps = [], []
                for i in range(args.launches):
                    page, seconds, proc = open_app(browser, name, data / f"run{i}",
                                                   args.cpu_throttle)
                    launches.append(seconds)
                    if i == 0:
                        taps = tap_latencies(page, name, args.taps)
                    page.close()
                    stop(proc)
                results[name].update({"launch": launches, "tap": taps})
            # The bare grid and the mid-game match side by side, their taps taken in turn (two
            # of one, then two of the other), so a busy moment of a shared machine falls on both
            # alike; the grid in a browser of its own, so the two share no renderer process.
            other = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
            grid, _, proc = open_app(other, "grid", data, 1)
            procs.append(proc)
            app, _, proc = open_app(browser, "app", data / "run0", 1)
            procs.append(proc)
            open_page(app, f"{app.url.rstrip('/')}/match/{seeded}")
            see(app, "to lay")
            taken = in_turn({"grid": (grid, lambda page, i: [
                                 page.evaluate(TAP_JS, ["Add", f"count {n}"])
                                 for n in (2 * i + 1, 2 * i + 2)]),
                             "app": (app, undo_redo_pair)},
                            args.taps // 2, args.cpu_throttle)
            results["grid"]["tap"], results["app"]["mid"] = taken["grid"], taken["app"]
            results["grid"]["phases"], results["app"]["phases"] = (
                page.evaluate("window.__phases") for page in (grid, app))
            other.close()
            browser.close()
    finally:
        for proc in procs:
            stop(proc)
        shutil.rmtree(data, ignore_errors=True)
    report(results, args.cpu_throttle)


def in_turn(pages: dict[str, tuple[Page, Callable[[Page, int], list[float]]]], rounds: int,
            rate: float) -> dict[str, list[float]]:
    """Each page's taps (`take(page, round)`) taken in turn, round after round, each round in
    a rotated order (no page always follows the same one), each page's CPU slowed `rate` times
    only while it is the one tapped: Chromium's throttle keeps a core busy while it is on, even
    on a page at rest, which would slow the other page's server."""
    rates = {name: page.context.new_cdp_session(page) for name, (page, _) in pages.items()}
    samples: dict[str, list[float]] = {name: [] for name in pages}
    names = list(pages)
    for i in range(rounds):
        for name in names[i % len(names):] + names[:i % len(names)]:
            page, take = pages[name]
            for other, cdp in rates.items():
                cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate if other == name else 1})
            page.wait_for_timeout(SETTLE_MS)
            samples[name] += take(page, i)
    return samples


def open_app(browser, name: str, data: Path, rate: float) -> tuple[Page, float, subprocess.Popen]:
    """A page of its own (a context of its own: rendered as a foreground tab) showing the
    counter, the bare grid or the app on `data`, with the seconds its launch took."""
    port = free_port()
    if name in ("counter", "grid"):
        cmd = [sys.executable, f"bench/bare_{name}.py", str(port)]
        first = "count 0"
    else:
        cmd = [sys.executable, "-m", "companion.cli", "--no-browser", "--port", str(port),
               "--data", str(data)]
        first = "New match"
    page = browser.new_page(viewport=PHONE)
    page.add_init_script(ARRIVALS_JS)
    throttle(page, rate)
    seconds, proc = launch(page, cmd, port, first)
    return page, seconds, proc


def throttle(page: Page, rate: float) -> None:
    """Slow the page's CPU `rate` times, as DevTools' CPU throttling does (1: not at all)."""
    if rate != 1:
        page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": rate})


def tap_latencies(page: Page, name: str, count: int) -> list[float]:
    if name in ("counter", "grid"):
        return [page.evaluate(TAP_JS, ["Add", f"count {i + 1}"]) for i in range(count)]
    button(page, "New Caro match").click()
    add_players(page, "Ann", "Ben")
    button(page, "Start match").click()
    # Each turn starts with no colour picked: pick red, then its cell.
    button(page, re.compile(r"^Lay red")).click()
    button(page, re.compile(r"^Lay red, .*selected")).wait_for()
    button(page, re.compile(r"^row 6, column 6")).click()
    see(page, "Ben to lay")
    return undo_redo_latencies(page, count)


MID_GAME_PLAYERS = ["Cleo", "Dan"]


def mid_game_lays() -> list[tuple[str, tuple[int, int]]]:
    """The lays of a 2-player Caro match with 12 caros down (seeded choices: the same each run)."""
    from scoring import caro

    match = caro.Match(players=MID_GAME_PLAYERS)
    rng = random.Random(4)
    lays = []
    while len(match.board) < 12:
        moves = [(c, cell) for c in caro.COLOURS for cell in sorted(match.options(c))]
        lays.append(rng.choice(moves))
        match.lay(*lays[-1])
    return lays


def seed_mid_game(folder: Path) -> str:
    """Store the mid-game Caro match (`mid_game_lays`) before the app opens the folder."""
    from scoring import caro
    from storage import Store

    match = caro.Match(players=MID_GAME_PLAYERS)
    for colour, cell in mid_game_lays():
        match.lay(colour, cell)
    with Store(folder) as store:
        return store.create(match)


def mid_game_latencies(page: Page, url: str, mid: str, count: int) -> list[float]:
    open_page(page, f"{url}/match/{mid}")
    see(page, "to lay")
    return undo_redo_latencies(page, count)


def undo_redo_latencies(page: Page, count: int) -> list[float]:
    """Alternate Undo and Redo `count` times, timing each tap to its message."""
    samples = []
    for _ in range(count // 2):
        samples.append(page.evaluate(TAP_JS, ["Undo", "Undone: "]))
        samples.append(page.evaluate(TAP_JS, ["Redo", "Redone: "]))
    return samples


def undo_redo_pair(page: Page, _round: int) -> list[float]:
    """One round of `in_turn` for a match: an Undo and a Redo, each timed."""
    return undo_redo_latencies(page, 2)


def p90(samples: list[float]) -> float:
    return statistics.quantiles(samples, n=10)[-1]


def report(results: dict[str, dict[str, list[float]]], rate: float = 1) -> None:
    counter, app = results["counter"], results["app"]
    launch_c, launch_a = statistics.median(counter["launch"]), statistics.median(app["launch"])
    tap_c, tap_a = statistics.median(counter["tap"]), statistics.median(app["tap"])
    cpu = f" (page CPU throttled {rate:g}x)" if rate != 1 else ""
    print(f"launch to first render{cpu}: counter {launch_c:.2f} s, app {launch_a:.2f} s, "
          f"ratio {launch_a / launch_c:.2f} (target <= 1.5)")
    mid, grid = app["mid"], results["grid"]["tap"]
    tap_m, tap_g = statistics.median(mid), statistics.median(grid)
    print(f"tap to update{cpu}, median (p90) of {len(mid)}: counter {tap_c:.1f} ms "
          f"({p90(counter['tap']):.1f})")
    print(f"  app Undo/Redo of a mid-game lay: {tap_m:.1f} ms ({p90(mid):.1f}), "
          f"ratio to the counter {tap_m / tap_c:.2f} (target <= 1.5), "
          f"to the bare grid {tap_m / tap_g:.2f} (target < 1)")
    print(f"  app Undo/Redo of the first caro: {tap_a:.1f} ms ({p90(app['tap']):.1f}), "
          f"ratio to the counter {tap_a / tap_c:.2f}")
    print(f"  Flet's bare 11 x 11 grid (18 cells change): {tap_g:.1f} ms ({p90(grid):.1f}), "
          f"ratio to the counter {tap_g / tap_c:.2f}")
    print("  where a side-by-side tap's time goes, median: click to the server's answer "
          "arriving / the answer to the text on screen")
    for name, label in (("app", "app Undo/Redo"), ("grid", "bare grid")):
        phases = results[name]["phases"]
        print(f"    {label}: {statistics.median(p[0] for p in phases):.1f} ms / "
              f"{statistics.median(p[1] for p in phases):.1f} ms")


if __name__ == "__main__":
    main()
