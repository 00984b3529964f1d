"""JSON Schemas for the content and layout files, generated from the pydantic models.

Content and layout files name their schema in a `# yaml-language-server: $schema=...`
comment, so editors with the YAML language server autocomplete and check keys.
"""
from __future__ import annotations

import json
from pathlib import Path

from pnp.games import known_games, plugin
from pnp.layout.cards import CardLayoutFile, CardSizesFile
from pnp.layout.paper import PaperFile
from pnp.layout.sheet import SheetLayoutFile
from pnp.model import DeckFile, Manifest, RulesFile

LAYOUT_SCHEMAS = {  # layouts/common/cards.yaml, layouts/common/paper.yaml, layouts/<game>/cards.yaml, layouts/<game>/<sheet>.yaml
    "layouts/card-sizes.schema.json": CardSizesFile, "layouts/paper.schema.json": PaperFile,
    "layouts/card-layout.schema.json": CardLayoutFile, "layouts/sheet-layout.schema.json": SheetLayoutFile,
}


def schemas() -> dict[str, dict]:
    found = {"manifest.schema.json": Manifest.model_json_schema(), "rules.schema.json": RulesFile.model_json_schema()}
    for game_id in known_games():
        deck = DeckFile.model_json_schema()
        deck["properties"]["cards"] = {"type": "array", "items": plugin(game_id).card_model.model_json_schema()}
        deck["$defs"] = {**deck.get("$defs", {}), **deck["properties"]["cards"]["items"].pop("$defs", {})}
        found[f"{game_id}/deck.schema.json"] = deck
        if plugin(game_id).sheet_model is not None:
            found[f"{game_id}/sheet.schema.json"] = plugin(game_id).sheet_model.model_json_schema()
    found.update({name: model.model_json_schema() for name, model in LAYOUT_SCHEMAS.items()})
    return found


def render(schema: dict) -> str:
    return json.dumps(schema, indent=2, sort_keys=True) + "\n"


def write_schemas(out: Path) -> list[Path]:
    written = []
    for name, schema in schemas().items():
        path = out / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(render(schema), encoding="utf-8")
        written.append(path)
    return written
