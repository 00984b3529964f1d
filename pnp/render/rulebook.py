"""The rulebook PDF (reportlab platypus): title page, contents, bookmarks,
the rules with their difficulty colours, the glossary and card reference pages."""
from __future__ import annotations

import io
from pathlib import Path

from reportlab.lib.enums import TA_CENTER
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import (
    BaseDocTemplate,
    Flowable,
    Frame,
    KeepTogether,
    PageBreak,
    PageTemplate,
    Spacer,
    TableStyle,
)
from reportlab.platypus import Paragraph as _Paragraph

from pnp.content.binding import game_icons
from pnp.content.words import language, raw, say
from pnp.defaults.words import ENGLISH, fill, table
from pnp.render.backend import RecordingBackend, Wordless
from pnp.render.card_facts import printed_facts
from pnp.render.cards import DIFFICULTY_COLORS, draw_face, face_size, game_sharing, place_icon, smallest_face_text
from pnp.render.fonts import register, register_all
from pnp.render.legibility import legible_scale, smallest_text
from pnp.render.pdf import PdfBackend, color
from pnp.render.sheets import draw_sheet
from pnp.rules.card_words import card_text
from pnp.rules.figures import figure_kind
from pnp.rules.tree import CODE_MARKUP, PDF_ICON_SPACE, Reference, build_reference, icon_markup, icons_in, render_text
from pnp.rules.tree import pdf_text as esc
from pnp.text.fonts import DEFAULT_FAMILY, chain, font_pieces, string_width

PAPERS = {"a4": A4, "letter": LETTER}
BOOKLET_PAGES = {"a4": (A4[1] / 2, A4[0]), "letter": (LETTER[1] / 2, LETTER[0])}  # A5 and half-letter, portrait
INK = "#1d1d1d"
BUNDLED_BOOK = {**DEFAULT_FAMILY, "heading": DEFAULT_FAMILY["bold"]}  # a bundled font's name is reportlab's name too


# Languages written without spaces between words: their lines break between characters (reportlab's CJK wrapping,
# which also keeps closing punctuation off a line's start); every other language breaks at spaces
CHARACTER_WRAPPED = ("ja", "zh")


def _styles(fonts: dict[str, str] = BUNDLED_BOOK, fallbacks: dict[str, str] | None = None,
            lang: str = "en") -> dict[str, ParagraphStyle]:
    """The book's paragraph styles, in its fonts (pnp.layout.rulebook.RULEBOOK_FONTS, by their reportlab names),
    each knowing the fallback lists those fonts stand first in (book_fallbacks), wrapped as `lang` is written."""
    regular, bold, italic, heading = fonts["regular"], fonts["bold"], fonts["italic"], fonts["heading"]
    # no widows or orphans: a paragraph split across pages leaves at least two of its lines on each side
    wrap = {"wordWrap": "CJK"} if lang.split("-")[0].lower() in CHARACTER_WRAPPED else {}
    base = ParagraphStyle("body", fontName=regular, fontSize=9.5, leading=13, textColor=color(INK), allowWidows=0,
                          allowOrphans=0, **wrap)
    styles = {
        "body": base,
        "title": ParagraphStyle("title", base, fontName=heading, fontSize=30, leading=36, alignment=TA_CENTER),
        "subtitle": ParagraphStyle("subtitle", base, fontName=italic, fontSize=13, leading=18, alignment=TA_CENTER),
        # a heading keeps with what it heads: never alone at the foot of a page
        "h1": ParagraphStyle("h1", base, fontName=heading, fontSize=15, leading=19, spaceBefore=10, spaceAfter=5, keepWithNext=1),
        "h2": ParagraphStyle("h2", base, fontName=heading, fontSize=12, leading=15, spaceBefore=8, spaceAfter=4, keepWithNext=1),
        "example": ParagraphStyle("example", base, fontName=italic, fontSize=8.5, leading=11, leftIndent=12, textColor=color("#444444")),
        "small": ParagraphStyle("small", base, fontSize=7.5, leading=9.5),
        "caption": ParagraphStyle("caption", base, fontName=italic, fontSize=8, leading=10, spaceBefore=4, spaceAfter=2),
        "toc0": ParagraphStyle("toc0", base, fontName=heading, fontSize=10, leading=14),
        "toc1": ParagraphStyle("toc1", base, fontSize=9, leading=12, leftIndent=14),
        "strong": ParagraphStyle("strong", base, fontName=bold),  # a table's header row, a `code` span
    }
    for style in styles.values():  # not a ParagraphStyle's own attribute: a child style does not inherit it
        style.fallbacks = fallbacks or {}
    return styles


def register_book_fonts(fonts: dict[str, str]) -> dict[str, str]:
    """The rulebook's fonts (project.rulebook_fonts) registered with reportlab, by the names its paragraphs know
    them by; the four styles made one family, so that a paragraph's <b> and <i> (emphasis, rule numbers, glossary
    terms) print in the book's bold and italic, and <b> in an italic example in its bold italic. A fallback list
    is known by its first font: the others are registered as the paragraphs reach them (book_fallbacks)."""
    from reportlab.pdfbase import pdfmetrics

    register_all()
    names = {slot: register(chain(font)[0]) for slot, font in fonts.items()}  # reportlab knows one font by a name
    pdfmetrics.registerFontFamily(names["regular"], normal=names["regular"], bold=names["bold"],
                                  italic=names["italic"], boldItalic=names["bolditalic"])
    return names


def book_fallbacks(fonts: dict[str, str], names: dict[str, str]) -> dict[str, str]:
    """The fallback list each of the book's registered fonts stands first in (reportlab's name -> pnp's list),
    for the slots whose font is a list: a paragraph's piece of text set in that font (its style's, or its <b>'s,
    <i>'s, <font name>'s) takes each character from the list. A font first in two lists takes the first slot's
    (RULEBOOK_FONTS order: regular, bold, italic, bolditalic, heading)."""
    fallbacks: dict[str, str] = {}
    for slot, font in fonts.items():
        if len(chain(font)) > 1:
            fallbacks.setdefault(names[slot], font)
    return fallbacks


def fallback_frags(frags: list, fallbacks: dict[str, str]) -> list:
    """A parsed paragraph's fragments cut where a fragment's characters change font: each piece of a fragment set
    in a list's first font (`fallbacks`) in the first font of the list that has its characters, registered with
    reportlab (a list itself is never a font to it). A fragment in any other font, or that draws (an icon, a
    contents leader), is kept as it is."""
    if not fallbacks:
        return frags
    cut = []
    for frag in frags:
        fallback = fallbacks.get(getattr(frag, "fontName", None))
        text = getattr(frag, "text", "")
        if fallback is None or not text or hasattr(frag, "cbDefn"):
            cut.append(frag)
            continue
        pieces = font_pieces(text, fallback)
        if len(pieces) == 1 and pieces[0][0] == chain(fallback)[0]:
            cut.append(frag)
            continue
        cut += [frag.clone(text=piece, fontName=register(font)) for font, piece in pieces]
    return cut


def book_fonts(canvas, registered: bool = True) -> dict[str, str]:
    """The fonts of the rulebook set on `canvas`: by reportlab's names, or as pnp names them (for a backend's
    text); the bundled family for a drawing outside a rulebook."""
    doc = getattr(canvas, "_doctemplate", None)
    return getattr(doc, "fonts" if registered else "pnp_fonts", None) or BUNDLED_BOOK


def pdf_markup(ref: Reference, text: str, styles) -> str:
    """A rules text as a paragraph's markup: its `code` spans in the book's bold (pnp.rules.tree writes them in
    the bundled bold, not knowing the book's fonts; content's own "<" is escaped, so only a span's tag matches)."""
    return render_text(ref, text, "pdf").replace(CODE_MARKUP["pdf"][0], f'<font name="{styles["strong"].fontName}">')


def draw_centred(canvas, x: float, y: float, text: str, font: str, size: float) -> None:
    """A line of text outside any paragraph (a page's footer, a card picture's caption) centred on x, in the
    book's (fallback list) `font` as pnp names it, at `size`: the canvas's font, set by the caller, when that
    font has every character, else each piece in the first font of the list that has it."""
    pieces = font_pieces(text, font) if len(chain(font)) > 1 else [(font, text)]
    if len(pieces) == 1 and pieces[0][0] == chain(font)[0]:
        canvas.drawCentredString(x, y, text)
        return
    drawn = [(register(name), piece) for name, piece in pieces]
    x -= sum(stringWidth(piece, name, size) for name, piece in drawn) / 2
    for name, piece in drawn:
        canvas.setFont(name, size)
        canvas.drawString(x, y, piece)
        x += stringWidth(piece, name, size)


class Paragraph(_Paragraph):
    """reportlab's paragraph, that breaks its lines once per width: a paragraph is measured again and again (to
    split a page, to keep a heading with what follows). Its text set in fallback lists (its style's `fallbacks`,
    book_fallbacks): each character in the first font of the list that has it."""

    def _setup(self, text, style, bulletText, frags, cleaner):
        parsed = frags is None  # a paragraph split from another is given its fragments, cut already
        super()._setup(text, style, bulletText, frags, cleaner)
        if parsed:
            self.frags = fallback_frags(self.frags, getattr(style, "fallbacks", None) or {})

    def wrap(self, availWidth, availHeight):
        wraps = self.__dict__.setdefault("_wraps", {})
        if availWidth in wraps:
            self.width, self.height, self.blPara, self._wrapWidths = wraps[availWidth]
            return self.width, self.height
        size = super().wrap(availWidth, availHeight)
        if "blPara" in self.__dict__:  # measured (a width too narrow to hold anything is not)
            wraps[availWidth] = (self.width, self.height, self.blPara, self._wrapWidths)
        return size


class Heading(Paragraph):
    """A title that becomes a bookmark and a contents entry. `plain` is its text as content wrote it: the
    heading, the contents line and the bookmark each escape it for themselves, so no title is ever markup."""

    def __init__(self, plain: str, style, key, level, linked: bool = True):
        super().__init__(f'<a name="{key}"/>{esc(plain)}' if linked else esc(plain), style)  # linked: {rule:...} links land here
        self.key, self.level, self.plain = key, level, plain


class DottedRule(Flowable):
    """A numbered rule with its difficulty dot in the left margin."""

    def __init__(self, paragraph: Paragraph, difficulty: str | None):
        super().__init__()
        self.paragraph, self.difficulty, self.indent = paragraph, difficulty, 14

    def wrap(self, width, height):
        w, h = self.paragraph.wrap(width - self.indent, height)
        self.height = h
        return width, h

    def split(self, width, height):
        frame = getattr(self, "_frame", None)
        if frame is None or not frame._atTop:
            return []  # a rule that does not fit moves whole to the next frame...
        # ...unless it is taller than a whole frame: then its text runs on, the dot beside its first lines
        parts = self.paragraph.split(width - self.indent, height)
        if len(parts) < 2:
            return []
        return [DottedRule(parts[0], self.difficulty)] + [DottedRule(part, None) for part in parts[1:]]

    def draw(self):
        if self.difficulty:
            self.canv.setFillColor(color(DIFFICULTY_COLORS[self.difficulty]))
            self.canv.circle(4, self.height - 6.5, 3.2, stroke=0, fill=1)
        self.paragraph.drawOn(self.canv, self.indent, 0)


class CardPicture(Flowable):
    """A card face drawn by the card renderer itself, scaled, with its name below."""

    def __init__(self, project, face, scale: float, caption: str, anchor: str):
        super().__init__()
        self.project, self.face, self.scale_by = project, face, scale
        self.size = size = face_size(face, project.layout)  # the card's own size: decks may differ
        self.card_w, self.card_h = size.width * scale, size.height * scale
        self.caption, self.anchor = caption, anchor

    def wrap(self, width, height):
        return self.card_w, self.card_h + 12

    def draw(self):
        canvas = self.canv
        backend = getattr(canvas, "_pnp_backend", None) or PdfBackend(canvas)
        canvas._pnp_backend = backend
        canvas.bookmarkHorizontal(self.anchor, 0, self.card_h + 12)
        size = self.size
        canvas.saveState()
        canvas.translate(0, 12)
        canvas.scale(self.scale_by, self.scale_by)
        backend.clip_rect(0, 0, size.width, size.height)
        draw_face(backend, self.face, self.project.layout, self.project.game.emblems, -size.bleed, -size.bleed)
        canvas.restoreState()
        canvas.setFont(book_fonts(canvas)["regular"], 6.5)
        canvas.setFillColor(color(INK))
        draw_centred(canvas, self.card_w / 2, 3, self.caption[:48], book_fonts(canvas, registered=False)["regular"], 6.5)


class Picture(Flowable):
    """A drawing pictured in the rulebook (a rule's figure, a whole sheet), as large as it fits up to its printed
    size and never so small that its smallest text prints under LEGIBLE_PT: the least scale comes from what the
    drawing prints (pnp.render.legibility). At the foot of a page it shrinks into the space left while that
    keeps it legible, so no page ends half empty before a figure that would have fit there (KeepWithPicture
    tells it the room). `window` draws one part of it (x, y, w, h in its own units: a detail view), `turned` a
    quarter turn, to use the page's length."""

    def __init__(self, natural, draw, least: float, most: float, frame, window=None, turned: bool = False,
                 pad: float = 0.0, windows=()):
        super().__init__()
        # a drawing whose text is under LEGIBLE_PT even at its printed size is pictured larger than printed
        self.natural, self.draw_at, self.least, self.most = natural, draw, least, max(most, least)
        self.frame_w, self.frame_h = frame
        self.window = window or (0.0, 0.0, natural[0], natural[1])
        self.turned, self.pad = turned, pad
        self.windows = list(windows)  # an overview's detail windows, outlined and numbered on it
        self.room = None  # the height the group it heads leaves it on this page, when KeepWithPicture knows it
        self.scale_by = self.preferred()

    def shown(self, scale: float) -> tuple[float, float]:
        w, h = self.window[2] * scale, self.window[3] * scale
        return ((h, w) if self.turned else (w, h))

    def preferred(self) -> float:
        """As large as the frame allows, up to the drawing's printed size (`most`)."""
        w, h = self.shown(1.0)
        return min(self.most, (self.frame_w - self.pad) / w, (self.frame_h - self.pad) / h)

    def least_height(self) -> float:
        return self.shown(self.least)[1] + self.pad

    def wrap(self, width, height):
        scale = self.preferred()
        room = self.room if self.room is not None else height
        if self.shown(scale)[1] + self.pad > room:  # too tall for the space left: smaller, if that stays legible
            smaller = (room - self.pad) / self.shown(1.0)[1]
            if smaller >= self.least:
                scale = smaller
        self.scale_by = scale
        w, h = self.shown(scale)
        return w + self.pad, h + self.pad

    def draw(self):
        canvas = self.canv
        backend = getattr(canvas, "_pnp_backend", None) or PdfBackend(canvas)
        canvas._pnp_backend = backend
        x, y, w, h = self.window
        shown_w, shown_h = self.shown(self.scale_by)
        canvas.saveState()
        canvas.translate(self.pad / 2, self.pad / 2)
        if self.turned:  # a quarter turn: the drawing's top to the page's left edge (turn the book to read it)
            canvas.translate(shown_w, 0)
            canvas.rotate(90)
        canvas.scale(self.scale_by, self.scale_by)
        canvas.translate(-x, -y)
        backend.clip_rect(x, y, w, h)
        self.draw_at(backend)
        self._outline_windows(backend)
        canvas.restoreState()
        if self.window != (0.0, 0.0, self.natural[0], self.natural[1]):
            canvas.setStrokeColor(color("#9aa5b1"))
            canvas.rect(self.pad / 2, self.pad / 2, shown_w, shown_h, stroke=1, fill=0)


    def _outline_windows(self, backend) -> None:
        """Each detail's window outlined, its number in its corner at NUMBER_PT as printed."""
        size, bold = NUMBER_PT / self.scale_by, book_fonts(self.canv, registered=False)["bold"]
        for number, (x, y, w, h) in enumerate(self.windows, start=1):
            backend.rect(x, y, w, h, stroke=OUTLINE, width=1.2 / self.scale_by)
            backend.rect(x, y + h - size * 1.5, size * (0.8 + 0.65 * len(str(number))), size * 1.5, fill=OUTLINE)
            backend.text(x + size * 0.4, y + h - size * 1.15, str(number), bold, size, "#ffffff")


NUMBER_PT, OUTLINE = 9.0, "#c0392b"


class KeepWithPicture(KeepTogether):
    """What heads a picture (a heading, a rule's text) kept on one page with it, the picture told the room the
    rest leaves it, so it can shrink into the foot of a page rather than leave the page half empty."""

    def wrap(self, aW, aH):
        from reportlab.platypus.flowables import _listWrapOn

        pictures = [f for f in self._content if isinstance(f, Picture)]
        # what the rest takes, the space between it and the pictures included (a heading's spaceAfter)
        whole = _listWrapOn(self._content, aW, self.canv)[1]
        used = whole - sum(p.wrap(aW, 0xfffffff)[1] for p in pictures)  # as _listWrapOn wraps them
        for picture in pictures:
            picture.room = aH - used - 0.5
        try:
            return super().wrap(aW, aH)
        finally:
            for picture in pictures:
                picture.room = None


def pictures(natural, draw, frame, most: float = 1.0, pad: float = 0.0, caption=None, styles=None, game=None) -> list:
    """A drawing as rulebook flowables: whole, upright if it stays legible in the frame, else turned a quarter
    turn, else an overview of the whole without its words followed by detail views, each legible (a sheet too
    large for a page's width at a readable size is shown in parts, as a publisher's rulebook shows a board's
    corners)."""
    smallest = smallest_text(draw)
    least = legible_scale(smallest)
    whole = Picture(natural, draw, least, most, frame, pad=pad)
    if whole.preferred() >= least:
        return [whole]
    turned = Picture(natural, draw, least, most, frame, turned=True, pad=pad)
    if turned.preferred() >= least:
        return [turned]
    return _details(natural, draw, least, frame, pad, caption, styles, game)


CAPTION_ROOM = 24  # the height a detail's caption takes above it
OVERLAP = 0.06  # each detail shows a strip of its neighbour, so nothing cut at an edge is lost
CUT_ROOM = 0.1  # how far (of a window) a cut may move off the even grid to pass between words, room allowing


def _details(natural, draw, least, frame, pad, caption, styles, game=None) -> list:
    """The drawing once whole and wordless ("Overview", each detail's window outlined and numbered), then cut
    into a grid of overlapping windows at their legible size, as many to a page as fit, each kept with its
    caption saying where it lies. The cuts pass between words where they can."""
    cols, rows, turned = _grid(natural, least, frame, pad)
    frame_w, frame_h = frame[0] - pad, frame[1] - pad - CAPTION_ROOM
    most_w, most_h = ((frame_h, frame_w) if turned else (frame_w, frame_h))
    most_w, most_h = most_w / least, most_h / least  # the longest window, in the drawing's units
    words = _word_boxes(draw)
    row_spans = _cuts(natural[1], rows, most_h, [(b[1], b[3]) for b in words])[::-1]  # the top row first
    windows = []
    for y0, y1 in row_spans:
        in_row = [(b[0], b[2]) for b in words if b[3] > y0 and b[1] < y1]
        windows += [(x0, y0, x1 - x0, y1 - y0) for x0, x1 in _cuts(natural[0], cols, most_w, in_row)]
    label = caption + ", " if caption else ""
    word = (lambda key: raw(game, key)) if game is not None else table(ENGLISH).get  # pnp's words, in the game's language
    # the whole, as large as fits, turned as the details are (so the reader finds each one where the overview
    # shows it); without its words, which would print too small to read
    overview = Picture(natural, lambda b: draw(Wordless(b)), 0.0, 1.0, (frame[0], frame[1] - CAPTION_ROOM),
                       turned=turned, pad=pad, windows=windows)
    flow = [KeepTogether([Paragraph(esc(label + fill(word("overview"), {"count": len(windows)})),
                                    styles["caption"]), overview])]
    for number, window in enumerate(windows, start=1):
        row, col = divmod(number - 1, cols)
        where = _where(row, rows, col, cols, word)
        part = Picture(natural, draw, least, least, (frame[0], frame[1] - CAPTION_ROOM), window=window,
                       turned=turned, pad=pad)
        flow.append(KeepTogether([Paragraph(esc(label + fill(word("detail"), {"number": number, "count": len(windows), "where": where})),
                                            styles["caption"]), part]))
    return flow


def _grid(natural, least, frame, pad) -> tuple[int, int, bool]:
    """The detail grid (columns, rows, turned) that takes the fewest pages, then the fewest windows: each window
    legible at `least`, as many to a page as fit under one another."""
    import math

    page_h = frame[1]
    best = None
    for turned in (False, True):
        across, down = (frame[1] - pad - CAPTION_ROOM, frame[0] - pad) if turned else (frame[0] - pad, frame[1] - pad - CAPTION_ROOM)
        fewest_cols, fewest_rows = _parts(natural[0] * least, across), _parts(natural[1] * least, down)
        for cols in range(fewest_cols, fewest_cols + 4):
            for rows in range(fewest_rows, fewest_rows + 4):
                window = _window(natural, cols, rows, least, turned)
                per_page = max(1, int(page_h // (window + pad + CAPTION_ROOM)))
                cost = (math.ceil(cols * rows / per_page), cols * rows)
                if best is None or cost < best[0]:
                    best = (cost, (cols, rows, turned))
    return best[1]


def _window(natural, cols, rows, least, turned) -> float:
    """How tall a detail of the grid stands on the page at `least`, its overlap included."""
    w, h = natural[0] / cols, natural[1] / rows
    w, h = w + (w * OVERLAP if cols > 1 else 0), h + (h * OVERLAP if rows > 1 else 0)
    return (w if turned else h) * least


def _parts(length: float, page: float) -> int:
    """How many overlapping windows a length needs, at the least, to fit a page."""
    import math

    return max(1, math.ceil(length / (page * (1 - OVERLAP))))


def _word_boxes(draw) -> list[tuple[float, float, float, float]]:
    """Where the drawing prints each word, in its own units: a recording of it, each text's box shared among its
    words by their share of its width as set in Vera (along its longer side: a line may run up the drawing)."""
    backend = RecordingBackend()
    draw(backend)
    boxes = []
    for d in (d for d in backend.drawn if d.kind == "text"):
        along_x = d.x1 - d.x0 >= d.y1 - d.y0
        start, length = (d.x0, d.x1 - d.x0) if along_x else (d.y0, d.y1 - d.y0)
        total, at = max(1e-6, string_width(d.text, "Vera", 10)), 0
        for word in d.text.split(" "):
            wide = string_width(word, "Vera", 10)
            a, b = start + length * at / total, start + length * (at + wide) / total
            boxes.append((a, d.y0, b, d.y1) if along_x else (d.x0, a, d.x1, b))
            at += wide + string_width(" ", "Vera", 10)
    return boxes


def _cuts(length: float, parts: int, most: float, words: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """`parts` overlapping spans covering 0..length, none longer than `most`. Each edge is placed, within the
    room the spans leave, where it crosses no word (words as (start, end) along the length), as near the even
    grid as it can; the even grid's edge where none is clear. Neighbours always overlap, so nothing is lost."""
    if parts == 1:
        return [(0.0, length)]
    step = length / parts
    overlap = step * OVERLAP / 2  # each side of a cut, on the even grid

    def clear(edge):
        return not any(start - 0.5 < edge < end + 0.5 for start, end in words)

    def nearest_clear(aim, lowest, highest):
        tries = sorted((aim + d for d in _steps(step * CUT_ROOM, 0.5)), key=lambda e: abs(e - aim))
        return next((e for e in tries if lowest <= e <= highest and clear(e)), min(max(aim, lowest), highest))

    spans, start = [], 0.0
    for k in range(1, parts):
        rest = parts - k  # windows still to place after this one
        end = nearest_clear(k * step + overlap, max(length - rest * (most - 2 * overlap), start + overlap),
                            min(start + most, length))
        spans.append((start, end))
        start = nearest_clear(end - 2 * overlap, max(start, end - most / 2), end - 1)
    spans.append((start, length))
    return spans


def _steps(room: float, by: float = 1.0):
    """Offsets from 0 out to +-room, `by` apart."""
    n = int(room / by)
    return [i * by for i in range(-n, n + 1)]


def _where(row, rows, col, cols, word=table(ENGLISH).get) -> str:
    """'top left', 'bottom', 'middle right'...: where a detail lies in the whole, in `word`'s language."""
    vertical = (["top", "bottom"] if rows == 2 else ["top", "middle", "bottom"] if rows == 3 else None)
    across = (["left", "right"] if cols == 2 else ["left", "centre", "right"] if cols == 3 else None)
    vertical = [word(w) for w in vertical] if vertical else [fill(word("row"), {"number": r + 1}) for r in range(rows)]
    across = [word(w) for w in across] if across else [fill(word("column"), {"number": c + 1}) for c in range(cols)]
    parts = ([vertical[row]] if rows > 1 else []) + ([across[col]] if cols > 1 else [])
    return " ".join(parts) or word("whole")


def figure_flowables(game, figure: dict, frame, styles) -> list:
    """A rule's figure, drawn by the game's own figure kind from its data."""
    kind = figure_kind(game, figure)
    return pictures(kind.size(figure, game), lambda b: kind.draw(b, figure, game, 0.0, 0.0), frame, pad=8, game=game,
                    styles=styles)


class CardRow(Flowable):
    """Cards side by side, `gap` apart; `spread` points into each margin the row may take (the cover's showcase),
    the row centred on the page."""

    def __init__(self, pictures, gap, spread: float = 0.0):
        super().__init__()
        self.pictures, self.gap, self.spread = pictures, gap, spread

    def wrap(self, width, height):
        self.height = max(p.wrap(width, height)[1] for p in self.pictures)
        self.frame_width = width
        return width, self.height

    def draw(self):
        row = sum(p.card_w for p in self.pictures) + self.gap * (len(self.pictures) - 1)
        x = (self.frame_width - row) / 2 if self.spread else 0
        for picture in self.pictures:
            picture.drawOn(self.canv, x, self.height - picture.wrap(0, 0)[1])
            x += picture.card_w + self.gap


class RulebookTemplate(BaseDocTemplate):
    """The book, set in one pass: its contents page is laid out from the headings the story holds, and the page
    numbers it shows are filled in once the last page is set (pnp.render.rulebook.Contents)."""

    def __init__(self, path, pagesize, title, margin: float = 18 * mm, fonts: dict[str, str] = BUNDLED_BOOK,
                 pnp_fonts: dict[str, str] = BUNDLED_BOOK):
        super().__init__(path if hasattr(path, "write") else str(path), pagesize=pagesize, invariant=1,
                         initialFontName=fonts["regular"], title=title, author="pnp", creator="pnp", leftMargin=margin,
                         rightMargin=margin, topMargin=margin, bottomMargin=margin)
        frame = Frame(self.leftMargin, self.bottomMargin, self.width, self.height, id="body")
        self.addPageTemplates([PageTemplate("page", [frame], onPage=self._footer)])
        self.book_title = title
        self.fonts, self.pnp_fonts = fonts, pnp_fonts  # the book's fonts: reportlab's names, pnp's (register_book_fonts)
        self.game = None  # set by _write_rulebook: the game whose icons the text may show
        self.icons = None  # its icons as pnp.content.binding.game_icons gives them, at the first one drawn
        self.contents = Contents([], [])  # set by _write_rulebook: the contents of the book's headings
        self.sharing = None  # set by _write_rulebook for a game with cards: its faces' forms, shared (form_reuse)
        self.headings_set: list = []  # (key, page) of each heading, in the order they were set

    def _footer(self, canvas, doc):
        canvas.saveState()
        canvas.setFont(self.fonts["regular"], 8)
        canvas.setFillColor(color("#666666"))
        footer = say(self.game, "page", title=self.book_title, page=doc.page) if self.game is not None else \
            f"{self.book_title} · page {doc.page}"
        draw_centred(canvas, doc.pagesize[0] / 2, 10 * mm, footer, self.pnp_fonts["regular"], 8)
        canvas.restoreState()

    def _draw_icon(self, canvas, kind, name):
        """An inline icon ({heat} in a rule's text, pnp.rules.tree.icon_markup): drawn where the text stands, in
        the room its four no-break spaces keep, a font size square."""
        info = canvas._curr_tx_info
        size = info["xs"].style.fontSize
        # measured as the paragraph measured it: by reportlab, in the font it knows by this name (a project's font
        # file is registered under a name of reportlab's, which pnp's own metrics do not know)
        room = stringWidth(PDF_ICON_SPACE, info["xs"].style.fontName, size)
        backend = getattr(canvas, "_pnp_backend", None) or PdfBackend(canvas)
        canvas._pnp_backend = backend  # one backend per canvas: its symbols (forms) are named once
        if self.icons is None:  # the game's icons, found once per document: each use is a lookup, not a search
            self.icons = game_icons(self.game)
        place_icon(backend, self.icons[name], self.game.emblems, info["cur_x"] + (room - size) / 2,
                   info["cur_y"] - size * 0.16, size)

    def afterFlowable(self, flowable):
        if isinstance(flowable, Heading):
            self.canv.bookmarkPage(flowable.key)
            self.canv.addOutlineEntry(flowable.plain, flowable.key, flowable.level, closed=flowable.level > 0)
            self.headings_set.append((flowable.key, self.page))

    def beforeDocument(self):
        if self.sharing is not None:  # settled before the first page: the card pictures reuse the decks' forms
            self.canv._pnp_backend = PdfBackend(self.canv, sharing=self.sharing)
        self.canv.setNamedCB("pnp-icon", self._draw_icon)
        self.canv.setNamedCB(Contents.CALLBACK, Contents.draw_leader)
        self.headings_set = []

    def _endBuild(self):
        # the contents' page numbers are drawn before the pages they name are set: they are filled in here, before
        # the file is written
        self._doSave = 0
        super()._endBuild()
        self.contents.fill_in(self.canv, self.headings_set)
        self.canv.save()


def rulebook_pdf(project, difficulty, paper: str, path: Path, booklet: bool = False) -> None:
    """The rulebook on `paper`; or, as a booklet, on half-size pages imposed two to a side of `paper`
    (print double-sided, flipping on the short edge, fold and staple)."""
    ref = build_reference(project.game, difficulty)
    ref.facts = printed_facts(project)  # the card reference states all a face prints
    if booklet:
        from pnp.render.booklet import impose

        pages = io.BytesIO()
        _write_rulebook(project, ref, BOOKLET_PAGES[paper], 12 * mm, pages)
        impose(pages.getvalue(), PAPERS[paper], path)
    else:
        _write_rulebook(project, ref, PAPERS[paper], 18 * mm, path)


def _write_rulebook(project, ref: Reference, pagesize, margin: float, target) -> None:
    fonts = project.rulebook_fonts
    names = register_book_fonts(fonts)
    styles = _styles(names, book_fallbacks(fonts, names), language(project.game))
    doc = RulebookTemplate(target, pagesize, say(project.game, "rulebook", title=ref.title), margin, names, fonts)
    doc.game = project.game
    doc.sharing = game_sharing(project) if project.game.decks else None
    body = _rules(ref, styles, (doc.width, doc.height)) + _glossary(ref, styles)
    if project.game.sheets:
        body += _sheet_pages(project, styles, doc.width, doc.height)
    if project.game.decks:
        body += _card_pages(project, ref, styles, doc.width)
    doc.contents = Contents(list(headings(body)), [styles["toc0"], styles["toc1"]])
    doc.build(_title_page(project, ref, styles, doc.width, doc.height, margin) + _contents(project.game, doc.contents, styles)
              + body)


def sheet_flowables(project, sheet_id: str, frame, styles, caption=None, wordless: bool = False) -> list:
    """A whole game sheet, drawn by its own renderers, as large as the frame allows up to its printed size;
    `wordless`: its shapes without its words (a preview too small to read, as on the cover)."""
    layout = project.sheet_layouts[sheet_id]

    def draw(backend):
        backend.rect(-4, -4, layout.width + 8, layout.height + 8, stroke="#9aa5b1", width=0.5)
        draw_sheet(Wordless(backend) if wordless else backend, project, sheet_id, 0, layout.height)

    return pictures((layout.width, layout.height), draw, frame, pad=8, caption=caption, styles=styles,
                    game=project.game)


def _sheet_pages(project, styles, width, height) -> list:
    """Each sheet pictured whole (or in legible details), then its dice tables and score formula as reference
    tables. No page break before a sheet: a sheet that fits the rest of a page at a legible size goes there."""
    from pnp.model.sheet import ScoreTerm, TableRow

    flow, game = [], project.game
    for sheet_id, sheet in project.game.sheets.items():
        heading = Heading(sheet.model.name, styles["h1"], f"sheet-{sheet_id}", 0)
        shown = sheet_flowables(project, sheet_id, (width, height - 40), styles, sheet.model.name)
        if len(shown) == 1:
            flow.append(KeepWithPicture([heading] + shown))
        else:  # its overview kept with its heading, then its details, as many to a page as fit
            flow += [KeepTogether([heading, shown[0]])] + shown[1:]
        for name in type(sheet.model).model_fields:
            value = getattr(sheet.model, name)
            if isinstance(value, list) and value and isinstance(value[0], TableRow):
                rows = [[Paragraph(f"<b>{r.roll}</b>", styles["body"]), Paragraph(f"<b>{esc(r.name)}</b>", styles["body"]),
                         Paragraph(esc(r.text), styles["body"])] for r in sorted(value, key=lambda r: r.roll)]
                heading = Heading(say(game, "table", name=name.title()), styles["h2"], f"sheet-{sheet_id}-{name}", 1,
                                  linked=False)
                header = [say(game, "roll"), say(game, "result"), say(game, "what-happens")]
                flow.append(KeepTogether([heading, _table([header] + rows, [0.1, 0.3, 0.6], width, styles)]))
            elif isinstance(value, list) and value and isinstance(value[0], ScoreTerm):
                rows = [[Paragraph(esc(t.label), styles["body"]),
                         say(game, "points-per", points=f"{t.points:+d}", per=t.per) if t.per > 1 else f"{t.points:+d}"]
                        for t in value]
                heading = Heading(say(game, "scoring"), styles["h2"], f"sheet-{sheet_id}-score", 1, linked=False)
                header = [say(game, "score-for"), say(game, "points")]
                flow.append(KeepTogether([heading, _table([header] + rows, [0.75, 0.25], width, styles)]))
    return flow


def _table(rows, fractions, width, styles):
    from reportlab.platypus import Table

    regular, bold = styles["body"].fontName, styles["strong"].fontName
    if styles["body"].fallbacks:  # a plain cell is drawn in one font: one in a fallback list's is a paragraph
        rows = [[Paragraph(esc(cell), styles["strong" if index == 0 else "body"]) if isinstance(cell, str) else cell
                 for cell in row] for index, row in enumerate(rows)]
    table = Table(rows, colWidths=[f * width for f in fractions], repeatRows=1)
    table.setStyle(TableStyle([("FONT", (0, 0), (-1, -1), regular, 9), ("FONT", (0, 0), (-1, 0), bold, 9),
                               ("VALIGN", (0, 0), (-1, -1), "TOP"), ("GRID", (0, 0), (-1, -1), 0.4, color("#9aa5b1")),
                               ("BACKGROUND", (0, 0), (-1, 0), color("#edf2f6"))]))
    return table


# How close to the paper's edge the cover's showcase cards may come, and the gap between them: they may spread
# into the page margins, so that three poker cards stand in one row at full size on A4 (3 x 63.5 + 2 x 3 mm
# = 196.5 mm of 210) and Letter, still clear of what home printers cannot print (5 mm).
COVER_EDGE, COVER_GAP = 6 * mm, 3 * mm


def _title_page(project, ref, styles, width: float, height: float, margin: float = 0.0) -> list:
    """Title and tagline, the cards and sheets game.yaml showcases, and what each difficulty colour adds."""
    game = project.game
    flow = [Spacer(1, min(40 * mm, 0.16 * height)), Paragraph(esc(ref.title), styles["title"]), Spacer(1, 6 * mm),
            Paragraph(esc(game.manifest.tagline), styles["subtitle"]), Spacer(1, 4 * mm)]
    if ref.difficulty:
        flow.append(Paragraph(_said(game, "rules-up-to", level=esc(say(game, ref.difficulty.value))), styles["subtitle"]))
    shown = {r.card.id for r in ref.cards()}
    cards = [game.card(name) for name in game.manifest.rulebook.showcase if name in shown]
    if cards:
        flow += _showcase(project, cards, width, max(0.0, margin - COVER_EDGE))
    if game.manifest.difficulty_levels:
        flow += [Spacer(1, 12 * mm), Paragraph(_said(game, "difficulty-colour"), styles["body"])]
        for level, meaning in game.manifest.difficulty_levels.items():
            line = _said(game, "label-text", label=f"<b>{esc(say(game, level.value))}</b>", text=esc(meaning))
            flow.append(DottedRule(Paragraph(line, styles["body"]), level.value))
    for sheet_id in (name for name in game.manifest.rulebook.showcase if name in game.sheets):
        frame = (min(120 * mm, width), min(150 * mm, 0.5 * height))
        shown = sheet_flowables(project, sheet_id, frame, styles)
        if len(shown) != 1:  # not legible at cover size: its shapes as a preview, its words on its own pages
            shown = sheet_flowables(project, sheet_id, frame, styles, wordless=True)
        flow += [Spacer(1, 10 * mm)] + shown
    flow.append(PageBreak())
    return flow


def _showcase(project, cards, width: float, spread: float) -> list:
    """The cover's cards at a legible size: one row if it fits (into `spread` of each margin if need be), else
    as few rows as it takes."""
    faces = {r.card.id: project.faces.fronts[r.card.id] for r in cards}
    widths = {card_id: face_size(face, project.layout).width for card_id, face in faces.items()}
    least = legible_card_scale(project, list(faces.values()))

    def row_width(row):
        return sum(widths[r.card.id] for r in row)

    per_row = len(cards)
    while per_row > 1 and any(least * row_width(cards[i:i + per_row]) + COVER_GAP * (per_row - 1) > width + 2 * spread
                              for i in range(0, len(cards), per_row)):
        per_row -= 1
    rows = [cards[i:i + per_row] for i in range(0, len(cards), per_row)]
    scale = max(least, min(0.8, (width - COVER_GAP * (per_row - 1)) / max(map(row_width, rows))))  # text width if legible
    flow = []
    for row in rows:
        flow += [Spacer(1, 14 * mm if row is rows[0] else 6 * mm),
                 CardRow([CardPicture(project, faces[r.card.id], scale, r.card.name, f"cover-{r.card.id}") for r in row],
                         COVER_GAP, spread)]
    return flow


def _contents(game, contents, styles) -> list:
    return [Paragraph(esc(say(game, "contents")), styles["h1"]), contents, PageBreak()]


def headings(flowables):
    """Every Heading in a story, in order, those inside flowables kept together included."""
    for flowable in flowables:
        if isinstance(flowable, Heading):
            yield flowable
        else:
            yield from headings(getattr(flowable, "_content", ()))


class Contents(Flowable):
    """The contents: a line per heading, its title linked to it, a dotted leader and its page number.

    Set in the book's one pass. Its lines hold the titles only, so they take the room they will take whatever the
    page numbers; each line's leader and number are a form placed where they belong and defined at the end, once
    every page is set (a book needs no second pass to learn its page numbers)."""

    CALLBACK = "pnp-contents"
    COLUMN = "999"  # the link over a line's page number covers the room of three digits

    def __init__(self, entries: list, level_styles: list):
        super().__init__()
        self.entries, self.level_styles = entries, level_styles
        self.width, self.table = None, None
        self.leaders = {}  # line -> (where its title ends, where its number ends), as drawn

    def _lines(self, width):
        """The lines as a one-column table the frame's width wide (as reportlab's TableOfContents sets them)."""
        from reportlab.platypus import Table

        if self.width != width:
            rows = []
            for index, heading in enumerate(self.entries):
                style = self.level_styles[heading.level]
                if style.spaceBefore:
                    rows.append([Spacer(1, style.spaceBefore)])
                rows.append([Paragraph(f'<a href="#{heading.key}">{esc(heading.plain)}</a>'
                                       f'<onDraw name="{self.CALLBACK}" label="{index}"/>', style)])
            style = TableStyle([("FONT", (0, 0), (-1, -1), self.level_styles[-1].fontName), ("VALIGN", (0, 0), (-1, -1), "TOP"),
                                ("LEFTPADDING", (0, 0), (-1, -1), 0), ("RIGHTPADDING", (0, 0), (-1, -1), 0)])
            self.width, self.table = width, Table(rows or [[""]], colWidths=(width,), style=style)
        return self.table

    def wrap(self, width, height):
        return self._lines(width).wrapOn(self.canv, width, height)

    def split(self, width, height):
        return self._lines(width).splitOn(self.canv, width, height)

    def drawOn(self, canvas, x, y, _sW=0):
        self.table.drawOn(canvas, x, y, _sW)

    @staticmethod
    def draw_leader(canvas, kind, label):
        """At the end of a contents line's title: its leader and page number (a form, filled in at the end) and a
        link over the page number's column."""
        contents = canvas._doctemplate.contents
        index = int(label)
        heading = contents.entries[index]
        style = contents.level_styles[heading.level]
        x, y = canvas._curr_tx_info["cur_x"], canvas._curr_tx_info["cur_y"]
        contents.leaders[index] = (x, contents.width)
        canvas.saveState()
        canvas.translate(0, y)
        canvas.doForm(f"ContentsLine{index}")
        canvas.restoreState()
        column = stringWidth(Contents.COLUMN, style.fontName, style.fontSize)
        canvas.linkRect("", heading.key, (contents.width - column, y, contents.width, y + style.leading), relative=1)

    def fill_in(self, canvas, headings_set: list) -> None:
        """Each line's leader and page number, now that every heading is set: the number right-aligned at the
        line's end, the dots running up to it (as reportlab's TableOfContents draws them)."""
        if [key for key, _ in headings_set] != [heading.key for heading in self.entries] or len(self.leaders) != len(self.entries):
            raise RuntimeError("the rulebook's contents and the headings it set are out of step")
        dot = " . "
        for index, (heading, (_, page)) in enumerate(zip(self.entries, headings_set)):
            style = self.level_styles[heading.level]
            x, end = self.leaders[index]
            number = str(page)
            width, dot_width = (stringWidth(t, style.fontName, style.fontSize) for t in (number, dot))
            dots = max(0, int((end - x - width) / dot_width))
            canvas.beginForm(f"ContentsLine{index}", x, -style.fontSize, end, style.leading)
            text = canvas.beginText(end - dots * dot_width - width, 0)
            text.setFont(style.fontName, style.fontSize)
            text.setFillColor(style.textColor)
            text.textLine(dots * dot + number)
            canvas.drawText(text)
            canvas.endForm()


def _rules(ref: Reference, styles, frame) -> list:
    flow = []
    if ref.intro:
        flow.append(Paragraph(pdf_markup(ref, ref.intro, styles), styles["body"]))
    heading = []  # a section's heading (and its words) waits for the section's first rule, to be kept with it
    for node in ref.walk():
        if node.kind == "section":
            level = min(node.depth, 1)
            variant = f" ({say(ref.game, 'variant')})" if node.variant else ""
            heading.append(Heading(f"{node.number} {node.title}{variant}", styles["h1" if level == 0 else "h2"],
                                   f"rule-{node.id}", level))
            if node.text:
                heading.append(Paragraph(pdf_markup(ref, node.text, styles), styles["body"]))
            continue
        text = f'<a name="rule-{node.id}"/><b>{node.number}</b>  {pdf_markup(ref, node.text, styles)}'
        parts = [DottedRule(Paragraph(text, styles["body"]), node.difficulty), Spacer(1, 3)]
        if node.example:
            parts.insert(1, Paragraph(_said(ref.game, "example") + " " + pdf_markup(ref, node.example, styles), styles["example"]))
        figure = figure_flowables(ref.game, node.figure, frame, styles) if figure_kind(ref.game, node.figure) else []
        if len(figure) == 1:  # the figure kept with its rule, shrinking into the foot of a page while legible
            flow.append(KeepWithPicture(heading + parts[:-1] + figure + parts[-1:]))
        else:  # never a heading alone at the foot of a page; a figure in details follows its rule
            flow += [KeepTogether(heading + parts)] + figure
        heading = []
    return flow + heading


def _glossary(ref: Reference, styles) -> list:
    game = ref.game
    flow = [PageBreak(), Heading(say(game, "glossary"), styles["h1"], "glossary", 0)]
    for entry in ref.glossary:
        cards = _and_more(game, [f'<a href="#card-{c}" color="#1f4f8a">{esc(game.card(c).card.name)}</a>'
                                 for c in entry.cards], 12, ", ")
        used = f"<br/><font size=7.5>{_said(game, 'cards')} {cards}</font>" if entry.cards else ""
        if entry.places:
            shown = _and_more(game, [esc(place) for place in entry.places], 8, "; ")
            used += f"<br/><font size=7.5>{_said(game, 'on-the-sheet')} {shown}</font>"
        icon = icon_markup(ref, entry.icon, "pdf") if entry.icon else ""
        term = _said(game, "label-text", label=f"{icon}<b>{esc(entry.term)}</b>", text=pdf_markup(ref, entry.text, styles))
        flow.append(Paragraph(f'<a name="term-{entry.id}"/>{term}{used}', styles["body"]))
        flow.append(Spacer(1, 4))
    return flow


def _said(game, key: str, **markup) -> str:
    """pnp's word `key` in the game's language as paragraph markup: the word escaped, its slots filled with
    `markup` (escaped already)."""
    return fill(esc(raw(game, key)), markup)


def _and_more(game, items: list[str], shown: int, between: str) -> str:
    """The first `shown` items, then how many more ("... and 3 more") in the game's words."""
    listed = between.join(items[:shown])
    return _said(game, "and-more", list=listed, count=len(items) - shown) if len(items) > shown else listed


def legible_card_scale(project, faces) -> float:
    """The least scale at which every one of `faces` prints its smallest text at LEGIBLE_PT, measured from what
    the face draws (a layout that raises a size lowers it), rounded up to a whole percent."""
    import math

    need = max((legible_scale(smallest_face_text(f, project.layout, project.game.emblems)) for f in faces), default=0.0)
    return math.ceil(need * 100 - 1e-6) / 100


def _card_pages(project, ref: Reference, styles, width) -> list:
    game = project.game
    flow = [PageBreak(), Heading(say(game, "card-reference"), styles["h1"], "cards", 0)]
    gap = 6
    shown = {c.card.id for c in ref.cards()}
    for deck in project.game.decks.values():
        records = [r for r in deck.cards if r.card.id in shown]
        if not records:
            continue
        faces = [project.faces.fronts[r.card.id] for r in records]
        faces += [project.faces.backs[r.card.id] for r in records if r.back is not None]
        scale = min(legible_card_scale(project, faces) or 0.62, width / project.deck_size(deck.id).width)
        per_row = max(1, int((width + gap) // (project.deck_size(deck.id).width * scale + gap)))
        flow.append(Heading(deck.model.name, styles["h2"], f"deck-{deck.id}", 1, linked=False))
        pictures = []
        for r in records:
            pictures.append(CardPicture(project, project.faces.fronts[r.card.id], scale, f"{r.card.name} ×{r.card.count}",
                                        f"card-{r.card.id}"))
            if r.back is not None:  # a double-sided card: its second face beside it
                pictures.append(CardPicture(project, project.faces.backs[r.card.id], scale, say(game, "back-face", name=r.back.name),
                                            f"card-{r.card.id}-back"))
        for i in range(0, len(pictures), per_row):
            flow += [CardRow(pictures[i:i + per_row], gap), Spacer(1, 4)]
        texts = [(r, card_text(r, ref.facts.get(r.card.id), say(game, "back"))) for r in records]
        for r, text in texts:
            if text:
                line = _said(game, "label-text", label=f"<b>{esc(r.card.name)}</b>", text=icons_in(ref, text, 'pdf'))
                flow.append(Paragraph(line, styles["small"]))
    return flow
