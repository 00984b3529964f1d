"""The bundled fonts in reportlab: registration for drawing, and the width table the text metrics read.

Using fonts from a Python package keeps builds identical on every machine and
lets every PDF embed them (no system fonts, no Helvetica fallback).
"""
from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from pathlib import Path

from pnp.text.font_files import embeddable_bytes, embeddable_font
from pnp.text.fonts import BUNDLED, DEFAULT_FONT, WIDTHS_FILE

__all__ = ["BUNDLED", "DEFAULT_FONT", "font_dir", "register", "register_all", "render_width_table"]


def font_dir() -> Path:
    import reportlab

    return Path(reportlab.__file__).parent / "fonts"


@lru_cache(maxsize=None)
def register(name: str) -> str:
    """Register a font with reportlab and return the name to draw with: a bundled font by its name, a project's
    font file (an absolute path, checked by pnp.layout.fonts) under a name of its own. reportlab's TTFont embeds
    just the glyphs a document uses, and names the embedded font by its own PostScript name. A font file is handed
    to it as bytes checked again, and what it made of them too (pnp.text.font_files.embeddable_bytes and
    embeddable_font): reportlab expands whatever it reads, and embeds whatever it made of it."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    if name in BUNDLED:
        pdfmetrics.registerFont(TTFont(name, str(font_dir() / BUNDLED[name])))
        return name
    # named by its bytes: the same font in two folders (`pnp diff` reads a revision's copy beside the work tree's)
    # is one font to reportlab, as it would make it anyway (below)
    data = embeddable_bytes(name)
    digest = hashlib.blake2b(data, digest_size=12).hexdigest()
    registered = f"file:{digest}"
    if registered not in pdfmetrics.getRegisteredFontNames():
        font = embeddable_font(name, data, registered)
        _face_of_its_own(font, digest)
        pdfmetrics.registerFont(font)
    return registered


def _face_of_its_own(font, digest: str) -> None:
    """Give a project font's face a name no other font registered before it has. reportlab's registerFont hands
    every font whose file carries an already registered PostScript name the first such font object: a project's
    font named as a bundled one, or two versions of one font, would print with the other file, under the other's
    name. A name taken is told apart by the file's digest (so it stays the same in every build of the game)."""
    from reportlab.pdfbase import pdfmetrics

    if font.face.name in pdfmetrics._dynFaceNames:
        font.face.name = b"%s-%s" % (font.face.name, digest[:8].encode())


def register_all() -> None:
    from reportlab.pdfbase import pdfmetrics

    for name in BUNDLED:
        register(name)
    pdfmetrics.registerFontFamily("Vera", normal="Vera", bold="VeraBd", italic="VeraIt", boldItalic="VeraBI")


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


if __name__ == "__main__":  # python -m pnp.render.fonts: rewrite pnp/text/font_widths.json after changing BUNDLED
    WIDTHS_FILE.write_text(render_width_table())
