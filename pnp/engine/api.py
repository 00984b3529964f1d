"""The engine contract: what every game's engine gives the runner, shaped like OpenSpiel's State API.

Engines are pure: no I/O, randomness only from a passed-in `random.Random`
(as explicit chance actions), and `apply` never changes the state it is given.
The runner (`pnp.engine.runner`) and the playtest harness (`pnp.engine.playtest`)
use nothing but what is declared here.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

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


class EndlessGame(Exception):
    """A played game passed pnp.core.limits.MAX_STEPS moves without ending: the content (its settings, its decks)
    makes games too long to play out, so the playtest stops and says so instead of running for ever."""


@dataclass
class Result:
    scores: list[int]
    winners: list[int]  # seats
    rounds: int = 1
    details: dict = field(default_factory=dict)


@runtime_checkable
class GameState(Protocol):
    """What the runner reads on a state, besides passing it back to the engine."""

    # What the last applied action made happen, for coverage: element keys (str), or
    # (key, effect words) pairs when the game counts effect words too. Empty if nothing.
    resolved: list
    # What it played or tried, whether or not that changed anything (keys as in `resolved`).
    played: list
    # The round (or turn) the game is in; a witness names the round its element first happened in.
    round: int


class Engine(Protocol):
    def options(self, **given) -> Any: ...  # the game's checked options record (pnp.engine.machine.Options)
    def initial_state(self, rng: random.Random, options: Any = None) -> GameState: ...
    def is_chance(self, state: GameState) -> bool: ...
    def chance_outcomes(self, state: GameState) -> list[Action]: ...
    def sample_chance(self, state: GameState, rng: random.Random) -> Action: ...
    def current_player(self, state: GameState) -> int | None: ...  # the seat to act; None at a chance step
    def legal_actions(self, state: GameState) -> list[Action]: ...  # never empty in a non-terminal state
    def apply(self, state: GameState, action: Action) -> GameState: ...  # a new state; `state` is unchanged
    def apply_in_place(self, state: GameState, action: Action) -> None: ...  # the runner's fast path: it owns `state`
    def is_terminal(self, state: GameState) -> bool: ...
    def result(self, state: GameState) -> Result: ...
    def check_invariants(self, state: GameState) -> None: ...  # raises InvariantError


def shuffled_order(rng: random.Random, n: int) -> tuple[int, ...]:
    """A shuffle as a chance action: the new order of n things, as indexes into the old one."""
    order = list(range(n))
    rng.shuffle(order)
    return tuple(order)


def one_of_each(cards, key) -> list:
    """The first card of each kind (by `key(card)`), in order: copies of a card are one choice, not several."""
    seen, found = set(), []
    for card in cards:
        kind = key(card)
        if kind not in seen:
            seen.add(kind)
            found.append(card)
    return found


class AppliesOnCopy:
    """`apply` for an engine whose states have `copy()`: the move applied in place to a copy."""

    def apply(self, state, action: Action):
        new = state.copy()
        self.apply_in_place(new, action)
        return new


class SoloEngine(AppliesOnCopy):
    """The part of the Engine API that is the same for every one-player game whose state says `over` and
    `chance` (None, or the shuffle to sample next): shuffles have too many outcomes to list, so they are
    sampled, and seat 0 acts whenever no shuffle is due."""

    def is_terminal(self, state) -> bool:
        return state.over

    def current_player(self, state) -> int | None:
        return None if state.chance or state.over else 0

    def is_chance(self, state) -> bool:
        return state.chance is not None

    def chance_outcomes(self, state) -> list[Action]:
        return []


class Policy(Protocol):
    """A player: picks one of the legal actions (a list, or `Moves` with its blocks)."""

    def __call__(self, engine: Engine, state: GameState, actions: list[Action], rng: random.Random) -> Action: ...


PolicyTable = dict[str, Any]  # player kind -> Policy, importable by name so worker processes can find it
