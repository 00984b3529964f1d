"""Decks and cards. Games extend `Card` with their own fields."""
from __future__ import annotations

from pydantic import Field

from pnp.model.common import Color, Difficulty, Effect, Id, StrictModel


class Ability(StrictModel):
    name: str
    text: str
    effects: list[Effect] = Field(default_factory=list)


class Card(StrictModel):
    id: Id
    name: str
    kind: str
    count: int = Field(1, ge=1, le=99)
    difficulty: Difficulty = Difficulty.green
    text: str = ""
    flavor: str = ""
    effects: list[Effect] = Field(default_factory=list)
    art: str | None = None
    rank: int | None = None
    suit: Id | None = None


class Suit(StrictModel):
    id: Id
    name: str
    art: str
    color: Color
    flavor: str = ""


class RankSpec(StrictModel):
    rank: int = Field(ge=0, le=99)
    label: str
    name: str | None = None


class SuitedSpec(StrictModel):
    """Every suit x every rank, generated: one card each."""

    kind: str
    difficulty: Difficulty = Difficulty.green
    text: str = ""


class DeckFile(StrictModel):
    deck: Id
    name: str
    back: str | None = None
    suits: list[Suit] = Field(default_factory=list)
    ranks: list[RankSpec] = Field(default_factory=list)
    suited: SuitedSpec | None = None
    cards: list[dict] = Field(default_factory=list)  # validated per game by its Card model
