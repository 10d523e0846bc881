"""What watchers cost the scorekeeper (issue 35): Undo/Redo with 100 live watcher pages.

The app runs in a process of its own (`--serve`: the served app with --lan and a PIN, as
`table-companion` builds it, with room for more pages than `TOTAL` so that 100 watchers get in)
on a mid-game Caro match. The keeper is a raw Flet page
(tests/support/companion/raw_pages.py) that enters
the PIN on Share and opens the match; its Undo/Redo taps are timed from the click leaving the
keeper to the first update back (the server's answer: a patch, not its call to scroll the
page), `--gap` seconds apart (the watchers are not waited for between taps, as an attacker
would not). Three rounds in one run:

1. the taps with no watcher open (the baseline);
2. the same taps with `--watchers` reading watcher pages open on the match, from `--addresses`
   loopback addresses (127.0.0.10, .11, ...); then every watcher must show the last change;
3. the baseline again, once they have closed.

The ratio is round 2's median over the baselines' (target: at most 1.2x). Then, with
`--busy` processes spinning on the CPU beside the app, `--few` watchers follow `--taps` taps:
how long after a tap each watcher shows it (the frame that sets the new turn line), median over
watchers and taps (target: within 1 s).

    python bench/watchers.py [--watchers 100] [--addresses 10] [--taps 10] [--gap 2]
                             [--few 20] [--busy 2] [--at-once]

`--at-once` serves the app drawing every follower as soon as it is told (as before issue 35).
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from companion.games.caro.watch import turn_line  # noqa: E402
from storage import Store  # noqa: E402
from tests.support.app.process import free_port  # noqa: E402
from tests.support.companion.caro_undo_cost import mid_game  # noqa: E402
from tests.support.companion.raw_pages import RawPage  # noqa: E402

PIN = "2468"
KEEPER = "127.0.0.2"


def serve(data: Path, port: int, total: int, at_once: bool) -> None:
    """The served app as `table-companion --lan --pin` builds it, with `total` pages at most;
    `at_once`: every follower drawn as soon as told, as before issue 35 (for comparison)."""
    import logging

    if at_once:
        from companion.session.followers import FOLLOWERS

        FOLLOWERS.put = lambda page, task, key=None, first=False: page.run_task(task)

    from companion.app import build_main
    from companion.cli import keepers
    from companion.server.lan import share_for
    from companion.server.serve import serve_web
    from companion.server.standings import open_boards
    from companion.session.access import Gate
    from companion.session.open_matches import OpenMatches
    from companion.session.preferences import Preferences

    logging.basicConfig(level=logging.WARNING)
    with Store(data / "data") as store:
        tables = OpenMatches(store, Gate(PIN))
        main = build_main(tables, Preferences(data), share=share_for("127.0.0.1", port, "http"))
        serve_web(main, "127.0.0.1", port, (), None, standings=open_boards(tables),
                  welcome=keepers(tables.gate), total=total)


def spin(stop: float) -> None:
    while time.monotonic() < stop:
        pass


async def keeper_page(port: int, mid: str) -> RawPage:
    keeper = RawPage(port, "/share", KEEPER)
    assert await keeper.open(), keeper.refused
    await keeper.wait_for(lambda: any(c.get("label") == "PIN"
                                      for c in keeper.controls("TextField")))
    assert await keeper.unlock(PIN), "the PIN did not unlock the keeper's page"
    await keeper.go(f"/match/{mid}")
    assert await keeper.wait_for(lambda: any(
        isinstance(c.get("icon"), dict) and c["icon"].get("semantics_label") == "Undo"
        for c in keeper.controls("IconButton"))), "no Undo on the keeper's match screen"
    await asyncio.sleep(1.0)
    return keeper


async def tap(keeper: RawPage, name: str) -> tuple[float, float]:
    """Click `name` on the keeper's page: (when sent, seconds to its update: the first patch
    back, not the tap before's late call to scroll the page)."""
    before = len(keeper.raw)
    sent = time.perf_counter()
    await keeper.event(keeper.button(name), "click")
    assert await keeper.wait_for(lambda: keeper.update_since(before) is not None), "no answer"
    return sent, keeper.arrived[keeper.update_since(before)] - sent


async def taps(keeper: RawPage, count: int, gap: float, done: list[int],
               ) -> list[tuple[float, float]]:
    """`count` taps, Undo then Redo, `gap` seconds apart; `done[0]` counts the Undos left."""
    timed = []
    for _ in range(count):
        name = "Undo" if done[0] % 2 == 0 else "Redo"
        timed.append(await tap(keeper, name))
        done[0] += 1
        await asyncio.sleep(max(0.0, gap - timed[-1][1]))
    return timed


def lines(done: int) -> tuple[str, str]:
    """The turn line a watcher shows after `done` taps, and the one it shows otherwise."""
    match = mid_game()
    other = turn_line(match)
    match.undo()
    undone = turn_line(match)
    return (undone, other) if done % 2 else (other, undone)


async def open_watchers(port: int, route: str, count: int, addresses: int) -> list[RawPage]:
    pages = [RawPage(port, route, f"127.0.0.{10 + i % addresses}") for i in range(count)]
    opened = await asyncio.gather(*(p.open(timeout=120) for p in pages))
    assert all(opened), [p.refused for p in pages if p.refused][:3]
    await asyncio.sleep(2.0 + count * 0.02)  # every page drawn before the taps
    return pages


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.0f} ms"


async def run(args: argparse.Namespace, port: int, mid: str) -> None:
    keeper = await keeper_page(port, mid)
    done = [0]
    route = f"/match/{mid}"

    base1 = [t for _, t in await taps(keeper, args.taps, args.gap, done)]
    watchers = await open_watchers(port, route, args.watchers, args.addresses)
    loaded = [t for _, t in await taps(keeper, args.taps, args.gap, done)]
    last, other = lines(done[0])
    began = time.perf_counter()
    shown = [await w.wait_for(lambda w=w: w.shows(last, [other]), 60) for w in watchers]
    caught_up = time.perf_counter() - began
    await asyncio.gather(*(w.close() for w in watchers))
    await asyncio.sleep(3.0)
    base2 = [t for _, t in await taps(keeper, args.taps, args.gap, done)]

    base = statistics.median(base1 + base2)
    print(f"keeper's Undo/Redo, {args.taps} taps a round, {args.gap} s apart "
          f"(median, min-max):")
    for name, got in (("no watchers", base1), (f"{args.watchers} watchers", loaded),
                      ("no watchers again", base2)):
        print(f"  {name:>18}: {ms(statistics.median(got))} ({ms(min(got))}-{ms(max(got))})")
    print(f"  ratio {statistics.median(loaded) / base:.2f}x (target <= 1.2x)")
    print(f"  watchers showing the last change: {sum(shown)}/{len(watchers)} "
          f"({caught_up:.1f} s after the last tap's answer was read)")

    # A busy machine: processes spinning beside the app, and a few watchers.
    stop = time.monotonic() + 3.0 + args.taps * args.gap + 30.0
    spinners = [multiprocessing.Process(target=spin, args=(stop,), daemon=True)
                for _ in range(args.busy)]
    for process in spinners:
        process.start()
    try:
        watchers = await open_watchers(port, route, args.few, min(args.addresses, args.few))
        delays: list[float] = []
        for _ in range(args.taps):
            seen = [len(w.raw) for w in watchers]
            sent, answer = await tap(keeper, "Undo" if done[0] % 2 == 0 else "Redo")
            done[0] += 1
            last, other = lines(done[0])
            for w, since in zip(watchers, seen, strict=True):
                if await w.wait_for(lambda w=w, a=last, b=other: w.shows(a, [b]), 30):
                    at = next(i for i in range(since, len(w.received))
                              if last in set(_values(w.received[i])))
                    delays.append(w.arrived[at] - sent)
            await asyncio.sleep(max(0.0, args.gap - (time.perf_counter() - sent)))
        await asyncio.gather(*(w.close() for w in watchers))
    finally:
        for process in spinners:
            process.terminate()
    print(f"{args.few} watchers, {args.busy} processes spinning beside the app: a change shown "
          f"{ms(statistics.median(delays))} after the tap (median; "
          f"{ms(min(delays))}-{ms(max(delays))}; {len(delays)}/{args.taps * args.few} seen; "
          f"target: within 1 s)")
    await keeper.close()


def _values(frame: object) -> list[str]:
    from tests.support.companion.raw_pages import values

    return list(values(frame))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--watchers", type=int, default=100)
    parser.add_argument("--addresses", type=int, default=10)
    parser.add_argument("--taps", type=int, default=10)
    parser.add_argument("--gap", type=float, default=2.0)
    parser.add_argument("--few", type=int, default=20)
    parser.add_argument("--busy", type=int, default=2)
    parser.add_argument("--at-once", action="store_true",
                        help="draw every follower as soon as told, as before issue 35")
    parser.add_argument("--serve", nargs=3, metavar=("DATA", "PORT", "TOTAL"),
                        help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        serve(Path(args.serve[0]), int(args.serve[1]), int(args.serve[2]), args.at_once)
        return

    data = Path(tempfile.mkdtemp(prefix="tc-watchers-"))
    with Store(data / "data") as store:
        mid = store.create(mid_game())
    port = free_port()
    app = subprocess.Popen([sys.executable, __file__, "--serve", str(data), str(port),
                            str(args.watchers + args.few + 20),
                            *(["--at-once"] if args.at_once else [])], cwd=ROOT,
                           start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        import urllib.request

        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2)
                break
            except OSError:
                if time.monotonic() > deadline or app.poll() is not None:
                    raise RuntimeError("the app did not start") from None
                time.sleep(0.2)
        asyncio.run(run(args, port, mid))
    finally:
        os.killpg(app.pid, signal.SIGTERM)
        app.wait(10)


if __name__ == "__main__":
    main()
