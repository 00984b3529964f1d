"""Rulebook paragraphs holding right-to-left text (Arabic, Hebrew), set by pnp's own text engine.

reportlab's paragraphs lay a line's words out left to right and join no Arabic letters: its bidi needs rlbidi, a
compiled package with no wheel on the package index, and even with it a paragraph of several fonts or styles (any
paragraph with emphasis, a rule number or a fallback font) keeps its reading order (its multi-fragment path leaves
bidi off). A paragraph with a right-to-left character (pnp.text.direction.has_rtl) is therefore broken into lines
here, by the widths pnp's engine measures (shaped by HarfBuzz, each character in the first font of its fallback list
that has it), and each line is drawn as a card's line is (pnp.render.cards.draw_parts_in_visual_order): its levels
by the Unicode bidirectional algorithm in the paragraph's direction (its first strong character's), each run shaped
in its own direction, its icons where they stand; a right-to-left paragraph set from the right.

What such a paragraph does not do: hyphenate, justify, or make a <link> clickable (its text is drawn, its target's
anchor still set). A paragraph without right-to-left text never comes here: reportlab sets it, as before.
"""
from __future__ import annotations

from typing import NamedTuple

from reportlab.lib.enums import TA_CENTER, TA_RIGHT
from reportlab.pdfbase.pdfmetrics import getAscentDescent
from reportlab.platypus import Flowable

from pnp.content.binding import game_icons
from pnp.render.cards import draw_parts_in_visual_order
from pnp.render.pdf import PdfBackend
from pnp.rules.tree import PDF_ICON_SPACE
from pnp.text.direction import has_rtl, paragraph_level
from pnp.text.fonts import string_width
from pnp.text.inline import ICON_EM

ICON_CALLBACK = "pnp-icon"  # the rulebook's inline icon (pnp.rules.tree.icon_markup): an icon here, not a callback
RTL = 1  # the level of a right-to-left paragraph


def holds_right_to_left(frags) -> bool:
    """Whether a parsed paragraph holds a right-to-left character."""
    return any(has_rtl(getattr(frag, "text", "")) for frag in frags)


class Word(NamedTuple):
    """A word as set: its parts in reading order (("text", font, text, colour) or ("icon", font, name, colour)),
    the callbacks inside it (an anchor, a contents line's leader), its width and the width of the space after it."""

    parts: tuple
    calls: tuple
    width: float
    space: float


def words_of(frags, size: float, fonts: dict[str, str], base: int) -> list[Word | None]:
    """The paragraph's words in reading order, cut at its spaces (a no-break space joins); None where a <br/>
    breaks the line. `fonts`: the pnp font (a fallback list) each of reportlab's font names stands for."""
    words: list[Word | None] = []
    parts, calls = [], []

    def end_word(space_font: str | None) -> None:
        nonlocal parts, calls
        if parts or calls:
            width = sum(_width(part, size, base) for part in parts)
            space = string_width(" ", space_font, size) if space_font else 0.0
            words.append(Word(tuple(_merged(parts)), tuple(calls), width, space))
        parts, calls = [], []

    for frag in frags:
        callback = getattr(frag, "cbDefn", None)
        if getattr(frag, "lineBreak", False):
            end_word(None)
            words.append(None)
            continue
        font, color = fonts.get(frag.fontName, frag.fontName), _hex(frag.textColor)
        if callback is not None:
            if callback.kind == "onDraw" and callback.name == ICON_CALLBACK:
                # the no-break spaces just before an icon's callback are its room: the icon takes it here
                if parts and parts[-1][0] == "text" and parts[-1][2].endswith(PDF_ICON_SPACE):
                    kind, room_font, text, room_color = parts.pop()
                    if text[:-len(PDF_ICON_SPACE)]:
                        parts.append((kind, room_font, text[:-len(PDF_ICON_SPACE)], room_color))
                parts.append(("icon", font, callback.label, color))
            else:
                calls.append(callback)
            continue
        text = frag.text
        pieces = text.split(" ")
        for index, piece in enumerate(pieces):
            if piece:
                parts.append(("text", font, piece, color))
            if index < len(pieces) - 1:
                end_word(font)
    end_word(None)
    return words


def _width(part, size: float, base: int) -> float:
    kind, font, text, _ = part
    return string_width(text, font, size, base) if kind == "text" else size * ICON_EM


def _merged(parts: list) -> list:
    """Neighbouring text parts of one font and colour as one (shaped together: Arabic letters join across them)."""
    merged = []
    for part in parts:
        if merged and part[0] == merged[-1][0] == "text" and part[1:2] == merged[-1][1:2] and part[3] == merged[-1][3]:
            merged[-1] = ("text", part[1], merged[-1][2] + part[2], part[3])
        else:
            merged.append(part)
    return merged


def _hex(color) -> str:
    return "#" + color.hexval()[2:] if color is not None and hasattr(color, "hexval") else "#000000"


def break_lines(words: list[Word | None], width: float) -> list[tuple[Word, ...]]:
    """The words in lines no wider than `width` (a word wider than a line stands alone on its own), first fit."""
    lines, line, used = [], [], 0.0
    for word in words:
        if word is None:
            lines.append(tuple(line))
            line, used = [], 0.0
            continue
        needed = word.width if not line else used + line[-1].space + word.width
        if line and needed > width:
            lines.append(tuple(line))
            line, needed = [], word.width
        line.append(word)
        used = needed
    if line or not lines:
        lines.append(tuple(line))
    return lines


class BidiText(Flowable):
    """A paragraph's lines, set at the width it is given in its direction (`base`: 0 left to right, 1 right to
    left); split between lines (keeping two on each side of a page, as the book's paragraphs do)."""

    def __init__(self, frags, style, fonts: dict[str, str], lines: list | None = None):
        super().__init__()
        self.frags, self.style, self.fonts = frags, style, fonts
        self.base = paragraph_level("".join(getattr(frag, "text", "") for frag in frags))
        self.lines, self._width = lines, None
        self._words = None

    def wrap(self, availWidth, availHeight):
        if self.lines is None or self._width not in (None, availWidth):
            if self._words is None:
                self._words = words_of(self.frags, self.style.fontSize, self.fonts, self.base)
            self.lines = break_lines(self._words, availWidth)
        self._width = availWidth
        self.width, self.height = availWidth, len(self.lines) * self.style.leading
        return self.width, self.height

    def split(self, availWidth, availHeight):
        self.wrap(availWidth, availHeight)
        fit = int(availHeight // self.style.leading)
        if fit >= len(self.lines):
            return [self]
        keep = 2 if len(self.lines) >= 4 else 1  # no widow, no orphan: two lines each side, where there are four
        fit = min(fit, len(self.lines) - keep)
        if fit < keep:
            return []
        return [BidiText(self.frags, self.style, self.fonts, self.lines[:fit]),
                BidiText(self.frags, self.style, self.fonts, self.lines[fit:])]

    def draw(self):
        canvas = self.canv
        doc = getattr(canvas, "_doctemplate", None)
        backend = getattr(canvas, "_pnp_backend", None) or PdfBackend(canvas)
        canvas._pnp_backend = backend
        game = getattr(doc, "game", None)
        if game is not None and doc.icons is None:  # the game's icons, found once per document (as the book's own)
            doc.icons = game_icons(game)
        icons, emblems = (doc.icons, game.emblems) if game is not None else ({}, {})
        size, leading = self.style.fontSize, self.style.leading
        x, align = self._aligned()
        baseline = self.height - getAscentDescent(self.style.fontName, size)[0]
        for line in self.lines:
            parts = []
            for index, word in enumerate(line):
                parts += word.parts
                if index < len(line) - 1 and word.space:
                    last_font = next((part[1] for part in reversed(word.parts)), self.style.fontName)
                    parts.append(("text", last_font, " ", _hex(self.style.textColor)))
            ends = draw_parts_in_visual_order(backend, x, baseline, _merged(parts), size, align, icons, emblems,
                                              self.base) if parts else (x, x)
            for word in line:
                for callback in word.calls:
                    _call(canvas, callback, ends, baseline, self.style, self.base == RTL)
            baseline -= leading

    def _aligned(self) -> tuple[float, str]:
        """Where its lines stand: centred as the style says; else at the start of the paragraph's direction (its
        style's right alignment the other way round: a paragraph set against the end of its lines)."""
        if self.style.alignment == TA_CENTER:
            return self.width / 2, "center"
        at_end = self.style.alignment == TA_RIGHT
        return (self.width, "right") if (self.base == RTL) != at_end else (0.0, "left")


def _call(canvas, callback, ends: tuple[float, float], baseline: float, style, rtl: bool) -> None:
    """A callback inside a line: an anchor (a link's target) set at the line; a named callback (a contents line's
    leader) called where the line's text ends (its right end; its left end in a right-to-left paragraph), told
    which way the line runs."""
    if callback.kind == "anchor":
        canvas.bookmarkHorizontal(callback.name, 0, baseline + style.fontSize)
        return
    named = getattr(canvas, "_namedCB", {}).get(callback.name)
    if named is not None:
        canvas._curr_tx_info = {"cur_x": ends[0] if rtl else ends[1], "cur_y": baseline, "rtl": rtl, "style": style}
        named(canvas, callback.kind, callback.label)
