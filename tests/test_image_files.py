"""Card art from image files, on the fixture game (its Crypt shows art/crypt.png in a 30 mm box):
found and readable, warned below 300 DPI, embedded once, CMYK for the press."""
import re

from PIL import Image
from pypdf import PdfReader
from typer.testing import CliRunner

from pnp.cli import app

ART = "content/pocket-dungeon/art/crypt.png"


def _replace_art(project, pixels: int) -> None:
    Image.new("RGB", (pixels, pixels), "#7a3fa0").save(project / ART)


def test_a_small_image_gets_a_resolution_warning_naming_the_pixels_it_needs(fixture_project):
    _replace_art(fixture_project, 120)
    result = CliRunner().invoke(app, ["validate", "pocket-dungeon"])
    assert result.exit_code == 0  # a warning, not an error: the card still builds
    assert re.search(r"rooms\.yaml:\d+:10: warning \[low-resolution\] 'art/crypt.png' \(120 x 120 px\) prints at 102 DPI "
                     r"in box 'art'; print shops want 300: use an image at least 354 x 354 px", result.output), result.output


def test_a_sharp_image_is_embedded_once_and_in_cmyk_for_the_press(fixture_project):
    result = CliRunner().invoke(app, ["build", "pocket-dungeon"])
    assert result.exit_code == 0 and "warning" not in result.output, result.output

    def images(path):
        found = []
        for page in PdfReader(path).pages:
            for form in (page["/Resources"].get("/XObject") or {}).values():
                for xobject in (form.get_object()["/Resources"].get("/XObject") or {}).values():
                    xobject = xobject.get_object()
                    if xobject["/Subtype"] == "/Image":
                        found.append((xobject.indirect_reference.idnum, xobject["/ColorSpace"]))
        return set(found)

    home = images(fixture_project / "output/pocket-dungeon/home-a4/rooms.pdf")
    press = images(fixture_project / "output/pocket-dungeon/print-on-demand/rooms-drivethrucards.pdf")
    # two Crypts, one image; the coin icon in Map Fragment's text, one more; six treasures on one parchment, one more
    assert len(home) == 3 and {space for _, space in home} == {"/DeviceRGB"}
    assert len(press) == 3 and {space for _, space in press} == {"/DeviceCMYK"}


def test_a_file_that_is_not_an_image_is_an_error(fixture_project):
    (fixture_project / ART).write_text("not really a png")
    result = CliRunner().invoke(app, ["validate", "pocket-dungeon"])
    assert result.exit_code == 1 and "error [bad-image] 'art/crypt.png' is not a PNG or JPEG image" in result.output


def test_a_missing_image_is_an_error_at_the_cards_art_line(fixture_project):
    (fixture_project / ART).unlink()
    result = CliRunner().invoke(app, ["validate", "pocket-dungeon"])
    assert result.exit_code == 1
    assert re.search(r"decks/rooms\.yaml:\d+:10: error \[missing-image\] image 'art/crypt.png' not found", result.output)
