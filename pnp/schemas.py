"""JSON Schemas for the content files, generated from the pydantic models.

Content files name their schema in a `# yaml-language-server: $schema=...`
comment, so editors with the YAML language server autocomplete and check keys.
"""
from __future__ import annotations

import json
from pathlib import Path

from pnp.games import known_games, plugin
from pnp.model import DeckFile, Manifest, RulesFile


def schemas() -> dict[str, dict]:
    found = {"manifest.schema.json": Manifest.model_json_schema(), "rules.schema.json": RulesFile.model_json_schema()}
    for game_id in known_games():
        deck = DeckFile.model_json_schema()
        deck["properties"]["cards"] = {"type": "array", "items": plugin(game_id).card_model.model_json_schema()}
        deck["$defs"] = {**deck.get("$defs", {}), **deck["properties"]["cards"]["items"].pop("$defs", {})}
        found[f"{game_id}/deck.schema.json"] = deck
        if plugin(game_id).sheet_model is not None:
            found[f"{game_id}/sheet.schema.json"] = plugin(game_id).sheet_model.model_json_schema()
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
