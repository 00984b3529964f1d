"""Fit text into a box: wrap, shrink to the minimum size, or report why not.

The validator and the renderer share these results, so what `pnp validate`
accepts is exactly what `pnp build` draws.

Given the layout's fonts (`family`: its regular, bold, italic and bold italic
fonts and any it names for itself, pnp.text.fonts.family_of), text may hold
emphasis and spans (pnp.text.markup): every run is measured in its own font,
and each fitted line is balanced markup the renderer draws run by run. Without
a family, or without markup, text is measured in `font` alone.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from pnp.text import font_files, markup
from pnp.text.fonts import base_of
from pnp.text.inline import width as measure

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
             icons: frozenset = frozenset(), family: tuple[tuple[str, str], ...] | None = None) -> Fit:
    """Largest size in [min_size, size] at which text fits; else a failed Fit saying which axis. `{name}` for a
    name in `icons` is an inline icon, measured as one (pnp.text.inline); with a `family` (pnp.text.fonts.family_of),
    `**bold**`, `*italic*` and `[span]{font=title}` runs are measured in those fonts."""
    words = _Words(font, icons, family if family and markup.has_markup(text) else None)
    paragraphs = tuple(words.split(p) for p in text.split("\n") if p.strip())
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


class _Words:
    """How words are cut, measured and joined into lines: plain words in one font, or words of styled runs."""

    def __init__(self, font: str, icons: frozenset, family: tuple[tuple[str, str], ...] | None):
        self.font, self.icons, self.family = font, icons, family
        self.base = base_of(family, font) if family else "regular"
        self.fonts = dict(family or ())  # slot -> font, looked up for every word

    def _font(self, slot: str) -> str:
        return self.fonts.get(slot) or self.fonts["regular"]  # a name the layout lacks: reported, drawn in regular

    def split(self, paragraph: str) -> tuple:
        if self.family is None:
            return tuple(paragraph.split())
        return tuple(markup.styled_words(paragraph, self.base))

    def width(self, word, size: float) -> float:
        if self.family is None:
            return measure(word, self.font, size, self.icons)
        return sum(measure(piece, self._font(slot), size, self.icons) for slot, piece, _ in word[0])

    def space(self, word, size: float) -> float:
        """The space before `word` on its line."""
        font = self.font if self.family is None else self._font(word[1])
        return measure(" ", font, size, self.icons)

    def join(self, line: list) -> str:
        if self.family is None:
            return " ".join(line)
        pieces = []
        for i, (runs, space_style) in enumerate(line):
            if i:
                pieces.append((space_style, " ", None))
            pieces += runs
        return markup.encode(pieces, self.base)

    def shown(self, word) -> str:
        return word if self.family is None else "".join(piece for _, piece, _ in word[0])


def _cannot_fit(paragraphs, words: _Words, size: float, width: float, height: float) -> bool:
    """Even packed without gaps, the words at the smallest size need more lines than the box holds: a text
    pasted a thousand times over fails after one wrap instead of one per size step."""
    if width <= 0:
        return True
    total = sum(_packed_width(p, words, size) for p in paragraphs)
    return total / width * size * LEADING > height * 2 + size * LEADING * len(paragraphs)


def _packed_width(paragraph, words: _Words, size: float) -> float:
    if words.family is None:
        return measure(" ".join(paragraph), words.font, size, words.icons)
    return sum(words.width(word, size) + (words.space(word, size) if i else 0.0) for i, word in enumerate(paragraph))


def _try(paragraphs, words: _Words, size: float, width: float, height: float, gap: float) -> Fit:
    wrapped = []
    for paragraph in paragraphs:
        for word in paragraph:
            if words.width(word, size) > width:
                return Fit(size, (), False, "width", f"the word '{words.shown(word)}' is wider than the box at {size:g}pt")
        wrapped.append(tuple(_wrap(paragraph, words, size, width)))
    lines = sum(len(p) for p in wrapped)
    needed = lines * size * LEADING + gap * max(0, len(wrapped) - 1)
    if needed > height + 0.01:
        return Fit(size, tuple(wrapped), False, "height",
                   f"{lines} lines need {needed / 72 * 25.4:.1f}mm but the box is {height / 72 * 25.4:.1f}mm tall at {size:g}pt")
    return Fit(size, tuple(wrapped))


def _wrap(paragraph, words: _Words, size: float, width: float) -> list[str]:
    lines, current = [], []
    current_width = 0.0
    for word in paragraph:
        w = words.width(word, size)
        space = words.space(word, size)
        if current and current_width + space + w > width:
            lines.append(words.join(current))
            current, current_width = [word], w
        else:
            current_width = current_width + space + w if current_width else w
            current.append(word)
    if current:
        lines.append(words.join(current))
    return lines
