"""2200: Escaping Earth's effect words: each implemented once, in the engine (pnp.games.escaping_earth.effects)."""
from pnp.engine.vocabulary import Vocabulary, Word

# The twelve enemy abilities of the Symbol Guides, and when each applies: "zone" ones only while your ship is in
# the enemy's Zone (they act on you), "always" ones everywhere (they change the enemy itself).
ABILITY_SCOPE = {
    "RANGED": "always", "CLOAKING": "always", "REFLECTIVE": "always", "ARMOR": "always", "ANCHOR": "zone",
    "EXPLOSIVE": "always", "THUNDER": "zone", "TIME_DILATION": "zone", "VOID": "zone", "SWORD": "zone",
    "SELF_REPAIR": "zone", "FORCEFIELD": "always",
}
ABILITIES = tuple(ABILITY_SCOPE)
ZONE_RULES = ("JAMMER", "DRAG", "HAZARD")  # words a special-rule square may carry
SHIP_ABILITIES = ("SHIELD_CHARGE", "REVIVE", "PENDULUM", "PLATING")
PLAYER_EFFECTS = ("MOVE", "DRAW", "HEAL", "CHARGE", "BLOCK", "CREDIT", "PURGE", "WARP", "TREASURE")
EVENT_EFFECTS = PLAYER_EFFECTS + ("BLUEPRINT",)
SYSTEM_EFFECTS = PLAYER_EFFECTS + ("PENDULUM_MODES",)

VOCABULARY = Vocabulary([
    # what cards, bonuses, systems and events do for you
    Word("MOVE", "Gain as much MOVE as the number printed beside it. Spend 1 MOVE to step to a neighboring square; "
         "unspent MOVE is lost at the end of the turn.", "MOVE {n}.", int_range=(1, 4), rules_ref="moving"),
    # Void stops a card's draw only in the action phase (Symbol Guide 2), not a SYSTEM's or an event's draw as a
    # turn starts (clar-charge, clar-event-draw)
    Word("DRAW", "Draw as many cards as the number printed beside it (not in the action phase while a Void enemy "
         "shares your Zone).", "Draw {n}.", int_range=(1, 3), rules_ref="ability-void"),
    Word("HEAL", "Gain as much health as the number printed beside it, up to your ship's maximum.", "+{n} health.",
         int_range=(1, 4), rules_ref="bonus-squares"),
    Word("CHARGE", "Raise the Wolf's Shield Charge by the number printed beside it, to at most 3.", "+{n} Charge.",
         int_range=(1, 3), rules_ref="wolf"),
    Word("BLOCK", "Cancels the next damage you would take this turn, as many points as the number printed beside it.",
         "Block {n} damage this turn.", int_range=(1, 3), rules_ref="blocking"),
    # the glossary's "Gold this turn", the rules' and the cards' one name for it (a bonus square prints "+1 gold")
    Word("CREDIT", "Gold a card or a bonus square gives you for this turn's buy phase, as much as the number printed "
         "beside it. It is spent before your gold cards; what is left at cleanup is lost.",
         "+{n} gold this turn.", int_range=(1, 4), rules_ref="buying"),
    Word("PURGE", "Put as many Static cards as the number printed beside it from your hand or discard pile back in "
         "the Static supply.", "Return {n} Static.", int_range=(1, 3), rules_ref="statics"),
    Word("WARP", "Move your ship to any square of any Zone card. It is not MOVE: an Anchor does not hold you.",
         "Warp anywhere.", rules_ref="warp"),
    Word("TREASURE", "Put a treasure of your choice from the Treasure Deck into your hand (not in the action phase "
         "while a Void enemy shares your Zone).", "Take a treasure.", rules_ref="treasures"),
    Word("BLUEPRINT", "After its event, the BOSS card stays in your gold pile as a Blueprint.",
         "Keep as a Blueprint.", rules_ref="blueprints"),
    # ships and systems
    Word("SHIELD_CHARGE", "The Wolf's Shield Charge: once a turn, drop it from 2 to 0 to block 1 damage this turn, "
         "or from 3 to 0 to block 3.", "Shield Charge.", rules_ref="wolf"),
    Word("REVIVE", "Once a run, when the Phoenix would drop to 0 health, it returns to full health instead.",
         "Revive.", rules_ref="phoenix"),
    Word("PENDULUM", "With Power of the Pendulum in play: once a turn, discard a card to swing the mode one "
         "step.", "Swing the pendulum.", rules_ref="pendulum"),
    Word("PENDULUM_MODES", "Assault Mode: +1 damage per hit. Warp Mode: MOVE 1 as each turn starts. Recovery Mode: "
         "+1 health as each turn ends.", "Pendulum modes.", rules_ref="pendulum"),
    Word("PLATING", "The first points of damage you would take each turn are ignored, as many as the number printed "
         "beside it.", "Plating {n}.", int_range=(1, 2), rules_ref="dreadnought"),
    # special-rule squares of a Zone card
    Word("JAMMER", "Missiles cannot hit anything on this Zone card.", "No missiles here.", rules_ref="zone-rules"),
    Word("DRAG", "Each step onto any square of this Zone card costs 2 MOVE.", "Steps cost 2 MOVE.",
         rules_ref="zone-rules"),
    Word("HAZARD", "Stepping onto this square deals your ship as much damage as the number printed on it.",
         "{n} damage on entry.", int_range=(1, 2), rules_ref="zone-rules"),
    # the twelve enemy abilities (Symbol Guides 1 and 2)
    Word("RANGED", "Also attacks you from a neighboring Zone.", "Ranged.", rules_ref="ability-ranged"),
    Word("CLOAKING", "Missiles cannot damage it.", "Cloaking.", rules_ref="ability-cloaking"),
    Word("REFLECTIVE", "Lasers cannot damage it.", "Reflective.", rules_ref="ability-reflective"),
    Word("ARMOR", "Each source of damage to it is reduced by the number in its shield.", "Armor {n}.", int_range=(1, 3),
         rules_ref="ability-armor"),
    Word("ANCHOR", "While it lives, MOVE cannot take you out of its Zone.", "Anchor.", rules_ref="ability-anchor"),
    Word("EXPLOSIVE", "When it is defeated, 1 damage to everything in its Zone, you included.", "Explosive.",
         rules_ref="ability-explosive"),
    Word("THUNDER", "When it attacks, a Static card goes into your discard pile.", "Thunder.",
         rules_ref="ability-thunder"),
    Word("TIME_DILATION", "Each turn, after your draw, discard a card of your choice from your hand.", "Time Dilation.",
         rules_ref="ability-time-dilation"),
    Word("VOID", "During your action phase you cannot draw or add cards to your hand.", "Void.",
         rules_ref="ability-void"),
    Word("SWORD", "Its attack deals as much damage as the number in its sword, instead of 1.", "Sword {n}.",
         int_range=(2, 4), rules_ref="ability-sword"),
    Word("SELF_REPAIR", "When it attacks, all damage on it is removed.", "Self-Repair.",
         rules_ref="ability-self-repair"),
    Word("FORCEFIELD", "It cannot be damaged while you are in its Zone.", "Forcefield.",
         rules_ref="ability-forcefield"),
])
