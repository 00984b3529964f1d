"""Card images: 300 DPI PNGs with bleed, and Tabletop Simulator deck sheets (10 x 7, last slot hidden, <= 4096 px)."""
import hashlib
import json
import math

import pytest
from conftest import validated
from PIL import Image
from typer.testing import CliRunner

from pnp.cli import app
from pnp.render.images import card_pngs, tabletop_deck


@pytest.fixture(scope="module")
def story_images(tmp_path_factory):
    folder = tmp_path_factory.mktemp("images") / "story"
    project = validated("escape-master")
    written = card_pngs(project, "story", None, folder) + tabletop_deck(project, "story", None, folder / "tabletop-simulator")
    return folder, written


def test_every_card_gets_a_poker_png_at_300_dpi_with_bleed(story_images, em_project):
    folder, written = story_images
    ids = [record.card.id for record in em_project.game.decks["story"].cards]
    for name in ids + ["back"]:
        with Image.open(folder / f"{name}.png") as image:
            assert image.size == (825, 1125) and image.mode == "RGB"  # (2.5 + 2 x 1/8) in x (3.5 + 2 x 1/8) in at 300 DPI
    assert written == len(ids) + 1 + 3  # the cards, their back, one TTS sheet, its back and deck.json


def test_tabletop_simulator_sheet_holds_every_card_and_hides_the_last_slot(story_images, em_project):
    folder, _ = story_images
    tts = folder / "tabletop-simulator"
    deck = json.loads((tts / "deck.json").read_text())
    cards = sum(r.card.count for r in em_project.game.decks["story"].cards)
    assert [s["cards"] for s in deck["sheets"]] == [cards]
    width, height = deck["card_pixels"]
    assert 10 * width <= 4096 and 7 * height <= 4096 and abs(width / height - 2.5 / 3.5) < 0.01
    sheet, back = Image.open(tts / "sheet-1.png"), Image.open(tts / "back.png")
    rows = deck["sheets"][0]["height"]
    assert rows == max(2, math.ceil((cards + 1) / 10)) and sheet.size == (10 * width, rows * height)
    hidden = sheet.crop((9 * width, (rows - 1) * height, 10 * width, rows * height))
    assert hidden.tobytes() == back.convert("RGB").tobytes()  # the last slot is the card other players see
    first = sheet.crop((0, 0, width, height))
    assert first.tobytes() != hidden.tobytes()


def test_a_big_deck_spreads_over_sheets_of_69_cards(tmp_path):
    from pnp.layout.paper import TabletopSpec
    from pnp.render.images import tts_sheets

    card, back = Image.new("RGB", (40, 56), "red"), Image.new("RGB", (40, 56), "blue")
    assert tts_sheets([card] * 106, back, tmp_path, TabletopSpec()) == 2 + 2
    deck = json.loads((tmp_path / "deck.json").read_text())
    assert [(s["cards"], s["height"]) for s in deck["sheets"]] == [(69, 7), (37, 4)]


def test_images_are_byte_identical_twice(story_images, em_project, tmp_path):
    folder, _ = story_images
    card_pngs(em_project, "story", None, tmp_path / "again")
    tabletop_deck(em_project, "story", None, tmp_path / "again" / "tabletop-simulator")
    digest = lambda root: {p.relative_to(root): hashlib.sha256(p.read_bytes()).hexdigest()  # noqa: E731
                           for p in sorted(root.rglob("*")) if p.is_file()}
    assert digest(tmp_path / "again") == digest(folder)


def test_build_writes_images_only_when_asked(project):
    runner = CliRunner()
    assert runner.invoke(app, ["build", "escape-master"]).exit_code == 0
    assert not (project / "output/escape-master/images").exists()
    result = runner.invoke(app, ["build", "escape-master", "--images", "--difficulty", "green"])
    assert result.exit_code == 0, result.output
    green = project / "output/escape-master/green/images"
    assert (green / "game/seven-start.png").exists() and (green / "game/tabletop-simulator/sheet-1.png").exists()
    assert not (green / "character").exists()  # every leader is red: no character cards at green
    assert not (green / "game/doom-master-kindle.png").exists()  # a red card
