"""A face drawn once per process and put into every further file (pnp.render.form_reuse): the files are byte for
byte those drawn afresh, and print the same words.

The promise, tested from its ends: every game's files built with reuse on and off are the same bytes; the words
each page of its deck files prints (as a PDF reader extracts them) are the faces' own; a form is put in only where
its characters have the codes it holds; and the comparison fails when reuse is broken on purpose.
"""
import io
import re
from pathlib import Path

import pytest
from helpers import FIXTURE_GAME, GAMES, digest, root_of, validated
from pypdf import PdfReader

from pnp.render import form_reuse
from pnp.render.cards import box_drawings


@pytest.fixture
def puts(monkeypatch):
    """How many symbols each document got from the library instead of drawing them (a list, one count per call)."""
    counted = []
    put = form_reuse.DocumentForms.put

    def counting(self, key, width, height):
        got = put(self, key, width, height)
        counted.append(got)
        return got

    monkeypatch.setattr(form_reuse.DocumentForms, "put", counting)
    return counted


@pytest.mark.parametrize("game_id", GAMES)
def test_files_with_reuse_are_those_drawn_afresh(game_id, built_game, tmp_path, monkeypatch):
    """A whole build, forms reused in each worker (the shared build), against one drawing every form."""
    from pnp.build.game import BuildTarget, build

    reused = built_game(game_id)  # built with reuse on, before it is switched off
    monkeypatch.setattr(form_reuse, "REUSE", False)
    result, report = build(BuildTarget(root_of(game_id), game_id, tmp_path))
    assert result is not None, report.to_text()
    assert digest(tmp_path / game_id) == digest(reused)


def _deck_files(project, deck_id: str, folder: Path, pdfx: bool = True) -> list[Path]:
    """Every kind of file a deck is printed in, drawn in this process in turn: RGB and press CMYK, PDF/X (unless
    not `pdfx`)."""
    from pnp.render.outputs import fold_deck_pdf, home_deck_pdf, pod_deck_pdf
    from pnp.render.print_shops import game_pdf

    made = []
    for name in project.print_setup.home:
        made.append(folder / f"home-{name}.pdf")
        home_deck_pdf(project, deck_id, name, None, made[-1])
    for name in project.print_setup.fold:
        made.append(folder / f"fold-{name}.pdf")
        fold_deck_pdf(project, deck_id, name, None, made[-1])
    for name, vendor in project.print_setup.vendors.items():
        if vendor.file != "pdf" or not _prints(project, vendor, deck_id) or (vendor.pdfx and not pdfx):
            continue
        made.append(folder / f"pod-{name}.pdf")
        if vendor.per == "game":
            game_pdf(project, name, [deck_id], None, made[-1])
        else:
            pod_deck_pdf(project, deck_id, name, None, made[-1])
    return made


def _prints(project, vendor, deck_id: str) -> bool:
    from pnp.render.shop_fit import vendor_problems

    return not vendor_problems(project, vendor, [deck_id])


@pytest.mark.parametrize("game_id", [FIXTURE_GAME, "stranded"])
def test_a_deck_drawn_in_one_process_puts_its_faces_in_and_writes_the_files_drawn_afresh(game_id, tmp_path, puts,
                                                                                           monkeypatch):
    """In one process (as a worker draws), every further file of the deck puts its faces in, images and nested
    emblems too (the fixture game's faces have both), and writes the bytes that drawing them writes."""
    project = validated(game_id)
    deck_id = next(iter(project.game.decks))
    (tmp_path / "on").mkdir()
    (tmp_path / "off").mkdir()
    reused = _deck_files(project, deck_id, tmp_path / "on")
    assert sum(puts) > len(puts) / 2  # most symbols were put in, not drawn
    monkeypatch.setattr(form_reuse, "REUSE", False)
    drawn = _deck_files(project, deck_id, tmp_path / "off")
    for a, b in zip(reused, drawn):
        assert a.read_bytes() == b.read_bytes(), a.name


@pytest.mark.parametrize("game_id", [FIXTURE_GAME, "stranded"])  # every game's files: the whole builds above
def test_a_rulebook_puts_in_the_faces_its_process_drew_for_the_decks_and_the_decks_the_rulebooks(game_id, tmp_path,
                                                                                                monkeypatch):
    """Every document of a game's faces settles its fonts for all of them (pnp.render.cards.game_sharing): a
    worker's rulebook pictures the cards with the forms its deck files drew, and the other way round, and each file
    is the bytes drawing every form writes."""
    from pnp.render.outputs import home_deck_pdf
    from pnp.render.rulebook import rulebook_pdf

    project = validated(game_id)
    paper = next(iter(project.print_setup.home))
    faces = {face.key for face in [*project.faces.fronts.values(), *project.faces.backs.values()]}
    asked = []  # (face key, put in rather than drawn)
    put = form_reuse.DocumentForms.put

    def counting(self, key, *size):
        got = put(self, key, *size)
        if key in faces:
            asked.append((key, got))
        return got

    monkeypatch.setattr(form_reuse.DocumentForms, "put", counting)

    def deck_files(folder):
        folder.mkdir()
        for deck_id in project.game.decks:
            home_deck_pdf(project, deck_id, paper, None, folder / f"{deck_id}.pdf")

    deck_files(tmp_path / "decks")
    asked.clear()
    rulebook_pdf(project, None, "a4", tmp_path / "rulebook.pdf")
    assert asked and all(got for _, got in asked)  # every card picture put in, none drawn
    pictured = {key for key, _ in asked}
    monkeypatch.setattr(form_reuse, "_LIBRARY", {})  # a fresh process: the rulebook first this time
    rulebook_pdf(project, None, "letter", tmp_path / "rulebook-letter.pdf")
    asked.clear()
    deck_files(tmp_path / "after")
    from_rulebook = [got for key, got in asked if key in pictured]
    assert from_rulebook and all(from_rulebook)  # each face the rulebook pictured, put in (any other, drawn)
    monkeypatch.setattr(form_reuse, "REUSE", False)
    rulebook_pdf(project, None, "a4", tmp_path / "drawn.pdf")
    deck_files(tmp_path / "drawn")
    assert (tmp_path / "rulebook.pdf").read_bytes() == (tmp_path / "drawn.pdf").read_bytes()
    assert digest(tmp_path / "after") == digest(tmp_path / "drawn") == digest(tmp_path / "decks")


def _words(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def _printed(face, project) -> list[str]:
    return [_words(text) for drawing in box_drawings(face, project.layout, project.game.emblems)
            for _, text in drawing.lettering if text.strip()]


@pytest.mark.parametrize("game_id", GAMES)
def test_each_page_of_a_deck_file_prints_its_faces_words(game_id, built_game):
    """What a reader extracts from each page (its words through each font's ToUnicode map, so any character given
    the wrong code would show) holds every string the faces on it print, on the home-print A4 file and two print
    shops' files of the game's first deck (RGB, and press CMYK)."""
    from pnp.render.outputs import deck_faces
    from pnp.render.print_shops import deck_file

    project = validated(game_id)
    if not project.game.decks:
        pytest.skip(f"{game_id} has no cards")
    folder = built_game(game_id)
    deck_id = next(iter(project.game.decks))
    fronts, backs = deck_faces(project, deck_id, None)
    per_page = project.print_setup.home["a4"].packing(project.deck_size(deck_id)).per_page
    sheets = []
    for start in range(0, len(fronts), per_page):
        sheets += [fronts[start:start + per_page], backs[start:start + per_page]]
    checked = [(folder / "home-a4" / f"{deck_id}.pdf", sheets)]
    for name in ("front-then-back", "drivethrucards"):  # RGB; press CMYK and PDF/X
        vendor = project.print_setup.vendors[name]
        checked.append((folder / "print-on-demand" / deck_file(vendor, project.game.id, deck_id),
                        [[front if side == "front" else back] for front, back in zip(fronts, backs)
                         for side in vendor.order]))
    for pdf, pages in checked:
        reader = PdfReader(pdf)
        for number, faces in enumerate(pages):
            text = _words(reader.pages[number].extract_text())
            for face in faces:
                for string in _printed(face, project):
                    assert string in text, f"{pdf.name} page {number + 1}: {string!r} not in {text!r}"


class _Scope:
    """What a test's symbol keys are unique within (a project, in a build)."""


def _document(scope, lettering, before: str = "", symbols=("card",), drawings=None) -> bytes:
    """A one-page document sharing its symbols: `before` printed on the page first (characters the settling did
    not foresee), then each symbol placed."""
    from pnp.render.pdf import PdfBackend, new_canvas

    buffer = io.BytesIO()
    canvas = new_canvas(buffer, 200, 200, "reuse")
    backend = PdfBackend(canvas, sharing=form_reuse.Sharing(scope, frozenset(lettering)))
    backend.begin_page(200, 200)
    if before:
        backend.text(10, 190, before, "VeraBd", 8)
    for key in symbols:
        backend.define_symbol(key, *SIZES.get(key, (100, 100)), drawings[key])
        backend.use_symbol(key, 50, 50)
    backend.end_page()
    canvas.save()
    return buffer.getvalue()


SIZES = {"emblem": (20, 20)}  # a symbol key names one drawing, of one size
CAFE = "Café — über naïve"


def _card(inner):
    inner.rect(0, 0, 100, 100, fill="#d04020")
    inner.text(5, 50, CAFE, "Vera", 9)
    inner.text(5, 30, "plain ASCII", "VeraBd", 9)


@pytest.mark.parametrize("lettering,before,put_in", [
    ({("Vera", CAFE), ("VeraBd", "plain ASCII")}, "", True),  # settled alike: put in
    ({("Vera", CAFE), ("VeraBd", "plain ASCII")}, "Straße", True),  # a character coded later: still alike
    ({("Vera", "ß" + CAFE), ("VeraBd", "plain ASCII")}, "", False),  # ß takes é's code: drawn
    ({("Vera", CAFE)}, "", False),  # VeraBd named F1 before Vera (F2 above): drawn
    ((), "", False),  # nothing settled: the characters have no codes yet, drawing them gives them theirs
])
def test_a_form_is_put_in_only_where_its_characters_have_its_codes(lettering, before, put_in, puts, monkeypatch):
    """A form printing characters beyond ASCII, kept from one document, is put into another only if its fonts have
    the same names there and its characters the same codes; the file is the one drawn afresh, either way, and
    prints the card's words."""
    scope = _Scope()
    drawings = {"card": _card}
    _document(scope, {("Vera", CAFE), ("VeraBd", "plain ASCII")}, drawings=drawings)  # kept
    assert puts == [False]
    reused = _document(scope, lettering, before, drawings=drawings)
    assert puts[1:] == [put_in]
    monkeypatch.setattr(form_reuse, "REUSE", False)
    assert reused == _document(_Scope(), lettering, before, drawings=drawings)
    text = _words(PdfReader(io.BytesIO(reused)).pages[0].extract_text())
    assert CAFE in text and "plain ASCII" in text and (before in text)


def test_a_nested_symbol_is_put_in_before_the_form_placing_it(puts, monkeypatch):
    """A face placing an emblem that an earlier symbol of the document defined: put into a document without it,
    the emblem comes in first, as drawing the face would have defined it, and the bytes are the same."""
    scope = _Scope()

    def emblem(inner):
        inner.circle(10, 10, 8, fill="#204080")

    def face(inner):
        inner.rect(0, 0, 100, 100, fill="#ffffff")
        if not inner.has_symbol("emblem"):
            inner.define_symbol("emblem", 20, 20, emblem)
        inner.use_symbol("emblem", 40, 40)
        inner.text(5, 5, "Naïve", "Vera", 9)

    lettering = {("Vera", "Naïve")}
    drawings = {"emblem": emblem, "face": face}
    _document(scope, lettering, symbols=("emblem", "face"), drawings=drawings)
    reused = _document(scope, lettering, symbols=("face",), drawings=drawings)
    assert puts[-1] is True
    monkeypatch.setattr(form_reuse, "REUSE", False)
    assert reused == _document(_Scope(), lettering, symbols=("face",), drawings=drawings)


def test_the_comparison_fails_when_a_form_is_put_in_under_other_colours(tmp_path, monkeypatch):
    """The check on the check: a library that forgot the colours would put an RGB face into a press CMYK file (the
    metric press's and PrintNinja's), and the files with reuse on are then no longer those drawn afresh. (A PDF/X
    file would not even be written: its forms' RGB colours ask for an alpha, which pnp.render.pdfx refuses; it is
    left out.)"""
    init = form_reuse.DocumentForms.__init__

    def colour_blind(self, *args):
        init(self, *args)
        self.drawing = ()  # not the canvas's colour space

    def holds(self, kept, seen):  # nor the colours: the fonts only
        return form_reuse._fonts_hold(self.document, kept.fonts)

    project = validated(FIXTURE_GAME)
    deck_id = next(iter(project.game.decks))
    form_reuse._library(project).clear()  # what other tests kept, under the colours
    monkeypatch.setattr(form_reuse.DocumentForms, "__init__", colour_blind)
    monkeypatch.setattr(form_reuse.DocumentForms, "_holds", holds)
    (tmp_path / "on").mkdir()
    (tmp_path / "off").mkdir()
    reused = _deck_files(project, deck_id, tmp_path / "on", pdfx=False)
    monkeypatch.setattr(form_reuse, "REUSE", False)
    drawn = _deck_files(project, deck_id, tmp_path / "off", pdfx=False)
    assert [a.name for a, b in zip(reused, drawn) if a.read_bytes() != b.read_bytes()] == ["pod-printninja.pdf",
                                                                                         "pod-metric-poker.pdf"]


def test_reuse_is_on_only_under_the_reportlab_these_tests_compare_it_on(monkeypatch):
    """The tests above compare reused forms with fresh ones, so they must run with reuse on (the reportlab the
    project installs is the one it is made for); under another major version of reportlab every form is drawn."""
    import reportlab

    assert form_reuse.REUSE, f"reportlab {reportlab.Version}: the reuse these tests check is off"
    monkeypatch.setattr(reportlab, "Version", "6.0.0")
    assert not form_reuse._reportlab_tested()


def test_two_sizes_that_share_an_emblems_name_share_its_drawing():
    """An emblem's form is named to a hundredth of a point, so 19.9963 pt and 20 pt are one form: it must be one
    drawing too, or whichever size a document (or an earlier one, put in from the library) drew first would stand
    for the other, and a file would differ from the same file drawn afresh."""
    from pnp.render.backend import RecordingBackend, place_emblem

    def square(backend, color):
        backend.rect(0, 0, 100, 100, fill=color)

    drawings = []
    for sizes in ((19.9963, 20.0), (20.0, 19.9963)):
        backend = RecordingBackend()
        for size in sizes:
            place_emblem(backend, {"square": square}, "square", "#123456", 0, 0, size)
        assert len(backend.symbols) == 1
        drawings.append(next(iter(backend.symbols.values())))
    assert drawings[0] == drawings[1]
