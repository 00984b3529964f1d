"""Paper sizes, home-print sheets and print-on-demand vendor profiles (layouts/common/paper.yaml)."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from pydantic import Field

from pnp.model.common import Length, StrictModel
from pnp.model.schema_errors import parse_model
from pnp.source import SourceError, load


class PaperSpec(StrictModel):
    width: Length
    height: Length


class HomeSpec(StrictModel):
    paper: str
    columns: int = Field(ge=1, le=10)
    rows: int = Field(ge=1, le=10)
    duplex: Literal["long", "short"] = "long"
    back_offset: tuple[Length, Length] = (0, 0)
    mark_gap: Length = "1mm"
    mark_length: Length = "6mm"
    edge: Length = "5mm"


class VendorSpec(StrictModel):
    order: list[Literal["front", "back"]]
    colors: Literal["rgb", "cmyk"] = "rgb"  # cmyk: every colour is written as CMYK, as press printers ask
    note: str = ""


class FoldSpec(StrictModel):
    """Fold-and-glue: fronts and backs on one landscape side, either side of a fold line; no duplex needed."""

    paper: str
    columns: int = Field(ge=1, le=5)  # per half
    rows: int = Field(ge=1, le=5)
    mark_gap: Length = "1mm"
    mark_length: Length = "6mm"
    edge: Length = "5mm"


class TabletopSpec(StrictModel):
    """Tabletop Simulator deck sheets: a grid of cards whose last slot holds the hidden card."""

    columns: int = Field(10, ge=2, le=10)
    rows: int = Field(7, ge=2, le=7)
    max_pixels: int = Field(4096, ge=256, le=8192)  # per side of a sheet image


class ImagesSpec(StrictModel):
    dpi: int = Field(300, ge=72, le=1200)
    tabletop: TabletopSpec = TabletopSpec()


class PaperFile(StrictModel):
    papers: dict[str, PaperSpec]
    home: dict[str, HomeSpec]
    vendors: dict[str, VendorSpec]
    fold: dict[str, FoldSpec] = {}
    images: ImagesSpec = ImagesSpec()


@dataclass(frozen=True)
class Paper:
    name: str
    width: float
    height: float


@dataclass(frozen=True)
class HomeImposition:
    name: str
    paper: Paper
    columns: int
    rows: int
    duplex: str
    back_offset: tuple[float, float]
    mark_gap: float
    mark_length: float
    edge: float


@dataclass(frozen=True)
class FoldImposition:
    name: str
    paper: Paper  # turned to landscape: the fold runs down the middle
    columns: int  # per half
    rows: int
    mark_gap: float
    mark_length: float
    edge: float


@dataclass(frozen=True)
class Vendor:
    name: str
    order: tuple[str, ...]
    note: str
    colors: str = "rgb"


@dataclass(frozen=True)
class PrintSetup:
    papers: dict[str, Paper]
    home: dict[str, HomeImposition]
    vendors: dict[str, Vendor]
    images: ImagesSpec = field(default_factory=ImagesSpec)
    fold: dict[str, FoldImposition] = field(default_factory=dict)


def load_print_setup(layouts_root: Path) -> tuple[PrintSetup | None, list]:
    try:
        source = load(layouts_root / "common" / "paper.yaml")
    except SourceError as exc:
        return None, exc.diagnostics
    spec, problems = parse_model(source, PaperFile)
    if spec is None:
        return None, problems
    papers = {n: Paper(n, p.width, p.height) for n, p in spec.papers.items()}

    def paper_of(section: str, name: str, paper_name: str) -> Paper | None:
        if paper_name not in papers:
            problems.append(source.diagnostic((section, name, "paper"), "unknown-paper",
                                              f"paper '{paper_name}' is not defined under papers"))
        return papers.get(paper_name)

    home = {name: HomeImposition(name, paper, h.columns, h.rows, h.duplex, tuple(h.back_offset), h.mark_gap, h.mark_length, h.edge)
            for name, h in spec.home.items() if (paper := paper_of("home", name, h.paper))}
    fold = {name: FoldImposition(name, Paper(paper.name, max(paper.width, paper.height), min(paper.width, paper.height)),
                            f.columns, f.rows, f.mark_gap, f.mark_length, f.edge)  # turned landscape
            for name, f in spec.fold.items() if (paper := paper_of("fold", name, f.paper))}
    vendors = {n: Vendor(n, tuple(v.order), v.note, v.colors) for n, v in spec.vendors.items()}
    return PrintSetup(papers, home, vendors, spec.images, fold), problems
