"""The kill test's child: plays Tally matches and saves after every move until it is killed.

`python -m tests.storage.saver FOLDER SEED [PAUSE]` prints, flushed, one line per step, so the
parent knows which saves returned: `try ID FP` before a save and `saved ID FP` once it returned (FP
the fingerprint of the events); `creating` / `created ID FP`; `deleting ID` / `deleted ID`. With
PAUSE = n, the n-th write, fsync or replace made inside a save prints `paused CALL` and waits there
to be killed: a kill that lands inside a save whatever the machine's speed.
"""

from __future__ import annotations

import os
import random
import sys
import time
from collections.abc import Callable

import scoring
from storage import Store, fingerprint
from tests.support.tally import Tally

PLAYERS = ["Ann", "Ben", "Cleo"]
LIMIT = 40  # a match ends after about 30 moves, so matches finish (index writes) and get deleted
KEEP_FINISHED = 3


def say(*words: object) -> None:
    # One write per line (print would write word by word under PYTHONUNBUFFERED), so a kill
    # leaves at most a last line without its newline, which the parent ignores.
    sys.stdout.write(" ".join(map(str, words)) + "\n")
    sys.stdout.flush()


class Pause:
    """Counts the file-system calls made inside saves; stops for good at the n-th one."""

    def __init__(self, at: int) -> None:
        self.left = at
        self.in_save = False
        for name in ("write", "fsync", "replace"):
            setattr(os, name, self.wrap(name, getattr(os, name)))

    def wrap(self, name: str, call: Callable[..., object]) -> Callable[..., object]:
        def paused(*args: object) -> object:
            if self.in_save:
                self.left -= 1
                if self.left == 0:
                    say("paused", name)
                    time.sleep(60)  # killed long before; the bound only guards a lost parent
            return call(*args)

        return paused


def main(folder: str, seed: int, pause_at: int = 0) -> None:
    scoring.GAMES[Tally.GAME] = Tally
    pause = Pause(pause_at) if pause_at else None
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
        if pause:
            pause.in_save = True
        store.save(mid, m)
        if pause:
            pause.in_save = False
        say("saved", mid, fp)


if __name__ == "__main__":
    main(sys.argv[1], *map(int, sys.argv[2:4]))
