"""Vector emblems every game may use, with or without a Python package of its own.

Each draws in a 100 x 100 unit square (y up) in the colour it is given, like a game package's emblems
(`GamePlugin.emblems`); a game's own emblem of the same name wins. A card names one as its `art` (or a
layout value does), and game.yaml's `icons:` may draw an icon with one: a designer without Python gets
shapes that scale cleanly at any size, next to images of their own.
"""
from __future__ import annotations

from pnp.core.shapes import heart as heart_path
from pnp.core.shapes import polygon
from pnp.core.shapes import star as star_points

PAPER = "#ffffff"


def star(b, c):
    b.path(polygon(star_points(50, 48, 48, 20, 5)), fill=c)


def heart(b, c):
    b.path(heart_path(), fill=c)


def circle(b, c):
    b.circle(50, 50, 46, fill=c)


def diamond(b, c):
    b.path(polygon([(50, 4), (92, 50), (50, 96), (8, 50)]), fill=c)


def hexagon(b, c):
    b.path(polygon([(50, 4), (90, 27), (90, 73), (50, 96), (10, 73), (10, 27)]), fill=c)


def shield(b, c):
    b.path([("M", 50, 4), ("C", 78, 16, 90, 40, 88, 84), ("L", 50, 96), ("L", 12, 84), ("C", 10, 40, 22, 16, 50, 4),
            ("Z",)], fill=c)


def coin(b, c):
    b.circle(50, 50, 46, fill=c)
    b.circle(50, 50, 34, stroke=PAPER, width=6)


def sword(b, c):
    b.path(polygon([(46, 30), (50, 96), (54, 30)]), fill=c)  # the blade, point up
    b.rect(28, 24, 44, 8, fill=c, radius=3)  # the guard
    b.rect(45, 6, 10, 18, fill=c, radius=2)  # the grip


def crown(b, c):
    b.path(polygon([(8, 20), (8, 76), (30, 52), (50, 86), (70, 52), (92, 76), (92, 20)]), fill=c)


EMBLEMS = {name: draw for name, draw in [("star", star), ("heart", heart), ("circle", circle), ("diamond", diamond),
                                         ("hexagon", hexagon), ("shield", shield), ("coin", coin), ("sword", sword),
                                         ("crown", crown)]}
