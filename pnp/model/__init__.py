"""Pydantic models shared by every game: manifest, decks and cards, rules."""
from pnp.model.common import Difficulty, StrictModel
from pnp.model.deck import Ability, Card, DeckFile, RankSpec, Suit, SuitedSpec
from pnp.model.manifest import DeckEntry, Manifest, SheetEntry, WordSpec
from pnp.model.rules import Rule, RulesFile, Section, Term

__all__ = [
    "Ability", "Card", "DeckEntry", "DeckFile", "Difficulty", "Manifest", "RankSpec",
    "Rule", "RulesFile", "Section", "SheetEntry", "StrictModel", "Suit", "SuitedSpec", "Term", "WordSpec",
]
