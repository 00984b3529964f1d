"""Shaping: a run of text in one font and one direction turned into positioned glyphs by HarfBuzz (uharfbuzz).

HarfBuzz applies the font's own rules: kerning, ligatures, Arabic joining
(each letter takes its initial, medial or final form), marks placed on their
letters, and a right-to-left run's glyphs given in visual order (right to left
as read, left to right as drawn). The PDF draws these very glyphs at these
very advances (pnp.render.pdf), and every measure of text adds them up
(pnp.text.fonts.string_width), so what the fit check measures is what prints.

Positions are in 1000ths of the font size (PDF text space), scaled from the
font's units exactly as reportlab scales its widths, so a run that shaping
leaves alone (no kerning pair, no substitution) measures to the same number
as its characters' widths did before shaping, to the last bit.

HarfBuzz reads the same bytes reportlab embeds: a bundled font's file, a
project font's checked bytes (pnp.text.font_files.embeddable_bytes; a CFF
font's TrueType conversion).
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

from pnp.text import font_files

BUNDLED = {"Vera": "Vera.ttf", "VeraBd": "VeraBd.ttf", "VeraIt": "VeraIt.ttf", "VeraBI": "VeraBI.ttf"}
NO_BREAK_SPACE = "\u00a0"
FEATURES = {"kern": True, "liga": True}  # kerning and standard ligatures on, as a typesetter sets text


class Glyph(NamedTuple):
    """One glyph as drawn: its id in the font, the index of the first character of the run it stands for (its
    cluster), its advance and its offsets from the pen, in 1000ths of the font size."""

    gid: int
    cluster: int
    advance: float
    x_offset: float
    y_offset: float


def bundled_path(font: str) -> Path:
    import reportlab

    return Path(reportlab.__file__).parent / "fonts" / BUNDLED[font]


@lru_cache(maxsize=None)
def _hb_font(font: str):
    """HarfBuzz's font for a pnp font name (a bundled name or a checked font file's path), and its scale to
    1000ths of the size."""
    import uharfbuzz

    data = bundled_path(font).read_bytes() if font in BUNDLED else font_files.embeddable_bytes(font)
    face = uharfbuzz.Face(data)
    return uharfbuzz.Font(face), 1000.0 / face.upem


font_files.on_change.append(_hb_font.cache_clear)


@lru_cache(maxsize=1 << 16)
def shape(text: str, font: str, rtl: bool = False) -> tuple[Glyph, ...]:
    """The glyphs of a run of one direction (right to left when `rtl`) in one font, in drawing order (left to
    right), its script found from its characters. Cached: fitting measures a word at size after size, and the
    drawing draws what the fit check measured."""
    import uharfbuzz

    hb_font, scale = _hb_font(font)
    buffer = uharfbuzz.Buffer()
    # a no-break space is set as a space, glyph and advance: it only keeps a line from breaking there (as reportlab
    # sets it, and the rulebook's paragraphs with it; some fonts, Vera among them, draw it twice as wide)
    buffer.add_str(text.replace(NO_BREAK_SPACE, " "))  # clusters numbered by characters (a str added as code points)
    buffer.guess_segment_properties()  # the script (Latin, Arabic, Han ...) from the characters
    buffer.language = "und"  # not the process's locale, which guessing takes: the same glyphs on every machine
    buffer.direction = "rtl" if rtl else "ltr"
    buffer.cluster_level = uharfbuzz.BufferClusterLevel.MONOTONE_CHARACTERS
    uharfbuzz.shape(hb_font, buffer, FEATURES)
    return tuple(Glyph(info.codepoint, info.cluster, position.x_advance * scale,
                       position.x_offset * scale, position.y_offset * scale)
                 for info, position in zip(buffer.glyph_infos, buffer.glyph_positions))


font_files.on_change.append(shape.cache_clear)


def glyph_name(font: str, gid: int) -> str:
    return _hb_font(font)[0].glyph_to_string(gid)
