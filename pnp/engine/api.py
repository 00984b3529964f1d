"""The engine API every game implements, shaped like OpenSpiel's State API.

Engines are pure: no I/O, randomness only from a passed-in `random.Random`
(as explicit chance actions), and `apply` never changes the state it is given.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Protocol

Action = tuple


class Moves(list):
    """Legal actions listed as one block per kind of move, with the blocks recorded.

    It is a plain list to every caller; a random player that first picks a kind
    of move uses `blocks` instead of scanning a long list on every decision.
    """

    __slots__ = ("blocks",)

    def __init__(self, blocks=()):
        """From (kind, actions) pairs, in order; kinds with no actions on offer are left out."""
        spans = self.blocks = []  # (kind, start, count)
        for kind, actions in blocks:
            if actions:
                spans.append((kind, len(self), len(actions)))
                self.extend(actions)


class InvariantError(AssertionError):
    """A rule of the game was broken by the engine itself: a bug, never a player error."""


@dataclass
class Result:
    scores: list[int]
    winners: list[int]
    rounds: int = 1
    details: dict = field(default_factory=dict)


class Engine(Protocol):
    def initial_state(self, rng: random.Random, **options) -> Any: ...
    def is_chance(self, state) -> bool: ...
    def chance_outcomes(self, state) -> list[Action]: ...
    def sample_chance(self, state, rng: random.Random) -> Action: ...
    def current_player(self, state) -> int | None: ...
    def legal_actions(self, state) -> list[Action]: ...
    def apply(self, state, action: Action) -> Any: ...
    def is_terminal(self, state) -> bool: ...
    def result(self, state) -> Result: ...
    def check_invariants(self, state) -> None: ...
