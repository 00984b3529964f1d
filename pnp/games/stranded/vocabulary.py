"""Stranded's effect words: each implemented once, in the engine (pnp.games.stranded.fight and .abilities)."""
from pnp.engine.vocabulary import Vocabulary, Word

FIGHTING_ABILITIES = ("LIFE", "CARDS", "DESTROY", "DOUBLE", "COPY", "STEP_DOWN", "SORT", "EXCHANGE", "BELOW_STACK")
AGING_ABILITIES = ("LOSE_LIFE", "HIGHEST_ZERO", "STOP")
CHAPTER_RULES = ("DEAR_DRAWS", "AGING_WEIGHT", "NO_DOUBLES")

VOCABULARY = Vocabulary([
    # abilities of starting and knowledge cards: used once a fight, at a moment of your choice
    Word("LIFE", "Gain 1 life, or up to 2 with +2 life; never above 22.", "+{n} life", int_range=(1, 2), rules_ref="ability-life"),
    Word("CARDS", "Draw 1 more fighting card at no cost, or up to 2 with +2 cards, and lay them to the right of "
         "the danger as extra cards, not free cards.", "+{n} card(s)", int_range=(1, 2),
         rules_ref="ability-cards"),
    Word("DESTROY", "Remove one other card of this fight from the game.", "Destroy 1", rules_ref="ability-destroy"),
    Word("DOUBLE", "Double the value of one other card of this fight; no card is doubled twice.", "Double 1",
         rules_ref="ability-double"),
    Word("COPY", "Use the ability of one other card of this fight once more.", "Copy 1", rules_ref="ability-copy"),
    Word("STEP_DOWN", "Fight against the danger's value one Sol earlier (yellow against green, red against "
         "yellow); nothing in the green Sol or against a Final Chapter.", "Sol -1",
         rules_ref="ability-step-down"),
    Word("SORT", "Look at the top 3 cards of your fighting stack; discard at most one, put the rest back in any "
         "order.", "Sort {n}", int_range=(3, 3), rules_ref="ability-sort"),
    Word("EXCHANGE", "Discard another card of this fight and draw a replacement: once with Exchange 1, up to "
         "twice with Exchange 2.",
         "Exchange {n}", int_range=(1, 2), rules_ref="ability-exchange"),
    Word("BELOW_STACK", "Put another card of this fight under your fighting stack (it must hold a card); for a "
         "free card you may draw a fresh one.", "Below the stack", rules_ref="ability-below"),
    # aging cards: their abilities work by themselves
    Word("LOSE_LIFE", "At the end of the fight, won or lost, lose 1 life, or 2 with -2 life.", "-{n} life", int_range=(1, 2),
         rules_ref="aging-lose-life"),
    Word("HIGHEST_ZERO", "Your highest positive card of this fight counts 0.", "Highest card = 0",
         rules_ref="aging-highest"),
    Word("STOP", "No more free cards in this fight while this card is in it.", "Stop", rules_ref="aging-stop"),
    # Final Chapter rules (ours): the glossary heads each with its card's name (rules.yaml terms), so each line
    # reads after that name
    Word("DEAR_DRAWS", "Every card you buy costs 2 life, not 1, in the fight against it.",
         "Bought cards cost 2 life", rules_ref="chapter-rules"),
    Word("AGING_WEIGHT", "When its fight begins, its value rises by 2 for each aging card in your fighting stack "
         "and discard pile.", "+2 per aging card", rules_ref="chapter-rules"),
    Word("NO_DOUBLES", "No card's value can be doubled in the fight against it, not even by copying a Double.",
         "No doubling", rules_ref="chapter-rules"),
])
