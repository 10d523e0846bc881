"""Helpers of the tests of held saves (tests/storage/test_store_writes.py,
tests/companion/test_match_locks.py): HeldWrites, in_thread."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from storage import Store
from storage.store import Stat

WAIT = 20  # seconds a step may take before the test gives up on it (never reached when right)


class HeldWrites(Store):
    """A store whose writes of the match file `held` wait until `release` is set."""

    def __init__(self, folder: Path) -> None:
        super().__init__(folder)
        self.held: str | None = None
        self.writing = threading.Event()
        self.release = threading.Event()
        self.fail = False

    def _write_new(self, mid: str, doc: dict[str, Any]) -> Stat:
        if mid == self.held:
            self.writing.set()
            self.release.wait(WAIT)
            if self.fail:
                raise OSError(28, "No space left on device")
        return super()._write_new(mid, doc)


def in_thread(work: Callable[[], Any]) -> tuple[threading.Thread, threading.Event, dict]:
    """Run `work` in a thread; the Event is set once it returned or raised (`out` says which)."""
    done, out = threading.Event(), {}

    def run() -> None:
        try:
            out["value"] = work()
        except BaseException as error:
            out["error"] = error
        finally:
            done.set()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread, done, out
