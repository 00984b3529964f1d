"""`--draft`: a missing image (card art, an icon) is a warning and prints as a labelled placeholder, so a designer
can print before the art exists; without --draft the same content is refused as before."""
import pypdfium2
from pypdf import PdfReader
from typer.testing import CliRunner

from pnp.cli import app
from pnp.render.backend import PLACEHOLDER_FILL, RecordingBackend, draw_placeholder

runner = CliRunner()
GAME = "pocket-dungeon"
ART = "content/pocket-dungeon/art"
CRYPT_WARNING = ("content/pocket-dungeon/decks/rooms.yaml:12:10: warning [missing-image] image 'art/crypt.png' not found "
                 "(looked for content/pocket-dungeon/art/crypt.png); put the file there or fix the name (--draft: printed "
                 "as a placeholder)")
COIN_WARNING = ("content/pocket-dungeon/game.yaml:43:17: warning [missing-image] image 'art/coin.png' not found")


def _without_art(project):
    (project / ART / "crypt.png").unlink()
    (project / ART / "coin.png").unlink()


def test_a_normal_validate_and_build_refuse_a_missing_image(fixture_project):
    _without_art(fixture_project)
    for command in (["validate", GAME], ["build", GAME]):
        result = runner.invoke(app, command)
        assert result.exit_code == 1, result.output
        assert CRYPT_WARNING.replace("warning", "error").removesuffix(" (--draft: printed as a placeholder)") in result.output
    assert not (fixture_project / "output").exists()


def test_a_draft_validate_warns_and_passes(fixture_project):
    _without_art(fixture_project)
    result = runner.invoke(app, ["validate", GAME, "--draft"])
    assert result.exit_code == 0, result.output
    assert CRYPT_WARNING in result.output and COIN_WARNING in result.output
    assert "0 error(s), 2 warning(s)" in result.output


def test_a_draft_never_excuses_a_broken_image(fixture_project):
    (fixture_project / ART / "crypt.png").write_text("not really a png")
    result = runner.invoke(app, ["validate", GAME, "--draft"])
    assert result.exit_code == 1 and "error [bad-image] 'art/crypt.png'" in result.output


def test_a_draft_build_prints_a_grey_placeholder_named_after_the_file(fixture_project):
    _without_art(fixture_project)
    result = runner.invoke(app, ["build", GAME, "--draft"])
    assert result.exit_code == 0, result.output
    rooms = fixture_project / "output" / GAME / "home-a4/rooms.pdf"
    front, back = (page.extract_text() for page in PdfReader(rooms).pages[:2])
    assert front.count("crypt.png") == 2  # one placeholder for each copy of the Crypt
    assert "coin.png" in back  # the {coin} icon in Map Fragment's text
    page = pypdfium2.PdfDocument(rooms)[0].render(scale=60 / 72).to_pil().convert("RGB")
    grey = tuple(int(PLACEHOLDER_FILL[i:i + 2], 16) for i in (1, 3, 5))
    assert dict((colour, n) for n, colour in page.getcolors(1 << 24)).get(grey, 0) > 500  # the box itself, not only its label
    html = (fixture_project / "output" / GAME / "rules/rules.html").read_text()
    assert "coin.png" in html and "data:image/png" not in html


def test_rules_pdf_takes_draft_too(fixture_project):
    _without_art(fixture_project)
    assert runner.invoke(app, ["rules", GAME, "--format", "pdf", "--out", "rules.pdf"]).exit_code == 1
    result = runner.invoke(app, ["rules", GAME, "--format", "pdf", "--out", "rules.pdf", "--draft"])
    assert result.exit_code == 0, result.output
    assert "crypt.png" in "".join(page.extract_text() for page in PdfReader(fixture_project / "rules.pdf").pages)


def test_the_placeholder_is_clipped_to_the_image_box_and_crossed():
    backend = RecordingBackend()
    draw_placeholder(backend, "art/some folder/hero.png", 10, 20, 30, 40)
    names = [call[0] for call in backend.calls]
    assert names[:2] == ["save", "clip_rect"] and names[-1] == "restore"
    assert backend.calls[1][1] == (10, 20, 30, 40)
    lines = [call[1][:4] for call in backend.calls if call[0] == "line"]
    assert lines == [(10, 20, 40, 60), (10, 60, 40, 20)]
    assert backend.texts() == ["hero.png"]
