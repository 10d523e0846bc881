"""Caro's replay and undo+redo, against a same-run baseline (a JSON round trip of the events).

Opening a stored Caro game replays its log; every history entry is a `Said` (issue 21), built
once per action; its English "text" is rendered on the first read that asks (scoring/core.py's
`Entry`). The ratios, not the milliseconds, are what compare across runs; `--before REV`
(repeatable) replays the same games by this checkout's rules and each revision's in one run
(bench/revisions.py).

    python bench/caro_replay.py [GAMES] [--before REV ...]   # default 20 seeded 4-player games
"""

from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bench.replay import before  # noqa: E402
from scoring import caro  # noqa: E402


def game(seed: int) -> list[dict]:
    """The events of a seeded 4-player game played to its end with random legal lays."""
    rng = random.Random(seed)
    m = caro.Match(["Ann", "Ben", "Cleo", "Dan"])
    while not m.is_over:
        moves = [(c, cell) for c in caro.COLOURS for cell in sorted(m.options(c))]
        m.lay(*rng.choice(moves))
    return m.events


def timed(fn, repeat: int) -> float:
    """The best of `repeat` runs, in ms: on a machine shared with other work the least disturbed
    run is the one that compares."""
    samples = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - t0) * 1000)
    return min(samples)


def main(games: int = 20, revs: list[str] | None = None) -> None:
    logs = [json.dumps(game(seed)) for seed in range(games)]
    if revs:
        from bench.revisions import compare, report
        events = sum(len(json.loads(t)) for t in logs)
        report("caro", f"{games} games, {events} events",
               compare("caro", [json.loads(t) for t in logs], revs))
        return
    base = timed(lambda: [json.loads(t) for t in logs], 15)
    replay = timed(lambda: [caro.Match.replay(json.loads(t)) for t in logs], 15)
    matches = [caro.Match.replay(json.loads(t)) for t in logs]

    def undo_redo() -> None:
        for m in matches:
            m.undo()
            m.redo()

    undo = timed(undo_redo, 30)
    events = sum(len(json.loads(t)) for t in logs)
    print(f"caro: {games} games, {events} events; JSON round trip {base:.2f} ms; "
          f"replay {replay:.1f} ms (ratio {replay / base:.0f}); "
          f"undo+redo of each game {undo:.2f} ms (ratio {undo / base:.1f})")


if __name__ == "__main__":
    revs, rest = before(sys.argv[1:])
    main(*[int(a) for a in rest[:1]], revs=revs)
