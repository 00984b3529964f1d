"""Escape Master's vector emblems, drawn in a 100 x 100 unit square (y up).

Each emblem is a function (backend, color) -> None. The card renderer scales
it into its box and stores it once per document as a reusable symbol.
"""
from __future__ import annotations

import math

from pnp.render.backend import polygon
from pnp.render.backend import star as _star

WHITE = "#fbf7ee"


def plow(b, c):  # Average Joes: a plough blade on a beam, over a furrowed field
    b.path(polygon([(12, 58), (62, 58), (62, 64), (12, 64)]), fill=c)
    b.path([("M", 60, 70), ("L", 86, 70), ("C", 92, 52, 80, 36, 62, 34), ("L", 56, 46), ("Z",)], fill=c)
    b.rect(20, 64, 6, 22, fill=c)
    for i, y in enumerate((14, 24)):
        b.path([("M", 8, y), ("C", 30, y + 8, 70, y + 8, 92, y)], stroke=c, width=5)


def anchor(b, c):  # Mice: a ship's anchor
    b.circle(50, 84, 8, stroke=c, width=5)
    b.rect(46, 22, 8, 56, fill=c)
    b.rect(30, 64, 40, 7, fill=c)
    b.path([("M", 14, 40), ("C", 18, 10, 82, 10, 86, 40)], stroke=c, width=7)
    b.path(polygon([(8, 44), (22, 44), (14, 32)]), fill=c)
    b.path(polygon([(78, 44), (92, 44), (86, 32)]), fill=c)


def axe(b, c):  # Lumberjacks: a felling axe
    b.path(polygon([(24, 10), (32, 10), (62, 88), (54, 90)]), fill=c)
    b.path([("M", 50, 68), ("C", 60, 96, 92, 92, 90, 62), ("C", 80, 70, 70, 66, 64, 58), ("Z",)], fill=c)


def scroll(b, c):  # Teens: a rolled message
    b.rect(22, 18, 56, 64, fill=c, radius=4)
    b.circle(22, 82, 9, fill=c)
    b.circle(78, 18, 9, fill=c)
    for y in (64, 52, 40, 28):
        b.rect(30, y, 40, 4, fill=WHITE)


def gear(b, c):  # Robots: a cog
    b.path(polygon(_star(50, 50, 44, 34, 8, turn=0)), fill=c)
    b.circle(50, 50, 34, fill=c)
    b.circle(50, 50, 14, fill=WHITE)


def shuriken(b, c):  # Vapor Ninjas: a throwing star
    b.path(polygon(_star(50, 50, 46, 14, 4, turn=45)), fill=c)
    b.circle(50, 50, 7, fill=WHITE)


def gate(b, c):  # 7-Start: an open archway
    b.path([("M", 14, 8), ("L", 14, 60), ("C", 14, 100, 86, 100, 86, 60), ("L", 86, 8), ("L", 70, 8),
            ("L", 70, 58), ("C", 70, 80, 30, 80, 30, 58), ("L", 30, 8), ("Z",)], fill=c)
    b.path(polygon([(42, 8), (58, 8), (54, 40), (46, 40)]), fill=c)


def lantern(b, c):  # Wisdom: the Escape Master's lantern
    b.path([("M", 38, 88), ("C", 38, 98, 62, 98, 62, 88)], stroke=c, width=4)
    b.rect(30, 78, 40, 8, fill=c)
    b.path(polygon([(30, 78), (70, 78), (64, 22), (36, 22)]), stroke=c, width=5)
    b.path([("M", 50, 34), ("C", 38, 46, 48, 58, 50, 68), ("C", 54, 58, 62, 46, 50, 34), ("Z",)], fill=c)
    b.rect(28, 12, 44, 10, fill=c)


def wall(b, c):  # Dead End: a brick wall
    for row, y in enumerate(range(10, 90, 16)):
        offset = 0 if row % 2 == 0 else 14
        for x in range(6 - offset, 94, 28):
            left, right = max(x, 6), min(x + 26, 94)
            if right > left:
                b.rect(left, y, right - left, 14, fill=c)


def pit(b, c):  # Pitfall: a hole with three falling cards
    b.path([("M", 8, 30), ("C", 8, 6, 92, 6, 92, 30), ("C", 92, 44, 8, 44, 8, 30), ("Z",)], fill=c)
    for i, x in enumerate((28, 46, 64)):
        b.rect(x, 50 + 8 * (i % 2), 12, 18, stroke=c, width=3)
        b.path(polygon([(x + 6, 46 + 8 * (i % 2)), (x + 1, 38 + 8 * (i % 2)), (x + 11, 38 + 8 * (i % 2))]), fill=c)


def arrow_up(b, c):  # Uphill Snare
    b.path(polygon([(50, 94), (88, 52), (64, 52), (64, 10), (36, 10), (36, 52), (12, 52)]), fill=c)


def arrow_down(b, c):  # Downhill Snare
    b.path(polygon([(50, 6), (88, 48), (64, 48), (64, 90), (36, 90), (36, 48), (12, 48)]), fill=c)


def door(b, c):  # Slip Away: a door ajar
    b.rect(18, 8, 64, 84, stroke=c, width=5)
    b.path(polygon([(24, 12), (60, 4), (60, 96), (24, 88)]), fill=c)
    b.circle(52, 50, 4, fill=WHITE)


def smoke(b, c):  # Vanish: a puff of smoke
    for cx, cy, r in ((32, 38, 20), (58, 34, 22), (46, 60, 22), (72, 58, 16), (24, 62, 12)):
        b.circle(cx, cy, r, fill=c)
    b.circle(46, 44, 10, fill=WHITE)


# The marks of the face ranks, named for them: Jump a leap, Quiet a crescent moon, Kindle a flame. A tribe's
# J, Q and K show theirs in the court panel, and each Doom Master wears the crown over its own, so the three read
# apart at a glance, not by their corner letter alone
def leap(b, c):  # Jump: an arc that lands with an arrowhead
    b.path([("M", 8, 20), ("C", 22, 88, 70, 88, 82, 32)], stroke=c, width=12)
    b.path(polygon([(64, 40), (92, 8), (98, 52)]), fill=c)


def moon(b, c):  # Quiet: a crescent moon, the quiet of night (a shape of its own, not a disc with a paper-coloured
    # bite: what is behind it is not always paper-coloured)
    outer = [(46 + 42 * math.cos(math.radians(a)), 50 + 42 * math.sin(math.radians(a))) for a in range(60, 301, 10)]
    inner = [(66 + 32 * math.cos(math.radians(a)), 58 + 32 * math.sin(math.radians(a))) for a in range(250, 89, -10)]
    b.path(polygon(outer + inner), fill=c)


def flame(b, c):  # Kindle: a flame with a tongue of its own
    b.path([("M", 50, 96), ("C", 94, 62, 90, 6, 50, 6), ("C", 10, 6, 6, 62, 50, 96), ("Z",)], fill=c)
    b.path([("M", 76, 92), ("C", 96, 72, 94, 52, 82, 44)], stroke=c, width=8)


def _crowned(mark):
    """A Doom Master's emblem: the spiked crown in the upper half, the rank's mark under it."""
    def draw(b, c):
        b.path(polygon([(22, 54), (78, 54), (82, 94), (66, 74), (50, 98), (34, 74), (18, 94)]), fill=c)
        b.rect(22, 46, 56, 8, fill=c)
        b.save()
        b.translate(29, 2)
        b.scale(0.42, 0.42)
        mark(b, c)
        b.restore()
    return draw


# -- Story cards: each advantage has a drawing of its own, never one of the GAME deck's (a crown would read as
# a Doom Master, a door as Slip Away) ------------------------------------------------------------------------
def trapdoor(b, c):  # Hidden Cellar: a trapdoor with its ring
    b.rect(14, 14, 72, 72, stroke=c, width=6)
    for x in (34, 50, 66):
        b.line(x, 18, x, 82, c, 3)
    b.circle(50, 30, 8, stroke=c, width=4)


def footpath(b, c):  # Secret Shortcut: a winding path that cuts across
    b.path([("M", 12, 10), ("C", 80, 20, 20, 60, 88, 78)], stroke=c, width=10)
    b.path(polygon([(76, 92), (96, 74), (78, 66)]), fill=c)


def candle(b, c):  # Borrowed Lantern: a candle on its dish
    b.path([("M", 16, 14), ("C", 16, 4, 84, 4, 84, 14), ("Z",)], fill=c)
    b.rect(38, 14, 24, 50, fill=c)
    b.path([("M", 50, 92), ("C", 40, 80, 42, 70, 50, 68), ("C", 58, 70, 60, 80, 50, 92), ("Z",)], fill=c)


def old_map(b, c):  # The Old Map: a folded sheet marked with an X
    b.path(polygon([(8, 16), (36, 24), (64, 16), (92, 24), (92, 86), (64, 78), (36, 86), (8, 78)]), stroke=c, width=5)
    b.line(36, 24, 36, 86, c, 3)
    b.line(64, 16, 64, 78, c, 3)
    b.line(44, 42, 58, 58, c, 5)
    b.line(44, 58, 58, 42, c, 5)


def backpack(b, c):  # Light Pack: a small pack with a flap, a pocket and a carrying loop
    b.rect(22, 6, 56, 70, fill=c, radius=12)
    b.path([("M", 22, 56), ("C", 22, 84, 78, 84, 78, 56), ("Z",)], stroke=WHITE, width=3)
    b.rect(34, 14, 32, 20, stroke=WHITE, width=3, radius=3)
    b.path([("M", 42, 80), ("C", 42, 94, 58, 94, 58, 80)], stroke=c, width=5)


def sack(b, c):  # Smuggler's Sack: a bulging bag tied at the neck
    b.path([("M", 40, 70), ("C", 4, 60, 8, 6, 50, 6), ("C", 92, 6, 96, 60, 60, 70), ("Z",)], fill=c)
    b.rect(40, 70, 20, 8, fill=c)
    b.path(polygon([(36, 78), (64, 78), (74, 94), (26, 94)]), fill=c)


def eye(b, c):  # Trap Sense: a watchful eye
    b.path([("M", 6, 50), ("C", 30, 86, 70, 86, 94, 50), ("C", 70, 14, 30, 14, 6, 50), ("Z",)], fill=c)
    b.circle(50, 50, 16, fill=WHITE)
    b.circle(50, 50, 8, fill=c)


def boot(b, c):  # Steady Feet: a sturdy boot
    b.path(polygon([(30, 94), (58, 94), (58, 40), (88, 30), (88, 10), (22, 10), (22, 20), (30, 24)]), fill=c)
    b.rect(18, 6, 74, 6, fill=c)


def footprints(b, c):  # Long Stride: two prints far apart
    for x, y in ((28, 20), (70, 62)):
        b.path([("M", x, y), ("C", x - 14, y + 10, x - 8, y + 34, x + 4, y + 30), ("C", x + 14, y + 26, x + 12, y + 2, x, y),
                ("Z",)], fill=c)
        for k in range(3):
            b.circle(x - 6 + 7 * k, y + 38, 3.5, fill=c)


def wind(b, c):  # Second Wind: three gusts
    for y, length in ((72, 70), (50, 84), (28, 60)):
        b.path([("M", 8, y), ("L", 8 + length, y), ("C", 8 + length + 14, y, 8 + length + 14, y + 16, 8 + length, y + 14)],
               stroke=c, width=6)


def heart(b, c):  # A Kind Stranger: a helping heart
    b.path([("M", 50, 12), ("C", 10, 44, 6, 82, 30, 86), ("C", 42, 88, 50, 78, 50, 70),
            ("C", 50, 78, 58, 88, 70, 86), ("C", 94, 82, 90, 44, 50, 12), ("Z",)], fill=c)


def sealed_papers(b, c):  # Forged Papers: a document with a wax seal
    b.rect(18, 10, 56, 80, stroke=c, width=5)
    for y in (72, 60, 48):
        b.rect(28, y, 36, 4, fill=c)
    b.circle(70, 22, 14, fill=c)


def hourglass(b, c):  # Head Start: an hourglass
    b.rect(20, 6, 60, 8, fill=c)
    b.rect(20, 86, 60, 8, fill=c)
    b.path(polygon([(26, 86), (74, 86), (54, 50), (74, 14), (26, 14), (46, 50)]), stroke=c, width=5)
    b.path(polygon([(36, 18), (64, 18), (50, 42)]), fill=c)


def ear(b, c):  # A Deaf Ear: an ear, stopped
    b.path([("M", 40, 14), ("C", 70, 4, 82, 40, 64, 56), ("C", 54, 66, 58, 82, 44, 88), ("C", 30, 92, 24, 80, 28, 70)],
           stroke=c, width=8)
    b.line(12, 12, 88, 88, c, 6)


def gift(b, c):  # Parting Gift: a wrapped present (one card passed)
    b.rect(14, 8, 72, 56, fill=c)
    b.rect(10, 64, 80, 14, fill=c)
    b.rect(46, 8, 8, 70, fill=WHITE)
    b.path([("M", 50, 78), ("C", 30, 98, 20, 82, 50, 78), ("C", 80, 82, 70, 98, 50, 78), ("Z",)], stroke=c, width=4)


def gift_pile(b, c):  # Heavy Gift: two presents piled up, the larger below (two cards passed)
    b.rect(12, 6, 76, 38, fill=c)  # the lower present, its lid and ribbon
    b.rect(8, 44, 84, 10, fill=c)
    b.rect(46, 6, 8, 48, fill=WHITE)
    b.rect(28, 58, 44, 22, fill=c)  # the upper one on top, a gap above the lower lid so the two read apart
    b.rect(24, 80, 52, 8, fill=c)
    b.rect(47, 58, 6, 30, fill=WHITE)
    b.path([("M", 50, 88), ("C", 36, 100, 28, 92, 50, 88), ("C", 72, 92, 64, 100, 50, 88), ("Z",)], stroke=c, width=3)


EMBLEMS = {
    "plow": plow, "anchor": anchor, "axe": axe, "scroll": scroll, "gear": gear, "shuriken": shuriken,
    "gate": gate, "lantern": lantern, "wall": wall, "pit": pit, "arrow-up": arrow_up,
    "arrow-down": arrow_down, "door": door, "smoke": smoke, "leap": leap, "moon": moon,
    "flame": flame, "crown-jump": _crowned(leap), "crown-quiet": _crowned(moon), "crown-kindle": _crowned(flame),
    "trapdoor": trapdoor, "footpath": footpath, "candle": candle, "old-map": old_map, "backpack": backpack,
    "sack": sack, "eye": eye, "boot": boot, "footprints": footprints, "wind": wind, "heart": heart,
    "sealed-papers": sealed_papers, "hourglass": hourglass, "ear": ear, "gift": gift,
    "gift-pile": gift_pile,
}
