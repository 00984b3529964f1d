"""Attacks, damage and the counter attack: who is in range, what an ability changes, how the ship is hurt.

Enemies are named (track, index on that track's top card). Every function
here changes the state it is given and notes in `state.resolved`, as (key,
words) pairs, only what took effect: an ability that stopped or changed
damage, a rule that cost MOVE or health.
"""
from __future__ import annotations

from pnp.games.escaping_earth.geometry import range_squares

ZONE_SCOPE = ("ANCHOR", "THUNDER", "TIME_DILATION", "VOID", "SWORD", "SELF_REPAIR")


def witness(state, word: str) -> None:
    state.resolved.append((f"ability:{word}" if word not in ("JAMMER", "DRAG", "HAZARD") else f"rule:{word}", (word,)))


def top(catalog, state, track: int):
    """The Zone spec on top of a track, or None when its deck is empty."""
    cards = state.tracks[track].cards
    return catalog.zones[cards[-1]] if cards else None


def alive(state, zone, track: int, index: int) -> bool:
    return state.tracks[track].damage[index] < zone.enemies[index].health


def lose(state) -> None:
    """The run is lost: nothing queued or asked happens any more; the engine ends the run next."""
    state.phase = "lost"
    state.queue.clear()
    state.pending.clear()
    state.attackers = []


def living(catalog, state, track: int):
    """(index, enemy) of every enemy still standing on a track's top card."""
    zone = top(catalog, state, track)
    if zone is None:
        return []
    damage = state.tracks[track].damage
    return [(i, e) for i, e in enumerate(zone.enemies) if damage[i] < e.health]


def zone_has(catalog, state, track: int, ability: str) -> bool:
    zone = top(catalog, state, track)
    if zone is None or ability not in zone.abilities:  # most cards have no such enemy, living or not
        return False
    return any(e.ability == ability for _, e in living(catalog, state, track))


def reach(catalog, state, attack) -> list[tuple[int, int]]:
    """(track, square) of every square the attack reaches from the ship: its own card, and the cards above and
    below for its arrows (none past Space or Ground, none on an empty Zone area)."""
    squares = range_squares(attack.grid, state.square)
    return [(t, s) for t in reached_tracks(state, attack) if state.tracks[t].cards for s in squares]


def reached_tracks(state, attack) -> list[int]:
    """The ship's track, then the one above and the one below if the attack's arrows reach them."""
    tracks = [state.track]
    if attack.up and state.track < 2:
        tracks.append(state.track + 1)
    if attack.down and state.track > 0:
        tracks.append(state.track - 1)
    return tracks


def targets(catalog, state, attack) -> list[tuple[int, int, int]]:
    """(track, enemy, squares of it in range) for every living enemy the attack reaches; a Jammer card hides
    its enemies from missiles."""
    found = {}
    squares = range_squares(attack.grid, state.square)
    missile = attack.type == "missile"
    for t in reached_tracks(state, attack):  # as `reach` lists them: track by track, square by square
        track = state.tracks[t]
        if not track.cards:
            continue
        zone = catalog.zones[track.cards[-1]]
        if missile and zone.jammer:
            continue
        enemies, damage, on_square = zone.enemies, track.damage, zone.on_square
        for s in squares:
            for i in on_square[s]:
                if damage[i] < enemies[i].health:
                    found[(t, i)] = found.get((t, i), 0) + 1
    return [(t, i, n) for (t, i), n in found.items()]


def jammed(catalog, state, attack) -> bool:
    """A missile whose reach includes a Jammer card with living enemies on the reached squares."""
    if attack.type != "missile":
        return False
    for t, s in reach(catalog, state, attack):
        zone = top(catalog, state, t)
        if zone.jammer and any(s in e.squares for _, e in living(catalog, state, t)):
            return True
    return False


def hit(catalog, state, track: int, index: int, amount: int, kind: str, yours: bool = True) -> int:
    """One source of damage to one enemy; returns the damage it took. Pendulum Assault Mode adds 1 to each of
    your hits; Cloaking, Reflective and Forcefield stop it, Armor reduces it; a defeated Explosive enemy blows."""
    zone = top(catalog, state, track)
    enemy = zone.enemies[index]
    damage = state.tracks[track].damage
    if damage[index] >= enemy.health:
        return 0
    ability = enemy.ability
    if (ability == "CLOAKING" and kind == "missile") or (ability == "REFLECTIVE" and kind == "laser") or (
            ability == "FORCEFIELD" and state.track == track):
        witness(state, ability)
        return 0
    if yours and state.pendulum and state.mode == 0:
        amount += 1
        state.resolved.append(("pendulum:assault", ("PENDULUM_MODES",)))
    if ability == "ARMOR" and amount > 0:
        witness(state, "ARMOR")
        amount -= enemy.number
    if amount <= 0:
        return 0
    damage[index] += amount
    if damage[index] >= enemy.health and ability == "EXPLOSIVE":
        explode(catalog, state, track, index)
    return amount


def explode(catalog, state, track: int, index: int) -> None:
    """1 damage to every other enemy on the card (each its own source) and to the ship if it is in that Zone."""
    witness(state, "EXPLOSIVE")
    zone = top(catalog, state, track)
    for other in range(len(zone.enemies)):
        if other != index:
            hit(catalog, state, track, other, 1, "explosion", yours=False)
    if state.track == track:
        hurt(catalog, state, 1)


def hurt(catalog, state, amount: int) -> None:
    """Damage to the ship, point by point: a block first, then the Dreadnought's plating; the Phoenix revives
    at 0 once a run; otherwise 0 health loses the run."""
    for _ in range(amount):
        if state.over or state.phase == "lost":
            return
        if state.block:
            state.block -= 1
            continue
        if state.plating:
            state.plating -= 1
            state.resolved.append(("ship:plating", ("PLATING",)))
            continue
        state.health -= 1
        if state.health <= 0:
            if state.ship.ability == "REVIVE" and not state.revive_used:
                state.revive_used = True
                state.health = state.ship.health
                state.resolved.append(("ship:revive", ("REVIVE",)))
            else:
                state.health = 0
                lose(state)


def attackers(catalog, state) -> list[tuple[int, int]]:
    """Every enemy that counter attacks: the living ones in the ship's Zone, and Ranged ones next to it."""
    found = [(state.track, i) for i, _ in living(catalog, state, state.track)]
    for t in (state.track - 1, state.track + 1):
        if 0 <= t < 3:
            found += [(t, i) for i, e in living(catalog, state, t) if e.ability == "RANGED"]
    return found


def counter_attack(catalog, state, track: int, index: int, add_static) -> None:
    """One enemy's attack: 1 damage (Sword N), a Static for Thunder, its damage wiped by Self-Repair."""
    zone = top(catalog, state, track)
    enemy = zone.enemies[index]
    damage = state.tracks[track].damage
    if damage[index] >= enemy.health:
        return
    ability = enemy.ability
    if track != state.track:
        witness(state, "RANGED")
    if ability == "SELF_REPAIR" and damage[index]:
        witness(state, "SELF_REPAIR")
        damage[index] = 0
    if ability == "THUNDER":
        witness(state, "THUNDER")  # a Static added, or the run lost for want of room for it
        add_static(state)
        if state.phase == "lost":
            return
    if ability == "SWORD":
        witness(state, "SWORD")
    hurt(catalog, state, enemy.number if ability == "SWORD" else 1)
