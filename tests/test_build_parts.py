"""Rough edges a designer hit: counts that match the lines printed, one error for one broken file, builds of
some parts or decks, card images that survive a build without --images, and one card as PNG."""
from __future__ import annotations

import shutil
from pathlib import Path

from helpers import FIXTURE_GAME, images_at
from PIL import Image
from typer.testing import CliRunner

from pnp.cli import app
from pnp.core.diagnostics import Diagnostic, Report

runner = CliRunner()
OUT = Path("output") / FIXTURE_GAME


def _files(folder: Path) -> dict[str, int]:
    """Every file under `folder` -> its inode: the same inode after a build means the file was not rewritten."""
    return {str(p.relative_to(folder)): p.stat().st_ino for p in sorted(folder.rglob("*")) if p.is_file()}


def test_a_problem_reported_twice_is_one_line_and_one_count():
    twice = Diagnostic("content/x/game.yaml", 3, 1, "count", "deck 'a' must have 4 cards")
    report = Report([twice])
    report.extend([twice, Diagnostic("content/x/game.yaml", 4, 1, "count", "another", "warning")])
    report.add(twice)
    assert len(report.diagnostics) == 2 and len(report.errors) == 1
    assert report.to_text().count("\n") == 1


def test_the_error_count_equals_the_lines_printed(fixture_project):
    deck = fixture_project / f"content/{FIXTURE_GAME}/decks/heroes.yaml"
    deck.write_text(deck.read_text().replace("cost: 3", "cost: many").replace("cost: 2", "cost: lots"))
    result = runner.invoke(app, ["validate", FIXTURE_GAME])
    lines = [line for line in result.output.splitlines() if ": error [" in line]
    assert f"{len(lines)} error(s)" in result.output and len(lines) == len(set(lines)) >= 2


def test_a_yaml_syntax_error_has_no_follow_on_errors(fixture_project):
    """The rules and game.yaml name cards of the broken deck: they are unknown until it reads, not missing."""
    deck = fixture_project / f"content/{FIXTURE_GAME}/decks/heroes.yaml"
    deck.write_text(deck.read_text() + "  - id: [broken\n")
    result = runner.invoke(app, ["validate", FIXTURE_GAME])
    assert result.exit_code == 1
    errors = [line for line in result.output.splitlines() if ": error [" in line]
    assert len(errors) == 1 and errors[0].startswith(f"content/{FIXTURE_GAME}/decks/heroes.yaml:"), result.output
    assert "1 error(s)" in result.output


def test_a_missing_deck_file_has_no_follow_on_errors(fixture_project):
    (fixture_project / f"content/{FIXTURE_GAME}/decks/heroes.yaml").unlink()
    result = runner.invoke(app, ["validate", FIXTURE_GAME])
    errors = [line for line in result.output.splitlines() if ": error [" in line]
    assert len(errors) == 1 and "[missing-file] deck file 'decks/heroes.yaml' not found" in errors[0], result.output


def test_a_build_without_images_keeps_the_card_images_of_an_earlier_one(fixture_project):
    images_at(fixture_project, 100)  # which files, not their resolution
    assert runner.invoke(app, ["build", FIXTURE_GAME, "--images"]).exit_code == 0
    images = _files(OUT / "images")
    assert "heroes/hero-ranger.png" in images
    result = runner.invoke(app, ["build", FIXTURE_GAME])
    assert result.exit_code == 0, result.output
    assert _files(OUT / "images") == images  # the same files, not copies
    assert "kept from an earlier build, as it was: images/" in result.output


def test_only_some_parts_are_rebuilt_and_the_rest_is_kept(fixture_project):
    assert runner.invoke(app, ["build", FIXTURE_GAME]).exit_code == 0
    before = _files(OUT)
    result = runner.invoke(app, ["build", FIXTURE_GAME, "--only", "rules", "--only", "sheets"])
    assert result.exit_code == 0, result.output
    after = _files(OUT)
    assert set(after) == set(before)
    rebuilt = {name for name in after if after[name] != before[name]}
    assert rebuilt == {name for name in after if name.startswith(("rules/", "sheets/"))}
    assert "kept from an earlier build, as it was: fold-a4/, fold-letter/, home-a4/, home-letter/, print-on-demand/" in result.output


def test_one_deck_is_rebuilt_and_the_old_files_are_never_written_through(fixture_project):
    assert runner.invoke(app, ["build", FIXTURE_GAME]).exit_code == 0
    old_home = OUT / "home-a4/rooms.pdf"
    old_bytes, old_inode = old_home.read_bytes(), old_home.stat().st_ino
    keep = old_home.parent / "keep.pdf"
    keep.hardlink_to(old_home)  # a link to the old file: rebuilding rooms must not change it
    deck = fixture_project / f"content/{FIXTURE_GAME}/decks/rooms.yaml"
    deck.write_text(deck.read_text().replace("name: Crypt", "name: Old Crypt"))
    before = _files(OUT)
    result = runner.invoke(app, ["build", FIXTURE_GAME, "--deck", "rooms"])
    assert result.exit_code == 0, result.output
    after = _files(OUT)
    rebuilt = {name for name in after if after[name] != before.get(name)}
    assert rebuilt == {name for name in after if name.endswith(("/rooms.pdf", "rooms-drivethrucards.pdf", "rooms-front-then-back.pdf",
                                                                "rooms-metric-poker.pdf", f"{FIXTURE_GAME}-printninja.pdf"))}
    assert keep.read_bytes() == old_bytes and keep.stat().st_ino == old_inode
    assert (OUT / "home-a4/rooms.pdf").read_bytes() != old_bytes


def test_unknown_decks_and_empty_selections_are_usage_errors(fixture_project):
    result = runner.invoke(app, ["build", FIXTURE_GAME, "--deck", "room"])
    assert result.exit_code == 2 and "no deck 'room' in pocket-dungeon; did you mean 'rooms'?" in result.output
    result = runner.invoke(app, ["build", FIXTURE_GAME, "--deck", "rooms", "--only", "rules"])
    assert result.exit_code == 2 and "nothing to build" in result.output
    result = runner.invoke(app, ["build", FIXTURE_GAME, "--only", "posters"])
    assert result.exit_code == 2
    assert not Path("output").exists() or not any(Path("output").iterdir())


def test_one_card_front_and_back_as_png(fixture_project):
    result = runner.invoke(app, ["card", FIXTURE_GAME, "crypt"])
    assert result.exit_code == 0, result.output
    front, back = Path(f"output/cards/{FIXTURE_GAME}/crypt.png"), Path(f"output/cards/{FIXTURE_GAME}/crypt-back.png")
    assert Image.open(front).size == (825, 1125) and Image.open(back).size == (825, 1125)  # poker with bleed, 300 DPI
    assert Image.open(front).tobytes() != Image.open(back).tobytes()  # the crypt's treasure side, not its room side
    result = runner.invoke(app, ["card", FIXTURE_GAME, "cript"])
    assert result.exit_code == 2 and "no card 'cript' in pocket-dungeon; did you mean 'crypt'?" in result.output


def test_an_unknown_emblem_on_a_card_is_reported_once_at_the_card(fixture_project):
    deck = fixture_project / f"content/{FIXTURE_GAME}/decks/rooms.yaml"
    deck.write_text(deck.read_text().replace("    power: 2\n    count: 2\n    text: Beat power 2",
                                             "    art: bookshelf\n    power: 2\n    count: 2\n    text: Beat power 2", 1))
    result = runner.invoke(app, ["validate", FIXTURE_GAME])
    errors = [line for line in result.output.splitlines() if ": error [" in line]
    assert len(errors) == 1 and errors[0].startswith(f"content/{FIXTURE_GAME}/decks/rooms.yaml:"), result.output


def test_all_games_pass_over_a_game_that_has_none_of_the_part_asked_for(fixture_project):
    """`--all --only sheets` builds the sheets of the games that have them; a game with none is passed over (said),
    and only when no game has any is it a usage error."""
    assert runner.invoke(app, ["new", "cardonly", "--kind", "deck"]).exit_code == 0
    result = runner.invoke(app, ["build", "--all", "--only", "sheets"])
    assert result.exit_code == 0, result.output
    assert "cardonly: passed over, nothing to build: cardonly has no sheets" in result.output
    assert any((OUT / "sheets").iterdir()) and not Path("output/cardonly").exists()
    shutil.rmtree(Path("content") / FIXTURE_GAME)  # now no game has a sheet
    result = runner.invoke(app, ["build", "--all", "--only", "sheets"])
    assert result.exit_code == 2 and "nothing to build: cardonly has no sheets" in result.output
