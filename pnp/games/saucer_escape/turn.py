"""Set-up and the dice of a turn: numbering the tracks, rolling, doubles, sending dice to their areas, Recon.

Mixed into the engine: the methods named `sample_`, `resolve_`, `offer_`,
`answer_` and `step_` are the machine's handlers for the records they name.
"""
from __future__ import annotations

import functools
import itertools

from pnp.engine.api import Moves
from pnp.games.saucer_escape import dice, tracks
from pnp.games.saucer_escape.records import AssignDice, NextTurn, NumberTracks, Recon, ReconWhen, RollEvent, StartRecon, Unlock, UseDie

AREAS = ("recon", "location", "enemy-life", "enemy-power", "reward")
STOP, PENETRATE, INTEL, ESCAPE = (("stop",),), (("penetrate",),), (("modify-recon", 1),), (("escape",),)
RECON_LAST, RECON_FIRST = ("recon-last",), ("recon-first",)
RECON_WHEN, ASSIGN_DICE = ReconWhen(), AssignDice()


def _assignments():
    """Every way to send 4 dice to distinct areas (enemy-life and enemy-power count as one area), or waste them."""
    options = []
    for choice in itertools.product(AREAS + ("waste",), repeat=4):
        used = [a.split("-")[0] for a in choice if a != "waste"]
        if len(used) == len(set(used)):
            options.append(choice)
    return tuple(options)


ASSIGNMENTS = _assignments()
ASSIGN_ACTIONS = [("assign", a) for a in ASSIGNMENTS]  # built once: every turn offers all of them
# per assignment, (what the die does, which die) for the dice that are not wasted: "life"/"power" raise an enemy track
ASSIGN_PLANS = {mapping: tuple((area.removeprefix("enemy-"), i) for i, area in enumerate(mapping) if area != "waste")
                for mapping in ASSIGNMENTS}


USE_DIE = {(area, value): UseDie(area=area, value=value)  # records are immutable: one of each, shared
           for area in ("location", "life", "power", "reward") for value in range(1, 7)}


@functools.cache  # few distinct answers, asked for every turn; nobody changes a list of legal moves
def _adjust_moves(rerolls: tuple, modifies: tuple, fueled: bool) -> Moves:
    return Moves((("assign", ASSIGN_ACTIONS), ("reroll", rerolls), ("modify", modifies), ("escape", ESCAPE * fueled)))


def explore_options(grid: dict) -> dict:
    """Per map box, the explore moves on offer for each door mask (1: a red keycard, 2: Interlock Hack, 4: a blue keycard).

    Worked out once per sheet, so listing recon moves is a lookup per frontier box.
    """
    options = {}
    for cell, ch in grid.items():
        by_mask = []
        for doors in range(8):
            moves = []
            if ch in ".E":
                moves.append(("explore", cell, None))
            elif ch == "r":
                if doors & 1:
                    moves.append(("explore", cell, "key"))
                if doors & 2:
                    moves.append(("explore", cell, "hack"))
            elif ch == "b" and doors & 4:
                moves.append(("explore", cell, "key"))
            by_mask.append(tuple(moves))
        options[cell] = tuple(by_mask)
    return options


class TurnRules:
    # -- set-up ------------------------------------------------------------------------------------------
    def sample_SetupDice(self, state, chance, rng):
        return ("dice", tuple(rng.sample(range(1, 7), 3)))  # re-rolled until all differ: 3 distinct values

    def resolve_SetupDice(self, state, chance, action):
        state.dice = list(action[1])
        state.pending.append(NumberTracks())

    def offer_NumberTracks(self, state, decision):
        return [("setup", order) for order in itertools.permutations(state.dice)]

    def answer_NumberTracks(self, state, decision, action):
        enemy_die, reward_die, artifact_die = action[1]
        state.enemy_numbers = [(enemy_die - 1 + i) % 6 + 1 for i in range(6)]
        state.reward_numbers = [(reward_die - 1 + i) % 6 + 1 for i in range(6)]
        state.artifacts = artifact_die
        for i, member in enumerate(self.catalog.crew):
            for item in member.starting_gear:
                state.gear[i, item] += 1
                tracks.note(state, f"box:{member.id}.{item}.{state.gear[i, item]}")
        state.pending += [Unlock(member=i) for i in reversed(range(len(self.catalog.crew)))]  # the first on top
        state.queue.append(NextTurn())  # once every crew member has an ability

    def offer_Unlock(self, state, decision):
        return [("unlock", k) for k in range(3)]

    def answer_Unlock(self, state, decision, action):
        state.unlocked.add((decision.member, action[1]))
        tracks.note(state, f"unlock:{self.catalog.crew[decision.member].abilities[action[1]][0]}")

    # -- the turn's roll -----------------------------------------------------------------------------------
    def sample_TurnDice(self, state, chance, rng):
        r = rng.random  # randint is slow in playout loops: dice are int(6 * random()) + 1
        return ("dice", (int(r() * 6) + 1, int(r() * 6) + 1, int(r() * 6) + 1, int(r() * 6) + 1))

    def resolve_TurnDice(self, state, chance, action):
        state.dice = list(action[1])
        self.fuel_on_doubles(state)
        state.pending.append(ASSIGN_DICE)

    def fuel_on_doubles(self, state) -> None:
        """Doubles rolled darken the next pod box at once, one box a turn: a later re-roll cannot take it back,
        and a pair a re-roll makes counts too; a pair made by Good Intel was not rolled (see clar-doubles)."""
        if not state.fueled and len(set(state.dice)) < len(state.dice):
            state.fueled = True
            if tracks.advance_pod(state, self.catalog):
                tracks.note(state, "doubles")
            else:
                tracks.tried(state, "doubles")

    def offer_AssignDice(self, state, decision):
        fueled = state.pod >= self.catalog.pod_length  # the crew may escape at any point (see legal_actions)
        return _adjust_moves(*dice.die_changes(self, state, state.dice, "reroll", "modify"), fueled)

    def answer_AssignDice(self, state, decision, action):
        kind = action[0]
        if kind == "assign":
            self.assign(state, action[1])
            return
        state.pending.append(decision)  # still deciding, once the die has changed
        if kind == "reroll":
            dice.reroll(self, state, action, "turn")
        else:
            state.dice = list(dice.modify(self, state, action, state.dice))

    def assign(self, state, mapping) -> None:
        values = state.dice
        state.record.append(tuple(zip(mapping, values)))
        tracks.note(state, f"box:turn{state.round}")
        recon, others = 0, []
        for area, index in ASSIGN_PLANS[mapping]:
            if area == "recon":
                recon = values[index]
            else:
                others.append(USE_DIE[area, values[index]])
        if recon and others:  # the seed advises exploring last; a player may explore first
            state.deferred = tuple(others)
            state.pending.append(RECON_WHEN)
            state.recon_left = recon
            return
        state.queue.extend(others)
        if recon:
            state.queue.append(StartRecon(value=recon))

    def offer_ReconWhen(self, state, decision):
        return [RECON_LAST, RECON_FIRST]  # the seed's advice first

    def answer_ReconWhen(self, state, decision, action):
        recon, state.recon_left = state.recon_left, 0
        if action == RECON_LAST:
            others, state.deferred = state.deferred, ()
            state.queue.extend(others)
        # recon first: the other dice wait in `deferred` until Recon (and its Events) are done
        state.queue.append(StartRecon(value=recon))

    def step_UseDie(self, state, step):
        """A die on its numbered track; an arrow it uncovers raises its enemy before the next die is used."""
        catalog, area = self.catalog, step.area
        if area == "reward":
            tracks.darken_reward(state, catalog, state.row_of_reward(step.value))
            return
        row = state.row_of_enemy(step.value)
        if area == "location":
            tracks.darken_location(state, catalog, row)
        elif area in tracks.raisable(state, catalog, row):
            tracks.raise_enemy(state, catalog, row, area)

    # -- Recon -------------------------------------------------------------------------------------------------
    def step_StartRecon(self, state, step):
        state.recon_die = state.recon_left = step.value
        state.recon_bonus = 0
        state.pending.append(Recon())

    def offer_Recon(self, state, decision):
        catalog = self.catalog
        blocks = [("stop", STOP)]
        if state.can_use(catalog, "ADD_RECON") is not None:
            blocks.append(("penetrate", PENETRATE))
        if state.recon_die < 6 and state.can_use(catalog, "MODIFY_DIE") is not None:
            blocks.append(("modify-recon", INTEL))  # abilities may change the Recon die while exploring; -1 would only stop sooner
        items = state.items
        doors = ((items["red_keycard"] > 0) | ((state.can_use(catalog, "UNLOCK_RED_DOOR") is not None) << 1)
                 | ((items["blue_keycard"] > 0) << 2))
        options = self.explore_options
        blocks.append(("explore", [move for cell in self.frontier(state) for move in options[cell][doors]]))
        return Moves(blocks)

    def frontier(self, state) -> list:
        """Unexplored boxes beside explored ones, in map order; worked out again only when the explored set grew."""
        if state.frontier_of != len(state.explored):
            adjacent, explored = self.catalog.adjacent, state.explored
            state.frontier = sorted({n for cell in explored for n in adjacent[cell]} - explored)
            state.frontier_of = len(explored)
        return state.frontier

    def answer_Recon(self, state, decision, action):
        kind = action[0]
        if kind == "penetrate":
            bonus = next(a[2] for m in self.catalog.crew for a in m.abilities if a[1] == "ADD_RECON")
            self.use(state, "ADD_RECON", effective=False)  # it takes effect when a box beyond the die is explored
            state.recon_left += bonus
            state.recon_bonus += bonus
        elif kind == "modify-recon":
            self.use(state, "MODIFY_DIE")
            state.recon_die += 1
            state.recon_left += 1
        elif kind == "explore":
            self.explore(state, action[1], action[2])
        else:
            state.recon_left = 0
        if state.recon_left > 0:
            state.pending.append(decision)
        else:
            self.end_recon(state)

    def explore(self, state, cell, how) -> None:
        ch = self.catalog.grid[cell]
        if how == "key":
            state.items["red_keycard" if ch == "r" else "blue_keycard"] -= 1
            tracks.note(state, f"door:{ch}")
        elif how == "hack":
            self.use(state, "UNLOCK_RED_DOOR")
            tracks.note(state, "door:r")
        if state.recon_left <= state.recon_bonus:  # the die's own boxes are spent: this one is Penetration's
            state.recon_bonus -= 1
            tracks.note(state, self.ability_keys["ADD_RECON"])
        state.explored.add(cell)
        state.recon_left -= 1
        tracks.note(state, f"box:map.{cell[0]}.{cell[1]}")
        if ch == "E" and cell not in state.events_done:
            state.events_done.add(cell)
            state.new_events.append(cell)

    def end_recon(self, state) -> None:
        """Events are rolled once every box is dark, and before the dice still waiting are used."""
        state.recon_die = state.recon_left = state.recon_bonus = 0
        state.queue.extend(RollEvent(cell=cell) for cell in state.new_events)
        state.new_events = []
        if state.deferred:
            state.queue.extend(state.deferred)
            state.deferred = ()
