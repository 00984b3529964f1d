"""The rulebook in the project's fonts (pnp.layout.rulebook): layouts/<game>/rulebook.yaml names them, else the card
layout's are taken; rules.yaml's and game.yaml's glyphs are checked against the fonts the rulebook prints them in,
and what sheets and cards draw from elsewhere (the game's title) against the fonts they draw it in.

The project font is DejaVu Sans subset to Latin-1, Latin Extended-A and Greek (tests/data/rulebook-fonts/).
"""
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from helpers import DATA, FIXTURE_GAME, assemble_fixture
from pypdf import PdfReader

from pnp.build.game import BuildTarget, build
from pnp.checks.validate import validate

FONTS = DATA / "rulebook-fonts"
GAME = FIXTURE_GAME
POLISH_TITLE = "Przygotowanie: żółw i łódź, Ελληνικά"  # a rules section's title: Polish and Greek
GAME_TITLE = "Loch żółwia Ωμέγα"
DEJAVU = "{regular: fonts/DejaVuSans.ttf, bold: fonts/DejaVuSans-Bold.ttf}"
RULEBOOK = f"fonts: {DEJAVU}\n"


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


@pytest.fixture
def project(tmp_path) -> Path:
    """The fixture game, its first rules section titled in Polish and Greek, DejaVu Sans in its fonts/."""
    root = assemble_fixture(tmp_path / "project")
    for font in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf"):
        shutil.copy(FONTS / font, root / "fonts" / font)
    edit(rules_file(root), "    title: Setting up", f'    title: "{POLISH_TITLE}"')
    return root


def rules_file(root: Path) -> Path:
    return root / "content" / GAME / "rules.yaml"


def layouts(root: Path) -> Path:
    return root / "layouts" / GAME


def line_of(path: Path, text: str) -> int:
    return next(n for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if text in line)


def errors(root: Path) -> list:
    project, report = validate(root, GAME)
    return report.errors


def in_dejavu(root: Path) -> None:
    """The game titled in Polish and Greek, its cards, score pad and playmat set in DejaVu Sans (they print the title)."""
    for name in ("game.yaml", "rules.yaml"):
        edit(root / "content" / GAME / name, "title: Pocket Dungeon", f'title: "{GAME_TITLE}"')
    edit(layouts(root) / "cards.yaml", "fonts: {regular: Vera, bold: VeraBd,",
         "fonts: {regular: fonts/DejaVuSans.ttf, bold: fonts/DejaVuSans-Bold.ttf,")
    edit(layouts(root) / "score-pad.yaml", "fonts: {regular: fonts/DejaVuSansMono.ttf, bold: fonts/DejaVuSansMono-Bold.ttf}",
         f"fonts: {DEJAVU}")
    edit(layouts(root) / "playmat.yaml", "colors:", f"fonts: {DEJAVU}\ncolors:")


def rulebook(root: Path, tmp_path: Path) -> Path:
    from pnp.render.rulebook import rulebook_pdf

    project, report = validate(root, GAME)
    assert project is not None, report.to_text()
    path = tmp_path / "rulebook.pdf"
    rulebook_pdf(project, None, "a4", path)
    return path


def pdf_fonts(pdf: Path) -> set[str]:
    """The fonts a PDF embeds, by name without the subset tag (pdffonts) and without the digest pnp gives a face
    whose PostScript name another font took first in this process (pnp.render.fonts._face_of_its_own: the tests
    register another DejaVu Sans, a subset, before these run on the same worker)."""
    if not shutil.which("pdffonts"):
        pytest.skip("pdffonts (poppler-utils) is not installed")
    lines = subprocess.run(["pdffonts", str(pdf)], capture_output=True, text=True, check=True).stdout.splitlines()[2:]
    names = {line.split()[0].split("+", 1)[-1] for line in lines if line.split()[-5] == "yes"}
    return {re.sub(r"-[0-9a-f]{8}$", "", name) for name in names}


def text_of(pdf: Path) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(pdf).pages)


def test_a_rules_title_in_polish_is_a_missing_glyph_at_its_line_in_the_bundled_fonts(project):
    found = [d for d in errors(project) if d.code == "missing-glyph"]
    assert [(Path(d.path).name, d.line) for d in found] == [("rules.yaml", line_of(rules_file(project), "Przygotowanie"))]
    assert "VeraBd" in found[0].message and "'ż' (U+017C)" in found[0].message  # a heading: the bold font


def test_rulebook_yaml_sets_the_rules_in_the_project_font(project, tmp_path):
    (layouts(project) / "rulebook.yaml").write_text(RULEBOOK)
    assert errors(project) == []
    pdf = rulebook(project, tmp_path)
    assert {"DejaVuSans", "DejaVuSans-Bold"} <= pdf_fonts(pdf)
    assert POLISH_TITLE in text_of(pdf)


def test_the_rulebook_takes_the_card_layouts_fonts_when_it_names_none(project, tmp_path):
    in_dejavu(project)
    assert errors(project) == []
    pdf = rulebook(project, tmp_path)
    text = text_of(pdf)
    assert GAME_TITLE in text and POLISH_TITLE in text and f"{GAME_TITLE} rulebook · page 2" in text  # the footer too
    assert "page 1" not in PdfReader(pdf).pages[0].extract_text()  # the cover carries no folio
    fonts = pdf_fonts(pdf)
    assert {"DejaVuSans", "DejaVuSans-Bold"} <= fonts
    assert "BitstreamVeraSans-Bold" not in fonts  # headings, cover, rule numbers: all in the project's bold


def test_a_rulebook_font_lacking_a_character_is_reported_at_the_rules_line_naming_it(project):
    in_dejavu(project)
    (layouts(project) / "rulebook.yaml").write_text("fonts: {heading: VeraBd}\n")  # headings in Vera, the rest DejaVu
    found = errors(project)
    game_file = project / "content" / GAME / "game.yaml"
    assert [(Path(d.path).name, d.line, d.code) for d in found] == [
        ("game.yaml", line_of(game_file, "title:"), "missing-glyph"),  # the cover's title
        ("rules.yaml", line_of(rules_file(project), "title:"), "missing-glyph"),
        ("rules.yaml", line_of(rules_file(project), "Przygotowanie"), "missing-glyph")]
    assert all(d.message.startswith("font VeraBd has no glyph for 'ż' (U+017C)") for d in found)


def test_rulebook_yaml_problems_are_reported_at_their_lines(project):
    (layouts(project) / "rulebook.yaml").write_text("fonts:\n  regular: fonts/Missing.ttf\n  headline: VeraBd\n")
    found = {(d.line, d.code) for d in errors(project) if Path(d.path).name == "rulebook.yaml"}
    assert found == {(2, "font"), (3, "unknown-font")}
    message = next(d.message for d in errors(project) if d.code == "unknown-font")
    assert "did you mean 'heading'?" in message
    (layouts(project) / "rulebook.yaml").write_text("- not a mapping\n")
    assert [Path(d.path).name for d in errors(project)] == ["rulebook.yaml"]


def test_a_sheet_may_not_take_the_rulebooks_layout_file(project):
    edit(project / "content" / GAME / "game.yaml", "  - id: score-pad", "  - id: rulebook")
    (layouts(project) / "score-pad.yaml").rename(layouts(project) / "rulebook.yaml")
    assert "reserved-id" in {d.code for d in errors(project)}


def test_a_sheet_printing_the_games_title_in_a_font_without_its_letters_is_a_missing_glyph(project):
    in_dejavu(project)
    edit(layouts(project) / "score-pad.yaml", f"fonts: {DEJAVU}",  # DejaVu Sans Mono, Latin-1 only
         "fonts: {regular: fonts/DejaVuSansMono.ttf, bold: fonts/DejaVuSansMono-Bold.ttf}")
    found = [d for d in errors(project) if d.code == "missing-glyph"]
    assert [(Path(d.path).name, d.line) for d in found] == [
        ("score-pad.yaml", line_of(layouts(project) / "score-pad.yaml", "title:"))]
    assert "region 'title' prints 'LOCH ŻÓŁWIA ΩΜΈΓΑ'" in found[0].message


def test_a_tiled_sheets_labels_are_set_in_its_layouts_font(project, tmp_path):
    edit(layouts(project) / "playmat.yaml", "colors:", "fonts: {regular: fonts/DejaVuSans.ttf, bold: fonts/DejaVuSans-Bold.ttf, "
         "italic: fonts/DejaVuSans.ttf, bolditalic: fonts/DejaVuSans-Bold.ttf}\ncolors:")  # no Vera left to print in
    (layouts(project) / "rulebook.yaml").write_text(RULEBOOK)
    from pnp.render.outputs import tiled_pdf

    validated, report = validate(project, GAME)
    assert validated is not None, report.to_text()
    pdf = tmp_path / "playmat-tiled.pdf"
    tiled_pdf(validated, "playmat", "a4", pdf)
    assert "playmat: assembly" in text_of(pdf).lower()
    assert not any(font.startswith("BitstreamVera") for font in pdf_fonts(pdf))


def test_a_rulebook_font_or_rulebook_yaml_changed_draws_the_rules_again_and_nothing_else(project):
    (layouts(project) / "rulebook.yaml").write_text(RULEBOOK)
    first, report = build(BuildTarget(project, GAME, project / "output"))
    assert first is not None, report.to_text()
    rules = {f for f in first.files if f.startswith("rules/")}
    shutil.copy(FONTS / "DejaVuSans-Bold.ttf", project / "fonts" / "DejaVuSans.ttf")  # the rulebook's font changed
    again, report = build(BuildTarget(project, GAME, project / "output"))
    assert again is not None, report.to_text()
    assert set(again.rendered) == rules
    (layouts(project) / "rulebook.yaml").write_text("fonts: {regular: fonts/DejaVuSans-Bold.ttf, bold: fonts/DejaVuSans.ttf}\n")
    third, report = build(BuildTarget(project, GAME, project / "output"))
    assert third is not None, report.to_text()
    assert set(third.rendered) == rules
