"""Replay and undo time for long matches (300 events), against a same-run baseline.

Opening a stored match replays its whole log, and undo rebuilds from the nearest checkpoint; both
must stay well under a frame (16 ms). The baseline is a JSON round trip of the same events (what
reading the log costs before any rule runs), so the ratio compares across machines.

Replay must also be linear: the cost per event of replaying a 12,000-round Ratel match is printed
as a ratio to that of a 1,500-round one (its own baseline in the same run), target at most 1.3x.

With `--before REV` (repeatable) it measures only the replay of the same two 301-event logs by
this checkout's rules and by each revision's, in one run (bench/revisions.py), e.g. main and the
commit before the i18n groundwork: `--before main --before a2ec454^`.

    python bench/replay.py [SHORT_ROUNDS LONG_ROUNDS]   # default 1500 12000
    python bench/replay.py --before REV [--before REV ...]
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


class InPlace(ratel.Match):
    """Ratel whose actions change the match in place (no twin for readers): only replay is
    measured here, and a long match is then quicker to make."""

    def _write(self, work, *, private: bool = False) -> None:
        work(self)


def ratel_rounds(rounds: int, seed: int) -> list[dict]:
    """The events of a penalty-mode Ratel match played at random for `rounds` rounds."""
    rng = random.Random(seed)
    m = InPlace(players=["Ann", "Ben", "Cleo", "Dan"], mode="penalty", penalty_limit=10**9)
    while m.round_no <= rounds:
        choices = [(c, v) for c, values in m.options().items() for v in values]
        if m.can_pass and (not choices or rng.random() < 0.4):
            m.pass_turn()
        else:
            m.play(*rng.choice(choices))
    return m.events


def per_event_us(events: list[dict], repeat: int) -> float:
    """Median microseconds per event of replaying `events`."""
    return timed(lambda: ratel.Match.replay(events), repeat) * 1000 / len(events)


def scaling(short: int = 1_500, long: int = 12_000) -> None:
    small, big = ratel_rounds(short, 1), ratel_rounds(long, 1)
    a, b = per_event_us(small, 5), per_event_us(big, 3)  # the same code, one run: a baseline
    print(f"ratel replay per event: {short:,} rounds ({len(small):,} events) {a:.1f} us; "
          f"{long:,} rounds ({len(big):,} events) {b:.1f} us; "
          f"ratio {b / a:.2f}x (target at most 1.3x)")
    # the same, counted in events (the first 1,500 and 12,000 of the short match's log)
    c, d = per_event_us(small[:1_500], 9), per_event_us(small[:12_000], 5)
    print(f"ratel replay per event: 1,500 events {c:.1f} us; 12,000 events {d:.1f} us; "
          f"ratio {d / c:.2f}x (target at most 1.3x)")


def before(argv: list[str]) -> tuple[list[str], list[str]]:
    """The revisions named by `--before REV` in `argv`, and the other arguments."""
    revs, rest = [], []
    args = iter(argv)
    for arg in args:
        if arg == "--before":
            revs.append(next(args))
        else:
            rest.append(arg)
    return revs, rest


def main() -> None:
    revs, rest = before(sys.argv[1:])
    if revs:
        from bench.revisions import compare, report
        for name, m in (("ratel", ratel_match(7)), ("carrera", carrera_match(7))):
            report(name, f"{len(m.events)} events", compare(name, [m.events], revs))
        return
    measure("ratel", ratel_match(7))
    measure("carrera", carrera_match(7))
    scaling(*[int(a) for a in rest[:2]])


if __name__ == "__main__":
    main()
