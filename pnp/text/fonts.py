"""Glyph metrics of the bundled fonts (the Bitstream Vera TTFs that ship inside reportlab).

Text fitting needs only advance widths, so they come from font_widths.json
(made from the same TTFs by `python -m pnp.render.fonts`; a test keeps the two
in step) and measuring text never loads reportlab.
"""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

BUNDLED = {"Vera": "Vera.ttf", "VeraBd": "VeraBd.ttf", "VeraIt": "VeraIt.ttf", "VeraBI": "VeraBI.ttf"}
DEFAULT_FONT = "Vera"
WIDTHS_FILE = Path(__file__).with_name("font_widths.json")


@lru_cache(maxsize=None)
def _widths(font: str) -> tuple[dict[int, float], float]:
    table = json.loads(WIDTHS_FILE.read_text())[font]
    return {int(code): width for code, width in table["widths"].items()}, table["default"]


def missing_glyphs(text: str, font: str) -> list[str]:
    """Characters of `text` the font has no glyph for (they would print as empty boxes), in order, once each."""
    widths, _ = _widths(font)
    return list(dict.fromkeys(ch for ch in text if ord(ch) not in widths and ch not in "\n\t"))


def glyph_message(missing: list[str], font: str) -> str:
    shown = ", ".join(f"'{ch}' (U+{ord(ch):04X})" for ch in missing)
    return f"font {font} has no glyph for {shown}: it would print as an empty box; replace it or leave it out"


def string_width(text: str, font: str, size: float) -> float:
    """Width in points, exactly as reportlab measures it (glyph advance widths per 1000 units)."""
    widths, default = _widths(font)
    return sum(widths.get(ord(ch), default) for ch in text) * size / 1000.0
