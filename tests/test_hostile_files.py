"""A content folder may come from anyone: files that are not files, links out of the project, bytes
that are not UTF-8, images built to hurt, markup in card text. Every one is a diagnostic (exit 1) or a
clean refusal, never a hang, a crash or a file read from outside the project. (Problems that fit in a
YAML file are cases under tests/data/*/cases/.)"""
import os
import re
import struct
import zlib

import pytest
from PIL import Image
from pypdf import PdfReader
from typer.testing import CliRunner

from pnp.cli import app
from pnp.image_files import MAX_PIXELS, image_problem, pixel_size, print_image
from pnp.render.press import Press
from pnp.source import MAX_VALUES, SourceError, parse

runner = CliRunner()
GAME = "content/pocket-dungeon"


def validate_output():
    result = runner.invoke(app, ["validate"])
    assert "Traceback" not in result.output and "internal error" not in result.output, result.output
    return result


def test_billion_laughs_stops_at_the_value_budget():
    text = "a: &a [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join([f'*{chr(97 + i)}'] * 10)}]\n" for i in range(9))
    with pytest.raises(SourceError) as caught:
        parse(text, "laughs.yaml")
    assert f"more than {MAX_VALUES} values" in caught.value.diagnostics[0].message


@pytest.mark.parametrize("depth", [100, 10_000, 50_000])
def test_deep_nesting_is_refused_at_its_line(depth):
    for text in ("a: " + "[" * depth + "]" * depth, "a: " + "{b: " * depth + "1" + "}" * depth):
        with pytest.raises(SourceError) as caught:
            parse(text, "deep.yaml")
        assert caught.value.diagnostics[0].line == 1 and "nested more than 64 levels" in caught.value.diagnostics[0].message


def test_a_fifo_a_folder_and_a_symlink_loop_are_not_content_files(fixture_project):
    rules = fixture_project / GAME / "rules.yaml"
    rules.unlink()
    os.mkfifo(rules)  # reading it would wait forever
    (fixture_project / GAME / "decks/heroes.yaml").unlink()
    (fixture_project / GAME / "decks/heroes.yaml").mkdir()
    (fixture_project / GAME / "score-pad.yaml").unlink()
    os.symlink("score-pad.yaml", fixture_project / GAME / "score-pad.yaml")  # a link to itself
    result = validate_output()
    assert result.exit_code == 1
    # reported where game.yaml names them
    assert (f"{GAME}/game.yaml:39:8: error [not-a-file] rules file 'rules.yaml' is not a regular file (a device, "
            "pipe or socket); content must be plain files") in result.output
    assert (f"{GAME}/game.yaml:15:11: error [not-a-file] deck file 'decks/heroes.yaml' is a folder; content must be "
            "plain files") in result.output
    assert (f"{GAME}/game.yaml:34:11: error [outside] sheet file 'score-pad.yaml' goes through a link that leads back "
            "to itself (a link loop); replace the link with the file or folder it should be") in result.output


LOOP = "goes through a link that leads back to itself (a link loop); replace the link with the file or folder it should be"


def test_a_link_loop_where_pnp_looks_for_a_file_is_a_diagnostic_at_the_link(fixture_project):
    """Files pnp finds by their place, not by a name content writes (a game's game.yaml, its layout, a game folder):
    pathlib cannot resolve a link loop, and the link is what the designer must replace."""
    (fixture_project / "layouts/pocket-dungeon/cards.yaml").unlink()
    os.symlink("cards.yaml", fixture_project / "layouts/pocket-dungeon/cards.yaml")
    (fixture_project / "content/looped").mkdir()
    os.symlink("game.yaml", fixture_project / "content/looped/game.yaml")
    os.symlink("other", fixture_project / "content/other")  # a game folder that is a loop itself
    result = validate_output()
    assert result.exit_code == 1
    assert f"layouts/pocket-dungeon/cards.yaml:1:1: error [link-loop] this file {LOOP}" in result.output
    assert f"content/looped/game.yaml:1:1: error [link-loop] this file {LOOP}" in result.output
    assert f"content/other:1:1: error [link-loop] this game folder {LOOP}" in result.output


def test_a_link_out_of_the_game_folder_is_not_followed(fixture_project, tmp_path_factory):
    secret = tmp_path_factory.mktemp("elsewhere") / "secret.yaml"
    secret.write_text("deck: heroes\nname: 'the first line of a private file'\n")
    (fixture_project / GAME / "decks/heroes.yaml").unlink()
    os.symlink(secret, fixture_project / GAME / "decks/heroes.yaml")
    art = tmp_path_factory.mktemp("pictures") / "outside.png"
    Image.new("RGB", (400, 400), "red").save(art)
    (fixture_project / GAME / "art/crypt.png").unlink()
    os.symlink(art, fixture_project / GAME / "art/crypt.png")
    result = validate_output()
    assert result.exit_code == 1
    assert "decks file 'decks/heroes.yaml' points outside pocket-dungeon/" in result.output.replace("deck file", "decks file")
    assert "image 'art/crypt.png' points outside pocket-dungeon/" in result.output
    assert "private file" not in result.output


def test_bytes_that_are_not_utf8_are_reported_at_their_line(fixture_project):
    heroes = fixture_project / GAME / "decks/heroes.yaml"
    lines = heroes.read_bytes().split(b"\n")
    lines[6] = lines[6] + b" \xff\xfe"
    heroes.write_bytes(b"\n".join(lines))
    result = validate_output()
    assert re.search(rf"{GAME}/decks/heroes.yaml:7:\d+: error \[encoding\] not UTF-8 text", result.output), result.output


def test_a_file_too_large_is_refused_unread(fixture_project):
    with open(fixture_project / GAME / "rules.yaml", "a") as handle:
        handle.write("# " + "x" * (5 * 1024 * 1024) + "\n")
    result = validate_output()
    assert f"{GAME}/rules.yaml:1:1: error [too-large]" in result.output


def test_an_export_template_that_is_not_a_file_is_a_diagnostic(fixture_project):
    (fixture_project / "layouts/templates/rules.md.j2").mkdir(parents=True)  # the project's own, in the way of pnp's
    result = validate_output()
    assert result.exit_code == 1
    assert "layouts/templates/rules.md.j2:1:1: error [missing-file] template rules.md.j2: this is a folder" in result.output


# -- images ----------------------------------------------------------------------------------------

def _png_header_only(path, width, height):
    """A tiny PNG file whose header claims width x height pixels: a decompression bomb's opening."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"\0" * 16)) +
                     chunk(b"IEND", b""))


@pytest.mark.parametrize("width,height", [(12000, 12000), (60000, 60000)])
def test_too_many_pixels_is_an_error_before_anything_is_decoded(tmp_path, width, height):
    path = tmp_path / "huge.png"
    _png_header_only(path, width, height)
    assert path.stat().st_size < 200  # the cost would be in decoding, which never happens
    problem = image_problem(path)
    assert f"has more pixels than the {MAX_PIXELS // 1_000_000} million pnp accepts" in problem


def test_a_truncated_image_is_an_error_not_a_crash_in_the_build(tmp_path):
    path = tmp_path / "cut.png"
    Image.new("RGB", (300, 300), "#123456").save(path)
    path.write_bytes(path.read_bytes()[:-40])
    assert "is not a PNG or JPEG image Pillow can read" in image_problem(path)


def test_a_16_bit_greyscale_image_prints_grey_not_white(tmp_path):
    path = tmp_path / "grey16.png"
    Image.new("I;16", (40, 40), 32768).save(path)
    printed = print_image(str(path), 72, 72)
    assert printed.mode == "L" and printed.getpixel((5, 5)) == 128


def test_transparency_prints_as_paper_in_the_cmyk_file(tmp_path):
    path = tmp_path / "clear.png"
    image = Image.new("RGBA", (40, 40), (0, 0, 0, 0))
    image.paste((200, 0, 0, 255), (0, 0, 20, 40))
    image.save(path)
    cmyk = print_image(str(path), 72, 72, Press())
    assert cmyk.mode == "CMYK" and cmyk.getpixel((30, 5)) == (0, 0, 0, 0)  # white, not a black square
    assert cmyk.getpixel((5, 5)) != (0, 0, 0, 0)
    assert print_image(str(path), 72, 72).mode == "RGBA"  # RGB files keep the transparency


def test_exif_rotation_is_applied(tmp_path):
    path = tmp_path / "turned.jpg"
    exif = Image.Exif()
    exif[0x0112] = 6  # rotate 90 degrees clockwise to view
    Image.new("RGB", (60, 30), "blue").save(path, exif=exif)
    assert pixel_size(path) == (30, 60)
    assert print_image(str(path), 720, 720).size == (30, 60)


def test_a_huge_sharp_image_is_scaled_to_what_its_box_needs(tmp_path):
    path = tmp_path / "big.png"
    Image.new("RGB", (3000, 3000), "green").save(path)
    printed = print_image(str(path), 72, 72)  # a one-inch box at 300 DPI
    assert printed.size == (300, 300)


# -- markup ----------------------------------------------------------------------------------------

def test_card_text_never_becomes_markup(fixture_project):
    image = "i.png"  # a local file, relative to where pnp runs: what an <img> tag in the rulebook would embed
    Image.new("RGB", (10, 10), "red").save(fixture_project / image)
    heroes = fixture_project / GAME / "decks/heroes.yaml"
    heroes.write_text(heroes.read_text().replace("name: Smith", "name: 'Q&A <b>'")
                      .replace("text: Treasures cost you 1 coin less.",
                               f"text: 'Read <img src=\"{image}\"/> <a href=\"javascript:alert(1)\">this</a> | "
                               "<script>x</script> [here](javascript:y)'"))
    result = runner.invoke(app, ["build", "pocket-dungeon"])
    assert result.exit_code == 0, result.output
    rules = fixture_project / "output/pocket-dungeon/rules"
    book = PdfReader(rules / "rulebook-a4.pdf")
    text = " ".join(page.extract_text() for page in book.pages)
    assert "Q&A <b>" in text and "Q&A;" not in text and "<script>x</script>" in text
    assert '<img src="' in text  # printed as written, not embedded
    for page in book.pages:  # no image from the card text, and no javascript link
        assert not [x for x in (page["/Resources"].get("/XObject") or {}).values()
                    if x.get_object().get("/Subtype") == "/Image" and x.get_object().get("/Width") == 10]
        for annotation in page.get("/Annots") or []:
            assert "javascript" not in str(annotation.get_object()).lower()
    markdown = (rules / "rules.md").read_text()
    assert "<script>" not in markdown and "&lt;script&gt;" in markdown and "\\[here\\](javascript:y)" in markdown
    assert "&lt;img src=" in markdown
    row = next(line for line in markdown.splitlines() if 'id="card-hero-smith"' in line)
    assert row.replace("\\|", "").count("|") == 6  # the text's own | splits no table cell
    html = (rules / "rules.html").read_text()
    assert "<script>x" not in html and '<a href="javascript' not in html and "&lt;img src=" in html


# -- output ----------------------------------------------------------------------------------------

def test_rules_never_replace_a_device_or_a_folder_or_write_to_an_empty_name(fixture_project):
    for target in ("/dev/null", "", str(fixture_project / "content")):
        result = runner.invoke(app, ["rules", "pocket-dungeon", "--format", "md", "--out", target])
        assert result.exit_code == 2 and "internal error" not in result.output, result.output
    assert os.path.exists("/dev/null") and not os.path.isfile("/dev/null")
    assert runner.invoke(app, ["build", "pocket-dungeon", "--out", ""]).exit_code == 2


def test_a_huge_game_count_is_a_usage_error():
    result = runner.invoke(app, ["playtest", "saucer-escape", "--games", "10000000"])
    assert result.exit_code == 2 and "Traceback" not in result.output


def test_a_game_folder_linked_from_outside_is_not_read(fixture_project, tmp_path_factory):
    elsewhere = tmp_path_factory.mktemp("elsewhere")
    (elsewhere / "game.yaml").write_text("id: stranger\ntitle: 'the first line of a private file'\nplayers: {min: 1, max: 2}\n")
    os.symlink(elsewhere, fixture_project / "content/stranger")
    result = validate_output()
    assert result.exit_code == 1 and "content/stranger:1:1: error [outside] this game folder leads outside content/" in result.output
    assert "private file" not in result.output


def test_a_deck_too_large_to_print_is_refused(fixture_project):
    heroes = fixture_project / GAME / "decks/heroes.yaml"
    many = "".join(f"  - {{id: extra-{i}, name: Extra {i}, kind: hero, count: 99, text: More.}}\n" for i in range(12))
    heroes.write_text(heroes.read_text() + many)
    result = validate_output()
    assert "deck 'heroes' has 1192 cards; pnp prints decks of up to 1000 cards" in result.output


def test_a_project_without_games_is_a_usage_error(tmp_path):
    result = runner.invoke(app, ["validate", "--root", str(tmp_path)])
    assert result.exit_code == 2 and "no games in" in result.output


def test_a_layout_may_name_only_some_fonts(fixture_project):
    layout = fixture_project / "layouts/pocket-dungeon/cards.yaml"
    layout.write_text(layout.read_text().replace("fonts: {regular: Vera, bold: VeraBd, italic: VeraIt, bolditalic: VeraBI}",
                                                 "fonts: {regular: VeraBI}"))
    assert validate_output().exit_code == 0  # the styles it leaves out keep their defaults


def test_print_on_demand_files_follow_the_vendor_profiles(fixture_project):
    paper = fixture_project / "layouts/common/paper.yaml"  # the defaults less every PDF vendor but one
    paper.parent.mkdir(parents=True, exist_ok=True)
    paper.write_text("extends: default\nvendors:\n  drivethrucards: null\n  printninja: null\n  metric-poker: null\n")
    result = runner.invoke(app, ["build", "pocket-dungeon"])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in (fixture_project / "output/pocket-dungeon/print-on-demand").iterdir()) == \
        ["heroes-front-then-back.pdf", "quests-front-then-back.pdf", "relics-front-then-back.pdf",
         "rooms-front-then-back.pdf"]
