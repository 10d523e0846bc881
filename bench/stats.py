"""Time to compute the statistics screen's figures for 10,000 stored matches.

The statistics read only the store's summaries (each holds players, winners, date and final
scores), never a match file, so they cost a pass over the list. This times, for 10,000 summaries
of the four games (12 players, dates over two years, 90% finished):

- baseline: sorting the summaries by date, which is what `Store.summaries()` costs and what the
  screen pays anyway before any statistic (iterating them once is too quick to time steadily);
- the screen's work for one choice of filters: every player's figures (`player_stats`) plus a
  head to head (`head_to_head`), for all games and all time, and for one game over 30 days.

    python bench/stats.py

Prints medians of 15 runs and the ratio to the baseline. Target: under 0.5 s for 10,000 matches.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.describe.records import head_to_head, player_stats  # noqa: E402
from storage import Summary  # noqa: E402

MATCHES = 10_000
RUNS = 15
NAMES = ["Ann", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hana", "Ivo", "Jo", "Kim", "Lou"]
GAMES = {"caro": (2, 4), "careta": (2, 8), "ratel": (2, 6), "carrera": (3, 5)}


def make_summaries(n: int, seed: int = 1) -> list[Summary]:
    rng = random.Random(seed)
    now = datetime.now(UTC)
    found = []
    for i in range(n):
        game = rng.choice(list(GAMES))
        players = tuple(rng.sample(NAMES, rng.randint(*GAMES[game])))
        when = now - timedelta(minutes=rng.randint(0, 2 * 365 * 24 * 60))
        over = rng.random() < 0.9
        winners = (rng.choice(players),) if over else ()
        scores: tuple[tuple[str, int], ...] = ()
        if over and game in ("caro", "careta") or (game == "ratel" and rng.random() < 0.5):
            scores = tuple((p, rng.randint(0, 150)) for p in players)
        found.append(Summary(
            id=f"{i:012x}", game=game, players=players,
            status="finished" if over else "active", created=when, updated=when,
            winners=winners, standings=tuple((p, "0") for p in players), events_count=60,
            fingerprint="0" * 64, scores=scores,
        ))  # fmt: skip
    found.sort(key=lambda s: (s.updated, s.id), reverse=True)  # as Store.summaries() gives them
    return found


def median_time(work: Callable[[], object]) -> float:
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    summaries = make_summaries(MATCHES)

    def baseline() -> None:
        sorted(summaries, key=lambda s: (s.updated, s.id), reverse=True)

    def everything() -> None:
        player_stats(summaries)
        head_to_head(summaries, "Ann", "Ben")

    def one_game_30_days() -> None:
        player_stats(summaries, game="careta", period="30d")
        head_to_head(summaries, "Ann", "Ben", game="careta", period="30d")

    base = median_time(baseline)
    print(f"{MATCHES} summaries, median of {RUNS} runs")
    print(f"  baseline (sort by date)      {base * 1000:8.2f} ms")
    for name, work in (("all games, all time", everything), ("careta, 30 days", one_game_30_days)):
        took = median_time(work)
        verdict = "ok" if took < 0.5 else "OVER the 0.5 s target"
        print(f"  stats: {name:<21} {took * 1000:8.2f} ms  = {took / base:5.1f} x baseline  "
              f"({verdict})")


if __name__ == "__main__":
    main()
