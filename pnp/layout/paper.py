"""Paper sizes, home-print sheets and print-on-demand vendor profiles (layouts/common/paper.yaml)."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from pydantic import Field

from pnp.defaults import load_common
from pnp.model.common import FileName, Int, StrictModel, length
from pnp.model.schema_errors import parse_model
from pnp.source import Source, SourceError


class PaperSpec(StrictModel):
    width: length("50mm", "2000mm")
    height: length("50mm", "2000mm")


class HomeSpec(StrictModel):
    paper: str
    columns: Int | None = Field(None, ge=1, le=20, description="at most this many cards across (left out: as many as fit)")
    rows: Int | None = Field(None, ge=1, le=20, description="at most this many cards down (left out: as many as fit)")
    duplex: Literal["long", "short"] = "long"
    back_offset: tuple[length("-20mm", "20mm"), length("-20mm", "20mm")] = (0, 0)
    mark_gap: length("0mm", "10mm") = "1mm"
    mark_length: length("0mm", "30mm") = "6mm"
    edge: length("0mm", "50mm") = "5mm"


class VendorSpec(StrictModel):
    order: list[Literal["front", "back"]]
    colors: Literal["rgb", "cmyk"] = "rgb"  # cmyk: every colour and image goes to press CMYK through pnp's ICC profile
    pdfx: Literal["x-1a:2001"] | None = Field(None, description="write the file as PDF/X-1a:2001 (needs colors: cmyk)")
    ink_limit: Int | None = Field(None, ge=100, le=400, description="total ink limit in percent (CMYK files; "
                                  "left out: the profile's 300)")
    note: str = ""


class FoldSpec(StrictModel):
    """Fold-and-glue: fronts and backs on one landscape side, either side of a fold line; no duplex needed."""

    paper: str
    columns: Int | None = Field(None, ge=1, le=10, description="at most this many cards across each half "
                                "(left out: as many as fit)")
    rows: Int | None = Field(None, ge=1, le=20, description="at most this many cards down (left out: as many as fit)")
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
    papers: dict[FileName, PaperSpec]
    home: dict[FileName, HomeSpec]
    vendors: dict[FileName, VendorSpec]
    fold: dict[FileName, FoldSpec] = {}
    images: ImagesSpec = ImagesSpec()


@dataclass(frozen=True)
class Paper:
    name: str
    width: float
    height: float


@dataclass(frozen=True)
class Packing:
    """How cards of one size lie on a sheet: a grid of columns x rows cells, the cards upright or turned a
    quarter turn (a cell is then the card's height wide)."""

    columns: int
    rows: int
    turned: bool
    cell_w: float
    cell_h: float

    @property
    def per_page(self) -> int:
        return self.columns * self.rows


def pack(width: float, height: float, card, max_columns: int | None = None, max_rows: int | None = None) -> Packing:
    """As many cards as fit in a width x height area (at most max_columns x max_rows), upright or turned,
    whichever holds more; upright on a tie, so cards turn only where that packs better."""
    best = None
    for turned in (False, True):
        cell_w, cell_h = (card.height, card.width) if turned else (card.width, card.height)
        columns = min(int((width + 0.01) // cell_w), max_columns or 999)
        rows = min(int((height + 0.01) // cell_h), max_rows or 999)
        if best is None or columns * rows > best.per_page:
            best = Packing(columns, rows, turned, cell_w, cell_h)
    return best


@dataclass(frozen=True)
class HomeImposition:
    name: str
    paper: Paper
    columns: int | None  # at most this many cards across; None: as many as fit
    rows: int | None
    duplex: str
    back_offset: tuple[float, float]
    mark_gap: float
    mark_length: float
    edge: float

    def packing(self, card) -> Packing:
        """Cards of this size on the paper, everything `edge` clear of the paper's edge."""
        return pack(self.paper.width - 2 * self.edge, self.paper.height - 2 * self.edge, card, self.columns, self.rows)


@dataclass(frozen=True)
class FoldImposition:
    name: str
    paper: Paper  # turned to landscape: the fold runs down the middle
    columns: int | None  # per half; None: as many as fit
    rows: int | None
    mark_gap: float
    mark_length: float
    edge: float

    def packing(self, card) -> Packing:
        """Cards of this size on one half of the paper, between the fold and `edge` short of the paper's edge."""
        return pack(self.paper.width / 2 - self.edge, self.paper.height - 2 * self.edge, card, self.columns, self.rows)


@dataclass(frozen=True)
class Vendor:
    name: str
    order: tuple[str, ...]
    note: str
    colors: str = "rgb"
    pdfx: str | None = None  # "x-1a:2001": the file is PDF/X-1a:2001
    ink_limit: int | None = None  # percent of total ink a CMYK file keeps under


@dataclass(frozen=True)
class PrintSetup:
    papers: dict[str, Paper]
    home: dict[str, HomeImposition]
    vendors: dict[str, Vendor]
    images: ImagesSpec = field(default_factory=ImagesSpec)
    fold: dict[str, FoldImposition] = field(default_factory=dict)
    source: Source | None = None

    def grids_fit(self, card_size) -> list:
        """Every imposition holds at least one card of this size (fold: on each half), upright or turned."""
        problems = []
        for section, impositions in (("home", self.home), ("fold", self.fold)):
            for name, imposition in impositions.items():
                if imposition.packing(card_size).per_page == 0:
                    mm, paper = 25.4 / 72, imposition.paper
                    where = "either half of " if section == "fold" else ""
                    problems.append(self.source.diagnostic((section, name), "grid-size", f"a {card_size.name} card "
                                    f"({card_size.width * mm:.1f} x {card_size.height * mm:.1f}mm) does not fit on {where}"
                                    f"{paper.name} ({paper.width * mm:.0f} x {paper.height * mm:.0f}mm) with "
                                    f"{imposition.edge * mm:g}mm kept clear at the edge; use larger paper or a smaller edge"))
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
    vendors = {n: Vendor(n, tuple(v.order), v.note, v.colors, v.pdfx, v.ink_limit) for n, v in spec.vendors.items()}
    for name, vendor in spec.vendors.items():
        if vendor.pdfx and vendor.colors != "cmyk":  # PDF/X-1a allows no RGB
            problems.append(source.diagnostic(("vendors", name, "pdfx"), "pdfx-needs-cmyk",
                                              f"pdfx: {vendor.pdfx} prints in CMYK only; add colors: cmyk to vendor '{name}'"))
    return PrintSetup(papers, home, vendors, spec.images, fold, source), problems
