"""The rulebook's back matter: its index, its credits and its turn summary (the back page).

The index lists the glossary's terms and the words rules.yaml's `index:` adds (the nouns players look up: kinds of
card, special cards, places), each with every page that speaks of it, found as the book is set: every paragraph set
before the index (a rule, an example, a glossary entry) is read for the terms it says; the cover, figure captions
and the back matter itself never count. The index comes after every page it points at, so its page numbers are
known when it is set: each line is its term, a dotted leader and its pages (a run of pages as a range, 4–6), as the
contents draws them.

The credits come from game.yaml's `credits:` (designers, art, what the game is based on, what this edition is).
The summary is each rule rules.yaml's `summary:` names (a section names all its rules), whole, numbered as in the
book: the rules' own words, in every edition's language, so the summary never says less than the rule. Its title
says what it sums up (`summary_of:` a turn, a round, or play in a game nobody takes turns in).

Imported by pnp.render.rulebook when it sets a book (this module builds on its flowables)."""
from __future__ import annotations

import re

from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import CondPageBreak, Flowable, KeepTogether, PageBreak, Spacer, Table, TableStyle

from pnp.content.words import say
from pnp.render.book_type import Heading, Paragraph, pdf_markup
from pnp.rules.tree import pdf_text as esc

INDEX_CALLBACK = "pnp-index"
PAGES_SHARE = 0.45  # the most of a line an index entry's page numbers take; longer lists run on below, right-aligned
LEADER = " . "  # the contents' dotted leader
RANGE = "\u2013"  # an en dash: pages 4–6
FEW_LINES = 0.25  # of a page: a last page holding less than this is a page of a few lines
INDEX_SIZES = ((8.5, 11.0), (8.0, 10.3), (7.5, 9.6))  # smaller type for an index whose last page would hold a few lines
# Paragraphs the index never reads: a figure's caption names what the figure shows ("Detail 2 of 4: top left"),
# not where the rule is told
UNREAD_STYLES = frozenset({"caption"})


# The endings a plural adds, by language (a word's last letter changed, enemy -> enemies, is English's alone): the
# index finds a term in its plural too
PLURALS = {"en": ("s", "es"), "fr": ("s", "x"), "de": ("e", "n", "en", "er", "s", "nen")}


def term_pattern(term: str, lang: str = "en") -> re.Pattern:
    """A term as the text says it: whole words, each in its plural too (Stack, stacks; Enemy, enemies). A word of the term
    written in capitals (IN, UP, GAME) matches only in capitals: the rules' "face down" is not the modifier DOWN;
    every other word matches in any case."""
    parts = re.split(r"(\s+)", term.strip())
    words = []
    for number, word in enumerate(parts):
        if word.isspace():
            words.append(r"\s+")
            continue
        capitals = sum(c.isalpha() for c in word) >= 2 and word == word.upper()
        last = number == len(parts) - 1
        endings = PLURALS.get(lang.split("-")[0].lower(), ())
        plural = "(?:{})?".format("|".join(e.upper() if capitals else e for e in endings)) if endings else ""
        if last and lang.startswith("en") and word[-1:] in ("y", "Y") and len(word) > 2:  # enemy, enemies
            said = re.escape(word[:-1]) + ("(?:Y|IES)" if capitals else "(?:y|ies)")
        else:
            said = re.escape(word) + plural  # any word may take it: aides de jeu, cartes Récit
        words.append(said if capitals else f"(?i:{said})")
    return re.compile(rf"(?<!\w){''.join(words)}(?!\w)")


def plain_text(flowable) -> str:
    """The words a flowable sets (a paragraph's, a dotted rule's, those kept together), for the index to read; a
    caption's none."""
    if hasattr(flowable, "getPlainText"):
        style = getattr(flowable, "style", None)
        return "" if getattr(style, "name", None) in UNREAD_STYLES else flowable.getPlainText()
    inner = getattr(flowable, "paragraph", None)
    if inner is not None:
        return plain_text(inner)
    return " ".join(plain_text(f) for f in getattr(flowable, "_content", ()) or ())


def page_ranges(pages) -> str:
    """Pages as an index prints them: in order, a run of three or more as a range (3, 5–7, 9)."""
    pages, runs = sorted(set(pages)), []
    for page in pages:
        if runs and page == runs[-1][1] + 1:
            runs[-1][1] = page
        else:
            runs.append([page, page])
    return ", ".join(str(a) if a == b else f"{a}, {b}" if b == a + 1 else f"{a}{RANGE}{b}" for a, b in runs)


class Index(Flowable):
    """The index: a line per term, its term, a dotted leader and its pages. Set after every page it points at:
    its lines are laid out when the book reaches it, once every page before it has been read (`seen`)."""

    def __init__(self, terms: list[str], style, lang: str = "en", frame_height: float | None = None):
        super().__init__()
        self.frame_height = frame_height  # a page's room: the index's last page is kept from holding a few lines
        self.terms = sorted(dict.fromkeys(terms), key=str.casefold)
        self.patterns = [term_pattern(term, lang) for term in self.terms]
        self.style = style
        self.pages: dict[int, list[int]] = {i: [] for i in range(len(self.terms))}
        self.shown: dict[int, list[str]] = {}  # line -> its pages as printed, in the pieces each line holds
        self.closed = False  # once the index is laid out, nothing more is read: what follows is back matter
        self.table, self.width = None, None

    def seen(self, flowable, page: int) -> None:
        """A flowable set on `page`: the terms it speaks of are on that page."""
        if self.closed or isinstance(flowable, (Index, Table)) or page == 1:  # the cover is no place to look a term up
            return
        text = plain_text(flowable)
        if not text:
            return
        for index, pattern in enumerate(self.patterns):
            pages = self.pages[index]
            if page not in pages and pattern.search(text):
                pages.append(page)

    def _pieces(self, pages: str, most: float) -> list[str]:
        """A line's pages cut at its commas into pieces no wider than `most` (the first beside the term)."""
        pieces = [""]
        for part in pages.split(", ") if pages else []:
            joined = f"{pieces[-1]}, {part}" if pieces[-1] else part
            if pieces[-1] and self._width(joined) > most:
                pieces[-1] += ","
                pieces.append(part)
            else:
                pieces[-1] = joined
        return pieces

    def _width(self, text: str) -> float:
        return stringWidth(text, self.style.fontName, self.style.fontSize)

    def _lines(self, width, room: float | None = None):
        if self.width != width:
            self.closed = True
            self.style = self._fitting_style(width, room)
            self.table = self._table(width)
            self.width = width
        return self.table

    def _fitting_style(self, width, room):
        """The index's type: its style, or a size smaller (INDEX_SIZES) when that keeps its last page from holding
        only a few lines, knowing the `room` the page it starts on leaves it."""
        if room is None or not self.frame_height:
            return self.style
        styles = [self.style] + [ParagraphStyle(f"index-{size}", self.style, fontSize=size, leading=leading)
                                 for size, leading in INDEX_SIZES if size < self.style.fontSize]
        for style in styles:
            self.style = style
            rest = self._table(width).wrap(width, 1e9)[1] - room
            if rest <= 0 or rest % self.frame_height >= FEW_LINES * self.frame_height:
                return style
        return styles[0]

    def _table(self, width):
        """The index's lines in its style: a row per term, and one per run-on piece of a long list of pages."""
        most = width * PAGES_SHARE
        rows = []
        for index, term in enumerate(self.terms):
            pieces = self.shown[index] = self._pieces(page_ranges(self.pages[index]), most)
            # the term keeps clear of its first piece of pages and the leader's first dots
            room = self._width(pieces[0]) + self._width(LEADER) * 2
            style = ParagraphStyle(f"index-{index}", self.style, rightIndent=room)
            rows.append([Paragraph(f'{esc(term)}<onDraw name="{INDEX_CALLBACK}" label="{index}"/>', style)])
            for piece in pieces[1:]:  # a long list runs on under its first line, right-aligned
                rows.append([Paragraph(esc(piece), ParagraphStyle(f"index-{index}-more", self.style, alignment=2))])
        style = TableStyle([("FONT", (0, 0), (-1, -1), self.style.fontName), ("LEFTPADDING", (0, 0), (-1, -1), 0),
                            ("RIGHTPADDING", (0, 0), (-1, -1), 0), ("TOPPADDING", (0, 0), (-1, -1), 0),
                            ("BOTTOMPADDING", (0, 0), (-1, -1), 1)])
        return Table(rows or [[""]], colWidths=(width,), style=style)

    def wrap(self, width, height):
        return self._lines(width, height).wrapOn(self.canv, width, height)

    def split(self, width, height):
        return self._lines(width).splitOn(self.canv, width, height)

    def drawOn(self, canvas, x, y, _sW=0):
        self.table.drawOn(canvas, x, y, _sW)

    @staticmethod
    def draw_pages(canvas, kind, label):
        """At the end of a term: its dotted leader and its first piece of pages, right-aligned at the line's end
        (at its start, the leader running left, for a term written right to left)."""
        index = canvas._doctemplate.index
        line = int(label)
        x, y = canvas._curr_tx_info["cur_x"], canvas._curr_tx_info["cur_y"]
        rtl = canvas._curr_tx_info.get("rtl", False)
        pages = index.shown.get(line, [""])[0]
        if not pages:  # a term the book never speaks of (an edition's rules may leave it out): no leader to nothing
            return
        style, width = index.style, index.width
        pages_w, dot_w = index._width(pages), index._width(LEADER)
        dots = max(0, int(((x if rtl else width - x) - pages_w) / dot_w))
        text = canvas.beginText(0 if rtl else width - dots * dot_w - pages_w, y)
        text.setFont(style.fontName, style.fontSize)
        text.setFillColor(style.textColor)
        text.textLine(pages + dots * LEADER if rtl else dots * LEADER + pages)
        canvas.drawText(text)


def index_terms(ref) -> list[str]:
    """The index's terms: the glossary's headwords as players read them, and the words rules.yaml's `index:` adds."""
    terms = [entry.term for entry in ref.glossary if entry.term] + list(ref.game.rules.index)
    # never an engine's word (draw_three, draw3): a word run into a number; a number on its own (7-Start) is a word
    return [term for term in terms if "_" not in term and not re.search(r"[a-z]\d", term)]


def index_pages(ref, styles, index: Index, frame_height: float) -> list:
    """The index: on a new page unless the page before has a third of a page left for it (never a page of a few
    lines before it)."""
    game = ref.game
    # not kept with the index, as a heading is with what follows it: kept together, an index longer than the room
    # left would start a page of its own; the conditional break leaves the heading room for lines under it
    heading = Heading(say(game, "index"), ParagraphStyle("index-heading", styles["h1"], keepWithNext=0), "index", 0)
    return [CondPageBreak(frame_height / 3), heading, index]


def credits_flow(game, styles) -> list:
    """The credits from game.yaml: who designed the game, who drew it, what it is based on, what this edition is."""
    credits = game.manifest.credits
    lines = []
    if credits.design:
        lines.append((say(game, "game-design"), ", ".join(credits.design)))
    if credits.art:
        lines.append((say(game, "art"), ", ".join(credits.art)))
    if credits.based_on:
        lines.append((say(game, "based-on"), credits.based_on))
    if credits.edition:
        version = f" ({game.manifest.version})" if game.manifest.version else ""
        lines.append((say(game, "edition") + version, credits.edition))
    if credits.thanks:
        lines.append(("", credits.thanks))
    if not lines:
        return []
    flow = [Heading(say(game, "credits"), styles["h1"], "credits", 0)]
    for label, text in lines:
        shown = f"<b>{esc(label)}</b>: {esc(text)}" if label else esc(text)
        flow += [Paragraph(shown, styles["body"]), Spacer(1, 4)]
    return [KeepTogether(flow)]


SUMMARY_TITLES = {"turn": "turn-summary", "round": "round-summary", "play": "play-summary"}  # pnp's words


def summary_rules(ref) -> list[tuple]:
    """What the summary prints, in order: (section, None) for a section's title, (None, rule) for each rule, every
    rule of a section `summary:` names and each rule it names on its own; those outside this kit left out."""
    nodes = {node.id: node for node in ref.walk()}
    shown = []
    for node_id in ref.game.rules.summary:
        node = nodes.get(node_id)
        if node is None:  # outside this kit (a colour the book leaves out)
            continue
        if node.kind == "section":
            shown.append((node, None))
            shown += [(None, child) for child in node.children if child.kind == "rule"]
        else:
            shown.append((None, node))
    return shown


# The summary's type, largest first: a size smaller than the rules, and smaller again when that saves its last page
# from holding only a few lines (never under 7.5 pt)
SUMMARY_SIZES = ((8.5, 11.0), (8.0, 10.3), (7.5, 9.6))


def summary_flow(ref, styles, frame: tuple[float, float] | None = None) -> list:
    """The summary on the book's last pages: each rule `summary:` names, its number and whole text, under its
    section's title. In the largest of SUMMARY_SIZES that fills its last page past FEW_LINES (or takes one page),
    when the frame (width, height) is known."""
    shown = summary_rules(ref)
    if not shown:
        return []
    game = ref.game
    title = say(game, SUMMARY_TITLES[game.rules.summary_of])
    flows = [[PageBreak(), Heading(title, styles["h1"], "turn-summary", 0)] + _summary_lines(ref, styles, shown, size)
             for size in SUMMARY_SIZES]
    if frame is None:
        return flows[0]
    width, height = frame
    for flow in flows:
        pages = _stacked(flow[1:], width) / height
        if pages <= 1 or pages % 1 >= FEW_LINES:
            return flow
    return flows[0]


def _summary_lines(ref, styles, shown, size) -> list:
    body = ParagraphStyle(f"summary-{size[0]}", styles["body"], fontSize=size[0], leading=size[1])
    lines = []
    for section, rule in shown:
        if section is not None:
            lines += [Spacer(1, 3), Paragraph(f"<b>{esc(section.number)} {esc(section.title)}</b>", body)]
        else:
            lines.append(Paragraph(f"<b>{rule.number}</b>  {pdf_markup(ref, rule.text, styles)}", body))
    return lines


def _stacked(flow, width: float) -> float:
    """How tall flowables stand one under another in a frame `width` wide."""
    import io

    from reportlab.pdfgen.canvas import Canvas
    from reportlab.platypus.flowables import _listWrapOn

    return _listWrapOn(flow, width, Canvas(io.BytesIO()))[1]
