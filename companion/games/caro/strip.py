"""Which columns of the Caro grid a phone shows when the cells are wider than its screen.

The grid scrolls its cells sideways, and the server keeps what it needs to say which legal cells
are out of view: the cells' geometry is its own (it sized them), and the one number it learns
from the page is how far the strip is scrolled, which it clamps to what the strip allows. A page
that reports nonsense can only mislead its own chip, never change a match.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from companion.i18n import ngettext, say

Side = Literal["left", "right"]
SLACK = 0.5  # px: a cell a rounding error short of the edge is in view


@dataclass(frozen=True)
class Strip:
    """The cells' columns side by side: `first` is the leftmost column's number, `columns` how
    many, each `size` px wide with `gap` px between them, seen through `viewport` px."""

    first: int
    columns: int
    size: int
    gap: int
    viewport: float

    @property
    def width(self) -> float:
        return self.columns * (self.size + self.gap) - self.gap

    @property
    def furthest(self) -> float:
        """The largest scroll offset: the strip's right edge at the viewport's."""
        return max(0.0, self.width - self.viewport)

    def clamp(self, offset: object) -> float:
        """`offset` as a scroll offset this strip can have; 0 for anything but a finite number
        (a page's report is not trusted to be one)."""
        if isinstance(offset, bool) or not isinstance(offset, int | float):
            return 0.0
        if not math.isfinite(offset):
            return 0.0
        return min(max(0.0, float(offset)), self.furthest)

    def left_of(self, column: int) -> float:
        return (column - self.first) * (self.size + self.gap)

    def hidden(self, columns: Iterable[int], offset: float) -> dict[Side, list[int]]:
        """Of `columns` (one entry per cell), those not wholly in view at `offset`, by side."""
        out: dict[Side, list[int]] = {"left": [], "right": []}
        for column in columns:
            left = self.left_of(column)
            if left < offset - SLACK:
                out["left"].append(column)
            elif left + self.size > offset + self.viewport + SLACK:
                out["right"].append(column)
        return out

    def reveal(self, side: Side, columns: list[int], offset: float) -> float:
        """The offset that brings the hidden `columns` on `side` into view: all of them where
        they fit, else the nearest ones, the nearest always wholly."""
        if not columns:
            return self.clamp(offset)
        near, far = (max(columns), min(columns)) if side == "left" else (min(columns),
                                                                            max(columns))
        if side == "right":
            target = min(self.left_of(far) + self.size - self.viewport, self.left_of(near))
        else:
            target = max(self.left_of(far), self.left_of(near) + self.size - self.viewport)
        return self.clamp(target)


def off_screen(count: int, side: Side, short: bool = False) -> str:
    """The chip's words: '3 legal cells off screen to the right' ('3 off screen' short); the
    chip draws its arrow beside them (the app's font has no arrow glyph)."""
    if short:
        text = ngettext("{n} off screen", "{n} off screen", count)
    elif side == "left":
        text = ngettext("{n} legal cell off screen to the left",
                        "{n} legal cells off screen to the left", count)
    else:
        text = ngettext("{n} legal cell off screen to the right",
                        "{n} legal cells off screen to the right", count)
    return text.format(n=say(count))
