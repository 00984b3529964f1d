"""Stranded in print: a danger card carries its knowledge side upside down in every output, and every
fighting card (starting, aging, a beaten danger) shares one back."""
import pytest
from pypdf import PdfReader


@pytest.fixture
def built(built_game):
    return built_game("stranded")


@pytest.fixture(scope="module")
def images(tmp_path_factory):
    """The card images of the fighting decks, as `pnp build --images` makes them (those decks' alone)."""
    from helpers import root_of

    from pnp.build.game import BuildOptions, BuildTarget, build

    out = tmp_path_factory.mktemp("stranded")
    result, report = build(BuildTarget(root_of("stranded"), "stranded", out), BuildOptions(only=("images",), decks=("starting", "dangers", "aging")))
    assert result is not None, report.to_text()
    return out / "stranded" / "images"


@pytest.fixture(scope="module")
def dangers():
    from helpers import validated

    return [record.card for record in validated("stranded").game.decks["dangers"].cards]


def upright_and_upside_down(page) -> tuple[str, str]:
    return page.extract_text(orientations=(0,)), page.extract_text(orientations=(180,))


def test_print_on_demand_turns_each_danger_into_its_knowledge_card_by_turning_it_round(built, dangers):
    reader = PdfReader(built / "print-on-demand" / "dangers-front-then-back.pdf")
    assert len(reader.pages) == 2 * len(dangers) == 60
    for i, card in enumerate(dangers):
        upright, upside_down = upright_and_upside_down(reader.pages[2 * i])
        assert card.name in upright and card.knowledge.name not in upright, card.id
        assert card.knowledge.name in upside_down and card.name not in upside_down, card.id


@pytest.mark.parametrize("folder", ["home-a4", "home-letter", "fold-a4", "fold-letter"])
def test_home_print_and_fold_and_glue_carry_the_knowledge_side_upside_down(built, dangers, folder):
    reader = PdfReader(built / folder / "dangers.pdf")
    upright = "".join(page.extract_text(orientations=(0,)) for page in reader.pages)
    upside_down = "".join(page.extract_text(orientations=(180,)) for page in reader.pages)
    for card in dangers:
        assert card.name in upright and card.knowledge.name in upside_down, card.id
        assert card.knowledge.name not in upright, card.id


def test_every_fighting_card_shares_one_back(built):
    backs = {deck: PdfReader(built / "print-on-demand" / f"{deck}-front-then-back.pdf").pages[1].extract_text()
             for deck in ("starting", "dangers", "aging")}
    assert len(set(backs.values())) == 1 and "Fighting card" in backs["starting"]


def test_card_images_and_tabletop_simulator_decks_share_the_fighting_back(images, dangers):
    from PIL import Image, ImageChops

    assert all((images / "dangers" / f"{card.id}.png").exists() for card in dangers)
    backs = [Image.open(images / deck / sub / "back.png").convert("RGB") for deck in ("starting", "dangers", "aging")
             for sub in ("", "tabletop-simulator")]
    for deck_back in backs[2:]:
        same_size = backs[0] if deck_back.size == backs[0].size else backs[1]
        assert ImageChops.difference(same_size, deck_back).getbbox() is None


def test_the_playmat_has_a_life_track_from_0_to_22(built):
    text = PdfReader(built / "sheets" / "playmat-full-size.pdf").pages[0].extract_text()
    numbers = {int(word) for word in text.split() if word.isdigit()}
    assert set(range(0, 23)) <= numbers


def test_life_tokens_sheet_has_22_tokens(built):
    from helpers import validated

    game = validated("stranded").game
    assert sum(token.count for token in game.sheets["life-tokens"].model.tokens) == game.settings.life_cap == 22
    assert (built / "sheets" / "life-tokens-a4.pdf").exists()
