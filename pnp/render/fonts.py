"""Fonts: the Bitstream Vera TTFs that ship inside reportlab.

Using fonts from a Python package keeps builds identical on every machine and
lets every PDF embed them (no system fonts, no Helvetica fallback). Text
fitting needs only glyph widths, so those come from font_widths.json (made
from the same TTFs; a test keeps them in step), and `pnp validate` does not
have to load reportlab at all.
"""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

BUNDLED = {"Vera": "Vera.ttf", "VeraBd": "VeraBd.ttf", "VeraIt": "VeraIt.ttf", "VeraBI": "VeraBI.ttf"}
DEFAULT_FONT = "Vera"
WIDTHS_FILE = Path(__file__).with_name("font_widths.json")


def font_dir() -> Path:
    import reportlab

    return Path(reportlab.__file__).parent / "fonts"


@lru_cache(maxsize=None)
def register(name: str) -> str:
    """Register a bundled font with reportlab by name and return the name; unknown names raise KeyError."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    pdfmetrics.registerFont(TTFont(name, str(font_dir() / BUNDLED[name])))
    return name


def register_all() -> None:
    from reportlab.pdfbase import pdfmetrics

    for name in BUNDLED:
        register(name)
    pdfmetrics.registerFontFamily("Vera", normal="Vera", bold="VeraBd", italic="VeraIt", boldItalic="VeraBI")


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


def width_table() -> dict:
    """Every bundled font's glyph widths as reportlab measures them, for font_widths.json."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFontFile

    table = {}
    for name, file in sorted(BUNDLED.items()):
        register(name)
        codes = sorted(code for code in TTFontFile(str(font_dir() / file)).charToGlyph if code < 0xFFFF)
        table[name] = {"default": pdfmetrics.stringWidth("\uffff", name, 1000),
                       "widths": {str(code): pdfmetrics.stringWidth(chr(code), name, 1000) for code in codes}}
    return table


def render_width_table() -> str:
    return json.dumps(width_table(), indent=1, sort_keys=True) + "\n"


def string_width(text: str, font: str, size: float) -> float:
    """Width in points, exactly as reportlab measures it (glyph advance widths per 1000 units)."""
    widths, default = _widths(font)
    return sum(widths.get(ord(ch), default) for ch in text) * size / 1000.0


if __name__ == "__main__":  # python -m pnp.render.fonts: rewrite font_widths.json after changing BUNDLED
    WIDTHS_FILE.write_text(render_width_table())
