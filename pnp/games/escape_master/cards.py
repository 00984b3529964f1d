"""Escape Master's card model: the generic card plus a leader's two powers."""
from __future__ import annotations

from typing import Literal

from pydantic import Field

from pnp.model import Ability, Card
from pnp.model.common import Int, StrictModel

Kind = Literal["numbered", "start7", "wisdom", "dead_end", "trap", "escape",
               "doom_master", "leader", "story", "quick_guide"]


class EscapeMasterCard(Card):
    kind: Kind
    ability: Ability | None = None
    beast_mode: Ability | None = None


class Settings(StrictModel):
    """game.yaml `settings:`: the numbers the engine reads, each in a range the rules can live with."""

    hand_size: Int = Field(10, ge=1, le=20, description="cards dealt to each player")
    breaking_point: Int = Field(30, ge=1, le=300, description="Blunders that end the game")
    xp_cap: Int = Field(4, ge=0, le=20, description="Experience a player can hold")
    beast_mode_cost: Int = Field(2, ge=1, le=20, description="Experience spent on Beast Mode")
    tiebreak_rounds: Int = Field(3, ge=0, le=20, description="extra rounds played to break a tie")
    set_rounds: Int = Field(12, ge=1, le=100, description="rounds of the set-rounds variant")
