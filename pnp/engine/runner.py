"""Playouts: drive any engine with policies, checking invariants after every step."""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Callable

from pnp.engine.api import InvariantError
from pnp.engine.coverage import Coverage

Policy = Callable  # (engine, state, actions, rng) -> action


def random_policy(engine, state, actions, rng: random.Random):
    return actions[rng.randrange(len(actions))]


@dataclass
class Playout:
    seed: int
    result: object
    steps: int
    coverage: Coverage = field(default_factory=Coverage)
    trace: list = field(default_factory=list)


def play(engine, seed: int, policies: list[Policy], keep_trace: bool = False, max_steps: int = 2_000_000,
         check: bool = True, on_action=None, record: bool = True, **options) -> Playout:
    """One full game from `seed`; the same seed and policies replay the same game."""
    rng = random.Random(seed)
    state = engine.initial_state(rng, **options)
    coverage, trace, steps = Coverage(), [], 0
    while not engine.is_terminal(state):
        if engine.is_chance(state):
            action = engine.sample_chance(state, rng)
        else:
            actions = engine.legal_actions(state)
            if not actions:
                raise InvariantError(f"seed {seed}, step {steps}: no legal action in a non-terminal state")
            player = engine.current_player(state)
            action = policies[player % len(policies)](engine, state, actions, rng)
        if on_action:
            on_action(state, action)  # before it is applied, so the state says who acts
        engine.apply_in_place(state, action)  # the runner owns this state; no copy needed
        if record and state.resolved:
            where = f"seed {seed}, round {getattr(state, 'round', getattr(state, 'turn', 0))}"
            for item in state.resolved:  # a card id with its effect words, or a plain element key
                card_id, words = (item, ()) if isinstance(item, str) else item
                coverage.record(card_id, words, where)
        if keep_trace:
            trace.append(action)
        if check:
            engine.check_invariants(state)
        steps += 1
        if steps > max_steps:
            raise InvariantError(f"seed {seed}: the game passed {max_steps} steps")
    return Playout(seed, engine.result(state), steps, coverage, trace)
