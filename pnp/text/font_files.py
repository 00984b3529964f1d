"""A project's own font files: read once, checked, and measured like the bundled fonts.

A layout names a TrueType file (fonts/Gentium.ttf); the layout loader calls
`check_font_file` with its resolved path, which reads the file with the same
parser reportlab embeds it with (so the widths the fit check measures are the
ones the PDF draws with) and keeps its width table. Reading loads reportlab's
TrueType module only, and only for projects that name a font file.

Content is untrusted: a file that is missing, unreadable, too large, not a
font, corrupt, or a font reportlab cannot embed becomes a sentence for a
diagnostic, never an exception.
"""
from __future__ import annotations

import os
from pathlib import Path

from pnp.limits import MAX_FONT_BYTES

CFF_TAG = b"OTTO"  # an OpenType font with PostScript (CFF) outlines, which reportlab cannot embed
TRUETYPE_TAGS = (b"\x00\x01\x00\x00", b"true")

_tables: dict[str, tuple[tuple, tuple[dict[int, float], float]]] = {}  # path -> (file stamp, width table)
on_change: list = []  # called when a font file is (re)read: caches of measurements under its path may be stale


def check_font_file(path: Path) -> str | None:
    """None when `path` is a TrueType font reportlab can embed (its widths are then kept for measuring);
    otherwise what is wrong, as the end of a sentence that starts with the font's name."""
    try:
        stat = path.stat()
    except (FileNotFoundError, NotADirectoryError):
        return "does not exist; put the file there or fix the path"
    except OSError as exc:  # a folder on the way that pnp may not look into
        return f"cannot be read ({exc.strerror or exc}); check its permissions"
    if not path.is_file():
        return "is not a file; name a .ttf file"
    if stat.st_size > MAX_FONT_BYTES:
        return f"is {stat.st_size // (1024 * 1024)} MB, more than any font needs ({MAX_FONT_BYTES // (1024 * 1024)} MB at most)"
    stamp = (stat.st_mtime_ns, stat.st_size)
    if _tables.get(str(path), (None,))[0] == stamp:
        return None
    try:
        data = path.read_bytes()
    except OSError as exc:
        return f"cannot be read ({exc.strerror or exc}); check its permissions"
    if data[:4] == CFF_TAG:
        return ("is an OpenType font with PostScript (CFF) outlines, which PDFs built by pnp cannot embed; use the "
                "family's TrueType (.ttf) files, or convert it to TrueType (for example with fontTools' otf2ttf)")
    if data[:4] not in TRUETYPE_TAGS:
        return "is not a TrueType font (.ttf, or .otf with TrueType outlines)"
    try:
        table = _read_widths(data, str(path))
    except Exception as exc:  # noqa: BLE001 - a corrupt font can fail anywhere in the parser; content must not crash pnp
        return f"is not a usable TrueType font ({_reason(exc)})"
    _tables[str(path)] = (stamp, table)
    for forget in on_change:  # pnp watch: a font file edited between two runs is measured anew
        forget()
    return None


def width_table(path: str) -> tuple[dict[int, float], float]:
    """The advance widths (per 1000 units) by code point, and the width of a missing glyph."""
    if path not in _tables and check_font_file(Path(path)) is not None:
        raise ValueError(f"font file {path} was not checked before measuring")  # the loader reports the reason
    return _tables[path][1]


def _read_widths(data: bytes, name: str) -> tuple[dict[int, float], float]:
    """Widths exactly as reportlab's TTFont measures them (TTFontFace.charWidths); it also refuses a font whose
    licence forbids embedding."""
    import io

    from reportlab.pdfbase.ttfonts import TTFontFace

    stream = io.BytesIO(data)
    stream.name = name
    face = TTFontFace(stream)
    if not face.charWidths:
        raise ValueError("it maps no characters to glyphs")
    return dict(face.charWidths), face.defaultWidth


def _reason(exc: Exception) -> str:
    text = str(exc).replace(os.linesep, " ").strip() or type(exc).__name__
    return text[:160]
