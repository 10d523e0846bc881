"""Time of the timeline and the chart's series for a long match (300 steps), against a same-run
baseline: a JSON round trip of the same events. Both must stay well under a frame (16 ms).

    python bench/progress.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bench.replay import carrera_match, ratel_match, timed  # noqa: E402
from companion.describe.progress import progress, timeline  # noqa: E402
from scoring.core import Match  # noqa: E402


def measure(name: str, m: Match) -> None:
    text = json.dumps(m.events)
    base = timed(lambda: json.loads(text))
    took = timed(lambda: (progress(m), timeline(m)))
    print(f"{name}: {len(m.history)} steps; JSON round trip {base:.2f} ms; progress+timeline "
          f"{took:.2f} ms (ratio {took / base:.0f}, target well under 16 ms)")


def main() -> None:
    measure("ratel", ratel_match(7))
    measure("carrera", carrera_match(7))


if __name__ == "__main__":
    main()
