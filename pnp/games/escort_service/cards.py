"""Escort Service's cards in one model: the board (shuttle and columns), pilots and their action cards, basic and
elite enemies, elite action cards, scrap and scenarios.

Actions are written as short lines (pnp.games.escort_service.actions): the
schema checks each line, the card face draws it with its icons, the engine
resolves it. A basic enemy is double-sided: each side is one turn's actions,
and the card flips after it acts. An elite action card's kind (elite_attack,
elite_move, elite_support) picks its back, the clue the players see.
"""
from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator, Field, field_validator

from pnp.games.escort_service.actions import ActionError, parse
from pnp.model import Card
from pnp.model.common import Bool, Id, Int, StrictModel

Kind = Literal["shuttle", "column", "pilot", "action", "enemy", "elite", "elite_attack", "elite_move",
               "elite_support", "scrap", "scenario"]
ELITE_ACTIONS = ("elite_attack", "elite_move", "elite_support")
SCRAP_EFFECTS = ("armor-plate", "heat-sink", "servo-fist", "long-barrel", "spare-cell", "targeting-computer",
                 "repair-drone", "heat-vanes")


def _action(line: str) -> str:
    try:
        parse(line)
    except ActionError as exc:
        raise ValueError(str(exc)) from None
    return line


ActionLine = Annotated[str, AfterValidator(_action)]


class EscortCard(Card):
    kind: Kind
    character: Id | None = Field(None, description="a pilot card's or action card's character; an elite action "
                                 "card's elite")
    pile: Literal["starting", "upgrade"] | None = Field(None, description="an action card: the starting deck or the "
                                                        "upgrade deck")
    health: Int | None = Field(None, ge=1, le=40, description="damage a unit (or the shuttle) takes before it is "
                               "destroyed")
    scrap_slots: Int | None = Field(None, ge=0, le=4, description="a pilot: how many scrap cards it can hold")
    actions: list[ActionLine] = Field(default_factory=list, max_length=6,
                                      description="what the card does, in order: one line each, e.g. 'MELEE 1'")
    zealot: Bool = Field(False, description="an enemy that goes for the shuttle before the pilots")
    scrap: Literal[SCRAP_EFFECTS] | None = Field(None, description="a scrap card: what it does in a scrap slot")
    number: Int | None = Field(None, ge=1, le=4, description="a column card's place, 1 above the shuttle")
    order: Int | None = Field(None, ge=1, le=20, description="a scenario's place in the campaign")
    placement: list[list[Id]] = Field(default_factory=list, max_length=4,
                                      description="a scenario: the enemies of each column, 1 to 4, bottom first")
    goal: Literal["defeat-all", "survive", "defeat"] | None = Field(None, description="how a scenario is won")
    ticks: Int | None = Field(None, ge=1, le=40, description="survive: the TICKs the shuttle needs to get through")
    boss: Id | None = Field(None, description="defeat: the enemy to destroy")
    shuttle_repair: Int | None = Field(None, ge=0, le=40, description="a scenario: damage removed from the shuttle "
                                       "before it starts")


class TeamScaling(StrictModel):
    """How a scenario changes for a team of this size (ours: the seed plays every size the same)."""

    leave_out: Int = Field(0, ge=0, le=3, description="leave out this many enemies from the top of each column "
                           "that holds more than one")
    add: list[Id] = Field(default_factory=list, description="enemies added on top of the last column")


class Settings(StrictModel):
    """game.yaml `settings:`: the numbers of a game the engine reads."""

    hand_size: Int = Field(4, ge=1, le=8, description="cards a pilot draws back up to (the seed: 4)")
    columns: Int = Field(4, ge=2, le=6, description="columns on the board (the seed: 4)")
    upgrade_draw: Int = Field(3, ge=1, le=5, description="upgrade cards drawn after a scenario (the seed: 3)")
    upgrade_keep: Int = Field(2, ge=0, le=5, description="of those, at most this many are added (the seed: 2)")
    min_deck: Int = Field(10, ge=4, le=30, description="a pilot's deck never goes below this (the seed: 10)")
    team: dict[Annotated[Int, Field(ge=1, le=4)], TeamScaling] = Field(
        default_factory=dict, description="scenario changes per team size (1 to 4 pilots)")
    max_turns: Int = Field(400, ge=20, le=5000, description="an engine safeguard, not a rule (the rulebook has no "
                           "turn limit): a scenario still going after this many turns is stopped, and the playtest "
                           "reports the campaign as stalled, never as lost")

    @field_validator("upgrade_keep")
    @classmethod
    def _kept_of_drawn(cls, keep, info):
        drawn = info.data.get("upgrade_draw")  # declared before upgrade_keep; absent when it is wrong itself
        if drawn is not None and keep > drawn:
            raise ValueError(f"at most upgrade_draw ({drawn}): a pilot adds upgrades from the cards drawn")
        return keep
