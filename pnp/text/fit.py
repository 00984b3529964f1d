"""Fit text into a box: wrap, shrink to the minimum size, or report why not.

The validator and the renderer share these results, so what `pnp validate`
accepts is exactly what `pnp build` draws.

Given the layout's fonts (`family`: its regular, bold, italic and bold italic
fonts and any it names for itself, pnp.text.fonts.family_of), text may hold
emphasis and spans (pnp.text.markup): every run is measured in its own font,
and each fitted line is balanced markup the renderer draws run by run. Without
a family, or without markup, text is measured in `font` alone.

Lines break where the Unicode line-breaking rules allow (pnp.text.breaks: at
spaces, after hyphens, between Chinese and Japanese characters, never before
closing punctuation). A word too wide for the box even at the smallest size
is hyphenated in the text's language (`lang`), with a visible hyphen. Every piece is measured as the
drawing sets it (pnp.text.fonts.setting: shaped, kerned, in its fallback
fonts), and each finished line is measured again whole, as it is drawn: in the
direction of its paragraph (`paragraph_base`), which the drawing gives it too.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from pnp.text import breaks, direction, font_files, markup
from pnp.text.fonts import base_of
from pnp.text.inline import OBJECT, segments
from pnp.text.inline import width as measure
from pnp.text.typography import typeset_for

LEADING = 1.18  # line height as a multiple of the font size
STEP = 0.25  # shrink in quarter points


@dataclass(frozen=True)
class Fit:
    size: float
    lines: tuple[tuple[str, ...], ...]  # paragraphs of lines (balanced markup when the text had emphasis)
    ok: bool = True
    problem: str = ""  # "width" or "height" when not ok
    detail: str = ""

    @property
    def leading(self) -> float:
        return self.size * LEADING


@lru_cache(maxsize=8192)
def fit_text(text: str, font: str, size: float, min_size: float, width: float, height: float, gap: float = 0.0,
             icons: frozenset = frozenset(), family: tuple[tuple[str, str], ...] | None = None,
             lang: str = "en") -> Fit:
    """Largest size in [min_size, size] at which text fits; else a failed Fit saying which axis. `{name}` for a
    name in `icons` is an inline icon, measured as one (pnp.text.inline); with a `family` (pnp.text.fonts.family_of),
    `**bold**`, `*italic*` and `[span]{font=title}` runs are measured in those fonts. `lang`: the text's language
    (a word too wide for the box is hyphenated by its rules). The text is fitted, and so printed, with its
    typewriter marks set as a book prints them, where its fonts have them (pnp.text.typography)."""
    text = typeset_for(text, lang, [font] + [f for _, f in family or ()])
    words = _Words(font, icons, family if family and markup.has_markup(text) else None, lang)
    paragraphs = _paragraphs(text, words)
    fit = _fit(paragraphs, words, size, min_size, width, height, gap)
    if fit.problem == "width":  # a word too wide even at the smallest size: hyphenated, in its language
        words.hyphenate = True
        fit = _fit(paragraphs, words, size, min_size, width, height, gap)
    return fit


def _fit(paragraphs, words: _Words, size: float, min_size: float, width: float, height: float, gap: float) -> Fit:
    if _cannot_fit(paragraphs, words, min_size, width, height):
        return _try(paragraphs, words, min_size, width, height, gap)  # the failure at the smallest size, at once
    fit = _try(paragraphs, words, size, width, height, gap)
    if fit.ok:  # the usual case: the text fits at its own size
        return fit
    return _largest_fit(paragraphs, words, _sizes(size, min_size), width, height, gap, fit)


def _largest_fit(paragraphs, words: _Words, sizes: list[float], width: float, height: float, gap: float,
                 first: Fit) -> Fit:
    """The fit at the largest of `sizes` (largest first; `first`, at sizes[0], failed) at which the text fits, else
    the failure at the smallest. Smaller type never needs more lines (every word, space and line is narrower), so
    the sizes that fit are the smallest ones: halving finds the largest in a dozen wraps of the text, where stepping
    down a STEP at a time from 200pt wrapped it some 780 times."""
    fits = {0: first}
    low, high = 1, len(sizes) - 1  # sizes[:low] do not fit
    while low <= high:
        middle = (low + high) // 2
        fits[middle] = _try(paragraphs, words, sizes[middle], width, height, gap)
        if fits[middle].ok:
            high = middle - 1
        else:
            low = middle + 1
    return fits[min(low, len(sizes) - 1)]


def _sizes(size: float, min_size: float) -> list[float]:
    """The sizes a text may take, from its own down to the smallest, STEP by STEP."""
    sizes = [size]
    while sizes[-1] - STEP >= min_size - 1e-9:
        sizes.append(round(sizes[-1] - STEP, 4))
    return sizes


font_files.on_change.append(fit_text.cache_clear)


def paragraph_base(paragraph: str, icons) -> int | None:
    """The direction every line of a paragraph is measured and drawn in: its first strong character's
    (pnp.text.direction.paragraph_level; its markup aside, an icon a neutral object), 1 for right to left, 0 for left
    to right. None for a paragraph without right-to-left text: each of its lines is left to right on its own."""
    if not direction.has_rtl(paragraph):
        return None
    shown = markup.plain(paragraph) if markup.has_markup(paragraph) else paragraph
    if icons and "{" in shown:
        shown = "".join(piece if kind == "text" else OBJECT for kind, piece in segments(shown, icons))
    return direction.paragraph_level(shown)


class _Paragraph(NamedTuple):
    units: tuple  # as _Words.split cuts it
    base: int | None  # its direction (paragraph_base), which each of its lines is measured in


def _paragraphs(text: str, words: _Words) -> tuple[_Paragraph, ...]:
    """The text's paragraphs (its lines that hold more than spaces), cut into units, each with its direction."""
    return tuple(_Paragraph(words.split(p), paragraph_base(p, words.icons)) for p in text.split("\n") if p.strip())


class _Words:
    """How a paragraph is cut into units (pnp.text.breaks), measured and joined into lines: plain units in one font,
    or units of styled runs. A plain unit is (text, the space before it: " " or ""); a styled one is (its drawn
    runs, the slot of the space before it, or None for none)."""

    def __init__(self, font: str, icons: frozenset, family: tuple[tuple[str, str], ...] | None, lang: str = "en"):
        self.font, self.icons, self.family, self.lang = font, icons, family, lang
        self.hyphenate = False  # words too wide for the box are cut only when no size lets them fit whole
        self.base = base_of(family, font) if family else "regular"
        self.fonts = dict(family or ())  # slot -> font, looked up for every word

    def _font(self, slot: str) -> str:
        return self.fonts.get(slot) or self.fonts["regular"]  # a name the layout lacks: reported, drawn in regular

    def split(self, paragraph: str) -> tuple:
        if self.family is None:
            found = breaks.units(paragraph)
            return tuple((text, found[i - 1][1] if i else "") for i, (text, _) in enumerate(found))
        return tuple(_styled_units(paragraph, self.base))

    def width(self, word, size: float) -> float:
        if self.family is None:
            return measure(word[0], self.font, size, self.icons)
        return sum(measure(piece, self._font(slot), size, self.icons) for slot, piece, _ in word[0])

    def space(self, word, size: float) -> float:
        """The space before `word` on its line (none between two Chinese characters)."""
        if self.family is None:
            return measure(word[1], self.font, size, self.icons) if word[1] else 0.0
        return measure(" ", self._font(word[1]), size, self.icons) if word[1] is not None else 0.0

    def join(self, line: list) -> str:
        if self.family is None:
            return "".join((space if i else "") + text for i, (text, space) in enumerate(line))
        pieces = []
        for i, (runs, space_style) in enumerate(line):
            if i and space_style is not None:
                pieces.append((space_style, " ", None))
            pieces += runs
        return markup.encode(pieces, self.base)

    def line_width(self, line: list, size: float, base: int | None = None) -> float:
        """A joined line's width as the drawing sets it whole (kerning across its units included), in the direction
        of its paragraph (`base`)."""
        if self.family is None:
            return measure(self.join(line), self.font, size, self.icons, base)
        return sum(measure(piece, self._font(slot), size, self.icons, base)
                   for slot, piece, _ in markup.drawn_runs(self.join(line), self.base))

    def shown(self, word) -> str:
        return word[0] if self.family is None else "".join(piece for _, piece, _ in word[0])

    def hyphenated(self, word, size: float, width: float) -> list | None:
        """The word cut into pieces that each fit the width, with a hyphen at each cut (in the language's places);
        None when it cannot be."""
        pieces = breaks.hyphenated(self.shown(word), self.lang,
                                   lambda start, end, hyphen: self.width(self._part(word, start, end, hyphen), size) <= width)
        if pieces is None:
            return None
        parts = [self._part(word, start, end, i < len(pieces) - 1) for i, (start, end) in enumerate(pieces)]
        return parts[:1] + [self._glued(part) for part in parts[1:]]

    def _part(self, word, start: int, end: int, hyphen: bool = False):
        """The unit of the characters of `word` from `start` to `end`, with a hyphen after them (in the style of
        the character before it) if `hyphen`."""
        if self.family is None:
            return (word[0][start:end] + breaks.HYPHEN * hyphen, word[1])
        runs, offset = [], 0
        for slot, text, color in word[0]:
            take = text[max(0, start - offset):max(0, end - offset)]
            if take:
                runs.append((slot, take, color))
            offset += len(text)
        if hyphen and runs:
            runs[-1] = (runs[-1][0], runs[-1][1] + breaks.HYPHEN, runs[-1][2])
        return (tuple(runs), word[1])

    def _glued(self, word):
        """A piece after a cut: nothing before it (it starts a line)."""
        return (word[0], "") if self.family is None else (word[0], None)


def _styled_units(paragraph: str, base: str):
    """The paragraph's units as drawn runs: the break units of its plain text (pnp.text.breaks), each cut from the
    runs that hold its characters, with the slot of the space before it."""
    runs = markup.drawn_runs(paragraph, base)
    plain = "".join(text for _, text, _ in runs)
    slots = [slot for slot, text, _ in runs for _ in text]
    owners = [i for i, (_, text, _) in enumerate(runs) for _ in text]
    cursor, previous_space = 0, None
    for index, (text, space) in enumerate(breaks.units(plain)):
        while cursor < len(plain) and plain[cursor].isspace():
            cursor += 1
        end = cursor + len(text)
        pieces = []
        for position in range(cursor, end):
            slot, _, color = runs[owners[position]]
            if pieces and pieces[-1][0] == slot and pieces[-1][2] == color and pieces[-1][3] == owners[position]:
                pieces[-1][1].append(plain[position])
            else:
                pieces.append((slot, [plain[position]], color, owners[position]))
        yield tuple((slot, "".join(chars), color) for slot, chars, color, _ in pieces), previous_space if index else None
        previous_space = slots[end] if space and end < len(plain) else None
        cursor = end


def _cannot_fit(paragraphs, words: _Words, size: float, width: float, height: float) -> bool:
    """Even packed without gaps, the words at the smallest size need more lines than the box holds: a text
    pasted a thousand times over fails after one wrap instead of one per size step."""
    if width <= 0:
        return True
    total = sum(_packed_width(p.units, words, size, p.base) for p in paragraphs)
    return total / width * size * LEADING > height * 2 + size * LEADING * len(paragraphs)


def _packed_width(paragraph, words: _Words, size: float, base: int | None) -> float:
    if words.family is None:
        return measure(words.join(list(paragraph)), words.font, size, words.icons, base)
    return sum(words.width(word, size) + (words.space(word, size) if i else 0.0) for i, word in enumerate(paragraph))


def _try(paragraphs, words: _Words, size: float, width: float, height: float, gap: float) -> Fit:
    wrapped = []
    for paragraph in paragraphs:
        units = _hyphenated(paragraph.units, words, size, width)
        if isinstance(units, str):
            return Fit(size, (), False, "width", units)
        wrapped.append(tuple(_wrap(units, words, size, width, paragraph.base)))
    lines = sum(len(p) for p in wrapped)
    needed = lines * size * LEADING + gap * max(0, len(wrapped) - 1)
    if needed > height + 0.01:
        return Fit(size, tuple(wrapped), False, "height",
                   f"{lines} lines need {needed / 72 * 25.4:.1f}mm but the box is {height / 72 * 25.4:.1f}mm tall at {size:g}pt")
    return Fit(size, tuple(wrapped))


def _hyphenated(paragraph, words: _Words, size: float, width: float):
    """The paragraph's units with each one wider than the box hyphenated into pieces that fit; a sentence saying
    which word cannot be, if one cannot."""
    found = []
    for word in paragraph:
        if words.width(word, size) <= width:
            found.append(word)
            continue
        pieces = words.hyphenated(word, size, width) if words.hyphenate else None
        if pieces is None:
            return f"the word '{words.shown(word)}' is wider than the box at {size:g}pt"
        found += pieces
    return found


def _wrap(paragraph, words: _Words, size: float, width: float, base: int | None = None) -> list[str]:
    """Units into lines, greedily by their widths; a line that measures wider whole than its units did (a kerning
    pair across two of them) gives its last unit to the next line. Each line measured in its paragraph's direction
    (`base`), as it is drawn."""
    lines, start, ends = [], 0, []
    while start < len(paragraph):
        end, total = start + 1, words.width(paragraph[start], size)
        while end < len(paragraph):
            more = total + words.space(paragraph[end], size) + words.width(paragraph[end], size)
            if more > width:
                break
            total, end = more, end + 1
        while end - start > 1 and words.line_width(paragraph[start:end], size, base) > width + 1e-9:
            end -= 1
        lines.append(words.join(paragraph[start:end]))
        start = end
        ends.append(end)
    return _without_runt(paragraph, words, size, width, base, lines, ends)


RUNT = 6  # characters: a paragraph's last line holding one word this short takes the word before it down too


def _without_runt(paragraph, words: _Words, size: float, width: float, base, lines: list[str], ends: list[int]):
    """`lines` with a lone short last word ("ago.", "Sol.") joined by the word before it, where the line above
    keeps two words or more and the last line still fits: a card's text never ends on a runt (the fifteenth
    proofreading). The number of lines is the same, so the fit is too."""
    if len(lines) < 2 or ends[-1] - ends[-2] != 1 or len(words.join(paragraph[-1:])) > RUNT:
        return lines
    start = ends[-3] if len(lines) > 2 else 0
    if ends[-2] - start < 3 or words.line_width(paragraph[ends[-2] - 1:], size, base) > width + 1e-9:
        return lines
    return lines[:-2] + [words.join(paragraph[start:ends[-2] - 1]), words.join(paragraph[ends[-2] - 1:])]
