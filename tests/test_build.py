"""End-to-end builds of the fixture game: every output a game gets, PDFs a print shop accepts, and
nothing lost on failure. (test_games.py checks, for every game, byte-identical rebuilds and fonts.)"""
import re

import pytest
from helpers import FIXTURE_GAME, digest, fixture_root
from pypdf import PdfReader
from typer.testing import CliRunner

from pnp.cli import app

GAME = FIXTURE_GAME


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    from pnp.build.game import BuildTarget, build

    out = tmp_path_factory.mktemp("out")
    result, report = build(BuildTarget(fixture_root(), GAME, out))
    assert result is not None, report.to_text()
    return out / GAME, result


def test_build_writes_every_output(built):
    folder, result = built
    expected = {"home-a4/heroes.pdf", "home-a4/rooms.pdf", "home-a4/calibration.pdf", "home-letter/rooms.pdf",
                "fold-a4/rooms.pdf", "fold-letter/heroes.pdf", "print-on-demand/rooms-drivethrucards.pdf",
                "rules/rulebook-a4.pdf", "rules/rulebook-letter.pdf", "rules/rules.md", "rules/rules.html", "rules/rules.json",
                "sheets/score-pad-a4.pdf", "sheets/score-pad-letter-fillable.pdf", "sheets/playmat-full-size.pdf",
                "sheets/playmat-a4-tiled.pdf", "sheets/playmat-letter-tiled.pdf"}
    assert expected <= set(result.files)
    assert not any("playmat" in f and "fillable" in f for f in result.files)  # only scoresheets get a form
    for name in expected:
        assert (folder / name).stat().st_size > 0, name


def test_home_print_pages_pair_fronts_and_backs(built):
    folder, _ = built
    reader = PdfReader(folder / "home-a4/rooms.pdf")
    assert len(reader.pages) == 2  # 8 cards, 9 per sheet: one front page, one back page
    assert reader.pages[0].mediabox.width == pytest.approx(595.28, abs=0.01)
    assert str(reader.trailer["/Root"]["/ViewerPreferences"]["/PrintScaling"]) == "/None"
    letter = PdfReader(folder / "home-letter/rooms.pdf")
    assert (letter.pages[0].mediabox.width, letter.pages[0].mediabox.height) == (612, 792)
    assert "Silver Crown" in letter.pages[1].extract_text()  # the back page holds the rooms' own backs


def test_print_on_demand_boxes(built):
    folder, _ = built
    reader = PdfReader(folder / "print-on-demand/rooms-drivethrucards.pdf")
    assert len(reader.pages) == 16
    page = reader.pages[0]
    assert [float(v) for v in page.trimbox] == pytest.approx([9, 9, 189, 261])
    assert [float(v) for v in page.bleedbox] == pytest.approx([0, 0, 198, 270])
    assert "Silver Crown" in page.extract_text() and "Crypt" in reader.pages[1].extract_text()  # back, then front


def _color_operators(reader: PdfReader) -> set[bytes]:
    """The colour-setting operators of the first pages and the forms they draw."""
    found = set()
    for page in reader.pages[:4]:
        streams = [page.get_contents().get_data()]
        streams += [x.get_object().get_data() for x in (page["/Resources"].get("/XObject") or {}).values()]
        for data in streams:
            found |= set(re.findall(rb"\s(rg|RG|k|K|g|G|sc|SC|scn|SCN)\s", data))
    return found


def test_drivethrucards_file_is_all_cmyk_and_other_vendors_keep_rgb(built, tmp_path, fx):
    from pnp.render.outputs import pod_deck_pdf

    folder, _ = built
    assert _color_operators(PdfReader(folder / "print-on-demand/heroes-drivethrucards.pdf")) == {b"k", b"K"}
    pod_deck_pdf(fx, "heroes", "front-then-back", None, tmp_path / "rgb.pdf")
    assert {b"rg", b"RG"} <= _color_operators(PdfReader(tmp_path / "rgb.pdf"))


def test_rulebook_has_contents_bookmarks_the_showcase_and_both_sides_of_each_card(built):
    folder, _ = built
    reader = PdfReader(folder / "rules/rulebook-a4.pdf")
    titles = [item.title for item in reader.outline if not isinstance(item, list)]
    assert {"Glossary", "Card reference", "3 Clarifications"} <= set(titles)
    assert "Contents" in reader.pages[1].extract_text()
    cover = reader.pages[0].extract_text()
    assert "Ranger" in cover and "Crypt" in cover  # showcase: two cards and the playmat, too big to read on the cover:
    assert "POCKET DUNGEON" not in cover  # it is left to its own pages
    assert "heroes and plain rooms" in cover  # the difficulty legend, from game.yaml
    reference = " ".join(page.extract_text() for page in reader.pages[3:])
    assert "Silver Crown (back)" in reference


def test_a_showcased_sheet_too_big_to_read_on_the_cover_is_left_to_its_own_pages(fx):
    """A sheet whose words would print under 6 pt on the cover is not pictured there: without its words it reads as
    empty boxes (issue 35); its own pages picture it."""
    from pnp.render.fonts import register_all
    from pnp.render.rulebook import Picture, _title_page, book_styles
    from pnp.rules.tree import build_reference

    register_all()  # as a rulebook build does first: the styles name the bundled fonts
    flow = _title_page(fx, build_reference(fx.game), book_styles(), 170 * 72 / 25.4, 250 * 72 / 25.4)
    assert not [f for f in flow if isinstance(f, Picture)]


def test_difficulty_build_goes_to_its_own_folder(fixture_project):
    result = CliRunner().invoke(app, ["build", GAME, "--difficulty", "green"])
    assert result.exit_code == 0, result.output
    green = fixture_project / f"output/{GAME}-green"
    assert len(PdfReader(green / "print-on-demand/rooms-drivethrucards.pdf").pages) == 2 * 6  # no Pit Traps
    rules = (green / "rules/rules.md").read_text()
    assert 'id="rule-exploring"' in rules and 'id="rule-traps"' not in rules and "Pit Trap" not in rules


@pytest.mark.parametrize("case", ["unknown-key", "malformed-yaml", "missing-deck-file", "broken-link", "text-height",
                                  "unknown-art", "no-back", "region-too-small"])
def test_failed_build_leaves_output_untouched(fixture_project, built, case):
    import shutil

    from cases import apply_case, case_named, parse_case

    runner = CliRunner()
    shutil.copytree(built[0].parent, fixture_project / "output")  # an earlier good build: the module's, as it wrote it
    before = digest(fixture_project / "output")
    assert before
    apply_case(parse_case(case_named(case, GAME)), fixture_project)
    result = runner.invoke(app, ["build", GAME])
    assert result.exit_code == 1
    assert " error [" in result.output and "not built; output/ left as it was" in result.output
    assert "Traceback" not in result.output
    assert digest(fixture_project / "output") == before
    assert not list((fixture_project / "output").rglob(".staging-*"))


def test_calibration_page_speaks_to_whoever_prints(built):
    """The calibration page travels with the print files, often to a player: a printer's title, what to measure
    and what the measurement is called, and never the tool's name or one of its files."""
    folder, _ = built
    reader = PdfReader(folder / "home-a4/calibration.pdf")
    front, back = (page.extract_text() for page in reader.pages)
    assert "Print calibration (A4, front side)" in front
    assert "Print calibration (A4, back side)" in back
    for fact in ("25.4 mm (1 in) square", "50 mm ruler", "100%", "cross", "back offset (dx, dy)", "A4 paper",
                 "shift the back side in their settings", "\u201cfit to page\u201d", "one-sided, and glue them"):
        assert fact in front, fact
    for text in (front, back, str(reader.metadata.title)):
        assert "pnp" not in text.lower()
        assert ".yaml" not in text and "layouts/" not in text
    letter = PdfReader(folder / "home-letter/calibration.pdf")
    assert "Print calibration (Letter, front side)" in letter.pages[0].extract_text()
