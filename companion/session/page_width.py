"""The page's width, kept current when the window is resized or the phone is turned."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

PHONE_WIDTH = 412  # before the browser has said how wide it is
WIDEST = 100_000  # wider than any screen: a page reporting more is not believed


def believed(width: object) -> float:
    """A width a page reported, if it is one a screen can have (a number of logical pixels,
    more than 0, finite, at most WIDEST); PHONE_WIDTH for anything else."""
    if isinstance(width, bool) or not isinstance(width, int | float):
        return PHONE_WIDTH
    return float(width) if 0 < width <= WIDEST else PHONE_WIDTH  # NaN compares False


class PageWidth:
    """One session's page width. Made before the first render, so the page carries its resize
    handler from the start (setting one later needs a page update of its own, which cost a
    tap made during it)."""

    def __init__(self, page: ft.Page) -> None:
        self.value: float = believed(page.width)
        self._followers: list[Callable[[float], None]] = []
        page.on_resize = self._resized

    def _resized(self, e: Any) -> None:
        self.value = believed(getattr(e, "width", None))
        for follower in list(self._followers):
            follower(self.value)

    def follow(self, follower: Callable[[float], None]) -> Callable[[], None]:
        """Call `follower(width)` after every resize; returns the function that stops it."""
        self._followers.append(follower)
        return lambda: self._followers.remove(follower) if follower in self._followers else None
