"""Saucer Escape's words: sheet icons, crew abilities and event results, each implemented once in the engine."""
from pnp.engine.vocabulary import Vocabulary, Word

ITEMS = ("lasgun", "shield", "medkit", "red_keycard", "blue_keycard", "artifacts")
TRACK_ICONS = ("ARROW", "CLAW", "GAIN", "POD_FUELED")
BETWEEN_ICONS = ("NEG_LASGUN", "NEG_SHIELD")

VOCABULARY = Vocabulary([
    # icons printed on the sheet
    Word("ARROW", "Darkening this box raises the matching enemy's Life or Power track by 1.", "Raise an enemy.", rules_ref="arrows"),
    Word("CLAW", "Darkening this box raises the Hivemind's Life or Power track by 1.", "Raise the Hivemind.", rules_ref="claws"),
    Word("NEG_LASGUN", "Once both boxes around it are dark, one Lasgun is useless against this enemy.", "One Lasgun fewer.", rules_ref="negation"),
    Word("NEG_SHIELD", "Once both boxes around it are dark, one Shield is useless against this enemy.", "One Shield fewer.", rules_ref="negation"),
    # a Reward track's item waits for its enemy's death; an event's item is yours at once: two words, so that
    # neither's meaning is wrong for the other (the glossary explains each where a player meets it)
    Word("GAIN", "Collected when the enemy with this Reward track's number dies.", "Gain {n}.", choices=ITEMS, rules_ref="victory"),
    Word("POD_FUELED", "The Escape Pod is ready: you may escape at any time.", "Pod fueled.", rules_ref="escaping"),
    # crew abilities (each use darkens one Power box)
    Word("REROLL", "Roll one die again.", "Re-roll a die.", rules_ref="abilities"),
    Word("REDUCE_ENEMY", "Erase the last dark box of one enemy's Life or Power track.", "Lower an enemy track by {n}.",
         int_range=(1, 3), rules_ref="abilities"),
    Word("NO_RETREAT_PENALTY", "Retreat from an assault without raising the enemy.", "Free retreat.", rules_ref="retreat"),
    Word("MODIFY_DIE", "Change one die by up to this much, staying within 1 to 6.", "Die +/-{n}.", int_range=(1, 2), rules_ref="abilities"),
    Word("ADD_RECON", "The Recon die counts this much more.", "Recon +{n}.", int_range=(1, 6), rules_ref="recon"),
    Word("REDUCE_HITS", "Take this many fewer hits from the current assault; once per assault.", "{n} fewer hits.",
         int_range=(1, 5), rules_ref="hits"),
    Word("RAPID_FIRE", "+1 to the assault total while Rico carries two Lasguns.", "+1 with two Lasguns.", rules_ref="assault"),
    Word("OVERCHARGE", "Burn out one of the user's Shields to ignore this many hits.", "Spend a Shield: ignore {n} hits.",
         int_range=(1, 5), rules_ref="hits"),
    Word("SELF_SACRIFICE", "The user takes this many hits and as many more are ignored.", "Take {n}, ignore {n}.",
         int_range=(1, 5), rules_ref="hits"),
    Word("HEAL", "A living crew member regains this much Life.", "Heal {n}.", int_range=(1, 3), rules_ref="abilities"),
    Word("SACRIFICE_FOR_ROLL", "The user is destroyed; add this much to the assault total.", "+{n} to hit, lose the user.",
         int_range=(1, 20), rules_ref="assault"),
    Word("UNLOCK_RED_DOOR", "Open a red door without a keycard.", "Free red door.", rules_ref="doors"),
    # event table results
    Word("HIT_ONE", "One crew member of your choice takes this many hits.", "{n} hit(s) to one.", int_range=(1, 3), rules_ref="events"),
    Word("HIT_ALL_ON", "Roll a die; at or below this number every crew member takes 1 hit.", "All hit on {n}-.",
         int_range=(1, 6), rules_ref="events"),
    Word("POD_LOSS", "Erase this many dark Escape Pod boxes, the last first (none when none are dark).", "Pod -{n}.",
         int_range=(1, 3), rules_ref="clar-fuel-loss"),
    Word("ARTIFACTS", "Change your Artifacts by this much (never below 0).", "Artifacts {n}.", int_range=(-6, 6), rules_ref="events"),
    Word("ARTIFACTS_ROLL", "Roll a die and gain that many Artifacts.", "Gain a die of Artifacts.", rules_ref="events"),
    Word("TRADE_SMALL", "You may pay this many Artifacts for a Red Keycard or a Medkit.", "Pay {n}: key or medkit.",
         int_range=(1, 6), rules_ref="events"),
    Word("TRADE_LARGE", "You may pay this many Artifacts for a Lasgun or a Shield.", "Pay {n}: lasgun or shield.",
         int_range=(1, 6), rules_ref="events"),
    Word("FIND", "Gain this item at once.", "Gain {n} now.", choices=ITEMS, rules_ref="events"),
    Word("HEAL_ONE", "One living crew member of your choice heals up to this much Life.", "Heal one by {n}.", int_range=(1, 3), rules_ref="events"),
    Word("REWARD_BOXES", "Darken this many boxes of one Reward track of your choice.", "Reward +{n}.", int_range=(1, 3), rules_ref="events"),
])
