"""The bundled fonts in reportlab: registration for drawing, and the width table the text metrics read.

Using fonts from a Python package keeps builds identical on every machine and
lets every PDF embed them (no system fonts, no Helvetica fallback).
"""
from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from pathlib import Path

from pnp.text import font_files
from pnp.text.font_files import embeddable_bytes, embeddable_font
from pnp.text.fonts import BUNDLED, DEFAULT_FONT, WIDTHS_FILE

__all__ = ["BUNDLED", "DEFAULT_FONT", "drawn_runs", "drawn_string", "font_dir", "register", "register_all", "render_width_table"]


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


@lru_cache(maxsize=1 << 14)
def drawn_runs(text: str, font: str) -> tuple[tuple, ...] | None:
    """What reportlab draws for a text in a (fallback list) font: (the run of set text, its registered font name, its
    drawn string) for each run left to right; None when the text is drawn as it is, in the font itself (shaping
    changed nothing). Cached by the strings: a face's lines are drawn in every document that prints it."""
    from pnp.text.fonts import setting

    runs = tuple((run, register(run.font), drawn_string(run)) for run in setting(text, font).runs)
    if len(runs) == 1 and runs[0][0].font == font and runs[0][2] is runs[0][0].text:
        return None
    return runs


def _forget_drawn_runs() -> None:
    drawn_runs.cache_clear()


font_files.on_change.append(_forget_drawn_runs)  # a font file read anew: its runs are set anew


def drawn_string(run) -> str:
    """What reportlab draws for a run of set text (pnp.text.fonts.setting): its characters as they are, when
    shaping left each one its own glyph at its own width (the bytes pnp drew before it shaped text); otherwise a
    ShapedStr, the run's glyphs in drawing order each with its position as HarfBuzz gave it, which reportlab writes
    as a TJ of glyph codes and adjustments. A glyph no character maps to (an Arabic letter's joined form, a
    ligature) gets a private character of the font's, as reportlab's own shaping does."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import ShapeData, ShapedStr

    font = pdfmetrics.getFont(register(run.font))
    face = font.face
    if _unchanged(run, face):
        return run.text
    characters, data = [], []
    for glyph in run.glyphs:
        code = _code_of(font, glyph.gid)
        characters.append(chr(code))
        data.append(ShapeData(glyph.cluster, glyph.advance, 0, glyph.x_offset, glyph.y_offset, face.charWidths[code]))
    return ShapedStr("".join(characters), shapeData=data)


def _unchanged(run, face) -> bool:
    """Whether shaping gave each character of the run its own glyph, in order, at its own width."""
    text, glyphs = run.text, run.glyphs
    if len(glyphs) != len(text):
        return False
    to_glyph, widths = face.charToGlyph, face.charWidths
    for index, (glyph, ch) in enumerate(zip(glyphs, text)):
        code = ord(ch)
        if (glyph.cluster != index or glyph.x_offset or glyph.y_offset or to_glyph.get(code, 0) != glyph.gid
                or widths.get(code, face.defaultWidth) != glyph.advance):
            return False
    return True


def _code_of(font, gid: int) -> int:
    """A character reportlab's font maps to the glyph: one of the font's own, else a private one given to it."""
    face = font.face
    own = face.glyphToChar.get(gid)
    if own:
        return own[0]
    font.hbFace  # noqa: B018 - reportlab sets up its private characters with its HarfBuzz face
    font.hbFont()
    return font.hbAddPrivate(f"pnp-glyph-{gid}", gid, face._pdfScale(face.hmetrics[gid][0]))


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
