"""game.yaml: what a game is made of, with the component counts its rulebook fixes."""
from __future__ import annotations

from typing import Any

from pydantic import Field

from pnp.model.common import Difficulty, Id, StrictModel


class PlayerCount(StrictModel):
    min: int = Field(ge=1, le=12)
    max: int = Field(ge=1, le=12)


class DeckEntry(StrictModel):
    id: Id
    file: str
    count: int | None = Field(None, ge=1, description="exact number of cards, copies included")
    min_count: int | None = Field(None, ge=1)
    composition: dict[str, int] = Field(default_factory=dict, description="cards per kind")
    in_play: bool = Field(True, description="false for reference cards that never enter play")


class SheetEntry(StrictModel):
    id: Id
    file: str


class Manifest(StrictModel):
    id: Id
    title: str
    tagline: str = ""
    players: PlayerCount
    card_size: str = "poker"
    difficulty_levels: list[Difficulty] = Field(default_factory=list)
    decks: list[DeckEntry] = Field(default_factory=list)
    sheets: list[SheetEntry] = Field(default_factory=list)
    rules: str = "rules.yaml"
    settings: dict[str, Any] = Field(default_factory=dict, description="numbers the engine reads")
