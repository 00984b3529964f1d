"""The rulebook's card reference: compact, as a publisher's rulebook prints it.

Each kind of card is pictured once, at a legible size, with callouts naming its parts (the boxes its layout
draws: name, cost, text...). Then each deck is a table with a row a card: its name, how many copies, and all its
face prints in words (pnp.rules.card_words.card_text). Cards that differ only in their rank (a suited deck's
Numbered cards) share one row. A card whose picture is its look (art of its own) has a small wordless picture
in its row: the words are the row's, and nothing prints under 6 pt.

Imported by pnp.render.rulebook when it sets a book (this module builds on its flowables)."""
from __future__ import annotations

import math
import re
from itertools import groupby
from typing import NamedTuple

from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, Spacer, Table, TableStyle

from pnp.content.words import raw, say
from pnp.render.backend import Wordless
from pnp.render.book_type import INK, Heading, Paragraph, book_fonts, book_line, derived, draw_right_to_left, legible_card_scale, said
from pnp.render.cards import box_drawings, draw_face, face_size
from pnp.render.pdf import PdfBackend, color
from pnp.rules.card_words import card_text, kind_name, named_part, said_in_two
from pnp.rules.tree import icons_in
from pnp.rules.tree import pdf_text as esc
from pnp.text.direction import has_rtl
from pnp.text.fonts import DEFAULT_FAMILY, chain, font_pieces, string_width

# A callout's label, and the room the labels take beside an example card
CALLOUT_PT, CALLOUT_LEADING, CALLOUT_GAP = 8.0, 11.0, 10 * mm
CALLOUT_COLOUR = INK  # black: a card prints its own numbers in coloured discs (a zone's enemy health)
# A callout's numbered badge (its radius and number's size, as printed), the key's gap from the card and the room
# a key entry's badge takes before its label; the caption's room above the card
BADGE_R, BADGE_PT, KEY_GAP, KEY_ENTRY, CAPTION_H = 4.6, 6.5, 4 * mm, 13.0, 14.0
# A table row's small picture: its width (a poker card's is 11 mm tall at this width, about three lines of text)
THUMB_W = 8 * mm
# Box types that only decorate (a panel, a frame): no callout names them unless they show a field
DECORATION = ("fill", "rect", "line")
# Words in a box's name that say where it sits on the card, not what it is (rank_top, corner_bottom)
PLACE_WORDS = {"top", "bottom", "left", "right", "upper", "lower", "centre", "center", "mid", "middle", "label",
               "box", "1", "2", "3", "4"}


def part_name(box, labels: dict[str, str] | None = None) -> str:
    """What a callout calls a box: as the game's labels say it (game.yaml's rulebook: labels:, by the box's field,
    else its name), else in words made from its field's name or its own (rank_top -> Rank, ability.name -> Ability
    name), without words that only say where it sits (both corners of a card show the same rank)."""
    labels = labels or {}
    for key in (box.field, box.name):
        if key and key in labels:
            return labels[key]
    words = [w for w in re.split(r"[_\-\s.]+", box.field or box.name) if w and w.lower() not in PLACE_WORDS]
    return kind_name(" ".join(words) or box.name)


def labels_of(game) -> dict[str, str]:
    """What the game calls its kinds and parts in the rulebook (game.yaml's rulebook: labels:, in the edition's
    language)."""
    return game.manifest.rulebook.labels


def draw_left(canvas, x: float, y: float, text: str, font: str, size: float) -> None:
    """A line of text set from x, in the book's (fallback list) `font` as pnp names it (draw_centred's kin)."""
    from pnp.render.fonts import register

    text = book_line(canvas, text, font)
    if has_rtl(text):
        draw_right_to_left(canvas, x, y, text, font, size, "left")
        return
    for name, piece in font_pieces(text, font) if len(chain(font)) > 1 else [(font, text)]:
        registered = register(name)
        canvas.setFont(registered, size)
        canvas.drawString(x, y, piece)
        x += canvas.stringWidth(piece, registered, size)


class Part(NamedTuple):
    """A part of a face a callout names: its label and what it covers (the ink its box draws, else its box), in
    points from the trim's bottom-left corner, y up."""

    label: str
    x0: float
    y0: float
    x1: float
    y1: float


def callout_parts(face, layout, emblems, labels: dict[str, str] | None = None) -> list[Part]:
    """The parts of a face worth naming, each label once (its first box), in reading order (top to bottom, then
    left to right). A box that draws nothing on this face, or only decorates, is left out."""
    size = face_size(face, layout)
    parts, named = [], set()
    for drawing in box_drawings(face, layout, emblems):
        box = drawing.box
        if not drawing.drawn or (box.type in DECORATION and not box.field):
            continue
        label = part_name(box, labels)
        if label.lower() in named:
            continue
        named.add(label.lower())
        x0, y0, x1, y1 = _ink(drawing, size)
        parts.append(Part(label, x0, y0, x1, y1))
    return sorted(parts, key=lambda p: (-round((p.y0 + p.y1) / 2), p.x0))


def _ink(drawing, size) -> tuple[float, float, float, float]:
    """What a box's drawing covers within the trim (its box where it draws nothing there), from the trim's
    bottom-left corner: a text box's part is its words, not the empty room below them."""
    bleed, box = size.bleed, drawing.box
    inside = [(max(d.x0 - bleed, 0), max(d.y0 - bleed, 0), min(d.x1 - bleed, size.width), min(d.y1 - bleed, size.height))
              for d in drawing.drawn]
    inside = [b for b in inside if b[2] > b[0] and b[3] > b[1]]
    if not inside:
        return box.x, size.height - box.y - box.h, box.x + box.w, size.height - box.y
    return min(b[0] for b in inside), min(b[1] for b in inside), max(b[2] for b in inside), max(b[3] for b in inside)


def printed_words(face, layout, emblems) -> list[tuple[float, float, float, float]]:
    """Where the face prints words: each text's box from the trim's bottom-left corner (as the recording backend
    measures it: cap height to descender)."""
    bleed = face_size(face, layout).bleed
    return [(d.x0 - bleed, d.y0 - bleed, d.x1 - bleed, d.y1 - bleed)
            for drawing in box_drawings(face, layout, emblems) for d in drawing.drawn if d.kind == "text"]


class Badge(NamedTuple):
    """A numbered callout mark: its centre (points from the trim's bottom-left corner, y up, at the card's own
    size) and, for a badge set in the card's margin, the point on its part a leader line runs to (else None)."""

    number: int
    label: str
    x: float
    y: float
    leader_to: tuple[float, float] | None = None


def _hits(box, rects, pad: float = 0.0) -> bool:
    x0, y0, x1, y1 = box
    return any(min(x1, r[2] + pad) - max(x0, r[0] - pad) > 0 and min(y1, r[3] + pad) - max(y0, r[1] - pad) > 0
               for r in rects)


def _segment_hits(x0, y0, x1, y1, rects, steps: int = 24) -> bool:
    """Whether the straight line from (x0, y0) to (x1, y1) crosses any of `rects` (sampled finely)."""
    for t in range(steps + 1):
        x, y = x0 + (x1 - x0) * t / steps, y0 + (y1 - y0) * t / steps
        if _hits((x - 0.3, y - 0.3, x + 0.3, y + 0.3), rects):
            return True
    return False


def _spots(part: Part, r: float) -> list[tuple[float, float]]:
    """Where a badge may sit on its part, best first: against its top-left corner outside it, against its other
    corners, beside or above its edges, then inside its corners (a large part: a grid, a picture)."""
    gap = r * 0.35
    x0, y0, x1, y1 = part.x0, part.y0, part.x1, part.y1
    mid_y, mid_x = (y0 + y1) / 2, (x0 + x1) / 2
    outside = [(x0 - r - gap, y1 - r), (x1 + r + gap, y1 - r), (x0 + r, y1 + r + gap), (x1 - r, y1 + r + gap),
               (x0 - r - gap, mid_y), (x1 + r + gap, mid_y), (x0 - r - gap, y0 + r), (x1 + r + gap, y0 + r),
               (x0 + r, y0 - r - gap), (x1 - r, y0 - r - gap), (mid_x, y1 + r + gap), (mid_x, y0 - r - gap),
               (x0 - r, y1 + r), (x1 + r, y1 + r), (x0 - r, y0 - r), (x1 + r, y0 - r)]
    inside = [(x0 + r + gap, y1 - r - gap), (x1 - r - gap, y1 - r - gap), (x0 + r + gap, y0 + r + gap),
              (x1 - r - gap, y0 + r + gap)]
    return outside + inside


def place_badges(parts: list[Part], words, width: float, height: float, r: float) -> list[Badge]:
    """A numbered badge for each part, on the card where a spot against the part covers no printed word (nor
    another badge), else in the card's right margin level with the part, a leader line to the part's edge when
    that line crosses no word. Sizes in the card's own points: `r` is the badge's radius at that size."""
    placed: list[Badge] = []
    pad = r * 0.25  # air between a badge and a word
    for number, part in enumerate(parts, 1):
        def free(x, y):
            box = (x - r, y - r, x + r, y + r)
            return (r * 0.2 <= box[0] and box[2] <= width - r * 0.2 and r * 0.2 <= box[1] and box[3] <= height - r * 0.2
                    and not _hits(box, words, pad) and all(math.hypot(x - b.x, y - b.y) >= 2.3 * r for b in placed))
        spot = next(((x, y) for x, y in _spots(part, r) if free(x, y)), None)
        if spot is not None:
            placed.append(Badge(number, part.label, *spot))
            continue
        y = min(max((part.y0 + part.y1) / 2, r), height - r)  # in the margin, clear of the margin's other badges
        margin = [b.y for b in placed if b.x > width]
        while any(abs(y - other) < 2.3 * r for other in margin):
            y -= 2.3 * r
        x = width + r * 1.6
        end = (part.x1 + r * 0.3, min(max(y, part.y0), part.y1))  # just short of the part: its own words stay clear
        clear = not _segment_hits(width, y, end[0], end[1], words)
        placed.append(Badge(number, part.label, x, y, end if clear and end[0] < width else None))
    return placed


class AnnotatedCard(Flowable):
    """An example card at a legible size with its parts named, as a publisher's "anatomy of a card": a small
    numbered badge on each part, set where it covers no printed word, and a key of the numbers beside the card
    (or below it, where two examples stand side by side)."""

    def __init__(self, project, face, scale: float, caption: str, anchor: str):
        super().__init__()
        self.project, self.face, self.scale_by, self.caption, self.anchor = project, face, scale, caption, anchor
        self.size = face_size(face, project.layout)
        self.card_w, self.card_h = self.size.width * scale, self.size.height * scale
        layout, emblems = project.layout, project.game.emblems
        self.badges = place_badges(callout_parts(face, layout, emblems, labels_of(project.game)),
                                   printed_words(face, layout, emblems), self.size.width, self.size.height,
                                   BADGE_R / scale)
        self.label_w = max((string_width(b.label, DEFAULT_FAMILY["regular"], CALLOUT_PT) * 1.1 for b in self.badges),
                           default=0)
        self.key_below = False
        self.caption_rows = 1  # the caption's lines, at least: a row of examples sets its captions' tops level
        self._measure()

    def set_key(self, below: bool) -> None:
        """The key beside the card, or under it (two examples side by side) in two columns where the labels fit."""
        self.key_below = below
        self._measure()

    def _key_columns(self) -> int:
        return 2 if self.key_below and 2 * (KEY_ENTRY + self.label_w) <= self.frame_w else 1

    def _measure(self) -> None:
        margin = 2 * BADGE_R * 1.6 if any(b.x > self.size.width for b in self.badges) else 0  # badges off the card
        self.frame_w = self.card_w + margin
        entries = KEY_ENTRY + self.label_w
        if self.key_below:
            rows = math.ceil(len(self.badges) / self._key_columns())
            self.width = max(self.frame_w, entries)
        else:
            self.width = self.frame_w + KEY_GAP + entries
        # the caption over the card, in lines no wider than the example: never run into its neighbour's
        self.caption_lines = caption_lines(self.caption, DEFAULT_FAMILY["italic"], CALLOUT_PT, self.width)
        self.caption_h = CAPTION_H + CALLOUT_LEADING * (max(self.caption_rows, len(self.caption_lines)) - 1)
        if self.key_below:
            self.height = self.caption_h + self.card_h + 4 + rows * CALLOUT_LEADING
        else:
            self.height = self.caption_h + max(self.card_h, len(self.badges) * CALLOUT_LEADING)

    def level_caption(self, rows: int) -> None:
        """Room for `rows` caption lines over the card: the examples of a row stand level under their captions."""
        self.caption_rows = rows
        self._measure()

    def wrap(self, width, height):
        return self.width, self.height

    def draw(self):
        canvas = self.canv
        backend = getattr(canvas, "_pnp_backend", None) or PdfBackend(canvas)
        canvas._pnp_backend = backend
        canvas.bookmarkHorizontal(self.anchor, 0, self.height)
        top = self.height - self.caption_h
        bottom = top - self.card_h
        canvas.saveState()
        canvas.translate(0, bottom)
        canvas.scale(self.scale_by, self.scale_by)
        backend.clip_rect(0, 0, self.size.width, self.size.height)
        draw_face(backend, self.face, self.project.layout, self.project.game.emblems, -self.size.bleed, -self.size.bleed)
        canvas.restoreState()
        canvas.setStrokeColor(color("#9aa5b1"))
        canvas.setLineWidth(0.4)
        canvas.rect(0, bottom, self.card_w, self.card_h, stroke=1, fill=0)
        canvas.setFillColor(color(INK))
        italic = book_fonts(canvas, registered=False)["italic"]
        for line, words in enumerate(self.caption_lines):
            draw_left(canvas, 0, self.height - CAPTION_H + 5 - line * CALLOUT_LEADING, words, italic, CALLOUT_PT)
        for badge in self.badges:
            x, y = badge.x * self.scale_by, bottom + badge.y * self.scale_by
            if badge.leader_to is not None:
                canvas.setStrokeColor(color(CALLOUT_COLOUR))
                canvas.setLineWidth(0.6)
                canvas.line(x - BADGE_R, y, badge.leader_to[0] * self.scale_by, bottom + badge.leader_to[1] * self.scale_by)
            self._badge(x, y, badge.number)
        self._key(bottom)

    def _badge(self, x: float, y: float, number: int) -> None:
        """A black disc with a white ring (it reads on a dark card too) and its number in white; a number of two
        digits on a pill as wide as they are, never spilling out of its disc."""
        canvas = self.canv
        canvas.setFillColor(color(CALLOUT_COLOUR))
        canvas.setStrokeColor(color("#ffffff"))
        canvas.setLineWidth(0.8)
        wide = max(0.0, string_width(str(number), DEFAULT_FAMILY["bold"], BADGE_PT) + 2.0 - 2 * BADGE_R)
        if wide:
            canvas.roundRect(x - BADGE_R - wide / 2, y - BADGE_R, 2 * BADGE_R + wide, 2 * BADGE_R, BADGE_R,
                             stroke=1, fill=1)
        else:
            canvas.circle(x, y, BADGE_R, stroke=1, fill=1)
        canvas.setFillColor(color("#ffffff"))
        canvas.setFont(book_fonts(canvas)["bold"], BADGE_PT)
        canvas.drawCentredString(x, y - BADGE_PT * 0.35, str(number))

    def _key(self, bottom: float) -> None:
        """Each number with its part's name: beside the card, top down, or in columns below it."""
        canvas = self.canv
        font = book_fonts(canvas, registered=False)["regular"]
        columns = self._key_columns()
        if self.key_below:
            rows = math.ceil(len(self.badges) / columns)
            spots = [((i // rows) * self.frame_w / columns, bottom - 4 - (i % rows + 0.6) * CALLOUT_LEADING)
                     for i in range(len(self.badges))]
        else:
            spots = [(self.frame_w + KEY_GAP, self.height - self.caption_h - (i + 0.6) * CALLOUT_LEADING)
                     for i in range(len(self.badges))]
        for badge, (x, y) in zip(self.badges, spots):
            self._badge(x + BADGE_R, y, badge.number)
            canvas.setFillColor(color(INK))
            draw_left(canvas, x + KEY_ENTRY, y - CALLOUT_PT / 3, badge.label, font, CALLOUT_PT)


class ExampleRow(Flowable):
    """Example cards side by side, as many as the frame's width holds, spread evenly across it."""

    def __init__(self, examples):
        super().__init__()
        self.examples = examples
        self.span = 0.0  # a lone example: the width of the widest in its run of lone examples (example_rows)

    def wrap(self, width, height):
        rows = max(len(e.caption_lines) for e in self.examples)
        for example in self.examples:  # the cards level under their captions
            if example.caption_rows != rows:
                example.level_caption(rows)
        self.frame_width, self.height = width, max(e.height for e in self.examples)
        return width, self.height

    def draw(self):
        gap = (self.frame_width - sum(e.width for e in self.examples)) / len(self.examples)
        x = gap / 2
        if len(self.examples) == 1 and self.span:  # lone examples one under another share a left edge
            x = max(0.0, (self.frame_width - self.span) / 2)
        for example in self.examples:
            example.drawOn(self.canv, x, self.height - example.height)
            x += example.width + gap


def caption_lines(caption: str, font: str, size: float, width: float) -> list[str]:
    """A caption in lines no wider than `width`, broken between words (a word longer than the width alone on its
    line); a caption "Example Final Chapter card: The Long Night" too long for one line breaks after its colon
    where the name then fits a line whole, never inside the card's name."""
    head, colon, name = caption.partition(": ")
    if colon and string_width(caption, font, size) > width and string_width(name, font, size) <= width:
        return caption_lines(head + ":", font, size, width) + [name]
    lines: list[str] = []
    for word in caption.split():
        if lines and string_width(f"{lines[-1]} {word}", font, size) <= width:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    return lines or [""]


def example_rows(examples: list, width: float) -> list:
    """Examples two across where two fit in `width`: with their keys beside them, else below them; an example
    alone on its row keeps its key beside it (below it, if the row is too narrow for that)."""
    rows, waiting = [], list(examples)
    while waiting:
        first = waiting.pop(0)
        if waiting and _side_by_side([first, waiting[0]], width):
            rows.append([first, waiting.pop(0)])
            continue
        if waiting:
            pair = [first, waiting[0]]
            for example in pair:
                example.set_key(below=True)
            if _side_by_side(pair, width):
                rows.append([first, waiting.pop(0)])
                continue
            for example in pair:  # alone on its row after all: its key beside it
                example.set_key(below=False)
        if first.width > width:
            first.set_key(below=True)
        rows.append([first])
    rows = [ExampleRow(row) for row in rows]
    # lone examples one under another are centred as a column, on the widest of them: their cards share a left
    # edge (a booklet's two lone examples, of two widths, stood 10 mm apart: the seventeenth proofreading)
    for lone, run in groupby(rows, key=lambda row: len(row.examples) == 1):
        if lone:
            run = list(run)
            for row in run:
                row.span = max(r.examples[0].width for r in run)
    return rows


def _side_by_side(examples: list, width: float) -> bool:
    return sum(e.width for e in examples) + CALLOUT_GAP * (len(examples) - 1) <= width


class Thumbnail(Flowable):
    """A card's face, small and without its words (its row says them): how the card looks."""

    def __init__(self, project, face):
        super().__init__()
        self.project, self.face = project, face
        self.size = face_size(face, project.layout)
        self.scale_by = THUMB_W / max(self.size.width, self.size.height * 0.72)

    def wrap(self, width, height):
        return self.size.width * self.scale_by, self.size.height * self.scale_by

    def draw(self):
        canvas = self.canv
        backend = getattr(canvas, "_pnp_backend", None) or PdfBackend(canvas)
        canvas._pnp_backend = backend
        canvas.saveState()
        canvas.scale(self.scale_by, self.scale_by)
        backend.clip_rect(0, 0, self.size.width, self.size.height)
        draw_face(Wordless(backend), self.face, self.project.layout, self.project.game.emblems, -self.size.bleed,
                  -self.size.bleed)
        canvas.restoreState()


RANK_SLOT = "\x00"  # where a suited card's text says its rank, in the text the cards of its suit share


def with_rank_slot(text: str, rank: str) -> str:
    """A card's text with its rank (a whole word) marked as a slot: what the cards of one suit share."""
    return re.sub(rf"(?<![\w]){re.escape(rank)}(?![\w])", RANK_SLOT, text)


def card_rows(records, ref, game) -> list[dict]:
    """The deck's table rows: one a card, but cards of one suit and kind that differ only in their rank share
    one, its text saying every rank where a card's says its own ("Rank 1, 2, ... K, of the Mice tribe"). Each
    row: its records, name, count_text and text."""
    back = say(game, "back")
    rows, grouped = [], {}
    for record in records:
        card = record.card
        text = card_text(record, ref.facts.get(card.id), back, labels_of(game), raw(game, "label-text"))
        rank = rank_spec(game, card)[0] if card.rank is not None else None
        if card.suit and rank is not None and record.back is None and RANK_SLOT in with_rank_slot(text, rank):
            key = (card.kind, card.suit, with_rank_slot(text, rank), card.count)
            if key in grouped:
                grouped[key]["records"].append(record)
                continue
            grouped[key] = row = {"records": [record], "text": text, "shared": key[2]}
        else:
            row = {"records": [record], "text": text}
        row["name"], row["count_text"] = card.name, str(card.count)
        rows.append(row)
    for row in rows:
        records = row["records"]
        if len(records) > 1:  # a rank set: "Mice", its text naming every rank
            row["name"] = suit_name(game, records[0])
            row["count_text"] = say(game, "each", count=records[0].card.count)
            row["text"] = row["shared"].replace(RANK_SLOT, rank_list(game, [r.card for r in records]), 1).replace(RANK_SLOT, "")
    return _by_part(rows, ref, game)


def _by_part(rows: list[dict], ref, game) -> list[dict]:
    """Rows of cards of one name that differ only in their named part (three copies of one danger, each with its
    own knowledge side printed under it) joined into one: what they share said once ("1 free card; value to beat ..."), then a line
    for each card's part. A row that says the shared side three times reads as three dangers."""
    groups: dict[tuple, list[dict]] = {}
    for row in rows:
        record = row["records"][0]
        part = named_part(record.card) if len(row["records"]) == 1 and record.back is None else None
        key = (part, record.card.model_dump_json(exclude={"id", part})) if part else (id(row),)
        groups.setdefault(key, []).append(row)
    joined = []
    for key, alike in groups.items():
        if len(alike) < 2:
            joined += alike
            continue
        records = [row["records"][0] for row in alike]
        front, parts = None, []
        for record in records:
            front, own = _part_said(record, key[0], ref, game)
            parts.append(own)
        joined.append({"records": records, "name": records[0].card.name, "text": "\n".join([front] + parts),
                       "count_text": str(sum(r.card.count for r in records))})
    return joined


def _part_said(record, part: str, ref, game) -> tuple[str, str]:
    """(what a card says without its part, what its part says), its printed facts shared out between them: the
    game's sentences it states only with the part, and a flavour line the part's own, go with the part."""
    card = record.card
    say_facts = game.plugin.card_facts
    only_with = set(say_facts(card, game)) - set(say_facts(card.model_copy(update={part: None}), game)) \
        if say_facts else set()
    own_words = {str(v).strip().rstrip(".") for v in getattr(card, part).model_dump().values() if isinstance(v, str)}
    facts = (ref.facts.get(card.id) or {}).get("front", [])
    ours = [f for f in facts if f in only_with or str(f).strip().rstrip(".") in own_words]
    return said_in_two(card, part, [f for f in facts if f not in ours], ours, labels_of(game), raw(game, "label-text"))


def rank_spec(game, card) -> tuple[str, str | None]:
    """What a suited card's corner shows (its deck's rank label: 1 ... 10, J) and the rank's name, if it has one."""
    for deck in game.decks.values():
        for spec in getattr(deck.model, "ranks", None) or []:
            if spec.rank == card.rank:
                return spec.label, spec.name
    return str(card.rank), None


def rank_list(game, cards) -> str:
    """Ranks as a table row says them, every one: 1, 2, ... 10, J (Jump), Q (Quiet)."""
    return ", ".join(f"{label} ({name})" if name else label for label, name in (rank_spec(game, c) for c in cards))


def suit_name(game, record) -> str:
    """The suit's name as the deck file names it (its id in words where no deck names it)."""
    for deck in game.decks.values():
        for suit in getattr(deck.model, "suits", None) or []:
            if suit.id == record.card.suit:
                return suit.name
    return kind_name(record.card.suit, labels_of(game))


def looks_matter(project, record, deck: list | None = None) -> bool:
    """Whether a card's row shows its small picture: the card has art of its own (no other card of its `deck`
    records draws the same: a picture every starting card shares says nothing of this one) and its face draws it
    (its look is the art). A face that prints only words (a reference card) would show as an empty frame."""
    if deck is not None and sum(1 for other in deck if other.card.art == record.card.art) > 1:
        return False
    face = project.faces.fronts[record.card.id]
    return bool(record.card.art) and any(drawing.box.type == "art" and drawing.drawn for drawing in
                                         box_drawings(face, project.layout, project.game.emblems))


def card_reference(project, ref, styles, width: float) -> list:
    """The card reference: a heading; the anatomy of each kind of card (an annotated example of each face, every
    deck's, two across where two fit); then each deck under its name, as a table. All run as one flow
    (CardReferenceFlow) in which an example that does not fit the rest of a page waits for the next page while the
    next example fills that rest; a table is never broken by a picture."""
    game = project.game
    flow = [Heading(say(game, "card-reference"), styles["h1"], "cards", 0),
            Paragraph(said(game, "card-reference-intro"), styles["body"]), Spacer(1, 4)]
    shown = {c.card.id for c in ref.cards()}
    decks = [(deck, [r for r in deck.cards if r.card.id in shown]) for deck in game.decks.values()]
    decks = [(deck, records) for deck, records in decks if records]
    pictured: set[str] = set()  # the templates an example card shows already
    # a deck's heading is not kept with its whole table (which would leave the rest of a page empty whenever the
    # table fits on the next one): a page starts it only when it has room for the heading and the table's first rows
    h2 = derived("h2-deck", styles["h2"], keepWithNext=0)
    # every deck's examples first, then every deck's table: a table reads from its heading to its last row with no
    # picture between its rows, and the examples pack two across whatever deck they come from
    examples = [e for deck, records in decks for e in _examples(project, records, pictured, width)]
    items = [part for row in example_rows(examples, width) for part in (row, Spacer(1, 8))]
    # one column grid for every table: a picture column in all where at least half of them picture their cards
    # (a game whose decks mostly picture their cards), else in none (a lone table of pictures would stand out)
    grid = 2 * sum(_shows_pictures(project, ref, records) for _, records in decks) >= len(decks)
    for deck, records in decks:
        total = sum(r.card.count for r in records)
        size = say(game, "deck-size-one" if total == 1 else "deck-size", count=total)
        heading = Heading(f"{deck.model.name} ({size})", h2, f"deck-{deck.id}", 1,
                          linked=False)
        table, first_rows, note = _card_table(project, ref, records, styles, width, grid)
        table.first_rows = first_rows
        # the table running on over a page starts it under "Sol cards (continued)", not as a bare header row
        table.continued = Paragraph(said(game, "continued", name=esc(deck.model.name)), h2)
        items += [heading] + ([note, Spacer(1, 2)] if note else []) + [table, Spacer(1, 6)]
    # the section's heading and intro start a page only with its first example under them (never at a page's foot
    # above a third of a page left blank: the fifth proofreading)
    for item in flow + items + [table.continued for table in items if isinstance(table, Table)]:
        # a card is looked up here by its name (the contents, a glossary entry's link); the index points to the
        # rules that tell a term, never to the card reference, which names some terms on a page and not others
        item.unindexed = True  # (the fifteenth proofreading: "Knowledge side" without its tables' pages)
    return [CardReferenceFlow(flow + items)]


class CardReferenceFlow(Flowable):
    """The decks' headings, example rows and tables, set page by page as a typesetter sets figures: an example row
    that does not fit the rest of a page floats to the top of the next one while what follows it in its deck (the
    table, row by row) fills that rest. A deck's heading starts a page only with room for what comes under it (an
    example row, or its table's header and first KEPT_ROWS rows), and never while an example is still waiting
    (the examples come before the tables: card_reference). The headings are its `_content`, so the contents
    list them (pnp.render.rulebook.headings)."""

    def __init__(self, items: list, waiting: list | None = None, overleaf: bool = False):
        """`waiting`: example rows (each with the spacer under it, or None) that did not fit an earlier page;
        `overleaf`: it starts the next page (a table split at this page's foot runs on there, never under its own
        first part on the room the split left)."""
        super().__init__()
        self.items, self.waiting, self.overleaf = list(items), list(waiting or []), overleaf
        self._content = [row for row, _ in self.waiting] + self.items

    def wrap(self, width, height):
        return width, height + 1  # always set through split(): it decides what this page holds

    def split(self, width, height):
        at_top = getattr(getattr(self, "_frame", None), "_atTop", False)
        if self.overleaf and not at_top:
            return []
        placed, items, waiting = [], list(self.items), list(self.waiting)
        split_here = False
        room = height

        def cost(flowable, h=None):
            h = flowable.wrap(width, room)[1] if h is None else h
            return (flowable.getSpaceBefore() if placed or not at_top else 0) + h + flowable.getSpaceAfter()

        def place(flowable, h=None):
            nonlocal room
            room -= cost(flowable, h)
            placed.append(flowable)

        def place_example(row, spacer):
            place(row)
            if spacer is not None and cost(spacer) <= room:
                place(spacer)

        # what waited comes first: every row that fits this page, in order (a shorter one fills the room a taller
        # one left: a booklet's half page takes two small examples rather than one and a blank half)
        for row, spacer in list(waiting):
            if cost(row) <= room:
                waiting.remove((row, spacer))
                place_example(row, spacer)
        while items:
            item = items[0]
            if isinstance(item, ExampleRow):
                items.pop(0)
                spacer = items.pop(0) if items and isinstance(items[0], Spacer) else None
                if cost(item) <= room:
                    place_example(item, spacer)
                else:  # waits for a page with room for it, its spacer with it
                    waiting.append((item, spacer))
                continue
            if isinstance(item, Heading):
                if waiting:  # the deck before keeps its examples in its own part: a new page
                    break
                need = cost(item)
                for following in (f for f in items[1:] if not isinstance(f, Spacer)):
                    if isinstance(following, Table):  # its header and first rows
                        need += following.first_rows
                    elif isinstance(following, Paragraph):  # a note above the table: with it, and on
                        need += cost(following)
                        continue
                    elif isinstance(following, ExampleRow):  # the section's heading: an example with it (the
                        # smallest: the examples fill a page first-fit)
                        need += min(cost(row) + row.getSpaceBefore() for row in items if isinstance(row, ExampleRow)) \
                            + sum(f.height for f in items[1:items.index(following)] if isinstance(f, Spacer))
                    else:
                        need += min(cost(following), _first_rows_after(items))
                    break
                if need > room:
                    break
                place(items.pop(0))
                continue
            if isinstance(item, Table):
                if cost(item) <= room:
                    place(items.pop(0))
                    continue
                least = getattr(item, "first_rows", 0)  # a table starts only with its header and first rows
                parts = _split_table(item, width, room - item.getSpaceBefore()) if room >= least else []
                if len(parts) == 2:
                    parts[1].first_rows = 0  # a table running on may start at any row
                    parts[1].continued = getattr(item, "continued", None)
                    place(parts[0], parts[0].wrap(width, room)[1])
                    items[0:1] = ([parts[1].continued] if parts[1].continued else []) + [parts[1]]
                    split_here = True
                elif placed and placed[-1] is getattr(item, "continued", None):  # never "(continued)" at a foot
                    items.insert(0, placed.pop())
                break
            if cost(item) > room:  # a spacer at a page's foot: dropped
                if isinstance(item, Spacer):
                    items.pop(0)
                break
            place(items.pop(0))
        if not placed and at_top:  # nothing fits a whole page: the first thing is set as the book sets it (split
            # over pages if it splits), after an empty start
            placed = [Spacer(1, 0), waiting.pop(0)[0] if waiting else items.pop(0)]
        rest = [CardReferenceFlow(items, waiting, overleaf=split_here)] if items or waiting else []
        return placed + rest if placed else []

    def draw(self):
        pass


def _split_table(table, width: float, height: float) -> list:
    """The table split to fit `height`, never carrying one row alone over to the next page (a "(continued)" heading
    over a single row): the row before it goes over too."""
    parts = table.split(width, height)
    if len(parts) == 2 and len(parts[1]._cellvalues) - parts[1].repeatRows < CARRIED_ROWS:
        first_rows = parts[0]._cellvalues
        if len(first_rows) - parts[0].repeatRows > CARRIED_ROWS:  # rows enough to give one up
            shorter = table.split(width, height - parts[0]._rowHeights[-1] - 0.5)
            if len(shorter) == 2:
                return shorter
    return parts


CARRIED_ROWS = 2  # the fewest rows of a table carried over to a new page


def _first_rows_after(items: list) -> float:
    """The room the first deck table after a heading's examples needs to start (its header and first rows)."""
    return next((f.first_rows for f in items if isinstance(f, Table)), 0.0)


def _examples(project, records, pictured: set, width: float) -> list:
    """An annotated example (AnnotatedCard) of each face template of the deck not pictured before (a double-sided
    card's back too), at 80 % of its printed size or, where that would print a word of it under 6 pt, at the least
    scale all its own words read at (the face pictured, not the deck's wordiest card: a small example packs)."""
    game = project.game
    flow = []
    for record in records:
        sides = [(project.faces.fronts[record.card.id], record.card.name)]
        if record.back is not None:
            sides.append((project.faces.backs[record.card.id], say(game, "back-face", name=record.back.name)))
        for face, name in sides:
            template = face.template.name
            if template in pictured:
                continue
            pictured.add(template)
            kind = kind_name((face.card.kind if face.card is not None else None) or record.card.kind, labels_of(game))
            caption = say(game, "example-card", kind=kind, name=name)
            size = face_size(face, project.layout)
            least = legible_card_scale(project, [face])  # never smaller: no word on an example prints under 6 pt
            fits = max(least, min(EXAMPLE_SCALE, (width * 0.6) / size.width))
            flow.append(AnnotatedCard(project, face, fits, caption, f"example-{record.card.id}-{template}"))
    return flow


EXAMPLE_SCALE = 0.8  # an example card's size, of its printed size, where its words read at it
KEPT_ROWS = 3  # the rows of a deck's table that start it on a page: never its header alone at a page's foot
SHORT_TABLE, SHORT_TABLE_H = 6, 200.0  # rows, points: a deck's table this short starts only where it fits whole
# (never 3 rows, then 2 overleaf)


def _shows_pictures(project, ref, records) -> bool:
    """Whether a deck's table, set on its own, would show a picture column: a card of it whose look matters, in a
    table of more than one row (a table of one row shows none: its card is pictured by its deck's example)."""
    rows = card_rows(records, ref, project.game)
    return len(rows) > 1 and any(looks_matter(project, row["records"][0], records) for row in rows)


def _card_table(project, ref, records, styles, width: float, pictures: bool | None = None):
    """The deck's cards as one table (a small picture where a card's look matters, name, copies, text) that
    breaks between rows, its header repeated at the top of each new page only; and the height of its header and
    first rows (what a page must have room for to start it). `pictures`: the book's tables share one column grid,
    with a picture column (empty where a card's look does not matter) or without; None: as the deck has it."""
    game = project.game
    rows = card_rows(records, ref, game)
    shared = shared_sentences([row["text"] for row in rows], say(game, "back"))
    for row in rows:  # said once, above the table
        row["text"] = without_sentences(row["text"], shared)
    note = Paragraph(said(game, "every-card", text=esc(" ".join(shared))), styles["small"]) if shared else None
    pictured = {id(row): looks_matter(project, row["records"][0], records) for row in rows}
    with_pictures = _shows_pictures(project, ref, records) if pictures is None else pictures
    if not with_pictures:
        pictured = dict.fromkeys(pictured, False)
    small = styles["small"]
    bold = derived("small-bold", small, fontName=styles["strong"].fontName)
    header = ([""] if with_pictures else []) + [say(game, "card"), "×", say(game, "text")]
    body = [[Paragraph(esc(cell), bold) for cell in header]]
    for row in rows:
        first = row["records"][0]
        anchors = "".join(f'<a name="card-{r.card.id}"/>' for r in row["records"])  # each card a link may name
        name = f'{anchors}<b>{esc(row["name"])}</b>'
        text = "<br/>".join(icons_in(ref, line, "pdf") for line in row["text"].split("\n")) if row["text"] else ""
        cells = [Paragraph(name, small), Paragraph(esc(row["count_text"]), small), Paragraph(text, small)]
        if with_pictures:
            cells.insert(0, Thumbnail(project, project.faces.fronts[first.card.id]) if pictured[id(row)] else "")
        body.append(cells)
    # a short table is never split: it starts only where it fits whole (a board of five cards read on one page);
    # a table of a few tall rows may run on, as a long one does, rather than leave most of a page empty before it
    whole = _table(body, with_pictures, small, width).wrap(width, 1e6)[1]  # measured on a copy: wrap expands cells
    short = len(body) - 1 <= SHORT_TABLE and whole <= SHORT_TABLE_H
    first_rows = whole if short else _table(body[:KEPT_ROWS + 1], with_pictures, small, width).wrap(width, 1e6)[1]
    return _table(body, with_pictures, small, width), first_rows, note


SHARED_LEAST = 3  # rows a table must have for a sentence all of them say to be said once above it
SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


def shared_sentences(texts: list[str], back_word: str) -> list[str]:
    """The sentences every one of a table's rows says on its card's front (a deck of enemies that each say "After
    it acts, flip this card."), in the first row's order; none for a table of fewer than SHARED_LEAST rows. A
    flavour line (in italics) is a card's own, never shared."""
    if len(texts) < SHARED_LEAST:
        return []
    fronts = [SENTENCE_END.split(text.split(f" {back_word} ")[0]) for text in texts]
    # a sentence of a few words at least, or a mark the cards print in capitals: a heading a text block prints
    # ("Ability.", "Beast Mode.") is no sentence to share
    return [sentence for sentence in dict.fromkeys(fronts[0])
            if (len(sentence.split()) >= SHARED_WORDS or sentence.rstrip(".").isupper())
            and not sentence.startswith("*") and all(sentence in front for front in fronts[1:])]


SHARED_WORDS = 3  # the fewest words a sentence said once above a table has, but for a mark in capitals ("A STARTER.")


def without_sentences(text: str, sentences: list[str]) -> str:
    """A row's text less the shared sentences, each taken once from its front (from each of its lines, where the
    row says a card a line: _by_part)."""
    lines = text.split("\n")
    for sentence in sentences:
        lines = [re.sub(rf"(?:(?<=\s)|^){re.escape(sentence)}(?:[ \t]+|$)", "", line, count=1) for line in lines]
    return "\n".join(line.strip() for line in lines).strip()


def _table(body, with_pictures: bool, small, width: float):
    # the copies column as wide as its widest count ("1 each" on one line), 8 % of the table at least
    counts = [row[2 if with_pictures else 1] for row in body[1:]]
    widest = max((stringWidth(cell.getPlainText(), small.fontName, small.fontSize) for cell in counts
                  if hasattr(cell, "getPlainText")), default=0.0)
    fractions = ([THUMB_W + 6] if with_pictures else []) + [0.26 * width, max(0.08 * width, widest + 7)]
    columns = fractions + [width - sum(fractions)]
    table = Table(body, colWidths=columns, repeatRows=1, splitByRow=1)
    # a cell without a paragraph (no picture) is set in the table's font: the book's, never reportlab's default
    table.setStyle(TableStyle([("FONT", (0, 0), (-1, -1), small.fontName, small.fontSize),
                               ("VALIGN", (0, 0), (-1, -1), "TOP"), ("LINEBELOW", (0, 0), (-1, -1), 0.3, color("#c5cdd5")),
                               ("BACKGROUND", (0, 0), (-1, 0), color("#edf2f6")), ("TOPPADDING", (0, 0), (-1, -1), 2),
                               ("BOTTOMPADDING", (0, 0), (-1, -1), 2), ("LEFTPADDING", (0, 0), (-1, -1), 3),
                               ("RIGHTPADDING", (0, 0), (-1, -1), 3)]))
    return table
