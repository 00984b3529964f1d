"""2200: Escaping Earth's cards: a Zone card's two sides, starters, ships, Static and guides, in one model.

A Zone card's front is a zone (track, level, a 3x3 grid of enemies, bonuses
and special rules); its back (`back:`) is an item for the shop, a ship, or,
behind a BOSS, an event. Squares are named a1 (top left) to c3 (bottom
right): rows a, b, c from the top, columns 1, 2, 3 from the left.
"""
from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, StringConstraints, model_validator

from pnp.model import Card
from pnp.model.common import Bool, Effects, Id, Int, Name, StrictModel

Square = Annotated[str, StringConstraints(pattern=r"^[abc][123]$")]
Track = Literal["ground", "air", "space"]
TRACKS = ("ground", "air", "space")  # left to right on the playmat, and from the ground up


class Enemy(StrictModel):
    at: Square | list[Square] = Field(description="its square; a FINAL BOSS enemy covers several")
    health: Int = Field(ge=1, le=60)
    name: str = ""
    ability: Effects = Field(default_factory=list, max_length=1, description="at most one of the twelve abilities")

    @property
    def squares(self) -> tuple[str, ...]:
        return tuple(self.at) if isinstance(self.at, list) else (self.at,)


class Bonus(StrictModel):
    at: Square
    effects: Effects = Field(min_length=1)
    label: Name = Field(description="what the square says, e.g. +1 health")


class SquareRule(StrictModel):
    at: Square
    effects: Effects = Field(min_length=1, max_length=1)
    text: Name


class Range(StrictModel):
    grid: list[Annotated[str, StringConstraints(pattern=r"^[x.]{3}$")]] = Field(
        min_length=3, max_length=3, description="three rows, the farthest first: x is a square the attack reaches")
    up: Bool = False
    down: Bool = False


class Attack(StrictModel):
    type: Literal["laser", "missile", "blast"]
    damage: Int = Field(ge=1, le=9)
    range: Range
    repeat: Int = Field(1, ge=1, le=3)
    second: Effects = Field(default_factory=list, description="a second effect, before or after the attack")
    when: Literal["before", "after", "either"] = "either"


class Ship(StrictModel):
    crew: Int = Field(ge=1, le=6, description="cards drawn each turn")
    min_deck: Int = Field(ge=1, le=20)
    max_systems: Int = Field(ge=0, le=4)
    health: Int = Field(ge=1, le=12)
    start_level: Int = Field(ge=1, le=5)
    blueprints: Int = Field(0, ge=0, le=9, description="blueprints to build it")
    ability: Effects = Field(min_length=1, max_length=1)


Kind = Literal["zone", "boss", "final_boss",  # Zone sides
               "attack", "utility", "system", "ship", "event",  # item sides, starters, ships, BOSS events
               "static", "guide"]
ZONE_KINDS = ("zone", "boss", "final_boss")


class EscapingEarthCard(Card):
    kind: Kind
    # the zone side
    track: Track | None = None
    level: Int | None = Field(None, ge=1, le=5)
    enemies: list[Enemy] = Field(default_factory=list)
    bonuses: list[Bonus] = Field(default_factory=list)
    rules: list[SquareRule] = Field(default_factory=list)
    # the item side, starters, ships
    cost: Int | None = Field(None, ge=0, le=20, description="gold to buy it from the shop")
    attack: Attack | None = None
    ship: Ship | None = None
    exclusive: Id | None = Field(None, description="the id of the only ship whose deck may hold it")
    starter: Bool = Field(False, description="in the collection from the first run")
    permanent: Bool = Field(False, description="stays in the collection after a lost run")
    treasure: Bool = Field(False, description="costs 0, permanent, not counted towards the minimum deck")

    @model_validator(mode="after")
    def _one_square_each(self):
        taken: dict[str, str] = {}
        for what, items in (("enemy", self.enemies), ("bonus", self.bonuses), ("rule", self.rules)):
            for item in items:
                for square in getattr(item, "squares", (item.at,)):
                    if square in taken and not (what == "bonus" and taken[square] == "rule"):
                        raise ValueError(f"square {square} holds both a {taken[square]} and a {what}; one thing per square")
                    taken[square] = what
        return self


class Settings(StrictModel):
    """game.yaml `settings:`: the numbers the engine reads."""

    statics_to_lose: Int = Field(4, ge=2, le=9, description="adding this many-th Static ends the run")
    zone_pick_cost: Int = Field(2, ge=1, le=9, description="gold to choose a Zone deck's top card (at least 1: a "
                                "free pick could be made again and again, and a turn would never end)")
    max_turns: Int = Field(200, ge=20, le=1000, description="a run longer than this is lost (a bound for the engine)")
    runs_per_campaign: Int = Field(12, ge=1, le=100, description="runs a playtest campaign may take to win")
