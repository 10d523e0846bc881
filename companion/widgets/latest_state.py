"""`use_state` whose handlers read what was last set, not what their render saw.

A handler is made at one render and keeps that render's values. The page sends taps in order,
but the re-render a tap causes comes after the next tap's handler may already run: a Start
tapped right after a radio, on a busy server, would start the match with the option the radio
had before. `get()` returns the value as the last `set_state` left it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import flet as ft

T = TypeVar("T")


def use_latest_state(initial: T) -> tuple[T, Callable[[Any], None], Callable[[], T]]:
    """(value for this render, setter, getter of the latest value)."""
    value, set_value = ft.use_state(initial)

    def get() -> T:
        latest: list[T] = []
        # An updater is given the hook's current value; returning it unchanged updates nothing.
        set_value(lambda current: (latest.append(current), current)[1])
        return latest[0]

    return value, set_value, get
