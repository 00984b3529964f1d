"""What Saucer Escape's rules queue, ask and roll: named records for the machine (pnp.engine.machine).

Decisions are answered newest first; steps run in the order queued; a chance
record is the roll due next. Each record is handled by the engine's methods of
the same name (`offer_Raise`, `answer_Raise`, `step_UseDie`, `resolve_TurnDice`...).
"""
from __future__ import annotations

from pnp.engine.machine import Chance, Decision, Step, record

# -- rolls -----------------------------------------------------------------------------------------------


@record
class SetupDice(Chance):
    """The three set-up dice, rolled until all three differ."""


@record
class TurnDice(Chance):
    """The turn's four dice."""


@record
class Reroll(Chance):
    """One die rolled again (an Artifact or Quick Thinking paid for it): `where` is turn, enemy, crew or event."""

    where: str
    index: int


@record
class EnemyDie(Chance):
    """The enemy's die at the start of an assault."""


@record
class CrewDice(Chance):
    """The crew's two dice in an assault."""


@record
class EventDice(Chance):
    """The Event Table's two dice."""


@record
class EventDie(Chance):
    """The one die an event asks for: `effect` is hit-all (every crew member is hit at or below `param`) or
    artifacts (gain what it shows)."""

    effect: str
    param: int = 0
    event: str = ""  # the played key of the event that rolls it


# -- the player's choices --------------------------------------------------------------------------------


@record
class NumberTracks(Decision):
    """Which set-up die numbers the enemies, which the Reward tracks, which is the starting Artifacts."""


@record
class Unlock(Decision):
    """A crew member's first ability."""

    member: int


@record
class AssignDice(Decision):
    """The turn's dice: re-roll or change them, then send each to an area."""


@record
class ReconWhen(Decision):
    """Use the Recon die before the other dice, or after them."""


@record
class Recon(Decision):
    """Darken map boxes while the Recon die lasts."""


@record
class Raise(Decision):
    """Darken a box of this enemy's Life or Power track; `source` is the icon that asked for it, if any."""

    row: int
    source: str = ""


@record
class Equip(Decision):
    """Who carries the Lasgun or Shield just gained; `source` is what gave it (an event), if anything."""

    item: str
    source: str = ""


@record
class EventRoll(Decision):
    """The event dice have fallen: re-roll or change them, or accept them (see `EventDie` for `effect`)."""

    effect: str = "table"
    param: int = 0
    event: str = ""  # the played key of the event that rolled this die


@record
class HitOne(Decision):
    """An event hits one crew member of the player's choice."""

    hits: int
    event: str


@record
class HealOne(Decision):
    """An event heals one crew member of the player's choice."""

    amount: int
    event: str


@record
class Trade(Decision):
    """An event's trader: pay `price` Artifacts for one of `items`, or decline."""

    price: int
    items: tuple
    event: str


@record
class RewardBoxes(Decision):
    """An event darkens `boxes` boxes of one Reward track of the player's choice."""

    boxes: int
    event: str


@record
class EnemyRoll(Decision):
    """Change the enemy's die, or lock the target."""


@record
class CrewRoll(Decision):
    """Change the crew's dice and add bonuses, or strike."""


@record
class TakeHits(Decision):
    """Lower the strike-back with abilities and Medkits, or take what is left (Shields count then)."""


@record
class Hit(Decision):
    """Who takes the next of `hits` hits."""

    hits: int


@record
class AfterMiss(Decision):
    """A failed assault: try again, or retreat."""


# -- what happens next, in order -----------------------------------------------------------------------------


@record
class UseDie(Step):
    """A die on its area's track: location, reward, life or power (an enemy's track)."""

    area: str
    value: int


@record
class StartRecon(Step):
    """The Recon die, `value` boxes."""

    value: int


@record
class RollEvent(Step):
    """An Event box was explored: roll on the Event Table."""

    cell: tuple


@record
class Collect(Step):
    """A killed enemy's Location and Reward track pay out, after its strike-back."""

    row: int


@record
class NextTurn(Step):
    """Set-up is done, or a turn ended: roll the next turn's dice, or end the game after the last turn."""
