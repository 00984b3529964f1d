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
        font = TTFont(name, str(font_dir() / BUNDLED[name]))
        _extract_as_text(font)
        pdfmetrics.registerFont(font)
        return name
    # named by its bytes: the same font in two folders (`pnp diff` reads a revision's copy beside the work tree's)
    # is one font to reportlab, as it would make it anyway (below)
    data = embeddable_bytes(name)
    digest = hashlib.blake2b(data, digest_size=12).hexdigest()
    registered = f"file:{digest}"
    if registered not in pdfmetrics.getRegisteredFontNames():
        font = embeddable_font(name, data, registered)
        _face_of_its_own(font, digest)
        _extract_as_text(font)
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
    as a TJ of glyph codes and adjustments. A glyph that is not its character's own (an Arabic letter's joined form,
    a ligature) gets a private character of the font's, which the PDF maps back to the characters it stands for."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import ShapeData, ShapedStr

    font = pdfmetrics.getFont(register(run.font))
    face = font.face
    if _unchanged(run, face):
        return run.text
    characters, data = [], []
    for glyph, text in zip(run.glyphs, _glyph_texts(run)):
        code = _code_of(font, glyph.gid, text)
        characters.append(chr(code))
        data.append(ShapeData(glyph.cluster, glyph.advance, 0, glyph.x_offset, glyph.y_offset, face.charWidths[code]))
    return ShapedStr("".join(characters), shapeData=data)


def _glyph_texts(run) -> list[str]:
    """The characters each glyph of a run stands for, in drawing order: its HarfBuzz cluster's (the run's
    characters from the cluster's first to the next cluster's), all given to the cluster's first glyph in reading
    order and none to the others (a letter drawn as a base and a mark, a character HarfBuzz decomposed), so the
    text read back from the PDF has each character once."""
    starts = sorted({glyph.cluster for glyph in run.glyphs})
    ends = dict(zip(starts, [*starts[1:], len(run.text)]))
    texts, given = [""] * len(run.glyphs), set()
    order = range(len(run.glyphs) - 1, -1, -1) if run.rtl else range(len(run.glyphs))  # reading order
    for index in order:
        cluster = run.glyphs[index].cluster
        if cluster not in given:
            given.add(cluster)
            texts[index] = run.text[cluster:ends[cluster]]
    return texts


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


def _code_of(font, gid: int, text: str) -> int:
    """The character reportlab's font draws the glyph with, standing for `text`: the text's own, when it is one
    character whose glyph this is; else a private character of the font's for this glyph and this text (one glyph
    may stand for two texts: a ligature, a form two letters share), which the PDF's text map gives that text
    (_extract_as_text)."""
    face = font.face
    if len(text) == 1 and face.charToGlyph.get(ord(text)) == gid:
        return ord(text)
    font.hbFace  # noqa: B018 - reportlab sets up its private characters with its HarfBuzz face
    font.hbFont()
    code = font.hbAddPrivate(f"pnp-glyph-{gid}:{text}", gid, face._pdfScale(face.hmetrics[gid][0]))
    font.pnp_texts[code] = text
    return code


def _extract_as_text(font) -> None:
    """Make the font's PDF subsets map each private character pnp draws a glyph with (_code_of) to the text it
    stands for. reportlab's ToUnicode map gives a subset's codes their characters, a private one as itself
    (U+E000...), so a joined Arabic word or "office" with its ligature would read back, be searched and be copied as
    private characters. The subsets without one keep reportlab's map, byte for byte."""
    font.pnp_texts = {}
    add_objects = font.addObjects

    def add_objects_mapping_texts(document):
        state = font.state.get(document)
        subsets = [list(subset) for subset in state.subsets] if state is not None else []
        add_objects(document)
        if not font.pnp_texts or state is None:
            return
        fonts = document.idToObject["BasicFonts"].dict
        for number, subset in enumerate(subsets):
            if any(code in font.pnp_texts for code in subset):
                pdf_font = fonts[f"{state.internalName}+{number}"]
                stream = document.idToObject[pdf_font.ToUnicode.name]
                stream.content = _to_unicode_cmap(pdf_font.BaseFont, subset, font.pnp_texts)

    font.addObjects = add_objects_mapping_texts


def _to_unicode_cmap(base_font: str, subset: list[int], texts: dict[int, str]) -> str:
    """reportlab's ToUnicode CMap for a font subset (reportlab.pdfbase.ttfonts.makeToUnicodeCMap), with each code
    of a private character mapped to its text in UTF-16 (a ligature's code to its letters, "fi" -> <00660069>; a
    glyph that stands for nothing, the second of a cluster's, to none: <>)."""
    def destination(code: int) -> str:
        text = texts[code] if code in texts else chr(code)
        return text.encode("utf-16-be").hex().upper()

    return "\n".join([
        "/CIDInit /ProcSet findresource begin",
        "12 dict begin",
        "begincmap",
        "/CIDSystemInfo",
        f"<< /Registry ({base_font})",
        f"/Ordering ({base_font})",
        "/Supplement 0",
        ">> def",
        f"/CMapName /{base_font} def",
        "/CMapType 2 def",
        "1 begincodespacerange",
        f"<00> <{len(subset) - 1:02X}>",
        "endcodespacerange",
        f"{len(subset)} beginbfchar",
        *(f"<{index:02X}> <{destination(code)}>" for index, code in enumerate(subset)),
        "endbfchar",
        "endcmap",
        "CMapName currentdict /CMap defineresource pop",
        "end",
        "end",
    ])


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
