"""Saucer Escape's rules engine: a solo roll-and-write, played to the end, on the shared machine.

Every die is an explicit chance step, so a seed replays a game exactly. The
player's choices are small decisions (how to send the four dice, which box to
explore, which track an arrow raises, who takes a hit), answered newest first;
what a rule makes happen next (a die on its track, an event, a kill's rewards)
is a queued step. Set-up and the dice of a turn are in `turn`, the Event Table
in `events`, assaults in `assault`, the free actions in `free`.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from pnp.engine.api import InvariantError, Result
from pnp.engine.machine import Machine, Options
from pnp.games.saucer_escape import records, tracks
from pnp.games.saucer_escape.assault import AssaultRules
from pnp.games.saucer_escape.catalog import HIVEMIND, Catalog, build_catalog
from pnp.games.saucer_escape.events import EventRules
from pnp.games.saucer_escape.free import ESCAPE, FreeActions
from pnp.games.saucer_escape.records import SetupDice, TurnDice
from pnp.games.saucer_escape.state import GEAR, SaucerState
from pnp.games.saucer_escape.turn import AREAS, TurnRules, explore_options

__all__ = ["AREAS", "SaucerEngine", "SaucerOptions"]

# decisions with more than one answer whenever they are asked (Recon can always stop or explore; when the whole
# map is dark, stopping is asked for too)
ALWAYS_A_CHOICE = frozenset({records.AssignDice, records.NumberTracks, records.Unlock, records.ReconWhen, records.Recon,
                             records.AfterMiss})


@dataclass(frozen=True)
class SaucerOptions(Options):
    """Saucer Escape has one way to play: one sheet, 30 turns, no levels."""


class SaucerEngine(TurnRules, EventRules, AssaultRules, FreeActions, Machine):
    Options = SaucerOptions
    game_name = "saucer-escape"
    # the machine takes a decision that leaves no choice without asking; these always leave one
    answers_alone, always_a_choice = True, ALWAYS_A_CHOICE
    anytime_kinds = frozenset({"escape"})  # once the pod is fueled the crew may escape at any point, mid-choice too

    def __init__(self, catalog: Catalog):
        self.catalog = catalog
        self.explore_options = explore_options(catalog.grid)
        self.trade_cache: dict = {}  # gear layout -> its trade moves
        self.ability_keys = {word: f"ability:{ability_id}" for member in catalog.crew
                             for ability_id, word, _ in member.abilities}
        self.params = {word: param for member in catalog.crew for _, word, param in member.abilities}

    @classmethod
    def from_game(cls, game, difficulty=None):
        """The engine for a validated game (Saucer Escape has no difficulty levels)."""
        return cls(build_catalog(game))

    def new_game(self, rng: random.Random, options: SaucerOptions) -> SaucerState:
        state = SaucerState()
        state.start()
        state.explored = {self.catalog.start}
        state.chance = SetupDice()
        return state

    # -- the machine, as this game uses it ----------------------------------------------------------------
    def anytime(self, state: SaucerState) -> list:
        return ESCAPE if state.pod >= self.catalog.pod_length else []

    def apply_in_place(self, state: SaucerState, action: tuple) -> None:
        # a gear trade (only a free move is called "trade") leaves the other free moves as they were listed
        state.free_base = state.free_offered if action[0] == "trade" else None
        Machine.apply_in_place(self, state, action)

    def step_NextTurn(self, state, step):
        if state.round >= self.catalog.turns:
            state.over = True  # the last turn is over
            return
        state.round += 1
        state.fueled = False
        state.chance = TurnDice()

    # -- shared by every part of a turn ----------------------------------------------------------------------
    def note(self, state, key: str) -> None:
        tracks.note(state, key)

    def use(self, state, word: str, effective: bool = True) -> int:
        """Darken a Power box of the crew member who uses this ability; the ability took effect unless the
        caller says it changed nothing (yet)."""
        i = state.can_use(self.catalog, word)
        if i is None:
            raise InvariantError(f"ability {word} used without a living crew member and Power to pay")
        state.spent[i] += 1
        key = self.ability_keys[word]
        (tracks.note if effective else tracks.tried)(state, key)
        tracks.note(state, f"box:{self.catalog.crew[i].id}.power.{state.spent[i]}")
        return i

    def param(self, word: str) -> int:
        return self.params[word]

    def resolve_Reroll(self, state, chance, action):
        where, index, value = chance.where, chance.index, action[1]
        if where == "turn":
            state.dice[index] = value
            self.fuel_on_doubles(state)
        elif where == "enemy":
            state.assault.enemy_die = value
        elif where == "crew":
            state.assault.crew[index] = value
        else:
            state.event_dice = tuple(value if i == index else v for i, v in enumerate(state.event_dice))

    def sample_Reroll(self, state, chance, rng):
        return ("die", int(rng.random() * 6) + 1)

    def outcomes_Reroll(self, state, chance):
        return [("die", v) for v in range(1, 7)]

    def offer_Raise(self, state, decision):
        return [("raise", side) for side in tracks.raisable(state, self.catalog, decision.row)]

    def answer_Raise(self, state, decision, action):
        tracks.raise_enemy(state, self.catalog, decision.row, action[1])
        if decision.source:
            tracks.note(state, decision.source)

    def offer_Equip(self, state, decision):
        item, crew = decision.item, self.catalog.crew
        return [("equip", i) for i in state.alive() if state.gear[i, item] < crew[i].gear.get(item, 0)]

    def answer_Equip(self, state, decision, action):
        tracks.equip(state, self.catalog, action[1], decision.item)
        if decision.source:
            tracks.note(state, decision.source)

    # -- the end ---------------------------------------------------------------------------------------------
    def result(self, state: SaucerState) -> Result:
        points = self.score(state)
        won = all(state.killed) and state.escaped  # the seed's objective: six leaders, the Hivemind, and away
        return Result(scores=[sum(points.values())], winners=[0] if won else [], rounds=state.round,
                      details={"breakdown": points, "won": won, "escaped": state.escaped, "hivemind": state.killed[HIVEMIND]})

    def measures(self, state: SaucerState) -> dict[str, int]:
        killed_rows = [r for r in range(7) if state.killed[r]]
        return {
            "killed_enemy_boxes": sum(state.life[r] + state.power[r] for r in killed_rows),
            "collected_reward_boxes": sum(state.reward[t] for t in range(6) if state.collected[t]),
            "hivemind_killed": int(state.killed[HIVEMIND]),
            "artifacts": state.artifacts,
            "turns_left": max(0, self.catalog.turns - state.round) if state.escaped else 0,  # see clar-turns-left
            "crew_killed": sum(state.dead),
        }

    def score(self, state: SaucerState) -> dict[str, int]:
        values = self.measures(state)
        return {measure: (values[measure] // per) * points for measure, points, per in self.catalog.score}

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
            for item in GEAR:
                if state.gear[i, item] > member.gear.get(item, 0) or state.gear[i, item] < 0:
                    raise InvariantError(f"{member.id} carries {state.gear[i, item]} {item}s")
        if state.artifacts < 0 or any(v < 0 for v in state.items.values()):
            raise InvariantError("a party item went below zero")
        if state.round > catalog.turns:
            raise InvariantError(f"turn {state.round} is past the last turn")
        if state.free_base is not None and state.free_base != self.free_base(state):
            raise InvariantError("the free moves kept across a gear trade are out of date")
        if not state.explored <= set(catalog.grid):
            raise InvariantError("explored a box that is not on the map")

