"""What a sheet draws, measured: every text with its printed size and extent, every box, region by region.

Each region of a sheet is drawn on its own RecordingBackend, so what it draws can be held against the region
that drew it. Coordinates are the sheet's own (mm from the design area's top-left, y growing downwards, as the
layout files are written); sizes are points at 100 % scale (a symbol's scale is followed).
"""
from __future__ import annotations

from dataclasses import dataclass

from pnp.binding import game_icons
from pnp.render.backend import RecordingBackend
from pnp.render.regions import RENDERERS as GENERIC_RENDERERS
from pnp.render.sheets import Pen
from pnp.text.fonts import string_width

MM = 72 / 25.4


@dataclass(frozen=True)
class Box:
    x0: float  # mm, from the design area's top-left
    y0: float
    x1: float
    y1: float

    def inside(self, other: "Box", slack: float = 0.05) -> bool:
        return (self.x0 >= other.x0 - slack and self.y0 >= other.y0 - slack and self.x1 <= other.x1 + slack
                and self.y1 <= other.y1 + slack)

    def overlaps(self, other: "Box", slack: float = 0.05) -> bool:
        return (min(self.x1, other.x1) - max(self.x0, other.x0) > slack
                and min(self.y1, other.y1) - max(self.y0, other.y0) > slack)


@dataclass(frozen=True)
class DrawnText:
    region: str
    string: str
    size: float  # points, at 100 % scale
    box: Box


@dataclass
class RegionDrawing:
    name: str
    kind: str
    area: Box
    texts: list[DrawnText]
    rects: list[tuple[str, Box]]  # (what drew it: rect, circle, text_field, checkbox), extent


def _walk(backend, calls, matrix, height, region, texts, rects):
    """Follow save/restore/translate/scale and symbols; record texts and boxes in sheet mm."""
    stack = []
    sx, sy, tx, ty = matrix

    def to_sheet(x, y):
        return (tx + sx * x) / MM, (height - (ty + sy * y)) / MM

    for name, args, _kwargs in calls:
        if name == "save":
            stack.append((sx, sy, tx, ty))
        elif name == "restore":
            sx, sy, tx, ty = stack.pop()
        elif name == "translate":
            tx, ty = tx + sx * args[0], ty + sy * args[1]
        elif name == "scale":
            sx, sy = sx * args[0], sy * args[1]
        elif name == "use_symbol":
            inner = (sx, sy, tx + sx * args[1], ty + sy * args[2])
            _walk(backend, backend.symbols[args[0]], inner, height, region, texts, rects)
        elif name == "text":
            x, y, string, font, size = args[:5]
            align = args[6] if len(args) > 6 else _kwargs.get("align", "left")
            width = string_width(string, font, size)
            left = x - {"left": 0, "center": width / 2, "right": width}[align]
            (x0, y0), (x1, y1) = to_sheet(left, y + 0.8 * size), to_sheet(left + width, y - 0.2 * size)
            texts.append(DrawnText(region, string, size * abs(sy), Box(x0, y0, x1, y1)))
        elif name == "circle":
            cx, cy, r = args[:3]
            (x0, y0), (x1, y1) = to_sheet(cx - r, cy + r), to_sheet(cx + r, cy - r)
            rects.append((name, Box(x0, y0, x1, y1)))
        elif name in ("rect", "text_field", "checkbox"):
            if name in ("text_field", "checkbox"):
                args = args[1:]  # the field's name first
            x, y = args[0], args[1]
            w, h = (args[2], args[2]) if name == "checkbox" else (args[2], args[3])
            (x0, y0), (x1, y1) = to_sheet(x, y + h), to_sheet(x + w, y)
            rects.append((name, Box(x0, y0, x1, y1)))


def region_drawings(project, sheet_id: str) -> list[RegionDrawing]:
    """Every region of a sheet drawn on its own recording, measured."""
    layout = project.sheet_layouts[sheet_id]
    game = project.game
    card = (project.card_size.width, project.card_size.height) if project.card_size else (0.0, 0.0)
    renderers = {**GENERIC_RENDERERS, **game.plugin.sheet_renderers}
    drawings = []
    for region in layout.regions:
        backend = RecordingBackend()
        pen = Pen(backend, 0, layout.height, layout.fonts, layout.colors, game.emblems, layout.box, card,
                  game_icons(game))
        renderers[region.kind](pen, region, game.sheets[sheet_id].model, game)
        texts, rects = [], []
        _walk(backend, backend.calls, (1.0, 1.0, 0.0, 0.0), layout.height, region.name, texts, rects)
        area = Box(region.x / MM, region.y / MM, (region.x + region.w) / MM, (region.y + region.h) / MM)
        drawings.append(RegionDrawing(region.name, region.kind, area, texts, rects))
    return drawings


def empty_bands(drawings, height_mm: float) -> list[tuple[float, float]]:
    """Horizontal bands (top, bottom in mm) of the design area where nothing is drawn, top to bottom."""
    extents = sorted((b.y0, b.y1) for d in drawings for b in [t.box for t in d.texts] + [b for _, b in d.rects])
    bands, reached = [], 0.0
    for top, bottom in extents:
        if top > reached:
            bands.append((reached, top))
        reached = max(reached, bottom)
    if reached < height_mm:
        bands.append((reached, height_mm))
    return bands
