"""Glyph metrics of every font a layout can name: the bundled Bitstream Vera TTFs that ship inside reportlab,
and a designer's own TTF files (pnp.text.font_files).

Text fitting needs only advance widths. The bundled fonts' come from
font_widths.json (made from the same TTFs by `python -m pnp.render.fonts`; a
test keeps the two in step), so measuring the bundled fonts never loads
reportlab. A font file's table is read once, when its layout is loaded, and
kept: measuring is a dictionary look-up either way (the validator's hot path).

A font is named by a string everywhere: a bundled name ("Vera"), the
absolute path of a project's font file as the layout loader resolved it, or a
fallback list of those (`chain`, joined by FALLBACK): each character is set in
the first font of the list that has a glyph for it.

Text is set by one engine (`setting`), which every measure (`string_width`)
and every drawing (pnp.render.pdf) go through: each character takes its font
from the fallback list, the line's runs are ordered by the bidirectional
algorithm (pnp.text.direction), and each run is shaped by HarfBuzz
(pnp.text.font_shaping: kerning, ligatures, Arabic joining). A string's width
is the sum of its glyphs' advances as the PDF draws them.
"""
from __future__ import annotations

import json
import unicodedata
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

from pnp.text import direction, font_files
from pnp.text.font_files import width_table
from pnp.text.font_shaping import BUNDLED, Glyph, shape

FALLBACK = "\0"  # joins the fonts of a fallback list into one font name: no file path holds it
DEFAULT_FONT = "Vera"
STYLES = ("regular", "bold", "italic", "bolditalic")  # the four fonts every layout has (emphasis picks them), in this order
DEFAULT_FAMILY = {"regular": "Vera", "bold": "VeraBd", "italic": "VeraIt", "bolditalic": "VeraBI"}
WIDTHS_FILE = Path(__file__).with_name("font_widths.json")


@lru_cache(maxsize=None)
def _bundled_tables() -> dict:
    return json.loads(WIDTHS_FILE.read_text())


@lru_cache(maxsize=None)
def _widths(font: str) -> tuple[dict[int, float], float]:
    if font in BUNDLED:
        table = _bundled_tables()[font]
        return {int(code): width for code, width in table["widths"].items()}, table["default"]
    return width_table(font)  # a project's own font file


font_files.on_change.append(_widths.cache_clear)


def family_of(fonts: dict[str, str]) -> tuple[tuple[str, str], ...]:
    """A layout's fonts as the fit check takes them (hashable): (name, font) pairs, the four STYLES first, then the
    fonts the layout names for itself (title, flavour, ...) in its order."""
    return tuple((style, fonts[style]) for style in STYLES) + tuple(
        (name, font) for name, font in fonts.items() if name not in STYLES)


def font_of(family, slot: str) -> str:
    """The font of a slot of a family (family_of, or a layout's fonts); an unknown name (reported by the validator)
    is drawn in the regular font."""
    fonts = dict(family)
    return fonts.get(slot) or fonts["regular"]


def base_of(family, font: str) -> str:
    """The slot a text set in `font` takes its emphasis from: the first of the family's slots that is that font
    (the four STYLES first). The fit check knows a box by its font, so the drawing asks the same way."""
    return next((slot for slot, own in family if own == font), "regular")


def font_label(font: str) -> str:
    """How messages name a font: a bundled font by its name, a font file by its file name, a fallback list as its
    fonts in order."""
    return " then ".join(name if name in BUNDLED else Path(name).name for name in chain(font))


def chain(font: str) -> tuple[str, ...]:
    """The fonts of a font name: itself, or a fallback list's fonts in order."""
    return tuple(font.split(FALLBACK)) if FALLBACK in font else (font,)


def fallback(fonts) -> str:
    """One font name for a fallback list (a single font is its own name)."""
    return FALLBACK.join(fonts)


def missing_glyphs(text: str, font: str) -> list[str]:
    """Characters of `text` that no font of the (fallback list) font has a glyph for (they would print as empty
    boxes), in order, once each."""
    tables = [_widths(name)[0] for name in chain(font)]
    return list(dict.fromkeys(ch for ch in text if ch not in "\n\t" and not any(ord(ch) in t for t in tables)))


def glyph_message(missing: list[str], font: str) -> str:
    shown = ", ".join(f"'{ch}' (U+{ord(ch):04X})" for ch in missing)
    has = "have" if FALLBACK in font else "has"
    return f"font {font_label(font)} {has} no glyph for {shown}: it would print as an empty box; replace it or leave it out"


def string_width(text: str, font: str, size: float, base: int | None = None) -> float:
    """Width in points of the text as it is drawn: its glyphs' advances as shaped (kerning and ligatures on), in
    the fonts the fallback list gives its characters; `base` the direction of its paragraph (as `setting`)."""
    # asked as the drawing asks (pnp.render.fonts.drawn_runs): one cache entry per string, not one per way of asking
    set_text = setting(text, font) if base is None else setting(text, font, base)
    return set_text.units * size / 1000.0


class Run(NamedTuple):
    """A piece of set text in one font and one direction: its characters (in reading order), its glyphs (in
    drawing order, left to right) and its width in 1000ths of the size."""

    font: str
    text: str
    glyphs: tuple[Glyph, ...]
    units: float
    rtl: bool


class Setting(NamedTuple):
    """A text as drawn: its runs left to right, and its width in 1000ths of the size."""

    runs: tuple[Run, ...]
    units: float


@lru_cache(maxsize=1 << 16)
def setting(text: str, font: str, base: int | None = None) -> Setting:
    """The text set in the (fallback list) font: each character in the first font that has it (a character none
    has, in the first, which prints its empty box), runs of one font and one direction shaped, and put in visual
    order. `base`: the level of the paragraph the text is a line of (pnp.text.direction.paragraph_level: 0 left to
    right, 1 right to left), None for the text's own (its first strong character): a line takes its direction from
    its paragraph, not from its own first word. Cached: fitting tries a string at size after size, and a face's
    checks, its fit and its drawing each measure its strings (some 8,000 measures a game, a third of them new)."""
    if not text:
        return Setting((), 0.0)
    fonts = _fonts_by_character(text, font)
    char_levels = direction.levels(text, base)
    pieces, start = [], 0
    for end in range(1, len(text) + 1):
        if end == len(text) or fonts[end] != fonts[start] or char_levels[end] != char_levels[start]:
            pieces.append((fonts[start], text[start:end], char_levels[start]))
            start = end
    runs = [_run(name, piece, level % 2 == 1) for name, piece, level in pieces]
    ordered = tuple(runs[i] for i in direction.visual_order([level for _, _, level in pieces]))
    return Setting(ordered, sum(run.units for run in ordered))


def _run(font: str, text: str, rtl: bool) -> Run:
    glyphs = shape(text, font, rtl)
    return Run(font, text, glyphs, sum(glyph.advance for glyph in glyphs), rtl)


def font_pieces(text: str, font: str) -> list[tuple[str, str]]:
    """The text cut where its font changes, in reading order: (font, piece) for each piece, each character in the
    first font of the (fallback list) font that has it, as `setting` sets it (for a typesetter that takes one
    font per piece of text, as the rulebook's paragraphs do)."""
    fonts = _fonts_by_character(text, font)
    pieces, start = [], 0
    for end in range(1, len(text) + 1):
        if end == len(text) or fonts[end] != fonts[start]:
            pieces.append((fonts[start], text[start:end]))
            start = end
    return pieces


def _fonts_by_character(text: str, font: str) -> list[str]:
    """The font of each character: the first of the list that has it. A space or a mark takes the font of the
    character before it (a run is not cut for it)."""
    names = chain(font)
    if len(names) == 1:
        return [font] * len(text)
    tables = [_widths(name)[0] for name in names]
    found, previous = [], names[0]
    for ch in text:
        code = ord(ch)
        if ch.isspace() or unicodedata.category(ch).startswith("M"):
            found.append(previous)
            continue
        previous = next((name for name, table in zip(names, tables) if code in table), names[0])
        found.append(previous)
    return found


font_files.on_change.append(setting.cache_clear)


def run_fonts(text: str, slot: str, fonts: dict[str, str]) -> list[tuple[str, str]]:
    """(font, text) of each run of a text set in the layout's font `slot`: its emphasis and spans in their own fonts,
    as the fit check measures them and the drawing draws them (for the glyph checks)."""
    from pnp.text import markup

    family = family_of(fonts)
    font = font_of(family, slot)
    if not markup.has_markup(text):
        return [(font, text)]
    return [(font_of(family, run_slot), piece) for run_slot, piece, _ in markup.drawn_runs(text, base_of(family, font))]
