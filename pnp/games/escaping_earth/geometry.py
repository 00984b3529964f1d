"""Squares, adjacency and range on the three stacked Zone cards.

A square is an index 0-8: row a (the top of the card, farthest ahead) is
0-2, row c (the bottom) is 6-8, columns left to right. A place is a
(track, square) pair, tracks 0-2 from the ground up. The three Zone cards lie
stacked: the same square on the card above or below is adjacent too.
"""
from __future__ import annotations

from functools import lru_cache

SQUARES = ("a1", "a2", "a3", "b1", "b2", "b3", "c1", "c2", "c3")


def square_index(name: str) -> int:
    return SQUARES.index(name)


def neighbours(square: int) -> tuple[int, ...]:
    """Squares sharing a border on the same card (never diagonals)."""
    row, col = divmod(square, 3)
    found = []
    for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
        if 0 <= r < 3 and 0 <= c < 3:
            found.append(r * 3 + c)
    return tuple(found)


NEIGHBOURS = tuple(neighbours(s) for s in range(9))


@lru_cache(maxsize=None)  # a few dozen grids x nine squares, asked for on every look ahead
def range_squares(grid: tuple[str, ...], square: int) -> tuple[int, ...]:
    """The squares of the ship's card an attack from `square` reaches: grid row 0 lies two rows ahead (towards
    row a), row 2 is the ship's own row, the middle column is the ship's column. Squares off the card are lost."""
    row, col = divmod(square, 3)
    found = []
    for i, line in enumerate(grid):
        for j, mark in enumerate(line):
            r, c = row - (2 - i), col + (j - 1)
            if mark == "x" and 0 <= r < 3 and 0 <= c < 3:
                found.append(r * 3 + c)
    return tuple(sorted(found))
