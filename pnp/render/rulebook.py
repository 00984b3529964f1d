"""The rulebook PDF (reportlab platypus): title page, contents, bookmarks,
the rules with their difficulty colours, the glossary and card reference pages."""
from __future__ import annotations

import io
from pathlib import Path

from reportlab.lib.enums import TA_CENTER
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import (
    BaseDocTemplate,
    CondPageBreak,
    Flowable,
    Frame,
    KeepTogether,
    NextPageTemplate,
    PageBreak,
    PageTemplate,
    Spacer,
    TableStyle,
)

from pnp.content.binding import game_icons
from pnp.content.words import language, say
from pnp.render.backend import Wordless
from pnp.render.book_type import (
    BUNDLED_BOOK,
    INK,
    Heading,
    Paragraph,
    book_fallbacks,
    book_fonts,
    book_styles,
    derived,
    draw_centred,
    legible_card_scale,
    pdf_markup,
    register_book_fonts,
    said,
)
from pnp.render.card_facts import printed_facts
from pnp.render.cards import DIFFICULTY_COLORS, difficulty_outline, draw_face, face_size, game_sharing, place_icon
from pnp.render.legibility import legible_scale, smallest_text
from pnp.render.pdf import PdfBackend, color
from pnp.render.rulebook_back import SUMMARY_KEY
from pnp.render.rulebook_figures import LegibleOnly, book_figure, is_book_figure, sheet_overview
from pnp.render.sheets import draw_sheet
from pnp.rules.figures import figure_kind
from pnp.rules.tree import PDF_ICON_SPACE, Reference, build_reference, icon_markup
from pnp.rules.tree import pdf_text as esc
from pnp.text.typography import typeset

PAPERS = {"a4": A4, "letter": LETTER}
BOOKLET_PAGES = {"a4": (A4[1] / 2, A4[0]), "letter": (LETTER[1] / 2, LETTER[0])}  # A5 and half-letter, portrait
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
        if self.difficulty:  # the level's mark: its colour and its shape (pnp.render.cards.DIFFICULTY_SHAPES)
            self.canv.setFillColor(color(DIFFICULTY_COLORS[self.difficulty]))
            corners = difficulty_outline(self.difficulty, 4, self.height - 6.5, 3.4)
            if corners is None:
                self.canv.circle(4, self.height - 6.5, 3.2, stroke=0, fill=1)
            else:
                path = self.canv.beginPath()
                path.moveTo(*corners[0])
                for corner in corners[1:]:
                    path.lineTo(*corner)
                path.close()
                self.canv.drawPath(path, stroke=0, fill=1)
        self.paragraph.drawOn(self.canv, self.indent, 0)


class CardPicture(Flowable):
    """A card face drawn by the card renderer itself, scaled, with its name below (none where `caption` is empty:
    the cover's cards print their own names)."""

    def __init__(self, project, face, scale: float, caption: str, anchor: str, wordless: bool = False):
        super().__init__()
        self.project, self.face, self.scale_by, self.wordless = project, face, scale, wordless  # wordless: too small to read
        self.size = size = face_size(face, project.layout)  # the card's own size: decks may differ
        self.card_w, self.card_h = size.width * scale, size.height * scale
        self.caption, self.anchor = caption, anchor

    def wrap(self, width, height):
        return self.card_w, self.card_h + self.below

    @property
    def below(self) -> float:
        return 12 if self.caption else 0

    def draw(self):
        canvas = self.canv
        backend = getattr(canvas, "_pnp_backend", None) or PdfBackend(canvas)
        canvas._pnp_backend = backend
        canvas.bookmarkHorizontal(self.anchor, 0, self.card_h + self.below)
        size = self.size
        canvas.saveState()
        canvas.translate(0, self.below)
        canvas.scale(self.scale_by, self.scale_by)
        backend.clip_rect(0, 0, size.width, size.height)
        draw_face(Wordless(backend) if self.wordless else backend, self.face, self.project.layout,
                  self.project.game.emblems, -size.bleed, -size.bleed)
        canvas.restoreState()
        if not self.caption:
            return
        canvas.setFont(book_fonts(canvas)["regular"], 6.5)
        canvas.setFillColor(color(INK))
        draw_centred(canvas, self.card_w / 2, 3, self.caption[:48], book_fonts(canvas, registered=False)["regular"], 6.5)


class Picture(Flowable):
    """A drawing pictured in the rulebook (a rule's figure, a whole sheet), whole and upright, as large as it fits
    up to its printed size and never so small that its smallest text prints under LEGIBLE_PT: the least scale
    comes from what the drawing prints (pnp.render.legibility). At the foot of a page it shrinks into the space
    left while that keeps it legible, so no page ends half empty before a figure that would have fit there
    (KeepWithPicture tells it the room). A drawing that cannot be legible in the frame is drawn scaled to fit it,
    its words that would print under LEGIBLE_PT left off (LegibleOnly): never cut, never turned."""

    def __init__(self, natural, draw, least: float, most: float, frame, pad: float = 0.0):
        super().__init__()
        # a drawing whose text is under LEGIBLE_PT even at its printed size is pictured larger than printed
        self.natural, self.draw_at, self.least, self.most = natural, draw, least, max(most, least)
        self.frame_w, self.frame_h = frame
        self.pad = pad
        self.room = None  # the height the group it heads leaves it on this page, when KeepWithPicture knows it
        self.scale_by = self.preferred()
        self.run_on = None  # a line over it where it starts a page in the middle of its figure ("... (continued)")
        self.run_on_h = 0.0  # that line's height where it is set: at the top of a page only

    def shown(self, scale: float) -> tuple[float, float]:
        return self.natural[0] * scale, self.natural[1] * scale

    def preferred(self) -> float:
        """As large as the frame allows, up to the drawing's printed size (`most`)."""
        w, h = self.shown(1.0)
        return min(self.most, (self.frame_w - self.pad) / w, (self.frame_h - self.pad) / h)

    def least_height(self) -> float:
        return self.shown(min(self.least, self.preferred()))[1] + self.pad

    def wrap(self, width, height):
        at_top = getattr(getattr(self, "_frame", None), "_atTop", False)
        self.run_on_h = self.run_on.wrap(width, height)[1] if self.run_on is not None and at_top else 0.0
        scale = self.preferred()
        room = (self.room if self.room is not None else height) - self.run_on_h
        if self.shown(scale)[1] + self.pad > room:  # too tall for the space left: smaller, if that stays legible
            smaller = (room - self.pad) / self.shown(1.0)[1]
            if smaller >= self.least:
                scale = smaller
        self.scale_by = scale
        w, h = self.shown(scale)
        return w + self.pad, h + self.pad + self.run_on_h

    def draw(self):
        canvas = self.canv
        backend = getattr(canvas, "_pnp_backend", None) or PdfBackend(canvas)
        canvas._pnp_backend = backend
        canvas.saveState()
        canvas.translate(self.pad / 2, self.pad / 2)
        canvas.scale(self.scale_by, self.scale_by)
        backend.clip_rect(0, 0, *self.natural)
        # below its legible scale, its words too small to read are left off rather than printed under LEGIBLE_PT
        self.draw_at(backend if self.scale_by >= self.least - 1e-9 else LegibleOnly(backend, self.scale_by))
        canvas.restoreState()
        if self.run_on_h:
            self.run_on.drawOn(canvas, self.pad / 2, self.shown(self.scale_by)[1] + self.pad)


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


class FloatingPicture(KeepWithPicture):
    """A rule's picture after its rule, shrinking into the foot of a page while legible, else floating to the top
    of the next page while the rules after it fill this one (_floated): a section kept whole with its picture left a
    booklet's page half empty before it (the twelfth proofreading)."""


def legible_whole(natural, draw, frame, pad: float = 0.0) -> bool:
    """Whether a drawing pictured whole in the frame prints every word at LEGIBLE_PT or more."""
    least = legible_scale(smallest_text(draw))
    return Picture(natural, draw, least, 1.0, frame, pad=pad).preferred() >= least


def pictures(natural, draw, frame, most: float = 1.0, pad: float = 0.0) -> list:
    """A drawing as one rulebook flowable, whole and upright: legible where it fits the frame so; else scaled to
    the frame, its words too small to read left off. Never cut into parts, never turned: a reader neither hunts a
    sentence across crops nor turns the book in the middle of the rules."""
    return [Picture(natural, draw, legible_scale(smallest_text(draw)), most, frame, pad=pad)]


def figure_flowables(game, figure: dict, frame, styles, title: str = "") -> list:
    """A rule's figure, drawn by the game's own figure kind from its data. A figure of panels (a kind with
    `panels`: an example of play step by step) that is not legible whole in the frame is laid again in as many
    panels a row as stay legible, row after row in reading order, each row a picture of its own (so rows run on
    to the next page between panels, never through one); a row that starts a page is headed "`title`
    (continued)"."""
    kind = figure_kind(game, figure)
    whole = kind.size(figure, game)
    draw_whole = lambda b: kind.draw(b, figure, game, 0.0, 0.0)  # noqa: E731
    if not hasattr(kind, "panels") or legible_whole(whole, draw_whole, frame, pad=8):
        return pictures(whole, draw_whole, frame, pad=8)
    count, (panel_w, panel_h), gap = kind.panels(figure, game), kind.panel_size, kind.panel_gap
    least = max(legible_scale(smallest_text(lambda b, i=i: kind.draw_panel(b, figure, game, i, 0.0, 0.0)))
                for i in range(count))
    per_row = max(1, min(count, int((frame[0] - 8 + gap * least) // ((panel_w + gap) * least))))
    row_w = per_row * panel_w + (per_row - 1) * gap

    def row(first):
        def draw(b):
            for i in range(first, min(first + per_row, count)):
                kind.draw_panel(b, figure, game, i, (i - first) * (panel_w + gap), 0.0)
        return Picture((row_w, panel_h), draw, least, 1.0, frame, pad=8)

    rows = [row(first) for first in range(0, count, per_row)]
    for later in rows[1:]:
        later.run_on = Paragraph(said(game, "continued", name=esc(title)), styles["caption"]) if title else None
    return rows


class CardRow(Flowable):
    """Cards side by side, `gap` apart, the row centred in the frame (the cover's showcase)."""

    def __init__(self, pictures, gap, centred: bool = True):
        super().__init__()
        self.pictures, self.gap, self.centred = pictures, gap, centred

    def wrap(self, width, height):
        self.height = max(p.wrap(width, height)[1] for p in self.pictures)
        self.frame_width = width
        return width, self.height

    def draw(self):
        row = sum(p.card_w for p in self.pictures) + self.gap * (len(self.pictures) - 1)
        x = (self.frame_width - row) / 2 if self.centred else 0
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
        # the footer at each page's end: by then the page is known to be the back cover (a booklet's has none)
        # a sheet printed at its size fills a page of its own, no margin and no footer (rulebook_figures.Plate)
        plate = Frame(0, 0, pagesize[0], pagesize[1], 0, 0, 0, 0, id="plate")
        self.addPageTemplates([PageTemplate("page", [frame], onPageEnd=self._footer), PageTemplate("plate", [plate])])
        self.book_title = title
        self.fonts, self.pnp_fonts = fonts, pnp_fonts  # the book's fonts: reportlab's names, pnp's (register_book_fonts)
        self.game = None  # set by _write_rulebook: the game whose icons the text may show
        self.icons = None  # its icons as pnp.content.binding.game_icons gives them, at the first one drawn
        self.contents = Contents([], [])  # set by _write_rulebook: the contents of the book's headings
        self.sharing = None  # set by _write_rulebook for a game with cards: its faces' forms, shared (form_reuse)
        self.headings_set: list = []  # (key, page) of each heading, in the order they were set
        self.index = None  # set by _write_rulebook: the index, told the page of each flowable set (rulebook_back)
        self.booklet = False  # set by _write_rulebook: the book is imposed as a booklet, its last page the back cover
        self.summary_page = None  # the page the summary's heading is set on (afterFlowable)
        self.back_page = False  # set by _back_matter: whether the last page is one of its own (a one-page summary)
        self.lang = "en"  # set by _write_rulebook: the book's language, its typewriter marks set for it (book_line)

    def _footer(self, canvas, doc):
        if doc.page == 1 or (self.booklet and doc.page == self.summary_page):  # the covers carry no folio
            return
        canvas.saveState()
        canvas.setFont(self.fonts["regular"], 8)
        canvas.setFillColor(color("#666666"))
        footer = say(self.game, "page", title=self.book_title, page=doc.page) if self.game is not None else \
            f"{self.book_title} · page {doc.page}"
        # a booklet's 12 mm margin: the folio lower, clear of a caption at the frame's foot, inside the safe area
        draw_centred(canvas, doc.pagesize[0] / 2, (FOLIO_BOOKLET if self.booklet else FOLIO_BOOK), footer,
                     self.pnp_fonts["regular"], 8)
        canvas.restoreState()

    def _draw_icon(self, canvas, kind, name):
        """An inline icon ({heat} in a rule's text, pnp.rules.tree.icon_markup): drawn where the text stands, in
        the room the four no-break spaces before it keep, a font size square."""
        info = canvas._curr_tx_info
        size = info["xs"].style.fontSize
        # measured as the paragraph measured it: by reportlab, in the font it knows by this name (a project's font
        # file is registered under a name of reportlab's, which pnp's own metrics do not know)
        room = stringWidth(PDF_ICON_SPACE, info["xs"].style.fontName, size)
        backend = getattr(canvas, "_pnp_backend", None) or PdfBackend(canvas)
        canvas._pnp_backend = backend  # one backend per canvas: its symbols (forms) are named once
        if self.icons is None:  # the game's icons, found once per document: each use is a lookup, not a search
            self.icons = game_icons(self.game)
        # the callback comes after its room (pnp.rules.tree.icon_markup): the icon is drawn back in it
        place_icon(backend, self.icons[name], self.game.emblems, info["cur_x"] - room + (room - size) / 2,
                   info["cur_y"] - size * 0.16, size)

    def afterFlowable(self, flowable):
        if isinstance(flowable, Heading):
            if flowable.key == SUMMARY_KEY:
                self.summary_page = self.page
            self.canv.bookmarkPage(flowable.key)
            # the bookmark as the heading prints (its typewriter marks set: pnp.text.typography)
            self.canv.addOutlineEntry(typeset(flowable.plain, self.lang), flowable.key, flowable.level,
                                      closed=flowable.level > 0)
            self.headings_set.append((flowable.key, self.page))
        if self.index is not None:
            self.index.seen(flowable, self.page)

    def beforeDocument(self):
        if self.sharing is not None:  # settled before the first page: the card pictures reuse the decks' forms
            self.canv._pnp_backend = PdfBackend(self.canv, sharing=self.sharing)
        self.canv.setNamedCB("pnp-icon", self._draw_icon)
        self.canv.setNamedCB(Contents.CALLBACK, Contents.draw_leader)
        if self.index is not None:
            from pnp.render.rulebook_back import INDEX_CALLBACK

            self.canv.setNamedCB(INDEX_CALLBACK, type(self.index).draw_pages)
        self.headings_set = []

    def _endBuild(self):
        # the contents' page numbers are drawn before the pages they name are set: they are filled in here, before
        # the file is written (the index needs none: it is set after every page it names, rulebook_back)
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

        pages, tight = io.BytesIO(), False
        doc = _write_rulebook(project, ref, BOOKLET_PAGES[paper], 12 * mm, pages, booklet=True)
        if doc.back_page and doc.page % 4 in (1, 2):  # a page or two over whole sheets, Notes pages to come: set a
            # little tighter, the book may lose those pages (a typesetter's way to save a sheet)
            tighter = io.BytesIO()
            closer = _write_rulebook(project, ref, BOOKLET_PAGES[paper], 12 * mm, tighter, booklet=True, tight=True)
            if -(-closer.page // 4) < -(-doc.page // 4):  # a sheet fewer
                pages, doc, tight = tighter, closer, True
        if doc.back_page and doc.page % 4:  # the pages short of whole sheets: notes pages before the back cover
            with_notes = io.BytesIO()
            again = _write_rulebook(project, ref, BOOKLET_PAGES[paper], 12 * mm, with_notes, booklet=True,
                                    notes=4 - doc.page % 4, tight=tight)
            if again.page % 4 == 0:  # else (the notes moved a page break) the blanks stand there instead
                pages, doc = with_notes, again
        impose(pages.getvalue(), PAPERS[paper], path, back_cover=doc.back_page)
    else:
        _write_rulebook(project, ref, PAPERS[paper], 18 * mm, path)


def _write_rulebook(project, ref: Reference, pagesize, margin: float, target, booklet: bool = False,
                    notes: int = 0, tight: bool = False) -> RulebookTemplate:
    """The book set into `target`; `notes` pages for notes before its back cover (a booklet made whole sheets)."""
    fonts = project.rulebook_fonts
    names = register_book_fonts(fonts)
    styles = book_styles(names, book_fallbacks(fonts, names), language(project.game), tight)
    doc = RulebookTemplate(target, pagesize, say(project.game, "rulebook", title=ref.title), margin, names, fonts)
    doc.game, doc.lang, doc.booklet = project.game, language(project.game), booklet
    # the file's Author: the game's designers as credited (the software stays its Creator), else the game's name
    doc.author = ", ".join(project.game.manifest.credits.design) or project.game.manifest.title
    doc.sharing = game_sharing(project) if project.game.decks else None
    body = _rules(ref, styles, (doc.width, doc.height), project) + _glossary(ref, styles, doc.height)
    plates: list = []  # sheets at their printed size, each on a page of its own: after the index
    if project.game.sheets:
        body += _sheet_pages(project, styles, doc.width, doc.height, doc.pagesize, plates)
    if project.game.decks:  # the compact card reference: an example per kind of card, a table per deck
        from pnp.render.rulebook_cards import card_reference

        # on a new page, unless the page before has room for it to run on (a page of tokens leaves most of one)
        body += [CondPageBreak(doc.height * ROOM_TO_RUN_ON)] + card_reference(project, ref, styles, doc.width)
    body += _back_matter(project, ref, styles, doc, notes, plates)
    doc.contents = Contents(list(headings(body)), [styles["toc0"], styles["toc1"]])
    doc.build(_title_page(project, ref, styles, doc.width, doc.height, margin)
              + _contents(project.game, doc.contents, styles, doc.height) + body)
    return doc


def _back_matter(project, ref: Reference, styles, doc, notes: int = 0, plates: list = ()) -> list:
    """The index (its terms' pages found as the book is set), the sheets' `plates`, `notes` pages for a player's
    notes, the summary on the last page and the credits."""
    from pnp.render.rulebook_back import Index, credits_flow, index_pages, index_terms, summary_flow

    doc.index = Index(index_terms(ref), styles["toc1"], language(project.game), doc.height - FRAME_PADDING)
    index = index_pages(ref, styles, doc.index, doc.height) if doc.index.terms else []  # no terms: no index page
    credits, summary = credits_flow(project.game, styles), summary_flow(ref, styles, (doc.width, doc.height - FRAME_PADDING))
    # the credits at the foot of the back page when the summary leaves them room; else before the index, on the card
    # reference's last page if it has room (never alone on a page between the index and the summary)
    back_page = summary[1:] + [Spacer(1, 8 * mm)] + [f for kept in credits for f in kept._content]  # measured unkept
    lined = _notes_pages(project.game, styles, notes)
    if summary and _stacked_height(back_page, doc.width) <= doc.height - FRAME_PADDING:
        doc.back_page = True  # the summary and the credits: the book's back cover
        return index + list(plates) + lined + summary + [Spacer(1, 8 * mm)] + credits
    doc.back_page = bool(summary) and _stacked_height(summary[1:], doc.width) <= doc.height - FRAME_PADDING
    return credits + index + list(plates) + lined + summary


def _notes_pages(game, styles, count: int) -> list:
    """`count` pages headed "Notes", ruled for writing (a campaign's log, a score): a booklet's pages short of
    whole sheets, rather than blank pages before its back cover."""
    flow = []
    for _ in range(count):
        flow += [PageBreak(), Paragraph(esc(say(game, "notes")), styles["h1"]), RuledLines()]
    return flow


class RuledLines(Flowable):
    """Lines to write on, NOTES_LEADING apart, filling the rest of the frame."""

    def wrap(self, width, height):
        self.width, self.height = width, max(0.0, height - 2)
        return self.width, self.height

    def draw(self):
        self.canv.setStrokeColor(color("#b8c0c8"))
        self.canv.setLineWidth(0.4)
        y = self.height - NOTES_LEADING
        while y > 0:
            self.canv.line(0, y, self.width, y)
            y -= NOTES_LEADING


NOTES_LEADING = 8 * mm  # between a notes page's lines: room for handwriting


def sheet_flowables(project, sheet_id: str, frame, wordless: bool = False, untitled: bool = False) -> list:
    """A whole game sheet, drawn by its own renderers, as large as the frame allows up to its printed size;
    `wordless`: its shapes without its words (a preview too small to read, as on the cover); `untitled`: without
    its title band (under a heading that names it: the name is never printed twice)."""
    return pictures(_sheet_size(project, sheet_id, untitled), _sheet_drawing(project, sheet_id, wordless, untitled),
                    frame, pad=8)


def sheet_legible(project, sheet_id: str, frame, untitled: bool = False) -> bool:
    """Whether a sheet pictured whole in the frame prints every one of its words at LEGIBLE_PT or more."""
    return legible_whole(_sheet_size(project, sheet_id, untitled), _sheet_drawing(project, sheet_id, untitled=untitled),
                         frame, pad=8)


def _title_band(project, sheet_id: str) -> float:
    """How far down the sheet its title regions reach when they head it (nothing else above them), else 0."""
    regions = project.sheet_layouts[sheet_id].regions
    titles = [r for r in regions if r.kind == "title"]
    if not titles:
        return 0.0
    band = max(r.y + r.h for r in titles)
    return band if all(r.y >= band for r in regions if r.kind != "title") else 0.0


def _sheet_size(project, sheet_id: str, untitled: bool = False) -> tuple[float, float]:
    layout = project.sheet_layouts[sheet_id]
    return layout.width, layout.height - (_title_band(project, sheet_id) if untitled else 0.0)


def _sheet_drawing(project, sheet_id: str, wordless: bool = False, untitled: bool = False):
    layout = project.sheet_layouts[sheet_id]
    band = _title_band(project, sheet_id) if untitled else 0.0
    leave_out = ("title",) if band else ()

    def draw(backend):
        backend.rect(-4, -4, layout.width + 8, layout.height - band + 8, stroke="#9aa5b1", width=0.5)
        draw_sheet(Wordless(backend) if wordless else backend, project, sheet_id, 0, layout.height, leave_out=leave_out)
    return draw


def _sheet_pages(project, styles, width, height, page=None, plates: list | None = None) -> list:
    """Each sheet pictured whole (too large to read whole: with its parts numbered and keyed), then its dice tables and score formula as reference
    tables. No page break before a sheet: a sheet that fits the rest of a page at a legible size goes there. A
    sheet printed at its size on a page of its own (its plate) goes into `plates`, where given: the book prints it
    after its index, so its key, its tables and the index run on rather than leave a page short ahead of it."""
    from pnp.model.sheet import ScoreTerm, TableRow

    flow, game = [], project.game
    legible = {sheet_id: sheet_legible(project, sheet_id, (width, height - 40), untitled=True)
               for sheet_id in game.sheets}
    # the sheets that read whole (a page of tokens) first: they fill the rest of the page before them, where a
    # large sheet, pictured on a page of its own, would leave that page short and strand them on one after it
    ordered = sorted(project.game.sheets.items(), key=lambda item: not legible[item[0]])
    for sheet_id, sheet in ordered:
        heading = Heading(sheet.model.name, styles["h1"], f"sheet-{sheet_id}", 0)
        if legible[sheet_id]:  # the heading names it: its own title band is left out
            shown = sheet_flowables(project, sheet_id, (width, height - 40), untitled=True)
            if getattr(sheet.model, "tracks", None):  # a sheet to write on (a score sheet): as large as a page
                for picture in shown:  # allows, never shrunk into a page's foot, where it would copy small
                    picture.least = picture.preferred()
            flow.append(KeepWithPicture([heading] + shown))
        plate = []
        if not legible[sheet_id]:  # too large to read whole: pictured whole all the same, its small words in a key
            overview = sheet_overview(project, sheet_id, (width, height - 40), styles,
                                      say(game, "sheet-overview", name=sheet.model.name), heading, page,
                                      say(game, "sheet-plate", name=sheet.model.name))
            at = next((i for i, f in enumerate(overview) if isinstance(f, NextPageTemplate)), len(overview))
            flow, plate = flow + overview[:at], overview[at:]
        for name in type(sheet.model).model_fields:
            value = getattr(sheet.model, name)
            if isinstance(value, list) and value and isinstance(value[0], TableRow):
                rows = [[Paragraph(f"<b>{r.roll}</b>", styles["body"]), Paragraph(f"<b>{esc(r.name)}</b>", styles["body"]),
                         Paragraph(esc(r.text), styles["body"])] for r in sorted(value, key=lambda r: r.roll)]
                part = getattr(sheet.model, "key", {}).get(name)  # the sheet names the table: "Event Table"
                title = part.name if part is not None and part.name else say(game, "table", name=name.title())
                heading = Heading(title, styles["h2"], f"sheet-{sheet_id}-{name}", 1, linked=False)
                header = [say(game, "roll"), say(game, "result"), say(game, "what-happens")]
                flow.append(KeepTogether([heading, _table([header] + rows, _dice_columns(value, header, width, styles),
                                                          width, styles)]))
            elif isinstance(value, list) and value and isinstance(value[0], ScoreTerm) and all(map(_says_points, value)):
                # each line says its points already: a list, each read once (a Points column would repeat them)
                heading = Heading(say(game, "scoring"), styles["h2"], f"sheet-{sheet_id}-score", 1, linked=False)
                flow.append(KeepTogether([heading] + [Paragraph(esc(t.label), styles["body"]) for t in value]))
            elif isinstance(value, list) and value and isinstance(value[0], ScoreTerm):
                rows = [[Paragraph(esc(t.label), styles["body"]),
                         say(game, "points-per", points=f"{t.points:+d}", per=t.per) if t.per > 1 else f"{t.points:+d}"]
                        for t in value]
                heading = Heading(say(game, "scoring"), styles["h2"], f"sheet-{sheet_id}-score", 1, linked=False)
                header = [say(game, "score-for"), say(game, "points")]
                flow.append(KeepTogether([heading, _table([header] + rows, [0.75, 0.25], width, styles)]))
        if plates is not None:
            plates += plate
        else:
            flow += plate
    return flow


def _says_points(term) -> bool:
    """Whether a score line's label opens with its own points ("+1 per dark box ..."): then none are added."""
    return term.label.lstrip().startswith((f"{term.points:+d}", f"{term.points} "))


def _dice_columns(rows, header: list[str], width: float, styles) -> list[float]:
    """A dice table's columns, as fractions of `width`: the roll and the result as wide as their widest entry, so a
    result's name never breaks inside a word on a booklet's half page ("Fueling Discove / red"); the rest for
    what happens. The result at most DICE_NAME_MOST of the table."""
    bold, regular = styles["strong"].fontName, styles["body"].fontName
    size = styles["body"].fontSize

    def widest(texts, font) -> float:  # as the book prints them: its curly apostrophe is wider than the typed one
        return max(stringWidth(typeset(text), font, size) for text in texts) + 2 * TABLE_PAD

    roll = max(widest([str(r.roll) for r in rows], bold), widest([header[0]], regular))
    name = min(max(widest([r.name for r in rows], bold), widest([header[1]], regular)), width * DICE_NAME_MOST)
    return [roll / width, name / width, 1 - (roll + name) / width]


DICE_NAME_MOST = 0.45  # of a dice table's width: its result column at most
TABLE_PAD = 6  # points: reportlab's padding each side of a table's cell


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
    table.index_read = True  # a sheet's dice table names what a roll wins: the index finds it there
    return table


# The cover's cards stand inside the page margins (a home printer's edge, and a trimmed booklet's, stay clear) at
# most at their printed size, COVER_GAP apart, in one row: as many of the cards game.yaml showcases as fit there at a
# size every word of theirs is legible; fewer, or one, when they do not. The cover's top space shrinks to
# COVER_TOP_LEAST before a card is left out, and the difficulty legend moves to the head of the rules
# (_rules) before the cover shows no card at all.
COVER_GAP, COVER_MOST = 3 * mm, 1.0
COVER_TOP_LEAST = 8 * mm
CARDS_SPACE = 10 * mm  # above the cards' row
FRAME_PADDING = 12 + 26  # a reportlab frame's padding, top and bottom, and two lines to spare (a line that wraps when set)


def _title_page(project, ref, styles, width: float, height: float, margin: float = 0.0) -> list:
    """Title and tagline, the cards and sheets game.yaml showcases (those that read at cover size), and what each
    difficulty colour adds."""
    cover = _cover(project, ref, styles, width, height)
    flow = [Spacer(1, cover.top)] + cover.words + cover.cards + (cover.legend if cover.legend_here else [])
    return flow + cover.sheets + [PageBreak()]


class Cover:
    """What the title page holds: its top space, its words, its cards, its sheets and whether the difficulty legend
    stands there (else at the head of the rules)."""

    def __init__(self, top, words, cards, legend, legend_here, sheets):
        self.top, self.words, self.cards, self.legend, self.legend_here, self.sheets = \
            top, words, cards, legend, legend_here, sheets


def _cover(project, ref, styles, width: float, height: float) -> Cover:
    """The cover laid out: the first of these that shows a card: the legend on the cover and the usual top space,
    then a smaller top space, then the legend at the head of the rules (with each top space)."""
    game = project.game
    words = [Paragraph(esc(ref.title), styles["title"]), Spacer(1, 6 * mm),
             Paragraph(esc(game.manifest.tagline), styles["subtitle"]), Spacer(1, 4 * mm)]
    if game.manifest.credits.design:  # who designed it, as a box's cover says it
        designers = ", ".join(game.manifest.credits.design)
        words += [Paragraph(said(game, "label-text", label=esc(say(game, "game-design")), text=esc(designers)),
                            derived("cover-credit", styles["body"], alignment=TA_CENTER)), Spacer(1, 4 * mm)]
    if ref.difficulty:
        words.append(Paragraph(said(game, "rules-up-to", level=esc(say(game, ref.difficulty.value))), styles["subtitle"]))
    legend = _legend(game, styles)
    shown = {r.card.id for r in ref.cards()}
    cards = [game.card(name) for name in game.manifest.rulebook.showcase if name in shown]
    return _laid_cover(project, styles, words, legend, cards, width, height)


def _laid_cover(project, styles, words, legend, cards, width: float, height: float) -> Cover:
    """The cover in a frame `width` x `height`: the first of its layouts (top space, legend here or not) that shows
    a card, with the cards of `cards` that read there (_showcase)."""
    sheets = _cover_sheets(project, styles, width, height)
    usual = min(40 * mm, 0.16 * height)
    tries = [(top, here) for here in ((True, False) if legend else (True,)) for top in (usual, COVER_TOP_LEAST)]
    for top, here in tries:
        room = height - FRAME_PADDING - _stacked_height([Spacer(1, top)] + words + (legend if here else []) + sheets, width)
        row = _showcase(project, cards, width, room)
        if row:
            return Cover(top, words, row, legend, here, sheets)
        if not cards:
            break
    # no card to show (or none reads at any size the cover has room for): the words stand at the page's optical
    # centre, not in its top third over an empty page (a roll-and-write game's cover, no card to show)
    rest = height - FRAME_PADDING - _stacked_height(words + legend + sheets, width)
    return Cover(max(usual, rest * OPTICAL_CENTRE) if not sheets else usual, words, [], legend, True, sheets)


OPTICAL_CENTRE = 0.4  # of the room a cover's words leave, the share above them: a little over the page's middle


def _legend(game, styles) -> list:
    """What each difficulty colour adds, as the rules' dots show it."""
    if not game.manifest.difficulty_levels:
        return []
    legend = [Spacer(1, 10 * mm), Paragraph(said(game, "difficulty-colour"), styles["body"])]
    for level, meaning in game.manifest.difficulty_levels.items():
        line = said(game, "label-text", label=f"<b>{esc(say(game, level.value))}</b>", text=esc(meaning))
        legend.append(DottedRule(Paragraph(line, styles["body"]), level.value))
    return legend


def legend_leads_the_rules(project, ref, styles, width: float, height: float) -> bool:
    """Whether the difficulty legend stands at the head of the rules: when the cover had no room for it beside a
    card that reads."""
    return project is not None and not _cover(project, ref, styles, width, height).legend_here


def _cover_sheets(project, styles, width: float, height: float) -> list:
    """The sheets game.yaml showcases that read whole at cover size, centred; a sheet that would print its words too
    small there is left to its own pages (a wordless sheet reads as empty boxes)."""
    flow = []
    for sheet_id in (name for name in project.game.manifest.rulebook.showcase if name in project.game.sheets):
        frame = (min(120 * mm, width), min(150 * mm, 0.5 * height))
        if not sheet_legible(project, sheet_id, frame):
            continue
        shown = sheet_flowables(project, sheet_id, frame)
        shown[0].hAlign = "CENTER"  # centred under the centred title, not at the frame's left edge
        flow += [Spacer(1, 10 * mm)] + shown
    return flow


def _stacked_height(flow, width: float) -> float:
    """How tall flowables stand one under another in a frame `width` wide (their spaces between included)."""
    from reportlab.pdfgen.canvas import Canvas
    from reportlab.platypus.flowables import _listWrapOn

    return _listWrapOn(flow, width, Canvas(io.BytesIO()))[1]


def _showcase(project, cards, width: float, room: float) -> list:
    """The cover's cards in one row inside the frame, each at a size all its words read (legible_card_scale) and
    at most its printed size: game.yaml's cards in its order, each that still fits the width and the `room` the
    cover's words leave beside those before it; none when not even one fits (never a card without its words). A
    smaller cover shows some of a larger one's cards, never others (the twelfth proofreading: a game's
    four covers showed three different pairs)."""
    faces = {r.card.id: project.faces.fronts[r.card.id] for r in cards}
    sizes = {card_id: face_size(face, project.layout) for card_id, face in faces.items()}
    group, scale = [], 0.0
    for card in cards:
        fits = _row_scale(project, [faces[r.card.id] for r in group + [card]],
                          [sizes[r.card.id] for r in group + [card]], width, room)
        if fits:
            group, scale = group + [card], fits
    if not group:
        return []
    row = CardRow([CardPicture(project, faces[r.card.id], scale, "", f"cover-{r.card.id}") for r in group],
                  COVER_GAP, centred=True)
    return [Spacer(1, CARDS_SPACE), row]


def _row_scale(project, faces, sizes, width: float, room: float) -> float:
    """The scale a row of these cards stands at on the cover: as large as the width and the room allow, up to their
    printed size; 0 when that is smaller than the least scale all their words read at."""
    across = (width - COVER_GAP * (len(sizes) - 1)) / sum(size.width for size in sizes)
    down = (room - CARDS_SPACE) / max(size.height for size in sizes)
    scale = min(COVER_MOST, across, down)
    return scale if scale >= legible_card_scale(project, faces) else 0.0


def _contents(game, contents, styles, frame_height: float) -> list:
    """The contents; the rules start under them where they leave CONTENTS_ROOM of a page or more (a short book's
    contents do not stand alone on a mostly empty page), else on the next page."""
    return [Paragraph(esc(say(game, "contents")), styles["h1"]), contents, Spacer(1, 6 * mm),
            CondPageBreak(frame_height * CONTENTS_ROOM)]


CONTENTS_ROOM = 0.4  # of a page: what the contents must leave for the rules to start under them


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
        self.leaders = {}  # line -> (where its leader starts, where it ends, whether its title is right to left)

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
            # rows one leading apart (a line's own leading spaces it): a booklet's contents stays on one page
            style = TableStyle([("FONT", (0, 0), (-1, -1), self.level_styles[-1].fontName), ("VALIGN", (0, 0), (-1, -1), "TOP"),
                                ("LEFTPADDING", (0, 0), (-1, -1), 0), ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                                ("TOPPADDING", (0, 0), (-1, -1), 1), ("BOTTOMPADDING", (0, 0), (-1, -1), 1)])
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
        # a right-to-left title (pnp.render.rtl_paragraph) ends on the left: its leader runs on to the left margin,
        # its page number there
        rtl = canvas._curr_tx_info.get("rtl", False)
        contents.leaders[index] = (0, x, True) if rtl else (x, contents.width, False)
        canvas.saveState()
        canvas.translate(0, y)
        canvas.doForm(f"ContentsLine{index}")
        canvas.restoreState()
        column = stringWidth(Contents.COLUMN, style.fontName, style.fontSize)
        spot = (0, y, column, y + style.leading) if rtl else (contents.width - column, y, contents.width, y + style.leading)
        canvas.linkRect("", heading.key, spot, relative=1)

    def fill_in(self, canvas, headings_set: list) -> None:
        """Each line's leader and page number, now that every heading is set: the number right-aligned at the
        line's end, the dots running up to it (as reportlab's TableOfContents draws them)."""
        if [key for key, _ in headings_set] != [heading.key for heading in self.entries] or len(self.leaders) != len(self.entries):
            raise RuntimeError("the rulebook's contents and the headings it set are out of step")
        dot = " . "
        for index, (heading, (_, page)) in enumerate(zip(self.entries, headings_set)):
            style = self.level_styles[heading.level]
            x, end, rtl = self.leaders[index]
            number = str(page)
            width, dot_width = (stringWidth(t, style.fontName, style.fontSize) for t in (number, dot))
            dots = max(0, int((end - x - width) / dot_width))
            canvas.beginForm(f"ContentsLine{index}", x, -style.fontSize, end, style.leading)
            text = canvas.beginText(x if rtl else end - dots * dot_width - width, 0)
            text.setFont(style.fontName, style.fontSize)
            text.setFillColor(style.textColor)
            text.textLine(number + dots * dot if rtl else dots * dot + number)
            canvas.drawText(text)
            canvas.endForm()


def _rules(ref: Reference, styles, frame, project=None) -> list:
    flow = []
    if legend_leads_the_rules(project, ref, styles, *frame):  # no room for it on the cover beside a card that reads
        flow += _legend(ref.game, styles)[1:] + [Spacer(1, 6 * mm)]
    if ref.intro:
        flow.append(Paragraph(pdf_markup(ref, ref.intro, styles), styles["body"]))
    heading = []  # a section's heading (and its words) waits for the section's first rule, to be kept with it
    title = ""  # the section a rule is in: a figure running on over a page is headed with it
    for node in ref.walk():
        if node.kind == "section":
            title = node.title
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
            parts.insert(1, Paragraph(said(ref.game, "example") + " " + pdf_markup(ref, node.example, styles), styles["example"]))
        if project is not None and is_book_figure(node.figure):  # a set-up or an example: after its rule, with its caption
            flow += [KeepTogether(heading + parts)] + book_figure(project, ref, node.figure, frame, styles)
            heading = []
            continue
        figure = figure_flowables(ref.game, node.figure, frame, styles, title) if figure_kind(ref.game, node.figure) else []
        # the figure (its first row of panels) kept with its rule, shrinking into the foot of a page while legible;
        # further rows follow in reading order
        if len(figure) == 1:  # one picture: it floats as a set-up figure does, past rules that fill the page
            flow += [KeepTogether(heading + parts[:-1]), FloatingPicture(figure + parts[-1:])]
            heading = []
            continue
        flow.append(KeepWithPicture(heading + parts[:-1] + figure[:1] + (parts[-1:] if len(figure) < 2 else [])))
        if len(figure) > 1:
            flow += figure[1:] + parts[-1:]
        heading = []
    return _floated(flow + heading)


FLOAT_MOST = 10  # the most flowables after a figure a page may set before it, the figure floated to the next page
FLOAT_SLACK = 2.0  # points a page keeps spare when it sets them: never one that would not fit after all (it would go
# on past the figure, to the top of the next page, and stand before it there)


def _floated(flow: list) -> list:
    """The rules' flow with each set-up or example figure (KeepWithFigure) and each rule's single picture
    (FloatingPicture) able to float: what follows it, up to the next picture that stays with its rule (FLOAT_MOST
    at most), may fill the page the figure does not fit, the figure then at the top of the next (FloatingFigure). A
    figure among what follows floats with it: two figures in a row never leave the rule after them alone on the
    page after both (the eleventh proofreading)."""
    floated, i = [], 0
    while i < len(flow):
        item = flow[i]
        if _floats(item):
            end, count = i + 1, 0  # FLOAT_MOST after it, or after the last figure that floats with it
            while end < len(flow) and count < FLOAT_MOST and (_floats(flow[end]) or not any(
                    isinstance(part, Picture) for part in getattr(flow[end], "_content", ()))):  # never past a picture
                count = 0 if _floats(flow[end]) else count + 1
                end += 1
            if end > i + 1:  # something after it to float past
                floated.append(FloatingFigure(item, flow[i + 1:end]))
                i = end
                continue
        floated.append(item)
        i += 1
    return floated


def _floats(item) -> bool:
    """Whether a flowable of the rules is a figure that may float (a set-up or example figure, a rule's picture)."""
    from pnp.render.rulebook_figures import KeepWithFigure

    return isinstance(item, (KeepWithFigure, FloatingPicture))


class FloatingFigure(Flowable):
    """A figure and what follows it in the rules, set as a typesetter floats a figure: the figure where it stands
    when it fits the page there (drawn a little smaller at the page's foot, KeepWithFigure); else what follows it
    fills that page, as much of it as fits whole, and the figure heads the next page. Its `_content` lists them
    all, so the contents find the headings among them."""

    def __init__(self, figure, after: list):
        super().__init__()
        self.figure, self.after = figure, list(after)
        self._content = [figure] + self.after

    def wrap(self, width, height):
        return width, height + 1  # always set through split(): it decides the order on this page

    def split(self, width, height):
        frame = getattr(self, "_frame", None)
        at_top = getattr(frame, "_atTop", False)
        self.figure.wrapOn(self.canv, width, height)  # KeepTogether's wrap: its height, `_H`, as it would stand
        if at_top or self.figure._H <= height:  # where it stands: its parts (it fits, or it heads the page)
            return self.figure.split(width, height) + _after_figure(_floated(self.after))
        room, before = height, []
        for item in self.after:
            if _floats(item):  # the next figure floats on too, in its turn after this one
                continue
            h = item.wrapOn(self.canv, width, room)[1]
            lead = getattr(item, "_content", [item])[0]  # the space over it: a heading's, where a group starts with one
            h = (getattr(item, "_H", h) if isinstance(item, KeepTogether) else h) + max(
                item.getSpaceBefore(), lead.getSpaceBefore())
            if h > room - FLOAT_SLACK or isinstance(item, Heading) and item is self.after[-1]:
                break
            before.append(item)
            room -= h + item.getSpaceAfter()
        while before and getattr(before[-1], "keepWithNext", False):  # never a heading left above the figure
            before.pop()
        if not before:  # nothing fits here whole: all of it on the next page, the figure first
            return []
        # the first set here in its parts (a group kept together reports no height of its own: reportlab must be
        # able to set the first flowable of a split as it is)
        first = before[0].split(width, height) if isinstance(before[0], KeepTogether) else before[:1]
        rest = [item for item in self.after if all(item is not set for set in before)]
        return first + before[1:] + [self.figure] + _after_figure(_floated(rest))


def _after_figure(flow: list) -> list:
    """The flow after a figure's caption, a figure that follows straight on standing the caption's own space
    below it, without the space a figure keeps over it from the rule it follows: two figures in a row then share a
    page that 4 points more would have split (two examples of play in a row, on US Letter: the seventeenth proofreading)."""
    if not flow:
        return flow
    lead = flow[0].figure if isinstance(flow[0], FloatingFigure) else flow[0]
    if not _floats(lead) or not lead._content or not isinstance(lead._content[0], Spacer):
        return flow
    closer = type(lead)(lead._content[1:])
    return [FloatingFigure(closer, flow[0].after) if lead is not flow[0] else closer] + flow[1:]


FOLIO_BOOK, FOLIO_BOOKLET = 10 * mm, 7 * mm  # a folio's baseline over the page's foot (PRINT.md: 5 mm safe area)


# A part of the book after the rules (the glossary, the card reference) starts on a new page unless the page the
# rules end on has this share of a page left: then it follows on that page, so no page holds only the rules' last
# few lines (a third left a booklet's page a third empty before its glossary: the twelfth proofreading).
ROOM_TO_RUN_ON = 1 / 4


LISTED_CARDS = 12  # the most cards a glossary entry lists by name


def _glossary(ref: Reference, styles, frame_height: float | None = None) -> list:
    if not ref.glossary:  # a game without terms has no glossary: never a heading over nothing
        return []
    game = ref.game
    start = CondPageBreak(frame_height * ROOM_TO_RUN_ON) if frame_height else PageBreak()
    flow = [start, Heading(say(game, "glossary"), styles["h1"], "glossary", 0)]
    for entry in ref.glossary:
        # the cards that use it, each linked to its row of the card reference, where they are few enough to list
        # whole; a word most cards use (or a word cards only speak of) is looked up in the index instead
        users = [c for c in entry.users if game.card(c).card.name != entry.term]  # not a card's own entry's headword
        cards = ", ".join(f'<a href="#card-{c}" color="#1f4f8a">'
                          f'{esc(entry.named_by_part.get(c) or game.card(c).card.name)}</a>' for c in users)
        used = f"<br/><font size=7.5>{said(game, 'cards')} {cards}</font>" if 0 < len(users) <= LISTED_CARDS else ""
        if entry.places:
            shown = _and_more(game, [esc(place) for place in entry.places], 8, "; ")
            used += f"<br/><font size=7.5>{said(game, 'on-the-sheet')} {shown}</font>"
        icon = icon_markup(ref, entry.icon, "pdf") if entry.icon else ""
        term = said(game, "label-text", label=f"{icon}<b>{esc(entry.term)}</b>", text=pdf_markup(ref, entry.text, styles))
        # an entry is read whole: never its card list alone at the head of a page
        flow.append(KeepTogether([Paragraph(f'<a name="term-{entry.id}"/>{term}{used}', styles["body"]), Spacer(1, 4)]))
    # its last entries go over a page together: never one entry alone on the glossary's last page
    last = flow[-GLOSSARY_TAIL:] if len(ref.glossary) > GLOSSARY_TAIL else []
    return flow[:-len(last)] + [KeepTogether([f for kept in last for f in kept._content])] if last else flow


GLOSSARY_TAIL = 3  # the glossary's entries kept on one page at its end


def _and_more(game, items: list[str], shown: int, between: str) -> str:
    """The first `shown` items, then how many more ("... and 3 more") in the game's words."""
    listed = between.join(items[:shown])
    return said(game, "and-more", list=listed, count=len(items) - shown) if len(items) > shown else listed
