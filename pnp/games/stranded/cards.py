"""Stranded's cards: fighting cards (starting, aging, and the knowledge side of an endangerment), endangerments,
Final Chapters and the three Sol cards, in one model.

An endangerment card carries two things on one face, like the seed's cards:
the danger at the top (free cards; a green, a yellow and a red value) and,
printed upside down at the bottom, its knowledge side (`knowledge:`): the
fighting card it becomes once beaten. Turned round in the fighting deck it
reads as a fighting card, and every fighting card shares one back.
"""
from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from pnp.model import Card
from pnp.model.common import Effects, Int, Name, StrictModel

Kind = Literal["starting", "aging", "endangerment", "final_chapter", "step"]
SOLS = ("green", "yellow", "red")


class Knowledge(StrictModel):
    """The fighting card a beaten danger becomes."""

    name: Name
    value: Int = Field(ge=-5, le=9)
    ability: Effects = Field(default_factory=list, max_length=1)
    text: str = ""
    flavor: str = ""


class StrandedCard(Card):
    kind: Kind
    value: Int | None = Field(None, ge=-5, le=9, description="fighting points, of a fighting card")
    ability: Effects = Field(default_factory=list, max_length=1, description="at most one ability")
    free: Int | None = Field(None, ge=1, le=12, description="fighting cards drawn for free against it")
    green: Int | None = Field(None, ge=0, le=30)
    yellow: Int | None = Field(None, ge=0, le=30)
    red: Int | None = Field(None, ge=0, le=30)
    hazard: Int | None = Field(None, ge=1, le=80, description="a Final Chapter's value")
    rules: Effects = Field(default_factory=list, description="a Final Chapter's special rules")
    sol: Literal["green", "yellow", "red"] | None = Field(None, description="which Sol a step card opens")
    knowledge: Knowledge | None = Field(None, description="an endangerment's knowledge side, printed upside down")


class Settings(StrictModel):
    """game.yaml `settings:`: the numbers of a game, per difficulty colour where they differ."""

    life_cap: Int = Field(22, ge=1, le=99, description="life never goes above this (the seed: 22)")
    starting_life: dict[Literal["green", "yellow", "red"], Annotated[Int, Field(ge=1, le=99)]] = Field(
        default_factory=lambda: {"green": 20, "yellow": 20, "red": 18}, description="life at the start, per level")
    chapters_per_game: Int = Field(2, ge=1, le=4, description="Final Chapters dealt for a game")
    destroy_cost: Int = Field(1, ge=0, le=5, description="life to destroy a starting or knowledge card")
    destroy_aging_cost: Int = Field(2, ge=0, le=5, description="life to destroy an aging card")
