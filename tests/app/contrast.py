"""How readable a piece of the drawn page is: the contrast between its background and its ink,
read from a screenshot's pixels (Flutter draws text on a canvas, so no style says its colours).

A screenshot of one element is decoded here with the standard library (PNG: zlib and the five
row filters; Chromium writes 8-bit RGB or RGBA, never interlaced): its commonest colour is taken
for the background and the pixel farthest from it for the ink; the two give WCAG's contrast
ratio. Anti-aliased glyph edges only lower the ink's contrast, so the ratio errs on the strict
side for small text.
"""

from __future__ import annotations

import struct
import zlib
from collections import Counter

Pixel = tuple[int, int, int]


def pixels(png: bytes) -> list[Pixel]:
    """Every pixel of an 8-bit RGB or RGBA, non-interlaced PNG, row by row (alpha dropped)."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    at, data, header = 8, b"", b""
    while at < len(png):
        length, kind = struct.unpack(">I4s", png[at:at + 8])
        chunk = png[at + 8:at + 8 + length]
        header = chunk if kind == b"IHDR" else header
        data += chunk if kind == b"IDAT" else b""
        at += 12 + length
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", header)
    assert depth == 8 and colour in (2, 6) and interlace == 0, "a PNG this reader does not know"
    step = 3 if colour == 2 else 4
    raw, stride = zlib.decompress(data), width * step
    out: list[Pixel] = []
    above = bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, row = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            left = row[i - step] if i >= step else 0
            up, corner = above[i], above[i - step] if i >= step else 0
            if kind == 1:
                row[i] = (row[i] + left) & 255
            elif kind == 2:
                row[i] = (row[i] + up) & 255
            elif kind == 3:
                row[i] = (row[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                near = min((abs(p - left), 0, left), (abs(p - up), 1, up),
                           (abs(p - corner), 2, corner))[2]
                row[i] = (row[i] + near) & 255
        out.extend(tuple(row[i:i + 3]) for i in range(0, stride, step))
        above = row
    return out


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
