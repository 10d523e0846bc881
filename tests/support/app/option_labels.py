"""Helpers of tests/app/test_option_labels.py that other tests share: text_lines."""

from __future__ import annotations

from playwright.sync_api import Locator, Page

from tests.support.app.pixels import ink

RADIO = 48  # the radio's own width at the row's start; the label is the rest of the row


def text_lines(page: Page, choice: Locator, left: float = RADIO) -> list[tuple[int, int]]:
    """(first, last) pixel row, within the choice's box, of each line of its label's ink (the
    label starts `left` px into the box)."""
    box = choice.bounding_box()
    assert box is not None
    png = page.screenshot(clip={"x": box["x"] + left, "y": box["y"],
                                "width": box["width"] - left, "height": box["height"]})
    inked = [any(row) for row in ink(png)]
    lines: list[tuple[int, int]] = []
    for y, on in enumerate(inked):
        if on and (not lines or lines[-1][1] != y - 1):
            lines.append((y, y))
        elif on:
            lines[-1] = (lines[-1][0], y)
    return lines
