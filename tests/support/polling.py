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


def settled(value: Callable[[], int], still: int = 5, tries: int = 300) -> int:
    """`value()` once it has stayed the same for `still` checks 0.1 s apart (bounded: `tries`
    checks): a count that pages are still adding to as they finish drawing."""
    last, same = value(), 0
    for _ in range(tries):
        time.sleep(0.1)
        now = value()
        same = same + 1 if now == last else 0
        if same >= still:
            break
        last = now
    return last
