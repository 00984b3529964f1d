"""Hostile input to what issue 18 added: vendor profiles, --vendor, --tts-url and the saved object, gutters and
guides, min_size, the glossary's words, the player-facing text check, images on the press colour path, and
`python -m pnp.checks.preflight` on a folder it did not make. Each gets a clear one-line diagnostic (exit 1) or a usage
error (exit 2): never a traceback, exit 3, a hang, a file outside the project or a control byte on the terminal."""
import io
import json
import os
import re
import struct
import zlib
from pathlib import Path

import pytest
from helpers import digest
from PIL import Image
from typer.testing import CliRunner

from pnp.checks.preflight import main as preflight
from pnp.cli import app

runner = CliRunner()
GAME = "pocket-dungeon"
DIAGNOSTIC = re.compile(r"^\S+:\d+:\d+: (error|warning) \[[a-z-]+\] ")
# what a terminal would obey: C0 controls but newline, DEL and C1 controls, bidi overrides
OBEYED = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def pnp(*args) -> tuple[int, str]:
    result = runner.invoke(app, [*args])
    assert "Traceback" not in result.output and result.exit_code != 3, result.output
    assert not OBEYED.search(result.output), repr(result.output)
    return result.exit_code, result.output


def errors(output: str) -> list[str]:
    """The error lines of a report, each checked to be one diagnostic line."""
    lines = [line for line in output.splitlines() if " error [" in line]
    assert all(DIAGNOSTIC.match(line) for line in lines), output
    return lines


def vendors(root: Path, entries: str) -> None:
    """A project's own paper.yaml adding `entries` (YAML lines under vendors:) to pnp's."""
    (root / "layouts/common").mkdir(parents=True, exist_ok=True)
    (root / "layouts/common/paper.yaml").write_text("extends: default\nvendors:\n" + entries)


# --- vendor profiles -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("pattern, said", [
    ("../{deck}.pdf", "does not make a file name"),
    ("a/{deck}.pdf", "does not make a file name"),
    ("..", "does not make a file name"),
    ("{deck.__class__}.pdf", "is not a name a pdf file can take"),
    ("{0}.pdf", "is not a name a pdf file can take"),
    ("{}.pdf", "is not a name a pdf file can take"),
    ("{deck:>99999}.pdf", "with no format or conversion"),
    ("{deck:>999999999}.pdf", "with no format or conversion"),  # a gigabyte name: refused before it is made
    ("{deck:>{vendor}}.pdf", "with no format or conversion"),
    ("{deck!r}.pdf", "with no format or conversion"),
    ("{deck}.pdf}", "Single '}'"),
    ("{vendor}.pdf", "put {deck} in the pattern"),  # every deck would write the one file
    ("{game}.pdf", "put {deck} in the pattern"),
    ("{deck}", "end it in .pdf"),
])
def test_a_pdf_vendors_file_name_pattern_that_cannot_name_each_file_is_an_error_at_it(fixture_project, pattern, said):
    vendors(fixture_project, f'  v: {{order: [front], naming: "{pattern}"}}\n')
    code, output = pnp("validate", GAME)
    assert code == 1 and errors(output), output
    assert all(line.startswith("layouts/common/paper.yaml:3:") and "[vendor-naming]" in line for line in errors(output))
    assert said in output and len(output) < 2000  # one short line, never the padded name


@pytest.mark.parametrize("pattern, said", [
    ("{card}-{side}.png", "need {n}"),  # two copies of a card would be one file
    ("{n:>999999999}-{side}.png", "with no format or conversion"),
    ("{n:d}-{side}.png", "with no format or conversion"),
    ("{n}-{copy:x}-{side}.png", "with no format or conversion"),
    ("{n}-{side}.pdf", "end it in .png"),
])
def test_an_image_vendors_file_name_pattern_is_checked_the_same_way(fixture_project, pattern, said):
    vendors(fixture_project, f'  v: {{file: png, order: [front, back], naming: "{pattern}"}}\n')
    code, output = pnp("validate", GAME)
    assert code == 1 and said in output and all("[vendor-naming]" in line for line in errors(output)), output


@pytest.mark.parametrize("entry, said", [
    ('  v: {order: [front], naming: "{deck}-drivethrucards.pdf"}\n', "the file vendor 'drivethrucards' writes"),
    ('  v: {order: [front], naming: "{deck}-DriveThruCards.pdf"}\n', "the file vendor 'drivethrucards' writes"),
    ('  v: {order: [front], per: game, naming: "rooms-drivethrucards.pdf"}\n', "for deck 'rooms'"),
])
def test_two_vendors_whose_files_would_be_one_are_an_error(fixture_project, entry, said):
    vendors(fixture_project, entry)
    code, output = pnp("validate", GAME)
    assert code == 1 and said in output and "[vendor-naming]" in output, output


def test_vendor_and_deck_names_whose_hyphens_meet_are_an_error(fixture_project):
    # deck 'rooms' at vendor 'x-front-then-back' and deck 'rooms-x' at 'front-then-back' both make
    # rooms-x-front-then-back.pdf under the default pattern {deck}-{vendor}.pdf
    game = fixture_project / f"content/{GAME}/game.yaml"
    game.write_text(game.read_text().replace("  - id: relics\n    file: decks/relics.yaml\n",
                                             "  - id: rooms-x\n    file: decks/relics.yaml\n"))
    deck = fixture_project / f"content/{GAME}/decks/relics.yaml"
    deck.write_text(deck.read_text().replace("deck: relics", "deck: rooms-x"))
    layout = fixture_project / f"layouts/{GAME}/cards.yaml"
    layout.write_text(layout.read_text().replace("relics:", "rooms-x:"))
    vendors(fixture_project, '  x-front-then-back: {order: [front, back]}\n')
    code, output = pnp("validate", GAME)
    assert code == 1 and "rooms-x-front-then-back.pdf" in output, output


@pytest.mark.parametrize("entry, code_said", [
    ("  v: {order: []}\n", "[type]"),
    ("  v: {file: png, order: []}\n", "[type]"),  # was a PDFium crash (exit 3)
    ("  v: {order: [front, front]}\n", "[vendor-order]"),
    ("  v: {order: [front], nope: 1}\n", "[unknown-key]"),
    ("  v: {order: [front], pdfx: x-1a:2001}\n", "[pdfx-needs-cmyk]"),
    ("  v: {order: [front], colors: cmyk, ink_limit: 99999}\n", "[type]"),
    ("  v: {order: [front], colors: cmyk, ink_limit: 99}\n", "[type]"),
    ("  v: {order: [front], bleed: 1km}\n", "[type]"),
    ("  v: {order: [front], safe: -3mm}\n", "[type]"),
    ("  v: {file: png, order: [front, back], dpi: 100000}\n", "[type]"),
    ("  v: {file: png, order: [front, back], sizes: {poker: {width: 2.5in, height: 3.5in, canvas: [100000, 100000]}}}\n",
     "[type]"),  # was a MemoryError (exit 3)
    ("  v: {file: png, order: [front, back], sizes: {poker: {width: 2.5in, height: 3.5in, canvas: [0, 0]}}}\n", "[type]"),
    ("  v: {file: png, order: [front, back], sizes: {poker: {width: 2.5in, height: 3.5in, canvas: [-5, 10]}}}\n",
     "[type]"),
    ("  v: {file: png, order: [front, back], sizes: {poker: {width: 2.5in, height: 3.5in, canvas: [1, 1]}}}\n", "[type]"),
    ("  v: {file: png, order: [front, back], sizes: {poker: {width: 2.5in, height: 3.5in, canvas: [20000, 20000]}}}\n",
     "[too-large]"),
    ("  ../x: {order: [front]}\n", "[type]"),
])
def test_hostile_vendor_profiles_are_errors_and_build_nothing(fixture_project, entry, code_said):
    vendors(fixture_project, entry)
    code, output = pnp("build", GAME, "--vendor", "front-then-back", "--deck", "rooms")
    assert code == 1 and code_said in output and errors(output), output
    assert not (fixture_project / "output").exists()


def test_a_vendor_drawing_a_big_card_at_a_high_dpi_is_refused_before_it_draws(fixture_project):
    # a 125 x 185 mm card at 1200 dpi would be 6189 x 9024 px a side: 55 million pixels, 160 MB an image
    (fixture_project / "layouts/common").mkdir(parents=True, exist_ok=True)
    (fixture_project / "layouts/common/cards.yaml").write_text(
        "extends: default\ncard_sizes:\n  mini: {width: 125mm, height: 185mm, bleed: 3mm, safe: 3mm}\n")
    vendors(fixture_project, "  v: {file: png, order: [front, back], dpi: 1200}\n")
    code, output = pnp("build", GAME, "--deck", "relics", "--vendor", "v")
    assert code == 1 and "[too-large]" in output and "6189 x 9024 px" in output, output
    assert errors(output)[0].startswith(f"content/{GAME}/game.yaml:")


def test_a_vendor_per_game_with_no_decks_writes_nothing_and_fails_nothing(fixture_project):
    vendors(fixture_project, "  v: {order: [front], per: game, sizes: {tiny: {width: 10mm, height: 10mm}}}\n")
    code, output = pnp("build", GAME, "--only", "pod")
    assert code == 0, output
    assert not list((fixture_project / "output" / GAME / "print-on-demand").glob("*-v.pdf"))


@pytest.mark.parametrize("name", ["../../etc", "", "drivethrucärds", "x\x1b[2Jy\u202e", "a" * 5000, "/tmp/x"])
def test_a_hostile_vendor_name_on_the_command_line_is_a_usage_error(fixture_project, name):
    code, output = pnp("build", GAME, "--deck", "rooms", "--vendor", name)
    assert code == 2 and "no vendor" in output and not (fixture_project / "output").exists()


def test_a_vendor_named_twice_builds_its_files_once(fixture_project):
    code, output = pnp("build", GAME, "--deck", "rooms", "--vendor", "front-then-back", "--vendor", "front-then-back")
    assert code == 0, output
    assert [p.name for p in (fixture_project / "output" / GAME / "print-on-demand").iterdir()] == [
        "rooms-front-then-back.pdf"]


# --- Tabletop Simulator ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("url", ["javascript:alert(1)", "javascript://%0aalert(1)", "data://text/html,<b>x</b>",
                                 "ftp://example.com/x", "https://x/a\nb", "https://x/\x1b[2J", "https://x/\x9b2J",
                                 "https://x/\u202eabc", "https://x/a b", "", "https://", "https:///path",
                                 "https://x/" + "a" * 5000])
def test_a_tts_url_that_is_no_web_or_file_address_is_a_usage_error(fixture_project, url):
    code, output = pnp("build", GAME, "--images", "--only", "images", "--deck", "heroes", "--tts-url", url)
    assert code == 2 and "--tts-url wants" in output and len(output) < 600, output
    assert not (fixture_project / "output").exists()


def test_the_saved_object_stays_json_and_carries_no_markup(fixture_project):
    deck = fixture_project / f"content/{GAME}/decks/heroes.yaml"
    deck.write_text(deck.read_text().replace("name: Ranger", 'name: "Ra\\"nger <b>\\\\ \\u00e9 [ff0000]"'))
    url = 'https://example.com/my"game"/<script>alert(1)</script>/{x}\\ü'
    code, output = pnp("build", GAME, "--images", "--only", "images", "--deck", "heroes", "--tts-url", url)
    assert code == 0, output
    saved = fixture_project / f"output/{GAME}/images/heroes/tabletop-simulator/{GAME}-heroes.json"
    text = saved.read_text(encoding="utf-8")
    document = json.loads(text)  # valid JSON whatever the names and the address hold
    deck_object = document["ObjectStates"][0]
    urls = [entry[key] for entry in deck_object["CustomDeck"].values() for key in ("FaceURL", "BackURL")]
    for address in urls:
        assert address.startswith("https://example.com/my%22game%22/%3Cscript%3Ealert(1)%3C/script%3E/%7Bx%7D%5C%C3%BC/")
        assert not re.search(r'[<>"\\{}\s]', address) and address.isascii()
    names = [card["Nickname"] for card in deck_object["ContainedObjects"]]
    assert 'Ra"nger <b>\\ é [ff0000]' in names  # the card's name as written, quoted by JSON
    assert not OBEYED.search(text.replace("\n", ""))


# --- gutters, guides and min_size --------------------------------------------------------------------------------

def test_a_gutter_so_wide_no_card_fits_is_an_error_and_output_stays(fixture_project):
    assert pnp("build", GAME, "--only", "fold")[0] == 0
    before = digest(fixture_project / "output")
    (fixture_project / "layouts/common").mkdir(parents=True, exist_ok=True)
    (fixture_project / "layouts/common/paper.yaml").write_text(
        "extends: default\nfold:\n  a4: {paper: a4, gutter: 20mm, edge: 50mm, mark_length: 30mm, mark_gap: 10mm}\n")
    code, output = pnp("build", GAME, "--only", "fold")
    assert code == 1 and "[grid-size]" in output and "does not fit on either half of a4" in output, output
    assert digest(fixture_project / "output") == before


@pytest.mark.parametrize("entry", ["gutter: -1mm", "gutter: 21mm", "gutter: wide", "gutter: .nan", "gutter: .inf",
                                   "gutter: true", "mark_length: 0mm", "mark_length: 2mm", "mark_length: 1km",
                                   "edge: -1mm", "edge: 1e308mm", "mark_gap: true"])
def test_hostile_gutters_and_guides_are_errors_at_their_line(fixture_project, entry):
    (fixture_project / "layouts/common").mkdir(parents=True, exist_ok=True)
    (fixture_project / "layouts/common/paper.yaml").write_text(f"extends: default\nhome:\n  a4: {{paper: a4, {entry}}}\n")
    code, output = pnp("validate", GAME)
    assert code == 1 and len(errors(output)) == 1 and output.startswith("layouts/common/paper.yaml:3:"), output


@pytest.mark.parametrize("value, said", [("0pt", "outside 1pt to 200pt"), ("-3pt", "outside 1pt to 200pt"),
                                         ("9999pt", "outside 1pt to 200pt"), ("tiny", "is not a length"),
                                         ("true", "true is not a length"), (".nan", "is not a length")])
def test_a_hostile_min_size_is_an_error_on_a_box_and_a_region(fixture_project, value, said):
    cards = fixture_project / f"layouts/{GAME}/cards.yaml"
    cards.write_text(cards.read_text().replace("size: 8pt, min_size: 6pt, valign: middle",
                                               f"size: 8pt, min_size: {value}, valign: middle"))
    pad = fixture_project / f"layouts/{GAME}/score-pad.yaml"
    pad.write_text(pad.read_text().replace("coins: {kind: track, x: 0mm, y: 30mm, w: 180mm, h: 10mm}",
                                           f"coins: {{kind: track, x: 0mm, y: 30mm, w: 180mm, h: 10mm, min_size: {value}}}"))
    code, output = pnp("validate", GAME)
    assert code == 1 and output.count(said) == 2, output
    assert {line.split(":")[0] for line in errors(output)} == {f"layouts/{GAME}/cards.yaml", f"layouts/{GAME}/score-pad.yaml"}


# --- the glossary's words and the player-facing text check --------------------------------------------------------

def _rules(root: Path, old: str, new: str) -> None:
    rules = root / f"content/{GAME}/rules.yaml"
    assert old in rules.read_text()
    rules.write_text(rules.read_text().replace(old, new))


@pytest.mark.parametrize("old, new, said", [
    ("words: [SPRING_TRAP]", "words: [NO_SUCH_WORD]", "[unknown-effect]"),
    ("words: [GAIN_COINS]", "words: [GAIN_COINS, GAIN_COINS]", "[duplicate-id]"),
    ("words: [DRAW]", "words: [GAIN_COINS]", "already explained by the term 'coins'"),
    ("term: Trap", "term: SPRING_TRAP", "is an identifier"),
    ("term: Trap", "term: spring_trap", "is an identifier"),  # was accepted: snake case is an identifier too
    ("term: Trap", "term: Spring_Trap", "is an identifier"),
    ("term: Trap", "term: Gain coins", "repeats 'Gain coins'"),
    ("term: Trap", "term: GAIN COINS", "repeats 'GAIN COINS'"),
    ("words: [SPRING_TRAP]", "words: SPRING_TRAP", "[type]"),
    ("words: [SPRING_TRAP]", "words: [{a: b}]", "[type]"),
])
def test_hostile_glossary_words_are_errors(fixture_project, old, new, said):
    _rules(fixture_project, old, new)
    code, output = pnp("validate", GAME)
    assert code == 1 and said in output and errors(output), output


def test_very_many_glossary_words_stop_at_the_limit(fixture_project):
    many = "".join(f"  - id: t{i}\n    term: Term {i}\n    words: [W{i}]\n" for i in range(1200))
    _rules(fixture_project, "terms:\n", "terms:\n" + many)
    code, output = pnp("validate", GAME)
    assert code == 1 and "[too-large]" in output and len(output.splitlines()) < 30, output


@pytest.mark.parametrize("text", ["Run `pnp build pocket-dungeon` first.", "Type **pnp** build to print it.",
                                  "Type `pnp` build to print it.", "Type *pnp* **build**.", "With pnp's engine.",
                                  "Add --difficulty red."])
def test_player_facing_text_naming_the_tool_inside_markup_is_an_error(fixture_project, text):
    # unicode lookalikes (a Cyrillic "р" in "pnр build") are not looked for: they are no accident a designer makes
    _rules(fixture_project, "A room that hurts the hero who enters it, before the fight ({rule:traps}).", text)
    code, output = pnp("validate", GAME)
    assert code == 1 and "[tool-name]" in output, output


# --- images on the press colour path ------------------------------------------------------------------------------

def _png16(width: int, height: int) -> bytes:
    """A 16-bit RGB PNG (Pillow writes none): a red-to-green ramp."""
    rows = b"".join(b"\x00" + b"".join(struct.pack(">HHH", x * 65535 // width, 65535 - x * 65535 // width, 0)
                                       for x in range(width)) for _ in range(height))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 16, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def _image(mode: str) -> bytes:
    buffer = io.BytesIO()
    if mode == "RGBA":
        image = Image.new("RGBA", (360, 360), (0, 200, 0, 0))
        image.paste((255, 0, 0, 128), (60, 60, 300, 300))
    elif mode == "P":
        image = Image.new("RGB", (360, 360), (0, 255, 0)).convert("P", palette=Image.ADAPTIVE)
        image.info["transparency"] = 0
    elif mode == "CMYK":
        Image.new("CMYK", (360, 360), (0, 255, 255, 0)).save(buffer, "JPEG")
        return buffer.getvalue()
    else:
        image = Image.new(mode, (360, 360), 128 if mode == "L" else (128, 60))
    image.save(buffer, "PNG")
    return buffer.getvalue()


def test_every_kind_of_image_prints_device_cmyk_only_for_drivethrucards(fixture_project):
    from pypdf import PdfReader

    art = fixture_project / f"content/{GAME}/art"
    art.joinpath("crypt.png").write_bytes(_image("RGBA"))
    art.joinpath("library.png").write_bytes(_png16(360, 360))
    art.joinpath("armoury.jpg").write_bytes(_image("CMYK"))
    art.joinpath("treasure-ground.png").write_bytes(_image("P"))
    art.joinpath("hero-back.png").write_bytes(_image("LA"))
    art.joinpath("grey.png").write_bytes(_image("L"))
    rooms = fixture_project / f"content/{GAME}/decks/rooms.yaml"
    text = rooms.read_text()
    for card, file in (("library", "library.png"), ("armoury", "armoury.jpg"), ("pit-trap", "grey.png")):
        text = text.replace(f"  - id: {card}\n", f"  - id: {card}\n    art: art/{file}\n")
    rooms.write_text(text)
    code, output = pnp("build", GAME, "--vendor", "drivethrucards", "--deck", "rooms", "--deck", "heroes")
    assert code == 0, output
    for deck in ("rooms", "heroes"):
        reader = PdfReader(fixture_project / f"output/{GAME}/print-on-demand/{deck}-drivethrucards.pdf")
        spaces = set()
        for page in reader.pages:
            for xobject in (page["/Resources"].get("/XObject") or {}).values():
                _colour_spaces(xobject.get_object(), spaces)
        assert spaces == {"/DeviceCMYK"}, (deck, spaces)


def _colour_spaces(xobject, spaces: set) -> None:
    """The colour spaces of an image, or of every image a form draws."""
    if xobject.get("/Subtype") == "/Image":
        assert "/SMask" not in xobject and "/Mask" not in xobject  # PDF/X-1a: no transparency
        spaces.add(str(xobject["/ColorSpace"]))
    for inner in ((xobject.get("/Resources") or {}).get("/XObject") or {}).values():
        _colour_spaces(inner.get_object(), spaces)


# --- preflight on a folder it did not make --------------------------------------------------------------------------

def _real_pdf(path: Path) -> Path:
    from reportlab.pdfgen.canvas import Canvas

    canvas = Canvas(str(path), pagesize=(200, 200))
    canvas.setFont("Helvetica", 4)
    canvas.drawString(10, 10, "secret\x1b[2J words")
    canvas.showPage()
    canvas.save()
    return path


def test_preflight_reports_a_hostile_folder_and_never_leaves_it(tmp_path, capsys):
    outside = _real_pdf(tmp_path / "outside.pdf")  # 4pt text: reported if it were read
    folder = tmp_path / "out"
    (folder / "sub").mkdir(parents=True)
    (folder / "fake.pdf").write_text("not a pdf")
    (folder / "truncated.pdf").write_bytes(outside.read_bytes()[:300])
    (folder / "link.pdf").symlink_to(outside)
    (folder / "sub" / "outside").symlink_to(tmp_path)  # a linked folder leading out, holding outside.pdf
    (folder / "sub" / "loop").symlink_to(folder)  # a link loop
    (folder / "folder.pdf").mkdir()
    os.mkfifo(folder / "pipe.pdf")  # reading it would wait for ever
    _real_pdf(folder / "sub" / "small\x1bname.pdf")
    assert preflight([str(folder)]) == 1
    out = capsys.readouterr().out
    assert not OBEYED.search(out.replace("\n", "")), out
    lines = out.splitlines()
    assert "fake.pdf: not checked: cannot be read as a PDF" in out and "truncated.pdf: not checked" in out
    assert "link.pdf: not checked: a link, not followed" in lines
    assert "folder.pdf: not checked: not a regular file" in lines and "pipe.pdf: not checked: not a regular file" in lines
    assert "sub/small\\x1bname.pdf: page 1: 4.0pt: secret" in lines  # the name shown, never obeyed
    assert "outside" not in out and "loop" not in out
    assert re.fullmatch(r"\d text\(s\) under 6pt in 6 PDF\(s\) under .*, 5 not checked", lines[-2]), lines[-2]
    assert re.fullmatch(r"0 colour\(s\) over .* in 0 print shop PDF\(s\) under .*", lines[-1]), lines[-1]  # no shop's file


def _pages_pdf(count: int) -> bytes:
    """A PDF of `count` blank pages, every one the same page object: as many pages as a viewer shows, written in a
    blink (pypdf takes seconds to write 20,000 pages of their own)."""
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>",
               b"<< /Type /Pages /Kids [" + b" 3 0 R" * count + b" ] /Count %d >>" % count,
               b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 10 10] >>"]
    data, offsets = b"%PDF-1.4\n", []
    for number, body in enumerate(objects, 1):
        offsets.append(len(data))
        data += b"%d 0 obj\n%s\nendobj\n" % (number, body)
    xref = len(data)
    data += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1) + b"".join(b"%010d 00000 n \n" % at for at in offsets)
    return data + b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)


def test_preflight_stops_at_a_pdf_larger_than_any_build_makes(tmp_path, capsys):
    from reportlab.pdfgen.canvas import Canvas

    (tmp_path / "out").mkdir()
    canvas = Canvas(str(tmp_path / "out" / "bomb.pdf"), pagesize=(300, 300))  # forms drawing forms: 10^11 strings
    canvas.beginForm("f0")
    canvas.setFont("Helvetica", 4)
    canvas.drawString(0, 0, "x")
    canvas.endForm()
    for level in range(1, 12):
        canvas.beginForm(f"f{level}")
        for _ in range(10):
            canvas.doForm(f"f{level - 1}")
        canvas.endForm()
    canvas.doForm("f11")
    canvas.showPage()
    canvas.save()
    (tmp_path / "out" / "pages.pdf").write_bytes(_pages_pdf(20_001))
    assert preflight([str(tmp_path / "out")]) == 1
    out = capsys.readouterr().out
    assert "bomb.pdf: not checked: larger than any PDF pnp makes (more than 2,000,000 drawing operations)" in out
    assert "pages.pdf: not checked: larger than any PDF pnp makes (20,001 pages" in out


# -- card images: never larger than pnp draws an image at ------------------------------------------------------

def test_card_images_too_large_for_their_dpi_are_refused_before_anything_is_drawn(fixture_project, monkeypatch):
    """A large card at a high `images: dpi` would draw an image too big for memory: `build --images` and `pnp card`
    say so at the dpi in paper.yaml (exit 1) and write nothing. The ceiling is lowered here so a poker card meets it."""
    import pnp.render.card_images as card_images

    monkeypatch.setattr(card_images, "MAX_IMAGE_PIXELS", 1000)
    code, output = pnp("build", GAME, "--images")
    assert code == 1 and "[too-large]" in output and "paper.yaml" in output and "lower the dpi" in output, output
    assert not (fixture_project / "output" / GAME).exists()
    code, output = pnp("card", GAME, "crypt")
    assert code == 1 and "[too-large]" in output, output
    assert not (fixture_project / "output" / "cards").exists()


def test_card_images_within_the_ceiling_are_not_refused(fx):
    from pnp.render.card_images import images_fit

    assert images_fit(fx, [fx.layout.size]) == []
