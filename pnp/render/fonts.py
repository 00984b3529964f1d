"""Fonts: the Bitstream Vera TTFs that ship inside reportlab, registered once.

Using fonts from a Python package keeps builds identical on every machine and
lets every PDF embed them (no system fonts, no Helvetica fallback).
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import reportlab
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

FONT_DIR = Path(reportlab.__file__).parent / "fonts"
BUNDLED = {"Vera": "Vera.ttf", "VeraBd": "VeraBd.ttf", "VeraIt": "VeraIt.ttf", "VeraBI": "VeraBI.ttf"}
DEFAULT_FONT = "Vera"


@lru_cache(maxsize=None)
def register(name: str) -> str:
    """Register a bundled font by name and return the name; unknown names raise KeyError."""
    pdfmetrics.registerFont(TTFont(name, str(FONT_DIR / BUNDLED[name])))
    return name


def register_all() -> None:
    for name in BUNDLED:
        register(name)
    pdfmetrics.registerFontFamily("Vera", normal="Vera", bold="VeraBd", italic="VeraIt", boldItalic="VeraBI")


def string_width(text: str, font: str, size: float) -> float:
    register(font)
    return pdfmetrics.stringWidth(text, font, size)
