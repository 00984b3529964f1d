"""Several card sizes in one game, and landscape cards, through every output: the fixture's relics are mini
cards and its quests landscape poker cards (game.yaml `card_size:` per deck), beside its poker heroes and rooms.

Geometry is measured in the PDFs themselves (pypdf): page sizes, TrimBox and BleedBox, the clip rectangle
and rotation of every card placed, and where a point of a card lands on the front page and behind it on the
back page.
"""
import dataclasses
import math

import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream

from pnp.core.units import inch, mm
from pnp.layout.paper import Paper, pack
from pnp.render.backend import RecordingBackend
from pnp.render.imposition import home_print
from pnp.render.outputs import deck_faces, fold_deck_pdf, home_deck_pdf, pod_deck_pdf

MINI = (1.75 * 72, 2.5 * 72)
LANDSCAPE = (3.5 * 72, 2.5 * 72)


def placed_cards(reader: PdfReader, page) -> list[tuple[tuple[float, float, float, float], int]]:
    """(clip rectangle x, y, w, h, turn in degrees) of every card a page places, in drawing order."""
    found = []
    rect = None
    for operands, operator in ContentStream(page.get_contents(), reader).operations:
        if operator == b"re":
            rect = tuple(float(v) for v in operands)
        elif operator in (b"W", b"W*"):  # the clip: a card goes in
            found.append([rect, 0])
        elif operator == b"cm" and found and abs(float(operands[1])) > 0.5:  # a rotation, not a translation
            found[-1][1] = round(math.degrees(math.atan2(float(operands[1]), float(operands[0])))) % 360
    return [(tuple(r), turn) for r, turn in found]


def sheet_point(placed, u: float, v: float) -> tuple[float, float]:
    """Where the point (u, v) of a card (from its centre, x right and y up as the card reads) lands on the sheet."""
    (x, y, w, h), turn = placed
    a = math.radians(turn)
    return (x + w / 2 + u * math.cos(a) - v * math.sin(a), y + h / 2 + u * math.sin(a) + v * math.cos(a))


def assert_backs_behind_fronts(fronts, backs, flip, size, offset=(0.0, 0.0)):
    """Turning the sheet over (`flip` maps a point of the front page to the same spot seen from the back page) puts
    every back behind its front, reading upright when the card is turned over sideways: the card's point (u, v)
    is its back's point (-u, v)."""
    assert len(fronts) == len(backs)
    w, h = size
    for front, back in zip(fronts, backs):
        for u, v in ((w / 2 - 5, h / 2 - 9), (-w / 2 + 3, h / 4), (0, -h / 2 + 2)):  # points without symmetry
            behind = flip(*sheet_point(front, u, v))
            seen = sheet_point(back, -u, v)
            assert seen == pytest.approx((behind[0] + offset[0], behind[1] + offset[1]), abs=0.01)


@pytest.fixture(scope="module")
def files(tmp_path_factory, request):
    """The fixture's relics and quests written once per output: home A4 and Letter, fold, print on demand."""
    from helpers import FIXTURE_GAME, validated

    project = validated(FIXTURE_GAME)
    folder = tmp_path_factory.mktemp("sizes")
    for deck in ("relics", "quests", "rooms"):
        for paper in ("a4", "letter"):
            home_deck_pdf(project, deck, paper, None, folder / f"home-{paper}-{deck}.pdf")
            fold_deck_pdf(project, deck, paper, None, folder / f"fold-{paper}-{deck}.pdf")
        pod_deck_pdf(project, deck, "front-then-back", None, folder / f"pod-{deck}.pdf")
    return folder


def test_each_deck_has_its_size_and_landscape_sizes_are_wider_than_tall(fx):
    sizes = {deck: fx.deck_size(deck) for deck in fx.game.decks}
    assert {deck: size.name for deck, size in sizes.items()} == {
        "heroes": "poker", "rooms": "poker", "relics": "mini", "quests": "poker-landscape"}
    assert (sizes["relics"].width, sizes["relics"].height) == pytest.approx(MINI)
    # poker-landscape is written 2.5in x 3.5in with `orientation: landscape`: drawn 3.5in across
    assert (sizes["quests"].width, sizes["quests"].height) == pytest.approx(LANDSCAPE)
    assert sizes["quests"].landscape and not sizes["rooms"].landscape
    business = fx.layout.sizes["business"]  # wider than tall as written: landscape without saying so
    assert business.landscape and business.width == pytest.approx(inch(3.5))
    assert fx.faces.fronts["quest-dragon"].template.size.name == "poker-landscape"
    assert fx.faces.backs["quest-dragon"].template.size.name == "poker-landscape"  # quest-done extends quest


@pytest.mark.parametrize("paper,expected", [("a4", {"poker": (3, 3, False), "mini": (3, 6, True),
                                                    "poker-landscape": (3, 3, True), "square": (2, 3, False),
                                                    "tarot": (2, 2, False), "jumbo": (1, 3, True),
                                                    "business": (2, 5, False)}),
                                            # Letter comes to 3 mm of the edge (0.3 mm gap) so three 88.9 mm
                                            # rows keep 3 mm guides: 9-up as on A4
                                            ("letter", {"poker": (3, 3, False), "mini": (3, 6, True),
                                                        "poker-landscape": (3, 3, True), "square": (2, 3, False),
                                                        "tarot": (2, 2, False), "jumbo": (1, 3, True),
                                                        "business": (4, 3, True)})])
def test_home_sheets_hold_as_many_cards_as_fit_with_3mm_guides_turned_where_that_fits_more(fx, paper, expected):
    imposition = fx.print_setup.home[paper]
    room = imposition.edge + imposition.mark_gap + mm(3)  # each side: the edge, the gap, the shortest guide
    for name, grid in expected.items():
        packing = imposition.packing(fx.layout.sizes[name])
        assert (packing.columns, packing.rows, packing.turned) == grid, name
        width, height = packing.columns * packing.cell_w, packing.rows * packing.cell_h
        assert width <= imposition.paper.width - 2 * room + 0.01
        assert height <= imposition.paper.height - 2 * room + 0.01


def test_columns_and_rows_cap_the_grid_and_a_card_too_big_for_the_paper_gets_none(fx):
    mini = fx.layout.sizes["mini"]
    assert pack(mm(200), mm(287), mini, max_columns=3, max_rows=3).per_page == 9
    assert pack(mm(200), mm(287), mini, max_columns=4).per_page == 18  # turned: 3 x 6 still beats 4 x 4
    assert pack(mm(50), mm(287), fx.layout.sizes["poker"]).per_page == 0
    capped = dataclasses.replace(fx.print_setup.home["a4"], columns=2, rows=2)
    assert capped.packing(fx.layout.sizes["poker"]).per_page == 4
    assert Paper("a4", mm(210), mm(297)) == fx.print_setup.home["a4"].paper


def test_poker_home_sheets_keep_their_nine_up_grid_on_a4(files, fx):
    reader = PdfReader(files / "home-a4-rooms.pdf")
    placed = placed_cards(reader, reader.pages[0])
    assert len(placed) == 8 and {turn for _, turn in placed} == {0}
    W, H = float(reader.pages[0].mediabox.width), float(reader.pages[0].mediabox.height)
    left, top = (W - 3 * 180) / 2, (H + 3 * 252) / 2
    assert placed[0][0] == pytest.approx((left, top - 252, 180, 252))  # 3 x 3, centred, abutting
    assert placed[4][0] == pytest.approx((left + 180, top - 504, 180, 252))


@pytest.mark.parametrize("paper,deck,per_page,turn,size", [
    ("a4", "relics", 18, 90, MINI), ("a4", "quests", 9, 90, LANDSCAPE),
    ("letter", "relics", 18, 90, MINI), ("letter", "quests", 9, 90, LANDSCAPE)])
def test_home_print_of_minis_and_landscape_cards_turns_them_where_that_fits_more_and_puts_each_back_behind_its_front(
        files, fx, paper, deck, per_page, turn, size):
    reader = PdfReader(files / f"home-{paper}-{deck}.pdf")
    cards = sum(r.card.count for r in fx.game.decks[deck].cards)
    pages = math.ceil(cards / per_page)
    assert len(reader.pages) == 2 * pages  # each front page followed by its back page
    paper_size = fx.print_setup.papers[paper]
    edge = fx.print_setup.home[paper].edge
    for number in range(pages):
        fronts = placed_cards(reader, reader.pages[2 * number])
        backs = placed_cards(reader, reader.pages[2 * number + 1])
        assert len(fronts) == min(per_page, cards - number * per_page)
        # turned, backs the other way
        assert {t for _, t in fronts} == {turn} and {t for _, t in backs} == {(360 - turn) % 360}
        for (x, y, w, h), _ in fronts:
            assert (w, h) == pytest.approx((size[1], size[0]) if turn else size)  # a turned card's place is its height wide
            assert edge - 0.01 <= x and x + w <= paper_size.width - edge + 0.01
            assert edge - 0.01 <= y and y + h <= paper_size.height - edge + 0.01
        assert_backs_behind_fronts(fronts, backs, lambda x, y: (paper_size.width - x, y), size)  # long-edge flip


def test_the_back_page_holds_each_cards_own_back(fx):
    """The Dragon Hunt's back is its own second side (Dragon Slain); the other quests share the deck's back."""
    fronts, backs = deck_faces(fx, "quests", None)
    backend = RecordingBackend()
    home_print(backend, fronts, backs, fx.layout, fx.print_setup.home["a4"], fx.game.emblems, fx.deck_size("quests"))
    used = [args[0] for name, args, _ in backend.calls if name == "use_symbol" and args[0].startswith(("face:", "back:"))]
    assert used[:9] == [f.key for f in fronts[:9]] and used[9:18] == [b.key for b in backs[:9]]
    assert used[9:11] == ["face:quest-dragon:back"] * 2 and used[11] == "back:quests:quest-back"


def _home_placed(fx, deck: str, setup) -> tuple[list, int]:
    """The deck's first home-print sheet as drawn: each card's clip rectangle and turn (its front page's, then its
    back page's), and how many cards the sheet holds."""
    fronts, backs = deck_faces(fx, deck, None)
    backend = RecordingBackend()
    home_print(backend, fronts, backs, fx.layout, setup, fx.game.emblems, fx.deck_size(deck))
    placed = []
    for name, args, _ in backend.calls:
        if name == "clip_rect":
            placed.append([args, 0])
        elif name == "rotate":
            placed[-1][1] = args[0]
    return placed, min(len(fronts), 9)


def test_short_edge_duplex_mirrors_rows_and_turns_backs_half_round(fx):
    """Flipped on the short edge, the sheet turns over top to bottom: each back goes to the mirrored row and
    is turned half round more, so it still reads upright when its card is turned over sideways."""
    short = dataclasses.replace(fx.print_setup.home["a4"], duplex="short")
    height = short.paper.height
    for deck, size in (("rooms", (180, 252)), ("quests", LANDSCAPE)):
        placed, count = _home_placed(fx, deck, short)
        assert_backs_behind_fronts(placed[:count], placed[count:2 * count], lambda x, y: (x, height - y), size)


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_a_back_offset_measured_on_the_calibration_page_puts_that_printers_backs_behind_their_fronts(fx, duplex):
    """The calibration page's words: held against a light, each cross on the back sits dx to the right of and dy
    above its cross on the front; those two are the printer's back offset. A printer whose backs land so far off
    then puts every back behind its front (the backs of one offset were drawn the wrong way up and down on a
    long-edge flip, and the wrong way sideways on a short one)."""
    dx, dy = mm(1.5), mm(2)
    setup = dataclasses.replace(fx.print_setup.home["a4"], duplex=duplex, back_offset=(dx, dy))
    W, H = setup.paper.width, setup.paper.height

    def seen_from_the_front(x, y):  # a point of the back page, as that printer prints it, seen through the sheet
        x, y = (W - x, y) if duplex == "long" else (x, H - y)
        return x + dx, y + dy

    for deck, (w, h) in (("rooms", (180, 252)), ("quests", LANDSCAPE)):
        placed, count = _home_placed(fx, deck, setup)
        for front, back in zip(placed[:count], placed[count:2 * count]):
            for u, v in ((w / 2 - 5, h / 2 - 9), (-w / 2 + 3, h / 4), (0, -h / 2 + 2)):
                assert seen_from_the_front(*sheet_point(back, -u, v)) == pytest.approx(sheet_point(front, u, v), abs=0.01)


@pytest.mark.parametrize("paper,deck,per_page,turn,size", [
    (paper, *case) for paper in ("a4", "letter") for case in (("quests", 4, 90, LANDSCAPE), ("rooms", 4, 0, (180, 252)))
] + [(paper, "relics", 9, 0, MINI) for paper in ("a4", "letter")])
def test_fold_and_glue_puts_each_back_behind_its_front_about_the_fold(files, fx, paper, deck, per_page, turn, size):
    reader = PdfReader(files / f"fold-{paper}-{deck}.pdf")
    cards = sum(r.card.count for r in fx.game.decks[deck].cards)
    assert len(reader.pages) == math.ceil(cards / per_page)
    page = reader.pages[0]
    W = float(page.mediabox.width)
    assert W > float(page.mediabox.height)  # landscape: the fold runs down the middle
    placed = placed_cards(reader, page)
    fronts, backs = placed[0::2], placed[1::2]  # each front, then its back
    assert len(fronts) == per_page
    assert all(x + w <= W / 2 + 0.01 for (x, _, w, _), _ in fronts) and all(x >= W / 2 - 0.01 for (x, _, _, _), _ in backs)
    assert {t for _, t in fronts} == {turn}
    assert_backs_behind_fronts(fronts, backs, lambda x, y: (W - x, y), size)  # folding turns the sheet over sideways


@pytest.mark.parametrize("deck,page", [("relics", (144, 198)), ("quests", (270, 198)), ("rooms", (198, 270))])
def test_print_on_demand_pages_are_each_decks_trim_plus_bleed(files, deck, page):
    reader = PdfReader(files / f"pod-{deck}.pdf")
    for sheet in reader.pages[:3]:
        assert (float(sheet.mediabox.width), float(sheet.mediabox.height)) == pytest.approx(page)
        assert [float(v) for v in sheet.trimbox] == pytest.approx([9, 9, page[0] - 9, page[1] - 9])
        assert [float(v) for v in sheet.bleedbox] == pytest.approx([0, 0, *page])
    assert "Dragon Slain" in reader.pages[1].extract_text() if deck == "quests" else True


def test_card_images_and_tabletop_cells_follow_each_decks_size(tmp_path, fx):
    import json

    from PIL import Image

    from pnp.render.card_images import card_pngs, tabletop_deck

    for deck, pixels in (("relics", (600, 825)), ("quests", (1125, 825))):
        card_pngs(fx, deck, None, tmp_path / deck)
        tabletop_deck(fx, deck, None, tmp_path / deck / "tts")
        first = fx.game.decks[deck].cards[0].card.id
        with Image.open(tmp_path / deck / f"{first}.png") as image:
            assert image.size == pixels  # (trim + 2 x 1/8 in) at 300 DPI, as the card is drawn
        cell = json.loads((tmp_path / deck / "tts" / "deck.json").read_text())["card_pixels"]
        trim = fx.deck_size(deck)
        assert cell[0] / cell[1] == pytest.approx(trim.width / trim.height, rel=0.01)
        with Image.open(tmp_path / deck / "tts" / "deck-1.png") as sheet:
            cards = sum(r.card.count for r in fx.game.decks[deck].cards)
            assert sheet.size == (10 * cell[0], math.ceil((cards + 1) / 10) * cell[1])  # the last slot: the hidden card


def test_the_rulebook_pictures_each_card_at_its_own_size(fx):
    from pnp.render.rulebook import CardPicture

    for card, size in (("hero-ranger", (180, 252)), ("relic-key", MINI), ("quest-dragon", LANDSCAPE)):
        picture = CardPicture(fx, fx.faces.fronts[card], 0.5, card, card)
        assert (picture.card_w, picture.card_h) == pytest.approx((size[0] / 2, size[1] / 2))
        assert picture.wrap(400, 400) == pytest.approx((size[0] / 2, size[1] / 2 + 12))


# -- A landscape deck beside portrait ones, in every output that places a card -----------------------------------
# The quests are drawn at pnp's poker-landscape (poker turned by `orientation: landscape`), or at a designer's own
# size written wider than tall in the project's cards.yaml: both are 3.5 x 2.5 in across, 1125 x 825 px with bleed.
LANDSCAPE_SIZES = ["poker-landscape", "wide-poker"]


def landscape_quests(root, size: str) -> None:
    """The fixture project's quests at `size`: pnp's poker-landscape as the fixture has it, or a size of the
    designer's own, 88.9 x 63.5 mm, in the project's layouts/common/cards.yaml, the deck and its templates moved
    to it."""
    from helpers import FIXTURE_GAME

    if size == "poker-landscape":
        return
    (root / "layouts/common").mkdir(parents=True, exist_ok=True)
    (root / "layouts/common/cards.yaml").write_text(
        f"extends: default\ncard_sizes:\n  {size}: {{width: 88.9mm, height: 63.5mm, bleed: 0.125in, safe: 0.125in}}\n")
    for path in (root / f"content/{FIXTURE_GAME}/game.yaml", root / f"layouts/{FIXTURE_GAME}/cards.yaml"):
        path.write_text(path.read_text().replace("poker-landscape", size))


def _validated_copy(root):
    from helpers import FIXTURE_GAME

    from pnp.checks.validate import validate

    project, report = validate(root, FIXTURE_GAME)
    assert project is not None, report.to_text()
    return project


def _dark(pixel) -> bool:  # the quests' accent bleed, #2e7d6b
    return sum(pixel) < 400


def _light(pixel) -> bool:  # a quest's panel, #fbf7ee (#e9f3ef once done)
    return min(pixel) > 220


@pytest.mark.parametrize("size", LANDSCAPE_SIZES)
def test_pnp_card_draws_a_landscape_card_on_its_landscape_canvas_as_the_build_does(fixture_project, size):
    """`pnp card` drew a landscape quest on a portrait poker canvas, shifted down and cut off at the right; it now
    makes its images as `pnp build --images` does (pnp.render.card_images.rasterise: each face on a page of its
    own size), so both show the whole card, its frame where the layout puts it."""
    from helpers import FIXTURE_GAME
    from PIL import Image
    from typer.testing import CliRunner

    from pnp.cli import app
    from pnp.render.card_images import card_pngs

    landscape_quests(fixture_project, size)
    result = CliRunner().invoke(app, ["card", FIXTURE_GAME, "quest-dragon"])
    assert result.exit_code == 0, result.output
    card_pngs(_validated_copy(fixture_project), "quests", None, fixture_project / "built")
    for name in ("quest-dragon", "quest-dragon-back"):
        with Image.open(f"output/cards/{FIXTURE_GAME}/{name}.png") as image, \
                Image.open(fixture_project / "built" / f"{name}.png") as built:
            assert image.size == (1125, 825)  # (3.5 + 2 x 1/8) in x (2.5 + 2 x 1/8) in at 300 DPI
            # the accent bleed on all four sides, the panel (3 mm inside the trim) just inside each of them
            for bleed, panel in (((20, 412), (85, 412)), ((1105, 412), (1040, 412)), ((562, 20), (562, 85)),
                                 ((562, 805), (562, 740))):
                assert _dark(image.getpixel(bleed)) and _light(image.getpixel(panel)), (name, bleed, panel)
            assert image.tobytes() == built.tobytes()  # the same card image, by the same code


def _blocks(image):
    """The image in blocks of 25 x 25 px (2 mm): a card's layout, without the edges of its letters."""
    from PIL import Image

    return image.resize((image.width // 25, image.height // 25), Image.Resampling.BOX)


@pytest.mark.parametrize("size", LANDSCAPE_SIZES)
@pytest.mark.parametrize("vendor,canvas", [("thegamecrafter", (825, 1125)), ("makeplayingcards", (822, 1122))])
def test_an_image_vendor_gets_a_landscape_deck_turned_onto_the_canvas_it_declares(fixture_project, size, vendor, canvas):
    """The Game Crafter's poker canvas is 825 x 1125 px (its profile's `canvas`, MakePlayingCards' 822 x 1122); a
    landscape quest went to it as 1125 x 825. Each side is now turned onto the declared canvas: the front a quarter
    turn clockwise, its back counterclockwise, so the shop's sheet flipped about its long edge keeps each back
    upright behind its front."""
    from helpers import FIXTURE_GAME
    from PIL import Image, ImageChops

    from pnp.build.game import BuildOptions, BuildTarget, build
    from pnp.render.card_images import card_pngs

    landscape_quests(fixture_project, size)
    result, report = build(BuildTarget(fixture_project, FIXTURE_GAME, fixture_project / "out"), BuildOptions(decks=("quests",), vendors=(vendor,)))
    assert result is not None, report.to_text()
    project = _validated_copy(fixture_project)
    assert project.print_setup.vendors[vendor].sizes[0].canvas == canvas  # poker, as the profile declares it
    files = [fixture_project / "out" / FIXTURE_GAME / file for file in result.files]
    assert len(files) == 2 * sum(r.card.count for r in project.game.decks["quests"].cards)
    for file in files:
        with Image.open(file) as image:
            assert image.size == canvas and image.info["dpi"] == pytest.approx((300, 300), abs=0.01)
    if vendor != "thegamecrafter":  # its canvas is the card's bleed exactly: the card's own pixels, turned
        return
    card_pngs(project, "quests", None, fixture_project / "cards")
    folder = fixture_project / "out" / FIXTURE_GAME / "print-on-demand" / vendor / "quests"
    for side, card, turn in (("front", "quest-dragon", Image.Transpose.ROTATE_270),  # clockwise
                             ("back", "quest-dragon-back", Image.Transpose.ROTATE_90)):  # counterclockwise
        with Image.open(folder / f"001-quest-dragon-{side}.png") as shop, Image.open(fixture_project / "cards" / f"{card}.png") as drawn:
            difference = ImageChops.difference(_blocks(shop), _blocks(drawn.transpose(turn)))
            assert max(high for _, high in difference.getextrema()) < 24, side  # turned the other way: 60 and more


@pytest.mark.parametrize("vendor,trim", [("drivethrucards", (180, 252)), ("metric-poker", (63 * mm(1), 88 * mm(1)))])
def test_a_pdf_vendor_gets_a_landscape_deck_turned_onto_its_declared_portrait_page(fx, tmp_path, vendor, trim):
    """DriveThruCards declares poker 2.5 x 3.5 in, the metric press 63 x 88 mm: a landscape quest's pages were
    landscape. Every page now has the vendor's portrait page, TrimBox and BleedBox, the card turned onto it: the
    front's title runs down its right edge (a quarter turn clockwise), the back's up its left edge."""
    from pnp.render.imposition import draw_on_pod_page, pod_page

    vendor_profile = fx.print_setup.vendors[vendor]
    bleed = vendor_profile.bleed
    page_size = (trim[0] + 2 * bleed, trim[1] + 2 * bleed)
    pod_deck_pdf(fx, "quests", vendor, None, tmp_path / "quests.pdf")
    reader = PdfReader(tmp_path / "quests.pdf")
    assert len(reader.pages) == 2 * sum(r.card.count for r in fx.game.decks["quests"].cards)
    for sheet in reader.pages:
        assert (float(sheet.mediabox.width), float(sheet.mediabox.height)) == pytest.approx(page_size, abs=0.01)
        assert [float(v) for v in sheet.trimbox] == pytest.approx([bleed, bleed, bleed + trim[0], bleed + trim[1]], abs=0.01)
        assert [float(v) for v in sheet.bleedbox] == pytest.approx([0, 0, *page_size], abs=0.01)
    page = pod_page(vendor_profile, fx.deck_size("quests"))
    for side, face, title in (("front", fx.faces.fronts["quest-dragon"], "Dragon Hunt"),
                              ("back", fx.faces.backs["quest-dragon"], "Dragon Slain")):
        pen = RecordingBackend()
        draw_on_pod_page(pen, face, fx.layout, fx.game.emblems, page, side)
        drawn = next(d for d in pen.drawn if d.kind == "text" and d.text == title)
        assert drawn.y1 - drawn.y0 > 3 * (drawn.x1 - drawn.x0)  # reads down (or up) the page
        near = drawn.x0 > page_size[0] * 0.75 if side == "front" else drawn.x1 < page_size[0] * 0.25
        assert near, (side, drawn)
        large = [d for d in pen.drawn if d.kind == "rect" and (d.x1 - d.x0) * (d.y1 - d.y0) > page_size[0] * page_size[1] / 2]
        assert len(large) == 2 and all(d.y1 - d.y0 > d.x1 - d.x0 for d in large)  # the bleed and the panel, upright


QUEST_AREA = """  - id: quest
    label: Your quest
    deck: quests
    cards: 1
"""
# 110 x 85 mm: room for one landscape poker card under the label, not for a portrait one
QUEST_REGION = "  quest:   {kind: area,  x: 10mm,  y: 198mm, w: 110mm, h: 85mm}\n"


def _quest_area(root, area: str = QUEST_AREA) -> None:
    from helpers import FIXTURE_GAME

    content = root / f"content/{FIXTURE_GAME}/playmat.yaml"
    content.write_text(content.read_text().replace("tracks:\n", area + "tracks:\n"))
    layout = root / f"layouts/{FIXTURE_GAME}/playmat.yaml"
    text = layout.read_text().replace("design: {width: 400mm, height: 200mm}", "design: {width: 400mm, height: 290mm}")
    layout.write_text(text + QUEST_REGION)


@pytest.mark.parametrize("size", LANDSCAPE_SIZES)
def test_a_playmat_area_holding_a_landscape_deck_outlines_its_cards_landscape(fixture_project, size):
    """A playmat's card outlines were all the game's card_size (portrait poker), even where the landscape quests
    lie. An area now names its deck (`deck: quests`) and outlines that deck's cards as they are drawn; the other
    areas keep the game's size."""
    from pnp.render.sheets import draw_sheet

    landscape_quests(fixture_project, size)
    _quest_area(fixture_project)
    project = _validated_copy(fixture_project)  # the region holds one landscape card: a portrait one would not fit
    layout = project.sheet_layouts["playmat"]
    pen = RecordingBackend()
    draw_sheet(pen, project, "playmat", 0.0, layout.height)
    outlines = [args for name, args, kwargs in pen.calls
                if name == "rect" and kwargs.get("radius") == pytest.approx(mm(2.5)) and kwargs.get("fill") == layout.colors["paper"]]
    region = next(r for r in layout.regions if r.name == "quest")
    quest = [(x, y, w, h) for x, y, w, h in outlines if region.x <= x <= region.x + region.w and
             layout.height - region.y - region.h <= y <= layout.height - region.y]
    assert [(w, h) for _, _, w, h in quest] == [pytest.approx(LANDSCAPE)]
    others = [(round(w), round(h)) for x, y, w, h in outlines if (x, y, w, h) not in quest]
    assert others == [(180, 252)] * 5  # the hero, the three rooms of the dungeon and the cleared room: poker


def test_an_area_naming_no_deck_of_the_game_is_an_error_at_its_deck(fixture_project):
    """A misspelt `deck:` is said where it is written, with the deck meant, never a traceback."""
    from helpers import FIXTURE_GAME
    from typer.testing import CliRunner

    from pnp.cli import app

    _quest_area(fixture_project, QUEST_AREA.replace("deck: quests", "deck: quest"))
    result = CliRunner().invoke(app, ["validate", FIXTURE_GAME])
    assert result.exit_code == 1, result.output
    assert (f"content/{FIXTURE_GAME}/playmat.yaml:18:11: error [unknown-deck] area 'quest' holds the cards of deck "
            "'quest', which game.yaml does not list; did you mean 'quests'?") in result.output
    assert "Traceback" not in result.output
