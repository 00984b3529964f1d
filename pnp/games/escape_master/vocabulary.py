"""Escape Master's effect words: each one implemented once, in the engine package (plays, prepare, scoring)."""
from pnp.engine.vocabulary import Vocabulary, Word

PLAYER_COUNTS = (2, 6)  # the fewest and most players: one Escape Leader per tribe, six Quick Guides
TRAP_KINDS = ("draw3", "ascending", "descending")
# Powers that move cards out of a hand, and the kinds they never move: a Doom Master leaves a hand only through
# Vanish (DISCARD_EXTRA), a Wisdom card only onto a Stack (clar-hand-moves). Card texts must say so (a check).
HAND_MOVES = {"SWAP_WITH_PILE": ("doom_master", "wisdom"), "DEAL_FEWER": ("doom_master", "wisdom"),
              "PASS_CARD": ("doom_master", "wisdom")}
IMMUNITIES = ("draw3", "direction", "all")

VOCABULARY = Vocabulary([
    # stack cards
    Word("OPEN_STACK", "Lay the card beside the draw pile to open a new Stack.",
         "Opens a new Stack.", rules_ref="opening-stacks"),
    Word("WILD", "Plays on any open Stack; any Numbered card or combination may follow it.",
         "Wild.", rules_ref="wild"),
    Word("CLEAR_DIRECTION_TRAPS", "Lifts every Uphill and Downhill Snare in play, for every player.",
         "Lifts every Snare in play.", rules_ref="clears-snares"),
    Word("NO_DISCARD", "The card can never be moved to History unplayed.",
         "Cannot be discarded.", rules_ref="keep-wisdom"),
    Word("CLOSE_STACK", "Closes a Stack: nothing more is laid on it this round.",
         "Closes a Stack.", rules_ref="dead-end"),
    Word("NO_COMBO", "The card is never part of a combination.",
         "Never in a combination.", rules_ref="doom-no-combo"),
    Word("PENALTY", "Counts as this many Blunders if held when the round ends.",
         "Costs {n} Blunders if held.", int_range=(1, 5), rules_ref="doom-penalty"),
    # traps and escapes
    Word("TRAP", "Played on a rival's Action pile: a Pitfall makes them draw 3 cards; a Snare, uphill or downhill, limits the direction they may play.",
         "Trap: {n}.", choices=TRAP_KINDS, rules_ref="traps"),
    Word("ESCAPE", "Lifts a trap in the Action pile it is laid on.",
         "Lifts a trap.", rules_ref="escapes"),
    Word("DISCARD_EXTRA", "Moves this many cards from hand to History, Doom Masters included.",
         "Discard {n} card(s), even a Doom Master.", int_range=(1, 3), rules_ref="vanish"),
    # leader abilities and story advantages (they last one round)
    Word("SWAP_WITH_PILE", "Slide a card from hand under the draw pile and take the top card.",
         "{n}x: swap a card with the top of the pile.", int_range=(1, 3), rules_ref="ability-use"),
    Word("STRETCH", "Lay a Numbered card two ranks away from the top card instead of one.",
         "{n}x: play two ranks away.", int_range=(1, 3), rules_ref="ability-use"),
    Word("GIVE_BLUNDER", "At the start of the round, give one rival this many Blunders.",
         "Give a rival {n} Blunder(s).", int_range=(1, 3), rules_ref="ability-use"),
    Word("SKIP_FORCED_DRAW", "Ignore a called Draw.",
         "{n}x: skip a called Draw.", int_range=(1, 3), rules_ref="ability-use"),
    Word("DISCARD_NUMBERED", "Move a Numbered card from hand to History.",
         "{n}x: discard a Numbered card.", int_range=(1, 3), rules_ref="ability-use"),
    Word("REDIRECT_TRAP", "Move a trap from your Action pile onto a rival's, where it is legal.",
         "{n}x: pass a trap on.", int_range=(1, 2), rules_ref="ability-use"),
    Word("IMMUNE", "Traps of this kind played on you go to History with no effect this round.",
         "Immune to {n} traps.", choices=IMMUNITIES, rules_ref="ability-use"),
    Word("DEAL_FEWER", "After the deal, slide this many cards from hand under the draw pile.",
         "Start with {n} fewer card(s).", int_range=(1, 3), rules_ref="story-use"),
    Word("TUTOR", "After the deal, take the first card of this kind from the draw pile.",
         "Search the pile for a {n}.", choices=("start7", "wisdom"), rules_ref="story-use"),
    Word("FORGIVE", "At the end of the round, score this many fewer Blunders.",
         "{n} fewer Blunders.", int_range=(1, 5), rules_ref="story-use"),
    Word("HEAD_START", "Your first plays of the round come before anyone else acts.",
         "{n} plays before anyone else.", int_range=(1, 3), rules_ref="story-use"),
    Word("PASS_CARD", "After the deal, give cards from hand to the rival with the fewest Blunders.",
         "Pass {n} card(s).", int_range=(1, 3), rules_ref="clar-ability-timing"),
])
