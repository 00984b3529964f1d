"""The rulebook's back matter: its index, its credits and its turn summary (the back page).

The index lists the glossary's terms and the words rules.yaml's `index:` adds (the nouns players look up: kinds of
card, special cards, places), each with every page that speaks of it, found as the book is set: every paragraph set
before the index (a rule, an example, a glossary entry) is read for the terms it says; the cover, figure captions
and the back matter itself never count. A term is found in its plural, with another article or none where it has one
inside ("Close a Stack" in "close the Stack"), with an English verb's endings ("closed Stack"), and in the other
forms `index:` gives it ({term: Step down, also: [Sol -1]}). The terms sort in dictionary order (pnp.text.collation,
as the glossary does), so a French "Évasion" files under E. The index comes after every page it points at, so its page numbers are
known when it is set: each line is its term, a dotted leader and its pages (a run of pages as a range, 4–6), as the
contents draws them.

The credits come from game.yaml's `credits:` (designers, art, what the game is based on, what this edition is).
The summary is a player aid: rules.yaml's `summary: {of: turn, steps: [...]}`, short numbered steps in the game's own
words (translated like any rules text: rules/summary/steps/N/text), each followed by the numbers of the rules it
points at, worked out from their ids as the book is numbered, so they never go stale. Its title says what it sums up
(`of:` a turn, a round, or play in a game nobody takes turns in). The older form, a list of section and rule ids
(with `summary_of:`), prints those rules whole.

Imported by pnp.render.rulebook when it sets a book (this module builds on its flowables)."""
from __future__ import annotations

import re

from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import CondPageBreak, Flowable, KeepTogether, PageBreak, Spacer, Table, TableStyle

from pnp.content.words import say
from pnp.model.rules import IndexEntry, Summary
from pnp.render.book_type import Heading, Paragraph, derived, pdf_markup, said
from pnp.rules.tree import pdf_text as esc
from pnp.text.collation import sort_key
from pnp.text.typography import typeset

INDEX_CALLBACK = "pnp-index"
PAGES_SHARE = 0.45  # the most of a line an index entry's page numbers take; longer lists run on below, right-aligned
LEADER = " . "  # the contents' dotted leader
RANGE = "\u2013"  # an en dash: pages 4–6
NBSP = "\u00a0"
FEW_LINES = 0.25  # of a page: a last page holding less than this is a page of a few lines
INDEX_SIZES = ((8.5, 11.0), (8.0, 10.3), (7.5, 9.6))  # smaller type for an index whose last page would hold a few lines
INDEX_GAP = 6 * mm  # between the index's two columns
INDEX_TWO_COLUMNS = 110 * mm  # the narrowest frame the index is set in two columns in: A4's, Letter's and a
# booklet's half page (A5's 124 mm, half-letter's 116 mm) are wider; a long list of pages runs on under its term
INDEX_NARROW = 140 * mm  # a frame narrower than this sets its two index columns in NARROW_INDEX type
NARROW_INDEX = (8.0, 10.3)  # size and leading: a booklet's index, as a printed index is set, smaller than its text
# Paragraphs the index never reads: a figure's caption names what the figure shows ("Detail 2 of 4: top left"),
# not where the rule is told; the credits name the cards this edition drew, not where a player learns of them
UNREAD_STYLES = frozenset({"caption", "credits"})


# The endings a plural adds, by language (a word's last letter changed, enemy -> enemies, is English's alone): the
# index finds a term in its plural too
PLURALS = {"en": ("s", "es"), "fr": ("s", "x"), "de": ("e", "n", "en", "er", "s", "nen")}


# The articles, by language: an article inside a term ("Close a Stack") stands for any of them, or none, as the rules
# may say it ("close the Stack", "closed Stack"); French's elided l' runs into its word
ARTICLES = {"en": ("a", "an", "the"), "fr": ("le", "la", "les", "un", "une", "des", "du", "l'", "l\u2019"),
            "de": ("der", "die", "das", "den", "dem", "des", "ein", "eine", "einen", "einem", "einer", "eines")}
# The endings an English verb takes (close: closes, closed, closing): a term of several words that starts with its
# verb ("Close a Stack", "Lose life") is found with the verb in any of them. Other languages change a verb's stem:
# their forms are given as `index:`'s `also:`
VERB_ENDINGS = {"en": ("s", "es", "d", "ed", "ing")}


def term_pattern(term: str, lang: str = "en") -> re.Pattern:
    """A term as the text says it: whole words, each in its plural too (Stack, stacks; Enemy, enemies); an article
    inside it as any article or none; the first word of several with a verb's endings (English). A word of the term
    written in capitals (IN, UP, GAME) matches only in capitals: the rules' "face down" is not the modifier DOWN;
    every other word matches in any case."""
    return forms_pattern([term], lang)


def forms_pattern(forms: list[str], lang: str = "en", capitalised: bool = False) -> re.Pattern:
    """A term said in any of its forms (the term, and the other forms `index:` gives it); `capitalised`: only as
    written, its capitals and all (a name: Copy, never "copies")."""
    return re.compile("|".join(rf"(?<!\w){_term_regex(form, lang, capitalised)}(?!\w)" for form in forms))


def _term_regex(term: str, lang: str, capitalised: bool = False) -> str:
    language = lang.split("-")[0].lower()
    articles = ARTICLES.get(language, ())
    words, said, article_before = term.split(), [], False
    for number, word in enumerate(words):
        if 0 < number < len(words) - 1 and word.casefold() in articles:  # said below as the gap to the next word
            article_before = True
            continue
        if number:
            said.append(_article_gap(articles) if article_before else r"\s+")
        article_before = False
        said.append(_word_regex(word, language, last=number == len(words) - 1, verb=number == 0 and len(words) > 1,
                                exact=capitalised))
    return "".join(said)


def _article_gap(articles) -> str:
    """Between two words of a term where it says an article: a space, with any article or none in it."""
    spelt = "|".join(re.escape(a) + (r"\s*" if a.endswith(("'", "\u2019")) else r"\s+") for a in articles)
    return rf"\s+(?i:{spelt})?"


def _word_regex(word: str, language: str, last: bool, verb: bool, exact: bool = False) -> str:
    capitals = sum(c.isalpha() for c in word) >= 2 and word == word.upper()
    endings = PLURALS.get(language, ())
    if last and language == "en" and word[-1:] in ("y", "Y") and len(word) > 2:  # enemy, enemies
        said = re.escape(word[:-1]) + ("(?:Y|IES)" if capitals else "(?:y|ies)")
    elif verb and language in VERB_ENDINGS and not capitals:  # close, closes, closed, closing
        endings = tuple(dict.fromkeys(endings + VERB_ENDINGS[language]))
        said = re.escape(word) + "(?:{})?".format("|".join(endings))
        if word.endswith("e") and len(word) > 2:  # a closing e goes before -ing: closing
            said = f"(?:{said}|{re.escape(word[:-1])}ing)"
    else:  # any word may take a plural: aides de jeu, cartes Récit
        plural = "(?:{})?".format("|".join(e.upper() if capitals else e for e in endings)) if endings else ""
        said = re.escape(word) + plural
    return said if capitals or exact else f"(?i:{said})"


def plain_text(flowable) -> str:
    """The words a flowable sets (a paragraph's, a dotted rule's, those kept together), for the index to read; a
    caption's none."""
    if hasattr(flowable, "getPlainText"):
        style = getattr(flowable, "style", None)
        return "" if getattr(style, "name", None) in UNREAD_STYLES else flowable.getPlainText()
    inner = getattr(flowable, "paragraph", None)
    if inner is not None:
        return plain_text(inner)
    cells = getattr(flowable, "_cellvalues", None)  # a table's cells: each a flowable, a list of them, or a string
    if cells is not None:
        return " ".join(_cell_text(cell) for row in cells for cell in row)
    return " ".join(plain_text(f) for f in getattr(flowable, "_content", ()) or ())


def _cell_text(cell) -> str:
    if isinstance(cell, str):
        return cell
    if isinstance(cell, (list, tuple)):
        return " ".join(_cell_text(c) for c in cell)
    return plain_text(cell)


def page_ranges(pages) -> str:
    """Pages as an index prints them: in order, a run of three or more as a range (3, 5–7, 9)."""
    pages, runs = sorted(set(pages)), []
    for page in pages:
        if runs and page == runs[-1][1] + 1:
            runs[-1][1] = page
        else:
            runs.append([page, page])
    return ", ".join(str(a) if a == b else f"{a}, {b}" if b == a + 1 else f"{a}{RANGE}{b}" for a, b in runs)


class Columns(Flowable):
    """Rows (one-cell table rows) set in columns `column` wide, `gap` apart: each page's columns filled in turn, the
    last page's balanced (its rows shared evenly between them); one column where `gap` is 0."""

    def __init__(self, rows: list, style, column: float, gap: float, starts: set[int] | None = None):
        """`starts`: the rows a column may begin with (an index entry's first line: its run-on pages stay with it);
        any row where None."""
        super().__init__()
        self.rows, self.style, self.column, self.gap = rows, style, column, gap
        self.starts = starts if starts is not None else set(range(len(rows) + 1))
        self.count = 2 if gap else 1
        self.heights = [Table([row], colWidths=(column,), style=style).wrap(column, 1e9)[1] for row in rows]
        self.parts: list[list] = []

    def _fill(self, height: float, balanced: bool) -> list[list]:
        """The rows each column takes, up to `height` each; balanced: as evenly as they share the least height."""
        ends = sorted(k for k in self.starts | {len(self.rows)} if 0 <= k <= len(self.rows))
        if balanced and self.count == 1:  # every row: a one-column wrap that told only what fits lost the rest
            return [self.rows]
        if balanced:
            total = sum(self.heights)
            # the shortest tallest column; of two as short, the fuller left one (a lone entry stands left, not right)
            best = min(ends, key=lambda k: (max(sum(self.heights[:k]), total - sum(self.heights[:k])), -k))
            return [self.rows[:best], self.rows[best:]]
        parts, start = [], 0
        for _ in range(self.count):
            fits = [k for k in ends if k >= start and sum(self.heights[start:k]) <= height]
            end = max(fits) if fits else start
            parts.append(self.rows[start:end])
            start = end
        return parts

    def _height(self, parts) -> float:
        at, tallest = 0, 0.0
        for part in parts:
            tallest = max(tallest, sum(self.heights[at:at + len(part)]))
            at += len(part)
        return tallest

    def wrap(self, width, height):
        self.parts = self._fill(height, balanced=True)
        self.width, self.height = width, self._height(self.parts)
        return width, self.height

    def split(self, width, height):
        parts = self._fill(height, balanced=False)
        taken = sum(len(p) for p in parts)
        if not taken:
            return []
        first = Columns(self.rows[:taken], self.style, self.column, self.gap, {k for k in self.starts if k <= taken})
        first.heights = self.heights[:taken]
        rest = Columns(self.rows[taken:], self.style, self.column, self.gap, {k - taken for k in self.starts if k >= taken})
        rest.heights = self.heights[taken:]
        first.parts, first.width, first.height = parts, width, self._height(parts)
        first.wrap = lambda w, h: (w, first.height)  # the page's columns as they were filled, not balanced again
        return [first, rest] if rest.rows else [first]

    def draw(self):
        for number, part in enumerate(self.parts):
            if not part:
                continue
            table = Table(part, colWidths=(self.column,), style=self.style)
            _, h = table.wrap(self.column, 1e9)
            table.drawOn(self.canv, number * (self.column + self.gap), self.height - h)


class Index(Flowable):
    """The index: a line per term, its term, a dotted leader and its pages. Set after every page it points at:
    its lines are laid out when the book reaches it, once every page before it has been read (`seen`)."""

    def __init__(self, terms: list[str | tuple], style, lang: str = "en", frame_height: float | None = None):
        """`terms`: each a word, or (a word, the other forms the rules say it in[, whether it is found only with its
        capitals: IndexEntry.capitalised])."""
        super().__init__()
        self.frame_height = frame_height  # a page's room: the index's last page is kept from holding a few lines
        forms: dict[str, list[str]] = {}
        named: set[str] = set()  # the terms found only as written, capitals and all
        for item in terms:
            term, also, capitalised = (item, [], False) if isinstance(item, str) else (tuple(item) + (False,))[:3]
            forms.setdefault(term, [term])
            forms[term] += [form for form in also if form not in forms[term]]
            if capitalised:
                named.add(term)
        self.terms = sorted(forms, key=sort_key)  # dictionary order: À and É file with A and E
        # a form as the rules type it and as the book prints it ("Sol -1", "Sol −1": pnp.text.typography)
        self.patterns = [forms_pattern(list(dict.fromkeys(forms[term] + [typeset(f, lang) for f in forms[term]])), lang,
                                       term in named) for term in self.terms]
        self.style = self.base = style
        self.pages: dict[int, list[int]] = {i: [] for i in range(len(self.terms))}
        self.shown: dict[int, list[str]] = {}  # line -> its pages as printed, in the pieces each line holds
        self.closed = False  # once the index is laid out, nothing more is read: what follows is back matter
        self.table, self.width, self._column = None, None, None

    def seen(self, flowable, page: int) -> None:
        """A flowable set on `page`: the terms it speaks of are on that page."""
        # the cover is no place to look a term up; a table only where it says it is read (a sheet's key: its parts'
        # names are where a player looks for "Turn tally"), never a card table's hundred rows
        if self.closed or isinstance(flowable, Index) or page == 1 or getattr(flowable, "unindexed", False) or (
                isinstance(flowable, Table) and not getattr(flowable, "index_read", False)):
            return
        text = plain_text(flowable)
        if not text:
            return
        for index, pattern in enumerate(self.patterns):
            pages = self.pages[index]
            if page not in pages and pattern.search(text):
                pages.append(page)

    def _pieces(self, pages: str, most: float, first: float | None = None) -> list[str]:
        """A line's pages cut at its commas into pieces no wider than `most` (the first beside the term, no wider
        than `first` where given)."""
        pieces = [""]
        for part in pages.split(", ") if pages else []:
            joined = f"{pieces[-1]}, {part}" if pieces[-1] else part
            if pieces[-1] and self._width(joined) > (first if first is not None and len(pieces) == 1 else most):
                pieces[-1] += ","
                pieces.append(part)
            else:
                pieces[-1] = joined
        # a list run on ends on two pages at least, never on one alone ("…, 10, 11, / 13": the eighteenth proofreading)
        before = pieces[-2].rstrip(",").split(", ") if len(pieces) > 1 and ", " not in pieces[-1] else []
        if len(before) > 1 and self._width(f"{before[-1]}, {pieces[-1]}") <= most:
            pieces[-2:] = [", ".join(before[:-1]) + ",", f"{before[-1]}, {pieces[-1]}"]
        return pieces

    def _width(self, text: str) -> float:
        return stringWidth(text, self.style.fontName, self.style.fontSize)

    def _lines(self, width, room: float | None = None):
        if self.width != width:
            self.closed = True
            self.width = width
            self.column = _column_for(width)
            self.style = self._start_style(width)
            self.style = self._fitting_style(width, room)
            self.table = self._columns()
        return self.table

    def _start_style(self, width: float):
        """The index's type in a frame `width` wide: the book's, or NARROW_INDEX in a booklet's two narrow
        columns, where the book's would break its terms ("Fighting discard / pile")."""
        if _column_for(width) < width < INDEX_NARROW:
            return derived("index-narrow", self.base, fontSize=NARROW_INDEX[0], leading=NARROW_INDEX[1])
        return self.base

    def _columns(self) -> "Columns":
        rows, style = self._rows(self.column)
        return Columns(rows, style, self.column, INDEX_GAP if self.column < self.width else 0.0, self.entry_starts)

    def starts_short(self, width: float, room: float) -> bool:
        """Whether the index, started in the `room` a page leaves it, would end on a page of a few lines whatever
        its type, while on a page of its own it would fit whole: then it starts that page instead."""
        if not self.frame_height or room <= 0:
            return False
        kept = self.style, getattr(self, "column", None), self.width
        self.column, self.width = _column_for(width), width
        try:
            self.style = self._start_style(width)
            self.style = self._fitting_style(width, room)
            short = self._ends_short(self._columns(), room)
            self.style = self._start_style(width)
            whole = self._columns()
            return short and sum(whole.heights) <= whole.count * self.frame_height
        finally:
            self.style, self.column, self.width = kept

    def _fitting_style(self, width, room):
        """The index's type: its style, or a size smaller (INDEX_SIZES) when that keeps its last page from holding
        only a few lines, knowing the `room` the page it starts on leaves it."""
        if room is None or not self.frame_height:
            return self.style
        styles = [self.style] + [derived(f"index-{size}", self.style, fontSize=size, leading=leading)
                                 for size, leading in INDEX_SIZES if size < self.style.fontSize]
        for style in styles:
            self.style = style
            if not self._ends_short(self._columns(), room):
                return style
        return styles[0]

    def _ends_short(self, columns: "Columns", room: float) -> bool:
        """Whether the index, started in `room`, ends on a page holding only a few lines: the rows left after the
        first page's columns are set a page of columns at a time, the last page's balanced (Columns)."""
        rest = sum(columns.heights) - columns.count * room
        return rest > 0 and (rest % (columns.count * self.frame_height)) / columns.count < FEW_LINES * self.frame_height

    def _rows(self, width):
        """The index's lines in its style, `width` wide (a column's): a row per term, and one per run-on piece of a
        long list of pages; with the table style they are set in."""
        most = width * PAGES_SHARE
        rows = []
        self.entry_starts = set()  # the rows an entry begins on: a column never starts with an entry's run-on pages
        for index, term in enumerate(self.terms):
            self.entry_starts.add(len(rows))
            pieces = self._pieces(page_ranges(self.pages[index]), most)
            # the term keeps clear of its first piece of pages and the leader's first dots; a term that would break
            # there ("Free-card / marker") stands whole on its line, its pages running on under it
            room = self._width(pieces[0]) + self._width(LEADER) * 2
            beside = width - self.style.leftIndent - self._width(term) - self._width(LEADER) * 2
            if pieces[0] and self._width(term) > width - self.style.leftIndent - room:
                # fewer pages beside it, two at least ("Damage counter . . 3, 4, 8, / 15, 16": the nineteenth
                # proofreading), else the term alone on its line
                fewer = self._pieces(page_ranges(self.pages[index]), most, first=beside)
                if ", " in fewer[0]:
                    pieces, room = fewer, self._width(fewer[0]) + self._width(LEADER) * 2
                else:
                    pieces = [""] + pieces
                    room = self._width(LEADER) * 2
            self.shown[index] = pieces
            style = derived(f"index-{index}", self.style, rightIndent=room)
            rows.append([Paragraph(f'{esc(term)}<onDraw name="{INDEX_CALLBACK}" label="{index}"/>', style)])
            for piece in pieces[1:]:  # a long list runs on under its first line, right-aligned
                rows.append([Paragraph(esc(piece), derived(f"index-{index}-more", self.style, alignment=2))])
        style = TableStyle([("FONT", (0, 0), (-1, -1), self.style.fontName), ("LEFTPADDING", (0, 0), (-1, -1), 0),
                            ("RIGHTPADDING", (0, 0), (-1, -1), 0), ("TOPPADDING", (0, 0), (-1, -1), 0),
                            ("BOTTOMPADDING", (0, 0), (-1, -1), 1)])
        return rows or [[""]], style

    def wrap(self, width, height):
        return self._lines(width, height).wrapOn(self.canv, width, height)

    def split(self, width, height):
        return self._lines(width).splitOn(self.canv, width, height)

    def drawOn(self, canvas, x, y, _sW=0):
        self.table.drawOn(canvas, x, y, _sW)

    @property
    def column(self) -> float:
        return self._column if self._column is not None else (self.width or 0.0)

    @column.setter
    def column(self, value: float) -> None:
        self._column = value

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
        style, width = index.style, index.column
        pages_w, dot_w = index._width(pages), index._width(LEADER)
        dots = max(0, int(((x if rtl else width - x) - pages_w) / dot_w))
        text = canvas.beginText(0 if rtl else width - dots * dot_w - pages_w, y)
        text.setFont(style.fontName, style.fontSize)
        text.setFillColor(style.textColor)
        text.textLine(pages + dots * LEADER if rtl else dots * LEADER + pages)
        canvas.drawText(text)


def index_terms(ref) -> list[tuple[str, list[str], bool]]:
    """The index's terms, each with the other forms the rules say it in and whether it is found only with its
    capitals: the glossary's headwords as players read them, and the words rules.yaml's `index:` adds (an `index:`
    entry naming a glossary term adds its forms, and its `capitalised`, to it)."""
    terms = [(entry.term, [], False) for entry in ref.glossary if entry.term]
    terms += [(item.term, list(item.also), item.capitalised) if isinstance(item, IndexEntry) else (item, [], False)
              for item in ref.game.rules.index]
    # never an engine's word (draw_three, draw3): a word run into a number; a number on its own (7-Start) is a word
    return [term for term in terms if "_" not in term[0] and not re.search(r"[a-z]\d", term[0])]


def _column_for(width: float) -> float:
    """An index column's width: two columns, as an index is set, where a column keeps room for a term and its
    pages; else the whole width."""
    return (width - INDEX_GAP) / 2 if width >= INDEX_TWO_COLUMNS else width


def index_pages(ref, styles, index: Index, frame_height: float) -> list:
    """The index: on a new page unless the page before has a third of a page left for it (never a page of a few
    lines before it)."""
    game = ref.game
    # not kept with the index, as a heading is with what follows it: kept together, an index longer than the room
    # left would start a page of its own; the conditional break leaves the heading room for lines under it
    heading = Heading(say(game, "index"), derived("index-heading", styles["h1"], keepWithNext=0), "index", 0)
    return [IndexBreak(index, heading, frame_height), heading, index]


class IndexBreak(CondPageBreak):
    """The page break before the index: where the page has less than a third left for it, or where the index
    started there would end on a page of a few lines but fits a page of its own whole (Index.starts_short)."""

    def __init__(self, index: Index, heading, frame_height: float):
        super().__init__(frame_height / 3)
        self.index, self.heading, self.frame_height = index, heading, frame_height

    def wrap(self, availWidth, availHeight):
        self.height = self.frame_height / 3
        if availHeight >= self.height:
            head = self.heading.wrap(availWidth, availHeight)[1] + self.heading.getSpaceBefore() \
                + self.heading.getSpaceAfter()
            if self.index.starts_short(availWidth, availHeight - head):
                self.height = availHeight + 1  # on to the next page: the whole index there
        return super().wrap(availWidth, availHeight)


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
    style = derived("credits", styles["body"])  # set as the body, never read by the index (UNREAD_STYLES)
    for label, text in lines:
        shown = said(game, "label-text", label=f"<b>{esc(label)}</b>", text=esc(text)) if label else esc(text)
        flow += [Paragraph(shown, style), Spacer(1, 4)]
    return [KeepTogether(flow)]


SHORT_POINTER = 12  # characters: a summary step's "(see 4.2)" this short stays on its step's last line


SUMMARY_TITLES = {"turn": "turn-summary", "round": "round-summary", "play": "play-summary"}  # pnp's words
SUMMARY_KEY = "turn-summary"  # the summary heading's anchor (a booklet's back cover: pnp.render.rulebook)


def summary_steps(ref) -> list[tuple[str, list[str]]]:
    """The summary's steps (rules.yaml's `summary: {steps: ...}`), each as (its text, the numbers of the rules it
    points at, as this book numbers them); a rule outside this kit (a colour the book leaves out) is left out."""
    summary = ref.game.rules.summary
    if not isinstance(summary, Summary):
        return []
    numbers = ref.numbers()
    return [(step.text, [numbers[rule] for rule in step.rules if rule in numbers]) for step in summary.steps]


def rule_ranges(numbers: list[str]) -> str:
    """Rule numbers as a step points at them: in its order, a run of three or more in one section as a range (4.1–4.3),
    so the reference stays short."""
    runs: list[list[str]] = []
    for number in numbers:
        head, _, last = number.rpartition(".")
        if runs and last.isdigit() and _next_in_section(runs[-1][-1], head, int(last)):
            runs[-1].append(number)
        else:
            runs.append([number])
    return ", ".join(run[0] if len(run) == 1 else ", ".join(run) if len(run) == 2 else f"{run[0]}{RANGE}{run[-1]}"
                     for run in runs)


def _next_in_section(before: str, head: str, last: int) -> bool:
    before_head, _, before_last = before.rpartition(".")
    return before_head == head and before_last.isdigit() and int(before_last) + 1 == last


def summary_rules(ref) -> list[tuple]:
    """What the older list form of the summary prints, in order: (section, None) for a section's title, (None, rule)
    for each rule, every rule of a section `summary:` names and each rule it names on its own; those outside this kit
    left out."""
    summary = ref.game.rules.summary
    if isinstance(summary, Summary):
        return []
    nodes = {node.id: node for node in ref.walk()}
    shown = []
    for node_id in summary:
        node = nodes.get(node_id)
        if node is None:  # outside this kit (a colour the book leaves out)
            continue
        if node.kind == "section":
            shown.append((node, None))
            shown += [(None, child) for child in node.children if child.kind == "rule"]
        else:
            shown.append((None, node))
    return shown


# The summary's type, largest first: the rules' own size (a player aid read across the table), then these, down to
# 7.5 pt, when that keeps it on one page or saves its last page from holding only a few lines
SUMMARY_SIZES = ((9.0, 11.6), (8.5, 11.0), (8.0, 10.3), (7.5, 9.6))
STEP_GAP = 3  # points between two steps
STEP_INDENT = 18  # points: a step's lines hang under its text, clear of its number


def summary_flow(ref, styles, frame: tuple[float, float] | None = None) -> list:
    """The summary on the book's last page: its numbered steps, each with the rules it points at (or, in the older
    form, each rule `summary:` names, whole, under its section's title). In the largest of SUMMARY_SIZES (no larger
    than the rules' type) that fits one page, or else fills its last page past FEW_LINES, when the frame (width,
    height) is known."""
    steps, shown = summary_steps(ref), summary_rules(ref)
    if not steps and not shown:
        return []
    game = ref.game
    title = say(game, SUMMARY_TITLES[game.rules.summary_kind])
    body = styles["body"]
    sizes = [(body.fontSize, body.leading)] + [size for size in SUMMARY_SIZES if size[0] < body.fontSize]
    lines = (lambda size: _step_lines(ref, styles, steps, size)) if steps else \
        (lambda size: _summary_lines(ref, styles, shown, size))
    flows = [[PageBreak(), Heading(title, styles["h1"], SUMMARY_KEY, 0)] + lines(size) for size in sizes]
    if frame is None:
        return flows[0]
    width, height = frame
    for flow in flows:  # the largest type that keeps the summary on one page
        if _stacked(flow[1:], width) <= height:
            return flow
    for flow in flows:
        pages = _stacked(flow[1:], width) / height
        if pages % 1 >= FEW_LINES:
            return flow
    return flows[0]


def _step_lines(ref, styles, steps, size) -> list:
    """Each step as a numbered paragraph, its lines hanging under its text, the rules it points at after it."""
    # the text hangs clear of the widest number ("10." is wider than STEP_INDENT at the rules' size)
    widest = stringWidth(f"{len(steps)}.", styles["strong"].fontName, size[0]) + size[0] * 0.5
    body = derived(f"summary-step-{size[0]}", styles["body"], fontSize=size[0], leading=size[1],
                   leftIndent=max(STEP_INDENT, widest), bulletIndent=0, bulletFontName=styles["strong"].fontName,
                   bulletFontSize=size[0], spaceAfter=STEP_GAP)
    lines = []
    for number, (text, rules) in enumerate(steps, 1):
        # "(see 4.3)" kept whole at a line's end; a short one with the step's last word too, never a line of its
        # own (a long one may start its line: held to the last word it would leave the line above short)
        pointer = f"({said(ref.game, 'see-rules', rules=esc(rule_ranges(rules))).replace(' ', NBSP)})" if rules else ""
        see = (NBSP if len(pointer) <= SHORT_POINTER else " ") + pointer if pointer else ""
        lines.append(Paragraph(f"{pdf_markup(ref, text, styles)}{see}", body, bulletText=f"{number}."))
    return lines


def _summary_lines(ref, styles, shown, size) -> list:
    body = derived(f"summary-{size[0]}", styles["body"], fontSize=size[0], leading=size[1])
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
