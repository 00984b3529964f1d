"""How games are found: a game is a folder `content/<game-id>/` holding a game.yaml.

Its Python package, if it has one, is named by game.yaml's `plugin:` key:

1. the package `pnp.games.<plugin>` (the games that ship with pnp), or else
2. an installed package's entry point of that name, in the group `pnp.games`
   (a game shipped as its own pip package; it cannot shadow a bundled game).

Either way it is a module attribute `PLUGIN`, a `pnp.engine.plugin.GamePlugin`. A
game.yaml without `plugin:` is a content-only game: the generic card model,
card fields and effect words declared in game.yaml, and the generic sheet
regions. Nothing generic imports a game package by name.
"""
from __future__ import annotations

import importlib
import os
from pathlib import Path
from typing import TYPE_CHECKING

from pnp.core import installed
from pnp.core.diagnostics import Diagnostic, did_you_mean, relative
from pnp.core.paths import LINK_LOOP, is_inside, link_loop, present

if TYPE_CHECKING:
    from pnp.content.game import Game
    from pnp.engine.plugin import GamePlugin
    from pnp.model import Manifest
    from pnp.reading.source import Source

# The loading modules (pnp.content.game and the pydantic models under it) are imported by the functions that load a game,
# not here: `pnp --help` and `pnp list` find the project and its games through this module and must start at once.

def find_root(start: Path) -> Path:
    """The project a command run in `start` works on: the nearest folder from `start` upwards that holds a
    content/ folder (as git finds a repository), or `start` itself when none does."""
    here = Path(".")
    for folder in (start, *start.resolve().parents):
        if os.path.isdir(folder / "content"):  # False, not an error, where a folder may not be looked into
            return here if folder == start else folder
    return here


def game_ids(root: Path) -> list[str]:
    """Every game of the project at `root`, sorted: the folders of content/ that hold a game.yaml, and those pnp may
    not look into (loading one reports why it cannot be read). Raises SourceError when content/ cannot be listed."""
    content = root / "content"
    if not os.path.isdir(content):
        return []
    try:
        folders = list(content.iterdir())
    except OSError as exc:
        from pnp.reading.source import SourceError, unreadable

        raise SourceError([unreadable(content, exc, "folder")]) from None
    return sorted(folder.name for folder in folders if present(folder / "game.yaml"))


def find_plugin(manifest: Manifest, source: Source) -> tuple[GamePlugin | None, list[Diagnostic]]:
    """The plugin game.yaml names, or the content-only plugin when it names none."""
    from pnp.engine.plugin import CONTENT_ONLY, GamePlugin

    name = manifest.plugin
    if name is None:
        return CONTENT_ONLY, []
    if name in installed.bundled_games():
        found = importlib.import_module(f"pnp.games.{name}").PLUGIN
    else:
        points = installed.installed_plugins()
        if name not in points:
            known = sorted(set(points) | set(installed.bundled_games()))
            # a likely typo is named alone; otherwise every package pnp knows is listed
            hint = did_you_mean(name, known) or f"; known: {', '.join(known) or 'none'}"
            return None, [source.diagnostic(("plugin",), "unknown-plugin", f"no game package named '{name}'{hint}")]
        found = points[name].load()
    if not isinstance(found, GamePlugin):
        return None, [source.diagnostic(("plugin",), "unknown-plugin",
                                        f"'{name}' does not provide a GamePlugin (its PLUGIN or entry point)")]
    return found, []


def load(root: Path, game_id: str) -> tuple[Game | None, list[Diagnostic]]:
    """A game of the project: its manifest, the plugin it names, then the rest of its content."""
    from pnp.content.game import load_game, load_manifest

    folder = root / "content" / game_id
    if not (is_inside(root / "content", folder) and is_inside(root, folder)):  # content/ or content/<game> may be a link out
        if link_loop(folder):
            return None, [Diagnostic(relative(folder), 1, 1, "link-loop", f"this game folder {LINK_LOOP}")]
        return None, [Diagnostic(relative(folder), 1, 1, "outside", "this game folder leads outside content/ (a link?); "
                                 "keep the game's files inside the project")]
    source, manifest, problems = load_manifest(folder)
    if manifest is None:
        return None, problems
    plugin, found = find_plugin(manifest, source)
    problems += found
    if plugin is None:
        return None, problems
    if manifest.id != game_id:
        problems.append(source.diagnostic(("id",), "game-id", f"game.yaml says id '{manifest.id}' but its folder is "
                                          f"content/{game_id}/; make them the same"))
    game, more = load_game(folder, plugin, source, manifest)
    return game, problems + more
