"""What closed pages cost the scorekeeper: Undo/Redo before and after 100 dropped sessions.

The app runs with --lan --pin on 127.0.0.1; a keeper (PIN entered) and a spectator follow one Caro
match in Chromium, as in bench/sync.py. The keeper's Undo/Redo taps are timed (click to the
keeper's own page showing the change, and to the spectator's), then 100 raw Flet clients open
the match's page and each closes after its first frames (tests/support/app/wire.py), and the same
taps are timed again: the ratio after/before is the cost of the dropped pages (target: at most
1.2x). The server's memory (RSS) is printed beside it.

    python bench/dead_sessions.py [--taps 30] [--flood 100] [--idle 0] [--rounds 1]

`--rounds R` floods R times (with `--idle` after each) and prints the memory after each round:
a flat line once Flet has let the first round's sessions go means nothing is kept.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from bench.sync import measure, open_pair  # noqa: E402
from tests.support.app.process import CHROMIUM_ARGS, LAN_OPTIONS, AppProcess, chromium_path  # noqa: E402
from tests.support.app.wire import Wire  # noqa: E402


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def flood(port: int, route: str, pages: int) -> float:
    """Open `pages` sessions on `route`, each closed after its first frames; seconds taken."""
    start = time.monotonic()
    for _ in range(pages):
        page = Wire(port, route)
        page.read(until=2)
        page.close()
    return time.monotonic() - start


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--taps", type=int, default=30)
    parser.add_argument("--flood", type=int, default=100)
    parser.add_argument("--idle", type=float, default=0.0,
                        help="seconds to wait after the flood before timing again")
    parser.add_argument("--rounds", type=int, default=1, help="floods, one after the other")
    args = parser.parse_args()
    data = Path(tempfile.mkdtemp(prefix="tc-dead-"))
    app = AppProcess(data / "data", LAN_OPTIONS)
    try:
        app.start()
        assert app.proc is not None
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
            keeper, spectator = open_pair(browser, app.url, 60_000)
            before = measure(keeper, spectator, args.taps)
            memory_before = rss_mb(app.proc.pid)
            route = "/" + keeper.url.split("/", 3)[3]
            took, memory = 0.0, []
            for _ in range(args.rounds):
                took += flood(app.port, route, args.flood)
                time.sleep(args.idle)
                memory.append(rss_mb(app.proc.pid))
            after = measure(keeper, spectator, args.taps)
            memory_after = rss_mb(app.proc.pid)
            browser.close()
    finally:
        app.stop()
        shutil.rmtree(data, ignore_errors=True)
    print(f"{args.rounds} x {args.flood} pages opened and dropped in {took:.1f} s, "
          f"each round then {args.idle:.0f} s idle")
    for name, i in (("keeper's own page", 0), ("spectator's page", 1)):
        was, now = statistics.median(before[i]), statistics.median(after[i])
        print(f"{name}: Undo/Redo median {was:.1f} ms before, {now:.1f} ms after "
              f"(max {max(after[i]):.1f} ms): ratio {now / was:.2f}; target at most 1.2")
    rounds = ", ".join(f"{mb:.0f}" for mb in memory)
    print(f"server memory {memory_before:.0f} MB before the flood, after each round {rounds} MB, "
          f"{memory_after:.0f} MB after the taps")


if __name__ == "__main__":
    main()
