"""Darkening boxes and what their icons set off (arrows, claws), shared by every part of a turn.

Witnesses: `note` names what took effect (a box darkened, an enemy raised, an
item gained), `tried` what was played or set off whether or not it changed
anything (a claw darkened when the Hivemind's tracks are full).
"""
from __future__ import annotations

from pnp.games.saucer_escape.catalog import HIVEMIND, Catalog
from pnp.games.saucer_escape.records import Equip, Raise
from pnp.games.saucer_escape.state import GEAR, SaucerState


def note(state: SaucerState, key: str) -> None:
    state.resolved.append(key)


def tried(state: SaucerState, key: str) -> None:
    state.played.append(key)


def raisable(state: SaucerState, catalog: Catalog, row: int) -> list[str]:
    """Sides of an enemy that may take one more box: room left, and never more than 2 ahead of the other."""
    if state.killed[row]:
        return []
    enemy = catalog.enemies[row]
    life, power = state.life[row], state.power[row]
    sides = []
    if life < enemy.life_len and life + 1 - power <= 2:
        sides.append("life")
    if power < enemy.power_len and power + 1 - life <= 2:
        sides.append("power")
    return sides


def ask_raise(state: SaucerState, row: int, source: str) -> None:
    """An icon raises an enemy now, before anything else happens (the player picks the track)."""
    tried(state, source)
    state.pending.append(Raise(row=row, source=source))


def raise_enemy(state: SaucerState, catalog: Catalog, row: int, side: str) -> None:
    track = state.life if side == "life" else state.power
    track[row] += 1
    enemy = catalog.enemies[row]
    box = track[row]
    note(state, f"box:{enemy.id}.{side}.{box}")
    icon = (enemy.life_icons if side == "life" else enemy.power_icons).get(box)
    if icon == "CLAW":
        ask_raise(state, HIVEMIND, f"icon:{enemy.id}.{side}.{box}:CLAW")
    for column in (enemy.neg_lasgun + enemy.neg_shield):
        if column == box and state.life[row] >= column and state.power[row] >= column:
            kind = "NEG_LASGUN" if column in enemy.neg_lasgun else "NEG_SHIELD"
            tried(state, f"icon:{enemy.id}.between.{column}:{kind}")  # it takes effect in an assault (see strike)


def lowerable(state: SaucerState, row: int) -> list[str]:
    """Sides of an enemy that may lose a box: a dark box to erase, and never 3 behind the other side."""
    if state.killed[row]:
        return []
    life, power = state.life[row], state.power[row]
    return [side for side, mine, other in (("life", life, power), ("power", power, life)) if mine > 0 and other - (mine - 1) <= 2]


def lower_enemy(state: SaucerState, row: int, side: str) -> None:
    track = state.life if side == "life" else state.power
    if track[row] > 0:
        track[row] -= 1


def darken_location(state: SaucerState, catalog: Catalog, row: int) -> None:
    loc_id, length, arrows = catalog.locations[row]
    if state.killed[row] or state.location[row] >= length:
        return
    state.location[row] += 1
    box = state.location[row]
    note(state, f"box:{loc_id}.{box}")
    if box in arrows:
        ask_raise(state, row, f"icon:{loc_id}.{box}:ARROW")


def darken_reward(state: SaucerState, catalog: Catalog, track: int) -> None:
    if state.collected[track] or state.reward[track] >= catalog.reward_lengths[track]:
        return
    state.reward[track] += 1
    box = state.reward[track]
    note(state, f"box:reward{track + 1}.{box}")
    icon = catalog.rewards[track].get(box, ())
    if icon[:1] == ("ARROW",):
        ask_raise(state, state.row_of_enemy(state.reward_numbers[track]), f"icon:reward{track + 1}.{box}:ARROW")
    elif icon[:1] == ("CLAW",):
        ask_raise(state, HIVEMIND, f"icon:reward{track + 1}.{box}:CLAW")


def advance_pod(state: SaucerState, catalog: Catalog) -> bool:
    """Darken the next Escape Pod box, if one is left."""
    if state.pod >= catalog.pod_length:
        return False
    state.pod += 1
    note(state, f"box:escape-pod.{state.pod}")
    if state.pod == catalog.pod_length:
        note(state, "icon:escape-pod:POD_FUELED")
    return True


def reduce_pod(state: SaucerState, boxes: int = 1) -> bool:
    """Erase the last dark Escape Pod boxes (the Event Table's fuel loss); none are erased when none are dark."""
    before = state.pod
    state.pod = max(0, state.pod - boxes)
    return state.pod < before


def gain(state: SaucerState, catalog: Catalog, item: str, source: str = "") -> bool:
    """Party items go up their track (up to its length); gear waits for a crew member to carry it (see Equip).
    True when something was gained now."""
    if item == "artifacts":
        state.artifacts += catalog.item_amounts.get("artifacts", 3)
    elif item in state.items:
        if state.items[item] >= catalog.party[item]:
            tried(state, f"gain:{item}")  # the track is full: nothing to darken
            return False
        state.items[item] += 1
        note(state, f"box:party.{item}.{state.items[item]}")
    else:
        tried(state, f"gain:{item}")
        state.pending.append(Equip(item=item, source=source))
        return False
    note(state, f"gain:{item}")
    return True


def equip(state: SaucerState, catalog: Catalog, i: int, item: str) -> None:
    state.gear[i, item] += 1
    note(state, f"gain:{item}")
    note(state, f"box:{catalog.crew[i].id}.{item}.{state.gear[i, item]}")


def wound(state: SaucerState, catalog: Catalog, i: int, hits: int = 1) -> None:
    state.wounds[i] = min(state.max_life(catalog, i), state.wounds[i] + hits)
    note(state, f"box:{catalog.crew[i].id}.life.{state.wounds[i]}")
    if state.wounds[i] >= state.max_life(catalog, i):
        state.dead[i] = True
        for item in GEAR:  # the gear they carried is destroyed with them
            state.gear[i, item] = 0
        note(state, f"death:{catalog.crew[i].id}")
        if not any(not dead for dead in state.dead):
            state.over = True


def heal(state: SaucerState, i: int, amount: int) -> bool:
    before = state.wounds[i]
    state.wounds[i] = max(0, state.wounds[i] - amount)
    return state.wounds[i] < before
