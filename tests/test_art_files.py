"""Card art from image files: found and readable, warned below 300 DPI, embedded once, CMYK for the press."""
import re

from PIL import Image
from pypdf import PdfReader
from typer.testing import CliRunner

from pnp.cli import app


def _use_image(project, pixels: int, name: str = "cellar.png") -> None:
    """The first Story card (Hidden Cellar, a 25 mm emblem box: 295 px at 300 DPI) shows an image file instead of its emblem."""
    art = project / "content/escape-master/art"
    art.mkdir(exist_ok=True)
    Image.new("RGB", (pixels, pixels), "#7a3fa0").save(art / name)
    story = project / "content/escape-master/decks/story.yaml"
    story.write_text(story.read_text().replace("art: door", f"art: art/{name}", 1))


def test_a_small_image_gets_a_resolution_warning_naming_the_pixels_it_needs(project):
    _use_image(project, 120)
    result = CliRunner().invoke(app, ["validate", "escape-master"])
    assert result.exit_code == 0  # a warning, not an error: the card still builds
    assert re.search(r"story\.yaml:\d+:10: warning \[low-resolution\] 'art/cellar.png' \(120 x 120 px\) prints at 122 DPI "
                     r"in box 'emblem'; print shops want 300: use an image at least 295 x 295 px", result.output), result.output


def test_a_sharp_image_is_embedded_once_and_in_cmyk_for_the_press(project):
    _use_image(project, 400)
    result = CliRunner().invoke(app, ["build", "escape-master"])
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

    home = images(project / "output/escape-master/home-a4/story.pdf")
    press = images(project / "output/escape-master/print-on-demand/story-drivethrucards.pdf")
    assert len(home) == 1 and next(iter(home))[1] == "/DeviceRGB"
    assert len(press) == 1 and next(iter(press))[1] == "/DeviceCMYK"


def test_a_file_that_is_not_an_image_is_an_error(project):
    _use_image(project, 400)
    (project / "content/escape-master/art/cellar.png").write_text("not really a png")
    result = CliRunner().invoke(app, ["validate", "escape-master"])
    assert result.exit_code == 1 and "error [bad-image] 'art/cellar.png' is not a PNG or JPEG image" in result.output
