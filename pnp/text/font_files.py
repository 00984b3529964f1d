"""A project's own font files: read once, checked, and measured like the bundled fonts.

A layout names a TrueType file (fonts/Gentium.ttf) or an OpenType one
(fonts/Cinzel.otf); the layout loader calls `check_font_file` with its resolved
path, which reads the file with the same parser reportlab embeds it with (so the
widths the fit check measures are the ones the PDF draws with) and keeps its
width table. A font with PostScript (CFF) outlines is converted to TrueType
outlines first (pnp.text.font_cff), and everything here, measuring and
embedding alike, reads the converted font. Reading loads reportlab's TrueType
module only, and only for projects that name a font file.

Content is untrusted: a file that is missing, unreadable, too large, not a
font, corrupt, a font reportlab cannot embed, or one too big to read or whose
licence forbids embedding it (pnp.text.font_tables looks first, before
reportlab reads a byte), or one whose character map reportlab reads into
glyphs the font does not have, becomes a sentence for a diagnostic, never an
exception.
"""
from __future__ import annotations

import os
import stat
from pathlib import Path

from pnp.core.limits import MAX_FONT_BYTES, MB
from pnp.text.font_cff import truetype_of
from pnp.text.font_tables import FontProblem, first_look, unusable

CFF_TAG = b"OTTO"  # an OpenType font with PostScript (CFF) outlines, which reportlab cannot embed: converted first
TRUETYPE_TAGS = (b"\x00\x01\x00\x00", b"true")

_tables: dict[str, tuple[tuple, tuple[dict[int, float], float]]] = {}  # path -> (file stamp, width table)
on_change: list = []  # called when a font file is (re)read: caches of measurements under its path may be stale


def check_font_file(path: Path, cache: Path | None = None) -> FontProblem | None:
    """None when `path` is a TrueType font reportlab can embed, or a CFF font converted to one (its widths are then
    kept for measuring); otherwise what is wrong. `cache`: the project's output/.pnp/, where conversions are kept."""
    stamp = _stamp(path)  # taken before reading: a file changed meanwhile is read again next time
    if stamp is not None and _tables.get(str(path), (None,))[0] == stamp:
        return None
    data = _checked_bytes(path, cache)
    if isinstance(data, FontProblem):
        return data
    face = _read(data, str(path))
    if isinstance(face, FontProblem):
        return face
    _tables[str(path)] = (stamp, (dict(face.charWidths), face.defaultWidth))  # as TTFontFace.charWidths measures
    for forget in on_change:  # pnp watch: a font file edited between two runs is measured anew
        forget()
    return None


def embeddable_bytes(path: str) -> bytes:
    """The font file's bytes for reportlab to draw with and embed (a CFF font's conversion, kept in the process since
    its layout's loading made it), checked as its layout's loading checked them: reportlab reads whatever it is
    handed, and the file may have been replaced since (a SourceError then)."""
    data = _checked_bytes(Path(path))
    if isinstance(data, FontProblem):
        raise _changed(path, data)
    return data


def embeddable_font(path: str, data: bytes, font_name: str):
    """reportlab's TTFont of the font file's bytes (embeddable_bytes), checked as its layout's loading checked what
    reportlab made of them (a SourceError otherwise)."""
    from reportlab.pdfbase.ttfonts import TTFont

    font = _read(data, path, lambda stream: TTFont(font_name, stream))
    if isinstance(font, FontProblem):
        raise _changed(path, font)
    return font


def _changed(path: str, problem: FontProblem):
    from pnp.core.diagnostics import Diagnostic, relative
    from pnp.reading.source import SourceError

    message = f"font file {Path(path).name} changed during the build and {problem.text}; fix it and build again"
    return SourceError([Diagnostic(relative(path), 1, 1, problem.code, message)])


def _stamp(path: Path) -> tuple | None:
    try:
        info = path.stat()
    except OSError:
        return None
    return info.st_mtime_ns, info.st_size


def _checked_bytes(path: Path, cache: Path | None = None) -> bytes | FontProblem:
    """The whole file (a CFF font's TrueType conversion), once it is known to be a TrueType font that is not too big
    to read and may be embedded."""
    try:
        info = path.stat()
    except (FileNotFoundError, NotADirectoryError):
        return FontProblem("does not exist; put the file there or fix the path")
    except OSError as exc:  # a folder on the way that pnp may not look into
        return FontProblem(f"cannot be read ({exc.strerror or exc}); check its permissions")
    if not stat.S_ISREG(info.st_mode):
        return FontProblem("is not a file; name a .ttf file")
    if info.st_size > MAX_FONT_BYTES:
        return _too_large(info.st_size)
    try:
        with path.open("rb") as file:
            data = file.read(info.st_size + 1)  # read() sets aside all it may read: the file's size, not the limit
            if len(data) > info.st_size:  # the file grew since its size was read: on, but never past the limit
                data += file.read(MAX_FONT_BYTES + 1 - len(data))
    except OSError as exc:
        return FontProblem(f"cannot be read ({exc.strerror or exc}); check its permissions")
    if len(data) > MAX_FONT_BYTES:
        return _too_large(len(data))
    if data[:4] == CFF_TAG:
        data = truetype_of(data, cache)
        if isinstance(data, FontProblem):
            return data
    if data[:4] not in TRUETYPE_TAGS:
        return FontProblem("is not a TrueType or OpenType font (.ttf or .otf)")
    return first_look(data) or data


def _too_large(size: int) -> FontProblem:
    return FontProblem(f"is {size // MB} MB, more than any font needs ({MAX_FONT_BYTES // MB} MB at most)")


def width_table(path: str) -> tuple[dict[int, float], float]:
    """The advance widths (per 1000 units) by code point, and the width of a missing glyph."""
    if path not in _tables and check_font_file(Path(path)) is not None:
        raise ValueError(f"font file {path} was not checked before measuring")  # the loader reports the reason
    return _tables[path][1]


def _read(data: bytes, name: str, make=None):
    """What reportlab makes of the font's bytes (its TTFontFace, or what `make` makes of them: a TTFont), once it
    maps some characters, each to a glyph the font has; otherwise what is wrong."""
    import io

    from reportlab.pdfbase.ttfonts import TTFontFace

    stream = io.BytesIO(data)
    stream.name = name  # reportlab's name for the file, in its messages
    try:
        made = (make or TTFontFace)(stream)
    except Exception as exc:  # noqa: BLE001 - a corrupt font can fail anywhere in the parser; content must not crash pnp
        return FontProblem(f"is not a usable TrueType font ({_reason(exc)})")
    return _mapping_problem(getattr(made, "face", made)) or made


def _mapping_problem(face) -> FontProblem | None:
    """The character map as reportlab read it (whichever of the font's subtables, in whichever format): some
    characters, each mapped to a glyph the font has. reportlab embeds the glyphs of the characters a PDF draws (and
    of ASCII, always) by those numbers, and trusts them: one past the font stopped the build at its end."""
    if not face.charWidths:
        return FontProblem("is not a usable TrueType font (it maps no characters to glyphs)")
    glyphs = face.charToGlyph.values()
    wrong = min(glyphs) if min(glyphs) < 0 else max(glyphs)
    if 0 <= wrong < face.numGlyphs:
        return None
    code = min(code for code, glyph in face.charToGlyph.items() if glyph == wrong)
    return unusable(f"its character map (cmap) maps U+{code:04X} to glyph {wrong}, which it does not have: its glyphs "
                    f"are 0 to {face.numGlyphs - 1}")


def _reason(exc: Exception) -> str:
    text = str(exc).replace(os.linesep, " ").strip() or type(exc).__name__
    return text[:160]
