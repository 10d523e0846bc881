"""What showing each match's length costs History and Statistics, for 10,000 stored matches.

History writes each finished match's line: its date alone before (`day`), its date and length
now (`day_and_length`); Statistics adds the average length per game and player count
(`lengths`) to the players' figures (`player_stats` and a head to head, bench/stats.py). Both
sides run on the same 10,000 summaries (bench/stats.py's, each with a length), interleaved in
one run:

    python bench/match_length.py

Prints medians of 9 runs and the ratios after / before. Targets: History's lines at most 1.2x,
Statistics at most 1.2x.
"""

from __future__ import annotations

import dataclasses
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.stats import make_summaries  # noqa: E402
from companion.describe.records import head_to_head, lengths, player_stats  # noqa: E402
from companion.describe.when import day, day_and_length  # noqa: E402

MATCHES = 10_000
RUNS = 9


def main() -> None:
    rng = random.Random(2)
    summaries = [dataclasses.replace(s, played_for=rng.uniform(300, 3 * 3600))
                 for s in make_summaries(MATCHES)]
    finished = [s for s in summaries if s.status == "finished"]

    def history_before() -> None:
        for s in finished:
            day(s.played_at)

    def history_after() -> None:
        for s in finished:
            day_and_length(s.played_at, s.played_for)

    def stats_before() -> None:
        player_stats(summaries)
        head_to_head(summaries, "Ann", "Ben")

    def stats_after() -> None:
        stats_before()
        lengths(summaries)

    work: dict[str, Callable[[], object]] = {
        "History before": history_before, "History after": history_after,
        "Statistics before": stats_before, "Statistics after": stats_after}
    times: dict[str, list[float]] = {name: [] for name in work}
    for _ in range(RUNS):
        for name, job in work.items():
            start = time.perf_counter()
            job()
            times[name].append(time.perf_counter() - start)
    median = {name: statistics.median(t) for name, t in times.items()}
    for name, t in median.items():
        print(f"{name}: {t * 1000:.1f} ms")
    for part in ("History", "Statistics"):
        print(f"{part}: {median[f'{part} after'] / median[f'{part} before']:.2f}x")


if __name__ == "__main__":
    main()
