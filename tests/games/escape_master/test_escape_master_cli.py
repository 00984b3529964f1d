"""Escape Master through the command line: coverage of every card, witnesses and replays, a card no stack takes."""
import json

from typer.testing import CliRunner

from pnp.cli import app

runner = CliRunner()


def test_playtest_witnesses_every_card(tmp_path):
    result = runner.invoke(app, ["playtest", "escape-master", "--out", str(tmp_path), "--games", "120", "--format", "json"])
    assert result.exit_code == 0, result.output[-2000:]
    report = json.loads(result.output)
    assert report["ok"] and not report["missing"] and not report["unused_words"]
    assert report["elements"]["doom-master-kindle"] > 0 and report["elements"]["leader-bram-axewell#beast"] > 0
    assert len(report["elements"]) == 78 + 11 + 6 * 2 + 16  # GAME ids, leaders and their Beast Modes, Story cards
    assert report["reference"] == ["quick-guide"] and set(report["players"]) == {"greedy", "random"}


def test_replay_tells_the_witness_game_step_by_step(tmp_path):
    """The report names where a card first resolved; --replay shows that game, and the card in it, in that round."""
    report = json.loads(runner.invoke(app, ["playtest", "escape-master", "--out", str(tmp_path), "--games", "12", "--format", "json"]).output)
    card = "doom-master-kindle"
    seed, round_ = report["first_seen"][card]
    result = runner.invoke(app, ["playtest", "escape-master", "--replay", str(seed)])
    assert result.exit_code == 0, result.output[-2000:]
    lines = result.output.splitlines()
    assert lines[0].startswith(f"seed {seed}: ") and lines[-1].startswith("result: scores")
    first = next(line for line in lines[1:] if card in line.partition("->")[2].strip().split(", "))
    assert int(first.split()[0]) == round_


def test_playtest_exits_1_when_a_card_has_no_witness(tmp_path):
    """One short game cannot reach every Story card and Beast Mode: the run must say so and fail."""
    result = runner.invoke(app, ["playtest", "escape-master", "--out", str(tmp_path), "--games", "1", "--players", "2"])
    assert result.exit_code == 1
    assert "error: no witness for 'story-" in result.output


def test_an_impossible_card_is_caught_before_playtest(project):
    """A card no player could ever play: a Numbered rank no Stack can reach."""
    deck = project / "content/escape-master/decks/game.yaml"
    game = project / "content/escape-master/game.yaml"
    deck.write_text(deck.read_text().replace("  - id: dead-end", "  - id: lost-card\n    name: Lost Card\n    kind: numbered\n"
                                             "    suit: mice\n    rank: 14\n    art: anchor\n  - id: dead-end"))
    game.write_text(game.read_text().replace("count: 106", "count: 107").replace("numbered: 78", "numbered: 79"))
    checked = runner.invoke(app, ["validate", "escape-master"])
    assert "rank 14; ranks are 1 to 13" in checked.output  # the validator catches it first


