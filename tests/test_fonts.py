"""A project's own fonts: declared per layout, checked, measured with their own widths, embedded in the PDFs.

The fixture's score pad is set in DejaVu Sans Mono (tests/data/fixture/fonts/, subset to Latin-1).
"""
import re
import shutil
import struct
import tracemalloc
from pathlib import Path

import pytest
from helpers import FIXTURE
from pypdf import PdfReader
from typer.testing import CliRunner

from pnp.cli import app
from pnp.reading.source import SourceError
from pnp.render.fonts import font_dir
from pnp.text.fit import fit_text
from pnp.text.font_files import check_font_file
from pnp.text.font_tables import first_look
from pnp.text.fonts import _widths, missing_glyphs, string_width

MONO = FIXTURE / "fonts" / "DejaVuSansMono.ttf"
MONO_BOLD = FIXTURE / "fonts" / "DejaVuSansMono-Bold.ttf"


def validate(*args):
    result = CliRunner().invoke(app, ["validate", "pocket-dungeon", *args])
    assert "Traceback" not in result.output
    return result


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1))


def test_a_font_file_is_measured_as_reportlab_draws_it():
    """The general mechanism reads the bundled Vera.ttf into exactly the precomputed table, and measures a
    project's font as reportlab does when it draws."""
    from reportlab.pdfbase import pdfmetrics

    from pnp.render.fonts import font_dir, register

    vera = font_dir() / "Vera.ttf"
    assert check_font_file(vera) is None
    from_file, bundled = _widths(str(vera)), _widths("Vera")
    assert {c: w for c, w in from_file[0].items() if c < 0xFFFF} == bundled[0] and from_file[1] == bundled[1]
    assert check_font_file(MONO) is None
    text = "Darken a coin box: illicit WWW!"
    assert string_width(text, str(MONO), 9) == pytest.approx(pdfmetrics.stringWidth(text, register(str(MONO)), 9))
    assert string_width("iiii", str(MONO), 10) == string_width("WWWW", str(MONO), 10)  # monospaced: its own widths


def test_the_fit_check_uses_the_fonts_own_widths():
    assert check_font_file(MONO) is None
    text = "illicit little lilies"  # narrow letters: short in Vera, as wide as any other in a monospaced font
    width = string_width(text, "Vera", 9) + 5
    assert fit_text(text, "Vera", 9, 9, width, 20).lines == ((text,),)
    in_mono = fit_text(text, str(MONO), 9, 9, width, 20)
    assert len(in_mono.lines[0]) > 1 or not in_mono.ok


def test_a_card_layout_in_a_wider_font_reports_text_that_no_longer_fits(fixture_project):
    assert validate().exit_code == 0
    cards = fixture_project / "layouts/pocket-dungeon/cards.yaml"
    edit(cards, "fonts: {regular: Vera,", "fonts: {regular: fonts/DejaVuSansMono.ttf,")
    heroes = fixture_project / "content/pocket-dungeon/decks/heroes.yaml"
    long_text = " ".join(["illicit little lilies fill it"] * 11)  # 7.5pt in Vera; more than 6pt allows in a mono font
    edit(heroes, "text: Treasures cost you 1 coin less.", f"text: {long_text}")
    result = validate()
    assert result.exit_code == 1
    assert re.search(r"heroes\.yaml:\d+:\d+: error \[text-height\] card '[a-z-]+' field 'text'", result.output), result.output
    edit(cards, "fonts: {regular: fonts/DejaVuSansMono.ttf,", "fonts: {regular: Vera,")
    assert validate().exit_code == 0, "the same text fits the same box in the narrower Vera"


def test_the_score_pad_embeds_its_own_font_subset(fixture_project):
    result = CliRunner().invoke(app, ["build", "pocket-dungeon"])
    assert result.exit_code == 0, result.output
    fonts = {}
    for page in PdfReader(fixture_project / "output/pocket-dungeon/sheets/score-pad-a4.pdf").pages:
        for font in (page["/Resources"].get("/Font") or {}).values():
            font = font.get_object()
            fonts[str(font["/BaseFont"])] = font
    names = {name.split("+", 1)[-1] for name in fonts}
    assert {"DejaVuSansMono", "DejaVuSansMono-Bold"} <= names, names
    mono = next(font for name, font in fonts.items() if name.endswith("+DejaVuSansMono"))
    descriptor = mono["/FontDescriptor"].get_object()
    assert "/FontFile2" in descriptor  # embedded, as a subset (the AAAAAA+ prefix)
    assert len(descriptor["/FontFile2"].get_object().get_data()) < MONO.stat().st_size
    assert str(fixture_project) not in (fixture_project / "output/pocket-dungeon/sheets/score-pad-a4.pdf").read_bytes().decode("latin-1")


def test_a_character_the_chosen_font_lacks_is_named_with_that_font(fixture_project):
    """Vera has an Omega; the subset monospaced font of the score pad does not, nor its bold on a card title."""
    assert not missing_glyphs("Ω", "Vera")
    pad = fixture_project / "content/pocket-dungeon/score-pad.yaml"
    edit(pad, "intro: One pad per player.", "intro: One pad per player Ω.")
    cards = fixture_project / "layouts/pocket-dungeon/cards.yaml"
    edit(cards, "bold: VeraBd,", "bold: fonts/DejaVuSansMono-Bold.ttf,")
    heroes = fixture_project / "content/pocket-dungeon/decks/heroes.yaml"
    edit(heroes, "name: Ranger", "name: Ranger Ω")
    result = validate()
    assert result.exit_code == 1
    lines = result.output.splitlines()
    intro_line = pad.read_text().splitlines().index(next(x for x in pad.read_text().splitlines() if x.startswith("intro:"))) + 1
    assert any(line.startswith(f"content/pocket-dungeon/score-pad.yaml:{intro_line}:") and line.endswith(
        "error [missing-glyph] font DejaVuSansMono.ttf has no glyph for 'Ω' (U+03A9): it would print as an empty box; "
        "replace it or leave it out") for line in lines), result.output
    assert any("heroes.yaml:" in line and "font DejaVuSansMono-Bold.ttf has no glyph for 'Ω'" in line for line in lines), result.output


def _broken_fonts(fonts: Path) -> dict:
    """Files that look like fonts by name and are not usable ones, made fresh in the project's fonts/."""
    (fonts / "notes.ttf").write_text("these are my notes, not a font\n")
    (fonts / "cut.ttf").write_bytes(MONO.read_bytes()[:300])
    (fonts / "serif.otf").write_bytes(b"OTTO" + MONO.read_bytes()[4:])
    (fonts / "folder.ttf").mkdir()
    (fonts / "outside.ttf").symlink_to(Path(shutil.which("python3") or "/bin/sh").resolve())
    return {
        "notes.ttf": "is not a TrueType or OpenType font (.ttf or .otf)",
        "cut.ttf": "is not a usable TrueType font (",
        "serif.otf": "is not a usable OpenType font (it has no CFF table, which every OpenType font with CFF outlines has)",
        "folder.ttf": "is not a file; name a .ttf file",
        "outside.ttf": "points outside the project folder (after following links)",
    }


@pytest.mark.parametrize("name", ["notes.ttf", "cut.ttf", "serif.otf", "folder.ttf", "outside.ttf"])
def test_an_unusable_font_file_is_a_diagnostic_at_the_line_that_names_it(fixture_project, name):
    expected = _broken_fonts(fixture_project / "fonts")[name]
    layout = fixture_project / "layouts/pocket-dungeon/score-pad.yaml"
    edit(layout, "bold: fonts/DejaVuSansMono-Bold.ttf", f"bold: fonts/{name}")
    line = next(i for i, text in enumerate(layout.read_text().splitlines(), 1) if text.startswith("fonts:"))
    result = validate()
    assert result.exit_code == 1, result.output
    assert f"layouts/pocket-dungeon/score-pad.yaml:{line}:" in result.output
    assert f"error [font] bold font 'fonts/{name}' {expected}" in result.output, result.output
    build = CliRunner().invoke(app, ["build", "pocket-dungeon"])
    assert build.exit_code == 1 and "Traceback" not in build.output


def test_a_project_font_with_a_registered_fonts_postscript_name_draws_with_its_own_file(tmp_path):
    """reportlab shares one font object among files with the same PostScript name: a font named as a bundled one
    drew with the bundled file (and under its name in pnp, an internal error)."""
    from fontTools.ttLib import TTFont as Tool
    from reportlab.pdfbase import pdfmetrics

    from pnp.render.fonts import register

    impostor = Tool(MONO)  # the fixture's mono font, under the bundled Vera's PostScript name
    for record in impostor["name"].names:
        if record.nameID == 6:
            record.string = "BitstreamVeraSans-Roman"
    impostor.save(tmp_path / "Impostor.ttf")
    register("Vera")
    font = pdfmetrics.getFont(register(str(tmp_path / "Impostor.ttf")))
    assert font is not pdfmetrics.getFont("Vera") and font.face.name.startswith(b"BitstreamVeraSans-Roman-")
    assert font.stringWidth("iii", 10) == pytest.approx(pdfmetrics.stringWidth("mmm", register(str(MONO)), 10))


def _font_file(path: Path, source: Path, change) -> Path:
    """A copy of a real font with `change(font)` made to it by fontTools, saved as `path`."""
    from fontTools.ttLib import TTFont as Tool

    font = Tool(source)
    change(font)
    font.save(path)
    return path


def _raw_cmap(font_format: int, groups: list[tuple[int, int, int]]):
    """A change that gives a font a cmap of one format 12 or 13 subtable, written byte by byte (fontTools would
    expand it into a dictionary of every code point first): groups of (first code, last code, glyph)."""
    from fontTools.ttLib.tables.DefaultTable import DefaultTable

    body = b"".join(struct.pack(">3L", *group) for group in groups)
    subtable = struct.pack(">HHLLL", font_format, 0, 16 + len(body), 0, len(groups)) + body
    cmap = DefaultTable("cmap")
    cmap.data = struct.pack(">HHHHL", 0, 1, 3, 10, 12) + subtable  # one subtable: Windows, Unicode full repertoire

    def change(font):
        font["cmap"] = cmap
    return change


EVERY_CODE_POINT = {
    "format 13: every code point one glyph": (13, [(0, 0x10FFFF, 36)]),
    "format 12: every code point its own glyph": (12, [(0, 0x10FFFF, 1)]),
    "format 12: Latin 400 times over": (12, [(0x20, 0x24F, 3)] * 400),  # ranges count as often as they repeat
}


@pytest.mark.parametrize("case", EVERY_CODE_POINT)
def test_a_font_that_maps_every_code_point_is_refused_unread(fixture_project, case):
    """A 15 KB font whose character map covers all of Unicode cost reportlab some 200 MB to open (the fit check's
    widths, then again to draw): pnp counts its ranges first and reads no further."""
    every = _font_file(fixture_project / "fonts/every.ttf", MONO, _raw_cmap(*EVERY_CODE_POINT[case]))
    assert every.stat().st_size < 20_000
    layout = fixture_project / "layouts/pocket-dungeon/score-pad.yaml"
    edit(layout, "regular: fonts/DejaVuSansMono.ttf", "regular: fonts/every.ttf")
    line = next(i for i, text in enumerate(layout.read_text().splitlines(), 1) if text.startswith("fonts:"))
    result = validate()
    assert result.exit_code == 1, result.output
    assert (f"layouts/pocket-dungeon/score-pad.yaml:{line}:18: error [font] regular font 'fonts/every.ttf' maps more "
            "than 200,000 code points (its character map, cmap, counted range by range)") in result.output, result.output
    from pnp.render.fonts import register  # its imports (reportlab's) are not the font's reading

    tracemalloc.start()
    try:
        assert check_font_file(every).code == "font"
        with pytest.raises(SourceError) as refused:  # a file replaced after its layout was loaded: not handed over
            register(str(every))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 16 * 1024 * 1024, f"reading the font took {peak / 1e6:.0f} MB"
    assert "font file every.ttf changed during the build and maps more than 200,000" in refused.value.diagnostics[0].message
    build = CliRunner().invoke(app, ["build", "pocket-dungeon"])
    assert build.exit_code == 1 and "Traceback" not in build.output, build.output


def _fs_type(value: int):
    def change(font):
        font["OS/2"].fsType = value
    return change


VERA = font_dir() / "Vera.ttf"  # 268 glyphs
FORBIDS = "may not be embedded: its licence (OS/2 fsType 0x0002) forbids embedding it in a document (Restricted License)"
LICENCES = {  # a licence that forbids embedding, beside one as close to it that allows it (which must pass)
    "Restricted License": (MONO, 0x0002, MONO, 0x0006, FORBIDS),  # 0x0006: Preview & Print beside it counts
    "Restricted License, 268 glyphs": (VERA, 0x0002, VERA, 0x0000, FORBIDS),
    "bitmap embedding only": (MONO, 0x0200, MONO, 0x0004, "may not be embedded as outlines: its licence (OS/2 fsType "
                                                         "0x0200) allows embedding its bitmaps only"),
    "bitmaps only, editable": (MONO, 0x0208, MONO, 0x0008, "may not be embedded as outlines: its licence (OS/2 fsType "
                                                          "0x0208)"),
    "no subsetting": (MONO, 0x0100, MONO, 0x0000, "may be embedded only whole: its licence (OS/2 fsType 0x0100) forbids "
                                                 "embedding a subset"),
}


@pytest.mark.parametrize("case", LICENCES)
def test_a_font_whose_licence_forbids_embedding_is_refused_at_the_line_that_names_it(fixture_project, case):
    """OS/2 fsType: Restricted License embedding (and no other permission), bitmaps only, or no subsetting forbid
    the font in pnp's PDFs; installable (0), Preview & Print (4) and Editable (8) allow it. reportlab 5.1 embedded
    every one of them (its test of fsType lets through every font it was meant to stop)."""
    forbidden, value, allowed, allowed_value, expected = LICENCES[case]
    _font_file(fixture_project / "fonts/forbidden.ttf", forbidden, _fs_type(value))
    _font_file(fixture_project / "fonts/allowed.ttf", allowed, _fs_type(allowed_value))
    layout = fixture_project / "layouts/pocket-dungeon/score-pad.yaml"
    edit(layout, "fonts: {regular: fonts/DejaVuSansMono.ttf, bold: fonts/DejaVuSansMono-Bold.ttf}",
         "fonts: {regular: fonts/forbidden.ttf, bold: fonts/allowed.ttf}")
    line = next(i for i, text in enumerate(layout.read_text().splitlines(), 1) if text.startswith("fonts:"))
    result = validate()
    assert result.exit_code == 1, result.output
    assert (f"layouts/pocket-dungeon/score-pad.yaml:{line}:18: error [font-licence] regular font 'fonts/forbidden.ttf' "
            f"{expected}") in result.output, result.output
    assert "use a font whose licence allows" in result.output and "allowed.ttf" not in result.output, result.output
    assert "1 error(s)" in result.output, result.output
    build = CliRunner().invoke(app, ["build", "pocket-dungeon"])
    assert build.exit_code == 1 and "[font-licence]" in build.output and "Traceback" not in build.output, build.output


def _renamed(name_id: int, name: str | None):
    """A change that gives every record of the name ID `name` (None: leaves the name table empty)."""
    def change(font):
        if name is None:
            font["name"].names = []
        for record in font["name"].names:
            if record.nameID == name_id:
                record.string = name
    return change


NAMES = {  # reportlab embeds a font under its PostScript name (else its full or family name), as a PDF name
    "an empty name table": (_renamed(6, None), "has no name to embed it under: its name table gives no PostScript "
                            "name (name ID 6), full name (4) or family name (1) in English for Windows or Mac; name it "
                            "in a font editor and export it again"),
    "a PostScript name a PDF cannot hold": (_renamed(6, "Bad Name(with)/chars%"), "is named 'Bad Name(with)/chars%' "
                                            "(its PostScript name), which holds '(', a character no font name in a PDF "
                                            "may hold"),
}


@pytest.mark.parametrize("case", NAMES)
def test_a_font_without_a_name_to_embed_it_under_is_refused_at_the_line_that_names_it(fixture_project, case):
    """An empty name table made reportlab 5.1 fail in its own code ("module 'reportlab.rl_config' has no attribute
    'autoGenerateTTFMissingTTFName'"), a name with a bracket said "contains invalid character 40"."""
    change, expected = NAMES[case]
    _font_file(fixture_project / "fonts/nameless.ttf", MONO, change)
    layout = fixture_project / "layouts/pocket-dungeon/score-pad.yaml"
    edit(layout, "regular: fonts/DejaVuSansMono.ttf", "regular: fonts/nameless.ttf")
    line = next(i for i, text in enumerate(layout.read_text().splitlines(), 1) if text.startswith("fonts:"))
    result = validate()
    assert result.exit_code == 1, result.output
    assert (f"layouts/pocket-dungeon/score-pad.yaml:{line}:18: error [font] regular font 'fonts/nameless.ttf' "
            f"{expected}") in result.output, result.output


def test_a_font_without_a_postscript_name_is_embedded_under_its_full_name(fixture_project):
    font = _font_file(fixture_project / "fonts/full-name.ttf", MONO, lambda f: f["name"].removeNames(nameID=6))
    assert first_look(font.read_bytes()) is None and check_font_file(font) is None


def test_the_first_look_passes_real_fonts_with_composite_glyphs_and_without():
    """Vera and the fixture's DejaVu subsets draw their accented letters as composite glyphs; reportlab's test font
    has none (a font without one once met an empty walk of their nesting)."""
    for font in (VERA, font_dir() / "VeraBI.ttf", font_dir() / "hb-test.ttf", MONO, MONO_BOLD):
        assert first_look(font.read_bytes()) is None, font
        assert check_font_file(font) is None, font


def _tables_of(source: Path) -> dict[str, bytes]:
    """A font's tables, each as the bytes its file holds."""
    from fontTools.ttLib.sfnt import SFNTReader

    with source.open("rb") as file:
        reader = SFNTReader(file)
        return {tag: reader[tag] for tag in reader.keys()}


def _damaged(change, cut: int = 0):
    """A damage that fontTools would not write (it reads and compiles each table): `change(tables)` made to the
    fixture's mono font's tables as bytes, which are written as they are, glyf last, then the last `cut` bytes of
    the file cut off."""
    from fontTools.ttLib.sfnt import SFNTWriter

    def damage(path: Path) -> Path:
        tables = _tables_of(MONO)
        change(tables)
        with path.open("wb") as file:
            writer = SFNTWriter(file, len(tables))
            for tag in sorted(tables, key=lambda tag: tag == "glyf"):
                writer[tag] = tables[tag]
            writer.close()
        if cut:
            path.write_bytes(path.read_bytes()[:-cut])
        return path
    return damage


def _glyph_records(tables: dict[str, bytes]) -> list[bytes]:
    """Each glyph's record in glyf, where loca says it is."""
    long_offsets = struct.unpack_from(">H", tables["head"], 50)[0]
    count = struct.unpack_from(">H", tables["maxp"], 4)[0] + 1
    offsets = struct.unpack_from(f">{count}{'L' if long_offsets else 'H'}", tables["loca"])
    offsets = offsets if long_offsets else [2 * offset for offset in offsets]
    return [tables["glyf"][start:end] for start, end in zip(offsets, offsets[1:])]


def _records(change):
    """A damage: `change(records)` made to the glyph records, glyf and loca (long offsets) written anew from them."""
    def change_tables(tables):
        records = _glyph_records(tables)
        change(records)
        offsets = [0]
        for record in records:
            offsets.append(offsets[-1] + len(record))
        tables["glyf"] = b"".join(records)
        tables["loca"] = struct.pack(f">{len(offsets)}L", *offsets)
        tables["head"] = tables["head"][:50] + struct.pack(">H", 1) + tables["head"][52:]
    return _damaged(change_tables)


def _bytes(tag: str, at: int, value: bytes):
    """A damage: `value` written over table `tag`'s bytes at `at`."""
    def change(tables):
        tables[tag] = tables[tag][:at] + value + tables[tag][at + len(value):]
    return _damaged(change)


def _chain(*glyphs: int):
    """A damage: each of `glyphs`, a composite, made of the next one (its first component: flags, then glyph)."""
    def change(records):
        for glyph, part in zip(glyphs, glyphs[1:]):
            records[glyph] = records[glyph][:12] + struct.pack(">H", part) + records[glyph][14:]
    return _records(change)


def _set(glyph: int, record: bytes):
    def change(records):
        records[glyph] = record
    return _records(change)


def _loca(change):
    """A damage: `change(offsets)` made to loca's (short) offsets."""
    def change_loca(tables):
        offsets = list(struct.unpack(f">{len(tables['loca']) // 2}H", tables["loca"]))
        change(offsets)
        tables["loca"] = struct.pack(f">{len(offsets)}H", *offsets)
    return _damaged(change_loca)


def _swap(offsets):
    """loca's offsets of the 'A', which every PDF embeds (it is ASCII), swapped."""
    offsets[A], offsets[A + 1] = offsets[A + 1], offsets[A]


def _without(tag: str):
    def change(tables):
        del tables[tag]
    return _damaged(change)


def _cmap(groups):
    """A damage: a character map of one format 12 subtable (glyphs past the font's are past fontTools)."""
    return lambda path: _font_file(path, MONO, _raw_cmap(12, groups))


def _units_per_em(value: int):
    """A change: the font's em as `value` units. The mono font's glyphs after the first share one width (hmtx),
    which reportlab keeps in thousandths of an em and writes back into the PDF's subset as 16 bits."""
    def change(font):
        font["head"].unitsPerEm = value
    return change


A, AGRAVE, AACUTE = 34, 128, 129  # glyphs of the fixture's mono font: 'À' and 'Á' are an 'A' and an accent
COMPOSITES = [128, 129, 130, 131, 132, 136, 137, 138, 139, 140, 141, 142, 143, 145, 146, 147, 148]  # of simple glyphs
HEADER = b"\xff\xff" + bytes(8)  # a composite glyph's: numberOfContours -1, a bounding box
MANY = HEADER + struct.pack(">HHBB", 0x0020, A, 0, 0) * 200_000 + struct.pack(">HHBB", 0, A, 0, 0)  # 'A's, more follow
UNUSABLE = "is not a usable TrueType font ("
DAMAGED = {  # a font damaged where reportlab reads it only to embed it, after the last page is drawn
    "a composite made of a glyph past the font's": (_chain(AGRAVE, 5000), f"{UNUSABLE}its glyph {AGRAVE} is made of "
                                                    "glyph 5000, which it does not have: its glyphs are 0 to 214); "
                                                    "use an undamaged copy of the font"),
    "a composite made of itself": (_chain(AGRAVE, AGRAVE), f"{UNUSABLE}its glyph {AGRAVE} is made of itself)"),
    "composites made of each other": (_chain(AGRAVE, AACUTE, AGRAVE),
                                      f"{UNUSABLE}its glyph {AGRAVE} is made of itself, through glyph {AACUTE})"),
    "composites nested 17 deep": (_chain(*COMPOSITES), "nests composite glyphs (glyphs made of glyphs) more than 16 "
                                                       f"levels deep (its glyph {AGRAVE}), more than any font made for "
                                                       "text; use another font"),
    "200,001 components": (_set(AGRAVE, MANY), "has more than 200,000 components in its composite glyphs"),
    "a composite whose record ends inside it": (_set(AGRAVE, HEADER + struct.pack(">HH", 0x1026, A)),
                                                f"{UNUSABLE}its glyph {AGRAVE} is cut short: its record ends inside its "
                                                "component 1)"),
    "a component after the record's end": (_set(AGRAVE, HEADER + struct.pack(">HHBB", 0x1026, A, 0, 0)),
                                           f"{UNUSABLE}its glyph {AGRAVE} is cut short: its record ends inside its "
                                           "component 2)"),  # the first says more follow
    "a glyph record shorter than its header": (_set(AGRAVE, b"\xff\xff\x00\x00"), f"{UNUSABLE}its glyph {AGRAVE} is 4 "
                                                                                    "bytes, shorter than a glyph's header"),
    "loca out of order": (_loca(_swap), f"{UNUSABLE}its loca table puts the end of glyph {A} before its start)"),
    "loca past glyf": (_loca(lambda offsets: offsets.__setitem__(-1, 0xFFFF)),
                       f"{UNUSABLE}its loca table puts glyphs past the end of its glyf table (131070 bytes into it"),
    "loca too short": (_bytes("maxp", 4, struct.pack(">H", 216)), f"{UNUSABLE}its loca table has 216 glyph offsets, "
                                                                   "fewer than the 217 its 216 glyphs take)"),
    "no glyphs": (_bytes("maxp", 4, bytes(2)), f"{UNUSABLE}its maxp table says it has no glyphs"),
    "no glyf table": (_without("glyf"), f"{UNUSABLE}it has no glyf table, which every TrueType font has)"),
    "cut short inside glyf": (_damaged(lambda tables: None, cut=400), f"{UNUSABLE}it is cut short: its glyf table "
                                                                       "ends past the end of the file)"),
    "hmtx shorter than its metrics": (_bytes("hhea", 34, struct.pack(">H", 200)), f"{UNUSABLE}its hmtx table is 432 "
                                      "bytes, shorter than the 830 that the metrics of its 215 glyphs take"),
    "glyphs 77 ems wide": (lambda path: _font_file(path, MONO, _units_per_em(16)), f"{UNUSABLE}its glyphs from "
                           "glyph 1 on are 1233 units wide, more than 65 times its em of 16 units (head's unitsPerEm))"),
    "a character mapped past the font's glyphs": (_cmap([(0x20, 0x40, 3), (0x41, 0x41, 5000), (0x42, 0x7E, A + 1)]),
                                                  f"{UNUSABLE}its character map (cmap) maps U+0041 to glyph 5000, which "
                                                  "it does not have: its glyphs are 0 to 214)"),
}


@pytest.mark.parametrize("case", DAMAGED)
def test_a_font_damaged_where_reportlab_reads_it_only_to_embed_it_is_refused_at_the_line_that_names_it(
        fixture_project, case):
    """reportlab follows a font's glyph offsets (loca) into its glyph records (glyf), and composite glyphs (an 'À'
    made of an 'A' and an accent) to their parts, only when it embeds the font, after drawing every page: a number
    there past the font, or a record cut short, validated and stopped the build with an internal error (exit 3,
    IndexError in makeSubset); so did a character (of ASCII, always embedded) mapped to a glyph the font lacks.
    pnp walks the same numbers in its first look, bounded, checks the map reportlab read, and refuses the font."""
    from pnp.render.fonts import register

    damage, expected = DAMAGED[case]
    damaged = damage(fixture_project / "fonts/damaged.ttf")
    edit(fixture_project / "content/pocket-dungeon/score-pad.yaml", "intro: One pad per player.",
         "intro: One pad per player À.")  # drawn in the damaged font: reportlab embeds its glyph, and the 'A' in it
    layout = fixture_project / "layouts/pocket-dungeon/score-pad.yaml"
    edit(layout, "regular: fonts/DejaVuSansMono.ttf", "regular: fonts/damaged.ttf")
    line = next(i for i, text in enumerate(layout.read_text().splitlines(), 1) if text.startswith("fonts:"))
    result = validate()
    assert result.exit_code == 1, result.output
    assert (f"layouts/pocket-dungeon/score-pad.yaml:{line}:18: error [font] regular font 'fonts/damaged.ttf' "
            f"{expected}") in result.output, result.output
    assert "1 error(s)" in result.output, result.output
    with pytest.raises(SourceError) as refused:  # a file replaced after its layout was loaded: not handed over
        register(str(damaged))
    assert "font file damaged.ttf changed during the build and " in refused.value.diagnostics[0].message
    build = CliRunner().invoke(app, ["build", "pocket-dungeon"])
    assert build.exit_code == 1 and "[font]" in build.output and "Traceback" not in build.output, build.output
    assert not (fixture_project / "output/pocket-dungeon").exists()


# -- OpenType fonts with PostScript (CFF) outlines, converted once (pnp.text.font_cff) --------------------------------
MONO_CFF = FIXTURE / "fonts" / "DejaVuSansMono-CFF.otf"  # DejaVuSansMono.ttf's twin with CFF outlines


def test_a_cff_font_measures_as_its_truetype_twin():
    """The converted font keeps the font's own widths: what fits in the TrueType font fits in its CFF twin."""
    assert MONO_CFF.read_bytes()[:4] == b"OTTO"
    assert check_font_file(MONO_CFF) is None and check_font_file(MONO) is None
    assert _widths(str(MONO_CFF)) == _widths(str(MONO))
    text = "Darken a coin box for every coin you spend: illicit WWW!"
    for width in (40, 80, 160):
        assert fit_text(text, str(MONO_CFF), 9, 6, width, 30) == fit_text(text, str(MONO), 9, 6, width, 30)


def _pdf_fonts(pdf: Path) -> dict[str, tuple[str, str, str]]:
    """pdffonts' view of a PDF: font name (without its subset tag) -> (type, embedded, subset)."""
    import subprocess

    if not shutil.which("pdffonts"):
        pytest.skip("pdffonts (poppler-utils) is not installed")
    lines = subprocess.run(["pdffonts", str(pdf)], capture_output=True, text=True, check=True).stdout.splitlines()[2:]
    found = {}
    for line in lines:
        parts = line.split()
        name, emb, sub = parts[0], parts[-5], parts[-4]
        found[name.split("+", 1)[-1]] = (" ".join(parts[1:-6]), emb, sub)
    return found


def test_a_layout_in_a_cff_font_validates_builds_embeds_it_as_truetype_and_builds_alike(fixture_project):
    from helpers import digest

    pad = fixture_project / "layouts/pocket-dungeon/score-pad.yaml"
    edit(pad, "regular: fonts/DejaVuSansMono.ttf", "regular: fonts/DejaVuSansMono-CFF.otf")
    assert validate().exit_code == 0, validate().output
    result = CliRunner().invoke(app, ["build", "pocket-dungeon"])
    assert result.exit_code == 0, result.output
    out = fixture_project / "output/pocket-dungeon"
    fonts = _pdf_fonts(out / "sheets/score-pad-a4.pdf")
    assert fonts["DejaVuSansMono-CFF"] == ("TrueType", "yes", "yes"), fonts  # embedded, a TrueType subset
    first = digest(out)
    shutil.rmtree(fixture_project / "output")
    result = CliRunner().invoke(app, ["build", "pocket-dungeon"])
    assert result.exit_code == 0, result.output
    assert digest(out) == first


def test_a_cff_conversion_is_kept_and_a_changed_one_is_not_read(tmp_path, monkeypatch):
    from pnp.text import font_cff

    data, cache = MONO_CFF.read_bytes(), tmp_path / ".pnp"
    cache.mkdir()
    monkeypatch.setattr(font_cff, "_memo", {})
    converted = font_cff.truetype_of(data, cache)
    assert isinstance(converted, bytes) and converted[:4] == b"\x00\x01\x00\x00"
    (kept,) = (cache / "fonts").iterdir()
    assert kept.name == font_cff.cache_file_name(__import__("hashlib").sha256(data).hexdigest())
    conversions = []
    real = font_cff._convert
    monkeypatch.setattr(font_cff, "_convert", lambda d: conversions.append(1) or real(d))
    monkeypatch.setattr(font_cff, "_memo", {})
    assert font_cff.truetype_of(data, cache) == converted and conversions == []  # read back, not converted again
    tampered = bytearray(kept.read_bytes())
    tampered[-100] ^= 0xFF  # one byte of the converted font changed
    kept.write_bytes(bytes(tampered))
    monkeypatch.setattr(font_cff, "_memo", {})
    assert font_cff.truetype_of(data, cache) == converted and conversions == [1]  # ignored: converted again
    assert kept.read_bytes()[font_cff.DIGEST:] == converted  # and kept anew


def _cff_variant(program: list, subrs: list | None = None, glyphs: int | None = None) -> bytes:
    """The CFF twin with glyph 'A' drawn by `program` (a Type 2 charstring's tokens), local subroutines `subrs`, or
    maxp saying it has `glyphs` glyphs."""
    import io

    from fontTools.cffLib import SubrsIndex
    from fontTools.misc.psCharStrings import T2CharString
    from fontTools.ttLib import TTFont

    font = TTFont(str(MONO_CFF), recalcBBoxes=False)  # fontTools would run the glyphs to find their bounds
    top = font["CFF "].cff.topDictIndex[0]
    if subrs is not None:
        index = SubrsIndex()
        for subr in subrs:
            index.append(T2CharString(program=subr, private=top.Private, globalSubrs=font["CFF "].cff.GlobalSubrs))
        top.Private.Subrs = index
    charstrings = top.CharStrings
    glyph = charstrings["A"]
    glyph.program, glyph.bytecode = program, None
    out = io.BytesIO()
    font.save(out)
    data = out.getvalue()
    if glyphs is not None:
        at = next(offset for tag, offset in _directory(data) if tag == b"maxp")
        data = data[:at + 4] + struct.pack(">H", glyphs) + data[at + 6:]
    return data


def _directory(data: bytes):
    (count,) = struct.unpack_from(">H", data, 4)
    return [struct.unpack_from(">4s4xL", data, 12 + 16 * i) for i in range(count)]


BIAS = 107  # a CFF font with fewer than 1,240 local subroutines calls subroutine i as i - 107
HOSTILE_CFF = {
    "deep": (lambda: _cff_variant([0 - BIAS, "callsubr", "endchar"], [[0 - BIAS, "callsubr", "return"]]),
             "nests the subroutines of its glyph programs (charstrings) more than 10 deep"),
    "exponential": (lambda: _cff_variant([0 - BIAS, "callsubr", "endchar"],
                                         [[i + 1 - BIAS, "callsubr"] * 8 + ["return"] for i in range(9)]
                                         + [[0, 0, "rmoveto"] * 20 + ["return"]]),
                    "runs more than 65,536 bytes of glyph programs"),  # the test's budget (below)
    "stack": (lambda: _cff_variant(list(range(600)) + ["endchar"]), "stacks more than 513 numbers"),
    "glyphs": (lambda: _cff_variant(["endchar"], glyphs=60_000), "has 60,000 glyphs, more than the 10,000"),
    "cut": (lambda: MONO_CFF.read_bytes()[:2000], "is not a usable OpenType font (it is cut short"),
}


@pytest.mark.parametrize("case", sorted(HOSTILE_CFF))
def test_a_hostile_cff_font_is_refused_at_the_line_that_names_it(fixture_project, case, monkeypatch):
    from pnp.text import font_cff

    monkeypatch.setattr(font_cff, "MAX_CFF_WORK", 1 << 16)  # the real budget's work in a thirty-second of its time
    make, expected = HOSTILE_CFF[case]
    (fixture_project / "fonts/hostile.otf").write_bytes(make())
    pad = fixture_project / "layouts/pocket-dungeon/score-pad.yaml"
    edit(pad, "bold: fonts/DejaVuSansMono-Bold.ttf", "bold: fonts/hostile.otf")
    line = next(i for i, text in enumerate(pad.read_text().splitlines(), 1) if text.startswith("fonts:"))
    result = validate()
    assert result.exit_code == 1, result.output
    assert f"layouts/pocket-dungeon/score-pad.yaml:{line}:" in result.output
    assert f"error [font] bold font 'fonts/hostile.otf' {expected}" in result.output, result.output
