"""Assaulting an enemy: enemy roll (adjusted, then locked), crew roll, hits, retreat, rewards."""
from __future__ import annotations

from pnp.games.saucer_escape import tracks
from pnp.games.saucer_escape.catalog import HIVEMIND
from pnp.games.saucer_escape.dice import change_die, die_changes


def begin(engine, state, row: int) -> None:
    state.assault = {"row": row, "rapid": False, "first_law": False, "predictive": False, "bonus": 0}
    state.pending.append(("enemy-die",))
    state.phase = "assault-enemy"
    tracks.note(state, f"assault:{engine.catalog.enemies[row].id}")


def _target(engine, state) -> int:
    row = state.assault["row"]
    return engine.catalog.enemies[row].life_bonus + state.life[row] + state.assault["enemy_die"]


def enemy_actions(engine, state):
    catalog = engine.catalog
    rerolls, modifies = die_changes(engine, state, [state.assault["enemy_die"]], "reroll-enemy", "modify-enemy")
    actions = [("lock",), *rerolls, *modifies]
    if state.can_use(catalog, "REDUCE_ENEMY") is not None and "life" in tracks.lowerable(state, state.assault["row"]):
        actions.append(("risky-enemy",))
    return actions


def enemy_apply(engine, state, action):
    kind = action[0]
    if kind in ("reroll-enemy", "modify-enemy"):
        die = [state.assault["enemy_die"]]
        change_die(engine, state, action, die, "enemy")
        state.assault["enemy_die"] = die[0]
    elif kind == "risky-enemy":
        engine.use(state, "REDUCE_ENEMY")
        tracks.lower_enemy(state, engine.catalog, state.assault["row"], "life")
    else:
        state.assault["target"] = _target(engine, state)
        state.pending.append(("crew-dice",))
        state.phase = "assault-crew"


def crew_actions(engine, state):
    catalog = engine.catalog
    a = state.assault
    rerolls, modifies = die_changes(engine, state, a["crew"], "reroll-crew", "modify-crew")
    actions = [("strike",), *rerolls, *modifies]
    user = state.can_use(catalog, "RAPID_FIRE")  # abilities about gear count the user's own gear
    if not a["rapid"] and user is not None and state.gear[user]["lasgun"] >= 2:
        actions.append(("rapid-fire",))
    if not a["first_law"] and state.can_use(catalog, "SACRIFICE_FOR_ROLL") is not None:
        actions.append(("first-law",))
    return actions


def crew_apply(engine, state, action):
    catalog = engine.catalog
    a = state.assault
    kind = action[0]
    if kind in ("reroll-crew", "modify-crew"):
        change_die(engine, state, action, a["crew"], "crew")
    elif kind == "rapid-fire":
        engine.use(state, "RAPID_FIRE")
        a["rapid"] = True
        a["bonus"] += 1
    elif kind == "first-law":
        i = engine.use(state, "SACRIFICE_FOR_ROLL")
        a["first_law"] = True
        a["bonus"] += next(p for _, w, p in catalog.crew[i].abilities if w == "SACRIFICE_FOR_ROLL")
        tracks.wound(state, catalog, i, catalog.crew[i].life + state.rank[i])  # the synth is destroyed
    else:
        strike(engine, state)


def strike(engine, state) -> None:
    """The crew's total against the locked target. A kill counts at once (see clar-kill-counts); the
    strike-back comes after, win or lose, as the enemy's Power, before abilities, Medkits and Shields."""
    catalog = engine.catalog
    a = state.assault
    row = a["row"]
    lasguns = max(0, state.carried("lasgun") - state.negated(catalog, row, "lasgun"))
    a["total"] = sum(a["crew"]) + lasguns + a["bonus"]
    a["killed"] = a["total"] >= a["target"]
    a["hits"] = catalog.enemies[row].power_bonus + state.power[row]
    tracks.note(state, f"strike:{'kill' if a['killed'] else 'miss'}")
    if a["killed"]:
        state.killed[row] = True
        tracks.note(state, f"kill:{catalog.enemies[row].id}")
    state.phase = "assault-hits"


def shields_now(engine, state) -> int:
    """Shields the living crew carries, less those the enemy boxes in: they count after abilities and Medkits."""
    return max(0, state.carried("shield") - state.negated(engine.catalog, state.assault["row"], "shield"))


def hits_actions(engine, state):
    catalog = engine.catalog
    a = state.assault
    actions = [("take",)]
    if a["hits"] <= 0:
        return actions
    if not a["predictive"] and state.can_use(catalog, "REDUCE_HITS") is not None:
        actions.append(("predictive",))
    user = state.can_use(catalog, "OVERCHARGE")
    if user is not None and state.gear[user]["shield"]:
        actions.append(("overcharge",))
    user = state.can_use(catalog, "SELF_SACRIFICE")
    if user is not None and a["hits"] >= _param(catalog, "SELF_SACRIFICE"):  # the user must take a whole pair
        actions.append(("self-sacrifice",))
    if state.items["medkit"]:
        actions.append(("medkit-hit",))
    return actions


def hits_apply(engine, state, action):
    catalog = engine.catalog
    a = state.assault
    kind = action[0]
    if kind == "predictive":
        engine.use(state, "REDUCE_HITS")
        a["predictive"] = True
        a["hits"] = max(0, a["hits"] - _param(catalog, "REDUCE_HITS"))
    elif kind == "overcharge":
        user = engine.use(state, "OVERCHARGE")
        state.gear[user]["shield"] -= 1
        a["hits"] = max(0, a["hits"] - _param(catalog, "OVERCHARGE"))
    elif kind == "self-sacrifice":  # Rico takes a pair of the hits and a pair more are ignored (clar-self-sacrifice)
        user = engine.use(state, "SELF_SACRIFICE")
        share = _param(catalog, "SELF_SACRIFICE")
        a["hits"] = max(0, a["hits"] - 2 * share)
        tracks.wound(state, catalog, user, share)
    elif kind == "medkit-hit":
        state.items["medkit"] -= 1
        a["hits"] -= 1
        tracks.note(state, "use:medkit")
    else:
        landed = max(0, a["hits"] - shields_now(engine, state))  # Shields last, after what abilities took away
        if landed:
            state.pending.append(("hit", landed))
        if a["killed"]:
            state.pending.append(("collect", a["row"]))
            state.phase = "free"
        else:
            state.phase = "assault-after"


def _param(catalog, word) -> int:
    return next(p for m in catalog.crew for _, w, p in m.abilities if w == word)


def after_actions(engine, state):
    row = state.assault["row"]
    actions = [("retry",)]
    sides = tracks.raisable(state, engine.catalog, row)
    actions += [("retreat", side) for side in sides] or [("retreat", None)]
    if state.can_use(engine.catalog, "NO_RETREAT_PENALTY") is not None:
        actions.append(("retreat-tactician",))
    return actions


def after_apply(engine, state, action):
    row = state.assault["row"]
    kind = action[0]
    if kind == "retry":
        begin(engine, state, row)
        return
    if kind == "retreat-tactician":
        engine.use(state, "NO_RETREAT_PENALTY")
    elif action[1] is not None:
        tracks.raise_enemy(state, engine.catalog, row, action[1])
    tracks.note(state, "retreat")
    state.assault = {}
    state.phase = "free"


def collect(engine, state, row: int) -> None:
    """After the strike-back, a killed enemy's rewards: its Location's Artifacts and its Reward track's items.
    (The kill itself was counted at the strike; a crew wiped out by the strike-back collects nothing.)"""
    catalog = engine.catalog
    if row != HIVEMIND:
        state.artifacts += state.location[row]
        tracks.note(state, f"collect:{catalog.locations[row][0]}")
        track = state.row_of_reward(state.enemy_numbers[row])
        if track is not None and not state.collected[track]:
            state.collected[track] = True
            tracks.note(state, f"collect:reward{track + 1}")
            for box in range(1, state.reward[track] + 1):
                icon = catalog.rewards[track].get(box, ())
                if icon[:1] == ("GAIN",):
                    tracks.gain(state, catalog, icon[1])
    state.assault = {}


def pending_actions(engine, state, head):
    kind = head[0]
    if kind == "hit":
        return [("target", i) for i in state.alive()]
    if kind == "collect":
        return [("collect",)]
    return []


def _pending_enemy_die(engine, state, head, action):
    state.assault["enemy_die"] = action[1]


def _pending_crew_dice(engine, state, head, action):
    state.assault["crew"] = list(action[1])


def _pending_hit(engine, state, head, action):
    tracks.wound(state, engine.catalog, action[1], 1)
    if head[1] > 1 and state.alive():
        state.pending.insert(0, ("hit", head[1] - 1))


def _pending_collect(engine, state, head, action):
    collect(engine, state, head[1])


def reroll_result(engine, state, where, index, value):
    if where == "enemy":
        state.assault["enemy_die"] = value
    else:
        state.assault["crew"][index] = value


PHASE_ACTIONS = {"assault-enemy": enemy_actions, "assault-crew": crew_actions, "assault-hits": hits_actions,
                 "assault-after": after_actions}
APPLY = {"assault-enemy": enemy_apply, "assault-crew": crew_apply, "assault-hits": hits_apply, "assault-after": after_apply}
PENDING = {"enemy-die": _pending_enemy_die, "crew-dice": _pending_crew_dice, "hit": _pending_hit, "collect": _pending_collect}
