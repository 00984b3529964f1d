"""Stranded through the command line: the playtest witnesses every card at its default size, reports the balance
per level and player, and keeps its report and win-rate chart in the playtest folder."""
import json

import pytest
from typer.testing import CliRunner

from pnp.cli import app

runner = CliRunner()


@pytest.fixture(scope="module")
def playtest(tmp_path_factory):
    out = tmp_path_factory.mktemp("playtest")
    result = runner.invoke(app, ["playtest", "stranded", "--out", str(out)])
    return result, out / "playtest" / "stranded"


def test_the_default_playtest_witnesses_every_card_side_and_word(playtest):
    result, folder = playtest
    assert result.exit_code == 0, result.output[-2000:]
    report = json.loads((folder / "report.json").read_text())
    assert report["ok"] and not report["missing"] and not report["unused_words"]
    # 7 starting, 30 dangers and their 30 knowledge sides, 11 aging (9 kinds), 6 chapters, 3 Sol cards
    assert len(report["elements"]) == 7 + 30 + 30 + 9 + 6 + 3
    assert report["elements"]["the-ascent-vehicle"] > 0 and report["elements"]["collapse"] > 0
    assert len(report["words"]) == 15 and all(report["words"].values())


def test_the_greedy_player_wins_a_share_at_every_level_and_most_at_green(playtest):
    result, folder = playtest
    rows = {tuple(line.split()[:2]): line.split() for line in (folder / "report.txt").read_text().splitlines()
            if line.split()[:1] in (["greedy"], ["random"], ["veteran"]) and line.split()[1] in ("green", "yellow", "red")}
    rate = {key: float(row[4].rstrip("%")) for key, row in rows.items()}
    assert rate[("greedy", "green")] >= 25 and rate[("greedy", "green")] > rate[("greedy", "red")] > 0
    assert rate[("random", "green")] < rate[("greedy", "green")]
    assert "most destroyed:" in result.output and "most acquired:" in result.output


def test_the_win_rate_chart_is_a_png_drawn_the_same_every_time(playtest, tmp_path):
    from PIL import Image

    _, folder = playtest
    chart = folder / "win-rate.png"
    with Image.open(chart) as image:
        assert image.format == "PNG" and image.size == (960, 560)
    again = runner.invoke(app, ["playtest", "stranded", "--out", str(tmp_path)])
    assert again.exit_code == 0
    assert (tmp_path / "playtest" / "stranded" / "win-rate.png").read_bytes() == chart.read_bytes()
    assert (tmp_path / "playtest" / "stranded" / "report.txt").read_text() == (folder / "report.txt").read_text()


def test_replay_of_a_veteran_game_reaches_the_final_chapters():
    seed = 1_000_003 + 3  # the fourth table of the run: the veteran, dealt the Final Chapters
    result = runner.invoke(app, ["playtest", "stranded", "--replay", str(seed)])
    assert result.exit_code == 0, result.output[-2000:]
    lines = result.output.splitlines()
    assert "veteran" in lines[0] and "playtest set-up finals" in lines[0]
    assert any(" chapter " in line for line in lines) and lines[-1].startswith("result: scores")


def test_a_playtest_at_one_difficulty_plays_only_that_levels_tables(tmp_path):
    result = runner.invoke(app, ["playtest", "stranded", "--difficulty", "green", "--games", "150", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output[-2000:]
    report = json.loads((tmp_path / "playtest" / "stranded" / "report.json").read_text())
    assert {row["group"] for row in report["groups"]} == {"green"}
    assert "the-ascent-vehicle" not in report["elements"]  # a red card: it stays in the box at green
