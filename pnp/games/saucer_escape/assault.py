"""Assaulting an enemy: the enemy's roll (changed, then locked), the crew's roll, the hits, retreat and rewards."""
from __future__ import annotations

from pnp.games.saucer_escape import dice, tracks
from pnp.games.saucer_escape.catalog import HIVEMIND
from pnp.games.saucer_escape.records import AfterMiss, Collect, CrewDice, CrewRoll, EnemyDie, EnemyRoll, Hit, TakeHits
from pnp.games.saucer_escape.state import Assault

LOCK, STRIKE, TAKE, RETRY = ("lock",), ("strike",), ("take",), ("retry",)


class AssaultRules:
    def move_assault(self, state, action):
        row = action[1]
        state.assault = Assault(row)
        self.roll_for_the_enemy(state)

    def roll_for_the_enemy(self, state) -> None:
        """An assault, or the same assault again after a miss: its steps start over."""
        tracks.tried(state, f"assault:{self.catalog.enemies[state.assault.row].id}")
        state.chance = EnemyDie()

    def sample_EnemyDie(self, state, chance, rng):
        return ("die", int(rng.random() * 6) + 1)

    def outcomes_EnemyDie(self, state, chance):
        return [("die", v) for v in range(1, 7)]

    def resolve_EnemyDie(self, state, chance, action):
        state.assault.enemy_die = action[1]
        state.pending.append(EnemyRoll())

    # -- the enemy's roll -------------------------------------------------------------------------------------
    def offer_EnemyRoll(self, state, decision):
        rerolls, modifies = dice.die_changes(self, state, (state.assault.enemy_die,), "reroll-enemy", "modify-enemy")
        actions = [LOCK, *rerolls, *modifies]
        if state.can_use(self.catalog, "REDUCE_ENEMY") is not None and "life" in tracks.lowerable(state, state.assault.row):
            actions.append(("risky-enemy",))
        return actions

    def answer_EnemyRoll(self, state, decision, action):
        kind, a = action[0], state.assault
        if kind == "lock":
            a.target = self.catalog.enemies[a.row].life_bonus + state.life[a.row] + a.enemy_die
            state.chance = CrewDice()
            return
        state.pending.append(decision)
        if kind == "reroll-enemy":
            dice.reroll(self, state, action, "enemy")
        elif kind == "modify-enemy":
            a.enemy_die = dice.modify(self, state, action, (a.enemy_die,))[0]
        else:  # Risky Move on the enemy's Life, before the target is locked
            self.use(state, "REDUCE_ENEMY")
            tracks.lower_enemy(state, a.row, "life")

    # -- the crew's roll ------------------------------------------------------------------------------------------
    def sample_CrewDice(self, state, chance, rng):
        r = rng.random
        return ("dice", (int(r() * 6) + 1, int(r() * 6) + 1))

    def outcomes_CrewDice(self, state, chance):
        return [("dice", (a, b)) for a in range(1, 7) for b in range(1, 7)]

    def resolve_CrewDice(self, state, chance, action):
        state.assault.crew = list(action[1])
        state.pending.append(CrewRoll())

    def offer_CrewRoll(self, state, decision):
        catalog = self.catalog
        rerolls, modifies = dice.die_changes(self, state, state.assault.crew, "reroll-crew", "modify-crew")
        actions = [STRIKE, *rerolls, *modifies]
        user = state.can_use(catalog, "RAPID_FIRE")  # abilities about gear count the user's own gear
        if user is not None and state.gear[user, "lasgun"] >= 2:
            actions.append(("rapid-fire",))  # as often as Rico has Power: only Predictive Model is once per assault
        if state.can_use(catalog, "SACRIFICE_FOR_ROLL") is not None:
            actions.append(("first-law",))
        return actions

    def answer_CrewRoll(self, state, decision, action):
        kind, a = action[0], state.assault
        if kind == "strike":
            self.strike(state)
            return
        state.pending.append(decision)
        if kind == "reroll-crew":
            dice.reroll(self, state, action, "crew")
        elif kind == "modify-crew":
            a.crew = list(dice.modify(self, state, action, a.crew))
        elif kind == "rapid-fire":
            self.use(state, "RAPID_FIRE")
            a.bonus += 1
        else:  # First Law: the synth is destroyed for the roll
            i = self.use(state, "SACRIFICE_FOR_ROLL")
            a.bonus += self.param("SACRIFICE_FOR_ROLL")
            tracks.wound(state, self.catalog, i, state.max_life(self.catalog, i) - state.wounds[i])

    def strike(self, state) -> None:
        """The crew's total against the locked target. A kill counts at once (see clar-kill-counts); the
        strike-back comes after, win or lose, as the enemy's Power, before abilities, Medkits and Shields."""
        catalog, a = self.catalog, state.assault
        row = a.row
        lasguns = state.carried("lasgun")
        a.total = sum(a.crew) + max(0, lasguns - self.negation_takes_effect(state, row, "lasgun", lasguns)) + a.bonus
        a.killed = a.total >= a.target
        a.hits = catalog.enemies[row].power_bonus + state.power[row]
        tracks.tried(state, f"strike:{'kill' if a.killed else 'miss'}")
        tracks.note(state, f"assault:{catalog.enemies[row].id}")  # the assault came to blows
        if a.killed:
            state.killed[row] = True
            tracks.note(state, f"kill:{catalog.enemies[row].id}")
        state.pending.append(TakeHits())

    def negation_takes_effect(self, state, row: int, kind: str, carried: int) -> int:
        """How many of the crew's items of this kind the enemy's boxed-in icons switch off; each icon that
        switches one off took effect."""
        enemy = self.catalog.enemies[row]
        columns = enemy.neg_lasgun if kind == "lasgun" else enemy.neg_shield
        word = "NEG_LASGUN" if kind == "lasgun" else "NEG_SHIELD"
        off = 0
        for column in columns:
            if off < carried and state.life[row] >= column and state.power[row] >= column:
                off += 1
                tracks.note(state, f"icon:{enemy.id}.between.{column}:{word}")
        return off

    # -- the strike-back ------------------------------------------------------------------------------------------
    def offer_TakeHits(self, state, decision):
        catalog, a = self.catalog, state.assault
        actions = [TAKE]
        if a.hits <= 0:
            return actions
        if not a.predictive and state.can_use(catalog, "REDUCE_HITS") is not None:
            actions.append(("predictive",))
        user = state.can_use(catalog, "OVERCHARGE")
        if user is not None and state.gear[user, "shield"]:
            actions.append(("overcharge",))
        user = state.can_use(catalog, "SELF_SACRIFICE")
        if user is not None and a.hits >= self.param("SELF_SACRIFICE"):  # the user must take a whole pair
            actions.append(("self-sacrifice",))
        if state.items["medkit"]:
            actions.append(("medkit-hit",))
        if state.can_use(catalog, "REDUCE_ENEMY") is not None and "power" in tracks.lowerable(state, a.row):
            actions.append(("risky-power",))  # one Power box fewer: one hit fewer
        return actions

    def answer_TakeHits(self, state, decision, action):
        catalog, a = self.catalog, state.assault
        kind = action[0]
        if kind == "take":
            self.take_hits(state)
            return
        state.pending.append(decision)
        if kind == "predictive":  # it takes effect if it lowers the hits that land (see take_hits)
            self.use(state, "REDUCE_HITS", effective=False)
            a.predictive = True
            before, a.hits = a.hits, max(0, a.hits - self.param("REDUCE_HITS"))
            a.lowered += ((self.ability_keys["REDUCE_HITS"], before, a.hits, 0),)
        elif kind == "overcharge":  # it takes effect if fewer hits land, the Shield it burns counted (take_hits)
            user = self.use(state, "OVERCHARGE", effective=False)
            state.gear[user, "shield"] -= 1
            before, a.hits = a.hits, max(0, a.hits - self.param("OVERCHARGE"))
            a.lowered += ((self.ability_keys["OVERCHARGE"], before, a.hits, 1),)
        elif kind == "self-sacrifice":  # Rico takes a pair of the hits and a pair more are ignored (clar-self-sacrifice)
            user = self.use(state, "SELF_SACRIFICE")
            share = self.param("SELF_SACRIFICE")
            a.hits = max(0, a.hits - 2 * share)
            tracks.wound(state, catalog, user, share)
        elif kind == "risky-power":
            self.use(state, "REDUCE_ENEMY")
            tracks.lower_enemy(state, a.row, "power")
            a.hits -= 1
        else:  # a Medkit: it takes effect if it lowers the hits that land (see take_hits)
            state.items["medkit"] -= 1
            a.hits -= 1
            tracks.tried(state, "use:medkit")
            a.lowered += (("use:medkit", a.hits + 1, a.hits, 0),)

    def take_hits(self, state) -> None:
        """Shields last, after what abilities took away; then the rewards of a kill, or the choice after a miss."""
        a = state.assault
        shields = state.carried("shield")
        blocked = max(0, shields - self.negation_takes_effect(state, a.row, "shield", shields))
        landed = max(0, a.hits - blocked)
        for key, before, after, burnt in a.lowered:  # witnessed only when the Shields would not have stopped those hits
            if self.landing(state, before, shields + burnt) > max(0, after - blocked):
                tracks.note(state, key)
        if a.killed:
            state.queue.append(Collect(row=a.row))
            state.assault = None
        else:
            state.pending.append(AfterMiss())
        if landed:
            state.pending.append(Hit(hits=landed))  # on top: the hits land first

    def landing(self, state, hits: int, shields: int) -> int:
        """The hits that would land against this many Shields carried, the enemy's boxed-in Shields taken off:
        what a use that lowered the hits is measured against (an Overcharge also burnt the Shield it counts)."""
        return max(0, hits - max(0, shields - state.negated(self.catalog, state.assault.row, "shield")))

    def offer_Hit(self, state, decision):
        return [("target", i) for i in state.alive()]

    def answer_Hit(self, state, decision, action):
        tracks.wound(state, self.catalog, action[1], 1)
        if decision.hits > 1 and not state.over:
            state.pending.append(Hit(hits=decision.hits - 1))

    # -- after a miss: again, or retreat --------------------------------------------------------------------------
    def offer_AfterMiss(self, state, decision):
        row = state.assault.row
        actions = [RETRY]
        sides = tracks.raisable(state, self.catalog, row)
        actions += [("retreat", side) for side in sides] or [("retreat", None)]
        if state.can_use(self.catalog, "NO_RETREAT_PENALTY") is not None:
            actions.append(("retreat-tactician",))
        return actions

    def answer_AfterMiss(self, state, decision, action):
        row = state.assault.row
        kind = action[0]
        if kind == "retry":  # the same assault goes on: Predictive Model stays used
            state.assault.again()
            self.roll_for_the_enemy(state)
            return
        if kind == "retreat-tactician":  # it took effect if the retreat would have grown a track
            self.use(state, "NO_RETREAT_PENALTY", effective=bool(tracks.raisable(state, self.catalog, row)))
        elif action[1] is not None:
            tracks.raise_enemy(state, self.catalog, row, action[1])
        tracks.note(state, "retreat")
        state.assault = None

    # -- victory ------------------------------------------------------------------------------------------------
    def step_Collect(self, state, step):
        """After the strike-back, a killed enemy's rewards: its Location's Artifacts and its Reward track's items.
        (The kill itself was counted at the strike; a crew wiped out by the strike-back collects nothing.)"""
        catalog, row = self.catalog, step.row
        if row == HIVEMIND:
            return
        loc_id = catalog.locations[row][0]
        state.artifacts += state.location[row]
        (tracks.note if state.location[row] else tracks.tried)(state, f"collect:{loc_id}")
        track = state.row_of_reward(state.enemy_numbers[row])
        if track is None or state.collected[track]:
            return
        state.collected[track] = True
        (tracks.note if state.reward[track] else tracks.tried)(state, f"collect:reward{track + 1}")
        for box in range(1, state.reward[track] + 1):
            icon = catalog.rewards[track].get(box, ())
            if icon[:1] == ("GAIN",):
                tracks.gain(state, catalog, icon[1])
