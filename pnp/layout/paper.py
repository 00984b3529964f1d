"""Paper sizes, home-print sheets and print-on-demand vendor profiles (layouts/common/paper.yaml)."""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from string import Formatter
from typing import Annotated, Literal

from pydantic import Field

from pnp.core.limits import MAX_IMAGE_PIXELS
from pnp.core.output import OutputError, plain_name
from pnp.core.units import mm
from pnp.defaults import load_common
from pnp.model.common import FileName, Int, StrictModel, length
from pnp.model.schema_errors import parse_model
from pnp.reading.source import Source, SourceError

# Every cut guide on a home or fold-and-glue sheet is at least this long: shorter, a mark is hard to see and
# no ruler can be laid on it (Letter's 6.35 mm margin left 0.85 mm ticks). Sheets keep room for it: see pack().
SHORTEST_GUIDE = mm(3)
MAX_IMAGE_SIDE = 20_000  # pixels a side of an image vendor's canvas (MAX_IMAGE_PIXELS bounds the whole)


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
    mark_length: length("3mm", "30mm") = "6mm"  # the longest a guide is drawn; the margin may make it shorter, never below 3mm
    edge: length("0mm", "50mm") = "5mm"
    gutter: length("0mm", "20mm") = "0mm"  # space between cards; 0: cards abut and share their cut lines


# A side of an image vendor's canvas: a card side drawn into fewer pixels is no picture; MAX_IMAGE_PIXELS bounds
# the whole image (vendor_of), as it bounds every image pnp reads.
Pixels = Annotated[Int, Field(ge=16, le=MAX_IMAGE_SIDE)]


class VendorTrimSpec(StrictModel):
    """A card size a print shop prints: its trim, and for an image vendor the pixels of its upload."""

    width: length("10mm", "500mm")
    height: length("10mm", "500mm")
    canvas: tuple[Pixels, Pixels] | None = Field(None, description="png vendors: the image's pixels, bleed included, "
                                                 "the trim's way round (left out: the trim and bleed at the vendor's "
                                                 "dpi); a card lying the other way is turned onto it")


class VendorSpec(StrictModel):
    order: list[Literal["front", "back"]] = Field(min_length=1, max_length=2, description="the sides of each card "
                                                  "in turn, each once")
    colors: Literal["rgb", "cmyk"] = "rgb"  # cmyk: every colour and image goes to press CMYK through pnp's ICC profile
    pdfx: Literal["x-1a:2003", "x-1a:2001"] | None = Field(None, description="write the file as PDF/X-1a:2003 (PDF 1.4) "
                                                            "or PDF/X-1a:2001 (PDF 1.3) (needs colors: cmyk)")
    ink_limit: Int | None = Field(None, ge=100, le=400, description="total ink limit in percent (CMYK files; "
                                  "left out: the profile's 300)")
    note: str = ""
    file: Literal["pdf", "png"] = Field("pdf", description="pdf: a PDF, one page per card side; png: an image "
                                        "per card side")
    per: Literal["deck", "game"] = Field("deck", description="pdf: one file per deck, or one for the whole game")
    sizes: dict[FileName, VendorTrimSpec] = Field({}, description="the card sizes the vendor prints; left out: "
                                                  "every deck at its own size")
    bleed: length("0mm", "20mm") | None = Field(None, description="left out: the deck's own bleed")
    safe: length("0mm", "20mm") | None = Field(None, description="left out: the deck's own safe zone")
    dpi: Int = Field(300, ge=72, le=1200, description="png: the resolution the images are drawn at")
    naming: str | None = Field(None, description="file names: pdf {deck} {game} {vendor}; png {n} {card} "
                               "{side} {deck} {copy}")


class FoldSpec(StrictModel):
    """Fold-and-glue: fronts and backs on one landscape side, either side of a fold line; no duplex needed."""

    paper: str
    columns: Int | None = Field(None, ge=1, le=10, description="at most this many cards across each half "
                                "(left out: as many as fit)")
    rows: Int | None = Field(None, ge=1, le=20, description="at most this many cards down (left out: as many as fit)")
    mark_gap: length("0mm", "10mm") = "1mm"
    mark_length: length("3mm", "30mm") = "6mm"  # the longest a guide is drawn; the margin may make it shorter, never below 3mm
    edge: length("0mm", "50mm") = "5mm"
    gutter: length("0mm", "20mm") = "0mm"  # space between cards; 0: cards abut and share their cut lines


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
    gutter: float = 0.0  # between neighbouring cells

    @property
    def per_page(self) -> int:
        return self.columns * self.rows


def pack(width: float, height: float, card, max_columns: int | None = None, max_rows: int | None = None,
         gutter: float = 0.0) -> Packing:
    """As many cards as fit in a width x height area (at most max_columns x max_rows), `gutter` apart, upright or
    turned, whichever holds more; upright on a tie, so cards turn only where that packs better."""
    best = None
    for turned in (False, True):
        cell_w, cell_h = (card.height, card.width) if turned else (card.width, card.height)
        # n cards and n - 1 gutters: n (cell + gutter) <= area + gutter
        columns = min(int((width + gutter + 0.01) // (cell_w + gutter)), max_columns or 999)
        rows = min(int((height + gutter + 0.01) // (cell_h + gutter)), max_rows or 999)
        if best is None or columns * rows > best.per_page:
            best = Packing(columns, rows, turned, cell_w, cell_h, gutter)
    return best


def guide_room(imposition) -> float:
    """What each side of a sheet keeps free around the cards: the edge the printer cannot print, the gap before a
    mark and the shortest guide. The grid is packed inside it, so every guide gets at least SHORTEST_GUIDE and a
    sheet never prints a tick too short to cut by: where three rows would leave none (poker cards on Letter),
    the cards turn or a row goes."""
    return imposition.edge + imposition.mark_gap + SHORTEST_GUIDE


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
    gutter: float = 0.0

    def packing(self, card) -> Packing:
        """Cards of this size on the paper, with room for guides of at least SHORTEST_GUIDE `edge` clear of the
        paper's edge (the back page moves as a whole by back_offset, its keep-out line too: see crop_marks)."""
        room = guide_room(self)
        return pack(self.paper.width - 2 * room, self.paper.height - 2 * room, card, self.columns, self.rows, self.gutter)


@dataclass(frozen=True)
class FoldImposition:
    name: str
    paper: Paper  # turned to landscape: the fold runs down the middle
    columns: int | None  # per half; None: as many as fit
    rows: int | None
    mark_gap: float
    mark_length: float
    edge: float
    gutter: float = 0.0  # between the cards of a half; a front and its back always meet at the fold

    def packing(self, card) -> Packing:
        """Cards of this size on one half of the paper, between the fold and room for guides of at least
        SHORTEST_GUIDE `edge` short of the paper's edge."""
        room = guide_room(self)
        return pack(self.paper.width / 2 - room, self.paper.height - 2 * room, card, self.columns, self.rows, self.gutter)


@dataclass(frozen=True)
class VendorTrim:
    """A trim a vendor prints, as its profile declares it (width across, height down), and for an image vendor
    the pixels of its upload in that orientation."""

    name: str
    width: float
    height: float
    canvas: tuple[int, int] | None = None
    # The deck's card lies the other way than the vendor's product (a landscape card on a portrait poker trim): its
    # front goes onto the vendor's page a quarter turn clockwise (its top to the page's right edge), its back the
    # other way (pnp.render.imposition.POD_FRONT_TURN), so the file has the page, boxes and pixels the vendor
    # declares. Card-frame figures: `as_drawn`.
    turned: bool = False

    def as_drawn(self) -> tuple[float, float]:
        """The trim's width and height as the deck's card is drawn (swapped when the card is turned onto it)."""
        return (self.height, self.width) if self.turned else (self.width, self.height)


def lying(width: float, height: float) -> str:
    """Which way a card or trim lies: landscape (wider than tall), portrait, or square (either way round)."""
    return "landscape" if width > height + 0.01 else "portrait" if height > width + 0.01 else "square"


# How far a vendor's trim may differ from a deck's for the deck to print at it: poker (63.5 x 88.9 mm) goes to a
# 63 x 88 mm press, centred at its own size, the trim cutting 0.25-0.45 mm a side from its safe margin; a larger
# difference would cut into what the safe zone protects (or leave too little bleed), so the deck is refused.
TRIM_TOLERANCE = 0.03
DEFAULT_NAMING = {("pdf", "deck"): "{deck}-{vendor}.pdf", ("pdf", "game"): "{game}-{vendor}.pdf",
                  ("png", "deck"): "{n}-{card}-{side}.png", ("png", "game"): "{n}-{card}-{side}.png"}
NAMING_FIELDS = {"pdf": {"deck", "game", "vendor"}, "png": {"n", "card", "side", "deck", "copy"}}


def naming_problems(naming: str, file: str, per: str) -> list[str]:
    """What is wrong with a vendor's file name pattern: only plain {name}s the file can take (no format spec or
    conversion, which could pad a name to gigabytes or print a value's repr), a plain file name with the file's
    extension, and names that keep every file apart (a deck's PDF names its deck; an image its number and side)."""
    try:
        fields = [(key, spec, conversion) for _, key, spec, conversion in Formatter().parse(naming) if key is not None]
    except ValueError as exc:
        return [f"file name pattern: {exc}"]
    allowed = NAMING_FIELDS[file] - ({"deck"} if file == "pdf" and per == "game" else set())
    names = ", ".join("{" + f + "}" for f in sorted(allowed))
    problems = [f"'{{{key}}}' is not a name a {file} file can take; use {names}" for key in
                sorted({key for key, _, _ in fields} - allowed)]
    problems += [f"'{{{key}{'!' + conversion if conversion else ''}{':' + spec if spec else ''}}}': write a name as "
                 f"{{{key}}} alone, with no format or conversion" for key, spec, conversion in fields
                 if key in allowed and (spec or conversion)]
    if problems:
        return problems
    used = {key for key, _, _ in fields}
    try:
        plain_name(naming.format(**{key: "x1" for key in allowed}))
    except (ValueError, IndexError, KeyError, OutputError) as exc:
        return [f"file name pattern '{naming}' does not make a file name: {exc}"]
    if not naming.lower().endswith(f".{file}"):
        problems.append(f"file name pattern '{naming}' makes {file} files: end it in .{file}")
    if file == "png" and not {"n", "side"} <= used:  # a card's copies and sides would overwrite each other
        problems.append("an image vendor's file names need {n} (the card's number in the deck) and {side}, so that "
                        "no two files are one")
    if file == "pdf" and per == "deck" and "deck" not in used:  # every deck would write the one file
        problems.append("a PDF per deck is named after its deck: put {deck} in the pattern, so that no two decks "
                        "write one file")
    return problems


@dataclass(frozen=True)
class Vendor:
    name: str
    order: tuple[str, ...]
    note: str
    colors: str = "rgb"
    pdfx: str | None = None  # "x-1a:2003" or "x-1a:2001": the file is PDF/X-1a of that level (pnp.render.pdfx)
    ink_limit: int | None = None  # percent of total ink a CMYK file keeps under
    file: str = "pdf"
    per: str = "deck"
    sizes: tuple[VendorTrim, ...] = ()  # empty: any size, at the deck's own trim
    bleed: float | None = None  # None: the deck's own
    safe: float | None = None
    dpi: int = 300
    naming: str = "{deck}-{vendor}.pdf"

    def trim_for(self, size) -> VendorTrim | None:
        """The vendor's trim a deck of `size` prints at, as the vendor declares it: its own when the vendor prints
        any size, else the nearest within TRIM_TOLERANCE, either way round. A card lying the other way than the
        trim (landscape on a portrait trim, or portrait on a landscape one) is `turned` onto it; on a tie the
        trim of the card's own orientation wins. None when none is near."""
        if not self.sizes:
            return VendorTrim(size.name, size.width, size.height)
        candidates = []
        for trim in self.sizes:
            turned = {lying(trim.width, trim.height), lying(size.width, size.height)} == {"landscape", "portrait"}
            candidate = replace(trim, turned=turned)
            width, height = candidate.as_drawn()
            change = max(abs(width / size.width - 1), abs(height / size.height - 1))
            if change <= TRIM_TOLERANCE:
                candidates.append((change, turned, candidate))
        return min(candidates, key=lambda found: found[:2])[2] if candidates else None


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
                                    f"{imposition.edge * mm:g}mm kept clear at the edge and room for cut guides "
                                    f"({(guide_room(imposition) - imposition.edge) * mm:g}mm); use larger paper or a "
                                    "smaller edge or mark_gap"))
        return problems


    def vendor_file_clashes(self, game_id: str, deck_sizes: dict) -> list:
        """Two PDFs of the print shops with one name would be one file, the later overwriting the earlier: a
        pattern like another vendor's, or names whose hyphens meet (deck a-b at vendor c, deck a at vendor b-c).
        Each is an error at the later vendor's naming (names compared as a case-blind disk compares them)."""
        problems, written = [], {}
        for name, vendor in self.vendors.items():
            if vendor.file != "pdf" or naming_problems(vendor.naming, vendor.file, vendor.per):
                continue
            decks = [deck for deck, size in deck_sizes.items() if vendor.trim_for(size) is not None]
            for deck in [None] if vendor.per == "game" and decks else decks if vendor.per == "deck" else []:
                file = vendor.naming.format(game=game_id, deck=deck or "", vendor=name)
                earlier = written.setdefault(file.casefold(), (name, deck))
                if earlier[0] != name:
                    whose = f"deck '{deck}'" if deck else "the game"
                    theirs = f"deck '{earlier[1]}'" if earlier[1] else "the game"
                    problems.append(self.source.diagnostic(("vendors", name, "naming"), "vendor-naming", f"the file "
                                    f"for {whose} would be {file}, the file vendor '{earlier[0]}' writes for {theirs}; "
                                    "name them apart"))
                    break
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

    home = {name: HomeImposition(name, paper, h.columns, h.rows, h.duplex, tuple(h.back_offset), h.mark_gap, h.mark_length,
                                  h.edge, h.gutter)
            for name, h in spec.home.items() if (paper := paper_of("home", name, h.paper))}
    fold = {name: FoldImposition(name, Paper(paper.name, max(paper.width, paper.height), min(paper.width, paper.height)),
                            f.columns, f.rows, f.mark_gap, f.mark_length, f.edge, f.gutter)  # turned landscape
            for name, f in spec.fold.items() if (paper := paper_of("fold", name, f.paper))}
    vendors = {n: vendor_of(source, n, v, problems) for n, v in spec.vendors.items()}
    return PrintSetup(papers, home, vendors, spec.images, fold, source), problems


def vendor_of(source: Source, name: str, spec: VendorSpec, problems: list) -> Vendor:
    """A vendor profile as the renderers use it; a file name pattern that cannot name every file apart, a side
    ordered twice, or an image size that does not match its trim and bleed at the vendor's resolution (or that no
    image may have), is reported where it is written."""
    naming = spec.naming or DEFAULT_NAMING[spec.file, spec.per]
    problems += [source.diagnostic(("vendors", name, "naming"), "vendor-naming", message)
                 for message in naming_problems(naming, spec.file, spec.per)]
    if len(set(spec.order)) < len(spec.order):  # the same side twice would write each of its files twice
        problems.append(source.diagnostic(("vendors", name, "order"), "vendor-order", f"order {list(spec.order)} "
                                          "names a side twice; name each side once: [front, back] or [back, front]"))
    sizes = []
    for size_name, trim in spec.sizes.items():
        if spec.file == "png" and trim.canvas is not None and spec.bleed is not None:
            expected = tuple(round((side + 2 * spec.bleed) * spec.dpi / 72) for side in (trim.width, trim.height))
            if any(abs(a - b) > 1 for a, b in zip(trim.canvas, expected)):
                problems.append(source.diagnostic(("vendors", name, "sizes", size_name, "canvas"), "vendor-canvas",
                                f"{trim.canvas[0]} x {trim.canvas[1]} px is not the trim plus the bleed at {spec.dpi} "
                                f"dpi ({expected[0]} x {expected[1]}): correct the pixels, the bleed or the dpi"))
        if trim.canvas is not None and trim.canvas[0] * trim.canvas[1] > MAX_IMAGE_PIXELS:
            problems.append(source.diagnostic(("vendors", name, "sizes", size_name, "canvas"), "too-large",
                            f"{trim.canvas[0]} x {trim.canvas[1]} px is more than the {MAX_IMAGE_PIXELS:,} pixels pnp "
                            "draws an image at (a tarot card at 1200 dpi is 3.3 million)"))
        sizes.append(VendorTrim(size_name, trim.width, trim.height, tuple(trim.canvas) if trim.canvas else None))
    if spec.pdfx and spec.colors != "cmyk":  # PDF/X-1a allows no RGB
        problems.append(source.diagnostic(("vendors", name, "pdfx"), "pdfx-needs-cmyk",
                                          f"pdfx: {spec.pdfx} prints in CMYK only; add colors: cmyk to vendor '{name}'"))
    return Vendor(name, tuple(spec.order), spec.note, spec.colors, spec.pdfx, spec.ink_limit, spec.file, spec.per,
                  tuple(sizes), spec.bleed, spec.safe, spec.dpi, naming)
