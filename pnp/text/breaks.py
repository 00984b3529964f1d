"""Where a line may end: the Unicode line-breaking rules (UAX #14), and hyphenation for a word too wide for its box.

    units("Draw two cards.")   ->  [("Draw", " "), ("two", " "), ("cards.", "")]
    units("日本語です。")        ->  [("日", ""), ("本", ""), ("語", ""), ("で", ""), ("す。", "")]

A unit is the text between two break opportunities, with the white space it
ends with (dropped at a line's end, one space between units on a line). The
rules come from uniseg (pure Python, Unicode 16): Chinese and Japanese break
between characters, never before closing punctuation (。」）) nor after opening
punctuation (「（), a line may end after a hyphen or a dash. Text of plain
Latin words and everyday punctuation breaks only at its spaces under those
rules: it takes a fast path that splits at spaces.

Hyphenation (pyphen's dictionaries, the LibreOffice ones, per language) cuts
a word only where the box is too narrow for it whole; the cut shows a hyphen.
"""
from __future__ import annotations

import re
from functools import lru_cache

# Latin letters, digits, spaces and punctuation that UAX #14 lets break only after spaces (a space before a closing
# mark or after an opening one is not such a break: those texts take the rules)
SIMPLE = re.compile(r"[A-Za-z0-9\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f .,:;'\"()\u2019]*")
SPACE_RULES = re.compile(r" [.,:;)\u2019]|\( ")
HYPHEN = "-"
MIN_PIECE = 2  # letters a hyphenated word keeps on either side of a cut


@lru_cache(maxsize=4096)
def units(paragraph: str) -> tuple[tuple[str, str], ...]:
    """The paragraph's units for wrapping, each (text, the white space after it); white space at its start is
    dropped."""
    paragraph = paragraph.strip()
    if not paragraph:
        return ()
    if SIMPLE.fullmatch(paragraph) and not SPACE_RULES.search(paragraph):
        words = paragraph.split()
        return tuple((word, " ") for word in words[:-1]) + ((words[-1], ""),)
    from uniseg.linebreak import line_break_units

    found = []
    for unit in line_break_units(paragraph):
        text = unit.rstrip()
        if text:
            found.append((text, " " if len(text) < len(unit) else ""))
        elif found:  # white space alone (after a break that the rules allow before a space): joins the unit before
            found[-1] = (found[-1][0], " ")
    return tuple(found)


@lru_cache(maxsize=None)
def _dictionary(lang: str):
    import pyphen

    name = pyphen.language_fallback(lang.replace("-", "_"))
    return pyphen.Pyphen(lang=name) if name else None


def cuts(word: str, lang: str) -> tuple[int, ...]:
    """The offsets in `word` where the language's hyphenation allows a cut, none for a language without a
    dictionary (Chinese and Japanese break between characters anyway)."""
    dictionary = _dictionary(lang or "en")
    if dictionary is None:
        return ()
    return tuple(dictionary.positions(word))


def hyphenated(word: str, lang: str, fits) -> list[tuple[int, int]] | None:
    """Where to cut the word: its pieces as (start, end) offsets, each but the last drawn with a hyphen after it, each
    the longest the language's cuts allow that `fits(start, end, hyphen)`; None when even the shortest piece the
    dictionary allows is too wide (or the word has no cut)."""
    offsets = [cut for cut in cuts(word, lang) if MIN_PIECE <= cut <= len(word) - MIN_PIECE]
    pieces, start = [], 0
    while not fits(start, len(word), False):
        fitting = [cut for cut in offsets if cut > start and fits(start, cut, True)]
        if not fitting:
            return None
        pieces.append((start, fitting[-1]))
        start = fitting[-1]
    return pieces + [(start, len(word))]
