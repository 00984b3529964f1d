"""The rulebook's type: its paragraph styles in the book's fonts (fallback lists included), the paragraphs that set
them (right-to-left ones by pnp's engine: pnp.render.bidi_paragraph), headings, a centred line, pnp's words as
markup. The rulebook (pnp.render.rulebook) and its parts (rulebook_cards, rulebook_back) set their text with these."""
from __future__ import annotations

import re

from reportlab.lib.enums import TA_CENTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Paragraph as _Paragraph

from pnp.content.words import raw
from pnp.defaults.words import fill
from pnp.render.bidi_paragraph import BidiText, holds_right_to_left
from pnp.render.cards import draw_parts_in_visual_order, smallest_face_text
from pnp.render.fonts import register, register_all
from pnp.render.legibility import legible_scale
from pnp.render.pdf import PdfBackend, color
from pnp.rules.tree import CODE_MARKUP, Reference, render_text
from pnp.rules.tree import pdf_text as esc
from pnp.text.direction import has_rtl
from pnp.text.fonts import DEFAULT_FAMILY, chain, font_pieces
from pnp.text.typography import numbered, typeset_for, unbroken

INK = "#1d1d1d"
BUNDLED_BOOK = {**DEFAULT_FAMILY, "heading": DEFAULT_FAMILY["bold"]}  # a bundled font's name is reportlab's name too


# Languages written without spaces between words: their lines break between characters (reportlab's CJK wrapping,
# which also keeps closing punctuation off a line's start); every other language breaks at spaces
CHARACTER_WRAPPED = ("ja", "zh")


TIGHT_LEADING = 12.0  # points: the body's leading set a little tighter, as a typesetter saves a booklet a sheet


def book_styles(fonts: dict[str, str] = BUNDLED_BOOK, fallbacks: dict[str, str] | None = None,
            lang: str = "en", tight: bool = False) -> dict[str, ParagraphStyle]:
    """The book's paragraph styles, in its fonts (pnp.layout.rulebook.RULEBOOK_FONTS, by their reportlab names),
    each knowing the fallback lists those fonts stand first in (book_fallbacks), wrapped as `lang` is written;
    `tight`: its text set TIGHT_LEADING apart (a booklet a page short of whole sheets less a page)."""
    regular, bold, italic, heading = fonts["regular"], fonts["bold"], fonts["italic"], fonts["heading"]
    # no widows or orphans: a paragraph split across pages leaves at least two of its lines on each side
    wrap = {"wordWrap": "CJK"} if lang.split("-")[0].lower() in CHARACTER_WRAPPED else {}
    base = ParagraphStyle("body", fontName=regular, fontSize=9.5, leading=TIGHT_LEADING if tight else 13,
                          textColor=color(INK), allowWidows=0,
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
    for style in styles.values():  # not a ParagraphStyle's own attributes: a child style does not inherit them
        style.fallbacks, style.lang = fallbacks or {}, lang
    return styles


def derived(name: str, parent: ParagraphStyle, **changes) -> ParagraphStyle:
    """A style made from one of book_styles', its fallback lists and language kept (a ParagraphStyle's child does
    not inherit what is not its own attribute)."""
    style = ParagraphStyle(name, parent, **changes)
    style.fallbacks, style.lang = getattr(parent, "fallbacks", {}), getattr(parent, "lang", "en")
    return style


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
    for the slots whose font is a list or a font file (which reportlab knows by a name of its own, and pnp's
    engine, setting a right-to-left paragraph, by its path): a paragraph's piece of text set in that font (its style's, or its <b>'s,
    <i>'s, <font name>'s) takes each character from the list. A font first in two lists takes the first slot's
    (RULEBOOK_FONTS order: regular, bold, italic, bolditalic, heading)."""
    fallbacks: dict[str, str] = {}
    for slot, font in fonts.items():
        if len(chain(font)) > 1 or names[slot] != font:  # a list, or a font file registered under a name of its own
            fallbacks.setdefault(names[slot], font)
    return fallbacks


BOUND_LEAST = 8.0  # points: a paragraph this large or larger keeps its sums and last numbers on one line (unbroken)


def typeset_frags(frags: list, lang: str, fallbacks: dict[str, str], bound: bool = True) -> list:
    """A parsed paragraph's fragments with their typewriter marks set (pnp.text.typography.typeset_for), each
    knowing the character printed before it: a quote after a bold word closes, one after a space opens. A fragment
    whose font (or fallback list) lacks a mark it would get keeps the marks it was typed with. A sum and a number
    ending a sentence are kept on one line with what they follow (pnp.text.typography.unbroken), where `bound`:
    not in a card table's small cells, whose narrow lines would only run longer."""
    before = ""
    for frag in frags:
        text = getattr(frag, "text", None)
        if text and not hasattr(frag, "cbDefn"):
            frag.text = typeset_for(text, lang, [fallbacks.get(frag.fontName, frag.fontName)], before)
            frag.text = numbered(unbroken(frag.text) if bound else frag.text)
            before = frag.text
    if bound:  # its last word never alone on the last line: it goes down with the word before it
        last = next((f for f in reversed(frags) if getattr(f, "text", "").strip() and not hasattr(f, "cbDefn")), None)
        if last is not None:
            last.text = LAST_WORDS.sub(f"{NBSP}\\1", last.text)
    return frags


# a paragraph's last word, six characters at most (a runt: "K.", "way.", "likes."), bound to the one before it: a longer
# pair, bound, could outgrow a narrow table cell and be cut inside a word ("Fueling Discove / red")
LAST_WORDS = re.compile(r"(?<=\S) (\S{1,%d})\s*$" % 6)
NBSP = "\u00a0"


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


def draw_right_to_left(canvas, x: float, y: float, text: str, font: str, size: float, align: str) -> None:
    """A line holding Arabic or Hebrew outside any paragraph, aligned on x: shaped and put in order by pnp's engine
    (pnp.render.cards.draw_parts_in_visual_order), in the (fallback list) `font` as pnp names it and the colour the
    caller set on the canvas."""
    backend = getattr(canvas, "_pnp_backend", None) or PdfBackend(canvas)
    shade = "#" + canvas._fillColorObj.hexval()[2:]
    draw_parts_in_visual_order(backend, x, y, [("text", font, text, shade)], size, align, {}, {})


def book_line(canvas, text: str, font: str) -> str:
    """A line set outside any paragraph (a footer, a caption, a figure's label) with its typewriter marks set as
    the book's paragraphs have them, in the book's language (pnp.text.typography), where `font` has them."""
    return typeset_for(text, getattr(getattr(canvas, "_doctemplate", None), "lang", "en"), [font])


def draw_centred(canvas, x: float, y: float, text: str, font: str, size: float) -> None:
    """A line of text outside any paragraph (a page's footer, a card picture's caption) centred on x, in the
    book's (fallback list) `font` as pnp names it, at `size`: the canvas's font, set by the caller, when that
    font has every character, else each piece in the first font of the list that has it."""
    text = book_line(canvas, text, font)
    if has_rtl(text):
        draw_right_to_left(canvas, x, y, text, font, size, "center")
        return
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
        if parsed:  # typewriter marks set as a book prints them, in the book's language (pnp.text.typography)
            bound = getattr(style, "bound", None)  # a style may say (a figure's key: small, but in lines of its own)
            self.frags = typeset_frags(self.frags, getattr(style, "lang", "en"), getattr(style, "fallbacks", None) or {},
                                       style.fontSize >= BOUND_LEAST if bound is None else bound)
        # a paragraph holding right-to-left text (Arabic, Hebrew) is set by pnp's engine (pnp.render.bidi_paragraph),
        # which takes each character's font from the fallback lists itself
        self.right_to_left = BidiText(self.frags, style, getattr(style, "fallbacks", None) or {}) \
            if parsed and holds_right_to_left(self.frags) else None
        if parsed and self.right_to_left is None:
            self.frags = fallback_frags(self.frags, getattr(style, "fallbacks", None) or {})

    def split(self, availWidth, availHeight):
        if self.right_to_left is not None:
            return self.right_to_left.split(availWidth, availHeight)
        return super().split(availWidth, availHeight)

    def draw(self):
        if self.right_to_left is not None:
            self.right_to_left.canv = self.canv
            self.right_to_left.draw()
            return
        super().draw()

    def wrap(self, availWidth, availHeight):
        if self.right_to_left is not None:
            self.width, self.height = self.right_to_left.wrap(availWidth, availHeight)
            return self.width, self.height
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


class QuietHeading(Heading):
    """A contents entry and bookmark for a page that prints no heading of its own (a sheet printed at its size on a
    page of its own): it takes no room and draws nothing."""

    def wrap(self, width, height):
        return width, 0

    def draw(self):
        pass

    def getSpaceBefore(self):
        return 0

    def getSpaceAfter(self):
        return 0


def said(game, key: str, **markup) -> str:
    """pnp's word `key` in the game's language as paragraph markup: the word escaped, its slots filled with
    `markup` (escaped already)."""
    return fill(esc(raw(game, key)), markup)


def legible_card_scale(project, faces) -> float:
    """The least scale at which every one of `faces` prints its smallest text at LEGIBLE_PT, measured from what
    the face draws (a layout that raises a size lowers it), rounded up to a whole percent."""
    import math

    need = max((legible_scale(smallest_face_text(f, project.layout, project.game.emblems)) for f in faces), default=0.0)
    return math.ceil(need * 100 - 1e-6) / 100
