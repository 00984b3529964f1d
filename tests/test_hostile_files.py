"""A content folder may come from anyone: files that are not files, links out of the project, bytes
that are not UTF-8, images built to hurt, markup in card text. Every one is a diagnostic (exit 1) or a
clean refusal, never a hang, a crash or a file read from outside the project. (Problems that fit in a
YAML file are cases under tests/data/*/cases/.)"""
import io
import json
import os
import re
import struct
import subprocess
import sys
import tracemalloc
import warnings
import zlib

import pytest
from PIL import Image
from pypdf import PdfReader
from typer.testing import CliRunner

from pnp.cli import app
from pnp.commands.terminal import hold_library_warnings
from pnp.core.limits import MAX_ALIAS_CHARACTERS, MAX_DEPTH, MAX_TEXT_CHARACTERS
from pnp.reading.image_files import MAX_PIXELS, image_problem, pixel_size, print_image
from pnp.reading.source import MAX_VALUES, SourceError, TooManyValues, ValueBudget, parse
from pnp.render.press import Press

runner = CliRunner()
GAME = "content/pocket-dungeon"
HEROES = f"{GAME}/decks/heroes.yaml"
MB = 1024 * 1024


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


def test_aliases_repeat_at_most_a_few_file_sizes_of_text():
    """What aliases repeat counts by its characters too, not only by its values: 999 aliases of one 90,000-character
    text (90 million characters from a 90 KB file) stop at the copy past MAX_ALIAS_CHARACTERS, and what is written out
    spends nothing."""
    text = "a " * 45_000
    budget = ValueBudget()
    with pytest.raises(TooManyValues) as caught:
        parse(f"first: &t {text}\n" + "".join(f"c{i}: *t\n" for i in range(999)), "aliases.yaml", budget)
    copies = MAX_ALIAS_CHARACTERS // (len(text) - 1) + 1  # the last copy is the one that does not fit
    assert caught.value.diagnostics[-1].format() == (
        f"aliases.yaml:{copies + 1}:1: error [yaml] the aliases in this entry repeat more than {MAX_ALIAS_CHARACTERS:,} "
        "characters of text (aliases repeating aliases?); write the values out or use fewer aliases")
    assert budget.left == MAX_VALUES - copies


def test_a_thousand_aliases_of_a_long_flavour_text_stop_in_a_few_megabytes(fixture_project):
    """The attack: a 3.4 MB deck whose first card's flavour text (3.4 MB) is repeated by 999 cards with an alias
    once took 3.4 GB and more than a minute. The text is too long for any card and the aliases repeat more text than
    the file may: both are errors at their lines, found in a few megabytes."""
    text = "a " * 1_700_000 + "z"
    cards = f"  - id: h0\n    name: H\n    kind: hero\n    flavor: &t {json.dumps(text)}\n" + "".join(
        f"  - {{id: h{i}, name: H, kind: hero, flavor: *t}}\n" for i in range(1, 1000))
    (fixture_project / HEROES).write_text("deck: heroes\nname: Heroes\ncards:\n" + cards)
    tracemalloc.start()
    try:
        result = validate_output()
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert result.output.splitlines() == [
        f"{HEROES}:4:3: error [yaml] the aliases in this entry repeat more than {MAX_ALIAS_CHARACTERS:,} characters of "
        "text (aliases repeating aliases?); write the values out or use fewer aliases",
        f"{HEROES}:7:13: error [too-large] this value is 3,400,001 characters long; pnp reads texts of at most "
        f"{MAX_TEXT_CHARACTERS:,} characters (a long rules section has a few thousand): shorten it or split it",
        "2 error(s), 0 warning(s)"]
    assert peak < 100 * MB  # the file is read, composed and refused: a few times its 3.4 MB


def _chained(anchors: int, levels: int) -> str:
    """`anchors` lists each nested `levels` deep, each holding an alias of the one before at its innermost level."""
    lines = []
    for i in range(anchors):
        inner = f"*a{i - 1}" if i else "x"
        lines.append(f"k{i}: &a{i} " + "[" * levels + inner + "]" * levels)
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("text, place", [
    ("cards: &x [*x]\n", (1, 8)),  # an alias inside its own anchor's value: for ever
    ("cards: &x {more: [*x, *x]}\n", (1, 18)),
    (_chained(3, 60), (2, 68)),  # 180 levels, each file's text within the limit
    (_chained(20, 60), (2, 68)),
])
def test_nesting_counts_through_aliases(text, place):
    with pytest.raises(SourceError) as caught:
        parse(text, "alias.yaml")
    [problem] = caught.value.diagnostics
    assert (problem.line, problem.col) == place and problem.message == (
        f"nested more than {MAX_DEPTH} levels deep once this alias is repeated (an alias inside its own anchor's value "
        "never ends); write the values out")
    assert parse(_chained(1, MAX_DEPTH - 1), "alias.yaml").data  # within the limit, written out or not


def test_a_recursive_alias_is_a_diagnostic_for_validate_and_list(fixture_project):
    (fixture_project / HEROES).write_text("deck: heroes\nname: Heroes\ncards: &x [*x]\n")
    result = validate_output()
    assert result.exit_code == 1 and result.output.splitlines()[0] == (
        f"{HEROES}:3:8: error [yaml] nested more than {MAX_DEPTH} levels deep once this alias is repeated (an alias "
        "inside its own anchor's value never ends); write the values out")
    listed = runner.invoke(app, ["list"])
    assert listed.exit_code == 0 and "internal error" not in listed.output, listed.output
    game = fixture_project / GAME / "game.yaml"
    game.write_text(game.read_text().replace("file: decks/heroes.yaml", "file: decks/heroes.csv"))
    (fixture_project / GAME / "decks/heroes.csv").write_text(
        'id,name,kind,on_reveal\nhero-ranger,Ranger,hero,"&x [*x]"\nhero-smith,Smith,hero,\n'
        "hero-scholar,Scholar,hero,\nhero-scout,Scout,hero,\n")
    result = validate_output()
    assert result.exit_code == 1 and result.output.splitlines()[0] == (
        f"{GAME}/decks/heroes.csv:2:4: error [cell] this cell should hold a list, like [A, B]: nested more than "
        f"{MAX_DEPTH} levels deep once this alias is repeated (an alias inside its own anchor's value never ends); "
        "write the values out")
    listed = runner.invoke(app, ["list"])
    assert listed.exit_code == 0 and "internal error" not in listed.output, listed.output


def test_the_yaml_reader_keeps_no_node_once_a_file_is_read():
    """PyYAML's constructor keeps every node it constructs (and one that raised): shared by every parse, it kept each
    file read for the life of the process (a `pnp watch` grew with every save)."""
    from pnp.reading import source

    parse("a: [1, 2, x]\nb: 2024-01-05\n", "kept.yaml")
    with pytest.raises(SourceError):
        parse("c: !!int nope\n", "kept.yaml")
    assert not source._scalars.constructed_objects and not source._scalars.recursive_objects


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


# -- EXIF: the orientation is read one way, by validation and by the build (pnp.reading.image_files._orientation) -----------

TURNED = (0x0112, 3, 1, b"\0\x06\0\0")  # Orientation SHORT 6: turned 90 degrees clockwise to view


def _exif(entries) -> bytes:
    """An APP1 EXIF block, big-endian, of one directory whose entries (tag, type, count, 4 value bytes) are
    written as given, right or wrong."""
    directory = struct.pack(">H", len(entries)) + b"".join(struct.pack(">HHL", tag, kind, count) + value
                                                           for tag, kind, count, value in entries)
    return b"Exif\0\0MM\0\x2a\0\0\0\x08" + directory + b"\0\0\0\0"


def _jpeg_with(path, app1: bytes):
    """A 400 x 300 JPEG carrying the APP1 block as written (the attacker's 2.5 KB file)."""
    buffer = io.BytesIO()
    Image.new("RGB", (400, 300), (0, 100, 0)).save(buffer, "JPEG")
    data = buffer.getvalue()
    path.write_bytes(data[:2] + b"\xff\xe1" + struct.pack(">H", len(app1) + 2) + app1 + data[2:])


BROKEN_BESIDE = {  # a malformed tag next to a good orientation: Pillow's exif_transpose rewrote them, and raised
    "0x0201-slong": (0x0201, 9, 1, b"\xff\xff\xff\xff"),  # struct.error: argument out of range
    "0x0201-undefined": (0x0201, 7, 4, b"abcd"),  # struct.error: required argument is not an integer
    "exif-ifd-negative": (0x8769, 9, 1, b"\xc0\0\0\0"),  # ValueError: negative seek value
}


@pytest.mark.parametrize("broken", BROKEN_BESIDE.values(), ids=BROKEN_BESIDE.keys())
def test_a_broken_tag_beside_the_orientation_prints_turned(tmp_path, broken):
    path = tmp_path / "crypt.png"
    _jpeg_with(path, _exif([TURNED, broken]))
    assert image_problem(path) is None and pixel_size(path) == (300, 400)
    printed = print_image(str(path), 720, 720)
    assert printed.size == (300, 400) and printed.getpixel((150, 200))[1] > 80  # turned, and the picture's green
    assert print_image(str(path), 72, 72, Press()).mode == "CMYK"


def test_the_attackers_exif_builds_the_card_and_the_rulebook(fixture_project):
    """validate said yes, then `pnp card` and `pnp rules --format pdf` (and `pnp build`) exited 3."""
    _jpeg_with(fixture_project / GAME / "art" / "crypt.png", _exif([TURNED, BROKEN_BESIDE["0x0201-slong"]]))
    assert validate_output().exit_code == 0
    for command in (["card", "pocket-dungeon", "crypt"], ["rules", "pocket-dungeon", "--format", "pdf", "--out", "r.pdf"]):
        result = runner.invoke(app, command)
        assert result.exit_code == 0, result.output


UNREADABLE = {  # an orientation pnp cannot read: validation refuses it (which way up it prints would be a guess)
    "nine": (_exif([(0x0112, 3, 1, b"\0\x09\0\0")]), "has the EXIF orientation 9, which is none of 1 to 8"),
    "text": (_exif([(0x0112, 2, 4, b"six\0")]), "has the EXIF orientation 'six', which is none of 1 to 8"),
    "negative": (_exif([(0x0112, 8, 1, b"\xff\xfa\0\0")]), "has the EXIF orientation -6"),
    "cut-short": (b"Exif\0\0MM\0\x2a\0\0\0\x08\0\x05", "has damaged EXIF data (Corrupt EXIF data."),
    "not-tiff": (b"Exif\0\0" + bytes(range(200)), "has EXIF data Pillow cannot read (SyntaxError)"),
}


@pytest.mark.parametrize("app1,said", UNREADABLE.values(), ids=UNREADABLE.keys())
def test_an_orientation_pnp_cannot_read_is_an_error_at_validation(tmp_path, app1, said):
    path = tmp_path / "turned.jpg"
    _jpeg_with(path, app1)
    problem = image_problem(path)
    assert said in problem and "pnp cannot tell which way up it prints" in problem


def test_an_unreadable_orientation_is_reported_at_the_art_line(fixture_project):
    _jpeg_with(fixture_project / GAME / "art" / "crypt.png", UNREADABLE["nine"][0])
    result = validate_output()
    assert result.exit_code == 1
    assert re.search(r"rooms\.yaml:12:\d+: error \[bad-image\] 'art/crypt.png' has the EXIF orientation 9", result.output)


def test_orientation_zero_means_as_stored(tmp_path):
    path = tmp_path / "unknown.jpg"  # 0 is "unknown" to the cameras that write it
    _jpeg_with(path, _exif([(0x0112, 3, 1, b"\0\0\0\0")]))
    assert image_problem(path) is None and print_image(str(path), 720, 720).size == (400, 300)


def test_pillows_warnings_about_a_file_never_reach_the_terminal(tmp_path, recwarn):
    """The Exif directory's pointer past the end: Pillow warned "Corrupt EXIF data" (with its site-packages path)
    on standard error, twice for each picture the build drew."""
    path = tmp_path / "past-the-end.jpg"
    _jpeg_with(path, _exif([TURNED, (0x8769, 4, 1, struct.pack(">L", 0xFFFFFF))]))
    assert image_problem(path) is None and pixel_size(path) == (300, 400)
    print_image(str(path), 72, 72)
    print_image(str(path), 72, 72, Press())
    assert not recwarn.list, [str(heard.message) for heard in recwarn.list]


def test_the_command_holds_every_librarys_warnings(recwarn, monkeypatch):
    monkeypatch.setattr(sys, "warnoptions", [])  # no -W or PYTHONWARNINGS asking for them
    with warnings.catch_warnings():
        hold_library_warnings()  # as pnp.cli.main does first
        warnings.warn("Data Validation extension is not supported and will be removed", UserWarning)
    assert not recwarn.list


# -- memory: a large picture's full-size pixels are decoded once and never copied whole ------------------------------

# The process's peak resident memory (VmHWM, its own: ru_maxrss keeps the parent's across exec) in bytes, before and
# after drawing one picture
PEAK = """
import re, sys
from pnp.reading.image_files import print_image
def peak():
    return int(re.search(r"VmHWM:\\s*(\\d+) kB", open("/proc/self/status").read())[1]) * 1024
print_image(sys.argv[2], 72, 72)  # every module pnp and Pillow need imported
before = peak()
print_image(sys.argv[1], float(sys.argv[3]), float(sys.argv[3]))
print(peak() - before)
"""


@pytest.mark.skipif(not os.path.exists("/proc/self/status"), reason="the peak is read from Linux's /proc")
@pytest.mark.parametrize("box", [85.0, 270.0])  # a card's art (shrunk by a whole factor first), a large one (not)
def test_a_large_turned_picture_costs_its_decoded_size_once(tmp_path, box):
    """The peak memory of a fresh process drawing one 4000 x 4000 RGBA picture turned by its EXIF (tracemalloc
    cannot see it: Pillow's pixels are no Python objects). It was three times the decoded size and more: the
    decode, the turned copy, the premultiplied copy the filter works on; it is the decode and a few bands."""
    exif = Image.Exif()
    exif[0x0112] = 6
    big, small = tmp_path / "big.png", tmp_path / "small.png"
    Image.new("RGBA", (4000, 4000), (10, 20, 30, 200)).save(big, exif=exif, compress_level=1)
    Image.new("RGBA", (40, 40), (10, 20, 30, 200)).save(small, exif=exif)
    done = subprocess.run([sys.executable, "-c", PEAK, str(big), str(small), str(box)], capture_output=True,
                          text=True, check=True)
    decoded = 4000 * 4000 * 4
    assert int(done.stdout) < 1.5 * decoded


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
    assert '<img src=' in text  # printed as written (its quotes set curly), not embedded
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
