
"""Images anywhere, boxes shown only when a value is set, and values the build provides, on the fixture game:
a treasure's parchment ground (a template value naming a file, over the whole card and its bleed), the heroes'
image back, the Crypt's flavour line and band (`when: flavor`), the panel only on cards without a ground
(`when: "!ground"`), a footer with the game's version and the card's number, backs dated by game.yaml, and a
door image on the playmat; each checked in the PDFs the build writes."""
import dataclasses
import re

import pytest
from helpers import placed_images
from PIL import Image
from pypdf import PdfReader
from typer.testing import CliRunner

from pnp.cli import app
from pnp.content.binding import content_date
from pnp.core.units import inch, mm
from pnp.layout.cards import Box

CARD = (198.0, 270.0)  # a poker card with its 1/8 in bleed, in points: a print-on-demand page


@pytest.fixture
def built(fixture_project):
    result = CliRunner().invoke(app, ["build", "pocket-dungeon"])
    assert result.exit_code == 0 and "warning" not in result.output, result.output
    return fixture_project / "output/pocket-dungeon"


def _page_texts(path) -> list[str]:
    return [page.extract_text() for page in PdfReader(path).pages]


def test_a_template_value_names_a_full_bleed_ground_drawn_on_every_treasure_and_in_cmyk_for_the_press(built):
    pdf = built / "print-on-demand/rooms-front-then-back.pdf"  # front, back, front, back...
    texts = _page_texts(pdf)
    treasures = [page for page, text in enumerate(texts) if page % 2 == 1 and "Pit Trap" not in text
                 and "Pocket Dungeon" not in text]
    assert len(treasures) == 6  # the back sides of two Crypts, two Libraries, two Armouries
    grounds = [image for image in placed_images(pdf) if image[3] == (0.0, 0.0, *CARD)]
    assert sorted(page for page, *_ in grounds) == treasures  # bleed to bleed, on the treasures only
    assert len({number for _, number, *_ in grounds}) == 1  # one image for the six of them
    press = [image for image in placed_images(built / "print-on-demand/rooms-drivethrucards.pdf")
             if image[3] == (0.0, 0.0, *CARD)]
    assert len(press) == 6 and {space for _, _, space, _ in press} == {"/DeviceCMYK"}


def test_an_image_back_is_one_picture_over_the_whole_card(built):
    pdf = built / "print-on-demand/heroes-drivethrucards.pdf"  # back, front, back, front...
    texts = _page_texts(pdf)
    images = placed_images(pdf)
    backs = [page for page, text in enumerate(texts) if page % 2 == 0 and not text.strip()]
    assert len(backs) == 3  # the Smith, the Scholar and the Scout; the Ranger has a back of its own
    assert [(page, box) for page, _, _, box in images] == [(page, (0.0, 0.0, *CARD)) for page in backs]
    assert "Pocket Dungeon" in texts[0]  # the Ranger's own back, drawn, not an image


def test_when_boxes_show_only_where_their_value_is_set(built):
    texts = _page_texts(built / "print-on-demand/rooms-front-then-back.pdf")
    crypt, library = texts[0], texts[4]
    assert "Crypt" in crypt and "Nobody sleeps well down here." in crypt
    assert "Library" in library and "sleeps" not in library
    reader = PdfReader(built / "print-on-demand/rooms-front-then-back.pdf")
    band = b".937255 .894118 .784314 rg"  # the flavour band's #efe4c8, only where a flavour is set
    assert band in _drawing(reader, 0) and band not in _drawing(reader, 4)
    panel = b".984314 .968627 .933333 rg"  # the panel's #fbf7ee: on a room, not on a treasure (`when: "!ground"`)
    assert panel in _drawing(reader, 0) and panel not in _drawing(reader, 1)


def _drawing(reader, page: int) -> bytes:
    """A page's content and that of every form it places (a card face is a form)."""
    page = reader.pages[page]
    forms = page["/Resources"].get("/XObject") or {}
    return page.get_contents().get_data() + b"".join(form.get_object().get_data() for form in forms.values())


def test_the_footer_shows_the_games_version_and_each_cards_number_in_its_deck_and_backs_the_content_date(built):
    texts = _page_texts(built / "print-on-demand/rooms-front-then-back.pdf")
    numbers = [re.search(r"(\d+/4)", text).group(1) for text in texts[0::2]]
    # crypt, crypt, library, library, armoury, armoury, pit trap, pit trap: copies share their card's number
    assert numbers == ["1/4", "1/4", "2/4", "2/4", "3/4", "3/4", "4/4", "4/4"]
    assert all("1.2" in text for text in texts[0::2])
    assert "2024-05-01" in texts[13]  # the pit trap's back, dated by game.yaml
    heroes = _page_texts(built / "home-a4/heroes.pdf")[0]
    assert all(f"{n}/4" in heroes for n in range(1, 5))


def test_an_image_region_puts_its_picture_where_the_playmat_layout_says(built):
    images = placed_images(built / "sheets/playmat-full-size.pdf")
    height, bleed = mm(200), inch(0.125)  # the print-shop file: the playmat inside its 1/8 in bleed
    assert [box for _, _, _, box in images] == [pytest.approx((bleed + mm(350), bleed + height - mm(25), bleed + mm(390),
                                                               bleed + height - mm(5)))]
    tiles = placed_images(built / "sheets/playmat-a4-tiled.pdf")
    assert tiles and len({number for _, number, _, _ in tiles}) == 1  # one image, placed on the tiles that show it


def test_a_sheet_background_covers_the_design_area_under_every_region(fixture_project):
    Image.new("RGB", (600, 300), "#d8cfb8").save(fixture_project / "content/pocket-dungeon/art/stone.png")
    layout = fixture_project / "layouts/pocket-dungeon/playmat.yaml"
    layout.write_text(layout.read_text().replace("colors: {panel:", "background: art/stone.png\ncolors: {panel:"))
    result = CliRunner().invoke(app, ["build", "pocket-dungeon"])
    assert result.exit_code == 0, result.output
    # 600 px over 400 mm is 38 DPI: a warning naming what it needs, at the background's line
    assert re.search(r"playmat\.yaml:7:13: warning \[low-resolution\] 'art/stone\.png' prints at 38 DPI as the "
                     r"background; print shops want 300: use an image at least 4724 x 2362 px", result.output)
    images = placed_images(fixture_project / "output/pocket-dungeon/sheets/playmat-full-size.pdf")
    # first, so every region is drawn over it; into the print-shop file's bleed (1/8 in), so no paper edge shows
    x0, y0, x1, y1 = images[0][3]  # covered: the picture's overflow past the page is cut off
    assert x0 <= 0.01 and y0 <= 0.01 and x1 >= mm(400) + inch(0.25) - 0.01 and y1 >= mm(200) + inch(0.25) - 0.01
    assert len(images) == 2


def test_an_image_box_that_covers_warns_at_the_resolution_it_prints_at(fixture_project):
    Image.new("RGB", (300, 400), "#f1e2b8").save(fixture_project / "content/pocket-dungeon/art/treasure-ground.png")
    result = CliRunner().invoke(app, ["validate", "pocket-dungeon"])
    assert result.exit_code == 0
    # covering 2.75 x 3.75 in, 300 x 400 px print at 107 DPI (the side that overflows least decides), warned where the layout names it
    assert re.search(r"cards\.yaml:\d+:\d+: warning \[low-resolution\] 'art/treasure-ground\.png' \(300 x 400 px\) "
                     r"prints at 107 DPI in box 'ground'; print shops want 300: use an image at least 825 x 1125 px",
                     result.output), result.output


def test_an_image_a_template_value_names_is_checked_by_validate_not_found_by_the_build(fixture_project):
    (fixture_project / "content/pocket-dungeon/art/treasure-ground.png").unlink()
    for command in (["validate", "pocket-dungeon"], ["build", "pocket-dungeon"]):
        result = CliRunner().invoke(app, command)
        assert result.exit_code == 1, result.output  # a diagnostic, never an internal error (exit 3)
        assert "error [missing-image] image 'art/treasure-ground.png' not found" in result.output


@pytest.mark.parametrize("when,values,shown", [
    (None, {}, True),
    ("cost", {"cost": "3"}, True), ("cost", {"cost": "0"}, True),  # 0 is a value: a free card shows its cost
    ("cost", {"cost": ""}, False), ("cost", {}, False),
    ("!cost", {"cost": ""}, True), ("!cost", {"cost": "2"}, False),
])
def test_when_is_set_unless_empty(when, values, shown):
    assert Box("b", "rect", when=when).shown_on(values) is shown


def test_the_content_date_is_game_yamls_else_source_date_epoch_never_the_clock(fx, monkeypatch):
    assert content_date(fx.game) == "2024-05-01"
    undated = fx.game.manifest.model_copy(update={"date": None})
    game = dataclasses.replace(fx.game, manifest=undated)
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    assert content_date(game) == ""  # a box showing it is then an error: the build will not guess
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    assert content_date(game) == "2023-11-14"
