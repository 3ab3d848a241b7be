#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Renders the README's animation with the reference compositor: listing 7.7 (the Python
example's scene, examples/python/listing_7_7.py) played with scripted taps, as an animated PNG.

    Scripts/make-pictures.py OUT.png [--fps 15] [--seconds 7] [--scale 0.5]

Uses lamina.render (liblamina-gles, headless) and writes APNG with the standard library only
(zlib). Scripts/make-pictures.sh calls it beside the gallery still; CI runs that script, so the
pictures in docs/images never drift from the code.
"""
import argparse
import struct
import sys
import zlib

import lamina


def chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def write_apng(path, frames, width, height, fps):
    """frames: RGBA bytes per frame (non-premultiplied, rows top first)."""
    row = width * 4
    out = [b"\x89PNG\r\n\x1a\n",
           chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)),
           chunk(b"acTL", struct.pack(">II", len(frames), 0))]  # 0: loop forever
    seq = 0
    for i, rgba in enumerate(frames):
        # Filter 1 (sub) per row: flat colours compress far better than unfiltered.
        raw = bytearray()
        for y in range(height):
            line = rgba[y * row:(y + 1) * row]
            sub = bytes((line[x] - (line[x - 4] if x >= 4 else 0)) & 0xFF for x in range(row))
            raw += b"\x01" + sub
        data = zlib.compress(bytes(raw), 9)
        fctl = struct.pack(">IIIIIHHBB", seq, width, height, 0, 0, 1, fps, 0, 0)
        out.append(chunk(b"fcTL", fctl))
        seq += 1
        if i == 0:
            out.append(chunk(b"IDAT", data))
        else:
            out.append(chunk(b"fdAT", struct.pack(">I", seq) + data))
            seq += 1
    out.append(chunk(b"IEND", b""))
    with open(path, "wb") as f:
        f.write(b"".join(out))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out")
    ap.add_argument("--fps", type=int, default=15)
    ap.add_argument("--seconds", type=float, default=7.0)
    ap.add_argument("--scale", type=float, default=0.5)
    args = ap.parse_args()

    with lamina.Engine() as engine:
        # Listing 7.7's scene (examples/python/listing_7_7.py).
        screen = engine.layer(bounds=(0, 0, 400, 400), position=(200, 200),
                              background_color=lamina.WHITE)
        box = engine.layer(bounds=(0, 0, 50, 50), position=(25, 200),
                           background_color=lamina.RED, corner_radius=8)
        screen.add_sublayer(box)
        colours = [lamina.BLUE, lamina.GREEN, lamina.Color(1, 0.55, 0, 1)]

        def tap(p):
            """The listing's handler: hit test the presentation, recolour or move."""
            now = engine.time
            if screen.hit_test(p, presentation=True, at=now) == box:
                box.background_color = colours.pop(0)
                colours.append(box.background_color)
            else:
                with engine.transaction(duration=4.0):
                    box.position = p

        def on_box():
            return box.presentation().position

        # Scripted taps: (time, where). A tap "on the box" is where it is seen then.
        taps = [(0.2, (350, 80)), (1.6, on_box), (2.6, (60, 330)), (4.0, on_box),
                (5.2, on_box)]
        engine.tick(0.0)
        n = int(args.seconds * args.fps)
        w = h = int(400 * args.scale)
        frames = []
        for i in range(n):
            t = i / args.fps
            engine.tick(t)
            while taps and taps[0][0] <= t:
                _, where = taps.pop(0)
                tap(where() if callable(where) else where)
                engine.tick(t)
            frames.append(lamina.render(screen, size=(w, h), at=t, scale=args.scale).rgba)
    write_apng(args.out, frames, w, h, args.fps)
    print(f"make-pictures: {args.out}: listing 7.7, {n} frames at {args.fps} fps, {w}x{h}")


if __name__ == "__main__":
    sys.exit(main())
