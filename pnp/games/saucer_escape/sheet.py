"""Saucer Escape's sheet model: enemies, locations, rewards, crew, events, map, score."""
from __future__ import annotations

from pydantic import Field

from pnp.model.common import Effects, Id, Int, Name, StrictModel
from pnp.model.sheet import GridMap, Icon, ScoreTerm, SheetEntryBase, TableRow, Track


class Enemy(StrictModel):
    id: Id
    name: Name
    life_bonus: Int = Field(ge=0, le=9)
    power_bonus: Int = Field(ge=0, le=9)
    life: Track
    power: Track
    between: list[Icon] = Field(default_factory=list, description="NEG_LASGUN / NEG_SHIELD icons between the two tracks")


class Location(StrictModel):
    id: Id
    name: Name
    track: Track


class Item(StrictModel):
    id: str
    name: Name
    amount: Int = 1


class PartyTrack(StrictModel):
    length: Int = Field(ge=1, le=20)


class Ability(StrictModel):
    id: Id
    name: Name
    text: str
    effects: Effects


class CrewMember(StrictModel):
    id: Id
    name: Name
    rank_label: Name
    life: Int = Field(ge=1, le=9)
    power: Int = Field(ge=0, le=9)
    ranks: Int = Field(ge=0, le=5)
    gear: dict[str, Int]
    starting_gear: list[str] = Field(default_factory=list)
    abilities: list[Ability]


class SaucerSheet(SheetEntryBase):
    turns: Int = Field(ge=1, le=60)
    enemies: list[Enemy]
    hivemind: Enemy
    locations: list[Location]
    escape_pod: Location
    rewards: list[Track]
    items: list[Item]
    party: dict[str, PartyTrack]
    crew: list[CrewMember]
    events: list[TableRow]
    map: GridMap
    score: list[ScoreTerm]


class Settings(StrictModel):
    """game.yaml `settings:`: the numbers the engine reads."""

    advance_cost: Int = Field(7, ge=1, le=50, description="Artifacts spent to raise a crew member's rank")
