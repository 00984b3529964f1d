"""Decks and cards. Games extend `Card` with their own fields."""
from __future__ import annotations

import re
from typing import Annotated, Any

from pydantic import Field, StringConstraints, field_validator

from pnp.core.diagnostics import did_you_mean
from pnp.core.limits import MAX_COPIES
from pnp.model.common import Color, Difficulty, Effects, Id, Int, Name, StrictModel


class Ability(StrictModel):
    name: Name
    text: str
    effects: Effects = Field(default_factory=list)


class Card(StrictModel):
    id: Id
    name: Name
    kind: str
    count: Int = Field(1, ge=1, le=MAX_COPIES)
    difficulty: Difficulty = Difficulty.green
    text: str = ""
    flavor: str = ""
    effects: Effects = Field(default_factory=list)
    art: str | None = None
    rank: Int | None = None
    suit: Id | None = None
    back: dict[str, Any] | None = Field(None, description="the card's second face, for double-sided cards: the same "
                                        "keys as a card (kind picks its layout), without id and count")


class Suit(StrictModel):
    id: Id
    name: Name
    art: str
    color: Color
    flavor: str = ""


class RankSpec(StrictModel):
    rank: Int = Field(ge=0, le=99)
    label: Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9]{1,3}$")] = Field(
        description="what the card shows, 1 to 3 letters or digits: it also names the card (suit-id + label)")
    name: str | None = None


SUITED_SLOTS = ("rank", "suit")  # what a suited card's name pattern fills in


class SuitedSpec(StrictModel):
    """Every suit x every rank, generated: one card each."""

    kind: str
    difficulty: Difficulty = Difficulty.green
    text: str = ""
    name: str | None = Field(None, description="each card's name: {rank} (the rank's name, else its label) and {suit} "
                             "(the suit's name) filled in; default \"{rank} of the {suit}\", in the game's language")

    @field_validator("name")
    @classmethod
    def _slots(cls, name: str | None) -> str | None:
        """Only {rank} and {suit} are filled in: another {word} would print as written."""
        other = [slot for slot in re.findall(r"\{([^{}]*)\}", name or "") if slot not in SUITED_SLOTS]
        if other:
            raise ValueError(f"{{{other[0]}}} is not filled in: a suited card's name says {{rank}} and {{suit}}"
                             f"{did_you_mean(other[0], SUITED_SLOTS)}")
        return name


class DeckFile(StrictModel):
    deck: Id
    name: Name
    suits: list[Suit] = Field(default_factory=list)
    ranks: list[RankSpec] = Field(default_factory=list)
    suited: SuitedSpec | None = None
    cards: list[dict] = Field(default_factory=list)  # validated per game by its Card model
