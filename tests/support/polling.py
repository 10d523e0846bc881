"""Waiting for something another thread or process does, bounded in tries, not timed."""

from __future__ import annotations

import time
from collections.abc import Callable


def until(done: Callable[[], bool], tries: int = 300) -> bool:
    """Poll `done` (bounded: at most `tries` checks, 0.1 s apart)."""
    for _ in range(tries):
        if done():
            return True
        time.sleep(0.1)
    return done()
