"""A clock the PIN tests move by hand, and the PIN they use."""

from __future__ import annotations

PIN = "2468"


class Clock:
    """A clock the test moves by hand (`clock.now += 30`)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now
