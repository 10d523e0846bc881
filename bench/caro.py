"""How fast Caro answers `options` for all four colours on a crowded table.

A seeded 4-player game is played with random legal lays until the 8 x 8 area is crowded (late
game); then `options(colour)` for the four colours is timed many times. Late in a real game the
player holds few colours, which makes `options` cheap, so the headline figure is the worst case:
the same table with the current player's hand refilled to 3 caros of every colour, so all four
colours are checked on every free cell; the real hand is timed too. Medians are printed in
milliseconds and as a ratio against a baseline timed in the same run (a bare loop reading the 64
cells of the area from the board), so runs on noisy shared machines can be compared.

Run: python bench/caro.py [--seed 7] [--reps 2000] [--laid 44]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scoring import caro  # noqa: E402

TARGET_MS = 2.0


def crowded_match(seed: int, laid: int) -> caro.Match:
    """A 4-player game with at least `laid` caros on the table and the game still running."""
    for attempt in range(1000):
        rng = random.Random(seed * 1000 + attempt)
        m = caro.Match(["Ann", "Ben", "Cleo", "Dan"])
        while not m.is_over and len(m.board) < laid:
            moves = [(c, cell) for c in caro.COLOURS for cell in sorted(m.options(c))]
            colour, cell = rng.choice(moves)
            m.lay(colour, cell)
        if not m.is_over:
            return m
    raise SystemExit(f"no game with {laid} caros laid still running; lower --laid")


def time_median(work, reps: int) -> float:
    """Median seconds of one call of `work` over `reps` timed calls."""
    samples = []
    clock = time.perf_counter
    for _ in range(reps):
        start = clock()
        work()
        samples.append(clock() - start)
    return statistics.median(samples)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--reps", type=int, default=2000)
    parser.add_argument("--laid", type=int, default=44)
    args = parser.parse_args()

    m = crowded_match(args.seed, args.laid)
    top, left, bottom, right = m.bounds
    cells = [(r, c) for r in range(top, top + m.area) for c in range(left, left + m.area)]
    board = m.board

    def options() -> None:
        for colour in caro.COLOURS:
            m.options(colour)

    def baseline() -> None:
        get = board.get
        for cell in cells:
            get(cell)

    base = time_median(baseline, args.reps)
    real_hand = m.remaining(m.current)
    real = time_median(options, args.reps)
    # Worst case: a full hand (benchmark only: the hand is set directly, nothing is recorded).
    m._hands[m.current] = {c: caro.CAROS_PER_COLOUR for c in caro.COLOURS}
    counts = {c: len(m.options(c)) for c in caro.COLOURS}
    took = time_median(options, args.reps)
    print(f"table: {len(board)} caros, box {bottom - top + 1}x{right - left + 1}, "
          f"{m.current} to lay; full-hand legal cells {counts}")
    print(f"baseline (64-cell loop) median: {base * 1e6:.2f} us")
    print(f"options x4, full hand, median: {took * 1000:.3f} ms (target {TARGET_MS} ms), "
          f"ratio {took / base:.1f}")
    print(f"options x4, real hand {real_hand}, median: {real * 1000:.3f} ms, "
          f"ratio {real / base:.1f}")


if __name__ == "__main__":
    main()
