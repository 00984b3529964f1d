"""Escape Master's print files hold the seed's counts: 106 GAME cards, 6 leaders, the green kit."""
import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from pnp.cli import app


@pytest.fixture
def built(built_game):
    return built_game("escape-master")


def test_the_game_deck_prints_106_cards(built):
    assert len(PdfReader(built / "home-a4/game.pdf").pages) == 2 * 12  # 106 cards, 9 per sheet, fronts and backs
    assert len(PdfReader(built / "print-on-demand/game-drivethrucards.pdf").pages) == 2 * 106


def test_leader_text_is_real_text(built):
    text = PdfReader(built / "print-on-demand/character-drivethrucards.pdf").pages[1].extract_text()
    assert "Hattie Plowright" in text and "Turn the Soil" in text and "Early Harvest" in text


def test_the_title_page_shows_the_showcase_and_the_colours(built):
    cover = PdfReader(built / "rules/rulebook-a4.pdf").pages[0].extract_text()
    assert "7-Start" in cover and "Wisdom" in cover and "Hattie Plowright" in cover
    assert "enough for a first game" in cover and "adds leaders, Story cards and the Doom Master" in cover


def test_the_green_kit_leaves_out_every_red_and_yellow_card(project):
    result = CliRunner().invoke(app, ["build", "escape-master", "--difficulty", "green"])
    assert result.exit_code == 0, result.output
    green = project / "output/escape-master-green"
    assert len(PdfReader(green / "home-a4/game.pdf").pages) == 2 * 10  # 86 green cards
    assert not (green / "home-a4/character.pdf").exists()  # every leader is red
    rules = (green / "rules/rules.md").read_text()
    assert 'id="rule-goal"' in rules and 'id="rule-doom-ranks"' not in rules and 'id="rule-wild"' not in rules
    assert "### CHARACTER deck" not in rules  # a deck with no green card is not in the card reference


def test_a_six_and_a_nine_are_underlined_and_rankless_cards_show_a_corner_drawing(em_project):
    """Read upside down, a 6 passes for a 9: both carry the usual bar under the rank, and nothing else does. A
    special card (no rank) shows its drawing in two corners, so a fanned hand still tells it apart."""
    from types import SimpleNamespace

    from pnp.games.escape_master.boxes import RankMark

    drawn = []
    backend = SimpleNamespace(rect=lambda *args, **kwargs: drawn.append(args))
    box = SimpleNamespace(w=7, h=1, color="#123456")
    for card_id, bars in (("mice-6", 1), ("robots-9", 1), ("teens-8", 0), ("mice-k", 0)):
        drawn.clear()
        face = SimpleNamespace(card=em_project.game.card(card_id).card, values={})
        RankMark().draw(backend, box, face, None, {}, 0, 0)
        assert len(drawn) == bars, card_id
    layout = (em_project.root / "layouts/escape-master/cards.yaml").read_text()
    assert "rank_mark_top: {type: rank-mark" in layout and "rank_mark_bottom:" in layout
    assert 'corner_art_top: {type: art, when: "!rank_label"' in layout and "corner_art_bottom:" in layout
