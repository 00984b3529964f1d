"""The command line: exit codes, formats, help, and no tracebacks on bad input."""
import json

import pytest
from helpers import REAL_GAMES, ROOT
from typer.testing import CliRunner

from pnp.cli import app

runner = CliRunner()


def test_validate_clean_content(project):
    result = runner.invoke(app, ["validate"])
    assert result.exit_code == 0, result.output
    assert f"ok: {', '.join(REAL_GAMES)} valid" in result.output


def test_validate_json_for_editors(project):
    deck = project / "content/escape-master/decks/story.yaml"
    deck.write_text(deck.read_text().replace("kind: story", "kind: story\n    colour: red", 1))
    result = runner.invoke(app, ["validate", "escape-master", "--format", "json"])
    assert result.exit_code == 1
    problems = json.loads(result.output)
    assert problems[0]["path"] == "content/escape-master/decks/story.yaml"
    assert problems[0]["code"] == "unknown-key" and problems[0]["line"] > 1


def test_unknown_game_is_a_usage_error():
    result = runner.invoke(app, ["validate", "escape-mastr"])
    assert result.exit_code == 2
    assert "did you mean 'escape-master'" in result.output


def test_missing_content_file_is_reported_not_raised(project):
    (project / "content/escape-master/rules.yaml").unlink()
    result = runner.invoke(app, ["validate", "escape-master"])
    assert result.exit_code == 1
    assert "content/escape-master/game.yaml:35:8: error [missing-file] rules file 'rules.yaml' not found under content/escape-master" in result.output
    assert "Traceback" not in result.output


def test_internal_errors_exit_3_without_traceback(project, monkeypatch):
    import pnp.checks.validate

    def broken(*args):
        raise RuntimeError("boom")

    monkeypatch.setattr(pnp.checks.validate, "validate", broken)
    result = runner.invoke(app, ["validate", "escape-master"])
    assert result.exit_code == 3
    assert "internal error: RuntimeError: boom" in result.output and "Traceback" not in result.output


@pytest.mark.parametrize("command", ["list", "validate", "build", "playtest", "rules", "schema"])
def test_every_command_has_help(command):
    result = runner.invoke(app, [command, "--help"])
    assert result.exit_code == 0 and "Usage" in result.output


def test_list_names_decks_sheets_counts_and_engines(fixture_project):
    result = runner.invoke(app, ["list"])
    assert result.output == "pocket-dungeon: Pocket Dungeon, 1-4 players; Heroes 4, Rooms 8, Relics 20, Quests 10, " \
                            "Pocket Dungeon score pad, Pocket Dungeon playmat, no engine\n"
    real = runner.invoke(app, ["list", "--root", str(ROOT)])
    assert "saucer-escape: Saucer Escape, 1 player(s); Saucer Escape game sheet, an engine" in real.output


def test_a_game_without_an_engine_says_so(fixture_project):
    result = runner.invoke(app, ["playtest", "pocket-dungeon"])
    assert result.exit_code == 2 and "pocket-dungeon has no engine to play it" in result.output
    assert "Traceback" not in result.output


def test_replay_of_a_seed_the_playtest_never_played_is_a_usage_error():
    result = runner.invoke(app, ["playtest", "saucer-escape", "--replay", "12"])
    assert result.exit_code == 2 and "pass the --seed it ran with" in result.output


def test_rules_formats(project):
    md = runner.invoke(app, ["rules", "escape-master", "--format", "md"])
    assert md.exit_code == 0 and md.output.startswith("# Escape Master")
    html = runner.invoke(app, ["rules", "escape-master", "--format", "html"])
    assert "<!DOCTYPE html>" in html.output
    data = json.loads(runner.invoke(app, ["rules", "escape-master", "--format", "json"]).output)
    assert {"rules", "terms", "cards"} <= set(data)
    pdf = runner.invoke(app, ["rules", "escape-master", "--format", "pdf", "--paper", "letter"])
    assert pdf.exit_code == 0 and (project / "output/escape-master/rules/rulebook-letter.pdf").exists()


@pytest.mark.parametrize("args", [["escape-master", "--players", "9"], ["saucer-escape", "--players", "2"],
                                  ["escape-master", "--games", "0"], ["escape-master", "--games", "-2"]])
def test_playtest_options_outside_the_game_are_usage_errors(args):
    result = runner.invoke(app, ["playtest", *args])
    assert result.exit_code == 2 and "Traceback" not in result.output and "internal error" not in result.output


@pytest.mark.parametrize("args", [["build", "escape-master", "--out", "{blocked}/out"],
                                  ["rules", "escape-master", "--format", "md", "--out", "{blocked}/rules.md"],
                                  ["rules", "escape-master", "--format", "pdf", "--out", "{blocked}/rules.pdf"],
                                  ["playtest", "saucer-escape", "--games", "2", "--out", "{blocked}/out"]])
def test_an_output_folder_that_cannot_be_written_is_a_usage_error(args, tmp_path):
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")  # nothing can be created below a file
    result = runner.invoke(app, [a.replace("{blocked}", str(blocked)) for a in args])
    assert result.exit_code == 2, result.output
    assert f"error: cannot write {blocked}/" in result.output and "pick another folder" in result.output
    assert "internal error" not in result.output and blocked.read_text() == "not a folder"


def test_playtest_keeps_its_reports_in_the_output_folder(tmp_path):
    result = runner.invoke(app, ["playtest", "saucer-escape", "--games", "4", "--out", str(tmp_path)])
    folder = tmp_path / "playtest" / "saucer-escape"
    assert result.exit_code == 1  # 4 games witness too little: the report says what is missing, and is kept
    assert sorted(p.name for p in folder.iterdir()) == ["game-length.png", "report.json", "report.txt", "score-distribution.png",
                                                        "win-rate-by-group.png"]  # no charts of its own: those of every game
    assert (folder / "report.txt").read_text().strip() in result.output
    assert json.loads((folder / "report.json").read_text())["games"] == 4
    assert f"wrote {folder}/" in result.output


def test_playtest_with_an_empty_out_is_a_usage_error():
    result = runner.invoke(app, ["playtest", "saucer-escape", "--out", ""])
    assert result.exit_code == 2 and "--out is empty" in result.output


def test_names_from_the_command_line_and_content_reach_the_terminal_escaped(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert runner.invoke(app, ["init", "."]).exit_code == 0
    (tmp_path / "content" / "evil\x1b[2Jgame").mkdir()
    ((tmp_path / "content" / "evil\x1b[2Jgame") / "game.yaml").write_text("id: x\n")
    for args in (["validate", "my-gam\x1b[31m"], ["list"], ["validate"]):
        result = runner.invoke(app, args)
        assert "\x1b" not in result.output and result.exit_code != 3, (args, result.output)
    assert "\\x1b[2J" in runner.invoke(app, ["list"]).output
