"""How readable a piece of the drawn page is: the contrast between its background and its ink,
read from a screenshot's pixels (Flutter draws text on a canvas, so no style says its colours).

A screenshot of one element is decoded by tests/support/app/pixels.py (the standard library only):
its commonest colour is taken for the background and the pixel farthest from it for the ink; the two
give WCAG's contrast ratio. Anti-aliased glyph edges only lower the ink's contrast, so the ratio
errs on the strict side for small text.
"""

from __future__ import annotations

from collections import Counter

from tests.support.app.pixels import decode_png

Pixel = tuple[int, int, int]


def pixels(png: bytes) -> list[Pixel]:
    """Every pixel of an 8-bit RGB or RGBA, non-interlaced PNG, row by row (alpha dropped)."""
    width, _, rows = decode_png(png)
    step = len(rows[0]) // width if rows else 3
    return [tuple(row[i:i + 3]) for row in rows for i in range(0, len(row), step)]


def luminance(pixel: Pixel) -> float:
    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = map(channel, pixel)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ratio(a: Pixel, b: Pixel) -> float:
    """WCAG's contrast ratio, 1 (none) to 21 (black on white)."""
    la, lb = sorted((luminance(a), luminance(b)))
    return (lb + 0.05) / (la + 0.05)


def ink_contrast(png: bytes) -> tuple[float, Pixel, Pixel]:
    """(ratio, background, ink) of a screenshot of one piece of text."""
    seen = pixels(png)
    ground = Counter(seen).most_common(1)[0][0]
    ink = max(set(seen), key=lambda p: ratio(p, ground))
    return ratio(ink, ground), ground, ink
