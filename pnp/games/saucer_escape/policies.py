"""Players for Saucer Escape playtests: random, a greedy player that plays to win,
and a filler that darkens every track it can (it reaches the far ends of the sheet)."""
from __future__ import annotations

import functools
import random

from pnp.engine.runner import random_kind_policy, random_policy
from pnp.games.saucer_escape import tracks
from pnp.games.saucer_escape.catalog import HIVEMIND
from pnp.games.saucer_escape.turn import AREAS, ASSIGN_ACTIONS, ASSIGNMENTS


def at(state) -> str:
    """What the player is deciding: the pending decision's record name, or "free" for the free actions."""
    return state.pending[-1].__class__.__name__ if state.pending else "free"


ESCAPE = ("escape",)


def staying(state, actions):
    """The choices on offer without escaping in the middle of one (the engine lists that last, once the pod is
    fueled); the free actions keep it."""
    return actions[:-1] if state.pending and actions[-1] == ESCAPE else actions


PREFERRED_ABILITIES = {"deckard": 0, "quaid": 1, "rico": 0, "medic": 2}


def greedy_policy(engine, state, actions, rng: random.Random):
    head = at(state)
    if head != "free" and actions[-1] == ESCAPE:
        if _escape_now(engine, state) or (head in ("Hit", "HitOne") and _life_left(engine, state) <= 1):
            return ESCAPE  # away before the last of the crew falls
        actions = actions[:-1]
    chooser = CHOOSERS.get(head)
    if chooser is None:
        return actions[0]
    choice = chooser(engine, state, actions)
    return choice if choice in actions else actions[0]


def _setup(engine, state, actions):
    return max(actions, key=lambda a: (a[1][2], -a[1][0]))  # the highest die becomes Artifacts


def _unlock(engine, state, actions):
    member = engine.catalog.crew[state.pending[-1].member]
    return ("unlock", PREFERRED_ABILITIES.get(member.id, 0))


def _area_value(engine, state, area, die, can_explore):
    catalog = engine.catalog
    if area == "waste":
        return 0.0
    if area == "recon":
        return die * 1.2 if can_explore else -0.1
    if area == "location":
        row = state.row_of_enemy(die)
        loc_id, length, arrows = catalog.locations[row]
        if state.killed[row] or state.location[row] >= length:
            return -0.1
        return 1.6 - (1.2 if state.location[row] + 1 in arrows else 0)
    if area == "reward":
        track = state.row_of_reward(die)
        if state.collected[track] or state.reward[track] >= catalog.reward_lengths[track]:
            return -0.1
        icon = catalog.rewards[track].get(state.reward[track] + 1, ())
        return 2.0 if icon[:1] == ("GAIN",) else 0.3
    return -1.5  # enemy tracks only make enemies stronger


def best_assignments(actions, dice, value) -> list:
    """The dice assignments with the highest total of value(area, die), in the order offered (the engine offers
    every assignment, 209 of them, whenever the dice are assigned).

    Each (area, die) is valued once, not once per assignment.
    """
    first, second, third, fourth = ({area: value(area, die) for area in AREAS + ("waste",)} for die in dice)
    totals = [first[a] + second[b] + third[c] + fourth[d] for a, b, c, d in ASSIGNMENTS]
    best = max(totals)
    return [ASSIGN_ACTIONS[i] for i, total in enumerate(totals) if total == best]


def _assign(engine, state, actions):
    can_explore = bool(engine.frontier(state))
    return best_assignments(actions, state.dice, lambda area, die: _area_value(
        engine, state, area.split("-")[0] if area.startswith("enemy") else area, die, can_explore))[0]


def _explore(engine, state, actions):
    catalog = engine.catalog
    targets = [catalog.entrances[r] for r in range(7) if not state.killed[r] and catalog.entrances[r] not in state.explored]
    explores = [a for a in actions if a[0] == "explore"]
    if not explores:
        return ("penetrate",) if ("penetrate",) in actions and state.recon_left == 0 and engine.frontier(state) else ("stop",)

    targets, grid = tuple(targets), catalog.grid

    def distance(cell) -> int:  # to the nearest entrance still to reach; an Event box counts a step nearer
        return -10 if cell in targets else (grid[cell] != "E") + _nearest(cell, targets)

    return min(explores, key=lambda a: (distance(a[1]), a[2] == "key"))


@functools.lru_cache(maxsize=8192)  # a few map boxes against a few sets of targets, asked at every Recon box
def _nearest(cell, targets: tuple) -> int:
    return min((abs(cell[0] - t[0]) + abs(cell[1] - t[1]) for t in targets), default=0)


def _free(engine, state, actions):
    catalog = engine.catalog
    if ("escape",) in actions and _escape_now(engine, state):
        return ("escape",)
    for action in actions:
        if action[0] == "medkit" and state.wounds[action[1]] >= state.max_life(catalog, action[1]) - 1:
            return action
    advances = [a for a in actions if a[0] == "advance"]
    if advances:
        return advances[0]
    assaults = [a for a in actions if a[0] == "assault"]
    for action in sorted(assaults, key=lambda a: _odds(engine, state, a[1]), reverse=True):
        if _odds(engine, state, action[1]) >= 0 and _life_left(engine, state) > _hits(engine, state, action[1]) + 1:
            return action
    return ("end_turn",)


def _escape_now(engine, state) -> bool:
    return state.killed[HIVEMIND] or state.round >= engine.catalog.turns - 1


def _odds(engine, state, row) -> float:
    enemy = engine.catalog.enemies[row]
    target = enemy.life_bonus + state.life[row] + 3.5
    return 7 + max(0, state.carried("lasgun") - state.negated(engine.catalog, row, "lasgun")) - target


def _hits(engine, state, row) -> int:
    enemy = engine.catalog.enemies[row]
    return max(0, enemy.power_bonus + state.power[row] - state.carried("shield"))


def _life_left(engine, state) -> int:
    return sum(state.max_life(engine.catalog, i) - state.wounds[i] for i in state.alive())


def _crew_roll(engine, state, actions):
    a = state.assault
    lasguns = max(0, state.carried("lasgun") - state.negated(engine.catalog, a.row, "lasgun"))
    total = sum(a.crew) + lasguns + a.bonus
    if total >= a.target:
        return ("strike",)
    for preferred in (("rapid-fire",), ("reroll-crew", a.crew.index(min(a.crew)), "artifact")):
        if preferred in actions:
            return preferred
    if ("first-law",) in actions and a.row == HIVEMIND and total + 10 >= a.target:
        return ("first-law",)
    return ("strike",)


def _hits_choice(engine, state, actions):
    a = state.assault
    hits = a.hits - max(0, state.carried("shield") - state.negated(engine.catalog, a.row, "shield"))  # what would land after Shields
    for option in (("predictive",), ("overcharge",)):
        if option in actions and hits >= 2:
            return option
    if ("medkit-hit",) in actions and hits >= _life_left(engine, state) - 1:
        return ("medkit-hit",)
    return ("take",)


def _toughest(engine, state, actions):
    return max(actions, key=lambda a: state.max_life(engine.catalog, a[1]) - state.wounds[a[1]])


def _after(engine, state, actions):
    row = state.assault.row
    if _odds(engine, state, row) >= 0 and _life_left(engine, state) > _hits(engine, state, row) + 2:
        return ("retry",)
    for option in (("retreat-tactician",), ("retreat", "life"), ("retreat", "power"), ("retreat", None)):
        if option in actions:
            return option
    return actions[0]


def _raise(engine, state, actions):
    return ("raise", "life") if ("raise", "life") in actions else actions[0]


def _trade(engine, state, actions):
    return max(actions, key=lambda a: a[1] is not None)


def _reward_track(engine, state, actions):
    return max(actions, key=lambda a: sum(1 for box, icon in engine.catalog.rewards[a[1]].items()
                                          if icon[0] == "GAIN" and box > state.reward[a[1]]))


def _wounded(engine, state, actions):
    return max(actions, key=lambda a: state.wounds[a[1]])


CHOOSERS = {
    "NumberTracks": _setup, "Unlock": _unlock, "AssignDice": _assign, "Recon": _explore, "free": _free,
    "EnemyRoll": lambda e, s, a: ("lock",), "CrewRoll": _crew_roll, "TakeHits": _hits_choice,
    "AfterMiss": _after, "Raise": _raise, "Hit": _toughest, "HitOne": _toughest, "Equip": _toughest,
    "HealOne": _wounded, "Trade": _trade, "RewardBoxes": _reward_track,
}


def filler_policy(engine, state, actions, rng: random.Random):
    """Darkens as much as it can: every die on a track, never escapes early. It visits the far ends of tracks."""
    actions = staying(state, actions)
    if at(state) == "AssignDice":
        tracked = [a for a in actions if a[0] == "assign" and "waste" not in a[1]]
        return tracked[rng.randrange(len(tracked))] if tracked else random_policy(engine, state, actions, rng)
    if at(state) == "free":
        advances = [a for a in actions if a[0] == "advance"]
        if advances:
            return advances[rng.randrange(len(advances))]
        useful = [a for a in actions if a[0] not in ("escape", "end_turn", "medkit")]  # dark Medkit boxes stay dark
        if useful and rng.random() < 0.6:
            return useful[rng.randrange(len(useful))]
        return ("end_turn",)
    if at(state) == "TakeHits":
        keep = [a for a in actions if a[0] != "medkit-hit"]
        return keep[rng.randrange(len(keep))]
    return random_policy(engine, state, actions, rng)


def besieger_policy(engine, state, actions, rng: random.Random):
    """Feeds one enemy as hard as the rules allow: matching dice, arrows, and assault-and-retreat loops.

    A scenario player: it shows that the far ends of enemy tracks (and what sits
    there) can be reached by legal play.
    """
    actions = staying(state, actions)
    catalog = engine.catalog
    alive = [r for r in range(HIVEMIND) if not state.killed[r]]
    if at(state) == "NumberTracks":
        return random_policy(engine, state, actions, rng)  # any numbering, so every enemy gets besieged in some game
    where = at(state)
    if not alive or where not in ("Raise", "AssignDice", "free", "AfterMiss", "CrewRoll"):
        return greedy_policy(engine, state, actions, rng)
    target = _chosen(state, HIVEMIND)
    if state.killed[target]:
        target = alive[0]
    number = state.enemy_numbers[target] if state.enemy_numbers else None
    if where == "Raise":  # an arrow or claw: keep the two tracks level so both can keep growing
        row = state.pending[-1].row
        low = "life" if state.life[row] <= state.power[row] else "power"
        return ("raise", low) if ("raise", low) in actions else actions[0]
    if where == "AssignDice":
        if number not in state.dice and state.artifacts:
            return ("reroll", rng.randrange(4), "artifact")
        side = "enemy-life" if state.life[target] <= state.power[target] else "enemy-power"
        full = not tracks.raisable(state, catalog, target)  # then its Location track takes the matching dice

        def fit(area, die):
            return ((area == side and die == number and not full) * 3 + (area == "location" and die == number) * 2
                    + (area == "recon"))
        choices = best_assignments(actions, state.dice, fit)
        return choices[rng.randrange(len(choices))]
    if where == "free":
        advances = [a for a in actions if a[0] == "advance"]
        if advances:
            return advances[0]
        enemy = catalog.enemies[target]
        best_roll = 12 + state.carried("lasgun") + 2  # the crew's best total, Rapid Fire included
        if ("assault", target) in actions and _hits(engine, state, target) <= 1 and enemy.life_bonus + state.life[target] + 1 > best_roll:
            return ("assault", target)  # a strike that cannot kill: the retreat feeds the enemy
        if ("assault", target) in actions and _items_boxed_in(engine, state, target) and (
                not tracks.raisable(state, catalog, target) or (_boxed_in_all(engine, state, target) and state.reward_numbers[0] % 2)):
            return ("assault", target)  # fed full (or, in half the games, past its last crossed-out item): they bite
        return ("end_turn",)
    if where == "AfterMiss":
        low = "life" if state.life[target] <= state.power[target] else "power"
        return ("retreat", low) if ("retreat", low) in actions else greedy_policy(engine, state, actions, rng)
    if where == "CrewRoll":
        return ("strike",)
    return greedy_policy(engine, state, actions, rng)


def _items_boxed_in(engine, state, row) -> bool:
    return any(state.negated(engine.catalog, row, kind) and state.carried(kind) for kind in ("lasgun", "shield"))


def _can_kill(engine, state, row) -> bool:
    """Whether the crew's best roll can reach the enemy's lowest target."""
    lasguns = max(0, state.carried("lasgun") - state.negated(engine.catalog, row, "lasgun"))
    return engine.catalog.enemies[row].life_bonus + state.life[row] + 1 <= 12 + lasguns


def _boxed_in_all(engine, state, row) -> bool:
    enemy = engine.catalog.enemies[row]
    return (state.negated(engine.catalog, row, "lasgun") == len(enemy.neg_lasgun)
            and state.negated(engine.catalog, row, "shield") == len(enemy.neg_shield))


def _chosen(state, count: int) -> int:
    """A per-game choice fixed by the set-up dice, so that across seeds every option gets its turn."""
    if not state.enemy_numbers:
        return 0
    return (state.enemy_numbers[0] * 7 + state.reward_numbers[0] * 3) % count  # both fixed once the game is set up


def claw_policy(engine, state, actions, rng: random.Random):
    """Hunts claw icons: dice and arrows go to tracks whose next box holds a claw; the Hivemind grows evenly."""
    actions = staying(state, actions)
    catalog = engine.catalog
    if at(state) == "Raise":
        row = state.pending[-1].row
        if row == HIVEMIND:
            low = "life" if state.life[row] <= state.power[row] else "power"
            return ("raise", low) if ("raise", low) in actions else actions[0]
        enemy = catalog.enemies[row]
        for side, icons, track in (("life", enemy.life_icons, state.life), ("power", enemy.power_icons, state.power)):
            if ("raise", side) in actions and any(box > track[row] and icon == "CLAW" for box, icon in icons.items()):
                return ("raise", side)
        return actions[rng.randrange(len(actions))]
    if at(state) == "AssignDice":
        def claws_ahead(area, die):
            if area.startswith("enemy"):
                row = state.row_of_enemy(die)
                enemy, side = catalog.enemies[row], area.split("-")[1]
                icons, track = (enemy.life_icons, state.life) if side == "life" else (enemy.power_icons, state.power)
                return 2 * any(icon == "CLAW" and box > track[row] for box, icon in icons.items())
            if area == "reward":
                t = state.row_of_reward(die)
                return 2 * any(icon[0] == "CLAW" and box > state.reward[t] for box, icon in catalog.rewards[t].items())
            return 1 if area in ("location", "recon") else 0
        choices = best_assignments(actions, state.dice, claws_ahead)
        return choices[rng.randrange(len(choices))]
    return filler_policy(engine, state, actions, rng)


PHASES = ("AssignDice", "Recon", "free", "EnemyRoll", "CrewRoll", "TakeHits", "AfterMiss")  # a turn's stages
ABILITY_MOVES = {"REDUCE_ENEMY": "risky", "NO_RETREAT_PENALTY": "retreat-tactician", "REROLL": "reroll",
                 "MODIFY_DIE": "modify", "RAPID_FIRE": "rapid-fire", "OVERCHARGE": "overcharge",
                 "SELF_SACRIFICE": "self-sacrifice", "REDUCE_HITS": "predictive", "HEAL": "heal", "ADD_RECON": "penetrate"}


def veteran_policy(engine, state, actions, rng: random.Random):
    """Plays to win, but raises one crew member's rank as far as it goes, spends their Power and lets them take the hits."""
    actions = staying(state, actions)
    if at(state) == "NumberTracks":
        return random_policy(engine, state, actions, rng)
    catalog = engine.catalog
    chosen = _chosen(state, len(catalog.crew))
    veteran = state.rank[chosen] >= catalog.crew[chosen].ranks
    where = at(state)
    if where in ("Hit", "HitOne") and veteran and ("target", chosen) in actions:
        return ("target", chosen)
    if where == "Unlock" and state.pending[-1].member == chosen:
        return actions[rng.randrange(len(actions))]
    if where == "Raise" and ("raise", "power") in actions:
        return ("raise", "power")  # enemies that hit hard: the veteran wants to be hit
    if veteran and where == "AssignDice":
        powered = [a for a in actions if a[0] == "assign" and "enemy-power" in a[1]]
        if powered:
            return powered[rng.randrange(len(powered))]
    if where == "free":
        for action in actions:
            if action[:2] == ("advance", chosen):
                return action
    if veteran and where in PHASES:
        moves = {ABILITY_MOVES.get(word) for _, word, _ in catalog.crew[chosen].abilities}
        own = [a for a in actions if a[0] in moves and not (a[0] in ("reroll", "modify") and len(a) > 2 and a[-1] == "artifact")]
        own.sort(key=lambda a: a[0] != "self-sacrifice")  # the move that wounds the veteran first
        actions = [a for a in actions if a[:2] not in (("medkit", chosen), ("heal", chosen))]  # no patching up now
        if own and state.can_use(catalog, next(w for _, w, _ in catalog.crew[chosen].abilities if ABILITY_MOVES.get(w) == own[0][0])) == chosen:
            return own[0]
        # a veteran at full rank gathers the gear their abilities burn, then charges in, never retreating
        if where == "free":
            for action in actions:
                if action[0] == "trade" and action[2] == chosen:
                    return action
            assaults = [a for a in actions if a[0] == "assault"]
            if assaults:
                return max(assaults, key=lambda a: _hits(engine, state, a[1]))
        if where == "AfterMiss" and _can_kill(engine, state, state.assault.row):
            return ("retry",)  # never an assault it cannot win, again and again
        if where == "TakeHits":
            return ("take",)
        if where == "Recon":
            return filler_policy(engine, state, actions, rng)  # events hurt too
    if where == "free" and not veteran:
        # save the enemies for later: only artifact-rich Locations are worth a fight before full rank
        actions = [a for a in actions if a[0] != "assault" or (a[1] < HIVEMIND and state.location[a[1]] >= 4)]
    if where == "free" and not state.dead[chosen] and ("escape",) in actions:
        actions = [a for a in actions if a != ("escape",)]  # the veteran's story is not over yet
    return greedy_policy(engine, state, actions, rng)


POLICIES = {"random": random_kind_policy, "uniform": random_policy, "greedy": greedy_policy, "filler": filler_policy, "besieger": besieger_policy,
            "claws": claw_policy, "veteran": veteran_policy}
