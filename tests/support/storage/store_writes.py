"""Helpers of tests/storage/test_store_writes.py that other tests share: HeldWrites."""

from __future__ import annotations

import threading
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
