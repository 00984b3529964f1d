"""Card images: 300 DPI PNGs of every card side with bleed, and Tabletop Simulator deck images
(10 x 7, last slot hidden, <= 4096 px), with a back image when the cards' backs differ."""
import hashlib
import json
import math
from pathlib import Path

import pytest
from helpers import FIXTURE_GAME, images_at, validated
from PIL import Image
from typer.testing import CliRunner

from pnp.cli import app
from pnp.layout.paper import TabletopSpec
from pnp.render.card_images import card_pngs, tabletop_deck, tts_deck
from pnp.render.outputs import deck_faces


@pytest.fixture(scope="module")
def rooms(tmp_path_factory):
    """The fixture's rooms deck: double-sided rooms (a back side each) and traps (a back by kind)."""
    folder = tmp_path_factory.mktemp("images") / "rooms"
    project = validated(FIXTURE_GAME)
    written = card_pngs(project, "rooms", None, folder) + tabletop_deck(project, "rooms", None, folder / "tabletop-simulator",
                                                                       ROOMS_URL)
    return folder, written


ROOMS_URL = "https://example.com/my%20games/pocket-dungeon/images/rooms/tabletop-simulator"


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
    assert written == len(names) + 4  # the sides, one TTS face image, one TTS back image, deck.json, the saved object


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
    tabletop_deck(fx, "rooms", None, tmp_path / "again" / "tabletop-simulator", ROOMS_URL)
    digest = lambda root: {p.relative_to(root): hashlib.sha256(p.read_bytes()).hexdigest()  # noqa: E731
                           for p in sorted(root.rglob("*")) if p.is_file()}
    assert digest(tmp_path / "again") == digest(folder)


def test_build_writes_images_only_when_asked(fixture_project):
    images_at(fixture_project, 100)  # which files, not their resolution
    runner = CliRunner()
    assert runner.invoke(app, ["build", FIXTURE_GAME]).exit_code == 0
    assert not (fixture_project / f"output/{FIXTURE_GAME}/images").exists()
    result = runner.invoke(app, ["build", FIXTURE_GAME, "--images", "--difficulty", "green"])
    assert result.exit_code == 0, result.output
    green = fixture_project / f"output/{FIXTURE_GAME}-green/images"
    assert (green / "rooms/crypt.png").exists() and (green / "rooms/crypt-back.png").exists()
    assert (green / "rooms/tabletop-simulator/deck-1.png").exists()
    assert not (green / "rooms/pit-trap.png").exists()  # a red card


# --- Tabletop Simulator's saved object ------------------------------------------------------------------------

def card_names(fx, deck):
    fronts, _ = deck_faces(fx, deck, None)
    return [face.card.name for face in fronts]


def test_the_saved_object_is_a_deck_of_the_images_written_with_each_cards_name(rooms, fx):
    """ObjectStates holds one DeckCustom: a CustomDeck entry per deck image (FaceURL, BackURL, NumWidth, NumHeight,
    BackIsHidden, UniqueBack), and a Card per card, CardID = sheet * 100 + slot, Nickname its name."""
    tts = rooms[0] / "tabletop-simulator"
    saved = json.loads((tts / "pocket-dungeon-rooms.json").read_text(encoding="utf-8"))
    sheets = json.loads((tts / "deck.json").read_text())["decks"]
    (deck,) = saved["ObjectStates"]
    assert deck["Name"] == "DeckCustom" and deck["Nickname"].endswith(fx.game.decks["rooms"].model.name)
    assert sorted(deck["CustomDeck"]) == [str(n) for n in range(1, len(sheets) + 1)]
    for number, sheet in enumerate(sheets, 1):
        custom = deck["CustomDeck"][str(number)]
        assert custom["FaceURL"] == f"{ROOMS_URL}/deck-{number}.png" and (tts / f"deck-{number}.png").exists()
        assert custom["BackURL"] == f"{ROOMS_URL}/{sheet['back']}" and (tts / sheet["back"]).exists()
        width, height = json.loads((tts / "deck.json").read_text())["card_pixels"]
        with Image.open(tts / f"deck-{number}.png") as image:
            assert (custom["NumWidth"] * width, custom["NumHeight"] * height) == image.size
        assert custom["BackIsHidden"] is True and custom["UniqueBack"] is True  # rooms' backs differ card to card
    cards = deck["ContainedObjects"]
    names = card_names(fx, "rooms")
    assert [c["Name"] for c in cards] == ["Card"] * len(names)
    assert [c["Nickname"] for c in cards] == names
    assert [c["CardID"] for c in cards] == deck["DeckIDs"] == [100 + slot for slot in range(len(names))]
    assert all(c["CustomDeck"] == {"1": deck["CustomDeck"]["1"]} for c in cards)
    assert len({c["GUID"] for c in cards} | {deck["GUID"]}) == len(cards) + 1


def test_a_deck_over_several_images_gets_a_custom_deck_per_image(tmp_path):
    from pnp.render.card_images import tts_saved_object

    card, back = Image.new("RGB", (40, 56), "red"), Image.new("RGB", (40, 56), "blue")
    tts_deck([card] * 106, [back] * 106, tmp_path, TabletopSpec())
    sheets = json.loads((tmp_path / "deck.json").read_text())["decks"]
    names = [f"Card {i}" for i in range(106)]
    (deck,) = tts_saved_object(sheets, names, "file:///decks/", "Big: deck")["ObjectStates"]
    assert deck["DeckIDs"] == [100 + i for i in range(69)] + [200 + i for i in range(37)]
    assert {k: (v["FaceURL"], v["BackURL"], v["NumWidth"], v["NumHeight"], v["UniqueBack"]) for k, v in deck["CustomDeck"].items()} == {
        "1": ("file:///decks/deck-1.png", "file:///decks/back.png", 10, 7, False),
        "2": ("file:///decks/deck-2.png", "file:///decks/back.png", 10, 4, False)}
    assert [list(c["CustomDeck"]) for c in deck["ContainedObjects"]] == [["1"]] * 69 + [["2"]] * 37
    assert [c["Nickname"] for c in deck["ContainedObjects"]] == names
    assert tts_saved_object(sheets[:1], names, "file:///d", "x") == tts_saved_object(sheets[:1], names, "file:///d", "x")


def test_one_card_is_saved_as_a_card(tmp_path):
    from pnp.render.card_images import tts_saved_object

    sheet = {"face": "deck-1.png", "back": "back.png", "width": 10, "height": 2, "cards": 1, "back_is_hidden": True,
             "unique_back": False}
    (card,) = tts_saved_object([sheet], ["Lonely"], "file:///x", "Solo")["ObjectStates"]
    assert card["Name"] == "Card" and card["CardID"] == 100 and card["Nickname"] == "Lonely"


def test_build_points_the_saved_object_at_the_images_where_the_build_put_them(fixture_project):
    """By default a file:/// address of the final output folder (never the staging folder); with --tts-url, the
    address the output folder is uploaded to, the same relative path below it."""
    from urllib.parse import unquote, urlparse

    runner = CliRunner()
    result = runner.invoke(app, ["build", FIXTURE_GAME, "--only", "images", "--deck", "heroes"])
    assert result.exit_code == 0, result.output
    tts = fixture_project / f"output/{FIXTURE_GAME}/images/heroes/tabletop-simulator"
    (deck,) = json.loads((tts / f"{FIXTURE_GAME}-heroes.json").read_text(encoding="utf-8"))["ObjectStates"]
    for custom in deck["CustomDeck"].values():
        for url in (custom["FaceURL"], custom["BackURL"]):
            assert url.startswith("file:///")
            path = Path(unquote(urlparse(url).path))
            assert path.is_file() and path.parent.resolve() == tts.resolve()
    result = runner.invoke(app, ["build", FIXTURE_GAME, "--only", "images", "--deck", "heroes",
                                 "--tts-url", "https://example.com/pnp/"])
    assert result.exit_code == 0, result.output
    (deck,) = json.loads((tts / f"{FIXTURE_GAME}-heroes.json").read_text(encoding="utf-8"))["ObjectStates"]
    assert deck["CustomDeck"]["1"]["FaceURL"] == \
        f"https://example.com/pnp/{FIXTURE_GAME}/images/heroes/tabletop-simulator/deck-1.png"


def test_a_tts_url_that_is_no_address_is_a_usage_error(fixture_project):
    result = CliRunner().invoke(app, ["build", FIXTURE_GAME, "--images", "--tts-url", "my images"])
    assert result.exit_code == 2 and "--tts-url" in result.output
