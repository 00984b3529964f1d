"""Glyph metrics of every font a layout can name: the bundled Bitstream Vera TTFs that ship inside reportlab,
and a designer's own TTF files (pnp.text.font_files).

Text fitting needs only advance widths. The bundled fonts' come from
font_widths.json (made from the same TTFs by `python -m pnp.render.fonts`; a
test keeps the two in step), so measuring the bundled fonts never loads
reportlab. A font file's table is read once, when its layout is loaded, and
kept: measuring is a dictionary look-up either way (the validator's hot path).

A font is named by a string everywhere: a bundled name ("Vera"), or the
absolute path of a project's font file as the layout loader resolved it.
"""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from pnp.text import font_files
from pnp.text.font_files import width_table

BUNDLED = {"Vera": "Vera.ttf", "VeraBd": "VeraBd.ttf", "VeraIt": "VeraIt.ttf", "VeraBI": "VeraBI.ttf"}
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
    """How messages name a font: a bundled font by its name, a font file by its file name."""
    return font if font in BUNDLED else Path(font).name


def missing_glyphs(text: str, font: str) -> list[str]:
    """Characters of `text` the font has no glyph for (they would print as empty boxes), in order, once each."""
    widths, _ = _widths(font)
    return list(dict.fromkeys(ch for ch in text if ord(ch) not in widths and ch not in "\n\t"))


def glyph_message(missing: list[str], font: str) -> str:
    shown = ", ".join(f"'{ch}' (U+{ord(ch):04X})" for ch in missing)
    return f"font {font_label(font)} has no glyph for {shown}: it would print as an empty box; replace it or leave it out"


def string_width(text: str, font: str, size: float) -> float:
    """Width in points, exactly as reportlab measures it (glyph advance widths per 1000 units)."""
    return _units(text, font) * size / 1000.0


@lru_cache(maxsize=1 << 16)
def _units(text: str, font: str) -> float:
    """The text's width in the font's units: fitting tries a string at size after size, and a face's checks,
    its fit and its drawing each measure its strings (some 8,000 measures a game, a third of them new)."""
    widths, default = _widths(font)
    return sum(widths.get(ord(ch), default) for ch in text)


font_files.on_change.append(_units.cache_clear)


def run_fonts(text: str, slot: str, fonts: dict[str, str]) -> list[tuple[str, str]]:
    """(font, text) of each run of a text set in the layout's font `slot`: its emphasis and spans in their own fonts,
    as the fit check measures them and the drawing draws them (for the glyph checks)."""
    from pnp.text import markup

    family = family_of(fonts)
    font = font_of(family, slot)
    if not markup.has_markup(text):
        return [(font, text)]
    return [(font_of(family, run_slot), piece) for run_slot, piece, _ in markup.drawn_runs(text, base_of(family, font))]
