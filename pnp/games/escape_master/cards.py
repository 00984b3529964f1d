"""Escape Master's card model: the generic card plus a leader's two powers."""
from __future__ import annotations

from typing import Literal

from pnp.model import Ability, Card

Kind = Literal["numbered", "start7", "wisdom", "dead_end", "trap", "escape",
               "doom_master", "leader", "story", "quick_guide"]


class EscapeMasterCard(Card):
    kind: Kind
    ability: Ability | None = None
    beast_mode: Ability | None = None
