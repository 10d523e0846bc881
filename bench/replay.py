"""Replay and undo time for long matches (300 events), against a same-run baseline.

Opening a stored match replays its whole log, and undo rebuilds from the nearest checkpoint; both
must stay well under a frame (16 ms). The baseline is a JSON round trip of the same events (what
reading the log costs before any rule runs), so the ratio compares across machines.

    python bench/replay.py
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from scoring import carrera, ratel  # noqa: E402
from scoring.core import Match  # noqa: E402

EVENTS = 300


def ratel_match(seed: int) -> Match:
    rng = random.Random(seed)
    m = ratel.Match(players=["Ann", "Ben", "Cleo", "Dan"], mode="penalty", penalty_limit=10_000)
    while len(m.events) < EVENTS + 1:
        choices = [(c, v) for c, values in m.options().items() for v in values]
        if m.can_pass and (not choices or rng.random() < 0.4):
            m.pass_turn()
        else:
            m.play(*rng.choice(choices))
    return m


def carrera_match(seed: int) -> Match:
    rng = random.Random(seed)
    m = carrera.Match(players=["Ann", "Ben", "Cleo", "Dan", "Eve"], ties="first")
    while len(m.events) < EVENTS + 1 and not m.is_over:
        card = rng.choice(m.legal_cards())
        fuel = 0 if card == carrera.FACE_DOWN else rng.randint(0, m.max_fuel(card))
        m.play(card, fuel)
    return m


def timed(fn, repeat: int = 30) -> float:
    samples = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - t0) * 1000)
    return statistics.median(samples)


def measure(name: str, m: Match) -> None:
    events = m.events
    text = json.dumps(events)
    base = timed(lambda: json.loads(text))
    replay = timed(lambda: type(m).replay(json.loads(text)))

    def undo_redo() -> None:
        m.undo()
        m.redo()

    undo = timed(undo_redo, 100)
    print(f"{name}: {len(events)} events; JSON round trip {base:.2f} ms; "
          f"replay {replay:.2f} ms (ratio {replay / base:.0f}, target well under 16 ms); "
          f"undo+redo {undo:.2f} ms (ratio {undo / base:.1f})")


def main() -> None:
    measure("ratel", ratel_match(7))
    measure("carrera", carrera_match(7))


if __name__ == "__main__":
    main()
