"""Saucer Escape's sheet model: enemies, locations, rewards, crew, events, map, score."""
from __future__ import annotations

from pydantic import Field

from pnp.model.common import Effects, Id, StrictModel
from pnp.model.sheet import GridMap, Icon, ScoreTerm, SheetEntryBase, TableRow, Track


class Enemy(StrictModel):
    id: Id
    name: str
    life_bonus: int = Field(ge=0, le=9)
    power_bonus: int = Field(ge=0, le=9)
    life: Track
    power: Track
    between: list[Icon] = Field(default_factory=list, description="NEG_LASGUN / NEG_SHIELD icons between the two tracks")


class Location(StrictModel):
    id: Id
    name: str
    track: Track


class Item(StrictModel):
    id: str
    name: str
    amount: int = 1


class PartyTrack(StrictModel):
    length: int = Field(ge=1, le=20)


class Ability(StrictModel):
    id: Id
    name: str
    text: str
    effects: Effects


class CrewMember(StrictModel):
    id: Id
    name: str
    rank_label: str
    life: int = Field(ge=1, le=9)
    power: int = Field(ge=0, le=9)
    ranks: int = Field(ge=0, le=5)
    gear: dict[str, int]
    starting_gear: list[str] = Field(default_factory=list)
    abilities: list[Ability]


class SaucerSheet(SheetEntryBase):
    turns: int = Field(ge=1, le=60)
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
