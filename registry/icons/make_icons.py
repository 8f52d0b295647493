#!/usr/bin/env python3
"""Writes the Extension Manager's icons, ballpark.png and ballpark-hc.png (high contrast), 42x42 pixels.

The picture is Ballpark's answer format drawn as a glyph: a range bar with end ticks (low, high) and a dot for
the central value. PNG is written by hand with zlib so that no image library is needed to rebuild the icons:
  python3 registry/icons/make_icons.py
"""

import os
import struct
import zlib

SIZE = 42


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def png(pixels):
    """pixels: SIZE rows of SIZE (r, g, b, a) tuples; 8-bit RGBA, no filtering."""
    raw = b"".join(b"\x00" + bytes(c for px in row for c in px) for row in pixels)
    header = struct.pack(">IIBBBBB", SIZE, SIZE, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def inside_rounded_square(x, y, margin=1, radius=8):
    lo, hi = margin, SIZE - 1 - margin
    if not (lo <= x <= hi and lo <= y <= hi):
        return False
    cx = min(max(x, lo + radius), hi - radius)
    cy = min(max(y, lo + radius), hi - radius)
    return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2


def on_glyph(x, y):
    bar = 9 <= x <= 32 and 20 <= y <= 21
    ticks = (9 <= x <= 10 or 31 <= x <= 32) and 13 <= y <= 28
    dot = (x - 18.5) ** 2 + (y - 20.5) ** 2 <= 4.6 ** 2
    return bar or ticks or dot


def draw(background, foreground):
    transparent = (0, 0, 0, 0)
    return [[foreground if inside_rounded_square(x, y) and on_glyph(x, y)
             else background if inside_rounded_square(x, y) else transparent
             for x in range(SIZE)] for y in range(SIZE)]


if __name__ == "__main__":
    here = os.path.dirname(os.path.abspath(__file__))
    for name, background, foreground in (("ballpark.png", (0x1f, 0x6f, 0x8b, 255), (255, 255, 255, 255)),
                                         ("ballpark-hc.png", (0, 0, 0, 255), (255, 255, 255, 255))):
        with open(os.path.join(here, name), "wb") as f:
            f.write(png(draw(background, foreground)))
