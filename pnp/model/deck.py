"""Decks and cards. Games extend `Card` with their own fields."""
from __future__ import annotations

from typing import Any

from pydantic import Field

from pnp.model.common import Color, Difficulty, Effects, Id, StrictModel


class Ability(StrictModel):
    name: str
    text: str
    effects: Effects = Field(default_factory=list)


class Card(StrictModel):
    id: Id
    name: str
    kind: str
    count: int = Field(1, ge=1, le=99)
    difficulty: Difficulty = Difficulty.green
    text: str = ""
    flavor: str = ""
    effects: Effects = Field(default_factory=list)
    art: str | None = None
    rank: int | None = None
    suit: Id | None = None
    back: dict[str, Any] | None = Field(None, description="the card's second face, for double-sided cards: the same "
                                        "keys as a card (kind picks its layout), without id and count")


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
    suits: list[Suit] = Field(default_factory=list)
    ranks: list[RankSpec] = Field(default_factory=list)
    suited: SuitedSpec | None = None
    cards: list[dict] = Field(default_factory=list)  # validated per game by its Card model
