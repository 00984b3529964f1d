"""Saucer Escape's rules engine: a solo roll-and-write, played to the end.

Every die is an explicit chance action, so a seed replays a game exactly.
Decisions are small: the player's choices at each point (how to assign the
four dice, which box to explore, which track an arrow raises, who takes a
hit). Pending follow-ups (arrows, claws, events, gear) are resolved in order
before play moves on.
"""
from __future__ import annotations

import functools
import itertools
import random

from pnp.engine.api import AppliesOnCopy, InvariantError, Moves, Result
from pnp.games.saucer_escape import assault, events, tracks
from pnp.games.saucer_escape.actions import TurnActions, explore_options
from pnp.games.saucer_escape.catalog import HIVEMIND, Catalog, build_catalog
from pnp.games.saucer_escape.dice import change_die, die_changes
from pnp.games.saucer_escape.state import SaucerState

AREAS = ("recon", "location", "enemy-life", "enemy-power", "reward")
CHANCE_PENDING = {"reroll", "event", "event-die", "enemy-die", "crew-dice"}


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


@functools.cache  # few distinct answers, asked for every turn; nobody changes a list of legal moves
def _adjust_moves(rerolls: tuple, modifies: tuple) -> Moves:
    return Moves((("assign", ASSIGN_ACTIONS), ("reroll", rerolls), ("modify", modifies)))


class SaucerEngine(TurnActions, AppliesOnCopy):
    def __init__(self, catalog: Catalog):
        self.catalog = catalog
        self.explore_options = explore_options(catalog.grid)
        self.trade_cache: dict = {}  # gear layout -> its trade moves

    @classmethod
    def from_game(cls, game, difficulty=None):
        """The engine for a validated game (Saucer Escape has no difficulty levels)."""
        return cls(build_catalog(game))

    # -- the API ---------------------------------------------------------------
    def initial_state(self, rng: random.Random, **_) -> SaucerState:
        state = SaucerState()
        state.explored = {self.catalog.start}
        return state

    def is_terminal(self, state: SaucerState) -> bool:
        return state.over

    def current_player(self, state: SaucerState) -> int | None:
        return None if self.is_chance(state) or state.over else 0

    def is_chance(self, state: SaucerState) -> bool:
        if state.pending:
            return state.pending[0][0] in CHANCE_PENDING
        return state.phase in ("setup-roll", "roll")

    def sample_chance(self, state: SaucerState, rng: random.Random) -> tuple:
        r = rng.random  # randint is slow in playout loops: dice are int(6 * random()) + 1
        if state.pending:
            kind = state.pending[0][0]
            if kind in ("reroll", "event-die", "enemy-die"):
                return ("die", int(r() * 6) + 1)
            if kind in ("event", "crew-dice"):
                return ("dice", (int(r() * 6) + 1, int(r() * 6) + 1))
        if state.phase == "setup-roll":
            return ("dice", tuple(rng.sample(range(1, 7), 3)))  # re-rolled until all differ: 3 distinct values
        return ("dice", (int(r() * 6) + 1, int(r() * 6) + 1, int(r() * 6) + 1, int(r() * 6) + 1))

    def chance_outcomes(self, state: SaucerState) -> list[tuple]:
        if state.pending and state.pending[0][0] in ("reroll", "event-die", "enemy-die"):
            return [("die", v) for v in range(1, 7)]
        if state.pending and state.pending[0][0] in ("event", "crew-dice"):
            return [("dice", (a, b)) for a in range(1, 7) for b in range(1, 7)]
        return []  # the 4-dice roll and the set-up roll are sampled

    def legal_actions(self, state: SaucerState) -> list[tuple]:
        if state.over:
            return []
        if state.pending:
            head = state.pending[0]
            return [] if head[0] in CHANCE_PENDING else self._pending_actions(state, head)
        if state.phase in ("setup-roll", "roll"):
            return []
        return PHASE_ACTIONS[state.phase](self, state)

    def apply_in_place(self, state: SaucerState, action: tuple) -> None:
        state.resolved = []
        # a gear trade (only a free-phase move is called "trade") leaves the other free moves as they were
        state.free_base = state.free_offered if action[0] == "trade" else None
        if state.pending:
            head = state.pending.pop(0)
            PENDING[head[0]](self, state, head, action)
        else:
            APPLY[state.phase](self, state, action)
        if state.pending or state.over:
            self._settle(state)

    def result(self, state: SaucerState) -> Result:
        points = self.score(state)
        won = all(state.killed) and state.escaped  # the seed's objective: six leaders, the Hivemind, and away
        return Result(scores=[sum(points.values())], winners=[0] if won else [], rounds=state.turn,
                      details={"breakdown": points, "won": won, "escaped": state.escaped, "hivemind": state.killed[HIVEMIND]})

    # -- scoring -------------------------------------------------------------------
    def measures(self, state: SaucerState) -> dict[str, int]:
        killed_rows = [r for r in range(7) if state.killed[r]]
        return {
            "killed_enemy_boxes": sum(state.life[r] + state.power[r] for r in killed_rows),
            "collected_reward_boxes": sum(state.reward[t] for t in range(6) if state.collected[t]),
            "hivemind_killed": int(state.killed[HIVEMIND]),
            "artifacts": state.artifacts,
            "turns_left": max(0, self.catalog.turns - state.turn) if state.escaped else 0,  # see clar-turns-left
            "crew_killed": sum(state.dead),
        }

    def score(self, state: SaucerState) -> dict[str, int]:
        values = self.measures(state)
        return {measure: (values[measure] // per) * points for measure, points, per in self.catalog.score}

    # -- automatic steps ---------------------------------------------------------------
    def _settle(self, state: SaucerState) -> None:
        """Skip pending items with no real choice; end the game when it is over."""
        while state.pending and not state.over:
            head = state.pending[0]
            if head[0] in CHANCE_PENDING:
                return
            options = self._pending_actions(state, head)
            if len(options) > 1:
                return
            state.pending.pop(0)
            if options:
                PENDING[head[0]](self, state, head, options[0])
        if state.over:
            state.pending.clear()
            state.phase = "over"

    # -- set-up ----------------------------------------------------------------------------
    def _setup_roll(self, state, action):
        state.dice = list(action[1])
        state.phase = "setup-order"

    def _setup_order_actions(self, state):
        return [("setup", order) for order in itertools.permutations(state.dice)]

    def _setup_order(self, state, action):
        enemy_die, reward_die, artifact_die = action[1]
        state.enemy_numbers = [(enemy_die - 1 + i) % 6 + 1 for i in range(6)]
        state.reward_numbers = [(reward_die - 1 + i) % 6 + 1 for i in range(6)]
        state.artifacts = artifact_die
        for i, member in enumerate(self.catalog.crew):
            for item in member.starting_gear:
                state.gear[i][item] += 1
                tracks.note(state, f"box:{member.id}.{item}.{state.gear[i][item]}")
            state.pending.append(("unlock", i))
        state.phase = "roll"
        state.turn = 1

    # -- a turn ------------------------------------------------------------------------------
    def _roll(self, state, action):
        state.dice = list(action[1])
        state.rolled = list(action[1])
        state.phase = "adjust"

    def _adjust_actions(self, state):
        return _adjust_moves(*die_changes(self, state, state.dice, "reroll", "modify"))

    def _adjust(self, state, action):
        if action[0] == "assign":
            self._assign(state, action[1])
        else:
            change_die(self, state, action, state.dice, "turn")

    def pay_reroll(self, state, source):
        if source == "artifact":
            state.artifacts -= 1
            tracks.note(state, "spend:artifact-reroll")
        else:
            self.use(state, "REROLL")

    def use(self, state, word):
        """Darken a Power box of the crew member who uses this ability."""
        i = state.can_use(self.catalog, word)
        if i is None:
            raise InvariantError(f"ability {word} used without a living crew member and Power to pay")
        state.spent[i] += 1
        ability = next(a for a in self.catalog.crew[i].abilities if a[1] == word)
        tracks.note(state, f"ability:{ability[0]}")
        tracks.note(state, f"box:{self.catalog.crew[i].id}.power.{state.spent[i]}")
        return i

    def _assign(self, state, mapping):
        catalog = self.catalog
        dice = state.dice
        state.record.append(tuple(zip(mapping, dice)))
        tracks.note(state, f"box:turn{state.turn}")
        if len(set(state.rolled)) < len(state.rolled):  # a pair rolled (not made by Good Intel): once per turn
            tracks.note(state, "doubles")
            tracks.advance_pod(state, catalog)
        plan = tuple((area, dice[index]) for area, index in ASSIGN_PLANS[mapping])
        recon = next((value for area, value in plan if area == "recon"), 0)
        others = tuple(step for step in plan if step[0] != "recon")
        state.recon_left = recon
        if recon and others:  # the seed advises exploring last; a player may explore first
            state.deferred = others
            state.pending.append(("recon-when",))
            state.phase = "recon"
            return
        self._use_dice(state, others)
        state.phase = "recon" if recon else "free"

    def _use_dice(self, state, plan) -> None:
        """Each non-Recon die on its numbered track."""
        catalog = self.catalog
        for area, value in plan:
            if area == "reward":
                tracks.darken_reward(state, catalog, state.row_of_reward(value))
            else:
                row = state.row_of_enemy(value)
                if area == "location":
                    tracks.darken_location(state, catalog, row)
                elif area in tracks.raisable(state, catalog, row):
                    tracks.raise_enemy(state, catalog, row, area)

    def _pending_recon_when(self, state, head, action):
        if action[0] == "recon-last":
            others, state.deferred = state.deferred, ()
            self._use_dice(state, others)
        # recon first: the other dice wait in `deferred` until Recon (and its Events) are done

    def _pending_deferred(self, state, head, action):
        others, state.deferred = state.deferred, ()
        self._use_dice(state, others)

    # -- pending follow-ups ------------------------------------------------------------------------
    def _pending_actions(self, state, head):
        kind = head[0]
        catalog = self.catalog
        if kind == "raise":
            return [("raise", side) for side in tracks.raisable(state, catalog, head[1])]
        if kind == "unlock":
            return [("unlock", k) for k in range(3)]
        if kind == "equip":
            return [("equip", i) for i in state.alive() if state.gear[i][head[1]] < catalog.crew[i].gear.get(head[1], 0)]
        if kind == "hit-one":
            return [("target", i) for i in state.alive()]
        if kind == "heal-one":
            return [("target", i) for i in state.alive() if state.wounds[i] > 0]
        if kind == "trade":
            return [("buy", None)] + ([("buy", item) for item in head[2]] if state.artifacts >= head[1] else [])
        if kind == "reward-boxes":
            return [("track", t) for t in range(6) if not state.collected[t] and state.reward[t] < catalog.reward_lengths[t]]
        if kind == "event-roll":
            return events.roll_actions(self, state, head)
        if kind == "recon-when":
            return [("recon-last",), ("recon-first",)]  # the seed's advice first
        if kind == "deferred-dice":
            return [("use-dice",)]
        return assault.pending_actions(self, state, head)

    def _pending_raise(self, state, head, action):
        tracks.raise_enemy(state, self.catalog, head[1], action[1])

    def _pending_unlock(self, state, head, action):
        state.unlocked[head[1]].add(action[1])
        tracks.note(state, f"unlock:{self.catalog.crew[head[1]].abilities[action[1]][0]}")

    def _pending_equip(self, state, head, action):
        state.gear[action[1]][head[1]] += 1
        tracks.note(state, f"box:{self.catalog.crew[action[1]].id}.{head[1]}.{state.gear[action[1]][head[1]]}")

    def _pending_reroll(self, state, head, action):
        where, index = head[1], head[2]
        if where == "turn":
            state.dice[index] = action[1]
            state.rolled[index] = action[1]
        elif where == "event":
            events.reroll_result(state, index, action[1])
        else:
            assault.reroll_result(self, state, where, index, action[1])

    def _pending_rolled(self, state, head, action):
        events.rolled(self, state, head, action)

    def _pending_event_roll(self, state, head, action):
        events.roll_decided(self, state, head, action)

    def _pending_generic(self, state, head, action):
        events.follow_up(self, state, head, action)

    # -- invariants ------------------------------------------------------------------------------------
    def check_invariants(self, state: SaucerState) -> None:
        catalog = self.catalog
        for row, enemy in enumerate(catalog.enemies):
            if not (0 <= state.life[row] <= enemy.life_len and 0 <= state.power[row] <= enemy.power_len):
                raise InvariantError(f"{enemy.id} tracks out of range")
            if abs(state.life[row] - state.power[row]) > 2:
                raise InvariantError(f"{enemy.id}'s Life and Power tracks are {abs(state.life[row] - state.power[row])} apart")
        for i, member in enumerate(catalog.crew):
            if state.spent[i] > member.power + state.rank[i] or state.wounds[i] > member.life + state.rank[i]:
                raise InvariantError(f"{member.id} spent more Power or took more wounds than the track holds")
            for item, slots in member.gear.items():
                if state.gear[i][item] > slots:
                    raise InvariantError(f"{member.id} carries too many {item}s")
        if state.artifacts < 0 or any(v < 0 for v in state.items.values()):
            raise InvariantError("a party item went below zero")
        if state.turn > catalog.turns:
            raise InvariantError(f"turn {state.turn} is past the last turn")
        if state.free_base is not None and state.free_base != self._free_base(state):
            raise InvariantError("the free moves kept across a gear trade are out of date")
        if not state.explored <= set(catalog.grid):
            raise InvariantError("explored a box that is not on the map")


PHASE_ACTIONS = {
    "setup-order": SaucerEngine._setup_order_actions, "adjust": SaucerEngine._adjust_actions,
    "recon": TurnActions._recon_actions, "free": TurnActions._free_actions,
    **assault.PHASE_ACTIONS,
}
APPLY = {
    "setup-roll": SaucerEngine._setup_roll, "setup-order": SaucerEngine._setup_order, "roll": SaucerEngine._roll,
    "adjust": SaucerEngine._adjust, "recon": TurnActions._recon, "free": TurnActions._free,
    **assault.APPLY,
}
PENDING = {
    "raise": SaucerEngine._pending_raise, "unlock": SaucerEngine._pending_unlock, "equip": SaucerEngine._pending_equip,
    "reroll": SaucerEngine._pending_reroll, "event": SaucerEngine._pending_rolled, "event-die": SaucerEngine._pending_rolled,
    "event-roll": SaucerEngine._pending_event_roll, "recon-when": SaucerEngine._pending_recon_when,
    "deferred-dice": SaucerEngine._pending_deferred,
    "hit-one": SaucerEngine._pending_generic, "heal-one": SaucerEngine._pending_generic, "trade": SaucerEngine._pending_generic,
    "reward-boxes": SaucerEngine._pending_generic,
    **assault.PENDING,
}
