"""pnp preview: the gallery lists every card with its facts, puts warnings on their cards, escapes content, opens
from disk with no network, and is the same bytes when written again (its stamp changes only with what it shows).

The gallery in a real browser (search, reload): tests/test_preview_browser.py.
"""
import re
import shutil
from html.parser import HTMLParser
from pathlib import Path

import pytest
from helpers import FIXTURE_GAME, fixture_root, validated
from PIL import Image
from pypdf import PdfReader
from typer.testing import CliRunner

from pnp.build.preview import write_preview
from pnp.build.preview.margins import Margin, tightest
from pnp.build.preview.notes import place_notes
from pnp.cli import app
from pnp.core.diagnostics import Diagnostic
from pnp.model import Difficulty

LONG_NAME = "<script> Crypt of the Forgotten Kings"  # markup to escape, and a title that must shrink to fit


def _project(target: Path) -> Path:
    for name in ("content", "layouts", "fonts"):
        shutil.copytree(fixture_root() / name, target / name)
    return target


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


@pytest.fixture(scope="module")
def gallery(tmp_path_factory):
    """The fixture game's gallery, its crypt card renamed to hold markup and given art too small to print well."""
    root = _project(tmp_path_factory.mktemp("preview") / "project")
    _edit(root / "content/pocket-dungeon/decks/rooms.yaml", "name: Crypt\n", f'name: "{LONG_NAME}"\n')
    Image.new("RGB", (20, 20), "red").save(root / "content/pocket-dungeon/art/crypt.png")  # a low-resolution warning
    Image.new("RGB", (40, 56), "navy").save(root / "content/pocket-dungeon/art/hero-back.png")  # one in a layout file
    index, report = write_preview(root, FIXTURE_GAME, root / "output")
    assert index == root / "output/pocket-dungeon/preview/index.html", report.to_text()
    return root, index, report


class _Cards(HTMLParser):
    """Each <article class="card"> of a page: its attributes and its text."""

    def __init__(self):
        super().__init__()
        self.cards, self.current, self.depth = {}, None, 0

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "article" and "card" in attrs.get("class", "").split():
            self.current, self.depth = attrs["data-id"], 0
            self.cards[self.current] = {"attrs": attrs, "text": "", "images": []}
        elif self.current is not None:
            self.depth += tag == "article"
            if tag == "img":
                self.cards[self.current]["images"].append(attrs["src"])

    def handle_endtag(self, tag):
        if tag == "article" and self.current is not None:
            if self.depth == 0:
                self.current = None
            self.depth -= 1

    def handle_data(self, data):
        if self.current is not None:
            self.cards[self.current]["text"] += data


def cards_of(index: Path) -> dict:
    parser = _Cards()
    parser.feed(index.read_text(encoding="utf-8"))
    return parser.cards


def test_every_card_with_its_id_count_and_place(gallery):
    root, index, _ = gallery
    shown = cards_of(index)
    records = list(validated(FIXTURE_GAME).game.cards())
    assert sorted(shown) == sorted(record.card.id for record in records)
    for record in records:
        card = shown[record.card.id]
        line = record.source.at(record.keypath)[0]
        assert f"content/pocket-dungeon/decks/{Path(record.source.path).name}:{line}" in card["text"]
        assert f"×{record.card.count}" in card["text"] and record.card.id in card["text"]
        assert record.card.difficulty.value in card["text"]
        front, back = card["images"]
        for image in (front, back):
            assert (index.parent / image).is_file()
        with Image.open(index.parent / front) as picture:  # trimmed at 120 dpi
            size = validated(FIXTURE_GAME).deck_size(record.deck)
            assert picture.size == (round(size.width * 120 / 72), round(size.height * 120 / 72))


def test_sheets_and_rulebook_pages(gallery):
    _, index, _ = gallery
    page = index.read_text(encoding="utf-8")
    for sheet in ("score-pad", "playmat"):
        assert f'src="sheets/{sheet}.png"' in page and (index.parent / "sheets" / f"{sheet}.png").is_file()
    pages = sorted((index.parent / "rulebook").glob("page-*.png"))
    assert len(pages) == len(PdfReader(index.parent / "rulebook/rulebook.pdf").pages) > 2  # shared among the cores
    assert 'href="rulebook/rulebook.pdf"' in page
    assert all(f'src="rulebook/{p.name}"' in page for p in pages)


def test_warnings_land_on_their_card(gallery):
    _, index, report = gallery
    assert sorted((d.code, Path(d.path).name) for d in report.diagnostics) == [("low-resolution", "cards.yaml"),
                                                                               ("low-resolution", "rooms.yaml")]
    shown = cards_of(index)
    assert "warning [low-resolution] 'art/crypt.png'" in shown["crypt"]["text"]
    assert "content/pocket-dungeon/decks/rooms.yaml:12:" in shown["crypt"]["text"]
    assert "has-notes" in shown["crypt"]["attrs"]["class"]
    assert not [card for card, seen in shown.items() if card != "crypt" and "low-resolution" in seen["text"]]
    warnings = index.read_text(encoding="utf-8").split('<section id="warnings"')[1].split("</section>")[0]
    assert "On no card" in warnings and 'href="#card-crypt"' in warnings  # the layout's warning, and a link to the crypt
    assert re.search(r"layouts/pocket-dungeon/cards.yaml:\d+:\d+</span> warning \[low-resolution\] &#39;art/hero-back.png&#39;", warnings)


def test_notes_find_their_card_by_line():
    project = validated(FIXTURE_GAME)
    record = project.game.card("library")
    line = record.source.at(record.keypath + ("text",))[0]
    manifest = project.game.manifest_source.path
    on_cards, loose = place_notes([Diagnostic(record.source.path, line, 5, "x", "on the library"),
                                   Diagnostic(manifest, 3, 1, "y", "on the game")], project.game, project.root)
    assert [note.message for note in on_cards["library"]] == ["on the library"]
    assert list(on_cards) == ["library"]
    assert [(note.place, note.message) for note in loose] == [("content/pocket-dungeon/game.yaml:3:1", "on the game")]


def test_content_is_escaped(gallery):
    _, index, _ = gallery
    page = index.read_text(encoding="utf-8")
    assert "&lt;script&gt; Crypt of the Forgotten Kings" in page
    assert "<script> Crypt" not in page
    assert page.count("<script") == 2  # stamp.js, and the page's own script
    assert 'data-search="crypt &lt;script&gt; crypt of the forgotten kings' in page


def test_a_text_that_shrank_is_marked_tight(gallery):
    _, index, _ = gallery
    crypt = cards_of(index)["crypt"]["text"]
    assert re.search(r"front: 'title', [\d.]+ mm \w+ at [\d.]+ pt, shrunk from 13 pt", crypt)
    assert '<p class="fit tight"' in index.read_text(encoding="utf-8")


def test_margin_is_the_room_left():
    project = validated(FIXTURE_GAME)
    face = project.faces.fronts["library"]
    margin = tightest(face, project.layout)
    boxes = {box.name: box for box in face.template.boxes}
    assert margin.box in face.fits and 0 <= margin.room <= (boxes[margin.box].w if margin.across else boxes[margin.box].h)
    assert Margin("text", 72 / 25.4 * 3, False, 8, 8).describe() == "'text', 3.0 mm below at 8 pt"
    assert not Margin("text", 72 / 25.4 * 3, False, 8, 8).tight
    assert Margin("title", 72 / 25.4 * 0.5, True, 9, 13).describe() == "'title', 0.5 mm across at 9 pt, shrunk from 13 pt"
    assert Margin("text", 72 / 25.4 * 0.5, True, 8, 8).tight


def test_opens_from_disk_with_no_network(gallery):
    _, index, _ = gallery
    folder = index.parent
    for path in folder.rglob("*"):
        if path.suffix in (".html", ".js", ".css"):
            text = path.read_text(encoding="utf-8")
            assert not re.search(r"(?i)\b(https?:)?//", text.replace("file:", "")), f"{path.name} names a network address"
    page = index.read_text(encoding="utf-8")
    for reference in re.findall(r'(?:src|href)="([^"#]+)', page):
        assert not re.match(r"[a-z]+:|/|\.\.", reference), reference
        assert (folder / reference.split("?")[0]).is_file(), reference
    assert "default-src 'none'" in page  # the browser loads nothing else either
    assert "stamp.js" in page and (folder / "stamp.js").is_file()


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def _stamp(folder: Path) -> str:
    return re.fullmatch(r'window.PNP_PREVIEW_STAMP = "(\w+)";\n', (folder / "stamp.js").read_text()).group(1)


def test_same_bytes_again_and_a_new_stamp_after_an_edit(tmp_path):
    root = _project(tmp_path / "project")
    folder = root / "output/pocket-dungeon/preview"
    write_preview(root, FIXTURE_GAME, root / "output")
    first = _files(folder)
    write_preview(root, FIXTURE_GAME, root / "output")
    assert _files(folder) == first  # deterministic: a reload only when something changed
    assert f'data-stamp="{_stamp(folder)}"' in first["index.html"].decode()
    assert not [p for p in folder.parent.iterdir() if p.name != "preview"]  # no staging folder left behind

    rooms = root / "content/pocket-dungeon/decks/rooms.yaml"
    _edit(rooms, "Beat power 2 to read the shelves", "Beat power 2 to read the dusty shelves")
    old_stamp = _stamp(folder)
    write_preview(root, FIXTURE_GAME, root / "output")
    again = _files(folder)
    assert _stamp(folder) != old_stamp and f'data-stamp="{_stamp(folder)}"' in again["index.html"].decode()
    assert again["cards/rooms/library.png"] != first["cards/rooms/library.png"]
    assert again["cards/heroes/hero-ranger.png"] == first["cards/heroes/hero-ranger.png"]

    _edit(rooms, "kind: room", "kind: room\n    colour: red")  # invalid: the last gallery stays as it was
    index, report = write_preview(root, FIXTURE_GAME, root / "output")
    assert index is None and [d.code for d in report.errors] == ["unknown-key"]
    assert _files(folder) == again


def test_difficulty_leaves_out_harder_cards(tmp_path):
    root = _project(tmp_path / "project")
    index, _ = write_preview(root, FIXTURE_GAME, root / "output", Difficulty.green)
    assert index == root / "output/pocket-dungeon-green/preview/index.html"
    shown = cards_of(index)
    assert "hero-ranger" in shown and "hero-scout" not in shown and "pit-trap" not in shown  # the red ones
    assert "cards up to green" in index.read_text(encoding="utf-8")


def test_command_line(tmp_path, monkeypatch):
    root = _project(tmp_path / "project")
    monkeypatch.chdir(root)
    runner = CliRunner()
    result = runner.invoke(app, ["preview", FIXTURE_GAME, "--out", str(tmp_path / "elsewhere")])
    assert result.exit_code == 0, result.output
    index = tmp_path / "elsewhere/pocket-dungeon/preview/index.html"
    assert index.is_file() and f"open {index.as_uri()}" in result.output
    assert not (root / "output").exists()

    result = runner.invoke(app, ["preview", "pocket-dungeons"])
    assert result.exit_code == 2 and "did you mean 'pocket-dungeon'" in result.output

    _edit(root / "content/pocket-dungeon/decks/rooms.yaml", "kind: room", "kind: room\n    colour: red")
    result = runner.invoke(app, ["preview", "--root", str(root)])
    assert result.exit_code == 1
    assert "error [unknown-key]" in result.output and "no preview written" in result.output
    assert "Traceback" not in result.output


def test_a_preview_folder_that_is_a_link_is_never_written_through(tmp_path, monkeypatch):
    root = _project(tmp_path / "project")
    victim = tmp_path / "victim"
    victim.mkdir()
    (victim / "keep.txt").write_text("the user's own file\n")
    (root / "output/pocket-dungeon").mkdir(parents=True)
    (root / "output/pocket-dungeon/preview").symlink_to(victim)
    monkeypatch.chdir(root)
    result = CliRunner().invoke(app, ["preview", FIXTURE_GAME])
    assert result.exit_code == 2 and "not a folder pnp made" in result.output
    assert [p.name for p in victim.iterdir()] == ["keep.txt"]
