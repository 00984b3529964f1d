"""Playmats and boards larger than the paper, tiled over home-print pages.

Each tile shows a window of the full-size sheet, translated and clipped; windows
of neighbouring tiles overlap by at least MIN_OVERLAP, evenly spread. Every tile
carries crop marks on its window edges (cut every tile on them), registration
crosses in each overlap (they print on both tiles, so they match when the tiles
lie right), a dashed line where the next tile's edge goes, and its label: row
and column of the grid. Tiles are glued in reading order: a tile's left edge
lies on the dashed line of the tile to its left, its top edge on the dashed line
of the tile above. Page 1 is the assembly page: the whole sheet in small, with
the tile grid over it.

Coordinates: the sheet's own points, y up from its bottom-left corner.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from pnp.core.units import mm
from pnp.layout import Paper
from pnp.layout.tiles import MARGIN
from pnp.layout.tiles import spread as _spread
from pnp.render.backend import Backend, RecordingBackend, Wordless
from pnp.render.grounds import GROUND_PREFIX
from pnp.render.imposition import paper_label

EDGE = mm(5)
MARK_GAP, MARK_LENGTH = mm(1), mm(5)
MARK_COLOR, GUIDE_COLOR, REGISTRATION_COLOR = "#000000", "#66717d", "#d0177a"


@dataclass(frozen=True)
class Tile:
    row: int  # 0 = the top row
    column: int
    x: float  # the window's bottom-left corner, in sheet coordinates
    y: float


@dataclass(frozen=True)
class TilePlan:
    page_w: float  # the paper as printed (portrait or landscape)
    page_h: float
    window_w: float  # the part of the sheet each page shows
    window_h: float
    rows: int
    columns: int
    tiles: tuple[Tile, ...]  # in reading order

    @property
    def left(self) -> float:  # the window's place on the page
        return (self.page_w - self.window_w) / 2

    @property
    def bottom(self) -> float:
        return (self.page_h - self.window_h) / 2

    def tile(self, row: int, column: int) -> Tile | None:
        if 0 <= row < self.rows and 0 <= column < self.columns:
            return self.tiles[row * self.columns + column]
        return None


def plan_tiles(width: float, height: float, paper: Paper) -> TilePlan:
    """The fewest pages, portrait or landscape (portrait on a tie), that cover a width x height sheet."""
    plans = [_plan(width, height, w, h) for w, h in ((paper.width, paper.height), (paper.height, paper.width))]
    return min(plans, key=lambda plan: len(plan.tiles))


def _plan(width: float, height: float, page_w: float, page_h: float) -> TilePlan:
    columns, window_w, step_x = _spread(width, page_w - 2 * MARGIN)
    rows, window_h, step_y = _spread(height, page_h - 2 * MARGIN)
    tiles = tuple(Tile(r, c, c * step_x, (rows - 1 - r) * step_y) for r in range(rows) for c in range(columns))
    return TilePlan(page_w, page_h, window_w, window_h, rows, columns, tiles)


def label(plan: TilePlan, tile: Tile) -> str:
    return f"row {tile.row + 1} / column {tile.column + 1} of {plan.rows} \u00d7 {plan.columns}"


def draw_tile(backend: Backend, plan: TilePlan, tile: Tile, place_sheet, name: str, font: str,
              drawn: list | None = None, strips: dict | None = None) -> None:
    """One page: the sheet's window, registration crosses, glue lines, crop marks and labels.

    place_sheet(backend, x, y) draws the whole sheet with its bottom-left corner at page point (x, y); `drawn` is
    what it draws (sheet_drawn), recorded once for all the tiles of a file (recorded here when not given);
    `strips`, the crosses of the file's overlaps found so far (see registration_points).
    """
    left, bottom = plan.left, plan.bottom
    backend.begin_page(plan.page_w, plan.page_h)
    backend.save()
    backend.clip_rect(left, bottom, plan.window_w, plan.window_h)
    place_sheet(backend, left - tile.x, bottom - tile.y)
    page = lambda x, y: (left + x - tile.x, bottom + y - tile.y)  # noqa: E731 - sheet point -> page point
    for x, y in registration_points(plan, tile, sheet_drawn(place_sheet) if drawn is None else drawn, strips):
        _cross(backend, *page(x, y))
    right, below = plan.tile(tile.row, tile.column + 1), plan.tile(tile.row + 1, tile.column)
    if right:  # where the next tile's left edge goes
        _dashed(backend, *page(right.x, tile.y), *page(right.x, tile.y + plan.window_h))
    if below:  # where the top edge of the tile below goes
        _dashed(backend, *page(tile.x, below.y + plan.window_h), *page(tile.x + plan.window_w, below.y + plan.window_h))
    backend.restore()
    _crop_marks(backend, plan)
    # labels start clear of the crop marks at the window's corners
    backend.text(left + mm(8), bottom + plan.window_h + mm(4), f"{name}: {label(plan, tile)}", font, 8)
    backend.text(left + mm(8), bottom - mm(5.5), _instruction(plan, tile), font, 6.5, "#444444")
    backend.end_page()


def sheet_drawn(place_sheet) -> list:
    """What the sheet draws (pnp.render.backend.Drawn), in sheet coordinates: where crosses must not print. Its
    ground (pnp.render.grounds) is left out: a cross may print over the ground's pattern, never over what lies
    on it."""
    recorder = RecordingBackend()
    place_sheet(_Groundless(recorder), 0, 0)
    return recorder.drawn


class _Groundless:
    """A backend that draws everything but a sheet's ground (a symbol named GROUND_PREFIX...)."""

    def __init__(self, inner):
        self.inner = inner

    def __getattr__(self, name):
        return getattr(self.inner, name)

    def define_symbol(self, name, width, height, draw) -> None:
        if not name.startswith(GROUND_PREFIX):
            self.inner.define_symbol(name, width, height, lambda inner: draw(_Groundless(inner)))

    def use_symbol(self, name: str, x: float, y: float) -> None:
        if not name.startswith(GROUND_PREFIX):
            self.inner.use_symbol(name, x, y)


def registration_points(plan: TilePlan, tile: Tile, drawn=(), strips: dict | None = None) -> list[tuple[float, float]]:
    """Two crosses in each overlap this tile shares, near a third and two thirds along it (sheet coordinates).

    `drawn` is what the sheet draws (pnp.render.backend.Drawn, sheet coordinates): each cross moves to the
    nearest spot of its half of the overlap where it prints over nothing the sheet draws, so it never covers
    a heading or sits in a card slot. Both tiles of an overlap find the same spots: the search depends on
    the overlap alone. So `strips` (a dict kept for the tiles of one file, with one `drawn`) keeps each
    overlap's crosses, and the second tile of an overlap reads them rather than searching again.
    """
    strips = {} if strips is None else strips
    points = []
    for other in (plan.tile(tile.row, tile.column - 1), plan.tile(tile.row, tile.column + 1)):
        if other:
            a, b = max(tile.x, other.x), min(tile.x, other.x) + plan.window_w
            points += _strip(strips, (a, b), (tile.y, tile.y + plan.window_h), drawn, True)
    for other in (plan.tile(tile.row - 1, tile.column), plan.tile(tile.row + 1, tile.column)):
        if other:
            a, b = max(tile.y, other.y), min(tile.y, other.y) + plan.window_h
            points += _strip(strips, (tile.x, tile.x + plan.window_w), (a, b), drawn, False)
    return points


def _strip(strips: dict, xs, ys, drawn, across_x: bool) -> list[tuple[float, float]]:
    key = (xs, ys, across_x)
    if key not in strips:
        strips[key] = _strip_points(xs, ys, drawn, across_x=across_x)
    return strips[key]


CROSS = mm(2.5)  # a registration cross's reach from its centre
CLEAR = mm(1.5)  # the room a cross keeps from anything the sheet draws
STEP = mm(1)  # how finely the search walks an overlap


def _strip_points(xs, ys, drawn, across_x: bool) -> list[tuple[float, float]]:
    """The two crosses of one overlap strip (xs, ys its extent); across_x: the strip's narrow side is x."""
    across, along = (xs, ys) if across_x else (ys, xs)
    middle, length = (across[0] + across[1]) / 2, along[1] - along[0]
    crosses = []
    for half, f in ((0, 1 / 3), (1, 2 / 3)):
        target = (middle, along[0] + length * f)
        us, vs = _spots(across, (along[0] + length * half / 2, along[0] + length * (half + 1) / 2), target)
        clear = _clearest(us, vs, target, across_x, drawn, xs, ys) if drawn else None
        crosses.append(clear or (target if across_x else target[::-1]))
    return crosses


def _spots(across, along, target) -> tuple[list[float], list[float]]:
    """Candidate centres inside the strip with a cross's reach to spare: a grid, by its across and along values."""
    low, high = across[0] + CROSS + CLEAR, across[1] - CROSS - CLEAR
    start, stop = along[0] + CROSS + CLEAR, along[1] - CROSS - CLEAR
    us = [low + i * STEP for i in range(int((high - low) // STEP) + 1)] if high >= low else [target[0]]
    vs = [start + i * STEP for i in range(int((stop - start) // STEP) + 1)] if stop >= start else [target[1]]
    return us, vs


def _clearest(us, vs, target, across_x: bool, drawn, xs, ys):
    """Of the grid's points whose cross touches no text, drawing or panel edge, those lying in the fewest panels
    (none but the ground under the whole strip, else a panel rather than a card slot inside a panel), and of
    those the nearest the target; None if no point is clear.

    Each drawing blocks a rectangle of the grid (where its bounding box is within a cross's reach), less, for a
    panel, the rectangle where a cross sits wholly inside it (which counts the panel instead): marked a row at a
    time, not point by point."""
    reach = CROSS + CLEAR  # only what lies within a cross's reach of the strip can touch one of its crosses
    near = [d for d in drawn if d.x0 < xs[1] + reach and d.x1 > xs[0] - reach and d.y0 < ys[1] + reach and d.y1 > ys[0] - reach]
    grounds = [d for d in near if d.kind == "rect" and d.x0 <= xs[0] and d.x1 >= xs[1] and d.y0 <= ys[0] and d.y1 >= ys[1]]
    blocked = [[False] * len(vs) for _ in us]
    inside = [[0] * len(vs) for _ in us]
    for d in (d for d in near if d not in grounds):
        lo_u, hi_u, lo_v, hi_v = (d.x0, d.x1, d.y0, d.y1) if across_x else (d.y0, d.y1, d.x0, d.x1)
        rows = _run(us, lambda u: lo_u < u + reach and hi_u > u - reach)
        columns = _run(vs, lambda v: lo_v < v + reach and hi_v > v - reach)
        if not rows or not columns:
            continue
        panel = d.kind == "rect"
        within_rows = _run(us, lambda u: lo_u < u - reach and hi_u > u + reach) if panel else None
        within_columns = _run(vs, lambda v: lo_v < v - reach and hi_v > v + reach) if panel else None
        for i in range(*rows):
            row = blocked[i]
            if within_rows and within_columns and within_rows[0] <= i < within_rows[1]:
                row[columns[0]:within_columns[0]] = [True] * (within_columns[0] - columns[0])
                row[within_columns[1]:columns[1]] = [True] * (columns[1] - within_columns[1])
                counts = inside[i]
                for j in range(*within_columns):
                    counts[j] += 1
            else:
                row[columns[0]:columns[1]] = [True] * (columns[1] - columns[0])
    best = min(((inside[i][j], abs(v - target[1]) + abs(u - target[0]), (u, v))
                for i, u in enumerate(us) for j, v in enumerate(vs) if not blocked[i][j]), default=None)
    if best is None:
        return None
    u, v = best[2]
    return (u, v) if across_x else (v, u)


def _run(values: list[float], holds) -> tuple[int, int] | None:
    """The indices [first, last + 1) of the sorted `values` where `holds` is true: one run, for an interval."""
    hits = [i for i, value in enumerate(values) if holds(value)]
    return (hits[0], hits[-1] + 1) if hits else None


def _instruction(plan: TilePlan, tile: Tile) -> str:
    steps = ["Cut on the crop marks."]
    if tile.column:
        steps.append(f"Lay the left edge on the dashed line of column {tile.column}.")
    if tile.row:
        steps.append(f"Lay the top edge on the dashed line of row {tile.row}.")
    if tile.column or tile.row:
        steps.append("Match the crosses, then glue.")
    return " ".join(steps)


def _cross(backend: Backend, x: float, y: float) -> None:
    r = CROSS
    backend.circle(x, y, r * 0.6, stroke=REGISTRATION_COLOR, width=0.4)
    backend.line(x - r, y, x + r, y, REGISTRATION_COLOR, 0.4)
    backend.line(x, y - r, x, y + r, REGISTRATION_COLOR, 0.4)


def _dashed(backend: Backend, x1: float, y1: float, x2: float, y2: float, dash: float = mm(2)) -> None:
    length = math.hypot(x2 - x1, y2 - y1)
    steps = max(1, int(length // (2 * dash)))
    for i in range(steps + 1):
        a, b = i * 2 * dash / length, min(1.0, (i * 2 * dash + dash) / length)
        if a < 1:
            backend.line(x1 + (x2 - x1) * a, y1 + (y2 - y1) * a, x1 + (x2 - x1) * b, y1 + (y2 - y1) * b, GUIDE_COLOR, 0.6)


def _crop_marks(backend: Backend, plan: TilePlan) -> None:
    """Marks on the window's edges, in the margin only, stopping EDGE short of the paper edge."""
    left, bottom, right, top = plan.left, plan.bottom, plan.left + plan.window_w, plan.bottom + plan.window_h
    for x in (left, right):
        backend.line(x, top + MARK_GAP, x, min(top + MARK_GAP + MARK_LENGTH, plan.page_h - EDGE), MARK_COLOR, 0.3)
        backend.line(x, bottom - MARK_GAP, x, max(bottom - MARK_GAP - MARK_LENGTH, EDGE), MARK_COLOR, 0.3)
    for y in (bottom, top):
        backend.line(left - MARK_GAP, y, max(left - MARK_GAP - MARK_LENGTH, EDGE), y, MARK_COLOR, 0.3)
        backend.line(right + MARK_GAP, y, min(right + MARK_GAP + MARK_LENGTH, plan.page_w - EDGE), y, MARK_COLOR, 0.3)


def draw_assembly(backend: Backend, plan: TilePlan, width: float, height: float, place_sheet, name: str,
                  paper_name: str, font: str) -> None:
    """Page 1: the whole sheet in small (its shapes, not its words) with the tile grid over it, and how to put the
    tiles together."""
    page_w, page_h = plan.page_w, plan.page_h
    backend.begin_page(page_w, page_h)
    backend.text(MARGIN, page_h - MARGIN - 14, f"{name}: assembly", font, 16)
    # set as a book sets them: a times sign, the paper's name as printed (A4), a curly apostrophe
    lines = [f"{len(plan.tiles)} tiles ({_count(plan.rows, 'row')} \u00d7 {_count(plan.columns, 'column')}) on "
             f"{paper_label(paper_name)}, {'landscape' if page_w > page_h else 'portrait'}, print at 100%; full size "
             f"{width / 72 * 25.4:.0f} \u00d7 {height / 72 * 25.4:.0f} mm.",
             "Cut every tile on its crop marks. Glue them in reading order: lay each tile\u2019s left edge on the",
             "dashed line of the tile to its left, and its top edge on the dashed line of the tile above;",
             "the crosses in each overlap print on both tiles and must sit on each other."]
    for i, line in enumerate(lines):
        backend.text(MARGIN, page_h - MARGIN - 34 - i * 12, line, font, 9)
    room_w, room_h = page_w - 2 * MARGIN, page_h - 2 * MARGIN - 100
    scale = min(room_w / width, room_h / height)
    x0, y0 = MARGIN + (room_w - width * scale) / 2, MARGIN + (room_h - height * scale) / 2
    backend.save()
    backend.translate(x0, y0)
    backend.scale(scale, scale)
    place_sheet(Wordless(backend), 0, 0)  # in small its words would print at 3-5 pt: the tiles carry them
    backend.restore()
    backend.rect(x0, y0, width * scale, height * scale, stroke=MARK_COLOR, width=0.6)
    for tile in plan.tiles:
        tx, ty = x0 + tile.x * scale, y0 + tile.y * scale
        backend.rect(tx, ty, plan.window_w * scale, plan.window_h * scale, stroke=REGISTRATION_COLOR, width=0.8)
        backend.text(tx + plan.window_w * scale / 2, ty + plan.window_h * scale / 2 - 4,
                     f"{tile.row + 1},{tile.column + 1}", font, 11, REGISTRATION_COLOR, "center")
    backend.end_page()


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"
