"""Game packages installed beside pnp: a package's entry point in the group `pnp.games` (pnp.content.discovery finds a
game's package through it), and where its code is (the build stamps it as it stamps pnp's own).

Apart from pnp.content.discovery so that the build record's check (pnp.core.incremental), which reads no content, can tell
the folders an installed game's code may be in from any other a record names.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

ENTRY_POINT_GROUP = "pnp.games"


def installed_plugins() -> dict[str, object]:
    """Entry point name -> entry point, for every installed game package."""
    from importlib.metadata import entry_points  # only when a game names a package pnp does not ship

    return {point.name: point for point in entry_points(group=ENTRY_POINT_GROUP)}


@lru_cache(maxsize=1)
def bundled_games() -> tuple[str, ...]:
    """The game packages pnp ships (pnp.games.<name>)."""
    games = Path(__file__).resolve().parents[1] / "games"
    return tuple(sorted(p.name for p in games.iterdir() if (p / "__init__.py").is_file()))


def plugin_code(name: str | None) -> str | None:
    """Where an installed game package's code is (its folder, or its one file): a build's fingerprints and record
    stamp it as they stamp pnp's own (pnp.core.incremental.folder_stamp), so an edit of the package draws again what it
    draws. None for a game with no package or one pnp ships (pnp's code stamp covers those)."""
    if name is None or name in bundled_games():
        return None
    point = installed_plugins().get(name)
    module = getattr(point, "module", None)
    if not module:
        return None
    from importlib.util import find_spec

    try:
        spec = find_spec(module.split(".")[0])
    except (ImportError, ValueError):
        return None
    if spec is None:
        return None
    if spec.submodule_search_locations:
        return str(next(iter(spec.submodule_search_locations)))
    return spec.origin


def installed_game_code() -> set[str]:
    """Where every installed game package's code is."""
    return {folder for folder in map(plugin_code, installed_plugins()) if folder is not None}
