"""Each effect word's one implementation (the vocabulary lists them; the card texts say them).

An effect runs from the engine's queue as an `Effect` step and returns
whether it took effect then: a word that changed nothing (HEAL at full
health, Return Static with none held) is not witnessed. DRAW queues a `Draw`
step (which may wait for a shuffle) and WARP and TREASURE ask the player; those
are witnessed where the card moves or the ship lands.
"""
from __future__ import annotations

from pnp.games.escaping_earth.combat import witness, zone_has
from pnp.games.escaping_earth.state import Draw, Effect, TakeTreasure, Warp

MAX_CHARGE = 3


def void_holds(catalog, state) -> bool:
    """Void: in the action phase, no drawing and no cards into the hand while one shares your Zone."""
    return state.phase == "action" and zone_has(catalog, state, state.track, "VOID")


def in_turn(state) -> bool:
    """Cards that come into the hand now can still be played this turn: the turn's start or its action phase."""
    return state.phase in ("start", "action")


def move(catalog, state, n, key) -> bool:
    state.move += n
    return True


def draw(catalog, state, n, key) -> bool:
    if void_holds(catalog, state):
        witness(state, "VOID")
        return False
    if not in_turn(state):
        # a BOSS event's draw (clar-event-draw): the cards come with the next turn's draw, where they can be played
        state.held_over += (Draw(n=n, key=key),)
        return False
    state.queue.appendleft(Draw(n=n, key=key))
    return False  # witnessed by the Draw step, once a card is in the hand


def heal(catalog, state, n, key) -> bool:
    before = state.health
    state.health = min(state.ship.health, state.health + n)
    return state.health > before


def charge(catalog, state, n, key) -> bool:
    if state.ship.ability != "SHIELD_CHARGE" or state.charge >= MAX_CHARGE:
        return False
    state.charge = min(MAX_CHARGE, state.charge + n)
    return True


def block(catalog, state, n, key) -> bool:
    state.block += n
    return True


def credit(catalog, state, n, key) -> bool:
    state.credit += n
    return True


def purge(catalog, state, n, key) -> bool:
    """Static back to the supply: from the hand first, then the discard pile."""
    statics, returned = set(catalog.statics), 0
    for pile in (state.hand, state.discard):
        for card in [c for c in pile if c in statics]:
            if returned == n:
                return True
            pile.remove(card)
            state.supply.append(card)
            returned += 1
    return returned > 0


def warp(catalog, state, n, key) -> bool:
    state.pending.append(Warp(key=key))
    return False  # witnessed where the ship lands


def treasure(catalog, state, n, key) -> bool:
    if void_holds(catalog, state):
        witness(state, "VOID")
        return False
    if not in_turn(state):
        # a BOSS event's treasure (clar-event-draw): taken as the next turn starts, so it can be played, not
        # discarded unplayed by this turn's cleanup
        state.held_over += (Effect(word="TREASURE", n=n, key=key),)
        return False
    if state.treasures:
        state.pending.append(TakeTreasure(key=key))
    return False  # witnessed when the treasure is in the hand


def blueprint(catalog, state, n, key) -> bool:
    return True  # the rewards phase has kept the BOSS card in the gold pile, as a Blueprint


def pendulum_modes(catalog, state, n, key) -> bool:
    return False  # Power of the Pendulum's modes act through the ship; each is witnessed when it acts


WORDS = {"MOVE": move, "DRAW": draw, "HEAL": heal, "CHARGE": charge, "BLOCK": block, "CREDIT": credit,
         "PURGE": purge, "WARP": warp, "TREASURE": treasure, "BLUEPRINT": blueprint,
         "PENDULUM_MODES": pendulum_modes}
