"""The starter recipes: a new project (`pnp init`), a new game in a project (`pnp new`), the JSON Schemas
(`pnp schema`) that editors complete the content files from."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass
class Created:
    """What a starter made: its files, the JSON Schemas written beside them, and the command to run next."""
    written: list[Path]
    schemas: list[Path]
    schema_folder: Path
    next: str


def make_project(folder: Path, game: str = "my-game", kind: str = "deck") -> Created:
    """A project folder (made if missing) with one starter game that validates and builds at once; `kind` deck,
    sheet (adds a score sheet) or playmat."""
    from pnp.content.starter import init_project

    return _with_schemas(folder, init_project(folder, game, kind), game)


def add_game(root: Path, game: str, kind: str = "deck") -> Created:
    """A starter game added to the project: content/GAME/ and layouts/GAME/, ready to validate and build."""
    from pnp.content.starter import new_game

    return _with_schemas(root, new_game(root, game, kind), game)


def write_schemas(root: Path, folder: Path | None = None) -> list[Path]:
    """JSON Schemas of the content and layout files, into `folder` (ROOT/schemas by default)."""
    from pnp.content.schemas import write_schemas as write

    return write(root, folder or root / "schemas")


def _with_schemas(root: Path, written: list[Path], game: str) -> Created:
    where = "" if root == Path(".") else f"cd {root} && "
    return Created(written, write_schemas(root), root / "schemas", f"{where}pnp validate {game} && pnp build {game}")
