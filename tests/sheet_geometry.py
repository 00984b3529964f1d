"""What a sheet draws, measured: every text with its printed size and extent, every box, region by region.

Each region of a sheet is drawn on its own RecordingBackend, whose extents (pnp.render.backend.Drawn) follow
every transformation and symbol, so what it draws can be held against the region that drew it. Coordinates are
the sheet's own (mm from the design area's top-left, y growing downwards, as the layout files are written);
sizes are points at 100 % scale.
"""
from __future__ import annotations

from dataclasses import dataclass

from pnp.render.backend import RecordingBackend
from pnp.render.sheets import draw_region, sheet_pen

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


def region_drawings(project, sheet_id: str) -> list[RegionDrawing]:
    """Every region of a sheet drawn on its own recording (what validate's drawn checks draw), measured in mm."""
    layout = project.sheet_layouts[sheet_id]
    drawings = []
    for region in layout.regions:
        backend = RecordingBackend()
        draw_region(sheet_pen(backend, layout, project.game, project.card_outlines, 0.0, layout.height), region,
                    project.game.sheets[sheet_id].model, project.game)

        def box(d, height=layout.height):  # page points, y up -> sheet mm from the top-left, y down
            return Box(d.x0 / MM, (height - d.y1) / MM, d.x1 / MM, (height - d.y0) / MM)

        texts = [DrawnText(region.name, d.text, d.size, box(d)) for d in backend.drawn if d.kind == "text"]
        rects = [(d.kind, box(d)) for d in backend.drawn if d.kind in ("rect", "circle", "checkbox", "text_field")]
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
