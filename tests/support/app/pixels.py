"""Reading a screenshot's pixels without an imaging library: Chromium's PNGs (8-bit RGB or RGBA,
not interlaced) decoded with zlib, and the glyphs of a line of text cut apart where a column
holds no ink."""

from __future__ import annotations

import struct
import zlib

Ink = list[list[bool]]  # rows of columns: True where the pixel is darker than the background


def decode_png(data: bytes) -> tuple[int, int, list[bytes]]:
    """(width, height, rows of bytes per pixel channel) of a non-interlaced 8-bit PNG."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, width, height, channels = 8, b"", 0, 0, 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and interlace == 0 and colour in (2, 6), (depth, colour)
            channels = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += body
    raw = zlib.decompress(idat)
    stride = width * channels
    rows: list[bytes] = []
    previous = bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for x in range(stride):
            left = line[x - channels] if x >= channels else 0
            up = previous[x]
            corner = previous[x - channels] if x >= channels else 0
            if kind == 1:
                line[x] = (line[x] + left) & 0xFF
            elif kind == 2:
                line[x] = (line[x] + up) & 0xFF
            elif kind == 3:
                line[x] = (line[x] + (left + up) // 2) & 0xFF
            elif kind == 4:
                guess = left + up - corner
                pa, pb, pc = abs(guess - left), abs(guess - up), abs(guess - corner)
                near = left if pa <= pb and pa <= pc else up if pb <= pc else corner
                line[x] = (line[x] + near) & 0xFF
        rows.append(bytes(line))
        previous = line
    return width, height, [bytes(row) for row in rows]


def ink(png: bytes) -> Ink:
    """Which pixels differ clearly from the image's most common colour (its background)."""
    width, height, rows = decode_png(png)
    channels = len(rows[0]) // width if rows else 3
    counts: dict[bytes, int] = {}
    for row in rows:
        for x in range(0, len(row), channels):
            pixel = row[x:x + 3]
            counts[pixel] = counts.get(pixel, 0) + 1
    background = max(counts, key=counts.__getitem__)
    return [[sum(abs(row[x + c] - background[c]) for c in range(3)) > 96
             for x in range(0, width * channels, channels)] for row in rows]


def glyphs(image: Ink) -> list[Ink]:
    """The runs of columns holding ink, each trimmed to its own inked rows: the glyphs of one
    line of text (letters that touch come out as one; spaces and gaps split them)."""
    width = len(image[0]) if image else 0
    columns = [any(row[x] for row in image) for x in range(width)]
    found: list[Ink] = []
    x = 0
    while x < width:
        if not columns[x]:
            x += 1
            continue
        end = x
        while end < width and columns[end]:
            end += 1
        cut = [row[x:end] for row in image]
        inked = [y for y, row in enumerate(cut) if any(row)]
        found.append(cut[inked[0]:inked[-1] + 1])
        x = end
    return found


def framed(glyph: Ink) -> bool:
    """Is the glyph a closed rectangle: nine in ten pixels of its outer frame inked? The
    missing-glyph box is one (with the code point's digits inside, so boxes differ within)."""
    height, width = len(glyph), len(glyph[0])
    frame = [glyph[0][x] for x in range(width)] + [glyph[-1][x] for x in range(width)]
    frame += [glyph[y][0] for y in range(height)] + [glyph[y][-1] for y in range(height)]
    return sum(frame) >= 0.9 * len(frame)


def same_box(a: Ink, b: Ink) -> bool:
    """Two glyphs both closed rectangles of one size, to within a pixel."""
    return (framed(a) and framed(b) and abs(len(a) - len(b)) <= 1
            and abs(len(a[0]) - len(b[0])) <= 1)
