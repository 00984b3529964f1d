"""A first look at a TrueType file's tables, bounded, before reportlab reads it.

reportlab's TTFontFile expands a font's whole character map (cmap) into dictionaries, code point by code point,
the moment it opens the file, and embeds whatever it opened. Both are the file's to decide: a 15 KB font whose cmap
maps all 1.1 million code points of Unicode (one format 13 or format 12 range) costs some 200 MB per font, ranges
that overlap cost as often as they repeat, and a font's licence (OS/2 fsType) may forbid embedding it at all. So pnp
reads the few numbers that decide both straight from the bytes, expanding nothing, and refuses the font before
reportlab is handed it (pnp.text.font_files when a layout names it, pnp.render.fonts before drawing with it). The
same look walks the glyph records reportlab reads only when it embeds the font, after drawing (pnp.text.font_glyphs):
a number there that points past the font stopped a build that had validated. It reads the name reportlab embeds the
font under as well: a font without one stopped reportlab in its own code.

The rest of a font reportlab reads is bounded by its format: at most 65,535 glyphs (maxp's numGlyphs and every
count of the name, hhea and hmtx tables are 16 bits), every table a slice of a file of at most MAX_FONT_BYTES.
"""
from __future__ import annotations

import struct
from typing import NamedTuple

from pnp.core.limits import MAX_FONT_CODE_POINTS
from pnp.text.font_glyphs import Table, damaged, glyph_problem

# OS/2 fsType, the font's embedding licence (OpenType spec, "OS/2 - fsType")
PERMISSIONS = 0x000E  # bits 1-3; none of them set is "installable", the most permissive
RESTRICTED = 0x0002  # Restricted License embedding: must not be embedded in a document
NO_SUBSETTING = 0x0100  # may be embedded only whole
BITMAP_ONLY = 0x0200  # only the font's bitmaps may be embedded, never its outlines (which is what a PDF embeds)

ALLOWED = "use a font whose licence allows embedding (installable, preview & print, or editable)"


class FontProblem(NamedTuple):
    text: str  # what is wrong, as the end of a sentence that starts with the font's name
    code: str = "font"  # the diagnostic's code


def first_look(data: bytes) -> FontProblem | None:
    """None when reportlab may read and embed this TrueType file; otherwise why not. Reads the table directory, the
    cmap's list of subtables, a few numbers, at most MAX_FONT_CODE_POINTS cmap ranges, and each glyph's offset and
    components once."""
    try:
        tables = table_directory(data)
        damage = glyph_problem(data, tables)
        if damage:
            return FontProblem(damage)
        return _licence_problem(data, tables) or _name_problem(data, tables) or _cmap_problem(data, tables)
    except struct.error:  # a number that reportlab reads too lies past the end of the file
        return unusable("it is cut short")


def unusable(reason: str) -> FontProblem:
    """A font reportlab cannot read or embed as it is, and why."""
    return FontProblem(damaged(reason))


def table_directory(data: bytes) -> dict[str, Table]:
    """Each table's place in the file, by tag (the last of a tag counts, as in reportlab)."""
    (count,) = struct.unpack_from(">H", data, 4)
    records = (struct.unpack_from(">4s4xLL", data, 12 + 16 * i) for i in range(count))
    return {tag.decode("latin-1"): Table(offset, length) for tag, offset, length in records}


def _licence_problem(data: bytes, tables: dict[str, Table]) -> FontProblem | None:
    """A font may be in a PDF only if its licence allows embedding it, as a subset (reportlab embeds the glyphs a
    document uses: its own test of fsType, reportlab 5.1, lets every font through); a font without an OS/2 table
    says nothing."""
    if "OS/2" not in tables:
        return None
    (fs_type,) = struct.unpack_from(">H", data, tables["OS/2"].offset + 8)
    said = f"its licence (OS/2 fsType 0x{fs_type:04X})"
    if (fs_type & PERMISSIONS) == RESTRICTED:  # Preview & Print or Editable beside it is the permission that counts
        return FontProblem(f"may not be embedded: {said} forbids embedding it in a document (Restricted License), and "
                           f"every PDF pnp builds embeds its fonts; {ALLOWED}", "font-licence")
    if fs_type & BITMAP_ONLY:
        return FontProblem(f"may not be embedded as outlines: {said} allows embedding its bitmaps only, and PDFs built by "
                           f"pnp embed a font's outlines; {ALLOWED}", "font-licence")
    if fs_type & NO_SUBSETTING:
        return FontProblem(f"may be embedded only whole: {said} forbids embedding a subset, and every PDF pnp builds "
                           "embeds just the glyphs it uses; use a font whose licence allows subsetting", "font-licence")
    return None


# What reportlab names a font by in a PDF: the first of its PostScript name, full name and family name (name IDs)
# that the name table gives in English for Windows (Unicode) or Mac (Roman), the only records reportlab reads
NAME_IDS = (6, 4, 1)
NAME_RECORDS = {(3, 1, 0x409): "utf_16_be", (1, 0, 0): "mac_roman"}  # (platform, encoding, language): its text
NOT_IN_PDF_NAMES = b" [](){}<>/%"  # and every byte past ASCII: what a PDF font name must not hold


def _name_problem(data: bytes, tables: dict[str, Table]) -> FontProblem | None:
    """A font must have a name reportlab can embed it under: without one, reportlab 5.1 stopped in its own code (it
    reads a setting it does not have) and said nothing of the font; with a character a PDF name cannot hold, it
    named the character by its number."""
    names = _names(data, tables)
    if names is None:
        return None
    name = next((names[name_id] for name_id in NAME_IDS if name_id in names), None)
    if name is None:
        return FontProblem("has no name to embed it under: its name table gives no PostScript name (name ID 6), full "
                           "name (4) or family name (1) in English for Windows or Mac; name it in a font editor and "
                           "export it again")
    wrong = [byte for byte in name.replace(b" ", b"-") if byte > 126 or byte in NOT_IN_PDF_NAMES]
    if wrong:
        return FontProblem(f"is named '{name.decode('utf-8', 'replace')}' (its PostScript name), which holds "
                           f"'{chr(wrong[0])}', a character no font name in a PDF may hold; rename it in a font editor "
                           "and export it again")
    return None


def _names(data: bytes, tables: dict[str, Table]) -> dict[int, bytes] | None:
    """The names of NAME_IDS the font has, read as reportlab reads them (the first record of each, UTF-8 bytes); None
    for a name table reportlab refuses for itself, saying why (none, a format it does not know, an odd length)."""
    if "name" not in tables:
        return None
    at = tables["name"].offset
    table_format, count, strings = struct.unpack_from(">3H", data, at)
    if table_format != 0:
        return None
    names: dict[int, bytes] = {}
    for i in range(count):
        platform, encoding, language, name_id, length, offset = struct.unpack_from(">6H", data, at + 6 + 12 * i)
        codec = NAME_RECORDS.get((platform, encoding, language))
        text = data[at + strings + offset:at + strings + offset + length]
        if name_id not in NAME_IDS or name_id in names or codec is None or not text:
            continue
        if codec == "utf_16_be" and len(text) % 2:
            return None
        try:
            names[name_id] = text.decode(codec).encode("utf-8")
        except UnicodeDecodeError:  # as reportlab reads it
            names[name_id] = text.decode("latin-1").encode("utf-8")
    return names


def _cmap_problem(data: bytes, tables: dict[str, Table]) -> FontProblem | None:
    """Every subtable the cmap lists, counted without expanding it: reportlab expands one of them (which depends on
    its platform, encoding and order), and counting them all bounds also the counting."""
    cmap = tables["cmap"].offset
    version, count = struct.unpack_from(">HH", data, cmap)
    if count == 0 and version != 0:  # reportlab reads a font with the two swapped
        count = version
    offsets = {struct.unpack_from(">L", data, cmap + 8 + 8 * i)[0] for i in range(count)}  # shared subtables once
    listed = 0
    for offset in sorted(offsets):
        listed += _entries(data, cmap + offset, MAX_FONT_CODE_POINTS - listed)
        if listed > MAX_FONT_CODE_POINTS:
            return FontProblem(f"maps more than {MAX_FONT_CODE_POINTS:,} code points (its character map, cmap, counted "
                               "range by range), more than any font made for text and too many to read; use a font "
                               "that maps just the characters it draws")
    return None


def _entries(data: bytes, at: int, budget: int) -> int:
    """The code points and ranges reportlab would expand reading the subtable at `at`; once past `budget`, some
    number above it."""
    try:
        (table_format,) = struct.unpack_from(">H", data, at)
        count = _COUNTERS.get(table_format)
        return count(data, at, budget) if count else 0  # a format reportlab cannot read: it refuses the font
    except struct.error:  # cut short before any range: reportlab fails on it before expanding anything
        return 0


def _format_0(data: bytes, at: int, budget: int) -> int:
    return 256  # one byte a code, for codes 0-255


def _format_2(data: bytes, at: int, budget: int) -> int:
    """High bytes, each with a subheader (indexed as reportlab does) of entryCount low bytes."""
    keys = struct.unpack_from(">256H", data, at + 6)
    headers = at + 6 + 512
    return 256 + sum(struct.unpack_from(">H", data, headers + 8 * key + 2)[0] for key in keys if key)


def _format_4(data: bytes, at: int, budget: int) -> int:
    """Segments of the Basic Multilingual Plane, counted as they are written: overlaps count twice."""
    segments = struct.unpack_from(">H", data, at + 6)[0] // 2
    ends = struct.unpack_from(f">{segments}H", data, at + 14)
    starts = struct.unpack_from(f">{segments}H", data, at + 16 + 2 * segments)
    return segments + sum(max(0, end - start + 1) for start, end in zip(starts, ends))


def _format_6(data: bytes, at: int, budget: int) -> int:
    return struct.unpack_from(">H", data, at + 8)[0]  # a run of at most 65,535 codes


def _format_10(data: bytes, at: int, budget: int) -> int:
    """A run of codes, one glyph each: reportlab reads as many as the file holds of the count it states."""
    (count,) = struct.unpack_from(">L", data, at + 16)
    return min(count, max(0, (len(data) - at - 20) // 2))


def _groups(data: bytes, at: int, budget: int) -> int:
    """Formats 12 and 13: groups of (first code, last code, glyph). reportlab expands each group as it reads it,
    the groups the file holds of the number it states; reading stops once past the budget."""
    (stated,) = struct.unpack_from(">L", data, at + 12)
    count = min(stated, max(0, (len(data) - at - 16) // 12))
    if count > budget:  # every group counts, an empty one too (reportlab reads it)
        return count
    listed = count
    for first, last, _ in struct.iter_unpack(">3L", data[at + 16:at + 16 + 12 * count]):
        listed += max(0, last - first + 1)
        if listed > budget:
            break
    return listed


_COUNTERS = {0: _format_0, 2: _format_2, 4: _format_4, 6: _format_6, 10: _format_10, 12: _groups, 13: _groups}
