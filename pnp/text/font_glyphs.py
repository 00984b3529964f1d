"""A TrueType file's glyph records, walked as reportlab walks them when it embeds the font, before it does.

reportlab reads a font's glyphs only when it embeds a subset of them, after the last page of a PDF is drawn
(TTFontFile.makeSubset): it follows each glyph's offset in the loca table into the glyf table, and each composite
glyph (an 'À' made of an 'A' and a grave accent) to the glyphs it is made of, trusting every number on the way. A
number that points past the font (a glyph it does not have, a record past the glyf table or before the one ahead of
it, a record that ends inside its components) stopped a build that had validated with an IndexError or struct.error.
So pnp.text.font_tables walks the same numbers in the file's first look, and the font is refused at the layout line
that names it:

- the tables reportlab reads are in the file, each inside it;
- maxp's numGlyphs is at least 1 (glyph 0 draws every missing character), hmtx has a metric for every glyph, and
  the width the glyphs after its last full metric share is one reportlab can write back (at most 65.535 ems);
- loca (short or long offsets, as head's indexToLocFormat says) has numGlyphs + 1 offsets, in order, inside glyf;
- every glyph record has its header, and every composite's components lie inside its record and name glyphs the
  font has, MAX_FONT_COMPONENTS at most in all, nested at most MAX_COMPONENT_DEPTH deep and never in a cycle (what
  draws a glyph made of itself never ends).

Every offset and component is read once, and how composites nest is found in at most MAX_COMPONENT_DEPTH + 1
passes over them, expanding nothing: DejaVu Sans (6,253 glyphs, 5,524 components) takes about 4 ms. The character
map reportlab reads is checked on what it made of it (pnp.text.font_files).
"""
from __future__ import annotations

import struct
from typing import NamedTuple

from pnp.core.limits import MAX_COMPONENT_DEPTH, MAX_FONT_COMPONENTS

READ = ("cmap", "glyf", "head", "hhea", "hmtx", "loca", "maxp", "name", "post")  # reportlab reads each of them
EMBEDDED = ("OS/2", "cvt ", "fpgm", "prep")  # optional, copied into the PDF when the font has them

GLYPH_HEADER = 10  # numberOfContours and the bounding box, before a glyph's contours or components
# a composite glyph's component flags (OpenType spec, "glyf - Composite glyph description")
ARGS_ARE_WORDS = 0x0001
HAS_SCALE = 0x0008
MORE_COMPONENTS = 0x0020
HAS_X_AND_Y_SCALE = 0x0040
HAS_TWO_BY_TWO = 0x0080

_COMPONENT = struct.Struct(">HH")


class Table(NamedTuple):
    offset: int
    length: int


def damaged(reason: str) -> str:
    """What is wrong with a font reportlab cannot read or embed as it is, as the end of a sentence that starts with
    the font's name: a copy of the font as its maker made it is usable."""
    return f"is not a usable TrueType font ({reason}); use an undamaged copy of the font"


def glyph_problem(data: bytes, tables: dict[str, Table]) -> str | None:
    """None when reportlab can subset this font's glyphs, whichever it is given; otherwise what is wrong with them,
    as the end of a sentence that starts with the font's name."""
    missing = _table_problem(data, tables)
    if missing:
        return damaged(missing)
    (glyphs,) = struct.unpack_from(">H", data, tables["maxp"].offset + 4)
    if glyphs == 0:
        return damaged("its maxp table says it has no glyphs, not even glyph 0, which draws a missing character")
    offsets = _glyph_offsets(data, tables, glyphs)
    if isinstance(offsets, str):
        return damaged(offsets)
    metrics = _metrics_problem(data, tables, glyphs)
    return damaged(metrics) if metrics else _records_problem(data, tables["glyf"].offset, offsets)


def _table_problem(data: bytes, tables: dict[str, Table]) -> str | None:
    for tag in READ:
        if tag not in tables:
            return f"it has no {tag} table, which every TrueType font has"
    for tag in READ + EMBEDDED:
        if tag in tables and sum(tables[tag]) > len(data):
            return f"it is cut short: its {tag.strip()} table ends past the end of the file"
    return None


def _metrics_problem(data: bytes, tables: dict[str, Table], glyphs: int) -> str | None:
    """hmtx: numberOfHMetrics (in hhea) pairs of advance width and side bearing, then a side bearing for each glyph
    after them. reportlab reads them all, past the table's end into whatever follows it."""
    (pairs,) = struct.unpack_from(">H", data, tables["hhea"].offset + 34)
    needed = 4 * pairs + 2 * max(0, glyphs - pairs)
    if tables["hmtx"].length < needed:
        return (f"its hmtx table is {tables['hmtx'].length} bytes, shorter than the {needed} that the metrics of its "
                f"{glyphs} glyphs take ({pairs} widths, as hhea says)")
    return _shared_width_problem(data, tables, pairs) if 0 < pairs < glyphs else None


def _shared_width_problem(data: bytes, tables: dict[str, Table], pairs: int) -> str | None:
    """The glyphs after the last pair share its width, which reportlab keeps in thousandths of an em and writes
    back into the subset as a 16-bit number of units: one over 65.535 ems wide failed there (struct.error)."""
    (em,) = struct.unpack_from(">H", data, tables["head"].offset + 18)  # unitsPerEm
    (width,) = struct.unpack_from(">H", data, tables["hmtx"].offset + 4 * (pairs - 1))
    if em == 0:
        return "its head table's unitsPerEm is 0"
    if em != 1000 and int(width * (1000 / em)) > 0xFFFF:  # reportlab's own sum (TTFontFile.extractInfo)
        return (f"its glyphs from glyph {pairs} on are {width} units wide, more than 65 times its em of {em} units "
                "(head's unitsPerEm)")
    return None


def _glyph_offsets(data: bytes, tables: dict[str, Table], glyphs: int) -> list[int] | str:
    """Where each glyph's record starts in glyf, and where the last one ends: numGlyphs + 1 offsets in order."""
    (long_offsets,) = struct.unpack_from(">H", data, tables["head"].offset + 50)  # indexToLocFormat
    if long_offsets not in (0, 1):
        return f"its head table's indexToLocFormat is {long_offsets}, neither 0 (short offsets) nor 1 (long ones)"
    size = 4 if long_offsets else 2
    loca = tables["loca"]
    if loca.length < size * (glyphs + 1):
        return (f"its loca table has {loca.length // size} glyph offsets, fewer than the {glyphs + 1} its {glyphs} "
                "glyphs take")
    offsets = struct.unpack_from(f">{glyphs + 1}{'L' if long_offsets else 'H'}", data, loca.offset)
    if not long_offsets:
        offsets = [2 * offset for offset in offsets]  # short offsets count 2-byte words
    backwards = next((glyph for glyph in range(glyphs) if offsets[glyph + 1] < offsets[glyph]), None)
    if backwards is not None:
        return f"its loca table puts the end of glyph {backwards} before its start"
    if offsets[-1] > tables["glyf"].length:
        return (f"its loca table puts glyphs past the end of its glyf table ({offsets[-1]} bytes into it, which is "
                f"{tables['glyf'].length} bytes)")
    return list(offsets)


def _records_problem(data: bytes, glyf: int, offsets: list[int]) -> str | None:
    """Every glyph record's header, and every composite's components, read once; then how composites nest. Each
    glyph's record ends where the next one's starts."""
    glyphs = len(offsets) - 1
    composites: dict[int, list[int]] = {}
    components = 0
    for glyph, (start, end) in enumerate(zip(offsets, offsets[1:])):
        if start == end:
            continue  # a glyph that draws nothing (a space) has no record
        if end - start < GLYPH_HEADER:
            return damaged(f"its glyph {glyph} is {end - start} bytes, shorter than a glyph's header ({GLYPH_HEADER} bytes)")
        if not data[glyf + start] & 0x80:
            continue  # numberOfContours >= 0, a simple glyph: reportlab copies its contours as they are
        parts = _components(data, glyf + start, glyf + end, MAX_FONT_COMPONENTS - components)
        if isinstance(parts, str):
            return damaged(f"its glyph {glyph} {parts}")
        if max(parts) >= glyphs:
            missing = next(part for part in parts if part >= glyphs)
            return damaged(f"its glyph {glyph} is made of glyph {missing}, which it does not have: its glyphs are 0 to "
                           f"{glyphs - 1}")
        components += len(parts)
        if components > MAX_FONT_COMPONENTS:
            return (f"has more than {MAX_FONT_COMPONENTS:,} components in its composite glyphs (glyphs made of glyphs), "
                    "more than any font made for text and too many to read; use another font")
        composites[glyph] = parts
    return _nesting_problem(composites)


def _components(data: bytes, start: int, end: int, budget: int) -> list[int] | str:
    """The glyphs a composite glyph's record is made of, read as reportlab reads them (its scale flags in its order),
    each component inside the record; otherwise how the record ends early. Once past `budget`, some of them."""
    parts = []
    at, flags = start + GLYPH_HEADER, MORE_COMPONENTS
    while flags & MORE_COMPONENTS and len(parts) <= budget:
        if at + _COMPONENT.size > end:
            return f"is cut short: its record ends inside its component {len(parts) + 1}"
        flags, part = _COMPONENT.unpack_from(data, at)
        at += _COMPONENT_SIZES[flags & 0xFF]
        if at > end:
            return f"is cut short: its record ends inside its component {len(parts) + 1}"
        parts.append(part)
    return parts


def _component_size(flags: int) -> int:
    """A component's bytes: its flags and glyph, its offset (two bytes or two words), its scale if any (reportlab
    looks for one scale, an x and a y scale and a 2 by 2 matrix in this order)."""
    scale = 2 if flags & HAS_SCALE else 4 if flags & HAS_X_AND_Y_SCALE else 8 if flags & HAS_TWO_BY_TWO else 0
    return _COMPONENT.size + (4 if flags & ARGS_ARE_WORDS else 2) + scale


_COMPONENT_SIZES = [_component_size(flags) for flags in range(256)]  # by the low byte of the flags, which decides it


def _nesting_problem(composites: dict[int, list[int]]) -> str | None:
    """Composites made of composites, MAX_COMPONENT_DEPTH levels at most, none made of itself. Found level by level
    (the composites made of simple glyphs, then those made of them too, and so on), never by recursion."""
    left, level = composites, 0  # the composites whose level is not known yet, and the level known
    while left:
        level += 1
        ready = {glyph for glyph, parts in left.items() if not any(part in left for part in parts)}
        if not ready:
            return damaged(_cycle(left))
        if level > MAX_COMPONENT_DEPTH:
            return (f"nests composite glyphs (glyphs made of glyphs) more than {MAX_COMPONENT_DEPTH} levels deep (its "
                    f"glyph {min(ready)}), more than any font made for text; use another font")
        left = {glyph: parts for glyph, parts in left.items() if glyph not in ready}
    return None


def _cycle(left: dict[int, list[int]]) -> str:
    """Each composite left is made of another one left: following them from any comes round to one seen."""
    path, seen = [next(iter(left))], {}
    while path[-1] not in seen:
        seen[path[-1]] = len(path) - 1
        path.append(next(part for part in left[path[-1]] if part in left))
    cycle = path[seen[path[-1]]:-1]
    between = ", through glyph" + "s" * (len(cycle) > 2) + " " + ", ".join(map(str, cycle[1:])) if cycle[1:] else ""
    return f"its glyph {cycle[0]} is made of itself{between}"


