"""`pnp init` and `pnp new`: a project folder, and games in it that validate and build at once.

A starter game is files inside the package (pnp/defaults/starter/): the `deck` kind is a small deck
with a back, an image and emblems, rules with a Clarifications section, and a card layout using text,
an emblem, an image and an icon; `sheet` adds a score sheet and `playmat` a playmat to it. `__GAME__`
and `__TITLE__` in their names and text become the new game's id and title. Nothing is written over
anything: a game that exists already is a usage error. Everything is checked before anything is made, and the
files appear together or not at all (pnp.core.output.write_new: staged, then moved into place, the parts already
moved taken back if a later one fails): a refused or failed `init` or `new` leaves the folders as they were.
"""
from __future__ import annotations

import os
import re
from pathlib import Path

import yaml

from pnp.core.output import OutputError, write_new
from pnp.defaults import starters

KINDS = ("deck", "sheet", "playmat")
GAME_ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")  # the models' Id: what game.yaml's `id:` must be
RESERVED_IDS = ("common", "templates")  # layouts/common/ and layouts/templates/ override pnp's defaults for all games
BASE_KIND = "deck"  # every kind starts from the deck game; the others add a sheet to it
SHEETS_SNIPPET = "game-sheets.yaml"  # a kind's lines for game.yaml `sheets:`
TEXT_SUFFIXES = (".yaml", ".j2", ".md")


def title_of(game_id: str) -> str:
    return " ".join(word.capitalize() for word in game_id.split("-") if word)


def new_game(root: Path, game_id: str, kind: str = BASE_KIND, title: str | None = None) -> list[Path]:
    """Add the starter game of `kind` to the project at `root` as content/<game_id>/ and layouts/<game_id>/."""
    _check_new_game(root, game_id, kind)
    files = _starter_files(kind, game_id, title or title_of(game_id))
    write_new(root, files)
    return [root / path for path in sorted(files)]


def _check_new_game(root: Path, game_id: str, kind: str) -> None:
    """The game can be added: its id and kind are known, it exists nowhere yet, and content/ and layouts/ are
    the project's own folders (or not there yet). An OutputError (exit 2) otherwise, before anything is made."""
    if not GAME_ID.match(game_id) or len(game_id) > 64:
        raise OutputError(f"'{game_id}' cannot be a game id: use lower-case letters and digits, words joined by one "
                          "hyphen, at most 64 (like my-game)")
    if game_id in RESERVED_IDS:
        raise OutputError(f"'{game_id}' cannot be a game id: layouts/{game_id}/ holds the project's own defaults for "
                          "every game; choose another")
    if not isinstance(yaml.safe_load(game_id), str):  # game.yaml says `id: GAME`: YAML reads 1, true, null otherwise
        raise OutputError(f"'{game_id}' cannot be a game id: YAML reads it as a number, a date, true, false or "
                          "nothing, not a name; put a word in it (like game-1)")
    if kind not in KINDS:
        raise OutputError(f"no starter of kind '{kind}'; use one of {', '.join(KINDS)}")
    targets = [root / "content" / game_id, root / "layouts" / game_id]
    for target in targets:
        if target.exists() or target.is_symlink():
            raise OutputError(f"{target} exists already; choose another game id (pnp new never writes over a game)")
    for folder in (root / "content", root / "layouts"):
        if folder.is_symlink() or (folder.exists() and not folder.is_dir()):
            raise OutputError(f"{folder} is not a plain folder of the project (a link or a file); pnp writes only inside the project")
    _schemas_can_follow(root / "schemas")


def _schemas_can_follow(folder: Path) -> None:
    """The game's JSON Schemas are written into schemas/ right after it (pnp.content.schemas.write_schemas, which replaces
    the folder whole): what would refuse them refuses the game first, so nothing is made (an OutputError)."""
    from pnp.content.schemas import only_schemas

    if folder.is_symlink() or (folder.exists() and not folder.is_dir()):
        raise OutputError(f"{folder} is not a plain folder (a link or a file); pnp writes the game's schemas there")
    only_schemas(folder)
    for place in (folder, folder.parent):  # the folder is replaced whole: both must take changes
        if place.exists() and not os.access(place, os.W_OK | os.X_OK):
            raise OutputError(f"{place} may not be changed (its permissions); pnp writes the game's schemas into "
                              f"{folder}: fix them, or remove {folder}")

def init_project(folder: Path, game_id: str = "my-game", kind: str = BASE_KIND) -> list[Path]:
    """A new project folder with one starter game, and a .gitignore that leaves output/ out of version control.
    Made whole or not at all: a refused game id leaves no folder behind."""
    if folder.exists() and not folder.is_dir():
        raise OutputError(f"{folder} is a file; name a folder for the project")
    if (folder / "content").exists() or (folder / "content").is_symlink():
        raise OutputError(f"{folder} is a pnp project already (it has a content/ folder); add a game with pnp new")
    _check_new_game(folder, game_id, kind)
    files = _starter_files(kind, game_id, title_of(game_id))
    ignore = folder / ".gitignore"
    if not ignore.exists() and not ignore.is_symlink():
        files[".gitignore"] = b"output/\n"
    write_new(folder, files)
    written = [folder / path for path in sorted(files) if path != ".gitignore"]
    return written + ([ignore] if ".gitignore" in files else [])


def _starter_files(kind: str, game_id: str, title: str) -> dict[str, bytes]:
    """Relative path -> contents of every file of the starter, names and text filled in."""
    files: dict[str, bytes] = {}
    for source in dict.fromkeys((BASE_KIND, kind)):
        base = starters() / source
        for path in sorted(p for p in base.rglob("*") if p.is_file() and p.name != SHEETS_SNIPPET):
            relative = str(path.relative_to(base)).replace("__GAME__", game_id)
            data = path.read_bytes()
            if path.suffix in TEXT_SUFFIXES:
                data = data.decode("utf-8").replace("__GAME__", game_id).replace("__TITLE__", title).encode("utf-8")
            files[relative] = data
        snippet = base / SHEETS_SNIPPET
        if snippet.is_file():
            manifest = f"content/{game_id}/game.yaml"
            files[manifest] += snippet.read_bytes()
    return files

