"""Paper sizes, home-print sheets and print-on-demand vendor profiles (layouts/common/paper.yaml)."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from pydantic import Field

from pnp.defaults import load_common
from pnp.model.common import Int, StrictModel, length
from pnp.model.schema_errors import parse_model
from pnp.source import Source, SourceError


class PaperSpec(StrictModel):
    width: length("50mm", "2000mm")
    height: length("50mm", "2000mm")


class HomeSpec(StrictModel):
    paper: str
    columns: Int = Field(ge=1, le=10)
    rows: Int = Field(ge=1, le=10)
    duplex: Literal["long", "short"] = "long"
    back_offset: tuple[length("-20mm", "20mm"), length("-20mm", "20mm")] = (0, 0)
    mark_gap: length("0mm", "10mm") = "1mm"
    mark_length: length("0mm", "30mm") = "6mm"
    edge: length("0mm", "50mm") = "5mm"


class VendorSpec(StrictModel):
    order: list[Literal["front", "back"]]
    colors: Literal["rgb", "cmyk"] = "rgb"  # cmyk: every colour is written as CMYK, as press printers ask
    note: str = ""


class FoldSpec(StrictModel):
    """Fold-and-glue: fronts and backs on one landscape side, either side of a fold line; no duplex needed."""

    paper: str
    columns: Int = Field(ge=1, le=5)  # per half
    rows: Int = Field(ge=1, le=5)
    mark_gap: length("0mm", "10mm") = "1mm"
    mark_length: length("0mm", "30mm") = "6mm"
    edge: length("0mm", "50mm") = "5mm"


class TabletopSpec(StrictModel):
    """Tabletop Simulator deck sheets: a grid of cards whose last slot holds the hidden card."""

    columns: Int = Field(10, ge=2, le=10)
    rows: Int = Field(7, ge=2, le=7)
    max_pixels: Int = Field(4096, ge=256, le=8192)  # per side of a sheet image


class ImagesSpec(StrictModel):
    dpi: Int = Field(300, ge=72, le=1200)
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
    source: Source | None = None

    def grids_fit(self, card_size) -> list:
        """Every imposition's grid of cards of this size lies on its paper (fold: both halves)."""
        problems = []
        for section, impositions, halves in (("home", self.home, 1), ("fold", self.fold, 2)):
            for name, imposition in impositions.items():
                width, height = halves * imposition.columns * card_size.width, imposition.rows * card_size.height
                paper = imposition.paper
                if width > paper.width + 0.01 or height > paper.height + 0.01:
                    mm = 25.4 / 72
                    problems.append(self.source.diagnostic((section, name), "grid-size", f"{halves * imposition.columns} x "
                                    f"{imposition.rows} {card_size.name} cards ({width * mm:.0f} x {height * mm:.0f}mm) do not fit "
                                    f"on {paper.name} ({paper.width * mm:.0f} x {paper.height * mm:.0f}mm); use fewer columns or rows"))
        return problems


def load_print_setup(layouts_root: Path) -> tuple[PrintSetup | None, list]:
    try:
        source = load_common(layouts_root, "paper.yaml")
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
    return PrintSetup(papers, home, vendors, spec.images, fold, source), problems
