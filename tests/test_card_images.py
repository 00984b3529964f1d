"""Card images: 300 DPI PNGs of every card side with bleed, and Tabletop Simulator deck images
(10 x 7, last slot hidden, <= 4096 px), with a back image when the cards' backs differ."""
import hashlib
import json
import math

import pytest
from helpers import FIXTURE_GAME, validated
from PIL import Image
from typer.testing import CliRunner

from pnp.cli import app
from pnp.layout.paper import TabletopSpec
from pnp.render.card_images import card_pngs, tabletop_deck, tts_deck


@pytest.fixture(scope="module")
def rooms(tmp_path_factory):
    """The fixture's rooms deck: double-sided rooms (a back side each) and traps (a back by kind)."""
    folder = tmp_path_factory.mktemp("images") / "rooms"
    project = validated(FIXTURE_GAME)
    written = card_pngs(project, "rooms", None, folder) + tabletop_deck(project, "rooms", None, folder / "tabletop-simulator")
    return folder, written


def test_every_card_side_gets_a_poker_png_at_300_dpi_with_bleed(rooms, fx):
    folder, written = rooms
    records = fx.game.decks["rooms"].cards
    names = [r.card.id for r in records] + [f"{r.card.id}-back" for r in records if r.back is not None]
    names.append("back-trap-back")  # the traps' back template: shared by some cards of the deck, not all
    for name in names:
        with Image.open(folder / f"{name}.png") as image:
            assert image.size == (825, 1125) and image.mode == "RGB"  # (2.5 + 2 x 1/8) in x (3.5 + 2 x 1/8) in at 300 DPI
            assert image.info["dpi"] == pytest.approx((300, 300), abs=0.01)  # it says so (pHYs): opens at its real size
            assert image.info["srgb"] == 0  # and says its colour space (an sRGB chunk)
    assert written == len(names) + 3  # the sides, one TTS face image, one TTS back image and deck.json


def test_a_deck_whose_backs_differ_names_each_shared_back_by_its_template(tmp_path, fx):
    card_pngs(fx, "heroes", None, tmp_path)  # the Ranger's back is its own; the others share the deck's
    assert {p.name for p in tmp_path.glob("back*.png")} == {"back-hero-back.png", "back-ranger-back.png"}


def test_tabletop_simulator_backs_follow_their_cards(rooms, fx):
    folder, _ = rooms
    tts = folder / "tabletop-simulator"
    deck = json.loads((tts / "deck.json").read_text())
    cards = sum(r.card.count for r in fx.game.decks["rooms"].cards)
    entry = deck["decks"][0]
    assert entry["cards"] == cards and entry["unique_back"] and entry["back"] == "back-1.png"
    width, height = deck["card_pixels"]
    assert 10 * width <= 4096 and 7 * height <= 4096 and abs(width / height - 2.5 / 3.5) < 0.01
    faces, backs = Image.open(tts / "deck-1.png"), Image.open(tts / "back-1.png")
    rows = entry["height"]
    assert rows == max(2, math.ceil((cards + 1) / 10)) and faces.size == backs.size == (10 * width, rows * height)
    cell = lambda image, slot: image.crop(((slot % 10) * width, (slot // 10) * height,  # noqa: E731
                                           (slot % 10 + 1) * width, (slot // 10 + 1) * height)).tobytes()
    assert cell(backs, 0) != cell(backs, 7)  # the Crypt's Silver Crown is not the Pit Trap's back
    assert cell(backs, 0) == cell(backs, 1)  # both Crypts hide the same treasure
    assert cell(faces, 0) != cell(backs, 0)


def test_a_deck_with_one_back_gets_one_back_image(tmp_path):
    card, back = Image.new("RGB", (40, 56), "red"), Image.new("RGB", (40, 56), "blue")
    assert tts_deck([card] * 106, [back] * 106, tmp_path, TabletopSpec()) == 2 + 2
    deck = json.loads((tmp_path / "deck.json").read_text())
    assert [(d["cards"], d["height"], d["back"], d["unique_back"]) for d in deck["decks"]] == \
        [(69, 7, "back.png", False), (37, 4, "back.png", False)]
    hidden = Image.open(tmp_path / "deck-1.png").crop((9 * 40, 6 * 56, 10 * 40, 7 * 56))
    assert hidden.tobytes() == back.tobytes()  # the last slot is the card other players see


def test_images_are_byte_identical_twice(rooms, fx, tmp_path):
    folder, _ = rooms
    card_pngs(fx, "rooms", None, tmp_path / "again")
    tabletop_deck(fx, "rooms", None, tmp_path / "again" / "tabletop-simulator")
    digest = lambda root: {p.relative_to(root): hashlib.sha256(p.read_bytes()).hexdigest()  # noqa: E731
                           for p in sorted(root.rglob("*")) if p.is_file()}
    assert digest(tmp_path / "again") == digest(folder)


def test_build_writes_images_only_when_asked(fixture_project):
    runner = CliRunner()
    assert runner.invoke(app, ["build", FIXTURE_GAME]).exit_code == 0
    assert not (fixture_project / f"output/{FIXTURE_GAME}/images").exists()
    result = runner.invoke(app, ["build", FIXTURE_GAME, "--images", "--difficulty", "green"])
    assert result.exit_code == 0, result.output
    green = fixture_project / f"output/{FIXTURE_GAME}-green/images"
    assert (green / "rooms/crypt.png").exists() and (green / "rooms/crypt-back.png").exists()
    assert (green / "rooms/tabletop-simulator/deck-1.png").exists()
    assert not (green / "rooms/pit-trap.png").exists()  # a red card
