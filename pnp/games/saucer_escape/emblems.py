"""Saucer Escape's vector emblems, in a 100 x 100 unit square (y up): drawn for the sheet's icons and items."""
from __future__ import annotations

from pnp.render.backend import polygon

PAPER = "#ffffff"


def lasgun(b, c):
    b.path(polygon([(8, 50), (70, 50), (78, 58), (92, 58), (92, 66), (78, 66), (70, 72), (8, 72)]), fill=c)
    b.path(polygon([(22, 50), (36, 50), (30, 22), (16, 22)]), fill=c)
    for x in (44, 54, 64):
        b.rect(x, 74, 4, 8, fill=c)


def shield(b, c):
    b.path([("M", 50, 94), ("L", 88, 80), ("C", 88, 40, 72, 18, 50, 6), ("C", 28, 18, 12, 40, 12, 80), ("Z",)], fill=c)
    b.path(polygon([(54, 78), (36, 46), (50, 46), (44, 20), (64, 54), (50, 54)]), fill=PAPER)


def medkit(b, c):
    b.rect(8, 16, 84, 64, fill=c, radius=8)
    b.rect(36, 80, 28, 10, stroke=c, width=6)
    b.rect(43, 28, 14, 40, fill=PAPER)
    b.rect(30, 41, 40, 14, fill=PAPER)


def keycard(b, c):
    b.rect(10, 22, 80, 56, fill=c, radius=8)
    b.rect(20, 54, 26, 14, fill=PAPER, radius=2)
    for y in (34, 42):
        b.rect(20, y, 60, 4, fill=PAPER)


def artifact(b, c):
    b.path(polygon([(50, 94), (86, 56), (50, 6), (14, 56)]), fill=c)
    b.path(polygon([(50, 80), (70, 56), (50, 24), (30, 56)]), fill=PAPER)
    b.circle(50, 54, 8, fill=c)


def arrow(b, c):
    b.path(polygon([(50, 96), (86, 56), (62, 56), (62, 6), (38, 6), (38, 56), (14, 56)]), fill=c)


def claw(b, c):
    for dx in (-26, 0, 26):
        b.path([("M", 50 + dx - 8, 10), ("C", 50 + dx - 10, 50, 50 + dx + 8, 80, 50 + dx + 14, 94),
                ("C", 50 + dx + 10, 70, 50 + dx + 6, 40, 50 + dx + 8, 10), ("Z",)], fill=c)


def _slash(b, c):
    b.path(polygon([(10, 18), (18, 10), (90, 82), (82, 90)]), fill="#b3261e")


def neg_lasgun(b, c):
    lasgun(b, c)
    _slash(b, c)


def neg_shield(b, c):
    shield(b, c)
    _slash(b, c)


def pod(b, c):
    b.path([("M", 50, 96), ("C", 74, 80, 74, 40, 66, 24), ("L", 34, 24), ("C", 26, 40, 26, 80, 50, 96), ("Z",)], fill=c)
    b.circle(50, 64, 9, fill=PAPER)
    b.path(polygon([(34, 24), (20, 8), (38, 14)]), fill=c)
    b.path(polygon([(66, 24), (80, 8), (62, 14)]), fill=c)
    b.path(polygon([(42, 20), (58, 20), (50, 2)]), fill="#e08a1e")


def life(b, c):
    b.path([("M", 50, 14), ("C", 10, 44, 8, 74, 28, 86), ("C", 40, 92, 48, 84, 50, 76), ("C", 52, 84, 60, 92, 72, 86),
            ("C", 92, 74, 90, 44, 50, 14), ("Z",)], fill=c)


def power(b, c):
    b.path(polygon([(58, 96), (20, 46), (46, 46), (38, 4), (80, 58), (54, 58)]), fill=c)


def alien(b, c):
    b.path([("M", 50, 94), ("C", 90, 94, 92, 50, 50, 6), ("C", 8, 50, 10, 94, 50, 94), ("Z",)], fill=c)
    b.path([("M", 26, 60), ("C", 30, 44, 44, 44, 44, 52), ("C", 40, 62, 30, 66, 26, 60), ("Z",)], fill=PAPER)
    b.path([("M", 74, 60), ("C", 70, 44, 56, 44, 56, 52), ("C", 60, 62, 70, 66, 74, 60), ("Z",)], fill=PAPER)


EMBLEMS = {
    "lasgun": lasgun, "shield": shield, "medkit": medkit, "red_keycard": keycard, "blue_keycard": keycard,
    "artifacts": artifact, "ARROW": arrow, "CLAW": claw, "NEG_LASGUN": neg_lasgun, "NEG_SHIELD": neg_shield,
    "POD_FUELED": pod, "life": life, "power": power, "alien": alien,
}
