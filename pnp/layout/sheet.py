"""Sheet layouts: named regions on a design area.

A scoresheet's design area is centred on each paper; a playmat's or a
board's is printed at full size and, when larger than the paper, tiled over
several pages. A region has a `kind`: the generic kinds (GENERIC_REGIONS)
draw a sheet's title, intro, labelled areas, tracks, tokens and images; a game
package adds kinds of its own. The layout says only where things go and how big
a box is, and which image files (under the game's content folder) it shows: a
`background` under the whole design area, an `image` region's `src`. A playmat or board also has a `ground`
that pnp draws itself (a colour or gradient and a pattern fitting the game), which runs past the trim into the
`bleed` of the print-shop file.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from pydantic import Field

from pnp.core.diagnostics import Diagnostic, did_you_mean
from pnp.layout.fonts import resolve_fonts
from pnp.layout.paper import PrintSetup
from pnp.model.common import Color, FontSet, StrictModel, length
from pnp.model.schema_errors import parse_model
from pnp.reading.source import Source, SourceError, load
from pnp.text.legibility import lowered


class RegionSpec(StrictModel):
    kind: str
    x: length("0mm", "3000mm")
    y: length("0mm", "3000mm")
    w: length("1mm", "3000mm")
    h: length("1mm", "3000mm")
    src: str | None = Field(None, description="an image region's PNG or JPEG, under the game's content folder")
    fit: Literal["contain", "cover"] = Field("cover", description="an image region: cover (the default) fills the "
                                             "region and cuts off the overflow; contain shows the whole image")
    min_size: length("1pt", "200pt") | None = Field(None, description="the smallest type the region prints: 6pt "
                                                    "unless given; lower only with reason (a warning says so)")


GROUND_PATTERNS = ("plain", "stars", "dunes", "plating")  # drawn by pnp.render.sheets.draw_ground


class GroundSpec(StrictModel):
    """What pnp draws under a sheet's regions, vector only: a colour, or a gradient from top to bottom, and a pattern
    in a third colour (stars and orbits for space, wind-swept dunes for a wild planet, hull plating for a ship)."""

    top: Color = Field(description="the ground's colour at the top edge")
    bottom: Color | None = Field(None, description="its colour at the bottom edge, a gradient from top (left out: "
                                 "top all over)")
    pattern: Literal[GROUND_PATTERNS] = Field("plain", description="stars, dunes, plating or plain")
    marks: Color | None = Field(None, description="the pattern's colour (left out: the panel colour)")


class DesignSpec(StrictModel):
    width: length("10mm", "3000mm")
    height: length("10mm", "3000mm")


class SheetLayoutFile(StrictModel):
    sheet: str
    design: DesignSpec = Field(description="width and height of the drawn area (a playmat's full size)")
    min_edge: length("0mm", "50mm") = Field("6.35mm", description="nothing closer than this to the paper edge (a scoresheet's)")
    box: length("2mm", "50mm") = Field("4.5mm", description="side of a box to darken with a pencil")
    fonts: FontSet = FontSet()
    colors: dict[str, Color] = Field(default_factory=dict, description="named colours the regions use; ink, "
                                     "muted, accent and panel have defaults")
    background: str | None = Field(None, description="a PNG or JPEG under the game's content folder covering the "
                                   "whole design area, under every region")
    ground: GroundSpec | None = Field(None, description="a playmat's or board's drawn ground, under every region and "
                                      "the background image")
    bleed: length("0mm", "20mm") = Field("0.125in", description="a playmat's or board's print-shop file: how far its "
                                         "ground runs past the trim on every side (1/8 in, as the shops of "
                                         "paper.yaml ask of cards)")
    regions: dict[str, RegionSpec]


@dataclass(frozen=True)
class Region:
    name: str
    kind: str
    x: float  # from the design area's top-left, in points
    y: float
    w: float
    h: float
    src: str | None = None  # an image region's file, as the layout names it
    fit: str = "cover"
    min_size: float | None = None  # the layout's own smallest type for this region (pnp.text.legibility)


@dataclass
class SheetLayout:
    source: Source
    width: float
    height: float
    min_edge: float
    box: float
    fonts: dict[str, str]
    colors: dict[str, str]
    regions: list[Region]
    background: str | None = None  # an image file covering the design area, as the layout names it
    ground: GroundSpec | None = None  # what pnp draws under everything (pnp.render.sheets.draw_ground)
    bleed: float = 0.0  # the print-shop file's bleed on every side, in points


DEFAULT_COLORS = {"ink": "#1b2430", "muted": "#66717d", "accent": "#1f5f8b", "panel": "#edf2f6", "paper": "#ffffff"}
MIN_BOX = 4.0 * 72 / 25.4  # smaller than 4 mm is hard to darken with a pencil
GENERIC_REGIONS = ("title", "intro", "area", "track", "tokens", "image")  # drawn by pnp.render.regions for any game
TILED_KINDS = ("playmat", "board")  # printed at full size, tiled over home paper when larger than it


def load_sheet_layout(layouts_root: Path, game_id: str, sheet_id: str, sheet_kind: str, region_kinds,
                      print_setup: PrintSetup | None) -> tuple[SheetLayout | None, list[Diagnostic]]:
    try:
        source = load(layouts_root / game_id / f"{sheet_id}.yaml", layouts_root)
    except SourceError as exc:
        return None, exc.diagnostics
    spec, problems = parse_model(source, SheetLayoutFile)
    if spec is None:
        return None, problems
    regions = []
    for name, region in spec.regions.items():
        if region.kind not in region_kinds:
            problems.append(source.diagnostic(("regions", name, "kind"), "unknown-region",
                                              f"no renderer draws '{region.kind}'{did_you_mean(region.kind, region_kinds)}"))
        elif (region.kind == "image") != (region.src is not None):
            problems.append(source.diagnostic(("regions", name), "image-region", f"region '{name}': " + (
                "an image region shows a file: give it src: art/<file>.png" if region.src is None
                else f"src: is for image regions; a {region.kind} region shows the sheet's content")))
        regions.append(Region(name, region.kind, region.x, region.y, region.w, region.h, region.src, region.fit,
                              region.min_size))
        problems += lowered(source, ("regions", name), f"region '{name}'", region.min_size)
    fonts, problems_of_fonts = resolve_fonts(spec.fonts, source, layouts_root.parent)  # fonts/ beside layouts/
    problems += problems_of_fonts
    layout = SheetLayout(source, spec.design.width, spec.design.height, spec.min_edge, spec.box, fonts,
                         {**DEFAULT_COLORS, **spec.colors}, regions, spec.background, spec.ground, spec.bleed)
    problems += _geometry(layout, print_setup if sheet_kind not in TILED_KINDS else None)
    return layout, problems


def _geometry(layout: SheetLayout, print_setup: PrintSetup | None) -> list[Diagnostic]:
    """Regions inside the design area; a one-page sheet inside every paper's keep-out edge; boxes pencil-sized."""
    problems = []
    src = layout.source
    for region in layout.regions:
        if region.x < -0.01 or region.y < -0.01 or region.x + region.w > layout.width + 0.01 or region.y + region.h > layout.height + 0.01:
            problems.append(src.diagnostic(("regions", region.name), "region-outside", f"region '{region.name}' reaches outside the design area"))
    for paper in (print_setup.papers.values() if print_setup else ()):
        margin_x, margin_y = (paper.width - layout.width) / 2, (paper.height - layout.height) / 2
        if min(margin_x, margin_y) < layout.min_edge - 0.01:
            problems.append(src.diagnostic(("design",), "paper-edge",
                            f"on {paper.name} the sheet comes {min(margin_x, margin_y) / 72 * 25.4:.1f}mm from the edge; "
                            f"keep at least {layout.min_edge / 72 * 25.4:.2f}mm"))
    if layout.box < MIN_BOX - 0.01:
        problems.append(src.diagnostic(("box",), "box-size", f"boxes of {layout.box / 72 * 25.4:.1f}mm are too small to darken; use 4mm or more"))
    return problems
