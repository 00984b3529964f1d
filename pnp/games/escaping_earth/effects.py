"""Each effect word's one implementation (the vocabulary lists them; the card texts say them).

An effect runs from the engine's queue. Most act at once; DRAW may have to
wait for a shuffle of the discard pile (a chance step), TREASURE for the
player's choice, and so they queue what is left of them.
"""
from __future__ import annotations

from pnp.games.escaping_earth.combat import witness, zone_has

MAX_CHARGE = 3


def void_holds(catalog, state) -> bool:
    """Void: in the action phase, no drawing and no cards into the hand while one shares your Zone."""
    return state.phase == "action" and zone_has(catalog, state, state.track, "VOID")


def move(catalog, state, n, source):
    state.move += n


def draw(catalog, state, n, source):
    if void_holds(catalog, state):
        witness(state, "VOID")
        return
    state.queue.insert(0, ("draw", n))


def heal(catalog, state, n, source):
    state.health = min(state.ship.health, state.health + n)


def charge(catalog, state, n, source):
    if state.ship.ability == "SHIELD_CHARGE":
        state.charge = min(MAX_CHARGE, state.charge + n)


def block(catalog, state, n, source):
    state.block += n


def credit(catalog, state, n, source):
    state.credit += n


def purge(catalog, state, n, source):
    """Static back to the supply: from the hand first, then the discard pile."""
    statics = set(catalog.statics)
    for pile in (state.hand, state.discard):
        for card in [c for c in pile if c in statics]:
            if n == 0:
                return
            pile.remove(card)
            state.supply.append(card)
            n -= 1


def warp(catalog, state, n, source):
    state.pending.append(("warp",))


def rekindle(catalog, state, n, source):
    state.revive_used = False


def treasure(catalog, state, n, source):
    if void_holds(catalog, state):
        witness(state, "VOID")
        return
    if state.treasures:
        state.pending.append(("treasure",))


def blueprint(catalog, state, n, source):
    pass  # the rewards phase keeps the BOSS card in the gold pile


def pendulum_modes(catalog, state, n, source):
    pass  # Power of the Pendulum's modes act through the ship (see engine: turn start, hits, cleanup)


WORDS = {"MOVE": move, "DRAW": draw, "HEAL": heal, "CHARGE": charge, "BLOCK": block, "CREDIT": credit,
         "PURGE": purge, "WARP": warp, "REKINDLE": rekindle, "TREASURE": treasure, "BLUEPRINT": blueprint,
         "PENDULUM_MODES": pendulum_modes}
