"""What an Escape Master card's face prints, as sentences for the card reference (GamePlugin.card_facts).

A Numbered card prints its rank's label in its corners (J, Q, K above 10) and its tribe's name; a leader
prints its tribe's name. Read out alone they are a bare "J" or "Mice"; here they say what they are."""
from __future__ import annotations


def card_facts(card, game) -> list[str]:
    tribe = _tribes(game).get(card.suit) if card.suit else None
    if card.kind == "numbered" and card.rank:
        label = _rank_labels(game).get(card.rank, str(card.rank))
        return [f"Rank {label}" + (f", of the {tribe} tribe" if tribe else "")]
    if card.kind == "leader" and tribe:
        return [f"Leader of the {tribe} tribe"]
    return []


def _tribes(game) -> dict[str, str]:
    return {suit.id: suit.name for deck in game.decks.values() for suit in deck.model.suits}


def _rank_labels(game) -> dict[int, str]:
    return {rank.rank: rank.label for deck in game.decks.values() for rank in deck.model.ranks}
