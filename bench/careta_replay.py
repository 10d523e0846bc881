"""Replay and undo time of a long Careta match (about 300 events), against a same-run baseline.

Every history entry of Careta is a `Said` (issue 21) whose English "text" is rendered on the
first read that asks (scoring/core.py's `Entry`), not when a stored match is replayed. The
baseline is a JSON round trip of the same events, so ratios compare across machines.
`--events FILE` replays a saved log, `--save FILE` writes it; `--before REV` (repeatable)
replays the same log by this checkout's rules and each revision's in one run
(bench/revisions.py).

    python bench/careta_replay.py [--save FILE | --events FILE] [--before REV ...]
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bench.replay import before, timed  # noqa: E402
from scoring import careta  # noqa: E402

EVENTS = 300


def careta_events(seed: int) -> list[dict]:
    """A four-player match to a far target, played at random: plays, allies, doubts, ends."""
    rng = random.Random(seed)
    m = careta.Match(["Ann", "Ben", "Cleo", "Dan"], target=1000)
    while len(m.events) < EVENTS + 1:
        phase = m.phase
        if phase == "set-needed":
            m.start_set()
        elif phase == "direction-needed":
            m.start_game(rng.choice(careta.DIRECTIONS))
        elif m.latest_play and rng.random() < 0.3:
            m.doubt(rng.choice(m.doubters_allowed()), rng.choice([True, False, "trick"]))
        elif phase == "card-round":
            m.play(m.current, rng.choice([*m.score_range(), careta.PASS]))
        elif m.ally_next and rng.random() < 0.3:
            m.ally(m.ally_next, rng.choice(m.score_range(with_ally=True)))
        else:
            m.end_game({p: rng.choice([True, False, "trick"]) for p in m.unmask_needed()})
    return m.events


def main() -> None:
    revs, args = before(sys.argv[1:])
    if args[:1] == ["--events"]:
        events = json.loads(Path(args[1]).read_text())
    else:
        events = careta_events(7)
        if args[:1] == ["--save"]:
            Path(args[1]).write_text(json.dumps(events))
    if revs:
        from bench.revisions import compare, report
        report("careta", f"{len(events)} events", compare("careta", [events], revs))
        return
    text = json.dumps(events)
    base = timed(lambda: json.loads(text))
    replay = timed(lambda: careta.Match.replay(json.loads(text)))
    m = careta.Match.replay(json.loads(text))

    def undo_redo() -> None:
        m.undo()
        m.redo()

    undo = timed(undo_redo, 100)
    print(f"careta: {len(events)} events; JSON round trip {base:.2f} ms; replay {replay:.2f} ms "
          f"(ratio {replay / base:.0f}); undo+redo {undo:.2f} ms (ratio {undo / base:.1f})")


if __name__ == "__main__":
    main()
