"""End-to-end builds: PDFs a print shop accepts, byte-identical twice, and nothing lost on failure."""
import hashlib
from pathlib import Path

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from pnp.cli import app

ROOT = Path(__file__).resolve().parents[1]


def digest(folder: Path) -> dict[str, str]:
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    from pnp.build import build

    out = tmp_path_factory.mktemp("out")
    result, report = build(ROOT, "escape-master", out)
    assert result is not None, report.to_text()
    return out / "escape-master", result


def fonts_of(reader: PdfReader) -> list[dict]:
    found = []
    for page in reader.pages[:3]:
        resources = page.get("/Resources") or {}
        stack = [resources]
        while stack:
            res = stack.pop()
            for font in (res.get("/Font") or {}).values():
                found.append(font.get_object())
            for xobject in (res.get("/XObject") or {}).values():
                xobject = xobject.get_object()
                if "/Resources" in xobject:
                    stack.append(xobject["/Resources"])
    return found


def test_build_writes_every_output(built):
    folder, result = built
    for name in ("home-a4/game.pdf", "home-letter/game.pdf", "home-a4/calibration.pdf", "home-letter/story.pdf",
                 "print-on-demand/game-drivethrucards.pdf", "rules/rulebook-a4.pdf", "rules/rulebook-letter.pdf",
                 "rules/rules.md", "rules/rules.html", "rules/rules.json"):
        assert (folder / name).stat().st_size > 0, name


def test_home_print_pages_pair_fronts_and_backs(built):
    folder, _ = built
    reader = PdfReader(folder / "home-a4/game.pdf")
    assert len(reader.pages) == 2 * 12  # 106 cards, 9 per sheet
    assert reader.pages[0].mediabox.width == pytest.approx(595.28, abs=0.01)
    assert str(reader.trailer["/Root"]["/ViewerPreferences"]["/PrintScaling"]) == "/None"
    letter = PdfReader(folder / "home-letter/game.pdf")
    assert (letter.pages[0].mediabox.width, letter.pages[0].mediabox.height) == (612, 792)


def test_print_on_demand_boxes(built):
    folder, _ = built
    reader = PdfReader(folder / "print-on-demand/game-drivethrucards.pdf")
    assert len(reader.pages) == 212
    page = reader.pages[0]
    assert [float(v) for v in page.trimbox] == pytest.approx([9, 9, 189, 261])
    assert [float(v) for v in page.bleedbox] == pytest.approx([0, 0, 198, 270])


def _color_operators(reader: PdfReader) -> set[bytes]:
    """The colour-setting operators of the first pages and the forms they draw."""
    import re

    found = set()
    for page in reader.pages[:4]:
        streams = [page.get_contents().get_data()]
        streams += [x.get_object().get_data() for x in (page["/Resources"].get("/XObject") or {}).values()]
        for data in streams:
            found |= set(re.findall(rb"\s(rg|RG|k|K|g|G|sc|SC|scn|SCN)\s", data))
    return found


def test_drivethrucards_file_is_all_cmyk_and_other_vendors_keep_rgb(built, tmp_path, em_project):
    from pnp.render.outputs import pod_deck_pdf

    folder, _ = built
    assert _color_operators(PdfReader(folder / "print-on-demand/game-drivethrucards.pdf")) == {b"k", b"K"}
    pod_deck_pdf(em_project, "game", "front-then-back", None, tmp_path / "rgb.pdf")
    assert {b"rg", b"RG"} <= _color_operators(PdfReader(tmp_path / "rgb.pdf"))


def test_every_font_is_embedded(built):
    folder, _ = built
    for pdf in sorted(folder.rglob("*.pdf")):
        fonts = fonts_of(PdfReader(pdf))
        assert fonts, pdf
        for font in fonts:
            descriptor = font.get("/FontDescriptor") or font["/DescendantFonts"][0].get_object()["/FontDescriptor"]
            assert "/FontFile2" in descriptor.get_object(), f"{pdf}: {font['/BaseFont']} not embedded"


def test_card_text_is_real_text(built):
    folder, _ = built
    text = PdfReader(folder / "print-on-demand/character-drivethrucards.pdf").pages[1].extract_text()
    assert "Ability" not in text and any(name in text for name in ("Hattie", "Captain", "Bram", "Pip", "Unit", "Sable"))


def test_rulebook_has_contents_and_bookmarks(built):
    folder, _ = built
    reader = PdfReader(folder / "rules/rulebook-a4.pdf")
    titles = [item.title for item in reader.outline if not isinstance(item, list)]
    assert "Glossary" in titles and "Card reference" in titles and any("Clarifications" in t for t in titles)
    assert "Contents" in reader.pages[1].extract_text()


def test_two_builds_are_byte_identical(built, tmp_path):
    from pnp.build import build

    folder, _ = built
    build(ROOT, "escape-master", tmp_path)
    assert digest(tmp_path / "escape-master") == digest(folder)


@pytest.mark.parametrize("case", ["malformed-yaml", "wrong-type", "unknown-key", "missing-deck-file", "broken-link",
                                  "text-height", "unknown-art"])
def test_failed_build_leaves_output_untouched(project, case):
    from cases import apply_case, case_named, parse_case

    runner = CliRunner()
    assert runner.invoke(app, ["build", "escape-master"]).exit_code == 0
    before = digest(project / "output")
    broken = parse_case(case_named(case))
    apply_case(broken, project)
    result = runner.invoke(app, ["build", "escape-master"])
    assert result.exit_code == 1
    assert " error [" in result.output and "not built; output/ left as it was" in result.output
    assert "Traceback" not in result.output
    assert digest(project / "output") == before
    assert not list((project / "output").rglob(".staging-*"))


def test_difficulty_build_goes_to_its_own_folder(project):
    result = CliRunner().invoke(app, ["build", "escape-master", "--difficulty", "green"])
    assert result.exit_code == 0, result.output
    green = project / "output/escape-master/green"
    assert len(PdfReader(green / "home-a4/game.pdf").pages) == 2 * 10  # 86 green cards
    assert not (green / "home-a4/character.pdf").exists()  # every leader is red
    rules = (green / "rules/rules.md").read_text()
    assert 'id="rule-goal"' in rules and 'id="rule-doom-ranks"' not in rules and 'id="rule-wild"' not in rules
