"""Kill a process that saves in a loop at random moments: every file loads, no returned save lost.

The child (`saver.py`) prints each save before it starts and once it returned. After each
SIGKILL the parent opens the folder and checks that it opens without a notice, that no temp
file is left, that every match loads and agrees with its summary, and that every match holds
either its last returned save or the one that was under way when the kill came.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from storage import Store, fingerprint
from storage.atomic import is_temp_file
from tests.support.storage.store import ROOT, child_env
from tests.support.tally import Tally

KILLS = 55


class Expected:
    """What the parent knows must be on disk, from the lines the children printed."""

    def __init__(self) -> None:
        self.saved: dict[str, str] = {}  # id -> fingerprint of the last save that returned
        self.trying: dict[str, str] = {}  # id -> fingerprint of a save under way at the kill
        self.deleted: set[str] = set()
        self.deleting: set[str] = set()

    def read(self, lines: list[str]) -> None:
        for line in lines:
            word, *rest = line.split()
            if word == "try":
                self.trying[rest[0]] = rest[1]
            elif word in ("saved", "created"):
                self.saved[rest[0]] = rest[1]
                self.trying.pop(rest[0], None)
            elif word == "deleting":
                self.deleting.add(rest[0])
            elif word == "deleted":
                self.deleted.add(rest[0])
                self.deleting.discard(rest[0])
                self.saved.pop(rest[0], None)

    def check(self, store: Store) -> None:
        found = {s.id: s for s in store.summaries()}
        for mid, fp in self.saved.items():
            if mid in self.deleting:
                continue
            assert mid in found, f"match {mid} lost"
            assert found[mid].fingerprint in {fp, self.trying.get(mid)}, f"save of {mid} lost"
        assert not self.deleted & set(found), "a deleted match came back"
        for mid, summary in found.items():
            m = store.load(mid)
            assert fingerprint(m.events) == summary.fingerprint
            assert summary.events_count == len(m.events)
            assert summary.status == ("finished" if m.is_over else "active")
        # What is on disk now is the baseline for the next child.
        self.saved = {mid: s.fingerprint for mid, s in found.items()}
        self.trying.clear()
        self.deleting.clear()


def run_and_kill(folder: Path, rng: random.Random) -> tuple[list[str], bool]:
    """Start a child and kill it at a moment chosen by counting its lines, not by the clock: while
    it starts (now and then), paused at a write, fsync or replace inside a save, or a moment after
    its first few saves returned (wherever it then is)."""
    roll = rng.random()
    pause_at = rng.randint(1, 40) if 0.2 <= roll < 0.5 else 0
    child = subprocess.Popen(
        [sys.executable, "-m", "tests.storage.saver", str(folder), str(rng.randrange(10**6)),
         str(pause_at)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=child_env(),
        cwd=ROOT,
        bufsize=0,  # unbuffered: what readline does not return stays in the pipe for communicate
    )
    watchdog = threading.Timer(30, child.kill)
    watchdog.start()
    read: list[bytes] = []
    try:
        assert child.stdout is not None
        if roll < 0.2:  # while it starts: imports, open, clean-up
            time.sleep(rng.uniform(0, 0.06))
        elif pause_at:
            while not read or not read[-1].startswith(b"paused"):
                read.append(child.stdout.readline())
                assert read[-1], "the child ended before it paused"
        else:
            wanted = rng.randint(1, 12)
            while sum(line.startswith(b"saved") for line in read) < wanted:
                read.append(child.stdout.readline())
                assert read[-1], "the child ended before it saved"
            time.sleep(rng.uniform(0, 0.03))
        child.send_signal(signal.SIGKILL)
        out, err = child.communicate(timeout=30)
    finally:
        watchdog.cancel()
        child.kill()
    assert child.returncode == -signal.SIGKILL, err.decode()
    # A line counts once its newline is there: the kill may cut the last one short.
    done = (b"".join(read) + out).decode().split("\n")[:-1]
    return [line for line in done if line not in ("ready",) and not line.startswith("paused")], \
        "ready" in done


@pytest.mark.skipif(os.name != "posix", reason="SIGKILL")
def test_killed_at_random_moments_every_returned_save_survives(
    folder: Path, tally: type[Tally]
) -> None:
    rng = random.Random(20261129)
    expected = Expected()
    saves = readies = midway = 0
    for _ in range(KILLS):
        lines, ready = run_and_kill(folder, rng)
        readies += ready
        saves += sum(line.startswith("saved") for line in lines)
        expected.read(lines)
        midway += bool(expected.trying)  # killed inside a save call
        with Store(folder) as store:
            assert store.notices == []
            for where in (folder, folder / "matches"):
                assert not [name for name in os.listdir(where) if is_temp_file(name)]
            expected.check(store)
    # The kills did land while saving (counted, whatever the machine's speed): most children
    # were ready and saved, a fifth or more were killed inside a save, matches came and went.
    assert readies >= KILLS // 2 and saves >= KILLS // 2 and midway >= KILLS // 5
    assert expected.deleted or len(expected.saved) > 3
