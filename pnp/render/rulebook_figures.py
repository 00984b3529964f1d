"""Figures the rulebook draws from a game's own content, for any game (issue 35).

- A sheet's overview (`sheet_overview`): a playmat or board pictured whole, upright, scaled onto the page (its
  words that would print under LEGIBLE_PT there left off, never cut at an edge), each of its parts numbered, and a
  key under it on the same page naming each part in one sentence (`sheet_key`: the sheet's `key:`, else its areas'
  and tracks' labels and texts).
- `figure: {kind: setup, ...}` on a set-up rule: the real playmat or board (the table, for a game without one)
  with the components laid where the set-up puts them, as the build draws them, each numbered with the set-up
  rule that puts it there.
- `figure: {kind: cards, ...}` on a rule: an example of play, the real cards laid out as the example says, small,
  with letters the caption refers to.

In rules.yaml:

    figure:
      kind: setup                    # or cards
      sheet: playmat                 # setup: the sheet the components lie on; left out, the table
      text: What the figure shows.   # its caption, in the players' words
      place:
        - at: danger-stack           # on a sheet: an area, a track or any region of its layout
          deck: dangers              # the deck's back, face down; count: cards shown (a pile, or fan: right)
          step: setup-piles          # setup: the rule whose number the callout shows
          label: Dangers             # on a sheet: printed under the callout, on a white plate
        - at: column-2
          cards: [swarmer, drone]    # on a sheet: a card to each of the area's outlines, top left first...
          from: bottom               # ...or listed bottom first, filling the outlines from the lowest up
        - at: enemies
          point: [0.2, 0.07]         # on a sheet: the callout at this spot of the region (of its width, height)
          leader: [0.18, 0.09]       # a thin arrow from the callout to this spot of what it names, its tag keyed
        - at: [1, 0.5]               # on the table: column, row, in cards from the top left (halves allowed)
          cards: [seven-start, mice-6]   # fronts, bottom first, fanned down so each one's top shows
          label: A Stack             # printed under it
          mark: A                    # a callout the caption refers to
        - at: life
          box: 20                    # on a track: a token on the box numbered 20...
          token: life-marker         # ...drawn as that counter of a sheet's tokens: prints (else a plain disc)

Marks, labels, the sheet's title and keys print at a fixed size whatever the figure's scale, inside its edges; the cards and sheets are drawn scaled,
their words that would print under LEGIBLE_PT left off (LegibleOnly). No figure is ever turned.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass, replace

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepTogether, NextPageTemplate, PageBreak, Spacer, Table, TableStyle

from pnp.content.words import say
from pnp.core.diagnostics import Diagnostic, did_you_mean
from pnp.core.limits import MIN_TEXT_SIZE as LEGIBLE_PT
from pnp.layout.regions import area_plan, token_text_size, track_label_columns, track_plan
from pnp.model.walk import rule_nodes
from pnp.render.book_type import Paragraph, QuietHeading, book_fonts, book_line, derived, draw_centred, said
from pnp.render.cards import draw_face, face_size
from pnp.render.pdf import PdfBackend, color
from pnp.render.sheets import draw_sheet
from pnp.rules.tree import pdf_text as esc
from pnp.text.fonts import DEFAULT_FAMILY, string_width

BOOK_FIGURES = ("setup", "cards")  # the figure kinds drawn here, for any game, beside a game package's own
MARK, MARK_INK = "#c0392b", "#ffffff"  # callouts: white on red, as the details' numbers were
MARK_PT, LABEL_PT, TITLE_PT = 8.0, 7.0, 8.0  # their type sizes as printed, whatever the figure's scale
TABLE, TABLE_EDGE = "#e9efe6", "#b5c2ae"  # the table a game without a sheet is laid out on
GAP = 0.18  # between places on the table, of a card's width
EXAMPLE_GAP = 0.12  # between the places of an example of play: tighter, so its few cards stand larger and their
# rules print (three poker cards across A4, their rules set at 8 pt, need 3/4 of their size)
FAN = 0.2  # how much of each card a fan shows below the one before, of the card's height
FANNED = 0.1  # a card that stands this much of its height above one laid on it shows its top band (a pile's do not)
HAND = 0.14  # how much of each card a hand shows beside the one before, of the card's width
PILE = 1.6  # points between the cards of a face-down pile, as printed
TOKEN = "#f2c14e"  # a token on a track
SPOT_EDGE = "#8a9a84"  # an empty spot on the table, where a pile will grow
FREE_TOKEN = 4 * mm  # the radius of a token a place puts at a point of a sheet (not on a track's box)...
TOKEN_OF_CARD = 0.14  # ...or this much of the width of the cards laid on the sheet: a token on a card's square

KEYS = {"kind", "sheet", "text", "place"}
PLACE_KEYS = {"at", "card", "cards", "deck", "count", "fan", "box", "label", "step", "mark", "from", "point", "token",
              "leader"}


# -- drawing legibly at any scale --------------------------------------------------------------------------------


VALUE = re.compile(r"[+\-\u2212\u00d7x]?\d{1,2}")  # a value (18, +2, ×2) LegibleOnly prints larger rather than leave off...
# ...where it would print at this much of LEGIBLE_PT or more (at most twice its size): every number of a track or a
# table kept alike, 1 to 30 (a rule for two digits apart left 10 to 30 off while 1 to 9 printed)
VALUE_LEAST = 0.5
# A card's value (its health in a heart, its cost in a disc) stands alone in its shape and is what a player reads
# first: it prints larger from this much of LEGIBLE_PT (a two-digit health is fitted smaller than a one-digit one:
# the twelfth proofreading: one card printed no 10 where its neighbour printed 8)
CARD_VALUE_LEAST = 0.38


def shown_size(text: str, size: float, at: float, least: float = VALUE_LEAST) -> float | None:
    """The size (in the drawing's units) a text drawn at `size` and scaled by `at` prints at in a figure: its own
    where that is LEGIBLE_PT or more; a value's (a track's number, a card's cost) LEGIBLE_PT's where it would print
    at `least` of that or more, so a figure keeps its numbers where its words cannot be kept; else None (left
    off)."""
    if size * at >= LEGIBLE_PT - 1e-6:
        return size
    if VALUE.fullmatch(text.strip()) and size * at >= LEGIBLE_PT * least:
        return LEGIBLE_PT / at
    return None


class LegibleOnly:
    """A backend that draws everything but the text that would print under LEGIBLE_PT at the scale it is drawn
    (`at`, followed through save, restore and scale): a sheet or a card shown small keeps its shapes and every
    word still large enough to read. Its symbols are its own, one per scale."""

    def __init__(self, inner, at: float, least: float = VALUE_LEAST):
        self.inner, self.at, self._saved, self.least = inner, at, [], least

    def for_cards(self, least: float = CARD_VALUE_LEAST) -> "LegibleOnly":
        """This backend as a card face laid in the figure draws through: its values print from `least`."""
        return LegibleOnly(self.inner, self.at, least)

    def __getattr__(self, name):
        return getattr(self.inner, name)

    def prints(self, size: float) -> bool:
        """Whether words of `size` print at this scale (a legend's mark is left off with its words)."""
        return size * self.at >= LEGIBLE_PT - 1e-6

    def save(self) -> None:
        self._saved.append(self.at)
        self.inner.save()

    def restore(self) -> None:
        self.at = self._saved.pop() if self._saved else self.at
        self.inner.restore()

    def scale(self, sx: float, sy: float) -> None:
        self.at *= math.sqrt(abs(sx * sy))
        self.inner.scale(sx, sy)

    def text(self, x, y, string, font, size, color="#000000", align="left", *args, **kwargs) -> None:
        larger = shown_size(string, size, self.at, self.least)
        if larger == size:
            self.inner.text(x, y, string, font, size, color, align, *args, **kwargs)
        elif larger is not None:  # a value printed larger round the same middle
            grown = string_width(string, font, larger) - string_width(string, font, size)
            x -= {"left": grown / 2, "right": -grown / 2}.get(align, 0.0)
            self.inner.text(x, y - 0.36 * (larger - size), string, font, larger, color, align, *args, **kwargs)

    def _named(self, name: str) -> str:
        return f"legible:{self.at:.4f}:{self.least}:{name}"

    def has_symbol(self, name: str) -> bool:
        return self.inner.has_symbol(self._named(name))

    def define_symbol(self, name, width, height, draw) -> None:
        at = self.at
        least = self.least
        self.inner.define_symbol(self._named(name), width, height, lambda inner: draw(LegibleOnly(inner, at, least)))

    def use_symbol(self, name: str, x: float, y: float) -> None:
        self.inner.use_symbol(self._named(name), x, y)


@dataclass(frozen=True)
class Placed:
    """One card face drawn in a figure: its trim's bottom-left corner and width, in the figure's own units."""

    face: object
    x: float
    y: float
    w: float


@dataclass(frozen=True)
class Note:
    """A word printed on a figure at a fixed size: a callout (`mark`) at its centre, or a label centred under a
    place (its top at y), in the figure's own units."""

    x: float
    y: float
    text: str
    mark: bool
    dx: float = 0.0  # moved right by this much as printed (a second callout at one place)
    tag: bool = False  # a label on a sheet: under its callout, left-aligned with it, on a white plate
    title: bool = False  # the sheet's own title, at a size that prints whatever the figure's scale...
    size: float = 0.0  # ...where the sheet's own (this size, in the figure's units) prints under LEGIBLE_PT
    name: bool = False  # a region's name at its top-left corner (its box is `near`), on the same terms as a title:
    # a playmat's area drawn so small that its own heading is left off still says what it is for
    on_card: bool = False  # a name (`name`) of a card laid in the figure, across its middle: a card drawn too small
    # to print its own words still says which card it is
    near: tuple | None = None  # the box of what it names (x0, y0, x1, y1, figure units): a tag may stand beside or
    # under it, a callout with one (a track's token) stands clear of the drawn boxes around it (BoardFigure.arranged)
    part: bool = False  # a sheet part's key number: where no spot is free it keeps to the part's corner
    keyed: bool = False  # a tag with no spot clear of the drawing: said in the key under the figure instead
    leader: tuple | None = None  # (x, y), figure units: a sheet callout points at this spot of what it names with a
    # thin arrow, wherever it stands (slid into clear space in a small figure), its tag said in the key


class BoardFigure(Flowable):
    """A figure of the rulebook: a drawing (`base`, in its own units, `natural` wide and high) with cards laid on
    it, scaled to the frame's width and `most_h` high at most, never above its printed size and never turned; its
    callouts and labels printed on top at MARK_PT and LABEL_PT."""

    def __init__(self, project, natural, base, placed=(), notes=(), most_h: float = 1e9, avoid=(), outlines=(),
                 card_names: bool = False):
        """`card_names`: each card it lays names itself on a tab where its own name prints too small (a set-up's
        cards, laid apart; an example's cards overlap, and are named under their places)."""
        super().__init__()
        self.project, self.natural, self.base = project, natural, base
        self.placed, self.notes = list(placed), list(notes)
        self.avoid = list(avoid)  # drawn boxes no tag may cover besides the cards (a track's cells, its token)
        self.outlines = list(outlines)  # a sheet's empty card outlines: a tag covers one only where nothing else is
        # free (it would seem to name that spot)
        if card_names:
            self.notes += _card_names(project, self.placed)
        self.most_h = most_h
        self.scale_by, self.indent = 1.0, 0.0
        self.room = None  # the height left it on this page, while KeepWithFigure wraps it
        self.least = 0.0  # the smallest scale it may be drawn at to fit a page's foot (an example: its names legible)
        self.outside = 0.0  # room round the drawing its callouts may stand in, as printed (a plate's page margin)
        self.beside = False  # a keyed overview: a part's number with no clear spot at its corner stands in the frame's
        # room left or right of the drawing, a leader to its part (`sides`, as printed, set by wrap)
        self.sides = 0.0
        self._nudged: dict[tuple, tuple] = {}  # a callout's box slid off the sheet's boxes, by note and scale
        self._card_least: dict[float, float] = {}  # card_least, by scale
        self.key_rows: list[list[tuple[str, str]]] = []  # the key under the drawing: (callout, tag), a row at a time

    def wrap(self, width, height):
        """The frame's width (the figure centred in it), the figure's height: smaller, down to SHRINK of that, where
        the room KeepWithFigure says is left at the foot of a page is less."""
        w, h = self.natural
        self.scale_by = min(1.0, width / w, self.most_h / h)
        self._keyed(width)
        room = None if self.room is None else self.room - self.key_height()  # the drawing's, less its key's
        if room is not None and h * self.scale_by > room >= h * self.scale_by * SHRINK and room / h >= self.least:
            self.scale_by = room / h
            self._keyed(width)
        self.indent = (width - w * self.scale_by) / 2
        self.sides = self.indent if self.beside else 0.0
        return width, h * self.scale_by + self.key_height()

    def _keyed(self, width: float) -> None:
        """The key's rows at the figure's scale now, as wide as the figure or KEY_WIDTH of the frame."""
        self.key_rows = self._key_rows(getattr(self, "canv", None), max(self.natural[0] * self.scale_by,
                                                                        width * KEY_WIDTH))

    def key_height(self) -> float:
        """The height of the key under the drawing (none where every tag stands on the figure)."""
        return len(self.key_rows) * KEY_ROW + (KEY_GAP if self.key_rows else 0.0)

    def draw(self):
        canvas = self.canv
        pdf = getattr(canvas, "_pnp_backend", None) or PdfBackend(canvas)
        canvas._pnp_backend = pdf
        canvas.saveState()
        canvas.translate(self.indent, 0)
        self._draw_key(canvas)
        canvas.translate(0, self.key_height())
        canvas.saveState()
        canvas.scale(self.scale_by, self.scale_by)
        self.draw_scaled(LegibleOnly(pdf, self.scale_by))
        canvas.restoreState()
        self.print_notes(canvas)
        canvas.restoreState()

    def _key_rows(self, canvas, width: float) -> list[list[tuple[str, str]]]:
        """The tags said under the drawing (each with its callout: "2.5 Tokens"), in rows as wide as
        `width`: those that stand nowhere on the figure clear of its cards, boxes, icons and other words."""
        if not any(n.tag for n in self.notes):
            return []
        entries = [(self._callout_text(note), note.text) for note, _ in self.arranged(canvas) if note.keyed]
        rows: list[list[tuple[str, str]]] = []
        used = width
        for entry in entries:
            wide = self._entry_width(canvas, entry)
            if used + wide > width and (not rows or rows[-1]):
                rows.append([])
                used = 0.0
            rows[-1].append(entry)
            used += wide
        return rows

    def _callout_text(self, tag: Note) -> str:
        """The number of the callout a tag hangs from."""
        callout = self._hung_from(tag)
        return "" if callout is None else callout.text

    def _hung_from(self, tag: Note) -> Note | None:
        """The callout a tag hangs from (the one at its anchor)."""
        return next((n for n in self.notes if n.mark and (n.x, n.y, n.dx) == (tag.x, tag.y, tag.dx)), None)

    def _entry_width(self, canvas, entry: tuple[str, str]) -> float:
        """A key entry's width: its callout's badge, a space, its words and the room before the next entry."""
        badge = _badge_width(canvas, entry[0])
        return badge + SPACE * 2 + _width(canvas, entry[1], "regular", LABEL_PT) + KEY_APART

    def _draw_key(self, canvas) -> None:
        """The key under the drawing: each entry a callout's badge and its tag's words, rows from the top down."""
        for k, row in enumerate(self.key_rows):
            x, y = 0.0, self.key_height() - KEY_GAP - (k + 0.5) * KEY_ROW
            for callout, words in row:
                badge = _badge_width(canvas, callout)
                self._badge(canvas, x + badge / 2, y, badge, callout)
                canvas.setFillColor(color("#1d1d1d"))
                _left(canvas, x + badge + SPACE * 2, y - LABEL_PT * 0.36, words, "regular", LABEL_PT)
                x += self._entry_width(canvas, (callout, words))

    def print_notes(self, canvas) -> None:
        """Every callout, label and title as printed, tags and tracks' callouts where `arranged` puts them; a part's
        number standing beside the drawing, a leader to its part's corner first."""
        arranged = self.arranged(canvas)
        width = self.natural[0] * self.scale_by
        for note, at in arranged:
            if note.part and at is not None and (at[2] <= 0 or at[0] >= width):
                x0, _, x1, y = _scaled(note.near, self.scale_by)  # to the part's top left (right) corner
                x = x0 if at[2] <= 0 else x1
                canvas.setStrokeColor(color(MARK))
                canvas.setLineWidth(0.6)
                canvas.line(at[2] if at[2] <= 0 else at[0], (at[1] + at[3]) / 2, x, y)
            line = self._drawn_leader(canvas, note)
            if line is not None:  # under its badge, which covers the line's end; an arrowhead where it points
                # (a dot there would read as one of a sheet's starting dots, the twenty-third proofreading)
                tip, left, right, base = _arrowhead(line)
                canvas.setStrokeColor(color(MARK))
                canvas.setFillColor(color(MARK))
                canvas.setLineWidth(0.6)
                canvas.line(*base, *line[2:])
                head = canvas.beginPath()
                head.moveTo(*tip)
                head.lineTo(*left)
                head.lineTo(*right)
                head.close()
                canvas.drawPath(head, stroke=0, fill=1)
        for note, at in arranged:
            self._note(canvas, note, at)

    def arranged(self, canvas) -> list[tuple[Note, tuple | None]]:
        """The notes that print, each with its printed box and lines where it was placed apart from its anchor
        ((x0, y0, x1, y1, lines): a tag, or a callout that names a track's box), else None (drawn at its anchor).
        A tag tries the spots around its callout, then beside and under what it names, on one line and then broken
        after its ":" and ","s: the first spot that covers no card, no track cell, no token, no other callout or
        tag and no card outline, inside the figure; where none is free, the one that covers least, an outline
        counting far less than the rest."""
        shown = [n for n in self.notes
                 if not (n.title or n.name) or n.size * self.scale_by < LEGIBLE_PT - 1e-6]
        loose = getattr(self.base, "loose", [])
        tokens = [_scaled(box, self.scale_by) for box in loose]  # tokens on the cards
        drawn = [_scaled(box, self.scale_by) for box in self.card_boxes() + self.avoid] + tokens
        outlines = [_scaled(box, self.scale_by) for box in self.outlines]
        taken = [self._mark_box(canvas, n) for n in shown if n.mark and n.near is None]
        taken += [self._title_box(canvas, n) for n in shown if n.title]
        taken += [box for n in shown for box in self._leader_boxes(canvas, n)]
        places: dict[int, tuple] = {}
        words = _grown(self._sheet_words(), SPACE)  # a tag never covers or touches what the sheet prints

        def place(note, box: tuple) -> None:
            places[id(note)] = box
            taken.append(box[:4])

        for note in [n for n in shown if n.mark and n.near is not None and n.near in loose]:
            # a token's callout before the names: the blank foot of its card under the token is its
            place(note, self._callout_spot(canvas, note, shown, places, drawn + taken, outlines, taken, words))
        labels = {" ".join(n.text.split()) for n in shown if not (n.mark or n.tag or n.title or n.name)}  # under places
        dots = [_scaled(box, self.scale_by) for box in getattr(self.base, "dots", [])]  # a sheet's starting marks

        def clear_of(note) -> list[tuple]:
            """Where a name may stand: a card's name, its white plate (NAME_PAD round its words) clear of the other
            plates and callouts, of the card's words and of what lies on it; a region's name, clear of the callouts,
            the cards and the sheet's words, its plate clear of the sheet's dots."""
            boxes = self._name_boxes(canvas, note)
            if not boxes:
                return []
            # only what stands near its spots can be in their way (a sheet prints hundreds of words and boxes)
            near = _grown([(min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes),
                            max(b[3] for b in boxes))], NAME_PAD + NAME_CLEAR)[0]
            if note.on_card:
                others = _grown(taken, NAME_CLEAR) + self._laid_on(note) + self._card_words(note) + tokens
                others = [other for other in others if _overlap(other, near) > 0]
                return [box for box in boxes if not any(_overlap(_grown([box], NAME_PAD)[0], other) > 0 for other in others)]
            others = [other for other in drawn + taken + self._sheet_words() if _overlap(other, near) > 0]
            dots_near = [dot for dot in dots if _overlap(dot, near) > 0]
            return [box for box in boxes if not any(_overlap(box, other) > 0 for other in others)
                    and not any(_overlap(_plate(box), dot) > 0 for dot in dots_near)]

        names = [n for n in shown if n.name]
        for note in names:
            if note.on_card and note.text in labels:  # its place's label says its name already ("Quick Guide")
                shown.remove(note)
                continue
            clear = clear_of(note)
            if not clear:
                shown.remove(note)
                continue
            if note.on_card:  # first a spot where the cards of its design named and to name have theirs
                twins = [(t, [] if id(t) in places else clear_of(t)) for t in names
                         if t is not note and t in shown and t.on_card and self._same_design(t, note)]
                clear = self._least_ink(note, clear, taken, self._alike(note, clear, places, twins))
            places[id(note)] = clear[0]
            taken.append(_grown([clear[0][:4]], NAME_PAD)[0])  # its plate, as printed
        named = {n.text for n in shown if n.on_card and id(n) in places}
        for tag in [n for n in shown if n.tag]:  # a tag says no more than the cards' own names say: shortened
            shorter = _beyond_names(tag.text, named)
            if shorter != tag.text:
                shown[shown.index(tag)] = replace(tag, text=shorter) if shorter else None
        shown = [n for n in shown if n is not None]
        for note in [n for n in shown if n.mark and n.near is not None and id(n) not in places] + [
                n for n in shown if n.tag]:
            if note.tag and self._drawn_leader(canvas, self._hung_from(note)) is not None:
                # its callout points from a little way off: beside the callout the tag named what stood there
                # instead (the twenty-second proofreading)
                shown[shown.index(note)] = replace(note, keyed=True)
                continue
            box = self._callout_spot(canvas, note, shown, places, drawn + taken, outlines, taken, words)
            if note.tag and sum(_overlap(box, other) for other in drawn + taken + words) > KEYED_COVER:
                shown[shown.index(note)] = replace(note, keyed=True)  # said in the key under the figure
                continue
            place(note, box)
        return [(n, places.get(id(n))) for n in shown]

    def _callout_spot(self, canvas, note: Note, shown: list, places: dict, drawn: list, outlines: list, taken: list,
                      words: list) -> tuple:
        """Where a tag, or a callout that names a box or a token, stands (`_spot`), clear of what is `drawn` (the
        cards, the boxes, the notes placed so far)."""
        anchor = self._mark_box(canvas, note) if note.mark else self._callout_of(canvas, note, places)
        near = _scaled(note.near, self.scale_by) if note.near else None
        # a part's number never stands on another part: it would name that one
        others = [_scaled(n.near, self.scale_by) for n in shown if n.part and n.near != note.near] if note.part else []
        # a token's callout on its card: what the card prints there weighs as little as an empty outline
        loose = getattr(self.base, "loose", [])
        under, ink = self._inked(drawn, note.near) if note.mark and note.near in loose else (drawn, [])
        return self._spot(canvas, note, anchor, near, under + others + (words if note.tag else []), outlines + ink,
                          taken)

    def card_least(self) -> float:
        """The share of LEGIBLE_PT the laid cards' values print larger from: CARD_VALUE_LEAST where every value of
        every card reads from it, else a sheet's VALUE_LEAST, so the cards' values print alike, all or none (a
        half-size booklet printed one card's 8 but not its neighbour's 10: the fourteenth proofreading)."""
        if self.scale_by not in self._card_least:  # asked for each card's ink: worked out once per scale
            values = [(d, card.w / _card_size(self.project, card.face)[0]) for card in self.placed
                      for d in _face_words(self.project, card.face) if VALUE.fullmatch(d.text.strip())]
            legible = all(shown_size(d.text, d.size * by, self.scale_by, CARD_VALUE_LEAST) is not None
                          for d, by in values)
            self._card_least[self.scale_by] = CARD_VALUE_LEAST if legible else VALUE_LEAST
        return self._card_least[self.scale_by]

    def _card_of(self, note: Note):
        """The laid card a name note names (its box is the note's `near`), or None."""
        return next((c for c in self.placed if tuple(_card_box(self.project, c)) == tuple(note.near)), None)

    def _inked(self, drawn: list[tuple], token: tuple) -> tuple[list[tuple], list[tuple]]:
        """`drawn` (as printed) without the box of the card a `token` lies on, and what that card's face prints
        (_face_ink): the token's callout stands on its card's blank foot rather than over a square of its grid, and
        never on another card (it would read as that one's)."""
        x, y = (token[0] + token[2]) / 2, (token[1] + token[3]) / 2

        def holds(card) -> bool:
            x0, y0, x1, y1 = _card_box(self.project, card)
            return x0 <= x <= x1 and y0 <= y <= y1

        under = [card for card in self.placed if holds(card)]
        cards = {tuple(_scaled(_card_box(self.project, card), self.scale_by)) for card in under}
        return [box for box in drawn if tuple(box) not in cards], [b for card in under for b in self._ink(card)]

    def _ink(self, card) -> list[tuple]:
        """What a laid card prints over its ground, as printed (_face_ink): its words only where they read."""
        by = card.w / _card_size(self.project, card.face)[0]
        return [_scaled((card.x + d.x0 * by, card.y + d.y0 * by, card.x + d.x1 * by, card.y + d.y1 * by),
                        self.scale_by) for d in _face_ink(self.project, card.face)
                if d.kind != "text" or shown_size(d.text, d.size * by, self.scale_by, self.card_least()) is not None]

    def _least_ink(self, note: Note, boxes: list[tuple], taken: list[tuple], alike: list[tuple] = ()) -> list[tuple]:
        """A card's name spots, those that cover least of what the card prints first (a board card's name on its
        blank foot rather than across its grid), then those `alike` (where the cards of its design have or may have
        theirs: only among spots that cover alike, since covering more to match put a row of cards' names flush
        left on their title bands, the twentieth proofreading), then those with room round their plate (NAME_ROOM:
        a tab hard against a callout reads as its label), in their order where they are alike."""
        card = self._card_of(note)
        if card is None:
            return boxes
        ink, crowd = self._ink(card), _grown(taken, NAME_ROOM)

        def cramped(box) -> bool:
            return any(_overlap(_grown([box], NAME_PAD)[0], other) > 0 for other in crowd)

        matching = {id(box) for box in alike}
        return sorted(boxes, key=lambda box: (round(sum(_overlap(box, b) for b in ink) / INK_STEP),
                                              id(box) not in matching, cramped(box)))

    def _alike(self, note: Note, boxes: list[tuple], places: dict, twins: list) -> list[tuple]:
        """Those of a card's name spots where the cards of its design (`twins`, each with where it may be named)
        have theirs: the spot of the first of them named; none named yet, the spots that leave each of them a spot
        alike clear of this name's plate. Two leaders' names in one figure stand alike (the seventeenth
        proofreading: one stood mid-card, the other on its card's top edge; the eighteenth: two cards of one
        design, one named on its top edge, one over its picture)."""
        if not twins:  # (a card with twins has a card: _same_design)
            return []
        named, own = [t for t, _ in twins if id(t) in places], self._printed_card(note)
        if named:
            there = _relative(places[id(named[0])], self._printed_card(named[0]))
            return [box for box in boxes if _alike(_relative(box, own), there)]
        ahead = [[(_grown([spot], NAME_PAD)[0], _relative(spot, self._printed_card(twin))) for spot in spots]
                 for twin, spots in twins]

        def leaves(box, spots) -> bool:  # a twin's spot alike, its plate clear of this name's as placed there
            plate, at = _grown([_grown([box[:4]], NAME_PAD)[0]], NAME_CLEAR)[0], _relative(box, own)
            return any(_alike(at, where) and _overlap(spot, plate) <= 0 for spot, where in spots)

        return [box for box in boxes if all(leaves(box, spots) for spots in ahead)]

    def _same_design(self, a: Note, b: Note) -> bool:
        """Whether two name notes name cards of one design (one template)."""
        one, two = self._card_of(a), self._card_of(b)
        return one is not None and two is not None and one.face.template is two.face.template

    def _printed_card(self, note: Note) -> tuple:
        """The box of the card a name note names, as printed."""
        return _scaled(_card_box(self.project, self._card_of(note)), self.scale_by)

    def _sheet_words(self) -> list[tuple]:
        """The words the drawing prints at this scale (those LegibleOnly keeps or sets larger), as printed: a
        region's name stands clear of them (a track's name never over its boxes' numbers)."""
        by, shown = self.scale_by, []
        for d in getattr(self.base, "words", []):
            size = shown_size(d.text, d.size, by)
            if size is None:  # left off at this scale
                continue
            grown = size / d.size  # a value LegibleOnly sets larger
            cx, cy, hw, hh = (d.x0 + d.x1) / 2, (d.y0 + d.y1) / 2, (d.x1 - d.x0) * grown / 2, (d.y1 - d.y0) * grown / 2
            shown.append(_scaled((cx - hw, cy - hh, cx + hw, cy + hh), by))
        return shown

    def card_boxes(self) -> list[tuple]:
        """Each card's box as drawn, in the figure's units."""
        return [_card_box(self.project, card) for card in self.placed]

    def _callout_of(self, canvas, tag: Note, places: dict) -> tuple:
        """The printed box of the callout a tag hangs from (the one at its anchor), moved where it was placed."""
        for note in self.notes:
            if note.mark and (note.x, note.y, note.dx) == (tag.x, tag.y, tag.dx):
                return places[id(note)][:4] if id(note) in places else self._mark_box(canvas, note)
        return self._mark_box(canvas, tag)

    def _mark_box(self, canvas, note: Note, nudged: bool = True) -> tuple:
        """A callout's printed box at its anchor; on a sheet, slid the least it takes off the boxes to write in
        that it would hide (at half size a badge is larger than a sheet's small box: the twelfth proofreading)."""
        width = _badge_width(canvas, note.text)
        x, y = self._inside(note.x * self.scale_by + note.dx, note.y * self.scale_by, width / 2, MARK_PT * 0.75)
        box = x - width / 2, y - MARK_PT * 0.75, x + width / 2, y + MARK_PT * 0.75
        if not nudged or note.near is not None or not self.avoid:
            return box
        key = (id(note), self.scale_by)
        if key not in self._nudged:
            self._nudged[key] = self._slid_off(canvas, note, box)
        return self._nudged[key]

    def _slid_off(self, canvas, note: Note, box: tuple) -> tuple:
        """`box` as it stands where it hides none of the sheet's boxes and icons (`avoid`), else moved the least
        that clears them and the other callouts, a quarter of a badge at a time and never more than NUDGE badges."""
        boxes = [_scaled(b, self.scale_by) for b in self.avoid]
        reach = (NUDGE + 1) * (box[2] - box[0])  # as far as a slide may take it
        boxes = [b for b in boxes if _overlap(b, _grown([box], reach)[0]) > 0]
        # standing on a box's edge (a number box it names) is no harm; hiding most of one is. A callout with a
        # leader stands clear of every box: where it cannot at its spot, its arrow points there from clear space (one
        # pressed against a box beside what it names read as that box's: the twenty-fifth proofreading)
        hides = 0.0 if note.leader is not None else HIDES
        # what its arrow may not cross: the sheet's boxes, icons, dots and words, as printed (gathered once)
        drawn = [] if note.leader is None else [_scaled(b, self.scale_by) for b in self.avoid + list(
            getattr(self.base, "dots", []))] + self._sheet_words()
        if not any(_overlap(box, b) > hides * (b[2] - b[0]) * (b[3] - b[1]) for b in boxes) and self._leads_clear(
                note, box, drawn):
            return box
        others = [self._mark_box(canvas, n, nudged=False) for n in self.notes if n.mark and n.near is None and n is not note]
        w, h = box[2] - box[0], box[3] - box[1]
        width, height = self.natural[0] * self.scale_by, self.natural[1] * self.scale_by
        for step in range(1, int(NUDGE * 4) + 1):
            for dx, dy in ((-step * w / 4, 0), (step * w / 4, 0), (0, step * h / 4), (0, -step * h / 4)):
                moved = (box[0] + dx, box[1] + dy, box[2] + dx, box[3] + dy)
                if moved[0] < 0 or moved[1] < 0 or moved[2] > width or moved[3] > height:
                    continue
                if not any(_overlap(moved, b) > 0 for b in boxes + others) and self._leads_clear(note, moved, drawn):
                    return moved
        return box

    def _leader(self, note: Note, box: tuple) -> tuple | None:
        """The line a callout standing at `box` draws to its `leader` point, as printed (x0, y0, x1, y1): from
        that point straight into its badge, through the nearest point of the badge's edge; None where it has no
        leader point or its badge stands at it."""
        if note.leader is None:
            return None
        x, y = note.leader[0] * self.scale_by, note.leader[1] * self.scale_by
        edge = min(max(x, box[0]), box[2]), min(max(y, box[1]), box[3])
        if math.hypot(edge[0] - x, edge[1] - y) < LEADER_LEAST:
            return None
        r = (box[3] - box[1]) / 2  # to the badge's straight middle part, which covers the line's end at any height
        return x, y, min(max(x, box[0] + r), box[2] - r), min(max(y, box[1]), box[3])

    def _leads_clear(self, note: Note, box: tuple, drawn: list[tuple]) -> bool:
        """Whether a callout standing at `box` can draw its leader (if it has a point for one) crossing none of
        `drawn` (the sheet's boxes, icons, dots and words, as printed) but the box it points at: a line over a box
        would seem to name it."""
        line = self._leader(note, box)
        if line is None:
            return True
        room = _leader_room(line)
        x, y = line[:2]  # it ends on what it names: the boxes its point is on are no obstacle
        near = _grown([(min(b[0] for b in room), min(b[1] for b in room), max(b[2] for b in room),
                        max(b[3] for b in room))], LEADER_AIR)[0]
        drawn = [b for b in drawn if _overlap(b, near) > 0 and _overlap(b, box) <= 0
                 and not (b[0] <= x <= b[2] and b[1] <= y <= b[3])]
        return not any(_overlap(part, b) > 0 for part in room for b in drawn)

    def _drawn_leader(self, canvas, note: Note | None) -> tuple | None:
        """The leader a sheet's callout draws where it stands (None where it has none, or stands on its point). The
        twenty-fifth and twenty-sixth proofreadings: a callout beside the row of boxes it names, with no arrow, read
        as the number of the box beyond it; it points at the row at every size."""
        if note is None or not note.mark or note.near is not None or note.leader is None:
            return None
        return self._leader(note, self._mark_box(canvas, note))

    def _leader_boxes(self, canvas, note: Note) -> list[tuple]:
        """The small boxes a callout's leader runs through, as printed: a tag or a region's name stands off it."""
        line = self._drawn_leader(canvas, note)
        return [] if line is None else _leader_room(line)

    def _title_box(self, canvas, note: Note) -> tuple:
        """The sheet's title's printed box, its top-left corner at its anchor (as `_note` prints it)."""
        width = _width(canvas, note.text, "bold", TITLE_PT) + TITLE_PT * 0.8
        x, y = self._inside(note.x * self.scale_by + width / 2, note.y * self.scale_by - TITLE_PT * 0.7, width / 2,
                            TITLE_PT * 0.7)
        return x - width / 2, y - TITLE_PT * 0.7, x + width / 2, y + TITLE_PT * 0.7

    def _laid_on(self, note: Note) -> list[tuple]:
        """The printed boxes of the cards laid on the one a name note names (after it, over it), and of what shows
        of the cards it is laid on above its top edge (a column's cards overlapped, each one's top band showing):
        its name is never printed over another card's words."""
        boxes = [_card_box(self.project, card) for card in self.placed]
        own = next((i for i, box in enumerate(boxes) if tuple(box) == tuple(note.near)), None)
        if own is None:
            return []
        x0, y0, x1, y1 = note.near
        over = [b for b in boxes[own + 1:] if _overlap(b, note.near) > 0]
        above = [(b[0], y1, b[2], b[3]) for b in boxes[:own]  # a pile's cards, a step apart, show no band
                 if _overlap(b, note.near) > 0 and b[3] - y1 > (y1 - y0) * FANNED]
        return [_scaled(box, self.scale_by) for box in over + above]

    def _card_words(self, note: Note) -> list[tuple]:
        """The printed boxes of the words a name note's card still prints at this scale (a card's values,
        set larger where they would print small), its name aside: its name plate never covers them."""
        card = self._card_of(note)
        if card is None:
            return []
        by = card.w / _card_size(self.project, card.face)[0]
        boxes = []
        for d in _face_words(self.project, card.face):
            size = shown_size(d.text, d.size * by, self.scale_by, self.card_least())
            if size is None or d.text.strip() in note.text:
                continue
            grown = size / (d.size * by)
            cx, cy = card.x + (d.x0 + d.x1) / 2 * by, card.y + (d.y0 + d.y1) / 2 * by
            hw, hh = (d.x1 - d.x0) * by * grown / 2, (d.y1 - d.y0) * by * grown / 2
            boxes.append(_scaled((cx - hw, cy - hh, cx + hw, cy + hh), self.scale_by))
        return boxes

    def _name_boxes(self, canvas, note: Note) -> list[tuple]:
        """Where a name may print, best first: at its anchor; a card's also across its middle and its lower part."""
        box = self._name_box(canvas, note)
        if box is None:
            return []
        if not note.on_card:  # inside its region's corner, else astride the region's top edge, over its border,
            # then a little lower at a time (its plate clear of a dot over that edge: a box's starting mark,
            # the eighteenth proofreading), else a line lower at a time (clear of a callout at a card's corner there)
            rise = (box[3] - box[1]) / 2 + NAME_INSET
            lower = lambda drop: (box[0], box[1] - drop, box[2], box[3] - drop, box[4], box[5])  # noqa: E731
            return [box] + [lower(drop - rise) for drop in _steps(0.0, rise - NAME_PAD, NAME_PAD / 2)] + [
                lower(drop) for drop in (box[5] * 1.2 * k for k in range(1, NAME_DROPS + 1))]
        x0, y0, x1, y1 = _scaled(note.near, self.scale_by)
        height = box[3] - box[1]
        if len(box[4]) > 2:  # a name too long for the card's width: its place's label says it
            return []
        # a tab astride the card's top edge (over its title band, whose words are too small to print), inside the
        # figure, at its size and then at LEGIBLE_PT (a little narrower, to clear a callout); else where the card
        # prints its name, or lower on the card, and last at its foot (a card whose tokens fill its middle)
        tabs = self._tabs(box, note)
        smaller = self._name_box(canvas, note, (LEGIBLE_PT,)) if box[5] > LEGIBLE_PT else None
        if smaller is not None and len(smaller[4]) == len(box[4]):
            tabs += self._tabs(smaller, note)
        middle = (x0 + x1) / 2 - (box[2] - box[0]) / 2
        tops = [(y0 + y1 + height) / 2, y0 + (y1 - y0) * 0.3 + height / 2]
        spots = [(box[0], top) for top in tops if top <= y1 - 1] + [(middle, y0 + 1 + height)]
        # where the card prints its name, slid along its title band as a tab is (clear of a corner callout)
        named = self._tabs(box, note, box[3]) + (self._tabs(smaller, note, smaller[3]) if smaller is not None
                                                  and len(smaller[4]) == len(box[4]) else [])
        # and last anywhere down its middle, a step at a time: a narrow card crowded by callouts at its top and a
        # token's callout at its foot is still named (the least of what it prints covered: _least_ink)
        spots += [(middle, top) for top in _steps(y0 + 1 + height, y1 - 1, NAME_STEP)]
        inside = [(left, top - height, left + box[2] - box[0], top, box[4], box[5]) for left, top in spots]
        if smaller is not None and len(smaller[4]) == len(box[4]):  # a little narrower, at LEGIBLE_PT
            w, h = smaller[2] - smaller[0], smaller[3] - smaller[1]
            inside += [((x0 + x1 - w) / 2, top - h, (x0 + x1 + w) / 2, top, smaller[4], smaller[5])
                       for top in _steps(y0 + 1 + h, y1 - 1, NAME_STEP)]
        narrow = self._name_box(canvas, note, room=x1 - x0 - 2 * NAME_PAD) if box[2] - box[0] > x1 - x0 - 2 else None
        if narrow is not None and len(narrow[4]) <= 2:  # a name wider than its card, on two lines within it: cards
            # side by side each name their foot rather than one of them its middle
            w, h = narrow[2] - narrow[0], narrow[3] - narrow[1]
            inside += [((x0 + x1 - w) / 2, bottom, (x0 + x1 + w) / 2, bottom + h, narrow[4], narrow[5])
                       for bottom in (y0 + 1, (y0 + y1 - h) / 2)]
        return tabs + named + inside

    def _tabs(self, box: tuple, note: Note, top: float | None = None) -> list[tuple]:
        """A card's name `box` as a tab astride its top edge (or with its top at `top`): centred on the card, then
        slid along the edge the least it takes to clear a corner callout, as far as it may overhang the card."""
        x0, y0, x1, y1 = _scaled(note.near, self.scale_by)
        width, height = box[2] - box[0], box[3] - box[1]
        tab = min(y1 + height / 2, self.natural[1] * self.scale_by) if top is None else top
        middle = (x0 + x1) / 2 - width / 2
        spill = (x1 - x0) * (TAB_OVERHANG - 1) / 2
        slid = sorted((left for left in _steps(x0 - spill, x1 + spill - width, TAB_STEP) if left != middle),
                      key=lambda left: abs(left - middle))
        return [(left, tab - height, left + width, tab, box[4], box[5]) for left in [middle] + slid]

    def _name_box(self, canvas, note: Note, sizes: tuple = (), room: float | None = None) -> tuple | None:
        """A region's name as printed at its top-left corner, (x0, y0, x1, y1, lines, size): on one line, else
        broken into lines, each as wide as the region at most; at NAME_PT, else at LEGIBLE_PT where only that keeps
        it on one line or fits it at all (a narrow region's one long word), or at the `sizes` asked for; None where
        nothing fits it."""
        x0, y0, x1, y1 = _scaled(note.near, self.scale_by)
        # a card's name may overhang its edges a little (into the gap between cards) rather than go unnamed
        if room is None:
            room = (x1 - x0) * TAB_OVERHANG if note.on_card else x1 - x0 - NAME_INSET - NAME_RIGHT
        fitting = []
        for hyphens in (False, True):  # a long word cut with a hyphen only where nothing else fits ("Blue-prints")
            filled = [(size, _filled(canvas, note.text, room, size, hyphens)) for size in sizes or (NAME_PT, LEGIBLE_PT)]
            fitting = [(size, lines, width) for size, (lines, width) in filled
                       if lines and width <= room and size * 1.2 * len(lines) <= y1 - y0 - 2 * NAME_INSET]
            if fitting or note.on_card:
                break
        if not fitting:
            return None
        size, lines, width = min(fitting, key=lambda fit: len(fit[1]))  # the fewest lines, the larger size first
        height = size * 1.2 * len(lines)
        left, top = x0 + NAME_INSET, y1 - NAME_INSET
        if note.on_card:  # where the card prints its name, inside the card (centred on it where it is wider)
            cx, cy = note.x * self.scale_by, note.y * self.scale_by
            left = min(max(cx - width / 2, x0 + 1), x1 - 1 - width) if width <= x1 - x0 - 2 else (x0 + x1 - width) / 2
            top = min(max(cy + height / 2, y0 + 1 + height), y1 - 1)
        return left, top - height, left + width, top, lines, size

    def _spot(self, canvas, note: Note, anchor: tuple, near, drawn: list, outlines: list, taken=()) -> tuple:
        """Where a tag (or a track's callout) prints: (x0, y0, x1, y1, lines), the first free spot of `_spots`.
        Where none is free, it takes the one that covers least; a sheet part's number, the first that covers no other
        note (at its part's corner, over a box to write in, rather than by some other part where it would name that)."""
        best, least, first_clear = None, None, None
        for lines in ([note.text] if note.mark else _broken(note.text)):
            w, h = self._plate(canvas, note, lines)
            corner = (note.mark and near is not None and self.outside > 0)  # a plate: beside the part's corner
            spots = _spots(anchor, near, w, h, note.mark)
            if note.part:  # a part's number keeps to its corner: inside it, a step from it, or just outside it;
                # else beside the drawing, level with the part's top, a leader to its corner
                # (or, in a part too short for it there, inside it at its left, halfway down)
                spots = spots[:4] + [(near[0] + SPACE, (near[1] + near[3] - h) / 2),
                                     (near[0] - SPACE - w, near[3] - h), (near[0], near[3] + SPACE)]
                if self.sides >= w + 2 * SPACE:
                    right = self.natural[0] * self.scale_by + SPACE
                    sides = [(-SPACE - w, near[3] - h), (right, near[3] - h)]
                    spots += sides if near[0] + near[2] < right else sides[::-1]  # the nearer side first
            beside = []
            if corner:  # a plate's number follows its part's heading, else stands by its corner
                after = _after_heading(near, self._sheet_words(), w, h)
                beside = ([after] if after else []) + [(near[0] - SPACE - w, near[3] - h), (near[0], near[3] + SPACE)]
            for x0, y0 in beside + spots:
                cx, cy = self._inside(x0 + w / 2, y0 + h / 2, w / 2, h / 2)
                box = (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2, lines)
                # a part's number may stand on an empty card outline: the outlines are what the part is
                covered = sum(_overlap(box, other) for other in drawn) * OUTLINE_WEIGHT + (0 if note.part else sum(
                    _overlap(box, other) for other in outlines))
                if covered < 0.25:
                    return box
                if least is None or covered < least:
                    best, least = box, covered
                if first_clear is None and note.part and not any(_overlap(box, other) > 0 for other in taken):
                    first_clear = box
        return first_clear or best

    def _plate(self, canvas, note: Note, lines: list[str]) -> tuple[float, float]:
        """A tag's (or callout's) printed width and height, its lines one under another."""
        if note.mark:
            return _badge_width(canvas, note.text), MARK_PT * 1.5
        return (max(_width(canvas, line, "regular", LABEL_PT) for line in lines) + LABEL_PT * 0.8,
                LABEL_PT * (1.4 + 1.2 * (len(lines) - 1)))

    def draw_scaled(self, backend) -> None:
        """The drawing and its cards in the figure's own units (the recording backend's view of it, for tests)."""
        self.base(backend)
        layout = self.project.layout
        for card in self.placed:
            size = face_size(card.face, layout)
            by = card.w / size.width
            face = backend.for_cards(self.card_least()) if isinstance(backend, LegibleOnly) else backend
            face.save()
            face.translate(card.x, card.y)
            face.scale(by, by)
            face.clip_rect(0, 0, size.width, size.height)
            draw_face(face, card.face, layout, self.project.game.emblems, -size.bleed, -size.bleed)
            face.restore()
            backend.rect(card.x, card.y, card.w, size.height * by, stroke="#555555", width=0.4 / self.scale_by)
        over = getattr(self.base, "over", None)  # what lies on the cards: a token put on a card's square
        if over is not None:
            over(backend)

    def _note(self, canvas, note: Note, at: tuple | None = None) -> None:
        """A callout, label or title as printed, moved inside the figure's edges where it would overhang them, or
        in the box `at` (x0, y0, x1, y1, lines) arranged for it; set in the book's fonts (fallback lists,
        right-to-left text: pnp.render.book_type.draw_centred)."""
        x, y = note.x * self.scale_by + note.dx, note.y * self.scale_by
        if at is not None and note.tag:
            self._tag(canvas, at)
            return
        if note.name:  # on a white plate: what it may stand over is only an empty outline's corner
            canvas.setFillColor(color("#ffffff"))
            x0, y0, x1, y1 = _plate(at)
            canvas.roundRect(x0, y0, x1 - x0, y1 - y0, 1, stroke=0, fill=1)
            canvas.setFillColor(color(NAME_INK))
            for line, text in enumerate(at[4]):
                _left(canvas, at[0], at[3] - at[5] * (0.9 + 1.2 * line), text, "bold", at[5])
            return
        if note.keyed:  # said in the key under the drawing
            return
        if note.mark:
            width = _badge_width(canvas, note.text)
            box = at or self._mark_box(canvas, note)
            self._badge(canvas, (box[0] + box[2]) / 2, (box[1] + box[3]) / 2, width, note.text)
        elif note.tag or note.title:
            slot, size = ("bold", TITLE_PT) if note.title else ("regular", LABEL_PT)
            width = _width(canvas, note.text, slot, size) + size * 0.8
            # a tag hangs under its callout (the callout's centre is x, y); a title stands at its top-left corner
            left, top = (x - MARK_PT * 0.75, y - MARK_PT * 0.9) if note.tag else (x, y)
            cx, cy = self._inside(left + width / 2, top - size * 0.7, width / 2, size * 0.7)
            if note.tag:
                canvas.setFillColor(color("#ffffff"))
                canvas.setStrokeColor(color("#9aa5b1"))
                canvas.setLineWidth(0.4)
                canvas.roundRect(cx - width / 2, cy - size * 0.7, width, size * 1.4, size * 0.3, stroke=1, fill=1)
            canvas.setFillColor(color("#1d1d1d"))
            _centred(canvas, cx, cy - size * 0.36, note.text, slot, size)
        else:  # a label under its place, a line at a time
            canvas.setFillColor(color("#1d1d1d"))
            for line, text in enumerate(note.text.split("\n")):
                _centred(canvas, x, y - LABEL_PT * (1.05 + 1.2 * line), text, "regular", LABEL_PT)

    @staticmethod
    def _badge(canvas, x: float, y: float, width: float, text: str) -> None:
        """A callout's badge centred on (x, y), as printed."""
        canvas.setFillColor(color(MARK))
        canvas.setStrokeColor(color(MARK_INK))
        canvas.setLineWidth(0.8)
        canvas.roundRect(x - width / 2, y - MARK_PT * 0.75, width, MARK_PT * 1.5, MARK_PT * 0.75, stroke=1, fill=1)
        canvas.setFillColor(color(MARK_INK))
        _centred(canvas, x, y - MARK_PT * 0.36, text, "bold", MARK_PT)

    def _tag(self, canvas, at: tuple) -> None:
        """A tag on its white plate in the box arranged for it, a line at a time."""
        x0, y0, x1, y1, lines = at
        canvas.setFillColor(color("#ffffff"))
        canvas.setStrokeColor(color("#9aa5b1"))
        canvas.setLineWidth(0.4)
        canvas.roundRect(x0, y0, x1 - x0, y1 - y0, LABEL_PT * 0.3, stroke=1, fill=1)
        canvas.setFillColor(color("#1d1d1d"))
        for line, text in enumerate(lines):
            _centred(canvas, (x0 + x1) / 2, y1 - LABEL_PT * (1.06 + 1.2 * line), text, "regular", LABEL_PT)

    def _inside(self, x: float, y: float, half_w: float, half_h: float) -> tuple[float, float]:
        """A centre moved so a box half_w x half_h around it stays inside the figure as printed (and the room
        `outside` it a plate's page leaves)."""
        w, h, o = self.natural[0] * self.scale_by, self.natural[1] * self.scale_by, self.outside
        side = max(o, self.sides)
        return (min(max(x, half_w - side), max(half_w - side, w + side - half_w)),
                min(max(y, half_h - o), max(half_h - o, h + o - half_h)))


SPACE = 1.5  # points between a tag and what it stands beside, as printed
NUDGE = 1.5  # badges' widths (or heights) a set-up callout may slide off the sheet's boxes at most
HIDES = 0.5  # the share of a box a callout covers that hides it: the callout slides off it
LEADER_LEAST = 2.0  # points: a callout slid less far from its leader's point than this draws no line (it is beside it)
LEADER_AIR = 0.8  # points of air each side of a leader's middle, clear of the sheet's boxes, dots and words
LEADER_HEAD = 2.4, 1.0  # points: the length and half-width of the arrowhead a leader ends in, on what it names
KEYED_COVER = 0.5  # square points of the drawing's cards, boxes and icons a tag covers at most, else said in the key
KEY_ROW, KEY_GAP, KEY_APART = MARK_PT * 1.9, 3.0, 10.0  # the key under a figure: a row's height, the space above
# it, the room between entries (points)
KEY_WIDTH = 0.75  # a key's rows as wide as the figure, or this much of the frame where the figure is narrower
NAME_PT, NAME_INSET, NAME_INK = 6.5, 2.0, "#3d4a57"  # a region's name as printed: size, inset from its corner, ink
NAME_DROPS = 3  # lines a region's name may stand lower than its corner, where a callout stands there
NAME_RIGHT = 0.5  # points a region's name keeps from its right edge: a long word fits a narrow region
TAB_OVERHANG = 1.3  # a card's name plate as wide as this much of the card at most, centred on it
TAB_STEP = 0.5  # points a name tab is slid along its card's top edge at a time, to clear a callout
NAME_PAD = 0.8  # points a name's white plate reaches beyond its words, left and right (half that above and below)
NAME_STEP = 2.0  # points a card's name is tried lower on the card at a time, where no better spot is free
NAME_ROOM = 4.0  # points round a name's plate that keep it from reading as a callout's label, where it can
NAME_CLEAR = 0.5  # points a card's name plate keeps clear of the other names and callouts, as printed
HEADING_REACH = 8.0  # points from a part's top-left corner its heading starts within, as printed
HEADING_GAP = 6.0  # points between two words of one heading at most, as printed
OUTLINE_WEIGHT = 100  # how much worse a tag over a card or a track cell is than one over an empty card outline


def _beyond_names(text: str, names: set[str]) -> str:
    """A tag's text less what the cards it labels print as their names: "" where it is one of them; its head alone
    where every name after its ":" is ("Chapters: The Night, The Drop" -> "Chapters", where the cards
    print those two names); else the text as it is."""
    if text in names:
        return ""
    head, colon, tail = text.partition(": ")
    if colon and all(part.strip() in names for part in tail.split(", ")):
        return head
    return text


def _filled(canvas, text: str, room: float, size: float, hyphens: bool = False) -> tuple[list[str], float]:
    """A name's words filled a line at a time as wide as `room` allows at `size` (bold), and its widest line; with
    `hyphens`, a word wider than the room cut where its language allows, a hyphen at each cut."""
    lines: list[str] = []
    cut = False  # the line before ends in a cut word: its rest starts a line of its own
    for word in text.split():
        pieces = _cut(canvas, word, room, size) if hyphens and _width(canvas, word, "bold", size) > room else [word]
        for piece in pieces:
            wider = f"{lines[-1]} {piece}" if lines else piece
            if lines and not cut and _width(canvas, wider, "bold", size) <= room:
                lines[-1] = wider
            else:
                lines.append(piece)
            cut = piece.endswith("-") and piece is not pieces[-1]
    return lines, max((_width(canvas, line, "bold", size) for line in lines), default=0.0)


def _cut(canvas, word: str, room: float, size: float) -> list[str]:
    """A word too wide for `room` in pieces that fit it, each but the last ending in a hyphen (pnp.text.breaks: the
    book language's hyphenation); the word whole where it has no such cut."""
    from pnp.text.breaks import hyphenated

    lang = getattr(getattr(canvas, "_doctemplate", None), "lang", "en")
    fits = lambda start, end, hyphen: _width(canvas, word[start:end] + ("-" if hyphen else ""), "bold", size) <= room  # noqa: E731
    pieces = hyphenated(word, lang, fits)
    if pieces is None:
        return [word]
    return [word[start:end] + ("-" if k < len(pieces) - 1 else "") for k, (start, end) in enumerate(pieces)]


def _after_heading(near: tuple, words: list[tuple], w: float, h: float) -> tuple[float, float] | None:
    """Where a part's number w x h stands just after the heading at its part's top-left corner ("SCORE 7"),
    as a bottom-left corner; None where the part has no words near its top. The heading is the topmost line of
    words that starts at the part's left edge; its words run on while the gaps are a word space or so. A part
    with no heading (a legend in columns) has its number after its top line's last word."""
    x0, _, x1, y1 = near
    top = [b for b in words if x0 - 2 <= b[0] and b[2] <= x1 and y1 - HEADING_REACH * 2 <= b[3] <= y1 + 2]
    if not top:
        return None
    starts = [b for b in top if abs(b[0] - x0) <= HEADING_REACH]
    first = max(starts or top, key=lambda b: b[3])
    middle, end = (first[1] + first[3]) / 2, first[2]
    for b in sorted((b for b in top if abs((b[1] + b[3]) / 2 - middle) < 2 and b[0] > first[0]),
                    key=lambda b: b[0]):
        if b[0] - end > HEADING_GAP and starts:
            break
        end = max(end, b[2])
    return end + 2 * SPACE, middle - h / 2  # where that covers another part, `_spot` tries the next spot


def _steps(low: float, high: float, step: float) -> list[float]:
    """From low to high (both in) a step apart."""
    return [low + k * step for k in range(int((high - low) / step) + 1)] + ([high] if high > low else [])


def _spots(anchor: tuple, near, w: float, h: float, callout: bool) -> list[tuple[float, float]]:
    """The bottom-left corners a note w x h may take, in order of preference: a tag under its callout (left-aligned
    with it), right of it, above it, then under, above, right of and left of what it names, and last left of its
    callout; a track's
    (or a sheet part's) callout at its anchor or a step down or right of it, then above, left of, right of and under
    the box it names."""
    ax0, ay0, ax1, ay1 = anchor
    # a tag left of its callout stands in the part before it: tried last, after every spot by what it names
    spots = [] if callout else [(ax0, ay0 - SPACE - h), (ax1 + SPACE, (ay0 + ay1 - h) / 2), (ax0, ay1 + SPACE)]
    if callout:  # at its anchor, or a step down or right of it (still at the corner of what it names)
        spots += [(ax0, ay0), (ax0, ay0 - h * 1.1), (ax0 + w * 1.1, ay0), (ax0 + w * 1.1, ay0 - h * 1.1)]
    if near:
        nx0, ny0, nx1, ny1 = near
        middle_x, middle_y = (nx0 + nx1 - w) / 2, (ny0 + ny1 - h) / 2
        around = [(middle_x, ny1 + SPACE), (nx0 - SPACE - w, middle_y), (nx1 + SPACE, middle_y),
                  (middle_x, ny0 - SPACE - h), (nx1 - w / 2, ny0 - SPACE - h)] if callout else [
            (nx0, ny0 - SPACE - h), (middle_x, ny0 - SPACE - h), (nx0, ny1 + SPACE), (middle_x, ny1 + SPACE),
            (nx1 + SPACE, ny1 - h), (nx1 + SPACE, middle_y), (nx0 - SPACE - w, ny1 - h)]
        spots += around
    if not callout:
        spots.append((ax0 - SPACE - w, (ay0 + ay1 - h) / 2))
    return spots


def _broken(text: str) -> list[list[str]]:
    """A tag's text on one line, then broken after its ":" and then also after each "," (a long label shortened
    to a narrower plate, its words all kept)."""
    variants = [[text]]
    head, colon, tail = text.partition(": ")
    if colon:
        variants.append([head + ":", tail])
        parts = [p.strip() for p in tail.split(", ")]
        if len(parts) > 1:
            variants.append([head + ":"] + [p + "," for p in parts[:-1]] + parts[-1:])
    elif ", " in text:
        parts = text.split(", ")
        variants.append([p + "," for p in parts[:-1]] + parts[-1:])
    return variants


def _plate(box: tuple) -> tuple:
    """A name's white plate: its words' box, NAME_PAD wider on each side and half that taller."""
    return box[0] - NAME_PAD, box[1] - NAME_PAD / 2, box[2] + NAME_PAD, box[3] + NAME_PAD / 2


def _arrowhead(line: tuple) -> tuple:
    """A leader's arrowhead (x0, y0 its tip, where it points; x1, y1 in its badge): its tip, its two back corners
    and the middle of its back, where the line starts."""
    x0, y0, x1, y1 = line
    length, half = LEADER_HEAD
    span = math.hypot(x1 - x0, y1 - y0)
    ux, uy = (x1 - x0) / span, (y1 - y0) / span  # from the tip towards the badge
    bx, by = x0 + ux * length, y0 + uy * length
    return (x0, y0), (bx - uy * half, by + ux * half), (bx + uy * half, by - ux * half), (bx, by)


def _leader_room(line: tuple) -> list[tuple]:
    """The small boxes a leader and its arrowhead take, as printed."""
    _, left, right, _ = _arrowhead(line)
    head = (min(left[0], right[0], line[0]), min(left[1], right[1], line[1]), max(left[0], right[0], line[0]),
            max(left[1], right[1], line[1]))
    return _line_boxes(line, LEADER_AIR) + [head]


def _line_boxes(line: tuple, half: float) -> list[tuple]:
    """Squares `half` from a line's middle every point along it (x0, y0, x1, y1): the room it takes, box by box."""
    x0, y0, x1, y1 = line
    steps = max(1, math.ceil(math.hypot(x1 - x0, y1 - y0)))
    return [(x - half, y - half, x + half, y + half)
            for x, y in ((x0 + (x1 - x0) * t / steps, y0 + (y1 - y0) * t / steps) for t in range(steps + 1))]


def _grown(boxes: list[tuple], by: float) -> list[tuple]:
    """Boxes (x0, y0, x1, y1) grown by `by` on every side."""
    return [(b[0] - by, b[1] - by, b[2] + by, b[3] + by) for b in boxes]


def _scaled(box: tuple, by: float) -> tuple:
    return tuple(v * by for v in box[:4])


def _relative(box: tuple, card: tuple) -> tuple[float, float, float]:
    """Where a name's box stands on a card, as shares of the card's width and height: its middle across, its
    bottom and its top."""
    width, height = card[2] - card[0], card[3] - card[1]
    return ((box[0] + box[2]) / 2 - card[0]) / width, (box[1] - card[1]) / height, (box[3] - card[1]) / height


def _alike(a: tuple[float, float, float], b: tuple[float, float, float]) -> bool:
    """Two names on cards stand alike: both astride their cards' top edges (a tab of one line or two, slid along
    the edge clear of a callout or not), or level at their foot or at their top, within ALIKE of the card's
    height (a name of one line beside one of two, at one spot)."""
    astride = a[1] < 1.0 < a[2] and b[1] < 1.0 < b[2]
    return astride or abs(a[1] - b[1]) <= ALIKE or abs(a[2] - b[2]) <= ALIKE


ALIKE = 0.02  # how near, as a share of a card's height, two names stand to stand alike


def _overlap(a: tuple, b: tuple) -> float:
    """The area two boxes share (0 where they only touch)."""
    return max(0.0, min(a[2], b[2]) - max(a[0], b[0])) * max(0.0, min(a[3], b[3]) - max(a[1], b[1]))


SHRINK = 0.75  # how much smaller than it would stand a figure may be drawn to fit the foot of a page


class KeepWithFigure(KeepTogether):
    """A figure kept with its caption, the figure told the room the caption leaves it on this page, so a figure
    that nearly fits the foot of a page is drawn a little smaller there rather than leave the page half empty."""

    def _figures(self) -> list:
        return [f for f in self._content if isinstance(f, BoardFigure)]

    def wrap(self, aW, aH):
        from reportlab.platypus.flowables import _listWrapOn

        for figure in self._figures():
            figure.room = None
        used = _listWrapOn(self._content, aW, self.canv)[1] - sum(f.wrap(aW, aH)[1] for f in self._figures())
        for figure in self._figures():  # kept while the group is set on this page: the figure is drawn at that size
            figure.room = aH - used - 1
        return super().wrap(aW, aH)

    def split(self, aW, aH):
        parts = super().split(aW, aH)
        if parts and type(parts[0]).__name__ in MOVED:
            for figure in self._figures():  # on to the next page: drawn there as large as it stands
                figure.room = None
        return parts


MOVED = {"_FrameBreak", "NullActionFlowable"}  # what KeepTogether.split puts first when the group moves on (its
# FrameBreak is an instance of reportlab's _FrameBreak)


# -- a sheet pictured whole, with its key ------------------------------------------------------------------------


def sheet_overview(project, sheet_id: str, frame, styles, caption: str, heading=None, page=None,
                   plate_caption: str = "") -> list:
    """A playmat or board whole and upright on the page, as large as the frame's width allows (up to its printed
    size) with room left under it for its key: each part the sheet_key names is numbered on the picture, and the
    key lists them, "N  Name: what it is", in two columns read down. Heading, picture, caption and key stay on one
    page: the picture is drawn smaller to leave the key its room. A sheet that would lose its words drawn so small
    but fits the `page` (its width and height) inside PLATE_MARGIN at its printed size is printed there, a page of
    its own (the book's "plate" page template), its words and callouts all legible; its heading, `plate_caption`
    and key on the page before."""
    layout = project.sheet_layouts[sheet_id]
    natural = (layout.width, layout.height)
    parts = sheet_key(project, sheet_id)
    # parts alike (a score sheet's two rows for one player, the same kind, name and words): one number
    numbers: dict[tuple[str, str, str], int] = {}
    for region, name, text in parts:
        numbers.setdefault((region.kind, name, text), len(numbers) + 1)
    key = _key(project.game, [(str(n), name, text) for (_, name, text), n in numbers.items()], frame[0],
               styles) if parts else None
    label = Paragraph(esc(caption), styles["caption"])
    around = sum(f.wrap(frame[0], frame[1])[1] + f.getSpaceBefore() + f.getSpaceAfter()
                 for f in ([heading] if heading is not None else []) + [label] + ([key] if key else []))
    most_h = max(frame[1] * OVERVIEW_LEAST, min(frame[1] * OVERVIEW_HEIGHT, frame[1] - around - KEY_SLACK))
    scale = min(1.0, frame[0] / natural[0], most_h / natural[1])
    notes, near = [], MARK_PT * 1.6 / scale  # two callouts closer than this (thin regions one above another) collide
    boxes: dict[int, list] = {}  # a number's parts (a player's two score rows): one callout, at the corner of them all
    for region, name, text in parts:
        boxes.setdefault(numbers[region.kind, name, text], []).append(_region_box(region, layout))
    for number, alike in boxes.items():
        box = _union(alike)
        x, y = _corner(box)
        dx = 0.0
        while any(abs(n.x - x) < near and abs(n.y - y) < near and abs(n.dx - dx) < MARK_PT * 2 for n in notes):
            dx += MARK_PT * 2.2
        # at its parts' corner, or beside them where that covers the sheet's title or a box to write in
        notes.append(Note(x, y, str(number), True, dx, near=box, part=True))
    sheet = project.game.sheets[sheet_id].model
    outlines = _card_spots(project, layout, {r.name: r for r in layout.regions},
                           {a.id: a for a in getattr(sheet, "areas", []) or []})
    # a track's boxes too, however large (a playmat's life track): a number over one hides its value
    cells = _track_cells(layout, {r.name: r for r in layout.regions},
                         {t.id: t for t in getattr(sheet, "tracks", []) or []})
    figure = BoardFigure(project, natural, lambda b: _sheet(b, project, sheet_id),
                         notes=_title_notes(project, sheet_id) + notes, most_h=most_h,
                         avoid=_write_in_boxes(project, sheet_id) + cells + _sheet_icons(project, sheet_id, outlines))
    figure.beside = True  # a number with no room at its part's corner stands beside the picture, led to it
    head = [heading] if heading is not None else []
    if page is not None and fits_plate(natural, page):
        figure.base = lambda b: _sheet(b, project, sheet_id, framed=False)
        figure.most_h = page[1]
        # at its size every word prints: a callout stands clear of them as of the boxes to write in
        figure.base.words = _sheet_words(project, sheet_id)  # a part's number follows its heading among them
        figure.avoid += [(d.x0, d.y0, d.x1, d.y1) for d in figure.base.words]
        # its callouts may stand in the page's margin, beside the parts, but never nearer its edge than SAFE
        figure.outside = PLATE_MARGIN - SAFE
        figure.beside = False  # the page's whole margin is not the frame's side room a keyed overview has
        told = Paragraph(esc(plate_caption or caption), styles["body"])  # a sentence, not the caption of a picture above it
        # the plate's page has its own contents line ("Game sheet at full size ... 10")
        entry = QuietHeading(say(project.game, "sheet-full-size", name=project.game.sheets[sheet_id].model.name),
                             styles["h1"], f"plate-{sheet_id}", 0)
        return [KeepTogether(head + [told] + ([Spacer(1, 3), key] if key else [])), NextPageTemplate("plate"),
                PageBreak(), entry, Plate(figure), NextPageTemplate("page")]  # the plate fills its page: what follows turns one
    # kept on one page, the picture a little smaller where that lets it follow the page's last lines (a glossary's
    # last entry) rather than leave them alone on a page
    return [KeepWithFigure(head + [figure, label] + ([Spacer(1, 3), key] if key else []))]


SAFE = 5 * mm  # what a print shop may trim or a home printer not reach: PRINT.md's safe area
PLATE_MARGIN = 6 * mm  # the least room a sheet printed at its size on a page of its own keeps from the paper's edge


def fits_plate(natural: tuple[float, float], page: tuple[float, float]) -> bool:
    """Whether a sheet fits a page at its printed size, PLATE_MARGIN inside each edge."""
    return natural[0] <= page[0] - 2 * PLATE_MARGIN and natural[1] <= page[1] - 2 * PLATE_MARGIN


class Plate(Flowable):
    """A figure at its printed size, centred on a page of its own (the "plate" template's frame is the whole
    page): a sheet that reads only at its size."""

    def __init__(self, figure: BoardFigure):
        super().__init__()
        self.figure = figure

    def wrap(self, width, height):
        self.page = (width, height)
        w, h = self.figure.wrap(width, height)
        return width, height - 1

    def draw(self):
        w = self.figure.natural[0] * self.figure.scale_by
        h = self.figure.natural[1] * self.figure.scale_by + self.figure.key_height()
        self.figure.drawOn(self.canv, (self.page[0] - w) / 2 - self.figure.indent, (self.page[1] - h) / 2)


OVERVIEW_HEIGHT = 0.62  # of the frame at most: the rest keeps its heading, caption and key on its page
OVERVIEW_LEAST = 0.3  # of the frame at the least, however long its key
KEY_SLACK = 24  # points kept free on the page beside the heading, picture, caption and key: the spaces between


def _sheet(backend, project, sheet_id: str, framed: bool = True) -> None:
    """The sheet drawn in the figure's units; `framed`: a hairline round it, where it stands small on a page (a
    sheet printed at its size on a page of its own has the paper's edge round it, and its words reach its edge)."""
    layout = project.sheet_layouts[sheet_id]
    if framed:
        backend.rect(0, 0, layout.width, layout.height, stroke="#9aa5b1", width=0.5)
    draw_sheet(backend, project, sheet_id, 0, layout.height)


UNKEYED = {"title", "intro"}  # the sheet's title (its logo) and its running line of rules are not parts to point at


def sheet_key(project, sheet_id: str) -> list[tuple[object, str, str]]:
    """Each part of the sheet a reader looks for, in the layout's order, as (region, name, what it is): from the
    sheet's `key:` (its designer's words), else an area's or a track's own label and text. A title, an intro and
    a region nothing names are not numbered."""
    layout = project.sheet_layouts[sheet_id]
    sheet = project.game.sheets[sheet_id].model
    own = {a.id: (a.label, a.text) for a in getattr(sheet, "areas", []) or []}
    own.update({t.id: (t.label, "") for t in getattr(sheet, "tracks", []) or []})
    parts = []
    for region in layout.regions:
        part = sheet.key.get(region.name)
        name, text = own.get(region.name, (None, ""))
        if part is not None:
            name, text = part.name or name, part.text
        if name and (part is not None or region.kind not in UNKEYED):
            parts.append((region, name, _icon_words(project.game, _without_blanks(text))))
    return parts


def _without_blanks(text: str) -> str:
    """A part's text less its lines to write on ("A ______ + ______"): the key says what a part is for, and a blank
    in it is nowhere to write."""
    kept = re.sub(r"_{3,}", " ", text or "")
    return " ".join(kept.split()).strip(" :+") if re.search(r"[^\W\d_]{2,}", kept) else ""


def _icon_words(game, text: str) -> str:
    """A sheet's text with each {icon} written as the icon's word: the key is set as plain text."""
    icons = game.manifest.icons
    return re.sub(r"\{([a-z0-9_-]+)\}", lambda m: icons[m[1]].word if m[1] in icons else m[0], text).strip()


def _region_box(region, layout) -> tuple[float, float, float, float]:
    """A region's box (x0, y0, x1, y1) in the drawing's units: y up from the sheet's foot."""
    return region.x, layout.height - region.y - region.h, region.x + region.w, layout.height - region.y


def _corner(box) -> tuple[float, float]:
    """Where a part's number stands: just inside its box's top-left corner, in the drawing's units."""
    return box[0] + 3 * mm, box[3] - 3 * mm


def _sheet_drawn(project, sheet_id: str) -> list:
    """Everything the sheet draws, as drawn (pnp.render.backend.Drawn: its kind, box and size, in the figure's
    units). Recorded once per project and sheet: its words, its boxes to write in and its figures all ask, and a
    sheet with a drawn ground takes a while to draw."""
    from pnp.render.backend import RecordingBackend

    known = project.__dict__.setdefault("_sheets_drawn", {})
    if sheet_id not in known:
        recording = RecordingBackend()
        _sheet(recording, project, sheet_id)
        known[sheet_id] = recording.drawn
    return known[sheet_id]


def _sheet_dots(project, sheet_id: str) -> list[tuple]:
    """The dots the sheet's regions draw, no larger than a name's letters (a box's mark that it starts filled), as
    boxes in the figure's units. Its ground's pattern (a field of small stars) is not among them: a name's plate
    may stand over that."""
    from pnp.render.backend import RecordingBackend
    from pnp.render.sheets import draw_region, sheet_pen

    known = project.__dict__.setdefault("_sheets_dots", {})
    if sheet_id not in known:
        layout, game, recording = project.sheet_layouts[sheet_id], project.game, RecordingBackend()
        pen = sheet_pen(recording, layout, game, project.card_outlines, 0, layout.height)
        for region in layout.regions:
            draw_region(pen, region, game.sheets[sheet_id].model, game)
        known[sheet_id] = [(d.x0, d.y0, d.x1, d.y1) for d in recording.drawn
                           if d.kind == "circle" and max(d.x1 - d.x0, d.y1 - d.y0) <= NAME_PT]
    return known[sheet_id]


def _sheet_words(project, sheet_id: str) -> list:
    """Every word the sheet prints, as drawn."""
    return [d for d in _sheet_drawn(project, sheet_id) if d.kind == "text" and d.text.strip()]


def _title_notes(project, sheet_id: str) -> list[Note]:
    """The sheet's title (the largest words of its title region) printed at TITLE_PT where the figure is drawn so
    small that the sheet's own would be left off: a picture of a playmat keeps its name strip."""
    layout = project.sheet_layouts[sheet_id]
    titles = [r for r in layout.regions if r.kind == "title"]
    if not titles:
        return []
    region = titles[0]
    x0, y0 = region.x, layout.height - region.y - region.h
    inside = [d for d in _sheet_words(project, sheet_id)
              if x0 - 1 <= d.x0 and d.x1 <= x0 + region.w + 1 and y0 - 1 <= d.y0 and d.y1 <= y0 + region.h + 1]
    if not inside:
        return []
    largest = max(inside, key=lambda d: d.size)
    return [Note(largest.x0, largest.y1, largest.text.strip(), False, title=True, size=largest.size)]


def _key(game, entries: list[tuple[str, str, str]], width: float, styles) -> Table:
    """The parts a picture numbers, "N  Name: what it is", in two columns read down; each column a stack of its
    own, so a long entry never pushes the other column's lines out of step."""
    size = styles["small"].fontSize
    # set small, but in half the figure's width: its numbers kept with their words ("column 1."), as the body's are
    style = derived("key", styles["small"], spaceAfter=2, bound=True)
    number = derived("key-number", style, fontName=styles["strong"].fontName)
    rows = [[Paragraph(esc(n), number),
             Paragraph(said(game, "label-text", label=f"<b>{esc(name)}</b>", text=esc(text)) if text
                       else f"<b>{esc(name)}</b>", style)] for n, name, text in entries]
    half = math.ceil(len(rows) / 2)
    columns = [_key_column(part, width / 2, size, styles) for part in (rows[:half], rows[half:]) if part]
    table = Table([columns], colWidths=[width / 2] * len(columns), hAlign="LEFT")
    table.setStyle(_key_style(styles, padding=0))
    table.index_read = True  # the index finds the parts' names here (pnp.render.rulebook_back.Index.seen)
    return table


def _key_column(rows, width: float, size: float, styles) -> Table:
    """One column of the key: its numbers in a narrow column of their own, so every name starts at one edge."""
    table = Table(rows, colWidths=[size * 2.2, width - size * 2.2 - 8])
    table.setStyle(_key_style(styles, padding=1))
    return table


def _key_style(styles, padding: float) -> TableStyle:
    # the table's own font named too: reportlab sets an unembedded Helvetica for a table that names none
    return TableStyle([("FONT", (0, 0), (-1, -1), styles["small"].fontName, styles["small"].fontSize),
                       ("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 0),
                       ("RIGHTPADDING", (0, 0), (-1, -1), 0), ("TOPPADDING", (0, 0), (-1, -1), padding),
                       ("BOTTOMPADDING", (0, 0), (-1, -1), padding)])


# -- set-up figures and examples ---------------------------------------------------------------------------------


def is_book_figure(figure: dict | None) -> bool:
    return bool(figure) and figure.get("kind") in BOOK_FIGURES


def book_figure(project, ref, figure: dict, frame, styles) -> list:
    """A `setup` or `cards` figure as rulebook flowables: the picture and its caption, kept together."""
    numbers = {node.id: node.number for node in ref.walk()}
    # a component of a set-up rule this book leaves out (a harder level's) is not laid out either
    places = [p for p in figure.get("place") or [] if not p.get("step") or p["step"] in numbers]
    if figure.get("sheet"):
        natural, base, placed, notes, (avoid, outlines) = _on_sheet(project, figure["sheet"], places, numbers)
        most_h = frame[1] * 0.6
    else:
        natural, base, placed, notes = _on_table(project, places, numbers, figure["kind"] == "setup", frame[0])
        most_h, avoid, outlines = frame[1] * 0.5, [], []
    picture = BoardFigure(project, natural, base, placed, notes, most_h, avoid, outlines,
                          card_names=figure["kind"] == "setup")
    # a sheet pictured for its set-up, or an example of play, may stand a little smaller at the foot of its rules'
    # page rather than leave it half empty (an example no smaller than keeps each card's name legible); cards laid
    # out for a set-up on the table a little less (TABLE_SHRINK: their labels keep their size)
    if figure["kind"] == "cards":  # never so small that a word it prints at its full size is left off
        preferred = min(1.0, frame[0] / natural[0], most_h / natural[1])
        picture.least = max(_names_legible(project, placed), _words_kept(project, placed, preferred))
    elif not figure.get("sheet"):
        picture.least = TABLE_SHRINK * min(1.0, frame[0] / natural[0], most_h / natural[1])
    # a little more room under it than between two rules: the rule after a figure never reads as its caption's
    caption = Paragraph(esc(figure.get("text", "")), derived("figure-caption", styles["caption"], spaceAfter=6))
    return [KeepWithFigure([Spacer(1, 4), picture, caption])]


TABLE_SHRINK = 0.85  # how much smaller a set-up laid on the table may stand to fit the foot of its rules' page (its
# labels are a fixed size: at 85 % they still clear one another)


def _card_names(project, placed: list[Placed]) -> list[Note]:
    """A name note (Note.on_card) for each card face laid in a figure, the top one of a pile: printed where the
    figure draws the card so small that its largest words print under LEGIBLE_PT (`size`: those words' size, in
    the figure's units). A face-down pile shows a back: no name."""
    fronts = {id(face) for face in project.faces.fronts.values()}
    notes, seen = [], set()
    for card in reversed(placed):  # the top card of a pile first: the ones under it are hidden
        box = _card_box(project, card)
        spot = tuple(round(v, 1) for v in box[:2])
        if id(card.face) not in fronts or card.face.card is None or spot in seen:
            continue
        seen.add(spot)
        size, (fx, fy) = _printed_name(project, card.face)
        by = card.w / _card_size(project, card.face)[0]
        at = (box[0] + fx * (box[2] - box[0]), box[1] + fy * (box[3] - box[1]))  # where the card prints it
        notes.append(Note(*at, card.face.card.name, False, name=True, size=size * by, near=box, on_card=True))
    return notes[::-1]


def _face_words(project, face) -> list:
    """The words a card face prints (pnp.render.backend.Drawn, in the card's own units from its bottom left),
    recorded once per project and face."""
    from pnp.render.backend import RecordingBackend

    known = project.__dict__.setdefault("_face_words", {})
    if id(face) not in known:
        recording = RecordingBackend()
        draw_face(recording, face, project.layout, project.game.emblems, 0, 0)
        known[id(face)] = [d for d in recording.drawn if d.kind == "text" and d.text.strip()]
    return known[id(face)]


def _face_ink(project, face) -> list:
    """What a card face draws over its ground (a board card's squares, its icons, its words), as Drawn boxes in the
    card's own units from its bottom left, recorded once per project and face: a token's callout, which must stand
    on the card, covers the least of it. The ground and the frame (a box of most of the card) are not ink."""
    from pnp.render.backend import RecordingBackend

    known = project.__dict__.setdefault("_face_ink", {})
    if id(face) not in known:
        recording = RecordingBackend()
        draw_face(recording, face, project.layout, project.game.emblems, 0, 0)
        w, h = _card_size(project, face)
        known[id(face)] = [d for d in recording.drawn if (d.x1 - d.x0) * (d.y1 - d.y0) < GROUND * w * h]
    return known[id(face)]


GROUND = 0.5  # a drawn box over this much of a card is its ground or frame, not what it prints on it
INK_STEP = 4.0  # square points of a card's ink two name spots may cover and still count as covering alike


def _printed_name(project, face) -> tuple[float, tuple[float, float]]:
    """The size a card face prints its own name at, at its printed size (the smallest of its lines, where it
    breaks; 0 where the face does not print it), and the middle of its lines, as fractions of the card's width and
    height from its bottom left (its middle where it prints none)."""
    name = " ".join(face.card.name.split())
    lines = [d for d in _face_words(project, face) if " ".join(d.text.split()) in name]
    if not lines:
        return 0.0, (0.5, 0.5)
    w, h = _card_size(project, face)
    middle = ((min(d.x0 for d in lines) + max(d.x1 for d in lines)) / 2, (min(d.y0 for d in lines) + max(d.y1 for d in lines)) / 2)
    return min(d.size for d in lines), (min(max(middle[0] / w, 0.0), 1.0), min(max(middle[1] / h, 0.0), 1.0))


def _names_legible(project, placed: list[Placed]) -> float:
    """The smallest scale at which every card of an example still prints its largest words (its name) at
    LEGIBLE_PT or more: the card's own size times LEGIBLE_PT over those words' size."""
    least = 0.0
    for card in placed:
        sizes = [d.size for d in _face_words(project, card.face)]
        if sizes:
            least = max(least, LEGIBLE_PT / max(sizes) / (card.w / _card_size(project, card.face)[0]))
    return least


def _words_kept(project, placed: list[Placed], scale: float) -> float:
    """The smallest scale an example's cards keep every word they print at `scale`: shrunk further, a card's text
    is left off and the card looks misprinted (the twelfth proofreading: two trap cards, their
    rules gone at the foot of an A4 page)."""
    thresholds = [LEGIBLE_PT / d.size / (card.w / _card_size(project, card.face)[0])
                  for card in placed for d in _face_words(project, card.face) if d.size > 0]
    return max((t for t in thresholds if t <= scale + 1e-9), default=0.0)


def _mark(place: dict, numbers: dict) -> str:
    """The callout a place shows: its set-up rule's number, or the caption's letter."""
    return str(numbers.get(place["step"], "")) if place.get("step") else str(place.get("mark") or "")


def _shows(place: dict) -> bool:
    """Whether a place lays cards (else it is an empty spot on the table, named by its label)."""
    return any(key in place for key in ("card", "cards", "deck"))


def _faces(project, place: dict) -> list:
    """The faces a place shows, bottom first: its cards' fronts, or its deck's back `count` times."""
    if place.get("deck"):
        deck = project.game.decks[place["deck"]]
        back = project.faces.backs[deck.cards[0].card.id]
        return [back] * int(place.get("count", 1))
    ids = place.get("cards") or [place["card"]]
    return [project.faces.fronts[card_id] for card_id in ids]


def _card_size(project, face) -> tuple[float, float]:
    size = face_size(face, project.layout)
    return size.width, size.height


def _laid(faces, x: float, top: float, w: float, h: float, fan: str, scale_gap: float) -> list[Placed]:
    """Cards laid from (x, top) down, each w x h: fanned down (each one's top showing), fanned right (a hand), or
    as a pile (a stack seen slightly from the side)."""
    placed = []
    for i, face in enumerate(faces):
        if fan == "down":
            placed.append(Placed(face, x, top - h - i * FAN * h, w))
        elif fan == "right":
            placed.append(Placed(face, x + i * HAND * w, top - h, w))
        else:
            shift = min(i, 3) * scale_gap
            placed.append(Placed(face, x + shift, top - h + shift, w))
    return placed


def _fan(place: dict) -> str:
    return place.get("fan") or ("down" if place.get("cards") else "pile")


def _extent(faces, w: float, h: float, fan: str) -> tuple[float, float]:
    """The width and height cards laid by _laid take."""
    n = len(faces)
    if fan == "down":
        return w, h + (n - 1) * FAN * h
    if fan == "right":
        return w + (n - 1) * HAND * w, h
    return w + min(n - 1, 3) * PILE, h + min(n - 1, 3) * PILE


def _on_table(project, places: list, numbers: dict, table: bool, width: float = 1e9):
    """The places laid out on a table (a `cards` example: on the page): each at its column and row, in cards. The
    rows stand far enough apart for the labels under one and the name tabs over the next as printed at the scale
    the page's `width` draws the figure (a booklet's half page draws it small; the words keep their size)."""
    faces = [_faces(project, p) for p in places if p.get("card") or p.get("cards") or p.get("deck")]
    unit_w = max(_card_size(project, f[0])[0] for f in faces)
    unit_h = max(_card_size(project, f[0])[1] for f in faces)
    gap = GAP if table else EXAMPLE_GAP
    step_w = unit_w * (1 + gap)
    pad = unit_w * gap
    columns = max(p["at"][0] for p in places) + max(1.0, max(_extent(_faces(project, p), *_card_size(
        project, _faces(project, p)[0]), _fan(p))[0] / unit_w for p in places if _shows(p)))
    by = min(1.0, width / (2 * pad + columns * step_w))  # the scale it is drawn at, as its width allows
    labelled = any(p.get("label") for p in places)
    room = (LABEL_PT * 2.4 if labelled else 0.0) + NAME_PT * 0.8  # a label's two lines; half a name tab above
    step_h = unit_h * (1 + gap) + max(LABEL_PT * 2.4, room / by)
    extents = [_extent(_faces(project, p), *_card_size(project, _faces(project, p)[0]), _fan(p)) if _shows(p)
               else (unit_w, unit_h) for p in places]  # an empty spot (a pile still to come) takes a card's room
    deepest: dict[float, float] = {}  # each row's tallest place: the row's places stand on its foot, one baseline
    for place, (_, eh) in zip(places, extents):
        deepest[place["at"][1]] = max(deepest.get(place["at"][1], 0.0), eh)
    boxes, placed, notes, spots = [], [], [], []
    middles = [(p["at"][1], pad + p["at"][0] * step_w + ew / 2) for p, (ew, _) in zip(places, extents)]
    for place, (ew, eh) in zip(places, extents):
        col, row = place["at"]
        here = pad + col * step_w + ew / 2  # a label may be as wide as the way to its row's nearest other label
        apart = min((abs(x - here) for r, x in middles if r == row and abs(x - here) > 1e-6), default=1e9)
        # from the top left: y grows upward, so tops are negative; a place shorter than its row's tallest (a single
        # card beside a fanned pair) stands lower, so every card's foot and every caption under it are level
        x, top = pad + col * step_w, -(pad + row * step_h) - (deepest[row] - eh)
        if _shows(place):
            shown = _faces(project, place)
            w, h = _card_size(project, shown[0])
            placed += _laid(shown, x, top, w, h, _fan(place), PILE)
        else:  # where a pile will grow: an empty outline its label names
            spots.append((x, top - eh, ew, eh))
        boxes.append((x, top - eh, x + ew, top))
        if place.get("label"):
            notes.append(Note(x + ew / 2, top - eh - 2, _label_lines(str(place["label"]), apart * by), False))
        if _mark(place, numbers):
            notes.append(Note(x, top, _mark(place, numbers), True))
    right = max(b[2] for b in boxes) + pad
    last = max(p["at"][1] for p in places)  # the last row's labels, as many lines as they take, inside the table
    lines = max((n.text.count("\n") + 1 for p, n in zip([p for p in places if p.get("label")],
                                                          [n for n in notes if not n.mark]) if p["at"][1] == last),
                default=1)
    bottom = min(b[1] for b in boxes) - pad - max(LABEL_PT * 2.4, LABEL_PT * (1.2 * lines + 0.4) / min(by, 1.0))
    height = -bottom
    # everything moved up by the height: the figure's origin at its bottom left
    placed = [Placed(p.face, p.x, p.y + height, p.w) for p in placed]
    notes = [Note(n.x, n.y + height, n.text, n.mark) for n in notes]

    def base(backend):
        if table:
            backend.rect(0, 0, right, height, fill=TABLE, stroke=TABLE_EDGE, width=0.8, radius=4 * mm)
        for x, y, w, h in spots:
            backend.rect(x, y + height, w, h, stroke=SPOT_EDGE, width=1.0, radius=3 * mm)

    return (right, height), base, placed, notes


def _label_lines(label: str, room: float) -> str:
    """A place's label broken in two at its middle space where, printed, it is wider than its place's `room`:
    labels side by side never run together ("Quick Guide Escape Leader")."""
    words = label.split(" ")
    if "\n" in label or len(words) < 2 or string_width(label, DEFAULT_FAMILY["regular"], LABEL_PT) <= room - LABEL_PT:
        return label
    half = len(label) / 2
    at = min(range(1, len(words)), key=lambda k: abs(len(" ".join(words[:k])) - half))
    return " ".join(words[:at]) + "\n" + " ".join(words[at:])


def _on_sheet(project, sheet_id: str, places: list, numbers: dict):
    """The places laid on a sheet: cards in an area's card outlines (in order, or from `slot`), a token on a track's
    box, or only a callout on any other region."""
    layout = project.sheet_layouts[sheet_id]
    sheet = project.game.sheets[sheet_id].model
    regions = {r.name: r for r in layout.regions}
    areas = {a.id: a for a in getattr(sheet, "areas", []) or []}
    tracks = {t.id: t for t in getattr(sheet, "tracks", []) or []}
    used: dict[str, int] = {}
    placed, notes, tokens, loose = [], [], [], []  # tokens on a track's boxes; loose ones, over the cards
    looks = token_sets(project.game)  # `token: <id>`: drawn as that counter prints
    H = layout.height
    laid_in: dict[str, int] = {}  # the cards each area gets, all its places together
    for place in places:
        if place.get("card") or place.get("cards"):
            laid_in[place["at"]] = laid_in.get(place["at"], 0) + len(_faces(project, place))
        elif place.get("deck"):
            laid_in[place["at"]] = laid_in.get(place["at"], 0) + 1
    overlapping: dict[str, list] = {name: [] for name in laid_in}  # the cards of a column they overflow
    cells = _track_cells(layout, regions, tracks) + _write_in_boxes(project, sheet_id)
    for place in places:
        region = regions[place["at"]]
        corner = _corner(_region_box(region, layout))
        near, before = None, len(placed)
        if region.name in areas and (place.get("card") or place.get("cards") or place.get("deck")):
            area = areas[region.name]
            card_w, card_h = project.card_outlines.trim_of(area)
            slots = area_plan(region, bool(area.text), area.cards, card_w, card_h).slots
            if place.get("from") == "bottom" or area.stack_up:  # cards listed bottom first fill the outlines from
                slots = sorted(slots, key=lambda r: (-r.y, r.x))  # the lowest up
            shown = _faces(project, place)
            into = [shown] if place.get("deck") else [[f] for f in shown]  # a pile, or a card to each outline
            first = used.get(region.name, 0)
            stacked = area.stack_up and laid_in[region.name] > len(slots)  # more units than outlines: they overlap
            for k, faces in enumerate(into):
                slot = slots[min(first + k, len(slots) - 1)]
                w, h = _card_size(project, faces[0])
                by = min(slot.w / w, slot.h / h)
                top = H - slot.y
                if stacked:  # spread from the lowest outline to the highest, each card a step up the column
                    step = (slots[0].y - slots[-1].y) / (laid_in[region.name] - 1)
                    top = H - slots[0].y + (first + k) * step
                placed += _laid(faces, slot.x, top, w * by, h * by, "pile", PILE / 0.3)
                if stacked:
                    overlapping[region.name].append(placed[-1])
            used[region.name] = first + len(into)
            slot = slots[min(first, len(slots) - 1)]
            corner = (slot.x, H - slot.y)
            near = _union(_card_box(project, card) for card in placed[before:])
        elif region.name in tracks and place.get("box") is not None:
            track = tracks[region.name]
            columns = track_label_columns(layout.regions, tracks.values(), layout.fonts["bold"])
            plan = track_plan(region, track.length, layout.box, columns[track.id])
            box = plan.boxes[int(place["box"]) - getattr(track, "first", 1)]
            cx, cy = box.x + box.w / 2, H - box.y - box.h / 2
            tokens.append((cx, cy, box.w * 0.36, looks.get(place.get("token"))))
            corner = (box.x + box.w, H - box.y)  # beside the token, not on it
            near = (box.x, H - box.y - box.h, box.x + box.w, H - box.y)  # its callout and tag stand clear of the cells
        if place.get("point"):  # a spot inside the region, as fractions of its width and height from its top left
            corner = _in_region(region, place["point"], H)
            if place.get("token"):  # a token put there (a ship on its square: over the card), its callout beside it
                look = looks.get(place["token"])
                r = look.size / 2 if look else max((c.w for c in placed), default=FREE_TOKEN / TOKEN_OF_CARD) * TOKEN_OF_CARD
                loose.append((corner[0], corner[1], r, look))
                near = (corner[0] - r, corner[1] - r, corner[0] + r, corner[1] + r)
                corner = (corner[0] + r, corner[1] + r)
        beside = sum(1 for n in notes if n.mark and abs(n.x - corner[0]) < 1 and abs(n.y - corner[1]) < 1)
        on_track = region.name in tracks and place.get("box") is not None
        if _mark(place, numbers):  # a second step there: beside; a token's or a track box's, clear of what it names
            notes.append(Note(*corner, _mark(place, numbers), True, beside * MARK_PT * 3,
                              near=near if on_track or place.get("token") else None,
                              leader=_in_region(region, place["leader"], H) if place.get("leader") else None))
        if place.get("label") and place.get("deck") and near is not None:  # a face-down pile: named on it, as a
            # card laid face up names itself (_card_names), whatever the figure's scale
            middle = ((near[0] + near[2]) / 2, (near[1] + near[3]) / 2)
            notes.append(Note(*middle, str(place["label"]), False, name=True, near=near, on_card=True))
        elif place.get("label"):  # what lies there, named beside or under its callout (BoardFigure.arranged); a
            # track's start named beside the whole track where its callout leaves no room
            row = _union(c for c in cells if _inside_region(c, region, H)) if on_track else near
            notes.append(Note(*corner, str(place["label"]), False, beside * MARK_PT * 3, tag=True, near=row))

    def base(backend):
        _sheet(backend, project, sheet_id)
        for cx, cy, r, look in tokens:
            _token(backend, project, layout, cx, cy, r, look)

    def over(backend):  # drawn after the cards (BoardFigure.draw_scaled)
        for cx, cy, r, look in loose:
            _token(backend, project, layout, cx, cy, r, look)

    base.over = over
    base.loose = [(cx - r, cy - r, cx + r, cy + r) for cx, cy, r, _ in loose]  # what no name or tag may cover
    base.words = _sheet_words(project, sheet_id)  # what it prints, for the names to stand clear of
    base.dots = _sheet_dots(project, sheet_id)  # and its dots: no region's name plate hides one

    # an overflowing column's cards drawn from the highest down: each lower card covers the foot of the one above
    # it, and every card's top (its name) shows, as players overlap them
    for cards in overlapping.values():
        if cards:
            order = iter(sorted(cards, key=lambda c: -c.y))
            placed = [next(order) if card in cards else card for card in placed]
    outlines = _card_spots(project, layout, regions, areas)
    names = _region_names(project, sheet_id, {p["at"] for p in places})
    avoid = cells + _sheet_icons(project, sheet_id, outlines)  # no tag covers a box, a track's cell or an icon
    return (layout.width, layout.height), base, placed, _title_notes(project, sheet_id) + names + notes, (avoid,
                                                                                                          outlines)


def _region_names(project, sheet_id: str, pointed_at: set[str]) -> list[Note]:
    """The name of each part of the sheet a set-up figure places nothing on (its key's name, else its own label),
    for where the figure is drawn so small that the region's own words print under LEGIBLE_PT: the empty play
    area of a playmat is still named. `size` is the largest of the region's own words, in the figure's units."""
    layout = project.sheet_layouts[sheet_id]
    words = _sheet_words(project, sheet_id)
    names = []
    for region, name, _ in sheet_key(project, sheet_id):
        if region.name in pointed_at:
            continue
        box = _region_box(region, layout)
        inside = [d.size for d in words if box[0] - 1 <= d.x0 and d.x1 <= box[2] + 1 and box[1] - 1 <= d.y0
                  and d.y1 <= box[3] + 1]
        names.append(Note(box[0], box[3], name, False, name=True, size=max(inside, default=0.0), near=box))
    return names


WRITE_IN = 15 * mm  # a box drawn on a sheet no larger than this either way is one to write or mark in


def _write_in_boxes(project, sheet_id: str) -> list[tuple]:
    """Every small box the sheet draws (x0, y0, x1, y1, in the figure's units): a box a player writes a number in
    or darkens, which no tag may cover (a roll-and-write sheet's are most of it): drawn, or a form's field (a
    box to tick)."""
    return [(d.x0, d.y0, d.x1, d.y1) for d in _sheet_drawn(project, sheet_id)
            if d.kind in ("rect", "checkbox", "text_field") and 0 < d.x1 - d.x0 <= WRITE_IN
            and 0 < d.y1 - d.y0 <= WRITE_IN]


ICON = 8 * mm  # a shape the sheet draws no larger than this either way is an icon (a Location's, a reward's)


def _sheet_icons(project, sheet_id: str, outlines: list[tuple]) -> list[tuple]:
    """Every icon the sheet draws (x0, y0, x1, y1, in the figure's units): a tag over one would hide what it means.
    What lies in a card outline (its corner marks, a faint emblem) is the outline's, which a tag may cover; a drawn
    ground's specks are no icons, so a sheet with a ground (a playmat) has none to keep clear of."""
    if project.sheet_layouts[sheet_id].ground is not None:
        return []
    return [(d.x0, d.y0, d.x1, d.y1) for d in _sheet_drawn(project, sheet_id)
            if d.kind == "path" and 0 < d.x1 - d.x0 <= ICON and 0 < d.y1 - d.y0 <= ICON
            and not any(o[0] - 0.5 <= d.x0 and d.x1 <= o[2] + 0.5 and o[1] - 0.5 <= d.y0 and d.y1 <= o[3] + 0.5
                        for o in outlines)]


def _track_cells(layout, regions: dict, tracks: dict) -> list[tuple]:
    """Every box of the sheet's tracks (x0, y0, x1, y1, in the figure's units): what no tag may cover."""
    cells = []
    columns = track_label_columns(layout.regions, tracks.values(), layout.fonts["bold"])
    for track_id, track in tracks.items():
        if track_id not in regions:
            continue
        for box in track_plan(regions[track_id], track.length, layout.box, columns[track_id]).boxes:
            cells.append((box.x, layout.height - box.y - box.h, box.x + box.w, layout.height - box.y))
    return cells


def _card_spots(project, layout, regions: dict, areas: dict) -> list[tuple]:
    """Every card outline of the sheet's areas (x0, y0, x1, y1, in the figure's units): a tag on an empty one would
    seem to name that spot."""
    spots = []
    for area_id, area in areas.items():
        if area_id in regions and area.cards:
            card_w, card_h = project.card_outlines.trim_of(area)
            for slot in area_plan(regions[area_id], bool(area.text), area.cards, card_w, card_h).slots:
                spots.append((slot.x, layout.height - slot.y - slot.h, slot.x + slot.w, layout.height - slot.y))
    return spots


def _inside_region(box: tuple, region, height: float) -> bool:
    """A box (figure units, y up) within a layout region (y down from the sheet's top)."""
    return (region.x - 0.5 <= box[0] and box[2] <= region.x + region.w + 0.5
            and height - region.y - region.h - 0.5 <= box[1] and box[3] <= height - region.y + 0.5)


def _card_box(project, card: Placed) -> tuple:
    w, h = _card_size(project, card.face)
    return card.x, card.y, card.x + card.w, card.y + h * card.w / w


def _union(boxes) -> tuple | None:
    boxes = list(boxes)
    if not boxes:
        return None
    return min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes)


# -- checked with the content ------------------------------------------------------------------------------------


def book_figure_problems(game, sheet_layouts: dict) -> list[Diagnostic]:
    """Each `setup` and `cards` figure of rules.yaml, checked against the game's cards, decks, sheets and rules:
    what it names must exist, so the build never meets a figure it cannot draw."""
    if game.rules is None or game.rules_source is None:  # no rules (or none that load: reported where they fail)
        return []
    problems = sheet_key_problems(game, sheet_layouts)
    rule_ids = {node.id for _, node in rule_nodes(game.rules.sections, ("sections",))}
    for keypath, node in rule_nodes(game.rules.sections, ("sections",)):
        figure = getattr(node, "figure", None)
        if is_book_figure(figure):
            problems += [game.rules_source.diagnostic(keypath + ("figure",), "figure", message)
                         for message in check_book_figure(figure, game, sheet_layouts, rule_ids)]
    return problems


def sheet_key_problems(game, sheet_layouts: dict) -> list[Diagnostic]:
    """A sheet's `key:` names regions of its layout, and names each part an area or track does not name."""
    problems = []
    for sheet_id, sheet in game.sheets.items():
        layout = sheet_layouts.get(sheet_id)
        if layout is None:
            continue
        own = {a.id for a in getattr(sheet.model, "areas", []) or []} | {t.id for t in getattr(sheet.model, "tracks", []) or []}
        regions = [r.name for r in layout.regions]
        for region, part in sheet.model.key.items():
            if region not in regions:
                problems.append(sheet.source.diagnostic(("key", region), "sheet-key", f"key: '{region}' is not a "
                                                        f"region of the {sheet_id} layout{did_you_mean(region, regions)}",
                                                        on_key=True))
            elif part.name is None and region not in own:
                problems.append(sheet.source.diagnostic(("key", region), "sheet-key", f"key: '{region}' needs a name: "
                                                        "no area or track of the sheet names it", on_key=True))
    return problems


def check_book_figure(figure: dict, game, sheet_layouts: dict, rule_ids: set) -> list[str]:
    """What is wrong with a `setup` or `cards` figure, in the designer's words ([] when it can be drawn)."""
    messages = [f"a {figure['kind']} figure has no key '{k}'; its keys are {', '.join(sorted(KEYS))}"
                for k in figure if k not in KEYS]
    if not isinstance(figure.get("text"), str) or not figure["text"].strip():
        messages.append(f"a {figure['kind']} figure needs a caption: text: <what it shows, in the players' words>")
    sheet_id = figure.get("sheet")
    if sheet_id is not None and figure["kind"] != "setup":
        messages.append("only a setup figure is laid on a sheet; leave out sheet:")
        sheet_id = None
    if sheet_id is not None and sheet_id not in game.sheets:
        messages.append(f"sheet '{sheet_id}' is not a sheet of this game{did_you_mean(str(sheet_id), game.sheets)}")
        return messages
    places = figure.get("place")
    if not isinstance(places, list) or not places or not all(isinstance(p, dict) for p in places):
        return messages + ["place: must list what the figure lays out, each as {at: ..., card: ... or deck: ...}"]
    regions = {r.name: r for r in sheet_layouts[sheet_id].regions} if sheet_id in sheet_layouts else None
    for number, place in enumerate(places, start=1):
        messages += [f"place {number}: {m}" for m in _place_problems(place, figure["kind"], game, sheet_id, regions,
                                                                        rule_ids)]
    return messages


def _place_problems(place: dict, kind: str, game, sheet_id, regions, rule_ids) -> list[str]:
    messages = [f"'{k}' is not a key of a place; its keys are {', '.join(sorted(PLACE_KEYS))}"
                for k in place if k not in PLACE_KEYS]
    at = place.get("at")
    if sheet_id is None:
        if not (isinstance(at, list) and len(at) == 2 and all(isinstance(v, (int, float)) and v >= 0 for v in at)):
            messages.append("at: must be [column, row] on the table, in cards from the top left (0 or more)")
    elif regions is not None and at not in regions:
        messages.append(f"at: '{at}' is not a region of the {sheet_id} sheet{did_you_mean(str(at), regions)}")
    shows = [k for k in ("card", "cards", "deck") if k in place]
    if len(shows) > 1:
        messages.append(f"a place shows one of card, cards or deck, not {' and '.join(shows)}")
    if sheet_id is None and not shows and not place.get("label"):
        messages.append("a place on the table shows card:, cards: or deck:, or is an empty spot its label: names")
    ids = ([place["card"]] if "card" in place else []) + list(place.get("cards") or [])
    for card_id in ids:  # a card that failed its own check is reported there once, not here again
        if not game.names_card(str(card_id)):
            messages.append(f"card '{card_id}' is not a card of this game"
                            f"{did_you_mean(str(card_id), [r.card.id for r in game.cards()])}")
    if "deck" in place and place["deck"] not in game.decks:
        messages.append(f"deck '{place['deck']}' is not a deck of this game{did_you_mean(str(place['deck']), game.decks)}")
    count = place.get("count", 1)
    if not isinstance(count, int) or not 1 <= count <= 13 or ("count" in place and "deck" not in place):
        messages.append("count: how many of the deck's backs are shown, 1 to 13, with deck:")
    if place.get("fan") not in (None, "down", "right", "pile"):
        messages.append(f"fan: '{place['fan']}' is none of down, right or pile")
    if "step" in place and (kind != "setup" or place["step"] not in rule_ids):
        messages.append(f"step: '{place['step']}' must name a rule (in a setup figure){did_you_mean(str(place['step']), rule_ids)}")
    if place.get("from") not in (None, "bottom") or ("from" in place and (sheet_id is None or "cards" not in place)):
        messages.append("from: bottom (cards listed bottom first, filling an area's outlines from the lowest) "
                        "goes with cards: on a sheet")
    point = place.get("point")
    if "point" in place and (sheet_id is None or not (isinstance(point, list) and len(point) == 2 and all(
            isinstance(v, (int, float)) and 0 <= v <= 1 for v in point))):
        messages.append("point: [across, down] inside the region, each 0 to 1 of its width and height, on a sheet")
    leader = place.get("leader")
    if "leader" in place and not ("point" in place and isinstance(leader, list) and len(leader) == 2 and all(
            isinstance(v, (int, float)) and 0 <= v <= 1 for v in leader)):
        messages.append("leader: [across, down] inside the region, each 0 to 1 of its width and height, with point: "
                        "(the spot of what the callout names that its arrow points at)")
    looks = token_sets(game)
    if "token" in place and not ((place["token"] is True or place["token"] in looks)
                                 and ("point" in place or "box" in place)):
        messages.append("token: true, or a counter's id (a sheet's tokens:), puts that token at the place's point: "
                        f"or on its track box: (a ship token on its square), on a sheet{did_you_mean(str(place['token']), looks)}")
    if "box" in place and (sheet_id is None or not _box_on_track(game.sheets[sheet_id].model, at, place["box"])):
        messages.append(f"box: {place['box']!r} is not a box of a track '{at}' of the sheet")
    return messages


def _in_region(region, point: list, H: float) -> tuple[float, float]:
    """A spot inside a sheet's region, given as fractions of its width and height from its top left, in the
    figure's units (y up)."""
    fx, fy = point
    return region.x + fx * region.w, H - region.y - fy * region.h


def token_sets(game) -> dict:
    """Every counter the game's sheets print (a TokenSet), by id: what a figure's `token: <id>` draws."""
    return {tokens.id: tokens for sheet in game.sheets.values() for tokens in getattr(sheet.model, "tokens", []) or []}


def _token(backend, project, layout, cx: float, cy: float, r: float, look) -> None:
    """A token at (cx, cy), r its half width: drawn as its counter prints (shape, colour, emblem, value), or a
    plain disc where the place names none (`token: true`)."""
    if look is None:
        backend.circle(cx, cy, r, fill=TOKEN, stroke="#1d1d1d", width=1.2)
        return
    ink = layout.colors.get("ink", "#1d1d1d")
    if look.shape == "circle":
        backend.circle(cx, cy, r, fill=look.color, stroke=ink, width=1.0)
    else:
        backend.rect(cx - r, cy - r, 2 * r, 2 * r, fill=look.color, stroke=ink, width=1.0, radius=r * 0.17)
    if look.art and look.art in project.game.emblems:
        side = 2 * r * 0.7
        backend.save()
        backend.translate(cx - side / 2, cy - side / 2)
        backend.scale(side / 100.0, side / 100.0)
        project.game.emblems[look.art](backend, ink)
        backend.restore()
    if look.text:  # its value, as the counter prints it (pnp.render.regions.draw_tokens)
        size = token_text_size(2 * r)
        backend.text(cx, cy - 0.36 * size, look.text, layout.fonts["bold"], size, ink, "center")


def _box_on_track(sheet, at, box) -> bool:
    track = next((t for t in getattr(sheet, "tracks", []) or [] if t.id == at), None)
    first = getattr(track, "first", 1)
    return track is not None and isinstance(box, int) and first <= box < first + track.length


def _badge_width(canvas, text: str) -> float:
    """A callout's badge's width as printed: a disc, or a pill as wide as its number."""
    return max(MARK_PT * 1.5, _width(canvas, text, "bold", MARK_PT) + MARK_PT * 0.8)


def _width(canvas, text: str, slot: str, size: float) -> float:
    """The width of a figure's words in the book's font `slot`, as pnp's engine sets them."""
    font = book_fonts(canvas, registered=False)[slot]
    return string_width(book_line(canvas, text, font), font, size)


def _left(canvas, x: float, y: float, text: str, slot: str, size: float) -> None:
    """A figure's words starting at x (centred on their own middle: right-to-left text keeps its order)."""
    _centred(canvas, x + _width(canvas, text, slot, size) / 2, y, text, slot, size)


def _centred(canvas, x: float, y: float, text: str, slot: str, size: float) -> None:
    """A figure's words centred on x, in the book's font `slot` (a fallback list's characters each in its font,
    right-to-left text in its order)."""
    canvas.setFont(book_fonts(canvas)[slot], size)
    draw_centred(canvas, x, y, text, book_fonts(canvas, registered=False)[slot], size)
