"""Layout and imposition geometry, checked on the recording backend (no PDF parsing), on the fixture game."""
import pytest

from pnp.core.units import mm
from pnp.render.backend import RecordingBackend
from pnp.render.imposition import Grid, crop_marks, fold_and_glue, home_print, mirrored, print_on_demand
from pnp.render.outputs import deck_faces
from pnp.text.fit import fit_text


def test_card_sizes_are_real_print_geometry(fx):
    size = fx.layout.size
    assert (size.width, size.height, size.bleed) == pytest.approx((180, 252, 9))  # 2.5 x 3.5 in, 1/8 in bleed


@pytest.mark.parametrize("paper,grid_size", [("a4", (3, 3)), ("letter", (3, 3))])
def test_poker_grid_is_centred_and_abutting_with_room_for_3mm_guides(fx, paper, grid_size):
    """9 up on both papers: Letter's three rows leave 6.35 mm above and below, which holds a 3 mm guide because the
    Letter entry comes to 3 mm of the paper's edge."""
    imposition = fx.print_setup.home[paper]
    grid = Grid.centred(imposition.paper, imposition.packing(fx.layout.size))
    assert (grid.columns, grid.rows) == grid_size
    assert grid.left == pytest.approx(imposition.paper.width - grid.right)
    assert grid.bottom == pytest.approx(imposition.paper.height - grid.top)
    x0, _ = grid.cell(0, 0)
    x1, _ = grid.cell(1, 0)
    assert x1 - x0 == pytest.approx(grid.card_w)  # no gutter: shared cut lines
    assert min(grid.left, grid.bottom) >= imposition.edge + imposition.mark_gap + mm(3) - 0.01


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_crop_marks_stay_in_the_margin_and_off_the_edge(fx, paper):
    imposition = fx.print_setup.home[paper]
    grid = Grid.centred(imposition.paper, imposition.packing(fx.layout.size))
    backend = RecordingBackend()
    crop_marks(backend, grid.cuts_x(), grid.cuts_y(), grid, imposition)
    lines = [c[1][:4] for c in backend.calls if c[0] == "line"]
    assert len(lines) >= 8
    for x1, y1, x2, y2 in lines:
        for x, y in ((x1, y1), (x2, y2)):
            assert imposition.edge - 0.01 <= x <= imposition.paper.width - imposition.edge + 0.01
            assert imposition.edge - 0.01 <= y <= imposition.paper.height - imposition.edge + 0.01
            inside = grid.left + 0.01 < x < grid.right - 0.01 and grid.bottom + 0.01 < y < grid.top - 0.01
            assert not inside, "a crop mark over the art"


def test_long_edge_duplex_mirrors_columns_and_short_edge_mirrors_rows(fx):
    imposition = fx.print_setup.home["a4"]
    grid = Grid.centred(imposition.paper, imposition.packing(fx.layout.size))
    assert [mirrored(slot, grid, "long") for slot in range(3)] == [(2, 0), (1, 0), (0, 0)]
    assert mirrored(0, grid, "short") == (0, 2)


def placements(backend: RecordingBackend) -> list[tuple[str, tuple]]:
    """(face key, clip rectangle) of every card placed, in drawing order."""
    found, clip = [], None
    for name, args, _ in backend.calls:
        if name == "clip_rect":
            clip = args
        elif name == "use_symbol" and args[0].startswith(("face:", "back:")):
            found.append((args[0], clip))
    return found


def test_each_card_gets_its_own_back_behind_its_front(fx):
    """Home print, long-edge duplex: the back of the card at x is drawn at W - x - w (w: its place's width), and it is that card's back:
    a room's own back side, the trap's back by kind, the deck's back, or the Ranger's back by card id."""
    imposition = fx.print_setup.home["letter"]
    for deck in ("rooms", "heroes"):
        fronts, backs = deck_faces(fx, deck, None)
        backend = RecordingBackend()
        pages = home_print(backend, fronts, backs, fx.layout, imposition, fx.game.emblems)
        assert pages == 2
        placed = placements(backend)
        front_places, back_places = placed[:len(fronts)], placed[len(fronts):]
        for (front_key, (fx_, fy, width, _)), (back_key, (bx, by, _, _)) in zip(front_places, back_places):
            assert bx == pytest.approx(imposition.paper.width - fx_ - width) and by == pytest.approx(fy)
            card_id = front_key.removeprefix("face:")
            assert back_key == fx.faces.backs[card_id].key
    expected = {"crypt": "face:crypt:back", "pit-trap": "back:rooms:trap-back", "hero-smith": "back:heroes:hero-back",
                "hero-ranger": "back:heroes:ranger-back"}
    assert {card: fx.faces.backs[card].key for card in expected} == expected


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_fold_and_glue_puts_each_back_beside_its_front_mirrored_about_the_fold(fx, paper):
    """Fronts left of the fold, backs right of it: folding the page puts each back behind its front."""
    imposition = fx.print_setup.fold[paper]
    assert imposition.paper.width > imposition.paper.height  # landscape
    fronts, backs = deck_faces(fx, "rooms", None)
    backend = RecordingBackend()
    pages = fold_and_glue(backend, fronts[:6], backs[:6], fx.layout, imposition, fx.game.emblems)
    assert pages == 2  # 4 cards per page
    placed = placements(backend)
    fold, width = imposition.paper.width / 2, fx.layout.size.width
    first_page = placed[:8]
    for (front, (fx_, fy, w, h)), (back, (bx, by, _, _)) in zip(first_page[::2], first_page[1::2]):  # front, then its back
        assert fx_ + w <= fold + 0.01 <= bx + 0.02 and by == pytest.approx(fy)
        assert fold - (fx_ + width) == pytest.approx(bx - fold)  # the same distance from the fold
        assert back == fx.faces.backs[front.removeprefix("face:")].key
    lines = [c[1][:4] for c in backend.calls if c[0] == "line"]
    for x1, y1, x2, y2 in lines:
        for x, y in ((x1, y1), (x2, y2)):
            assert imposition.edge - 0.01 <= x <= imposition.paper.width - imposition.edge + 0.01
            assert imposition.edge - 0.01 <= y <= imposition.paper.height - imposition.edge + 0.01
    on_fold = [line for line in lines if line[0] == pytest.approx(fold) and line[2] == pytest.approx(fold)]
    assert on_fold and all(abs(y2 - y1) <= 1.5 + 0.01 for _, y1, _, y2 in on_fold)  # dashes, not a crop mark


def test_print_on_demand_pages_carry_trim_and_bleed_boxes_and_each_cards_back_in_vendor_order(fx):
    fronts, backs = deck_faces(fx, "rooms", None)
    backend = RecordingBackend()
    vendor = fx.print_setup.vendors["drivethrucards"]
    pages = print_on_demand(backend, fronts, backs, fx.layout, vendor, fx.game.emblems)
    assert pages == 2 * len(fronts) == 16
    page_calls = [c for c in backend.calls if c[0] == "begin_page"]
    assert page_calls[0][1] == pytest.approx((198, 270))  # 2.75 x 3.75 in
    assert page_calls[0][2]["trim_box"] == pytest.approx((9, 9, 189, 261))
    assert page_calls[0][2]["bleed_box"] == pytest.approx((0, 0, 198, 270))
    used = [c[1][0] for c in backend.calls if c[0] == "use_symbol" and c[1][0].startswith(("back:", "face:"))]
    assert used[:4] == ["face:crypt:back", "face:crypt", "face:crypt:back", "face:crypt"]  # back, then front


def test_every_card_side_shows_its_text_and_declared_fields(fx):
    backend = RecordingBackend()
    fronts, backs = deck_faces(fx, "heroes", None)
    print_on_demand(backend, fronts, backs, fx.layout, fx.print_setup.vendors["front-then-back"], fx.game.emblems)
    drawn = backend.texts()
    for record in fx.game.decks["heroes"].cards:
        assert record.card.name in drawn and str(record.card.cost) in drawn and str(record.card.power) in drawn
    backend = RecordingBackend()
    fronts, backs = deck_faces(fx, "rooms", None)
    print_on_demand(backend, fronts, backs, fx.layout, fx.print_setup.vendors["front-then-back"], fx.game.emblems)
    drawn = " ".join(backend.texts())
    for record in fx.game.decks["rooms"].cards:
        assert record.card.name in drawn
        if record.back is not None:
            assert record.back.name in drawn and record.back.text.split()[0] in drawn


def test_difficulty_filter_leaves_out_harder_cards(fx):
    from pnp.model import Difficulty

    green, green_backs = deck_faces(fx, "rooms", Difficulty.green)
    everything, _ = deck_faces(fx, "rooms", None)
    assert len(everything) == 8 and len(green) == len(green_backs) == 6
    assert not any(f.values["kind"] == "trap" for f in green)


def test_text_shrinks_before_it_fails():
    roomy = fit_text("Play fast and play often", "Vera", 10, 6, 200, 40)
    tight = fit_text("Play fast and play often", "Vera", 10, 6, 60, 30)
    assert roomy.ok and roomy.size == 10
    assert tight.ok and tight.size < 10
    failed = fit_text("word " * 200, "Vera", 10, 6, 60, 40)
    assert not failed.ok and failed.problem == "height"
    assert fit_text("1234567890123456789012345678", "Vera", 10, 6, 30, 40).problem == "width"  # no hyphenation point


def _stepped(text, font, size, min_size, width, height, family=None):
    """The fit as it was found before halving: a wrap at every quarter point from the text's size down."""
    from pnp.text import fit

    words = fit._Words(font, frozenset(), family if family and fit.markup.has_markup(text) else None)
    paragraphs = fit._paragraphs(text, words)

    def stepping():
        if fit._cannot_fit(paragraphs, words, min_size, width, height):
            return fit._try(paragraphs, words, min_size, width, height, 0.0)
        current = size
        while True:
            found = fit._try(paragraphs, words, current, width, height, 0.0)
            if found.ok or current - fit.STEP < min_size - 1e-9:
                return found
            current = round(current - fit.STEP, 4)

    found = stepping()
    if found.problem == "width":  # as fit_text: a word too wide at every size is hyphenated, and the sizes tried again
        words.hyphenate = True
        found = stepping()
    return found


# the bundled family as a layout's fonts give it to the fit check (pnp.text.fonts.family_of): (slot, font) pairs
VERA = (("regular", "Vera"), ("bold", "VeraBd"), ("italic", "VeraIt"), ("bolditalic", "VeraBI"))


def test_a_text_that_fits_only_far_below_its_size_is_fitted_in_a_dozen_wraps(monkeypatch):
    """A 200pt box whose text fits only near 6pt was wrapped at every quarter point on the way down, some 780 times
    (a 5,000-character text in 300 boxes on 1,000 cards: hours). Smaller type never needs more lines, so halving the
    sizes finds the same fit in a dozen wraps."""
    from pnp.text import fit

    tries = []
    wrap = fit._try
    monkeypatch.setattr(fit, "_try", lambda *args: tries.append(args[2]) or wrap(*args))
    text = "Draw two cards, then **discard** one of them. " * 60
    found = fit.fit_text.__wrapped__(text, "Vera", 200, 6, 300, 250, family=VERA)
    assert found.ok and 6 <= found.size < 8
    assert len(tries) <= 12
    monkeypatch.setattr(fit, "_try", wrap)
    assert found == _stepped(text, "Vera", 200, 6, 300, 250, VERA)


def test_halving_finds_the_fit_stepping_down_finds():
    import random

    from pnp.text.fit import fit_text

    chance = random.Random(11)
    words = ["a", "the", "**bold**", "*it*", "Draw", "cards,", "1", "unbreakablewordhere"]
    for _ in range(300):
        text = "\n".join(" ".join(chance.choice(words) for _ in range(chance.randint(1, 50))) for _ in range(chance.randint(1, 3)))
        size, min_size = chance.choice([8, 9.3, 30, 200]), chance.choice([6, 4.2, 1])
        width, height = chance.uniform(5, 300), chance.uniform(5, 300)
        family = chance.choice([None, VERA])
        assert fit_text(text, "Vera", size, min_size, width, height, family=family) == \
            _stepped(text, "Vera", size, min_size, width, height, family), (text, size, min_size, width, height)


def test_width_table_holds_every_glyph_of_the_font_files():
    """So a character missing from the table is one the font cannot draw (see missing_glyphs)."""
    from pnp.render.fonts import render_width_table
    from pnp.text.fonts import WIDTHS_FILE

    assert WIDTHS_FILE.read_text() == render_width_table(), "run `python -m pnp.render.fonts` to refresh it"


def test_the_font_names_layouts_accept_are_the_bundled_fonts():
    from typing import get_args

    from pnp.model.common import FontName
    from pnp.text.fonts import BUNDLED

    assert set(get_args(FontName)) == set(BUNDLED)


@pytest.mark.parametrize("font", ["Vera", "VeraBd", "VeraIt", "VeraBI"])
def test_width_table_matches_the_font_files(font):
    """font_widths.json must measure exactly as reportlab does with the TTF itself."""
    from pathlib import Path

    from reportlab.pdfbase import pdfmetrics

    from pnp.render.fonts import register
    from pnp.text.fonts import string_width

    register(font)
    root = Path(__file__).resolve().parents[1]
    text = "".join(sorted({ch for path in (root / "content").rglob("*.yaml") for ch in path.read_text()} - {"\n"}))
    assert len(text) > 60
    for ch in text:
        assert string_width(ch, font, 10) == pytest.approx(pdfmetrics.stringWidth(ch, font, 10)), repr(ch)


def test_svg_backend_writes_well_formed_svg_with_text_the_right_way_up():
    from xml.etree import ElementTree

    from pnp.render.svg import SvgBackend

    backend = SvgBackend(100, 50, "a <figure>")
    backend.save()
    backend.translate(10, 10)
    backend.rect(0, 0, 5, 5, fill="#ff0000")
    backend.restore()
    backend.define_symbol("dot", 5, 5, lambda inner: inner.circle(2, 2, 2, fill="#000000"))
    backend.use_symbol("dot", 20, 20)
    backend.text(5, 5, "a < b & c", "VeraBd", 8, align="center")
    svg = backend.svg("fig")
    root = ElementTree.fromstring(svg)  # well formed: content is escaped
    ns = "{http://www.w3.org/2000/svg}"
    assert root.find(f"{ns}title").text == "a <figure>"
    text = next(root.iter(f"{ns}text"))
    assert text.text == "a < b & c" and "scale(1 -1)" in text.get("transform") and text.get("font-weight") == "bold"
    assert 'id="fig-s0"' in svg and 'href="#fig-s0"' in svg  # symbols are named per figure


def test_pnp_s_faster_pdf_writing_writes_the_bytes_reportlab_writes(fx, tmp_path, monkeypatch):
    """pnp.render.pdf sends ASCII strings straight to bytes instead of through reportlab's PDFDocEncoding codec,
    writes numbers and strings before asking whether they are reportlab's objects and remembers names: a deck's
    file, a rulebook (text with accents and typographic marks) and the codec's odd characters come out the same
    either way."""
    from reportlab.pdfbase import pdfdoc

    from pnp.render.outputs import home_deck_pdf
    from pnp.render.rulebook import rulebook_pdf

    fast = pdfdoc.pdfdocEnc
    codec, general = fast.reportlabs, pdfdoc.format.reportlabs
    for text in ("12.5", "/Type", "q 1 0 0 1 9.5 3 cm BT /F1 8 Tf (Caf\\351) Tj ET Q\n" * 40, "café – “quoted”", "\x17"):
        assert fast(text) == codec(text)
    with pytest.raises(UnicodeEncodeError):  # what the codec cannot encode, it still refuses
        fast("a\x18b")

    def both(write):
        write(tmp_path / "fast.pdf")
        with monkeypatch.context() as patch:
            patch.setattr(pdfdoc, "pdfdocEnc", codec)
            patch.setattr(pdfdoc, "format", general)
            patch.setattr(pdfdoc, "PDFName", pdfdoc.PDFName.__wrapped__)
            write(tmp_path / "codec.pdf")
        return (tmp_path / "fast.pdf").read_bytes(), (tmp_path / "codec.pdf").read_bytes()

    deck = next(iter(fx.game.decks))
    fast_file, codec_file = both(lambda path: home_deck_pdf(fx, deck, "a4", None, path))
    assert fast_file == codec_file
    fast_file, codec_file = both(lambda path: rulebook_pdf(fx, None, "a4", path))
    assert fast_file == codec_file


def test_an_image_is_named_and_loaded_once_a_process_and_written_as_loading_it_again_writes(fx, tmp_path, monkeypatch):
    """A deck's art goes into many files: pnp names each image from its pixels once (not at every placing) and keeps
    its loaded stream, soft mask too, for each further file. The fixture game's faces place images with alpha; its
    deck files, drawn again with every image loaded afresh, are the same bytes."""
    from reportlab.pdfbase import pdfdoc

    from pnp.render import form_reuse, pdf
    from pnp.render.outputs import fold_deck_pdf, home_deck_pdf

    kept_loading = pdfdoc.PDFImageXObject.loadImageFromSRC
    loads = []
    load = kept_loading.reportlabs
    monkeypatch.setattr(kept_loading, "reportlabs", lambda self, image: (loads.append(str(image)), load(self, image)))
    pdf._image.cache_clear()  # this test's own images, not loaded yet, in faces drawn afresh (as in a new process)
    monkeypatch.setattr(form_reuse, "_LIBRARY", {})
    deck = next(iter(fx.game.decks))
    home_deck_pdf(fx, deck, "a4", None, tmp_path / "home.pdf")
    fold_deck_pdf(fx, deck, "a4", None, tmp_path / "fold.pdf")
    assert loads and all(name.startswith("pnp-image-") for name in loads)
    assert len(loads) == len(set(loads))  # each image loaded by the first file only

    def afresh(image_self, image):  # what reportlab alone does: load it, every document
        image.loaded.clear()
        load(image_self, image)

    monkeypatch.setattr(pdfdoc.PDFImageXObject, "loadImageFromSRC", afresh)
    home_deck_pdf(fx, deck, "a4", None, tmp_path / "home-afresh.pdf")
    fold_deck_pdf(fx, deck, "a4", None, tmp_path / "fold-afresh.pdf")
    assert (tmp_path / "home.pdf").read_bytes() == (tmp_path / "home-afresh.pdf").read_bytes()
    assert (tmp_path / "fold.pdf").read_bytes() == (tmp_path / "fold-afresh.pdf").read_bytes()


def test_each_difficulty_level_has_a_shape_of_its_own_as_well_as_a_colour():
    """Stranded's levels were told apart by green, yellow and red alone, the colours of its Sols (the third
    proofreading); a reader without colour vision could not tell them apart at all. A level's mark is a circle, a
    diamond or a triangle, in its colour, on the cards as in the rulebook."""
    from helpers import validated

    from pnp.render.backend import RecordingBackend
    from pnp.render.cards import DIFFICULTY_COLORS, difficulty_outline, draw_face

    assert difficulty_outline("green", 0, 0, 1) is None
    assert len(difficulty_outline("yellow", 0, 0, 1)) == 4 and len(difficulty_outline("red", 0, 0, 1)) == 3
    project = validated("escape-master")
    marks = {}
    for record in project.game.cards():
        level = record.card.difficulty.value if record.card.difficulty else None
        if level in marks or level is None:
            continue
        backend = RecordingBackend()
        draw_face(backend, project.faces.fronts[record.card.id], project.layout, project.game.emblems, 0, 0)
        calls = [c for calls in [backend.calls] + list(backend.symbols.values()) for c in calls]
        marks[level] = {c[0] for c in calls if c[2].get("fill") == DIFFICULTY_COLORS[level] and c[0] in ("circle", "path")}
    assert marks["green"] >= {"circle"} and "path" in marks["yellow"] and "path" in marks["red"]


def test_a_cards_text_never_ends_on_a_lone_short_word():
    """The fifteenth proofreading: Stranded's Fumble ended "... a second / ago." and its Green Sol "... turn to Yellow
    / Sol."; Escort Service's Warrior "... eyes on / itself.". A last line of one word of six characters or fewer
    takes the word before it down, where the line above keeps two words; the text keeps its size and its lines."""
    from pnp.render.fonts import register_all

    register_all()
    fumble = fit_text("The wrench was right there a second ago.", "Vera", 9, 6, 100, 100)
    assert fumble.lines == (("The wrench was right", "there a second ago."),)
    sol = fit_text("When the danger stack runs out, turn to Yellow Sol.", "Vera", 9, 6, 120, 100)
    assert sol.lines[0][-1] == "Yellow Sol." and len(sol.lines[0]) == 3
    # a longer last word may stand alone: the line above keeps its width ("... from now / onwards.")
    longer = fit_text("The wrench was right there a second afterwards.", "Vera", 9, 6, 100, 100)
    assert longer.lines[0][-1] == "afterwards."
