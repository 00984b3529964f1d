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


def string_width(text: str, font: str, size: float) -> float:
    """Width in points, exactly as reportlab measures it (glyph advance widths per 1000 units)."""
    widths, default = _widths(font)
    return sum(widths.get(ord(ch), default) for ch in text) * size / 1000.0
