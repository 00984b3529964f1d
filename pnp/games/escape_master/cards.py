"""Escape Master's card model: the generic card plus a leader's two powers, each under its printed heading."""
from __future__ import annotations

from typing import Literal

from pydantic import Field

from pnp.model import Ability, Card
from pnp.model.common import Int, Name, StrictModel

Kind = Literal["numbered", "start7", "wisdom", "dead_end", "trap", "escape",
               "doom_master", "leader", "story", "quick_guide"]


class LeaderPower(Ability):
    """A leader's ability or Beast Mode. Its heading is content, not layout, so each edition prints it in its own
    language ("Ability", "Capacité"): a player tells the every-round power from the Beast Mode at a glance."""

    label: Name = Field(description="the heading the card prints beside the power's name: Ability or Beast Mode")


class EscapeMasterCard(Card):
    kind: Kind
    ability: LeaderPower | None = None
    beast_mode: LeaderPower | None = None


class Settings(StrictModel):
    """game.yaml `settings:`: the numbers the engine reads, each in a range the rules can live with."""

    hand_size: Int = Field(10, ge=1, le=20, description="cards dealt to each player")
    breaking_point: Int = Field(30, ge=1, le=300, description="Blunders that end the game")
    xp_cap: Int = Field(4, ge=0, le=20, description="Experience a player can hold")
    beast_mode_cost: Int = Field(2, ge=1, le=20, description="Experience spent on Beast Mode")
    tiebreak_rounds: Int = Field(3, ge=0, le=20, description="extra rounds played to break a tie")
    set_rounds: Int = Field(12, ge=1, le=100, description="rounds of the set-rounds variant")
