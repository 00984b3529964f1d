"""The rulebook PDF (reportlab platypus): title page, contents, bookmarks,
the rules with their difficulty colours, the glossary and card reference pages."""
from __future__ import annotations

import io
from pathlib import Path

from reportlab.lib.enums import TA_CENTER
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import (
    BaseDocTemplate,
    Flowable,
    Frame,
    KeepTogether,
    PageBreak,
    PageTemplate,
    Paragraph,
    Spacer,
    TableStyle,
)
from reportlab.platypus.tableofcontents import TableOfContents

from pnp.binding import game_icons
from pnp.render.cards import DIFFICULTY_COLORS, draw_face, face_size, place_icon
from pnp.render.fonts import register_all
from pnp.render.pdf import PdfBackend, color
from pnp.render.sheets import draw_sheet
from pnp.rules.export import card_text
from pnp.rules.figures import figure_kind
from pnp.rules.tree import PDF_ICON_SPACE, Reference, build_reference, icon_markup, icons_in, render_text
from pnp.rules.tree import pdf_text as esc
from pnp.text.fonts import string_width

PAPERS = {"a4": A4, "letter": LETTER}
BOOKLET_PAGES = {"a4": (A4[1] / 2, A4[0]), "letter": (LETTER[1] / 2, LETTER[0])}  # A5 and half-letter, portrait
INK = "#1d1d1d"


def _styles() -> dict[str, ParagraphStyle]:
    # no widows or orphans: a paragraph split across pages leaves at least two of its lines on each side
    base = ParagraphStyle("body", fontName="Vera", fontSize=9.5, leading=13, textColor=color(INK), allowWidows=0,
                          allowOrphans=0)
    return {
        "body": base,
        "title": ParagraphStyle("title", base, fontName="VeraBd", fontSize=30, leading=36, alignment=TA_CENTER),
        "subtitle": ParagraphStyle("subtitle", base, fontName="VeraIt", fontSize=13, leading=18, alignment=TA_CENTER),
        # a heading keeps with what it heads: never alone at the foot of a page
        "h1": ParagraphStyle("h1", base, fontName="VeraBd", fontSize=15, leading=19, spaceBefore=10, spaceAfter=5, keepWithNext=1),
        "h2": ParagraphStyle("h2", base, fontName="VeraBd", fontSize=12, leading=15, spaceBefore=8, spaceAfter=4, keepWithNext=1),
        "example": ParagraphStyle("example", base, fontName="VeraIt", fontSize=8.5, leading=11, leftIndent=12, textColor=color("#444444")),
        "small": ParagraphStyle("small", base, fontSize=7.5, leading=9.5),
        "toc0": ParagraphStyle("toc0", base, fontName="VeraBd", fontSize=10, leading=14),
        "toc1": ParagraphStyle("toc1", base, fontSize=9, leading=12, leftIndent=14),
    }


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
        canvas.setFont("Vera", 6.5)
        canvas.setFillColor(color(INK))
        canvas.drawCentredString(self.card_w / 2, 3, self.caption[:48])


class FigurePicture(Flowable):
    """A rule's figure, drawn by the game's own figure kind from its data, at most the text width."""

    def __init__(self, game, figure: dict):
        super().__init__()
        self.game, self.figure = game, figure
        self.kind = figure_kind(game, figure)
        self.natural = self.kind.size(figure, game)

    def wrap(self, width, height):
        self.scale_by = min(1.0, (width - 14) / self.natural[0])
        return self.natural[0] * self.scale_by + 14, self.natural[1] * self.scale_by + 8

    def draw(self):
        canvas = self.canv
        backend = getattr(canvas, "_pnp_backend", None) or PdfBackend(canvas)
        canvas._pnp_backend = backend
        canvas.saveState()
        canvas.translate(14, 4)
        canvas.scale(self.scale_by, self.scale_by)
        self.kind.draw(backend, self.figure, self.game, 0.0, 0.0)
        canvas.restoreState()


class CardRow(Flowable):
    def __init__(self, pictures, gap):
        super().__init__()
        self.pictures, self.gap = pictures, gap

    def wrap(self, width, height):
        self.height = max(p.wrap(width, height)[1] for p in self.pictures)
        return width, self.height

    def draw(self):
        x = 0
        for picture in self.pictures:
            picture.drawOn(self.canv, x, self.height - picture.wrap(0, 0)[1])
            x += picture.card_w + self.gap


class RulebookTemplate(BaseDocTemplate):
    def __init__(self, path, pagesize, title, margin: float = 18 * mm):
        super().__init__(path if hasattr(path, "write") else str(path), pagesize=pagesize, invariant=1,
                         initialFontName="Vera", title=title, author="pnp", creator="pnp", leftMargin=margin,
                         rightMargin=margin, topMargin=margin, bottomMargin=margin)
        frame = Frame(self.leftMargin, self.bottomMargin, self.width, self.height, id="body")
        self.addPageTemplates([PageTemplate("page", [frame], onPage=self._footer)])
        self.book_title = title
        self.game = None  # set by _write_rulebook: the game whose icons the text may show
        self.icons = None  # its icons as pnp.binding.game_icons gives them, at the first one drawn

    def _footer(self, canvas, doc):
        canvas.saveState()
        canvas.setFont("Vera", 8)
        canvas.setFillColor(color("#666666"))
        canvas.drawCentredString(doc.pagesize[0] / 2, 10 * mm, f"{self.book_title} · page {doc.page}")
        canvas.restoreState()

    def beforeDocument(self):
        self.canv.setNamedCB("pnp-icon", self._draw_icon)

    def _draw_icon(self, canvas, kind, name):
        """An inline icon ({heat} in a rule's text, pnp.rules.tree.icon_markup): drawn where the text stands, in
        the room its four no-break spaces keep, a font size square."""
        info = canvas._curr_tx_info
        size = info["xs"].style.fontSize
        room = string_width(PDF_ICON_SPACE, info["xs"].style.fontName, size)
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
            self.notify("TOCEntry", (flowable.level, esc(flowable.plain), self.page, flowable.key))  # a Paragraph's text


def rulebook_pdf(project, difficulty, paper: str, path: Path, booklet: bool = False) -> None:
    """The rulebook on `paper`; or, as a booklet, on half-size pages imposed two to a side of `paper`
    (print double-sided, flipping on the short edge, fold and staple)."""
    ref = build_reference(project.game, difficulty)
    if booklet:
        from pnp.render.booklet import impose

        pages = io.BytesIO()
        _write_rulebook(project, ref, BOOKLET_PAGES[paper], 12 * mm, pages)
        impose(pages.getvalue(), PAPERS[paper], path)
    else:
        _write_rulebook(project, ref, PAPERS[paper], 18 * mm, path)


def _write_rulebook(project, ref: Reference, pagesize, margin: float, target) -> None:
    register_all()
    styles = _styles()
    doc = RulebookTemplate(target, pagesize, f"{ref.title} rulebook", margin)
    doc.game = project.game
    story = _title_page(project, ref, styles, doc.width, doc.height) + _contents(styles) + _rules(ref, styles)
    story += _glossary(ref, styles)
    if project.game.sheets:
        story += _sheet_pages(project, styles, doc.width, doc.height)
    if project.game.decks:
        story += _card_pages(project, ref, styles, doc.width)
    doc.multiBuild(story)


class SheetPicture(Flowable):
    """A whole game sheet, drawn by its own renderers, scaled to the text width."""

    def __init__(self, project, sheet_id: str, width: float, height: float):
        super().__init__()
        self.project, self.sheet_id = project, sheet_id
        layout = project.sheet_layouts[sheet_id]
        self.scale_by = min(width / layout.width, height / layout.height)
        self.width, self.height = layout.width * self.scale_by, layout.height * self.scale_by

    def wrap(self, width, height):
        return self.width, self.height

    def draw(self):
        canvas = self.canv
        backend = getattr(canvas, "_pnp_backend", None) or PdfBackend(canvas)
        canvas._pnp_backend = backend
        layout = self.project.sheet_layouts[self.sheet_id]
        canvas.saveState()
        canvas.scale(self.scale_by, self.scale_by)
        canvas.setStrokeColor(color("#9aa5b1"))
        canvas.rect(-4, -4, layout.width + 8, layout.height + 8, stroke=1, fill=0)
        draw_sheet(backend, self.project, self.sheet_id, 0, layout.height)
        canvas.restoreState()


def _sheet_pages(project, styles, width, height) -> list:
    """Each sheet pictured whole, then its dice tables and score formula as reference tables."""
    from pnp.model.sheet import ScoreTerm, TableRow

    flow = []
    for sheet_id, sheet in project.game.sheets.items():
        flow += [PageBreak(), Heading(sheet.model.name, styles["h1"], f"sheet-{sheet_id}", 0),
                 SheetPicture(project, sheet_id, width, height - 40)]
        for name in type(sheet.model).model_fields:
            value = getattr(sheet.model, name)
            if isinstance(value, list) and value and isinstance(value[0], TableRow):
                rows = [[Paragraph(f"<b>{r.roll}</b>", styles["body"]), Paragraph(f"<b>{esc(r.name)}</b>", styles["body"]),
                         Paragraph(esc(r.text), styles["body"])] for r in sorted(value, key=lambda r: r.roll)]
                heading = Heading(f"{name.title()} table", styles["h2"], f"sheet-{sheet_id}-{name}", 1, linked=False)
                flow.append(KeepTogether([heading, _table([["Roll", "Result", "What happens"]] + rows, [0.1, 0.3, 0.6], width)]))
            elif isinstance(value, list) and value and isinstance(value[0], ScoreTerm):
                rows = [[Paragraph(esc(t.label), styles["body"]), f"{t.points:+d} per {t.per}" if t.per > 1 else f"{t.points:+d}"]
                        for t in value]
                heading = Heading("Scoring", styles["h2"], f"sheet-{sheet_id}-score", 1, linked=False)
                flow.append(KeepTogether([heading, _table([["Score for", "Points"]] + rows, [0.75, 0.25], width)]))
    return flow


def _table(rows, fractions, width):
    from reportlab.platypus import Table

    table = Table(rows, colWidths=[f * width for f in fractions], repeatRows=1)
    table.setStyle(TableStyle([("FONT", (0, 0), (-1, -1), "Vera", 9), ("FONT", (0, 0), (-1, 0), "VeraBd", 9),
                               ("VALIGN", (0, 0), (-1, -1), "TOP"), ("GRID", (0, 0), (-1, -1), 0.4, color("#9aa5b1")),
                               ("BACKGROUND", (0, 0), (-1, 0), color("#edf2f6"))]))
    return table


def _title_page(project, ref, styles, width: float, height: float) -> list:
    """Title and tagline, the cards and sheets game.yaml showcases, and what each difficulty colour adds."""
    game = project.game
    flow = [Spacer(1, min(40 * mm, 0.16 * height)), Paragraph(esc(ref.title), styles["title"]), Spacer(1, 6 * mm),
            Paragraph(esc(game.manifest.tagline), styles["subtitle"]), Spacer(1, 4 * mm)]
    if ref.difficulty:
        flow.append(Paragraph(f"Rules up to the {ref.difficulty.value} level", styles["subtitle"]))
    shown = {r.card.id for r in ref.cards()}
    cards = [game.card(name) for name in game.manifest.rulebook.showcase if name in shown]
    if cards:
        widths = sum(face_size(project.faces.fronts[r.card.id], project.layout).width for r in cards)
        scale = min(0.8, (width - 8 * (len(cards) - 1)) / widths)  # fit the page
        flow += [Spacer(1, 14 * mm), CardRow([CardPicture(project, project.faces.fronts[r.card.id], scale, r.card.name,
                                                          f"cover-{r.card.id}") for r in cards], 8)]
    if game.manifest.difficulty_levels:
        flow += [Spacer(1, 12 * mm), Paragraph("Every rule carries a difficulty colour:", styles["body"])]
        for level, meaning in game.manifest.difficulty_levels.items():
            flow.append(DottedRule(Paragraph(f"<b>{level.value}</b>: {esc(meaning)}", styles["body"]), level.value))
    for sheet_id in (name for name in game.manifest.rulebook.showcase if name in game.sheets):
        flow += [Spacer(1, 10 * mm), SheetPicture(project, sheet_id, min(120 * mm, width), min(150 * mm, 0.5 * height))]
    flow.append(PageBreak())
    return flow


def _contents(styles) -> list:
    # the contents table would otherwise set Helvetica on its cells: an unembedded font
    table_style = TableStyle([("FONT", (0, 0), (-1, -1), "Vera"), ("VALIGN", (0, 0), (-1, -1), "TOP"),
                              ("LEFTPADDING", (0, 0), (-1, -1), 0), ("RIGHTPADDING", (0, 0), (-1, -1), 0)])
    toc = TableOfContents(levelStyles=[styles["toc0"], styles["toc1"]], tableStyle=table_style, dotsMinLevel=0)
    return [Paragraph("Contents", styles["h1"]), toc, PageBreak()]


def _rules(ref: Reference, styles) -> list:
    flow = []
    if ref.intro:
        flow.append(Paragraph(render_text(ref, ref.intro, "pdf"), styles["body"]))
    heading = []  # a section's heading (and its words) waits for the section's first rule, to be kept with it
    for node in ref.walk():
        if node.kind == "section":
            level = min(node.depth, 1)
            variant = " (variant)" if node.variant else ""
            heading.append(Heading(f"{node.number} {node.title}{variant}", styles["h1" if level == 0 else "h2"],
                                   f"rule-{node.id}", level))
            if node.text:
                heading.append(Paragraph(render_text(ref, node.text, "pdf"), styles["body"]))
            continue
        text = f'<a name="rule-{node.id}"/><b>{node.number}</b>  {render_text(ref, node.text, "pdf")}'
        parts = [DottedRule(Paragraph(text, styles["body"]), node.difficulty), Spacer(1, 3)]
        if node.example:
            parts.insert(1, Paragraph("Example: " + render_text(ref, node.example, "pdf"), styles["example"]))
        if figure_kind(ref.game, node.figure):
            parts.insert(-1, FigurePicture(ref.game, node.figure))
        flow.append(KeepTogether(heading + parts))  # never a heading alone at the foot of a page
        heading = []
    return flow + heading


def _glossary(ref: Reference, styles) -> list:
    flow = [PageBreak(), Heading("Glossary", styles["h1"], "glossary", 0)]
    for entry in ref.glossary:
        cards = ", ".join(f'<a href="#card-{c}" color="#1f4f8a">{esc(ref.game.card(c).card.name)}</a>' for c in entry.cards[:12])
        more = f" and {len(entry.cards) - 12} more" if len(entry.cards) > 12 else ""
        used = f"<br/><font size=7.5>Cards: {cards}{more}</font>" if entry.cards else ""
        if entry.places:
            shown = esc("; ".join(entry.places[:8])) + (f" and {len(entry.places) - 8} more" if len(entry.places) > 8 else "")
            used += f"<br/><font size=7.5>On the sheet: {shown}</font>"
        icon = icon_markup(ref, entry.icon, "pdf") if entry.icon else ""
        flow.append(Paragraph(f'<a name="term-{entry.id}"/>{icon}<b>{esc(entry.term)}</b>: {render_text(ref, entry.text, "pdf")}{used}', styles["body"]))
        flow.append(Spacer(1, 4))
    return flow


def _card_pages(project, ref: Reference, styles, width) -> list:
    flow = [PageBreak(), Heading("Card reference", styles["h1"], "cards", 0)]
    scale, gap = 0.62, 6
    shown = {c.card.id for c in ref.cards()}
    for deck in project.game.decks.values():
        records = [r for r in deck.cards if r.card.id in shown]
        if not records:
            continue
        per_row = max(1, int((width + gap) // (project.deck_size(deck.id).width * scale + gap)))
        flow.append(Heading(deck.model.name, styles["h2"], f"deck-{deck.id}", 1, linked=False))
        pictures = []
        for r in records:
            pictures.append(CardPicture(project, project.faces.fronts[r.card.id], scale, f"{r.card.name} ×{r.card.count}",
                                        f"card-{r.card.id}"))
            if r.back is not None:  # a double-sided card: its second face beside it
                pictures.append(CardPicture(project, project.faces.backs[r.card.id], scale, f"{r.back.name} (back)",
                                            f"card-{r.card.id}-back"))
        for i in range(0, len(pictures), per_row):
            flow += [CardRow(pictures[i:i + per_row], gap), Spacer(1, 4)]
        texts = [r for r in records if card_text(r)]
        for r in texts:
            flow.append(Paragraph(f"<b>{esc(r.card.name)}</b>: {icons_in(ref, card_text(r), 'pdf')}", styles["small"]))
    return flow
