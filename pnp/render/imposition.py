"""Imposition: where card faces go on paper.

Home print: cards abut in a centred grid (or stand a `gutter` apart), as many
of the deck's size as fit with room for cut guides of at least 3 mm, turned a
quarter turn where that fits more; each clipped to its trim (and half of any
gutter); crop marks only in the margin, on every card's own cut lines; a back
page follows every front page, mirrored for the duplex flip (long edge:
columns swap; short edge: rows swap).
Fold-and-glue: fronts on the left half of a landscape page, their backs on the
right half mirrored about the fold line, so folding puts each back behind its front.

A back reads upright when its card, held as it reads, is turned over sideways
(about its own vertical axis). On a long-edge flip that is an upright back for
an upright card; a card turned a quarter turn on the sheet gets its back turned
the other way, and a short-edge flip turns every back half round more.
Print-on-demand: one card per page at trim + bleed, TrimBox and BleedBox set,
sides in the vendor's order; the page as the vendor declares its trim, a card
lying the other way turned onto it (fronts clockwise, backs counterclockwise).
"""
from __future__ import annotations

from dataclasses import dataclass

from pnp.core.units import mm
from pnp.layout import CardLayout, CardSize, FoldImposition, HomeImposition, Vendor
from pnp.layout.paper import SHORTEST_GUIDE, Packing
from pnp.render.backend import Backend
from pnp.render.cards import Face, draw_face

MARK_COLOR = "#000000"
MARK_WIDTH = 0.3


@dataclass(frozen=True)
class Grid:
    left: float
    bottom: float
    card_w: float
    card_h: float
    columns: int
    rows: int
    gutter: float = 0.0  # between neighbouring cells; 0: cards abut and share their cut lines

    @classmethod
    def centred(cls, paper, packing: Packing) -> "Grid":
        w, h, g = packing.cell_w, packing.cell_h, packing.gutter
        return cls((paper.width - (packing.columns * w + (packing.columns - 1) * g)) / 2,
                   (paper.height - (packing.rows * h + (packing.rows - 1) * g)) / 2,
                   w, h, packing.columns, packing.rows, g)

    @property
    def right(self) -> float:
        return self.left + self.columns * self.card_w + (self.columns - 1) * self.gutter

    @property
    def top(self) -> float:
        return self.bottom + self.rows * self.card_h + (self.rows - 1) * self.gutter

    def cell(self, column: int, row: int) -> tuple[float, float]:
        """Bottom-left of the trim of a cell; row 0 is the top row."""
        return (self.left + column * (self.card_w + self.gutter),
                self.top - (row + 1) * self.card_h - row * self.gutter)

    def cuts_x(self) -> list[float]:
        """Every vertical cut line, left to right: one between abutting cards, both cards' edges across a gutter."""
        if not self.gutter:
            return [self.left + i * self.card_w for i in range(self.columns + 1)]
        return [self.left + i * (self.card_w + self.gutter) + side for i in range(self.columns) for side in (0, self.card_w)]

    def cuts_y(self) -> list[float]:
        """Every horizontal cut line, bottom to top."""
        if not self.gutter:
            return [self.bottom + j * self.card_h for j in range(self.rows + 1)]
        return [self.bottom + j * (self.card_h + self.gutter) + side for j in range(self.rows) for side in (0, self.card_h)]

    def reach(self, column: int, row: int, bleed: float) -> tuple[float, float, float, float]:
        """How far a card's art reaches past its trim (left, bottom, right, top): into half of each gutter it
        borders, at most its bleed, so a cut a little off the line still shows art; never into the margin."""
        into = min(bleed, self.gutter / 2)
        return (into if column > 0 else 0.0, into if row < self.rows - 1 else 0.0,
                into if column < self.columns - 1 else 0.0, into if row > 0 else 0.0)


@dataclass(frozen=True)
class Area:
    """What a sheet's cards cover: crop marks go outside it."""
    left: float
    bottom: float
    right: float
    top: float


def pages(items: list, per_page: int) -> list[list]:
    return [items[i:i + per_page] for i in range(0, len(items), per_page)]


QUARTER_TURN = 90  # how a card turned on the sheet is drawn: its top towards the sheet's left edge


def back_turn(turn: int, duplex: str) -> int:
    """How far a back is turned so that it reads upright behind a front turned `turn` degrees (see above)."""
    return (-turn + (180 if duplex == "short" else 0)) % 360


def back_shift(imposition: HomeImposition) -> tuple[float, float]:
    """How far a back page is drawn from where it would go, in its own coordinates, to undo the printer's
    back offset. The offset (dx, dy) is measured as the calibration page asks: held against a light and seen from
    the front, the back's crosses sit dx to the right and dy up. Turned over on the long edge the back page runs
    right to left as seen from the front (so it moves +dx to go left) with up still up (-dy to go down); on the
    short edge it runs bottom to top (+dy goes down) with right still right (-dx goes left)."""
    dx, dy = imposition.back_offset
    return (dx, -dy) if imposition.duplex == "long" else (-dx, dy)


def home_print(backend: Backend, fronts: list[Face], backs: list[Face], layout: CardLayout,
               imposition: HomeImposition, emblems: dict, size: CardSize | None = None) -> int:
    """Front and back pages for the given faces (backs[i] is the back of fronts[i]), cards of `size` (the layout's
    if None). Returns page count."""
    size = size or layout.size
    packing = imposition.packing(size)
    grid = Grid.centred(imposition.paper, packing)
    turn = QUARTER_TURN if packing.turned else 0
    per_page = packing.per_page
    count = 0
    for page_fronts, page_backs in zip(pages(fronts, per_page), pages(backs, per_page)):
        backend.begin_page(imposition.paper.width, imposition.paper.height)
        for slot, face in enumerate(page_fronts):
            _place(backend, face, layout, emblems, grid, slot % grid.columns, slot // grid.columns, (0.0, 0.0), size, turn)
        crop_marks(backend, grid.cuts_x(), grid.cuts_y(), grid, imposition)
        backend.end_page()
        backend.begin_page(imposition.paper.width, imposition.paper.height)
        for slot, face in enumerate(page_backs):
            column, row = mirrored(slot, grid, imposition.duplex)
            _place(backend, face, layout, emblems, grid, column, row, back_shift(imposition), size,
                   back_turn(turn, imposition.duplex))
        crop_marks(backend, grid.cuts_x(), grid.cuts_y(), grid, imposition, back_shift(imposition))
        backend.end_page()
        count += 2
    return count


def fold_and_glue(backend: Backend, fronts: list[Face], backs: list[Face], layout: CardLayout,
                  imposition: FoldImposition, emblems: dict, size: CardSize | None = None) -> int:
    """One page per columns x rows cards of `size` (the layout's if None): fronts left of the fold, backs right
    of it. Returns page count."""
    size = size or layout.size
    packing = imposition.packing(size)
    w, h, columns, rows, gutter = packing.cell_w, packing.cell_h, packing.columns, packing.rows, packing.gutter
    fold_x, bottom = imposition.paper.width / 2, (imposition.paper.height - (rows * h + (rows - 1) * gutter)) / 2
    front_grid = Grid(fold_x - (columns * w + (columns - 1) * gutter), bottom, w, h, columns, rows, gutter)
    back_grid = Grid(fold_x, bottom, w, h, columns, rows, gutter)
    # the fold is the edge a front and its back share: folded, not cut
    cuts_x = front_grid.cuts_x()[:-1] + back_grid.cuts_x()[1:]
    both = Area(front_grid.left, bottom, back_grid.right, front_grid.top)  # what the cards cover, for the marks
    turn = QUARTER_TURN if packing.turned else 0
    per_page = packing.per_page
    count = 0
    for page_fronts, page_backs in zip(pages(fronts, per_page), pages(backs, per_page)):
        backend.begin_page(imposition.paper.width, imposition.paper.height)
        for slot, (front, back) in enumerate(zip(page_fronts, page_backs)):
            column, row = slot % columns, slot // columns
            _place(backend, front, layout, emblems, front_grid, column, row, (0.0, 0.0), size, turn)
            # folding about a vertical line turns the sheet over as a long-edge flip does
            _place(backend, back, layout, emblems, back_grid, columns - 1 - column, row, (0.0, 0.0), size,
                   back_turn(turn, "long"))
        crop_marks(backend, cuts_x, front_grid.cuts_y(), both, imposition)
        fold_marks(backend, fold_x, both, imposition)
        backend.end_page()
        count += 1
    return count


def fold_marks(backend: Backend, x: float, grid: "Area", imposition, dash: float = 1.5) -> None:
    """Dashes on the fold line in the top and bottom margins, unlike the solid crop marks."""
    for start, limit in ((grid.top, imposition.paper.height - imposition.edge), (grid.bottom, imposition.edge)):
        a, b = _mark_span(start, limit, imposition)
        if b is None:
            continue
        low, high = sorted((a, b))
        for y in range(int((high - low) // (2 * dash)) + 1):
            top = min(low + y * 2 * dash + dash, high)
            backend.line(x, low + y * 2 * dash, x, top, MARK_COLOR, MARK_WIDTH)


def mirrored(slot: int, grid: Grid, duplex: str) -> tuple[int, int]:
    """Where the back of the card in `slot` goes so that it lands behind it after the flip."""
    column, row = slot % grid.columns, slot // grid.columns
    if duplex == "long":
        return grid.columns - 1 - column, row
    return column, grid.rows - 1 - row


def _place(backend, face, layout, emblems, grid: Grid, column, row, offset, size: CardSize, turn: int = 0):
    """A card in a grid cell, clipped to its trim (and into half of a gutter); turned `turn` degrees about the
    cell's centre."""
    x, y = grid.cell(column, row)
    x, y = x + offset[0], y + offset[1]
    left, bottom, right, top = grid.reach(column, row, size.bleed)
    backend.save()
    backend.clip_rect(x - left, y - bottom, grid.card_w + left + right, grid.card_h + bottom + top)
    if turn:
        backend.translate(x + grid.card_w / 2, y + grid.card_h / 2)
        backend.rotate(turn)
        draw_face(backend, face, layout, emblems, -size.width / 2 - size.bleed, -size.height / 2 - size.bleed)
    else:
        draw_face(backend, face, layout, emblems, x - size.bleed, y - size.bleed)
    backend.restore()


def crop_marks(backend: Backend, cuts_x: list[float], cuts_y: list[float], area: Grid | Area, imposition: HomeImposition,
               offset=(0.0, 0.0)) -> None:
    """Marks on every cut line, in the margin around the cards' `area` only, stopping `edge` short of the paper
    edge. The packing leaves each at least SHORTEST_GUIDE long.

    A back page drawn `offset` away corrects a printer that prints its backs the other way by as much: the
    page moves as a whole, so its keep-out line moves with it and lands `edge` clear of the paper on print."""
    dx, dy = offset
    W, H = imposition.paper.width, imposition.paper.height
    for x in cuts_x:
        for start, limit in ((area.top + dy, H - imposition.edge + dy), (area.bottom + dy, imposition.edge + dy)):
            a, b = _mark_span(start, limit, imposition)
            if b is not None:
                backend.line(x + dx, a, x + dx, b, MARK_COLOR, MARK_WIDTH)
    for y in cuts_y:
        for start, limit in ((area.left + dx, imposition.edge + dx), (area.right + dx, W - imposition.edge + dx)):
            a, b = _mark_span(start, limit, imposition)
            if b is not None:
                backend.line(a, y + dy, b, y + dy, MARK_COLOR, MARK_WIDTH)


def _mark_span(start: float, limit: float, imposition: HomeImposition) -> tuple[float, float | None]:
    """From `start` (a grid edge) towards `limit` (the keep-out line): a gap, then the mark.

    The packing leaves every margin room for SHORTEST_GUIDE; one without it (a hand-made grid) gets no mark
    rather than a tick too short to cut by, or one over the art.
    """
    direction = 1 if limit > start else -1
    room = abs(limit - start) - imposition.mark_gap
    length = min(imposition.mark_length, room)
    if length < SHORTEST_GUIDE - 0.02:  # pack() allows 0.01 pt of rounding
        return start, None
    a = start + direction * imposition.mark_gap
    return a, a + direction * length


@dataclass(frozen=True)
class PodPage:
    """One card side's page for a vendor: the vendor's trim plus its bleed, as the vendor declares it (`width`,
    `height`, `trim_box`), and the deck's face on it at its own size, centred on the vendor's trim (which cuts off
    the difference, or the face's bleed fills it). `trim_w`, `trim_h`, `x` and `y` are in the card's frame, as
    the card is drawn; a `turned` page holds its card a quarter turn (pnp.layout.paper.VendorTrim, POD_FRONT_TURN)."""

    width: float
    height: float
    bleed: float
    trim_w: float
    trim_h: float
    scale: float
    x: float  # where the face's bleed corner lands, in the card's frame
    y: float
    turned: bool = False

    @property
    def trim_box(self) -> tuple[float, float, float, float]:
        return self.bleed, self.bleed, self.width - self.bleed, self.height - self.bleed

    @property
    def as_drawn(self) -> tuple[float, float]:
        """The page's width and height in the card's frame: turned back when the card lies turned on it."""
        return (self.height, self.width) if self.turned else (self.width, self.height)

    def bleed_reaches(self, size: CardSize) -> bool:
        """Whether the face's own bleed, scaled, covers the whole page out to the vendor's bleed edge."""
        width, height = self.as_drawn
        right, top = self.x + self.scale * (size.width + 2 * size.bleed), self.y + self.scale * (size.height + 2 * size.bleed)
        return self.x <= 0.01 and self.y <= 0.01 and right >= width - 0.01 and top >= height - 0.01

    def safe_inset(self, size: CardSize) -> float:
        """How far inside the vendor's trim the deck's safe zone lies, at the nearer edge."""
        return min((self.trim_w - self.scale * size.width) / 2, (self.trim_h - self.scale * size.height) / 2) \
            + self.scale * size.safe


def pod_page(vendor: Vendor, size: CardSize) -> PodPage | None:
    """A card of `size` on the vendor's page; None when the vendor prints no size near it."""
    trim = vendor.trim_for(size)
    if trim is None:
        return None
    bleed = size.bleed if vendor.bleed is None else vendor.bleed
    trim_w, trim_h = trim.as_drawn()
    # never scaled: a face shrunk to a slightly smaller press size would print its 6 pt text under 6 pt; the
    # half millimetre a side between poker and metric poker is cut from the safe margin instead (checked)
    scale = 1.0
    x = bleed + (trim_w - size.width) / 2 - size.bleed
    y = bleed + (trim_h - size.height) / 2 - size.bleed
    return PodPage(trim.width + 2 * bleed, trim.height + 2 * bleed, bleed, trim_w, trim_h, scale, x, y, trim.turned)


# A card lying the other way than its vendor's page (PodPage.turned) goes onto it a quarter turn clockwise, its top
# to the page's right edge; its back the other way (counterclockwise), as home print turns a turned card's back, so
# that the shop's sheet, flipped about its long edge, puts each back upright behind its front when the card is
# turned over sideways (a double-sided landscape card reads upright on both sides).
POD_FRONT_TURN = (-QUARTER_TURN) % 360


def pod_turn(page: PodPage, side: str) -> int:
    """How far, in degrees counterclockwise, a card side is turned on the vendor's page (see POD_FRONT_TURN)."""
    if not page.turned:
        return 0
    return POD_FRONT_TURN if side == "front" else back_turn(POD_FRONT_TURN, "long")


def draw_on_pod_page(backend: Backend, face: Face, layout: CardLayout, emblems: dict, page: PodPage,
                     side: str = "front") -> None:
    """A card side on its vendor page: at its place on the trim, turned onto the page when the page is `turned`."""
    turn = pod_turn(page, side)
    if not turn and page.scale == 1 and abs(page.x) < 1e-9 and abs(page.y) < 1e-9:  # the deck's own size
        draw_face(backend, face, layout, emblems, 0, 0)
        return
    backend.save()
    if turn:  # about the page's centre: the card's frame (page.as_drawn) turned onto the vendor's page
        width, height = page.as_drawn
        backend.translate(page.width / 2, page.height / 2)
        backend.rotate(turn)
        backend.translate(-width / 2, -height / 2)
    backend.translate(page.x, page.y)
    backend.scale(page.scale, page.scale)
    draw_face(backend, face, layout, emblems, 0, 0)
    backend.restore()


def print_on_demand(backend: Backend, fronts: list[Face], backs: list[Face], layout: CardLayout,
                    vendor: Vendor, emblems: dict, size: CardSize | None = None) -> int:
    """One page per card side at the vendor's trim + bleed for cards of `size` (the layout's if None), in the
    vendor's side order."""
    page = pod_page(vendor, size or layout.size)
    if page is None:
        raise ValueError(f"{vendor.name} prints no {(size or layout.size).name} cards")  # the build checks first
    count = 0
    for front, back in zip(fronts, backs):
        for side in vendor.order:
            backend.begin_page(page.width, page.height, trim_box=page.trim_box, bleed_box=(0, 0, page.width, page.height))
            draw_on_pod_page(backend, front if side == "front" else back, layout, emblems, page, side)
            backend.end_page()
            count += 1
    return count


def calibration(backend: Backend, imposition: HomeImposition, font: str) -> None:
    """A duplex test page: a 25.4 mm square, a 50 mm ruler and registration crosses on both sides. It travels
    with the print files to whoever prints them, often a player: it says what to measure in the printer's
    words and never names the tool or a file."""
    W, H = imposition.paper.width, imposition.paper.height
    paper = paper_label(imposition.paper.name)
    for side in ("front", "back"):
        backend.begin_page(W, H)
        backend.text(W / 2, H - mm(20), f"Print calibration ({paper}, {side} side)", font, 12, align="center")
        if side == "front":
            backend.rect(mm(30), H - mm(70), mm(25.4), mm(25.4), stroke="#000000", width=0.5)
            backend.text(mm(30), H - mm(76), "25.4 mm (1 in) square", font, 8)
            _ruler(backend, mm(80), H - mm(60), font)
            lines = ["Print this page at 100% (no \u201cfit to page\u201d), duplex, flipping on the "
                     f"{'long' if imposition.duplex == 'long' else 'short'} edge.",
                     "Measure the square and the ruler: both must match a real ruler.",
                     "Hold the paper against a light: each cross on the back should sit on the cross on the front.",
                     "If they do not, measure how far the back crosses sit to the right (dx) and up (dy).",
                     f"Those two distances are the back offset (dx, dy) of this printer on {paper} paper.",
                     "Many printers can shift the back side in their settings: shift it until the crosses meet.",
                     "A printer that cannot shift it: print the fronts and the backs one-sided, and glue them."]
            for i, line in enumerate(lines):
                backend.text(mm(30), H - mm(95) - i * 13, line, font, 9)
        for cx, cy in ((W / 2, H / 2), (mm(40), mm(40)), (W - mm(40), mm(40))):
            x = W - cx if side == "back" and imposition.duplex == "long" else cx
            y = H - cy if side == "back" and imposition.duplex == "short" else cy
            backend.line(x - mm(8), y, x + mm(8), y, "#000000", 0.4)
            backend.line(x, y - mm(8), x, y + mm(8), "#000000", 0.4)
            backend.circle(x, y, mm(4), stroke="#000000", width=0.4)
        backend.end_page()


def paper_label(name: str) -> str:
    """A paper key as printed words: ISO sizes in capitals (a4 -> A4), other names capitalised (Letter)."""
    return name.upper() if name[:1] in "abc" and name[1:].isdigit() else name.capitalize()


def _ruler(backend, x, y, font):
    backend.line(x, y, x + mm(50), y, "#000000", 0.6)
    for i in range(51):
        tall = 4 if i % 10 == 0 else (2.5 if i % 5 == 0 else 1.5)
        backend.line(x + mm(i), y, x + mm(i), y + mm(tall), "#000000", 0.3)
        if i % 10 == 0:
            backend.text(x + mm(i), y - mm(3.5), str(i), font, 6, align="center")
    backend.text(x, y + mm(6), "50 mm ruler", font, 8)
