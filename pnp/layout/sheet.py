"""Sheet layouts: named regions on a design area that is centred on each paper.

A region has a `kind`; the game's sheet renderers draw each kind from the
sheet's data, so the layout says only where things go and how big a box is.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pydantic import Field

from pnp.diagnostics import Diagnostic, did_you_mean
from pnp.layout.paper import load_print_setup
from pnp.model.common import Length, StrictModel
from pnp.model.schema_errors import parse_model
from pnp.source import Source, SourceError, load


class RegionSpec(StrictModel):
    kind: str
    x: Length
    y: Length
    w: Length
    h: Length


class SheetLayoutFile(StrictModel):
    sheet: str
    design: dict[str, Length] = Field(description="width and height of the drawn area")
    min_edge: Length = Field(description="nothing closer than this to the paper edge")
    box: Length = Field(description="side of a box to darken with a pencil")
    fonts: dict[str, str]
    colors: dict[str, str]
    regions: dict[str, RegionSpec]


@dataclass(frozen=True)
class Region:
    name: str
    kind: str
    x: float  # from the design area's top-left, in points
    y: float
    w: float
    h: float


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


MIN_BOX = 4.0 * 72 / 25.4  # smaller than 4 mm is hard to darken with a pencil


def load_sheet_layout(layouts_root: Path, game_id: str, sheet_id: str, plugin) -> tuple[SheetLayout | None, list[Diagnostic]]:
    try:
        source = load(layouts_root / game_id / f"{sheet_id}.yaml")
    except SourceError as exc:
        return None, exc.diagnostics
    spec, problems = parse_model(source, SheetLayoutFile)
    if spec is None:
        return None, problems
    regions = []
    for name, region in spec.regions.items():
        if region.kind not in plugin.sheet_renderers:
            problems.append(source.diagnostic(("regions", name, "kind"), "unknown-region",
                                              f"no renderer draws '{region.kind}'{did_you_mean(region.kind, plugin.sheet_renderers)}"))
        regions.append(Region(name, region.kind, region.x, region.y, region.w, region.h))
    layout = SheetLayout(source, spec.design.get("width", 0), spec.design.get("height", 0), spec.min_edge, spec.box,
                         spec.fonts, spec.colors, regions)
    problems += _geometry(layout, layouts_root)
    return layout, problems


def _geometry(layout: SheetLayout, layouts_root: Path) -> list[Diagnostic]:
    """Regions inside the design area; the design area inside every paper's keep-out edge; boxes pencil-sized."""
    problems = []
    src = layout.source
    for region in layout.regions:
        if region.x < -0.01 or region.y < -0.01 or region.x + region.w > layout.width + 0.01 or region.y + region.h > layout.height + 0.01:
            problems.append(src.diagnostic(("regions", region.name), "region-outside", f"region '{region.name}' reaches outside the design area"))
    setup, _ = load_print_setup(layouts_root)
    for paper in (setup.papers.values() if setup else ()):
        margin_x, margin_y = (paper.width - layout.width) / 2, (paper.height - layout.height) / 2
        if min(margin_x, margin_y) < layout.min_edge - 0.01:
            problems.append(src.diagnostic(("design",), "paper-edge",
                            f"on {paper.name} the sheet comes {min(margin_x, margin_y) / 72 * 25.4:.1f}mm from the edge; "
                            f"keep at least {layout.min_edge / 72 * 25.4:.2f}mm"))
    if layout.box < MIN_BOX - 0.01:
        problems.append(src.diagnostic(("box",), "box-size", f"boxes of {layout.box / 72 * 25.4:.1f}mm are too small to darken; use 4mm or more"))
    return problems
