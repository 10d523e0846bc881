"""What finding the series costs History and Home, and a fresh game's Undo, for 10,000 matches.

The links are the ids themselves (a follow-up is stored under a hash of its previous match's
id), so every list that shows series hashes every id: History (`series_of`), Home
(`waiting_next_games`) and the match screen of a game with nothing played in it
(`find_previous`, a scan of the summaries). This times them on bench/stats.py's 10,000
summaries, relinked so that a third of them are games 2 to 4 of a series, against:

- baseline: sorting the summaries by date, what `Store.summaries()` costs and every one of these
  screens pays anyway.

    python bench/series.py

Prints medians of 15 runs (the id hashes cached after the first, as in the app) and the ratio
to the baseline.
"""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.stats import MATCHES, RUNS, make_summaries, median_time  # noqa: E402
from companion.describe.series import series_of, waiting_next_games  # noqa: E402
from companion.session.follow_up import find_previous, follow_up_id  # noqa: E402
from storage import Summary  # noqa: E402


class Listed:
    """The one read `find_previous` makes of the session's tables."""

    def __init__(self, summaries: list[Summary]) -> None:
        self._summaries = summaries

    def summaries(self) -> list[Summary]:
        return self._summaries


def linked(summaries: list[Summary]) -> list[Summary]:
    """Every run of 3 consecutive summaries after the first of each 4 becomes the follow-ups of
    the one before it (same game and players)."""
    out: list[Summary] = []
    for i, s in enumerate(summaries):
        if i % 4 and out:
            before = out[-1]
            s = dataclasses.replace(s, id=follow_up_id(before.id), game=before.game,
                                    players=before.players, scores=before.scores)
        out.append(s)
    return out


def main() -> None:
    summaries = linked(make_summaries(MATCHES))
    last = summaries[-1].id

    def baseline() -> None:
        sorted(summaries, key=lambda s: (s.updated, s.id), reverse=True)

    works = {
        "History: series_of": lambda: series_of(summaries),
        "Home: waiting_next_games": lambda: waiting_next_games(summaries),
        "fresh game: find_previous": lambda: find_previous(Listed(summaries), last),
    }
    base = median_time(baseline)
    print(f"{MATCHES} summaries ({len(series_of(summaries))} series), median of {RUNS} runs")
    print(f"  baseline (sort by date)         {base * 1000:8.2f} ms")
    for name, work in works.items():
        took = median_time(work)
        print(f"  {name:<30} {took * 1000:8.2f} ms  = {took / base:5.1f} x baseline")


if __name__ == "__main__":
    main()
