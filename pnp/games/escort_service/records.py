"""What Escort Service's engine queues, asks and samples (pnp.engine.machine records), and its options.

Steps run in order from the queue; decisions wait for a player (the newest
first); chance records are shuffles, sampled from the game's generator.
"""
from __future__ import annotations

import dataclasses

from pnp.engine.machine import Chance, Decision, Options, Step, record
from pnp.games.escort_service.actions import Action

SHUTTLE = -1  # a target: the shuttle, a space just below column 1
# how a campaign ends when the engine's safeguard (Settings.max_turns) stops a scenario that never ends: not a loss
# by any rule (the rulebook has no turn limit), so the playtest counts it apart from the shuttle destroyed
STALLED = "stalled"


@dataclasses.dataclass(frozen=True)
class EscortOptions(Options):
    """pilots: the team, comma-separated characters (seat 0 first; the team orders them in column 1 at each
    scenario); scenario: the first scenario played (0: the campaign's first)."""

    pilots: str = "warrior"
    scenario: int = 0


@record
class Tucked:
    """A status card under a unit: the status it shows, whose card it is (a unit) and which card."""

    status: str
    owner: int
    card: int


# -- steps ----------------------------------------------------------------------------------------------------
@record
class Act(Step):
    """One action of a card or an enemy side, by this unit (card None: a basic enemy's printed side)."""

    unit: int
    card: int | None
    action: Action


@record
class CardDone(Step):
    """A pilot's card has resolved: to its owner's discard pile, unless it went under a unit."""

    seat: int
    card: int


@record
class EnemyDone(Step):
    """An elite's action card has resolved: to its discard pile, unless it went under a unit."""

    unit: int
    card: int


@record
class EndTurn(Step):
    """A pilot stopped playing cards: the end-of-turn HEAT, then discarding and drawing back up."""

    seat: int


@record
class ScenarioWon(Step):
    """The scenario's goal is met: upgrades, then the next scenario (or the campaign is won)."""


@record
class NextScenario(Step):
    """Every pilot has upgraded: set up the next scenario."""


# -- decisions --------------------------------------------------------------------------------------------------
@record
class PlacePilot(Decision):
    """The team stacks its pilots in column 1 in any order: which pilot goes next (bottom first)."""

    placed: tuple[int, ...] = ()


@record
class ChooseTarget(Decision):
    """A pilot's action may pick among several units (or the shuttle)."""

    card: int
    action: Action
    options: tuple[int, ...]


@record
class Discard(Decision):
    """A DISCARD action: one card from the hand (one decision per card owed)."""


@record
class EndDiscard(Decision):
    """The end of a pilot's turn: drop another card from the hand, or keep the rest and draw up."""


@record
class GiveScrap(Decision):
    """A destroyed enemy's scrap card: the team gives it to a pilot, or declines it."""

    scrap: int  # index into the catalog's scrap cards


@record
class Upgrade(Decision):
    """Between scenarios: add an offered upgrade card, remove a card, or be done."""


# -- chance -----------------------------------------------------------------------------------------------------
@record
class CampaignShuffle(Chance):
    """The scrap pile and every upgrade deck are shuffled."""


@record
class ScenarioShuffle(Chance):
    """Every pilot's deck and every elite's action deck are shuffled for a new scenario."""


@record
class Reshuffle(Chance):
    """A pilot's discard pile becomes its draw pile; the cards still owed are drawn after."""

    seat: int
    owed: int


@record
class EliteReshuffle(Chance):
    """An elite's empty action deck is made again from its discard pile."""

    unit: int
