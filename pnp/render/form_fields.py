"""PDF form text fields whose font is embedded.

reportlab's form fields only know the 14 standard fonts, which are never
embedded. For the fillable sheets we embed the whole Vera font once (a
subset would lack the glyphs a player types) and point the fields at it.
"""
from __future__ import annotations

import zlib

from reportlab.pdfbase.pdfdoc import PDFArray, PDFDictionary, PDFName, PDFStream
from reportlab.pdfbase.ttfonts import TTFontFile

from pnp.render.fonts import BUNDLED, font_dir

FIELD_FONT = "PnpVera"


def _font_reference(canvas) -> str:
    """A reference to the fully embedded field font, made once per document."""
    cached = getattr(canvas, "_pnp_field_font", None)
    if cached:
        return cached
    doc = canvas._doc
    path = font_dir() / BUNDLED["Vera"]
    data = path.read_bytes()
    face = TTFontFile(str(path))
    stream = PDFStream(PDFDictionary({"Length1": len(data), "Filter": PDFName("FlateDecode")}), zlib.compress(data, 9))
    stream.__RefOnly__ = 1
    descriptor = PDFDictionary({
        "Type": PDFName("FontDescriptor"), "FontName": PDFName(_text(face.name)), "Flags": 32,
        "FontBBox": PDFArray(list(face.bbox)), "ItalicAngle": face.italicAngle, "Ascent": face.ascent,
        "Descent": face.descent, "CapHeight": face.capHeight, "StemV": face.stemV,
        "FontFile2": doc.Reference(stream),
    })
    widths = [face.charWidths.get(code, face.defaultWidth) for code in range(32, 127)]
    font = PDFDictionary({
        "Type": PDFName("Font"), "Subtype": PDFName("TrueType"), "BaseFont": PDFName(_text(face.name)),
        "FirstChar": 32, "LastChar": 126, "Widths": PDFArray(widths), "Encoding": PDFName("WinAnsiEncoding"),
        "FontDescriptor": doc.Reference(descriptor),
    })
    cached = doc.Reference(font).format(doc).decode()
    canvas._pnp_field_font = cached
    return cached


def text_field(canvas, name: str, x: float, y: float, w: float, h: float) -> None:
    form = canvas.acroForm
    font = _font_reference(canvas)
    if not getattr(form, "_pnp_font_patch", False):
        standard = form.makeFont

        def make_font(font_name):
            if font_name == FIELD_FONT:
                form.fonts[FIELD_FONT] = font
                return font, FIELD_FONT  # reportlab writes this where a resource dict belongs, as it does for its own fonts
            return standard(font_name)

        form.makeFont = make_font
        form._pnp_font_patch = True
    size = max(6.0, min(10.0, h * 0.62))
    form.textfield(name=name, x=x, y=y, width=w, height=h, fontName=FIELD_FONT, fontSize=size, borderWidth=0,
                   fillColor=None, borderColor=None, forceBorder=False, maxlen=3)


def _text(value) -> str:
    return value.decode("latin-1") if isinstance(value, bytes) else str(value)
