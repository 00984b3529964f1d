"""What a Stranded card's face prints, as sentences for the card reference (GamePlugin.card_facts).

A danger's top row draws its free cards and its three Sol values as bare numbers, and its knowledge half prints
upside down; read out in a row they are a dump ("1 FREE 0 1 2", "Kvalue 1"). Here each number says what it
counts, in the rulebook's words, as briefly as a table of 30 dangers can bear.

A danger's row reads the same whether or not its knowledge side has an ability: the knowledge side first (its
name, what it does, its fighting value, what destroying it costs), then the danger (free cards, the values to
beat). A knowledge side with an ability is named by its text block already ("Knowledge side: Weather Sense. Gain
1 life"), which the reference prints before these sentences; one without is named here, in the same words
("Knowledge side: Calm Breathing").

A card played only from Level 2 or 3 on (the harder aging cards and Final Chapters) says so: its level dot prints
no word, and the rulebook's tables would not tell it from a first-game card. A Level 1 card says nothing: every
game uses it."""
from __future__ import annotations

from pnp.content.words import say
from pnp.core.difficulty import Difficulty

SOLS = ("green", "yellow", "red")


def card_facts(card, game) -> list[str]:
    facts = []
    if card.knowledge is not None:
        facts += _knowledge(card.knowledge, game)
    if card.value is not None:
        facts.append(f"Fighting value {card.value}")
    if card.free is not None:
        facts.append(_to_beat(card))
    if card.difficulty != Difficulty.green:
        facts.append(say(game, "played-from", level=say(game, card.difficulty.value)))
    return facts


def _knowledge(side, game) -> list[str]:
    """The knowledge half: its name (where no text block names it), its value, and the cost line it prints (the
    same words as a starting card's: layouts/stranded/cards.yaml)."""
    cost = getattr(game.settings, "destroy_cost", 1)
    named = [] if side.text else [f"Knowledge side: {side.name}"]
    return named + [f"Fighting value {side.value}", f"After a lost fight: destroy it for {cost} life"]


def _to_beat(card) -> str:
    """The free cards and the value to beat: a danger's in each Sol, in the order its coloured boxes print them."""
    free = f"{card.free} free card{'s' if card.free != 1 else ''}"
    if card.kind == "final_chapter":
        return f"{free}; value to beat {card.hazard}"
    values = ", ".join(f"{sol} {getattr(card, sol)}" for sol in SOLS)
    return f"{free}; value to beat {values}"
