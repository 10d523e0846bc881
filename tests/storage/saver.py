"""The kill test's child: plays Tally matches and saves after every move until it is killed.

`python -m tests.storage.saver FOLDER SEED` prints, flushed, one line per step, so the parent
knows which saves returned: `try ID FP` before a save and `saved ID FP` once it returned (FP the
fingerprint of the events); `creating` / `created ID FP`; `deleting ID` / `deleted ID`.
"""

from __future__ import annotations

import random
import sys

import scoring
from storage import Store, fingerprint
from tests.tally import Tally

PLAYERS = ["Ann", "Ben", "Cleo"]
LIMIT = 40  # a match ends after about 30 moves, so matches finish (index writes) and get deleted
KEEP_FINISHED = 3


def say(*words: object) -> None:
    # One write per line (print would write word by word under PYTHONUNBUFFERED), so a kill
    # leaves at most a last line without its newline, which the parent ignores.
    sys.stdout.write(" ".join(map(str, words)) + "\n")
    sys.stdout.flush()


def main(folder: str, seed: int) -> None:
    scoring.GAMES[Tally.GAME] = Tally
    rng = random.Random(seed)
    store = Store(folder)
    say("ready")
    active = store.summaries("active")
    mid, m = (active[0].id, store.load(active[0].id)) if active else (None, None)
    for step in range(100_000):  # killed long before; the bound only guards a lost parent
        if m is None or m.is_over:
            finished = store.summaries("finished")
            if len(finished) > KEEP_FINISHED:
                say("deleting", finished[-1].id)
                store.delete(finished[-1].id)
                say("deleted", finished[-1].id)
            m = Tally(PLAYERS, limit=LIMIT)
            say("creating")
            mid = store.create(m)
            say("created", mid, fingerprint(m.events))
            continue
        roll = rng.random()
        if roll < 0.1 and m.can_undo:
            m.undo()
        elif roll < 0.15 and m.can_redo:
            m.redo()
        else:
            m.add(PLAYERS[step % 3], rng.randint(1, 5), note=f"step {step} " + "x" * 50)
        fp = fingerprint(m.events)
        say("try", mid, fp)
        store.save(mid, m)
        say("saved", mid, fp)


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
