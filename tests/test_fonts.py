"""A project's own fonts: declared per layout, checked, measured with their own widths, embedded in the PDFs.

The fixture's score pad is set in DejaVu Sans Mono (tests/data/fixture/fonts/, subset to Latin-1).
"""
import re
import shutil
from pathlib import Path

import pytest
from helpers import FIXTURE
from pypdf import PdfReader
from typer.testing import CliRunner

from pnp.cli import app
from pnp.text.fit import fit_text
from pnp.text.font_files import check_font_file
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
        "notes.ttf": "is not a TrueType font (.ttf, or .otf with TrueType outlines)",
        "cut.ttf": "is not a usable TrueType font (",
        "serif.otf": "is an OpenType font with PostScript (CFF) outlines, which PDFs built by pnp cannot embed",
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
