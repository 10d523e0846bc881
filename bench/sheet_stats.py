"""Statistics and History for 10,000 stored score sheet matches, against the same for the four
games (issue 32): the sheet's summaries hold a name and its end rule as their variant, totals
that may be negative and up to 20 players, and must cost no more than the others'.

Each side is 10,000 summaries made as the store makes them (`_summarise`) from real finished
and in-play matches (seeded playouts of the games' test hooks, with players and dates varied),
then, timed in one run, interleaved:

- opening the list: every summary written to the index and read back (`index_doc`,
  `from_index_doc`), what a store's open and History pay;
- History: the list by date and its series (`series_of`) and each row's variant said, as the
  screen says it (`said_once`: each distinct variant once a render);
- Statistics: every player's figures and a head to head (`player_stats`, `head_to_head`).

    python bench/sheet_stats.py

Prints medians of 9 runs of each and the ratio sheet / four games. Target: at most 1.2x. The
times are this process's CPU time: on a machine shared with other work the wall clock counts
their turns too (a load of 15 on 2 cores made one run's ratios swing from 0.8x to 1.7x).
"""

from __future__ import annotations

import dataclasses
import random
import statistics
import sys
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.describe.records import head_to_head, player_stats  # noqa: E402
from companion.describe.series import series_of  # noqa: E402
from companion.describe.words import said_once  # noqa: E402
from scoring.said import ENGLISH  # noqa: E402
from storage import Summary  # noqa: E402
from storage.index import Stat, from_index_doc, index_doc  # noqa: E402
from storage.store import _summarise  # noqa: E402
from tests.support.games import hook  # noqa: E402

MATCHES = 10_000
RUNS = 9
POOL = 60  # real matches a side, reused with other ids, names and dates
NAMES = ["Ann", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hana", "Ivo", "Jo", "Kim", "Lou"]
FOUR = ("caro", "careta", "ratel", "carrera")


def pool(games: tuple[str, ...]) -> list[Summary]:
    now = datetime.now(UTC)
    found = []
    for seed in range(POOL):
        game = games[seed % len(games)]
        match = hook(game).playout(seed)
        found.append(_summarise(f"{seed:012x}", match, created=now, updated=now))
    return found


def summaries(games: tuple[str, ...], seed: int = 1) -> list[Summary]:
    """10,000 summaries of `games`: the pool's, renamed from 12 people and dated over 2 years."""
    rng = random.Random(seed)
    base, now, made = pool(games), datetime.now(UTC), []
    for i in range(MATCHES):
        one = rng.choice(base)
        names = dict(zip(one.players, rng.sample(NAMES, len(one.players)), strict=False)) \
            if len(one.players) <= len(NAMES) else {}
        when = now - timedelta(minutes=rng.randint(0, 2 * 365 * 24 * 60))
        made.append(dataclasses.replace(
            # One string object per id for both sides: the follow-up id cache (series_of) keeps
            # the first side's strings as its keys, and found the other side's equal strings
            # slower (History 0.9x with the sheets measured first, 1.17-1.33x second).
            one, id=sys.intern(f"{i:012x}"), created=when, updated=when,
            players=tuple(names.get(p, p) for p in one.players),
            winners=tuple(names.get(p, p) for p in one.winners),
            scores=tuple((names.get(p, p), s) for p, s in one.scores)))
    made.sort(key=lambda s: (s.updated, s.id), reverse=True)
    return made


def work(listed: list[Summary]) -> dict[str, Callable[[], object]]:
    stat: Stat = (0, 0)

    def opening() -> None:
        for s in listed:
            from_index_doc(s.id, index_doc(s, stat))

    def history() -> None:
        rows = sorted(listed, key=lambda s: (s.updated, s.id), reverse=True)
        series_of(rows)
        variant = said_once(ENGLISH)
        for s in rows:
            variant(s.variant)

    def stats() -> None:
        player_stats(listed)
        head_to_head(listed, "Ann", "Ben")

    return {"opening the list": opening, "History": history, "Statistics": stats}


def main() -> None:
    sides = {"four games": work(summaries(FOUR)), "score sheet": work(summaries(("sheet",)))}
    times: dict[tuple[str, str], list[float]] = {}
    for _ in range(RUNS):  # interleaved: a busy moment of the machine falls on both sides
        for side, jobs in sides.items():
            for name, job in jobs.items():
                start = time.process_time()
                job()
                times.setdefault((side, name), []).append(time.process_time() - start)
    print(f"{MATCHES} summaries a side, median CPU time of {RUNS} runs")
    for name in sides["four games"]:
        four = statistics.median(times["four games", name])
        mine = statistics.median(times["score sheet", name])
        verdict = "ok" if mine <= 1.2 * four else "OVER the 1.2x target"
        print(f"  {name:<17} four games {four * 1000:8.1f} ms  score sheet {mine * 1000:8.1f} ms"
              f"  = {mine / four:4.2f}x  ({verdict})")


if __name__ == "__main__":
    main()
