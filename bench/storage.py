"""Save latency of the Store with 0, 1,000 and 10,000 stored matches, against a naive TinyDB.

The naive baseline is what the Store replaced: one TinyDB file (default `JSONStorage`) holding
every match as one document, updated on every save, so each save rewrites the whole file. Both
fsync (TinyDB's `JSONStorage` does too). A match is ~60 events of ~100 bytes (~6 KB), and each
timed save follows one action or one undo, as in the app.

The Store's three sizes, the naive file with no other match and the disk's floor (one bare
durable atomic replace of a file of that size) are timed interleaved, one save each in turn, so
that a change in the machine's load (other processes doing I/O) hits them all alike; the ratio of
the Store at 10,000 to the Store at 0 is the flatness figure. The naive file with 1,000 and
10,000 other matches is timed only a few times, since each save costs a second or more.
`Store.create` is timed the same way at the three sizes, one create each in turn (fewer rounds),
and its ratio from 0 to 10,000 is printed too.

    python bench/storage.py            # about a minute
    python bench/storage.py --quick    # fewer naive saves, for a smoke run

Targets: Store median save under 2 ms, and at most 1.3x from 0 to 10,000 stored matches; the
same 1.3x for the median create.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tinydb import TinyDB  # noqa: E402

import scoring  # noqa: E402
from scoring.core import Match, check_players  # noqa: E402
from storage import Store  # noqa: E402
from storage.atomic import FILE_MODE, atomic_write  # noqa: E402

SIZES = (0, 1_000, 10_000)
EVENTS = 60
PLAYERS = ["Ann", "Ben", "Cleo", "Dan"]


class Bench(Match):
    """A stand-in game with realistic events: a move names a player, a cell, points and a text."""

    GAME = "bench"
    TITLE = "Bench"
    PLAYERS = range(2, 7)

    def __init__(self, players: list[str]) -> None:
        super().__init__({"players": players})

    def _setup(self, settings: dict[str, Any]) -> None:
        check_players(settings["players"], self.PLAYERS)
        self.points = dict.fromkeys(settings["players"], 0)

    def move(self, k: int) -> None:
        player = self.players[k % len(self.players)]
        self._record(
            {
                "type": "move",
                "player": player,
                "cell": [k % 7, k % 5],
                "points": k % 11,
                "text": f"{player} laid red next to black for {k % 11}",
            }
        )

    def _on_move(self, event: dict[str, Any]) -> None:
        self.points[event["player"]] += event["points"]

    @property
    def is_over(self) -> bool:
        return False

    @property
    def winners(self) -> list[str]:
        return []

    def standings(self) -> list[tuple[str, str]]:
        return [(p, str(n)) for p, n in sorted(self.points.items(), key=lambda pn: -pn[1])]


def played() -> Bench:
    m = Bench(PLAYERS)
    for k in range(EVENTS - 1):
        m.move(k)
    return m


def step(m: Bench, i: int) -> None:
    """One action or one undo, so the match stays at ~60 events however long the run."""
    if i % 2:
        m.undo()
    else:
        m.move(i)


def stats(times: list[float]) -> tuple[float, float]:
    """(median, p95) in milliseconds."""
    ms = sorted(t * 1000 for t in times)
    p95 = ms[min(len(ms) - 1, round(0.95 * (len(ms) - 1)))]
    return statistics.median(ms), p95


def timed(action: Callable[[], object]) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


# -- the Store -------------------------------------------------------------------------------------


def fill_store(folder: Path, count: int, template: bytes) -> None:
    """Write `count` match files straight into the folder (no fsync: a set-up, not the subject).

    The bytes are those of a match file the Store itself wrote; the Store rebuilds its index
    from the files when it opens the folder, as after losing the index.
    """
    matches = folder / "matches"
    matches.mkdir(parents=True, exist_ok=True)
    for _ in range(count):
        fd = os.open(matches / f"{secrets.token_hex(6)}.json", os.O_WRONLY | os.O_CREAT, FILE_MODE)
        os.write(fd, template)
        os.close(fd)


def template_file(root: Path) -> bytes:
    with Store(root / "template") as store:
        mid = store.create(played())
    return (root / "template" / "matches" / f"{mid}.json").read_bytes()


def bench_interleaved(root: Path, rounds: int, creates: int) -> dict[str, Any]:
    """The Store at every size, the naive file with no other match, and the disk's floor.

    The floor is one bare durable replace of a file of the same size (write, fsync, rename,
    fsync the folder): what any crash-safe save pays to the disk, whatever the code around it.
    """
    template = template_file(root)
    report: dict[str, Any] = {"file_kb": len(template) / 1024, "open": {}}
    stores: dict[int, Store] = {}
    for size in SIZES:
        folder = root / f"store-{size}"
        fill_store(folder, size, template)
        os.sync()
        report["open"][size] = [timed(lambda f=folder: Store(f).close())]  # rebuilds the index
        report["open"][size].append(timed(lambda f=folder: Store(f).close()))  # clean restart
        stores[size] = Store(folder)
    savers: dict[str, Callable[[int], float]] = {}
    for size, store in stores.items():
        m = played()
        mid = store.create(m)
        savers[f"store-{size}"] = _store_saver(store, mid, m)
    naive = TinyDB(root / "naive-0.json")  # the default JSONStorage
    savers["naive-0"] = _naive_saver(naive)
    floor_path = root / "floor.json"
    savers["floor"] = lambda i: timed(lambda: atomic_write(floor_path, template))
    times: dict[str, list[float]] = {name: [] for name in savers}
    for i in range(rounds + 20):
        for name, save in savers.items():
            took = save(i)
            if i >= 20:  # the first rounds warm caches up
                times[name].append(took)
    report["save"] = {name: stats(t) for name, t in times.items()}
    report["create"] = bench_creates(stores, creates)
    for store in stores.values():
        store.close()
    naive.close()
    return report


def bench_creates(stores: dict[int, Store], rounds: int) -> dict[int, tuple[float, float]]:
    """`Store.create` of a played match at every size, one each in turn (after a warm-up)."""
    times: dict[int, list[float]] = {size: [] for size in stores}
    for i in range(rounds + 3):
        for size, store in stores.items():
            m = played()
            took = timed(lambda s=store, m=m: s.create(m))
            if i >= 3:
                times[size].append(took)
    return {size: stats(t) for size, t in times.items()}


def _store_saver(store: Store, mid: str, m: Bench) -> Callable[[int], float]:
    def save(i: int) -> float:
        step(m, i)
        return timed(lambda: store.save(mid, m))

    return save


def _naive_saver(db: TinyDB, size: int = 0) -> Callable[[int], float]:
    """One TinyDB file, one document per match, `update` on every save (what was replaced)."""
    table = db.table("matches")
    events = played().events
    doc = {"game": "bench", "players": PLAYERS, "updated": 0.0, "events": events}
    if size:
        table.insert_multiple([doc] * size)
    mid = table.insert(doc)
    m = played()

    def save(i: int) -> float:
        step(m, i)
        fields = {"events": m.events, "updated": time.time()}
        return timed(lambda: table.update(fields, doc_ids=[mid]))

    return save


def bench_naive_big(root: Path, saves: dict[int, int]) -> dict[int, tuple[float, float]]:
    """The naive file with 1,000 and 10,000 other matches: a few saves, each costs seconds."""
    report = {}
    for size, count in saves.items():
        path = root / f"naive-{size}.json"
        with TinyDB(path) as db:
            save = _naive_saver(db, size)
            report[size] = stats([save(i) for i in range(count)])
        path.unlink()
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer saves, for a smoke run")
    args = parser.parse_args()
    rounds = 200 if args.quick else 600
    creates = 10 if args.quick else 40
    big_saves = {1_000: 3, 10_000: 1} if args.quick else {1_000: 10, 10_000: 3}
    scoring.GAMES[Bench.GAME] = Bench
    event_bytes = statistics.mean(len(json.dumps(e)) for e in played().events[1:])
    root = Path(tempfile.mkdtemp(prefix="bench-storage-"))
    started = time.perf_counter()
    try:
        run = bench_interleaved(root, rounds, creates)
        big = bench_naive_big(root, big_saves)
    finally:
        shutil.rmtree(root, ignore_errors=True)
    save = run["save"]
    naive = {0: save["naive-0"], **big}
    counts = {0: rounds, **big_saves}

    print(
        f"Save latency in ms, median / p95, with fsync; one match of {EVENTS} events of "
        f"~{event_bytes:.0f} bytes ({run['file_kb']:.1f} KB as a Store file)"
    )
    print(f"{'stored matches':>15}  {'Store':>16}  {'naive TinyDB':>18}  {'naive / Store':>13}")
    for size in SIZES:
        (sm, sp), (nm, np_) = save[f"store-{size}"], naive[size]
        print(
            f"{size:>15,}  {sm:>7.2f} / {sp:>6.2f}  {nm:>9.2f} / {np_:>6.2f}  {nm / sm:>12.1f}x"
            f"   ({rounds} / {counts[size]} saves)"
        )
    fm, fp = save["floor"]
    print(f"{'disk floor':>15}  {fm:>7.2f} / {fp:>6.2f}  (one bare durable atomic replace)")
    s0, s10k = save["store-0"][0], save["store-10000"][0]
    ratio = s10k / s0
    print(
        f"Store at 10,000 vs at 0: {ratio:.2f}x (target at most 1.3x: "
        f"{'met' if ratio <= 1.3 else 'MISSED'}); median save at 10,000: {s10k:.2f} ms "
        f"(target under 2 ms: {'met' if s10k < 2 else 'MISSED'}); above the disk floor: "
        f"{s10k - fm:+.2f} ms"
    )
    create = run["create"]
    print(
        f"Store create, ms median / p95 ({creates} each): "
        + ", ".join(f"{size:,}: {create[size][0]:.2f} / {create[size][1]:.2f}" for size in SIZES)
    )
    c0, c10k = create[0][0], create[10_000][0]
    print(
        f"Store create at 10,000 vs at 0: {c10k / c0:.2f}x (target at most 1.3x: "
        f"{'met' if c10k / c0 <= 1.3 else 'MISSED'})"
    )
    print(
        "Store open, ms (rebuilding the index from the files / clean restart): "
        + ", ".join(f"{n:,}: {a * 1000:.0f} / {b * 1000:.0f}" for n, (a, b) in run["open"].items())
    )
    print(f"Whole run: {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
