"""What one import may cost the server: a match at the per-match cap, against a long real one.

`storage.transfer` caps an import at MAX_EVENTS_PER_MATCH events per match and
MAX_EVENTS_PER_FILE per file; what that bounds in time depends on how replay grows with a
match's length. This prints the time to check (`read_export`) one Ratel match of 300 events (a
long real match, the baseline), one at the cap, and the cap with its last event refused (the
search for the refused event replays more), with their ratios to the baseline. Linear replay
gives a ratio near cap/300; a much larger one means a capped file still costs the server more
than it should.

    python bench/import_cost.py
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from scoring import ratel  # noqa: E402
from storage.index import fingerprint  # noqa: E402
from storage.transfer import (  # noqa: E402
    FORMAT,
    MAX_EVENTS_PER_MATCH,
    ImportRefused,
    read_export,
)

REAL = 300


def events(n: int) -> list[dict]:
    """A Ratel penalty match of `n` events: rounds recorded as results only."""
    m = ratel.Match(players=["Ann", "Ben", "Cleo"], mode="penalty", penalty_limit=10**9)
    first = m.events[0]
    rounds = [{"type": "record_round", "out": "Ann", "hands": {"Ben": 1, "Cleo": 1}}]
    return [first] + json.loads(json.dumps(rounds * (n - 1)))


def export(evs: list[dict]) -> str:
    record = {"created": "2026-01-01T00:00:00+00:00", "updated": "2026-01-01T00:00:00+00:00",
              "fingerprint": fingerprint(evs), "events": evs}
    return json.dumps({"format": FORMAT, "version": 1, "matches": [record]})


def timed(data: str) -> float:
    t0 = time.perf_counter()
    try:
        read_export(data)
    except ImportRefused:
        pass
    return time.perf_counter() - t0


def main() -> None:
    real = timed(export(events(REAL)))
    capped = events(MAX_EVENTS_PER_MATCH)
    cap = timed(export(capped))
    capped[-1] = {**capped[-1], "hands": {"Ben": -1, "Cleo": 1}}
    refused = timed(export(capped))
    print(f"{REAL} events (baseline): {real:.3f} s")
    print(f"{MAX_EVENTS_PER_MATCH} events: {cap:.3f} s, {cap / real:.0f}x the baseline "
          f"(linear would be ~{MAX_EVENTS_PER_MATCH / REAL:.0f}x)")
    print(f"{MAX_EVENTS_PER_MATCH} events, the last refused: {refused:.3f} s, "
          f"{refused / real:.0f}x the baseline")


if __name__ == "__main__":
    main()
