"""Draw the app's icons: a white score card with a teal tally mark (four bars struck through).

Pure Python (zlib + struct), so the icons can be redrawn on any machine without Pillow:
`python companion/web/draw_icons.py`. The drawing is a few signed-distance shapes,
sampled 4x per pixel.
A maskable icon keeps the card inside the central 60 % (the safe zone is 80 %) on a full-bleed
background; the plain icon has rounded corners and a transparent outside.
"""

from __future__ import annotations

import math
import struct
import zlib
from pathlib import Path

ASSETS = Path(__file__).resolve().parents[2] / "assets"
TEAL = (0x00, 0x79, 0x6B)
WHITE = (0xFF, 0xFF, 0xFF)
INK = (0x00, 0x5B, 0x4F)


def rounded_box(x: float, y: float, cx: float, cy: float, hw: float, hh: float,
                r: float) -> float:
    """Signed distance to a rounded rectangle centred at (cx, cy); negative inside."""
    qx, qy = abs(x - cx) - hw + r, abs(y - cy) - hh + r
    outside = math.hypot(max(qx, 0.0), max(qy, 0.0))
    return outside + min(max(qx, qy), 0.0) - r


def segment(x: float, y: float, ax: float, ay: float, bx: float, by: float) -> float:
    """Distance from (x, y) to the segment a-b."""
    px, py, dx, dy = x - ax, y - ay, bx - ax, by - ay
    t = max(0.0, min(1.0, (px * dx + py * dy) / (dx * dx + dy * dy)))
    return math.hypot(px - t * dx, py - t * dy)


def colour(x: float, y: float, maskable: bool, scale: float) -> tuple[int, int, int, int]:
    """The icon at unit coordinates (0..1): background, card, tally."""
    if not maskable and rounded_box(x, y, 0.5, 0.5, 0.5, 0.5, 0.22) > 0:
        return (0, 0, 0, 0)
    s = scale  # the card and tally shrink into the maskable safe zone
    card = rounded_box(x, y, 0.5, 0.5, 0.30 * s, 0.38 * s, 0.06 * s)
    if card > 0:
        return (*TEAL, 255)
    bars = min(segment(x, y, 0.5 + dx * s, 0.5 - 0.2 * s, 0.5 + dx * s, 0.5 + 0.2 * s)
               for dx in (-0.15, -0.05, 0.05, 0.15))
    strike = segment(x, y, 0.5 - 0.24 * s, 0.5 + 0.14 * s, 0.5 + 0.24 * s, 0.5 - 0.14 * s)
    if min(bars, strike) < 0.035 * s:
        return (*INK, 255)
    return (*WHITE, 255)


def draw(size: int, maskable: bool = False) -> bytes:
    """The icon as PNG bytes, `size` pixels square."""
    scale = 0.72 if maskable else 1.0
    offsets = (0.25, 0.75)
    rows = []
    for j in range(size):
        row = bytearray(b"\x00")  # PNG filter type 0 for this scanline
        for i in range(size):
            acc = [0, 0, 0, 0]
            for oy in offsets:
                for ox in offsets:
                    c = colour((i + ox) / size, (j + oy) / size, maskable, scale)
                    for k in range(4):
                        acc[k] += c[k]
            row += bytes(v // 4 for v in acc)
        rows.append(bytes(row))
    return png(size, size, b"".join(rows))


def png(width: int, height: int, raw: bytes) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


FILES = {
    "favicon.png": (32, False),
    "icon.png": (512, False),
    "splash.png": (192, False),
    "icons/icon-192.png": (192, False),
    "icons/icon-512.png": (512, False),
    "icons/icon-maskable-192.png": (192, True),
    "icons/icon-maskable-512.png": (512, True),
    "icons/apple-touch-icon-192.png": (192, True),
    "icons/loading-animation.png": (192, False),  # the loading screen of Flet's index.html
}

if __name__ == "__main__":
    for name, (size, maskable) in FILES.items():
        path = ASSETS / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(draw(size, maskable))
        print(f"{name}: {path.stat().st_size} bytes")
