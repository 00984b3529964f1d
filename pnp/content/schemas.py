"""JSON Schemas for the content and layout files, generated from the pydantic models.

Content and layout files name their schema in a `# yaml-language-server: $schema=...`
comment, so editors with the YAML language server autocomplete and check keys.
Each game gets its own deck (and sheet) schema, with the fields its cards have.
"""
from __future__ import annotations

import json
import os
from pathlib import Path

from pnp.content import discovery
from pnp.layout.cards import CardLayoutFile, CardSizesFile
from pnp.layout.paper import PaperFile
from pnp.layout.rulebook import RulebookLayoutFile
from pnp.layout.sheet import SheetLayoutFile
from pnp.model import DeckFile, Manifest, RulesFile
from pnp.model.sheet import GenericSheet

LAYOUT_SCHEMAS = {  # layouts/common/cards.yaml, layouts/common/paper.yaml, layouts/<game>/cards.yaml, layouts/<game>/<sheet>.yaml,
    # layouts/<game>/rulebook.yaml
    "layouts/card-sizes.schema.json": CardSizesFile, "layouts/paper.schema.json": PaperFile,
    "layouts/card-layout.schema.json": CardLayoutFile, "layouts/sheet-layout.schema.json": SheetLayoutFile,
    "layouts/rulebook-layout.schema.json": RulebookLayoutFile,
}


def schemas(root: Path) -> dict[str, dict]:
    """Every schema of the project at `root`: the common ones, and each game's that loads."""
    found = {"manifest.schema.json": Manifest.model_json_schema(), "rules.schema.json": RulesFile.model_json_schema()}
    for game_id in discovery.game_ids(root):
        game, _ = discovery.load(root, game_id)
        if game is None:
            continue  # `pnp validate` says why
        found.update(game_schemas(game))
    found.update({name: model.model_json_schema() for name, model in LAYOUT_SCHEMAS.items()})
    return found


def game_schemas(game) -> dict[str, dict]:
    found = {}
    if game.decks:
        deck = DeckFile.model_json_schema()
        deck["properties"]["cards"] = {"type": "array", "items": game.card_model.model_json_schema()}
        deck["$defs"] = {**deck.get("$defs", {}), **deck["properties"]["cards"]["items"].pop("$defs", {})}
        found[f"{game.id}/deck.schema.json"] = deck
    if game.sheets:
        found[f"{game.id}/sheet.schema.json"] = (game.plugin.sheet_model or GenericSheet).model_json_schema()
    return found


def render(schema: dict) -> str:
    return json.dumps(schema, indent=2, sort_keys=True) + "\n"


def write_schemas(root: Path, out: Path) -> list[Path]:
    """Every schema into `out`, a folder pnp owns: written fresh into a staging folder and swapped in whole, so
    nothing is written through a link left in it, and a file, link or device at `out` is refused (OutputError)."""
    from pnp.core.output import staged

    found = schemas(root)
    only_schemas(out)
    with staged(out) as stage:
        for name, schema in found.items():
            path = stage / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(render(schema), encoding="utf-8")
    return [out / name for name in found]


def only_schemas(out: Path) -> None:
    """`out` is replaced whole, so it must hold nothing but JSON Schemas (what pnp wrote there before), or
    nothing: `pnp schema --out ~/Documents` is refused instead of replacing the user's files (OutputError)."""
    from pnp.core.output import OutputError

    if out.is_symlink() or not out.is_dir():
        return  # a new folder; or a link or a file, which staged() refuses
    for folder, dirs, files in os.walk(out):  # links are listed, never followed (a swap removes only the link)
        for name in files + [d for d in dirs if os.path.islink(os.path.join(folder, d))]:
            path = os.path.join(folder, name)
            if not name.endswith(".schema.json"):
                raise OutputError(f"{out} holds {path}, which is not a JSON Schema pnp wrote; pnp replaces the "
                                  "schema folder whole, so name a new or empty folder, or one only pnp schema wrote")
