"""Fit text into a box: wrap, shrink to the minimum size, or report why not.

The validator and the renderer share these results, so what `pnp validate`
accepts is exactly what `pnp build` draws.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from pnp.text.inline import width as measure

LEADING = 1.18  # line height as a multiple of the font size
STEP = 0.25  # shrink in quarter points


@dataclass(frozen=True)
class Fit:
    size: float
    lines: tuple[tuple[str, ...], ...]  # paragraphs of lines
    ok: bool = True
    problem: str = ""  # "width" or "height" when not ok
    detail: str = ""

    @property
    def leading(self) -> float:
        return self.size * LEADING


@lru_cache(maxsize=8192)
def fit_text(text: str, font: str, size: float, min_size: float, width: float, height: float, gap: float = 0.0,
             icons: frozenset = frozenset()) -> Fit:
    """Largest size in [min_size, size] at which text fits; else a failed Fit saying which axis. `{name}` for a
    name in `icons` is an inline icon, measured as one (pnp.text.inline)."""
    paragraphs = tuple(p.split() for p in text.split("\n") if p.strip())
    if _cannot_fit(paragraphs, font, min_size, width, height, icons):
        return _try(paragraphs, font, min_size, width, height, gap, icons)  # the failure at the smallest size, at once
    current = size
    while True:
        fit = _try(paragraphs, font, current, width, height, gap, icons)
        if fit.ok or current - STEP < min_size - 1e-9:
            return fit
        current = round(current - STEP, 4)


def _cannot_fit(paragraphs, font: str, size: float, width: float, height: float, icons) -> bool:
    """Even packed without gaps, the words at the smallest size need more lines than the box holds: a text
    pasted a thousand times over fails after one wrap instead of one per size step."""
    if width <= 0:
        return True
    total = sum(measure(" ".join(words), font, size, icons) for words in paragraphs)
    return total / width * size * LEADING > height * 2 + size * LEADING * len(paragraphs)


def _try(paragraphs, font: str, size: float, width: float, height: float, gap: float, icons=frozenset()) -> Fit:
    wrapped = []
    for words in paragraphs:
        for word in words:
            if measure(word, font, size, icons) > width:
                return Fit(size, (), False, "width", f"the word '{word}' is wider than the box at {size:g}pt")
        wrapped.append(tuple(_wrap(words, font, size, width, icons)))
    lines = sum(len(p) for p in wrapped)
    needed = lines * size * LEADING + gap * max(0, len(wrapped) - 1)
    if needed > height + 0.01:
        return Fit(size, tuple(wrapped), False, "height",
                   f"{lines} lines need {needed / 72 * 25.4:.1f}mm but the box is {height / 72 * 25.4:.1f}mm tall at {size:g}pt")
    return Fit(size, tuple(wrapped))


def _wrap(words: list[str], font: str, size: float, width: float, icons=frozenset()) -> list[str]:
    lines, current = [], ""
    space = measure(" ", font, size, icons)
    current_width = 0.0
    for word in words:
        w = measure(word, font, size, icons)
        if current and current_width + space + w > width:
            lines.append(current)
            current, current_width = word, w
        else:
            current = f"{current} {word}" if current else word
            current_width = current_width + space + w if current_width else w
    if current:
        lines.append(current)
    return lines
