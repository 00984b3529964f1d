"""Escape Master's print files hold the seed's counts: 106 GAME cards, 6 leaders, the green kit."""
import pytest
from helpers import ROOT
from pypdf import PdfReader
from typer.testing import CliRunner

from pnp.cli import app


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    from pnp.build import build

    out = tmp_path_factory.mktemp("out")
    result, report = build(ROOT, "escape-master", out)
    assert result is not None, report.to_text()
    return out / "escape-master"


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
