"""What a game of Stranded holds, and the records its machine queues, asks and samples.

Cards are indexes into the catalog (pnp.games.stranded.catalog). A fight keeps
its face-up cards in `drawn`; the free cards (drawn against the danger's number,
or replacing one), the ones whose ability was used and the ones doubled are
sets beside it, as a player keeps them on the table (left of the danger, turned
sideways, tucked under their Double). Every other card (bought with life, or
drawn by +1 card or +2 cards) lies right of the danger.
"""
from __future__ import annotations

import dataclasses
from functools import cache

from pnp.engine.machine import Chance, Decision, MachineState, Options, Step, choice, record

LEVELS = ("green", "yellow", "red")
FINALS = 3  # the Sol index after red: the Final Chapters


@dataclasses.dataclass(frozen=True)
class StrandedOptions(Options):
    level: str = choice("green", LEVELS, "the difficulty level: its aging cards, Final Chapters and starting life")


class State(MachineState):
    __slots__ = (
        "level", "life",  # the level's index in LEVELS; life left
        "deck", "discard", "aging", "removed",  # the fighting stack (top last), its discard pile, aging stack, box
        "dangers", "danger_discard", "chapters",  # the danger stack (top last), its discard pile, the Final Chapters
        "sol",  # 0 green, 1 yellow, 2 red, FINALS: the Final Chapters
        "current", "drawn", "free_set", "used", "doubled",  # the fight: what is fought, its face-up cards
        "free_drawn", "step_down", "weight",  # free draws made, Sol -1 used, Failing Reactor's rise (fixed at start)
        "won", "destroyed", "acquired", "bought_life",  # for the report
    )


# -- steps: what the rules make happen next --------------------------------------------------------------
@record
class Draw(Step):
    """Draw a fighting card into the fight (reshuffling first if the stack is empty). `credit` is the
    (card key, effect words) that took effect when a card does come: the ability that drew it."""

    free: bool  # laid left of the danger as a free card; False for bought cards and +1 card / +2 cards draws
    credit: tuple | None = None


@record
class Ask(Step):
    """Ask a decision once the steps queued before it have happened (e.g. after a draw)."""

    decision: Decision


@record
class Refill(Step):
    """Make sure the fighting stack holds a card (Below the stack needs one): reshuffle if it is empty."""


# -- chance: the shuffles ---------------------------------------------------------------------------------
@record
class SetUp(Chance):
    """The first shuffles: fighting stack, danger stack, aging stack, and the Final Chapters dealt."""


@record
class Reshuffle(Chance):
    """The fighting stack ran out: an aging card joins the discard pile, which is shuffled into a new stack."""


@record
class NewSol(Chance):
    """A new Sol: the danger discard pile is shuffled into the new danger stack."""


# -- decisions ------------------------------------------------------------------------------------------------
@record
class ChooseDanger(Decision):
    """Two dangers turned over: fight one, discard the other."""

    cards: tuple[int, int]


@cache
def choose_danger(first: int, second: int) -> ChooseDanger:
    """The decision between these two dangers: records are immutable, so each pair is made once and shared (making
    one costs more than half a microsecond, and a game turns over a pair of dangers ten times)."""
    return ChooseDanger(cards=(first, second))


@record
class ChooseChapter(Decision):
    """Both Final Chapters are left: which one to face first."""


@record
class PaidDestroys(Decision):
    """A fight lost on purpose: destroy face-up cards of the fight with the life paid (`budget` left)."""

    budget: int
    due: int  # life the fight's aging cards take once the destroying is done


@cache
def paid_destroys(budget: int, due: int) -> PaidDestroys:
    """The decision for this budget and life due, made once and shared (as `choose_danger`): asked after most
    fights lost on purpose, and again after each card destroyed."""
    return PaidDestroys(budget=budget, due=due)


@record
class Use(Decision):
    """The target of an ability being used: `source` is the card using it (itself, or a Copy copying it),
    `chain` the cards already in this use (a Copy copying a Copy may not come back to them)."""

    source: int
    chain: frozenset


@record
class DestroyTarget(Use):
    pass


@record
class DoubleTarget(Use):
    pass


@record
class CopyTarget(Use):
    pass


@record
class ExchangeTarget(Use):
    left: int  # exchanges left, this one included
    optional: bool  # the second of Exchange 2 may be skipped


@record
class BelowTarget(Use):
    pass


@record
class MayReplace(Use):
    """Below the stack took a free card: the player may draw a replacement free card."""


@record
class MoreCards(Use):
    """+2 cards: the first is drawn; the player may draw the second."""


@record
class SortTop(Use):
    """Sort 3: discard up to one of the top three cards and put the others back in any order."""
