"""Escort Service through the command line and in print: the playtest witnesses every card side and word and keeps
its chart; cards carry their icons, statuses and clues where the rules say."""
import json

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from pnp.cli import app

runner = CliRunner()


def test_the_default_playtest_witnesses_every_card_side_and_word(default_playtest):
    code, output, folder = default_playtest("escort-service")  # `pnp playtest escort-service`, played once a run
    assert code == 0, output[-2000:]
    report = json.loads((folder / "report.json").read_text())
    assert report["ok"] and not report["missing"] and not report["unused_words"]
    elements = report["elements"]
    assert elements["bruiser:a"] and elements["bruiser:b"] and elements["warrior-got-your-attention"]
    assert elements["warlord-battle-cry"] and elements["hive-queen-burrow"] and elements["the-warlord-s-gate"]
    assert (folder / "win-rate.png").exists()
    # every team size is played, with a win rate per scenario
    assert all(f"greedy   {size:6d}" in output for size in (1, 2, 3, 4))


def test_replay_names_the_team():
    seed = 1_000_003 + 5  # the sixth table: two greedy pilots
    result = runner.invoke(app, ["playtest", "escort-service", "--replay", str(seed)])
    assert result.exit_code == 0
    assert result.output.splitlines()[0].startswith(f"seed {seed}: 2 players (greedy, greedy), pilots ")


@pytest.fixture
def built(built_game):
    return built_game("escort-service")


def test_a_status_card_names_its_status_along_the_bottom_edge(built):
    reader = PdfReader(built / "print-on-demand" / "warrior-front-then-back.pdf")
    page = next(p for p in reader.pages if "Got Your Attention" in p.extract_text())
    height = float(page.trimbox.height)
    found = []
    page.extract_text(visitor_text=lambda text, cm, tm, font, size: found.append((text, tm[5])) if text.strip() else None)
    taunt = [y for text, y in found if text.strip() == "TAUNT"]
    assert taunt and all(y < height * 0.12 for y in taunt)  # the band sits in the bottom eighth of the card


def test_elite_action_backs_give_the_kind_of_action(built):
    reader = PdfReader(built / "print-on-demand" / "warlord-front-then-back.pdf")
    pairs = [(reader.pages[i].extract_text(), reader.pages[i + 1].extract_text()) for i in range(0, len(reader.pages), 2)]
    clues = {front.splitlines()[0]: back for front, back in pairs if "ATTACK" in back or "MOVE" in back
             or "SUPPORT" in back}
    assert "ATTACK" in clues["Crushing Blow"] and "MOVE" in clues["Shove Aside"] and "SUPPORT" in clues["Plating"]


def test_basic_enemies_print_both_action_sides(built):
    reader = PdfReader(built / "print-on-demand" / "enemies-front-then-back.pdf")
    front, back = reader.pages[0].extract_text(), reader.pages[1].extract_text()
    assert "Bruiser" in front and "Bruiser" in back and "flip" in front and "flip" in back


def test_action_lines_draw_icons_not_braces(built):
    text = "".join(page.extract_text() for page in PdfReader(built / "home-a4" / "scrap.pdf").pages)
    assert "Heat Sink" in text and "{" not in text


def test_the_rules_draw_the_example_turn_from_the_engine():
    markdown = runner.invoke(app, ["rules", "escort-service", "--format", "md"]).output
    assert "4. HEAT 1: the Warrior vents one column right -> 1: - | 2: Warrior 0/10 | 3: Bruiser 1/5 | 4: -" in markdown
    assert "7. TAUNT: the card goes under the Warrior -> 1: - | 2: - | 3: Bruiser 3/5 | 4: Warrior 0/10 +TAUNT" in markdown
    html = runner.invoke(app, ["rules", "escort-service", "--format", "html"]).output
    assert "<title>The example turn, step by step" in html  # the figure, drawn as inline SVG
    assert '<svg xmlns="http://www.w3.org/2000/svg"' in html and 'class="icon"' in html and "{heat}" not in html
