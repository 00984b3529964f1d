"""SVG art wherever an image may stand, drawn as vectors: real Bootstrap Icons (MIT, tests/data/svg/, see NOTICE.md)
as a card's art (the Crypt's shield), an image back (the heroes' bricks), an icon in text (the coin) and a sheet's
image region (the playmat's door), in the fixture game. In the PDFs they are paths, never image XObjects; the CMYK
press files colour them in CMYK only; the card PNGs (PDFium renders of the PDFs) show them. An SVG built to hurt
(entities, links out, scripts, sizes past the limits) is a diagnostic at the line that names it, with the SVG's own
line, exit 1; what pnp does not draw of an SVG (text, filters) is a warning."""
import re
import shutil

import pytest
from helpers import DATA, images_at
from PIL import Image
from pypdf import PdfReader
from pypdf.generic import ContentStream
from typer.testing import CliRunner

from pnp.cli import app
from pnp.core.limits import MAX_SVG_BYTES, MAX_SVG_DEPTH, MAX_SVG_ELEMENTS
from pnp.reading.svg_files import read_svg

runner = CliRunner()
GAME = "content/pocket-dungeon"
ICONS = DATA / "svg"
CRYPT_ART = "content/pocket-dungeon/decks/rooms.yaml:12:10"


def use_svgs(root) -> None:
    """The fixture game's four pictures replaced by Bootstrap Icons: card art, an image back, an icon, a sheet image."""
    art = root / GAME / "art"
    for name, icon in (("crypt", "shield-fill"), ("hero-back", "bricks"), ("coin", "coin"), ("door", "door-open")):
        shutil.copyfile(ICONS / f"{icon}.svg", art / f"{name}.svg")
    for file, old, new in ((f"{GAME}/decks/rooms.yaml", "art/crypt.png", "art/crypt.svg"),
                           (f"{GAME}/game.yaml", "art/coin.png", "art/coin.svg"),
                           ("layouts/pocket-dungeon/cards.yaml", "art/hero-back.png", "art/hero-back.svg"),
                           ("layouts/pocket-dungeon/playmat.yaml", "src: art/door.png,", "src: art/door.svg, fit: contain,")):
        path = root / file
        text = path.read_text(encoding="utf-8")
        assert old in text
        path.write_text(text.replace(old, new), encoding="utf-8")


@pytest.fixture
def built(fixture_project):
    use_svgs(fixture_project)
    images_at(fixture_project, 72)
    result = runner.invoke(app, ["build", "pocket-dungeon", "--images"])
    assert result.exit_code == 0 and "warning" not in result.output, result.output
    return fixture_project / "output/pocket-dungeon"


def _operators(reader, content, resources, found) -> None:
    """Every operator of a content stream and of the forms it places, and every image XObject it places."""
    for operands, operator in ContentStream(content, reader).operations:
        found["ops"].append(operator)
        if operator in (b"rg", b"RG", b"k", b"K"):
            found["colours"].append((operator, tuple(float(v) for v in operands)))
        if operator == b"Do":
            xobject = resources["/XObject"][operands[0]].get_object()
            if xobject["/Subtype"] == "/Image":
                found["images"].append(operands[0])
            else:
                _operators(reader, xobject, xobject.get("/Resources", resources), found)


def page_drawing(path, words: str) -> dict:
    """What the first page showing `words` draws: its operators, colours set, and image XObjects (forms followed)."""
    reader = PdfReader(path)
    page = next(p for p in reader.pages if words in p.extract_text())
    found = {"ops": [], "colours": [], "images": []}
    _operators(reader, page.get_contents(), page["/Resources"], found)
    return found


def test_svg_card_art_is_drawn_as_vector_paths_not_an_image(built):
    crypt = page_drawing(built / "print-on-demand/rooms-front-then-back.pdf", "Beat power 3 to loot the crypt")
    assert crypt["images"] == []  # the crypt.png it replaced was the page's only image
    assert crypt["ops"].count(b"c") >= 15  # the shield's curves (its arcs become curves), in the PDF's own paths
    assert (b"rg", (0.0, 0.0, 0.0)) in crypt["colours"]  # currentColor: black where the box gives no colour


def test_svg_back_icon_and_sheet_image_are_vectors_too(built):
    backs = PdfReader(built / "print-on-demand/heroes-drivethrucards.pdf")
    assert not any(page.images for page in backs.pages)  # the bricks back, where hero-back.png was
    library = page_drawing(built / "print-on-demand/rooms-front-then-back.pdf", "draw a room card now")
    assert len(library["images"]) == 1  # the treasure's parchment ground (a PNG) only: the coin in the line is paths
    assert library["ops"].count(b"c") >= 30
    playmat = PdfReader(built / "sheets/playmat-full-size.pdf")
    assert not any(page.images for page in playmat.pages)  # the door region
    coins = page_drawing(built / "rules/rulebook-a4.pdf", "Every player starts with 3 coins")
    assert coins["images"] == [] and coins["ops"].count(b"c") >= 30  # the coin in the rulebook's line (coin.png was an image)
    html = (built / "rules/rules.html").read_text(encoding="utf-8")
    assert html.count("data:image/svg+xml;base64,") == 1 and "data:image/png" not in html


def test_the_press_file_colours_svg_art_in_cmyk_only(built):
    crypt = page_drawing(built / "print-on-demand/rooms-drivethrucards.pdf", "Beat power 3 to loot the crypt")
    assert crypt["images"] == [] and crypt["ops"].count(b"c") >= 15
    assert not [c for c in crypt["colours"] if c[0] in (b"rg", b"RG")]  # no RGB colour at all in the press file
    assert any(c[0] == b"k" for c in crypt["colours"])


def test_card_images_show_the_svg_art(built):
    crypt = Image.open(built / "images/rooms/crypt.png").convert("L")
    width, height = crypt.size
    assert crypt.getpixel((width // 2, height * 2 // 5)) < 60  # the black shield in the middle of the art box
    assert crypt.getpixel((width // 2, height // 20)) > 60  # the card's own colours around it


def test_svg_geometry_arcs_with_packed_flags_and_the_viewbox():
    svg = read_svg(ICONS / "coin.svg")
    assert (svg.width, svg.height) == (16, 16) and len(svg.shapes) == 3 and svg.notes == ()
    ring = svg.shapes[1].commands  # "M8 15A7 7 0 1 1 8 1a7 7 0 0 1 0 14m0 1A8 8 0 1 0 8 0a8 8 0 0 0 0 16"
    points = [(c[-2], c[-1]) for c in ring if c[0] != "Z"]
    assert min(x for x, _ in points) == pytest.approx(0, abs=1e-6) and max(y for _, y in points) == pytest.approx(16)
    shield = read_svg(ICONS / "shield-fill.svg")  # "a1.54 1.54 0 0 1 1.044 1.262": flags written without spaces
    ends = [c[-2:] for c in shield.shapes[0].commands if c[0] == "C"]
    assert all(0 <= x <= 16 and 0 <= y <= 16 for x, y in ends)


LAUGHS = ('<?xml version="1.0"?>\n<!DOCTYPE svg [\n<!ENTITY a "aaaaaaaaaa">\n<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">\n'
          ']>\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><title>&b;</title></svg>')
SVG = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 16 16">\n{}\n</svg>'


def _uses(levels: int) -> str:
    """Each level's group uses the one below ten times: 10^levels shapes from a few hundred bytes."""
    parts = ['<path id="l0" d="M0 0h1v1z"/>']
    for level in range(1, levels + 1):
        parts.append(f'<g id="l{level}">' + f'<use href="#l{level - 1}"/>' * 10 + "</g>")
    return SVG.format("<defs>" + "".join(parts[:-1]) + "</defs>" + parts[-1])


HOSTILE = {
    "billion-laughs": (LAUGHS, "line 2: has a DTD with declarations"),
    "external-entity": ('<?xml version="1.0"?>\n<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n'
                        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><title>&x;</title></svg>',
                        "line 2: has a DTD with declarations"),
    "undeclared-entity": ('<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n'
                          '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1">\n<title>&x;</title></svg>',
                          "line 3: refers to the entity &x;"),
    "image-address": (SVG.format('<image href="https://example.com/track.png" width="16" height="16"/>'),
                      "line 2: <image> links to 'https://example.com/track.png'"),
    "use-of-a-file": (SVG.format('<use xlink:href="other.svg#shape"/>'), "line 2: <use> links to 'other.svg#shape'"),
    "file-url": (SVG.format('<a href="file:///etc/passwd"><path d="M0 0h1v1z"/></a>'), "<a> links to 'file:///etc/passwd'"),
    "css-import": (SVG.format('<style>@import url(https://example.com/a.css);</style>'), "line 2: its <style> imports"),
    "css-url": (SVG.format('<path style="fill:url(https://example.com/p.svg#g)" d="M0 0h1v1z"/>'), "its style imports or links"),
    "paint-url": (SVG.format('<path fill="url(file:///etc/passwd#g)" d="M0 0h1v1z"/>'), "line 2: its fill imports or links"),
    "tiny-viewbox": ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1e-9 1"/>', "line 1: its size or viewBox is under"),
    "stylesheet": ('<?xml-stylesheet href="https://example.com/a.css"?>\n' + SVG.format(""), "line 1: links a stylesheet"),
    "script": (SVG.format('<script>alert(1)</script>'), "line 2: holds a <script>"),
    "event": (SVG.format('<path onclick="alert(1)" d="M0 0h1v1z"/>'), "line 2: has an event attribute (onclick=)"),
    "elements": (SVG.format("<g/>" * (MAX_SVG_ELEMENTS + 1)), f"more than {MAX_SVG_ELEMENTS:,} elements"),
    "depth": (SVG.format("<g>" * (MAX_SVG_DEPTH + 1) + "</g>" * (MAX_SVG_DEPTH + 1)), f"more than {MAX_SVG_DEPTH} deep"),
    "use-bomb": (_uses(9), f"draws more than {MAX_SVG_ELEMENTS:,} elements"),
    "use-loop": (SVG.format('<g id="a"><use href="#a"/></g>'), f"more than {MAX_SVG_DEPTH} deep"),
    "huge-number": (SVG.format('<path d="M0 0L1e999 1z"/>'), "line 2: the number inf is past"),
    "huge-transform": (SVG.format('<g transform="scale(1e6)"><g transform="scale(1e6)"><path d="M0 0h1v1z"/></g></g>'),
                       "line 2: the number 1e+12 is past"),
    "not-xml": (SVG.format("<path d='M0 0'>"), "is not well-formed XML"),
    "not-svg": ('<html xmlns="http://www.w3.org/1999/xhtml"><body/></html>', "its root element is <html>, not <svg>"),
    "no-size": ('<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0h1v1z"/></svg>', "has no viewBox and no width"),
}


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_a_hostile_svg_is_refused_at_its_line(fixture_project, case):
    use_svgs(fixture_project)
    text, said = HOSTILE[case]
    (fixture_project / GAME / "art/crypt.svg").write_text(text, encoding="utf-8")
    result = runner.invoke(app, ["validate", "pocket-dungeon"])
    assert result.exit_code == 1 and "Traceback" not in result.output, result.output
    line = next(line for line in result.output.splitlines() if line.startswith(CRYPT_ART))
    assert "[bad-image] 'art/crypt.svg'" in line and said in line, result.output


def test_path_segments_past_the_limit_are_refused(fixture_project, monkeypatch):
    import pnp.reading.svg_files

    monkeypatch.setattr(pnp.reading.svg_files, "MAX_SVG_PATH_COMMANDS", 1000)  # the real limit takes 2.5 MB to pass
    use_svgs(fixture_project)
    (fixture_project / GAME / "art/crypt.svg").write_text(SVG.format('<path d="M0 0' + " h1" * 1001 + '"/>'))
    result = runner.invoke(app, ["validate", "pocket-dungeon"])
    assert result.exit_code == 1 and f"{CRYPT_ART}: error [bad-image] 'art/crypt.svg' line 2: has more than 1,000 path segments" \
        in result.output, result.output


def test_an_svg_past_the_byte_limit_is_refused_unread(fixture_project):
    use_svgs(fixture_project)
    with open(fixture_project / GAME / "art/crypt.svg", "wb") as file:
        file.write(SVG.format("").encode() + b" " * MAX_SVG_BYTES)
    result = runner.invoke(app, ["validate", "pocket-dungeon"])
    assert result.exit_code == 1 and f"SVG files are at most {MAX_SVG_BYTES // 1024 // 1024} MB" in result.output


def test_what_an_svg_has_that_pnp_does_not_draw_is_a_warning_at_its_line(fixture_project):
    use_svgs(fixture_project)
    (fixture_project / GAME / "art/crypt.svg").write_text(SVG.format(
        '<text x="1" y="8">Crypt</text>\n<path filter="url(#blur)" d="M0 0h8v8z"/>\n<foo/>'), encoding="utf-8")
    result = runner.invoke(app, ["validate", "pocket-dungeon"])
    assert result.exit_code == 0, result.output
    warnings = [line for line in result.output.splitlines() if line.startswith(CRYPT_ART)]
    assert [re.sub(r".*\[svg-unsupported\] 'art/crypt.svg' ", "", w) for w in warnings] == [
        "line 2: text is not drawn; convert it to paths (Inkscape: Path > Object to Path)",
        "line 3: filters (shadows, blurs) are not applied", "line 4: <foo> is not drawn"]


def test_a_file_pnp_does_not_draw_is_told_its_png_in_its_own_folder(fixture_project):
    rooms = fixture_project / GAME / "decks/rooms.yaml"
    rooms.write_text(rooms.read_text().replace("art/crypt.png", "art/crypt.gif"))
    result = runner.invoke(app, ["validate", "pocket-dungeon"])
    assert ("'art/crypt.gif' is not a PNG, JPEG or SVG file; pnp draws those: export it as PNG and name that "
            "(art/crypt.png)") in result.output, result.output
