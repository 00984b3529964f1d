"""OpenType fonts with PostScript (CFF) outlines (`.otf`), converted once to TrueType outlines, which reportlab embeds.

reportlab reads and embeds TrueType outlines only (quadratic curves in a glyf table). A CFF font's cubic curves are
turned into quadratic ones within a unit of the font's em (fontTools' cu2qu, the recipe of its otf2ttf snippet); the
font's widths, character map, names and licence are kept as they are, so the font measures and prints as its maker
made it, and what the converted file is is then checked and read as any TrueType file is (pnp.text.font_files). The
conversion is deterministic: the same font and the same converter give the same bytes on every machine (its
timestamps are the font's own).

Content is untrusted, and a CFF font's glyphs are programs (Type 2 charstrings) that call subroutines, which call
subroutines. Before fontTools reads a byte, a first look reads the table directory and maxp's glyph count (at most
MAX_CFF_GLYPHS); then every glyph is run by an interpreter bounded three ways: subroutines nest at most
MAX_SUBR_DEPTH deep (the CFF specification's own limit), its operand stack holds at most MAX_CFF_STACK numbers, and
all the charstrings run for the font together, a subroutine counted at each call, are at most MAX_CFF_WORK bytes.
A font past a bound, or one fontTools cannot read, is a sentence for a diagnostic, never a hang or a traceback.

Converted once: each conversion is kept in the process (by the font's SHA-256), and in the project's
output/.pnp/fonts/ when pnp made that folder's .pnp (a build did), as `<sha256 of the font>-<converter>.ttf`. Like
everything under output/, that file is untrusted: it starts with a digest of the font's digest, the converter and
the converted bytes, and a file whose digest does not match (changed, cut short, written by another converter) is
ignored and the font converted again. What is read back is checked as any TrueType file is.
"""
from __future__ import annotations

import hashlib
import hmac
import io
import logging
import os
import struct
import tempfile
from pathlib import Path

from pnp.core.limits import MAX_CFF_GLYPHS, MAX_CFF_STACK, MAX_CFF_WORK, MAX_FONT_BYTES, MAX_SUBR_DEPTH
from pnp.text.font_tables import FontProblem, table_directory

FORMAT = 1  # what the conversion writes: raise it when that changes, and earlier conversions are no longer read
MAX_ERROR = 1.0  # how far a quadratic curve may lie from the cubic it stands for, in font units (otf2ttf's own)
NEEDED = ("CFF ", "cmap", "head", "hhea", "hmtx", "maxp", "name", "post")  # what a CFF font must have to be converted
CACHE_FILES = 32  # conversions kept in output/.pnp/fonts/; past it, the oldest go (a font edited leaves its old one)
DIGEST = 32  # bytes of the digest a cached conversion starts with
MEMO = 8  # conversions kept in the process

_memo: dict[str, bytes | FontProblem] = {}  # sha256 of a CFF font -> its TrueType bytes, or why it has none


class _Refused(Exception):
    """A font past one of the interpreter's bounds: the sentence says which."""


def truetype_of(data: bytes, cache: Path | None = None) -> bytes | FontProblem:
    """The TrueType font a CFF font (`data`, starting OTTO) converts to, or why it cannot be converted; `cache` is
    the project's output/.pnp/ (None: the conversion is kept in the process only)."""
    key = hashlib.sha256(data).hexdigest()
    if key not in _memo:
        converted = _read_cached(cache, key)
        if converted is None:
            converted = _first_look(data) or _convert(data)
            if isinstance(converted, bytes):
                _write_cached(cache, key, converted)
        while len(_memo) >= MEMO:
            del _memo[next(iter(_memo))]
        _memo[key] = converted
    return _memo[key]


def converter() -> str:
    """What the conversion's bytes depend on besides the font: this module's FORMAT, fontTools' version, and
    whether its cu2qu runs compiled or as Python."""
    import fontTools
    from fontTools.cu2qu import cu2qu

    return f"{FORMAT}-{fontTools.version}-{'c' if cu2qu.COMPILED else 'py'}"


# -- the first look, before fontTools reads a byte ------------------------------------------------------------------
def _first_look(data: bytes) -> FontProblem | None:
    try:
        tables = table_directory(data)
        if "CFF " not in tables and "CFF2" in tables:
            return FontProblem("is a variable OpenType font (CFF2 outlines), which pnp cannot convert; use a static "
                               "instance of the family (one .otf or .ttf file per style)")
        for tag in NEEDED:
            if tag not in tables:
                return _unusable(f"it has no {tag.strip()} table, which every OpenType font with CFF outlines has")
            if sum(tables[tag]) > len(data):
                return _unusable(f"it is cut short: its {tag.strip()} table ends past the end of the file")
        (glyphs,) = struct.unpack_from(">H", data, tables["maxp"].offset + 4)
    except struct.error:
        return _unusable("it is cut short")
    return _too_many_glyphs(glyphs)


def _too_many_glyphs(glyphs: int) -> FontProblem | None:
    if glyphs <= MAX_CFF_GLYPHS:
        return None
    return FontProblem(f"has {glyphs:,} glyphs, more than the {MAX_CFF_GLYPHS:,} pnp converts from PostScript (CFF) "
                       "outlines; use the family's TrueType (.ttf) files, or a subset of the font with the characters "
                       "the game prints")


def _unusable(reason: str) -> FontProblem:
    return FontProblem(f"is not a usable OpenType font ({reason}); use an undamaged copy of the font")


# -- the conversion ---------------------------------------------------------------------------------------------------
def _convert(data: bytes) -> bytes | FontProblem:
    """otf2ttf, with every glyph run by the bounded interpreter."""
    fonttools_log = logging.getLogger("fontTools")
    was = fonttools_log.disabled
    fonttools_log.disabled = True  # what fontTools warns of in a damaged font is said as a diagnostic, or not at all
    try:
        return _converted(data)
    except _Refused as refused:
        return FontProblem(str(refused))
    except Exception as exc:  # noqa: BLE001 - a damaged font can fail anywhere in fontTools; content must not crash pnp
        return _unusable(" ".join(str(exc).split())[:160] or type(exc).__name__)
    finally:
        fonttools_log.disabled = was


def _converted(data: bytes) -> bytes | FontProblem:
    from fontTools.ttLib import TTFont, newTable

    font = TTFont(io.BytesIO(data), recalcTimestamp=False)
    cff = font["CFF "].cff
    charstrings = cff[cff.fontNames[0]].CharStrings
    too_many = _too_many_glyphs(len(charstrings))
    if too_many:
        return too_many
    order = font.getGlyphOrder()
    glyph_set = _BoundedGlyphs(charstrings, _Budget())
    glyphs = {name: glyph_set.quadratic(name) for name in order}
    font["loca"] = newTable("loca")
    glyf = font["glyf"] = newTable("glyf")
    glyf.glyphOrder, glyf.glyphs = order, glyphs
    del font["CFF "]
    if "VORG" in font:
        del font["VORG"]
    glyf.compile(font)  # each glyph's bounds, for its left side bearing below
    metrics = font["hmtx"].metrics
    for name, glyph in glyphs.items():
        metrics[name] = (metrics[name][0], getattr(glyph, "xMin", 0))  # the width as the font has it
    _truetype_maxp(font["maxp"], glyphs)
    post = font["post"]
    post.formatType, post.extraNames, post.mapping, post.glyphOrder = 2.0, [], {}, order
    try:
        post.compile(font)
    except OverflowError:  # glyph names too many to keep: glyphs are drawn by number anyway
        post.formatType = 3.0
    font.sfntVersion = "\x00\x01\x00\x00"
    out = io.BytesIO()
    font.save(out, reorderTables=True)
    converted = out.getvalue()
    if len(converted) > MAX_FONT_BYTES:
        return FontProblem(f"converts to a TrueType font larger than {MAX_FONT_BYTES >> 20} MB; use the family's TrueType "
                           "(.ttf) files, or a subset of the font with the characters the game prints")
    return converted


def _truetype_maxp(maxp, glyphs: dict):
    """maxp version 1.0, as a TrueType font has it (the CFF font's is 0.5, its glyph count only): no instructions;
    its counts of points and contours worked out from glyf on saving."""
    maxp.tableVersion = 0x00010000
    maxp.maxZones = 1
    maxp.maxTwilightPoints = maxp.maxStorage = maxp.maxFunctionDefs = maxp.maxInstructionDefs = 0
    maxp.maxStackElements = maxp.maxSizeOfInstructions = 0
    maxp.maxComponentElements = max((len(getattr(glyph, "components", ())) for glyph in glyphs.values()), default=0)


class _Budget:
    """The charstring bytes the font may still run, a subroutine counted at each call."""

    def __init__(self):
        self.left = MAX_CFF_WORK

    def spend(self, size: int) -> None:
        self.left -= max(1, size)
        if self.left < 0:
            raise _Refused(f"runs more than {MAX_CFF_WORK:,} bytes of glyph programs (its charstrings, a subroutine "
                           "counted at each call), far more than any font made for text; use another font, or the "
                           "family's TrueType (.ttf) files")


class _BoundedGlyphs:
    """The font's glyphs, each drawn by the bounded interpreter into a quadratic (TrueType) glyph; also the glyph set
    the TrueType pen draws a component from (a glyph that is an accent on a letter, CFF's `seac`) when it must."""

    def __init__(self, charstrings, budget: _Budget):
        self.charstrings, self.budget = charstrings, budget

    def __contains__(self, name) -> bool:
        return name in self.charstrings

    def __getitem__(self, name):
        return _BoundedGlyph(self, name)

    def draw(self, name: str, pen) -> None:
        from fontTools.pens.cu2quPen import Cu2QuPen

        charstring = self.charstrings[name]
        private = charstring.private
        extractor = _extractor()(self.budget, Cu2QuPen(pen, MAX_ERROR, reverse_direction=True),
                                 getattr(private, "Subrs", []), charstring.globalSubrs, private.nominalWidthX,
                                 private.defaultWidthX, private)
        extractor.execute(charstring)

    def quadratic(self, name: str):
        from fontTools.pens.ttGlyphPen import TTGlyphPen

        pen = TTGlyphPen(self)
        self.draw(name, pen)
        return pen.glyph()


class _BoundedGlyph:
    def __init__(self, glyphs: _BoundedGlyphs, name: str):
        self.glyphs, self.name = glyphs, name

    def draw(self, pen) -> None:
        self.glyphs.draw(self.name, pen)


class _BoundedStack(list):
    """The interpreter's operand stack, at most MAX_CFF_STACK numbers (fontTools pushes with append)."""

    def append(self, value) -> None:
        if len(self) >= MAX_CFF_STACK:
            raise _Refused(f"stacks more than {MAX_CFF_STACK} numbers in a glyph program (charstring), more than "
                           "the CFF specification allows; use an undamaged copy of the font")
        super().append(value)


_EXTRACTOR = []


def _extractor():
    """fontTools' Type 2 interpreter (which draws a glyph with a pen), bounded: every charstring it runs is paid for
    from the font's budget before it runs, subroutines nest at most MAX_SUBR_DEPTH deep, the stack is bounded."""
    if _EXTRACTOR:
        return _EXTRACTOR[0]
    from fontTools.misc.psCharStrings import T2OutlineExtractor

    class BoundedExtractor(T2OutlineExtractor):
        def __init__(self, budget: _Budget, *args):
            super().__init__(*args)  # which resets the stack (below)
            self.budget = budget

        def reset(self):
            super().reset()
            self.operandStack = _BoundedStack()

        def execute(self, charString, **options):
            if len(self.callingStack) > MAX_SUBR_DEPTH:
                raise _Refused(f"nests the subroutines of its glyph programs (charstrings) more than {MAX_SUBR_DEPTH} "
                               "deep, more than the CFF specification allows; use an undamaged copy of the font")
            code = charString.bytecode if charString.bytecode is not None else charString.program
            self.budget.spend(len(code or ()))
            super().execute(charString, **options)

    _EXTRACTOR.append(BoundedExtractor)
    return BoundedExtractor


# -- the conversions kept in output/.pnp/fonts/ ------------------------------------------------------------------------
def cache_file_name(key: str) -> str:
    return f"{key}-{hashlib.blake2b(converter().encode(), digest_size=8).hexdigest()}.ttf"


def _digest(key: str, converted: bytes) -> bytes:
    return hashlib.blake2b(converter().encode() + b"\0" + converted, key=bytes.fromhex(key), digest_size=DIGEST).digest()


def _read_cached(cache: Path | None, key: str) -> bytes | None:
    """The conversion kept for the font whose digest is `key`, if its own digest holds; otherwise None."""
    from pnp.core.output import read_back

    if cache is None:
        return None
    kept = read_back(cache, ("fonts", cache_file_name(key)), MAX_FONT_BYTES + DIGEST)  # never through a link
    if kept is None or not hmac.compare_digest(kept[:DIGEST], _digest(key, kept[DIGEST:])):
        return None
    return kept[DIGEST:]


def _write_cached(cache: Path | None, key: str, converted: bytes) -> None:
    """Keep a conversion, whole or not at all (written aside, then renamed), in output/.pnp/fonts/ when a build made
    output/.pnp; a cache that cannot be written is no error (the next run converts again)."""
    if cache is None or not cache.is_dir() or cache.is_symlink():
        return
    folder = cache / "fonts"
    try:
        if folder.is_symlink() or (folder.exists() and not folder.is_dir()):
            return
        folder.mkdir(exist_ok=True)
        handle, temporary = tempfile.mkstemp(prefix=".font-", dir=folder)
        with os.fdopen(handle, "wb") as file:
            file.write(_digest(key, converted) + converted)
        os.replace(temporary, folder / cache_file_name(key))
        _prune(folder)
    except OSError:
        return


def _prune(folder: Path) -> None:
    kept = sorted((entry.stat(follow_symlinks=False).st_mtime_ns, entry.name) for entry in os.scandir(folder)
                  if entry.name.endswith(".ttf") and entry.is_file(follow_symlinks=False))
    for _, name in kept[:-CACHE_FILES]:
        os.unlink(folder / name)
