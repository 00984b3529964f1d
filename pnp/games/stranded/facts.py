"""What a Stranded card's face prints, as sentences for the card reference (GamePlugin.card_facts).

A danger's top row draws its free cards and its three Sol values as bare numbers, and its knowledge half prints
upside down; read out in a row they are a dump ("1 FREE 0 1 2", "Kvalue 1"). Here each number says what it
counts, in the rulebook's words: free cards, the value to beat in each Sol, the knowledge card's name (where no text
block of the card names it already) and value."""
from __future__ import annotations

SOLS = ("green", "yellow", "red")


def card_facts(card, game) -> list[str]:
    facts = []
    if card.free is not None:
        facts.append(f"{card.free} free card{'s' if card.free != 1 else ''} against it")
    if card.kind == "final_chapter" and card.hazard is not None:
        facts.append(f"Value to beat: {card.hazard}")
    elif card.green is not None:
        green, yellow, red = (getattr(card, sol) for sol in SOLS)
        facts.append(f"Value to beat: {green} in the green Sol, {yellow} in the yellow, {red} in the red")
    if card.value is not None:
        facts.append(f"Fighting value {card.value}")
    if card.knowledge is not None:
        facts.append(_knowledge(card.knowledge))
    return facts


def _knowledge(side) -> str:
    """What the card's knowledge half prints that its text does not: a knowledge side with a text of its own is
    named by that text's block ("Knowledge side: Weather Sense. Gain 1 life"), so only its value is said here; one
    without is named here, once."""
    if side.text:
        return f"Upside down, its knowledge side has fighting value {side.value}"
    return f"Upside down, its knowledge side: {side.name}, fighting value {side.value}"
