"""Outlines emblems are drawn from, as plain coordinates: no drawing code, so any layer may use them."""
from __future__ import annotations

PathCommand = tuple  # ("M", x, y) | ("L", x, y) | ("C", x1, y1, x2, y2, x, y) | ("Z",)


def star(cx: float, cy: float, outer: float, inner: float, points: int, turn: float = 90.0) -> list[tuple[float, float]]:
    """The corners of a star: `points` tips at radius `outer`, notches at `inner`, the first tip at `turn` degrees."""
    import math

    corners = []
    for i in range(points * 2):
        r = outer if i % 2 == 0 else inner
        a = math.radians(turn + i * 180.0 / points)
        corners.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return corners


def heart() -> list[PathCommand]:
    """A heart in the 100 x 100 emblem box, point down: life and health in more than one game."""
    return [("M", 50, 10), ("C", 10, 40, 4, 70, 26, 86), ("C", 38, 94, 48, 86, 50, 76), ("C", 52, 86, 62, 94, 74, 86),
            ("C", 96, 70, 90, 40, 50, 10), ("Z",)]


def polygon(points: list[tuple[float, float]]) -> list[PathCommand]:
    first, *rest = points
    return [("M", *first), *[("L", *p) for p in rest], ("Z",)]
