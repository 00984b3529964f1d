"""What an Escape Master card's face prints, as sentences for the card reference (GamePlugin.card_facts).

A Numbered card prints its rank's label in its corners (J, Q, K above 10) and its tribe's name; a leader
prints its tribe's name. Read out alone they are a bare "J" or "Mice"; here they say what they are, in the
game's language (WORDS, looked up as pnp's own words are: pnp.content.words). French and German name a leader's
tribe without a noun for the leader, which would need a gender per leader ("meneur" or "meneuse", "Fluchthelfer"
or "Fluchthelferin"): Hattie Plowright and Sable Mist are women."""
from __future__ import annotations

from pnp.content.words import say

WORDS = {
    "en": {"rank": "Rank {rank}", "rank-of-tribe": "Rank {rank} of the {tribe} tribe",
           "leader-of-tribe": "Leader of the {tribe} tribe"},
    "fr": {"rank": "Rang {rank}", "rank-of-tribe": "Rang {rank} de la tribu des {tribe}",
           "leader-of-tribe": "De la tribu des {tribe}"},
    "de": {"rank": "Wert {rank}", "rank-of-tribe": "Wert {rank} vom Volk der {tribe}",
           "leader-of-tribe": "Aus dem Volk der {tribe}"},
}


def card_facts(card, game) -> list[str]:
    tribe = _tribes(game).get(card.suit) if card.suit else None
    if card.kind == "numbered" and card.rank:
        label = _rank_labels(game).get(card.rank, str(card.rank))
        return [say(game, "rank-of-tribe", rank=label, tribe=tribe) if tribe else say(game, "rank", rank=label)]
    if card.kind == "leader" and tribe:
        return [say(game, "leader-of-tribe", tribe=tribe)]
    return []


def _tribes(game) -> dict[str, str]:
    return {suit.id: suit.name for deck in game.decks.values() for suit in deck.model.suits}


def _rank_labels(game) -> dict[int, str]:
    return {rank.rank: rank.label for deck in game.decks.values() for rank in deck.model.ranks}
