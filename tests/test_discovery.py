"""How games are found: folders of content/, and the Python package a game.yaml names (or none)."""
from types import SimpleNamespace

from typer.testing import CliRunner

import pnp.content.discovery
import pnp.core.installed
from pnp.cli import app
from pnp.engine.plugin import CONTENT_ONLY, GamePlugin
from pnp.render.backend import polygon


def test_a_game_is_a_content_folder_with_a_game_yaml(fixture_project):
    (fixture_project / "content/notes").mkdir()  # a folder without game.yaml is not a game
    (fixture_project / "content/README.txt").write_text("not a game")
    assert pnp.content.discovery.game_ids(fixture_project) == ["pocket-dungeon"]


def test_a_game_yaml_without_a_plugin_is_a_content_only_game(fx):
    assert fx.game.plugin is CONTENT_ONLY and not fx.game.plugin.has_engine
    assert set(fx.game.vocabulary.words) == {"GAIN_COINS", "DRAW", "SPRING_TRAP"}  # declared in game.yaml
    assert {"cost", "power", "on_reveal"} <= set(fx.game.card_model.model_fields)


def _bookshelf(backend, color):
    backend.path(polygon([(10, 10), (90, 10), (90, 90), (10, 90)]), fill=color)


def test_an_installed_package_plugs_in_through_its_entry_point(fixture_project, monkeypatch):
    """A `pnp.games` entry point named in game.yaml brings what content cannot: here, a vector emblem."""
    plugin = GamePlugin(emblems={"bookshelf": _bookshelf})
    monkeypatch.setattr(pnp.core.installed, "installed_plugins", lambda: {"bookish": SimpleNamespace(load=lambda: plugin)})
    game = fixture_project / "content/pocket-dungeon/game.yaml"
    game.write_text(game.read_text().replace("players: {min: 1, max: 4}", "plugin: bookish\nplayers: {min: 1, max: 4}"))
    rooms = fixture_project / "content/pocket-dungeon/decks/rooms.yaml"
    rooms.write_text(rooms.read_text().replace("    name: Library\n    kind: room\n", "    name: Library\n    kind: room\n    art: bookshelf\n"))
    result = CliRunner().invoke(app, ["build", "pocket-dungeon"])
    assert result.exit_code == 0, result.output
    assert (fixture_project / "output/pocket-dungeon/home-a4/rooms.pdf").exists()


def test_a_package_without_a_plugin_is_reported_at_the_plugin_line(fixture_project, monkeypatch):
    monkeypatch.setattr(pnp.core.installed, "installed_plugins", lambda: {"empty": SimpleNamespace(load=lambda: object())})
    game = fixture_project / "content/pocket-dungeon/game.yaml"
    game.write_text(game.read_text().replace("players: {min: 1, max: 4}", "plugin: empty\nplayers: {min: 1, max: 4}"))
    result = CliRunner().invoke(app, ["validate"])
    assert result.exit_code == 1
    assert "content/pocket-dungeon/game.yaml:8:9: error [unknown-plugin] 'empty' does not provide a GamePlugin" in result.output


def test_a_game_whose_id_is_not_its_folder_name_is_reported(fixture_project):
    game = fixture_project / "content/pocket-dungeon/game.yaml"
    game.write_text(game.read_text().replace("id: pocket-dungeon", "id: pocket-dungeons"))
    result = CliRunner().invoke(app, ["validate"])
    assert result.exit_code == 1
    assert "error [game-id] game.yaml says id 'pocket-dungeons' but its folder is content/pocket-dungeon/" in result.output
