#!/usr/bin/env python3
"""Checks that a PNG screenshot is not blank: decodes it with zlib alone (no imaging library)
and requires enough non-background pixels and colours.

usage: check-png.py SHOT.png [--min-ink FRACTION] [--min-colours N]

Blank here means what a page that failed to render looks like: one colour (white, or the
browser's error grey) nearly everywhere. Exit status 0 when the picture has at least
--min-ink (default 0.02) of its pixels differing from the most common colour and at least
--min-colours (default 8) distinct colours; 1 otherwise.
"""
import struct
import sys
import zlib
from collections import Counter


def decode(path):
    with open(path, "rb") as handle:
        data = handle.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    position, idat = 8, b""
    width = height = depth = colour = interlace = None
    while position < len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        body = data[position + 8:position + 8 + length]
        position += 12 + length
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        elif kind == b"IEND":
            break
    if depth != 8 or colour not in (0, 2, 4, 6) or interlace != 0:
        raise ValueError(f"unsupported PNG (depth {depth}, colour type {colour}, interlace {interlace})")
    channels = {0: 1, 2: 3, 4: 2, 6: 4}[colour]
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous, offset = [], bytearray(stride), 0
    for _ in range(height):
        kind = raw[offset]
        line = bytearray(raw[offset + 1:offset + 1 + stride])
        offset += 1 + stride
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            upper_left = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + up) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + ((left + up) >> 1)) & 0xFF
            elif kind == 4:
                p = left + up - upper_left
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - upper_left)
                predictor = left if pa <= pb and pa <= pc else (up if pb <= pc else upper_left)
                line[i] = (line[i] + predictor) & 0xFF
        rows.append(bytes(line))
        previous = line
    return width, height, channels, rows


def main(argv):
    args = argv[1:]
    if not args or args[0] in ("-h", "--help"):
        print(__doc__)
        return 2
    path = args.pop(0)
    min_ink, min_colours = 0.02, 8
    while args:
        flag = args.pop(0)
        if flag == "--min-ink":
            min_ink = float(args.pop(0))
        elif flag == "--min-colours":
            min_colours = int(args.pop(0))
    width, height, channels, rows = decode(path)
    pixels = Counter()
    for row in rows:
        for x in range(0, len(row), channels):
            pixels[row[x:x + channels]] += 1
    total = width * height
    background, count = pixels.most_common(1)[0]
    ink = 1 - count / total
    print(f"check-png: {path}: {width}x{height}, {len(pixels)} colours, {ink:.1%} of the pixels off the background")
    if ink < min_ink or len(pixels) < min_colours:
        print("check-png: FAIL: the picture is blank")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
