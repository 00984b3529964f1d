"""A playmat's or board's ground: what pnp draws under its regions, vector only and the same in every build.

A gradient from the layout's top colour to its bottom colour, in bands too close in colour to see, and a pattern
in the `marks` colour that fits the game: `stars` (a star field and the orbits of a planet, for space), `dunes`
(wind-swept ripples of sand, for a wild planet), `plating` (riveted hull plates, for a ship). Every colour is a
light tint, so the ground stays far under any press's ink limit and every word printed on it stays legible.

Coordinates: points, y up from the bottom-left corner of the bleed; the design area lies `bleed` in from every side.
A pattern is laid out from the design area's corner, over the largest bleed a layout may have, and only then cut
to the bleed drawn: the trimmed mat is the same in the home tiles, the print-shop file and the rulebook's picture.
Its random parts come from a generator seeded with the design's size, never from the clock.
"""
from __future__ import annotations

import math
import random

from pnp.core.units import mm
from pnp.render.backend import Backend

GROUND_PREFIX = "ground:"  # a ground's symbol name starts so: pnp.render.tiling keeps registration crosses off
# everything a sheet draws but its ground
BANDS = 64  # the gradient's steps from top to bottom: under one level of 8-bit colour each for a light tint
REACH = mm(20)  # the largest bleed a layout may ask for: patterns are laid out this far past the design area


def ground_symbol(game_id: str, sheet_id: str, layout, bleed: float) -> str:
    """The symbol name of a sheet's ground: everything the drawing depends on, so a changed ground is drawn again."""
    g = layout.ground
    return (f"{GROUND_PREFIX}{game_id}:{sheet_id}:{g.pattern}:{g.top}:{g.bottom}:{g.marks}:"
            f"{layout.width:.2f}x{layout.height:.2f}+{bleed:.2f}")


def draw_ground(backend: Backend, ground, width: float, height: float, bleed: float, panel: str = "#ffffff") -> None:
    """The whole ground of a width x height design area with `bleed` on every side (see the module's note)."""
    _gradient(backend, ground.top, ground.bottom or ground.top, width, height, bleed)
    pattern = PATTERNS.get(ground.pattern)
    if pattern:
        pattern(backend, ground.marks or panel, width, height, bleed)


def _gradient(backend, top: str, bottom: str, width: float, height: float, bleed: float) -> None:
    """Bands across the design area's height, the first and last running on into the bleed; each overlaps the next
    by half a point, so no hairline of paper shows between them."""
    full_w = width + 2 * bleed
    for k in range(BANDS):
        upper = bleed + height - height * k / BANDS + (bleed if k == 0 else 0.0)
        lower = bleed + height - height * (k + 1) / BANDS - (bleed if k == BANDS - 1 else 0.5)
        _polygon(backend, [(0, lower), (full_w, lower), (full_w, upper), (0, upper)], _mix(top, bottom, k / (BANDS - 1)))


def _stars(backend, color: str, width: float, height: float, bleed: float) -> None:
    """A star field (one star to about 1.2 cm², a few of them four-pointed) and three orbits of a planet that rises
    past the bottom-right corner."""
    rng = _rng("stars", width, height)
    cx, cy = width * 0.84, -height * 0.3
    for radius in (height * 0.62, height * 0.8, height * 1.0):
        _arc(backend, bleed, cx, cy, radius, color, 1.4)
    _disc(backend, bleed, cx, cy, height * 0.46, color)
    count = int((width + 2 * REACH) * (height + 2 * REACH) / mm(11) ** 2)
    for _ in range(count):
        x, y = rng.uniform(-REACH, width + REACH), rng.uniform(-REACH, height + REACH)
        size = rng.choice((0.25, 0.25, 0.35, 0.35, 0.5, 0.7))
        if rng.random() < 0.06:
            _sparkle(backend, bleed, x, y, mm(1.6), color, width, height)
        else:
            _dot(backend, bleed, x, y, mm(size), color, width, height)


def _dunes(backend, color: str, width: float, height: float, bleed: float) -> None:
    """Ripples of sand: wavy lines 9 mm apart, each with its own wavelength and phase."""
    rng = _rng("dunes", width, height)
    y = -REACH
    while y < height + REACH:
        wavelength, amplitude, phase = rng.uniform(mm(60), mm(110)), rng.uniform(mm(1.5), mm(3.5)), rng.uniform(0, 1)
        thickness = rng.choice((0.6, 0.9, 1.2))
        commands, x = [], -REACH
        while x <= width + REACH:
            point = (x + bleed, y + bleed + amplitude * math.sin(2 * math.pi * (x / wavelength + phase)))
            commands.append(("L" if commands else "M", *point))
            x += mm(4)
        if -bleed - mm(5) < y < height + bleed + mm(5):
            backend.path(commands, stroke=color, width=thickness)
        y += mm(9)


def _plating(backend, color: str, width: float, height: float, bleed: float) -> None:
    """Hull plates 60 x 36 mm, each row set half a plate along (as plates are laid), a rivet at every corner."""
    plate_w, plate_h = mm(60), mm(36)
    rows = int((height + 2 * REACH) // plate_h) + 2
    for row in range(rows):  # counted from the top edge, which a seam follows: none runs through a mat's title
        y = height - row * plate_h  # the bottom of the row's plates: the first row lies above the top edge
        if not -bleed - plate_h < y < height + bleed:
            continue
        backend.line(0, y + bleed, width + 2 * bleed, y + bleed, color, 1.0)
        shift = plate_w / 2 if row % 2 else 0.0
        x = -REACH - shift
        while x < width + REACH:
            if -bleed - 1 < x < width + bleed + 1:
                backend.line(x + bleed, y + bleed, x + bleed, y + plate_h + bleed, color, 1.0)
            for rx, ry in ((x + mm(3), y + mm(3)), (x + plate_w - mm(3), y + mm(3)), (x + mm(3), y + plate_h - mm(3)),
                           (x + plate_w - mm(3), y + plate_h - mm(3))):
                _dot(backend, bleed, rx, ry, mm(0.7), color, width, height)
            x += plate_w


PATTERNS = {"stars": _stars, "dunes": _dunes, "plating": _plating}


def _rng(pattern: str, width: float, height: float) -> random.Random:
    return random.Random(f"{pattern}:{width:.2f}x{height:.2f}")  # a string seed: the same in every process


def _inside(x: float, y: float, reach: float, width: float, height: float, bleed: float) -> bool:
    return -bleed - reach < x < width + bleed + reach and -bleed - reach < y < height + bleed + reach


def _dot(backend, bleed, x, y, r, color, width, height) -> None:
    if _inside(x, y, r, width, height, bleed):
        backend.circle(x + bleed, y + bleed, r, fill=color)


def _sparkle(backend, bleed, x, y, r, color, width, height) -> None:
    """A four-pointed star: long arms up, down and across, pinched in between."""
    if not _inside(x, y, r, width, height, bleed):
        return
    points = []
    for k in range(8):
        angle, reach = math.pi / 2 + k * math.pi / 4, r if k % 2 == 0 else r * 0.22
        points.append((x + bleed + reach * math.cos(angle), y + bleed + reach * math.sin(angle)))
    _polygon(backend, points, color)


def _arc(backend, bleed, cx, cy, r, color, line_width) -> None:
    backend.circle(cx + bleed, cy + bleed, r, stroke=color, width=line_width)


def _disc(backend, bleed, cx, cy, r, color) -> None:
    backend.circle(cx + bleed, cy + bleed, r, fill=color)


def _polygon(backend, points, fill: str) -> None:
    backend.path([("M", *points[0])] + [("L", *p) for p in points[1:]] + [("Z",)], fill=fill)


def _mix(a: str, b: str, t: float) -> str:
    """The colour t of the way from a to b (both #rrggbb)."""
    ca, cb = (tuple(int(c[i:i + 2], 16) for i in (1, 3, 5)) for c in (a, b))
    return "#" + "".join(f"{round(x + (y - x) * t):02x}" for x, y in zip(ca, cb))
