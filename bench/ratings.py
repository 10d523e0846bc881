"""Time to rate 10,000 stored finished matches, and to add one newly finished match.

Ratings (companion/describe/ratings.py) are worked out from the store's summaries whenever
they are shown, never stored: the first showing rates every finished match in the order played;
a match finished since is added to the result kept in memory. For 10,000 finished matches of
the four games (12 players, 2 to 8 a match, a quarter of Careta's with two teams, ties now and
then, dates over two years), this times:

- baseline: the statistics screen's other figures on the same summaries (`player_stats`, one
  pass over the list, bench/stats.py), measured in the same run;
- cold: every match rated from nothing (`ratings()` after `forget()`), median of 5;
- one more: a match finished after all the others added to the kept result, median of 15.

    python bench/ratings.py

Targets: cold under 1 s, one more under 50 ms (CPU time of the process, medians).
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.describe import ratings as rated  # noqa: E402
from companion.describe.records import player_stats  # noqa: E402
from scoring.core import Placing  # noqa: E402
from storage import Summary  # noqa: E402

MATCHES = 10_000
NAMES = ["Ann", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hana", "Ivo", "Jo", "Kim", "Lou"]
GAMES = {"caro": (2, 4), "careta": (2, 8), "ratel": (2, 6), "carrera": (3, 5)}


def placings(rng: random.Random, game: str, players: tuple[str, ...]) -> tuple[Placing, ...]:
    if game == "careta" and len(players) >= 4 and rng.random() < 0.25:
        half = len(players) // 2
        sides = [players[:half], players[half:]]
        return (Placing(1, sides[0]), Placing(2, sides[1]))
    ranks = sorted(rng.randint(1, len(players)) for _ in players)  # ties now and then
    return tuple(Placing(r, (p,)) for r, p in zip(ranks, players, strict=True))


def make_summaries(n: int, seed: int = 1, start: datetime | None = None) -> list[Summary]:
    rng = random.Random(seed)
    now = start or datetime.now(UTC) - timedelta(days=1)
    found = []
    for i in range(n):
        game = rng.choice(list(GAMES))
        players = tuple(rng.sample(NAMES, rng.randint(*GAMES[game])))
        when = now - timedelta(minutes=rng.randint(0, 2 * 365 * 24 * 60))
        places = placings(rng, game, players)
        found.append(Summary(
            id=f"{seed:04x}{i:08x}", game=game, players=players, status="finished",
            created=when, updated=when, winners=places[0].players, standings=(),
            events_count=60, fingerprint=f"{seed}-{i}", placings=places, played=when,
        ))  # fmt: skip
    found.sort(key=lambda s: (s.updated, s.id), reverse=True)  # as Store.summaries() gives them
    return found


def median_time(work: Callable[[], object], runs: int) -> float:
    """The median CPU time of the process over `runs` calls: on the shared machine, wall time
    measures the load (the baseline's wall time varies 10x between runs)."""
    times = []
    for _ in range(runs):
        start = time.process_time()
        work()
        times.append(time.process_time() - start)
    return statistics.median(times)


def main() -> None:
    summaries = make_summaries(MATCHES)
    base = median_time(lambda: player_stats(summaries), 15)

    def cold() -> None:
        rated.forget()
        rated.ratings(summaries)

    took_cold = median_time(cold, 5)

    rated.ratings(summaries)
    extra = iter(make_summaries(100, seed=2))

    def one_more() -> None:
        # finished after every other match (now), newest first as the store lists them
        now = datetime.now(UTC)
        new = replace(next(extra), played=now, updated=now, created=now)
        summaries.insert(0, new)
        rated.ratings(summaries)

    took_more = median_time(one_more, 15)
    print(f"{MATCHES} finished matches")
    print(f"  baseline (player_stats)        {base * 1000:8.2f} ms")
    for name, took, target in (("rated from nothing", took_cold, 1.0),
                               ("one more match added", took_more, 0.05)):
        verdict = "ok" if took < target else f"OVER the {target * 1000:.0f} ms target"
        print(f"  {name:<30} {took * 1000:8.2f} ms  = {took / base:6.2f} x baseline  "
              f"({verdict})")


if __name__ == "__main__":
    main()
