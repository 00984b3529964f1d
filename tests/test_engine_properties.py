"""Every engine under random legal moves (hypothesis): the Engine API's promises hold after every move.

For each game with an engine, hypothesis draws a seed, a table of the game's playtest plan (its players,
options and playtest set-up, staged tables included) and a list of move choices; the game is played with
those choices (then the table's own players once they run out), chance steps sampled from the engine, and
after each move:

- the engine's own invariant checks pass;
- a state that is not over offers a legal move;
- `apply(state, move)` leaves `state` as it was, and gives the state `apply_in_place` gives on a copy;
- the game ends within pnp.core.limits.MAX_STEPS moves;

and the same seed and choices replay the same game. Every crash hypothesis ever found stays below as an
@example. PNP_PROPERTY_EXAMPLES=N runs more examples (the default keeps each game to a few seconds).
"""
import copy
import os
import random
from collections import deque
from dataclasses import fields, is_dataclass
from itertools import islice

import pytest
from helpers import REAL_GAMES, validated
from hypothesis import HealthCheck, Phase, example, given, settings
from hypothesis import strategies as st

from pnp.core.limits import MAX_STEPS
from pnp.engine.runner import policy_table, start

EXAMPLES = int(os.environ.get("PNP_PROPERTY_EXAMPLES", "25"))
# a 2200 game is a whole campaign of runs, ten times the moves of the others: fewer examples keep it to seconds
FEWER = {"2200-escaping-earth": 5}  # divide EXAMPLES by this
TABLES = 60  # tables of each plan's cycle drawn from: every plan repeats its cycle well within this
CHECK_EVERY = 32  # after the first FULL_CHECKS moves, apply's purity is checked on every 32nd (a fingerprint is slow)
FULL_CHECKS = 150
# no shrinking: a whole game per example makes it take minutes; the failing seed, table and choices are printed as found
PROPERTY = settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
                    phases=[Phase.explicit, Phase.generate], suppress_health_check=list(HealthCheck))


def fingerprint(value, depth=0):
    """What a state holds, compared by value: slots and attributes walked, containers in order (sets sorted),
    so that two states equal in every field have the same fingerprint and object addresses never enter it."""
    if depth > 40:
        return "..."
    kind = _kind(type(value))
    what = kind[0]
    if what == "atom":
        return value
    depth += 1
    if what == "sequence":
        return (type(value).__name__, tuple([fingerprint(v, depth) for v in value]))
    if what == "dict":
        return ("dict", tuple([(fingerprint(k, depth), fingerprint(v, depth)) for k, v in value.items()]))
    if what == "set":
        return ("set", tuple(sorted([repr(fingerprint(v, depth)) for v in value])))
    if what == "dataclass":
        if kind[3]:  # frozen: its fingerprint may be known already
            known = _SETTLED.get((id(value), depth))
            if known is not None and known[0] is value:
                return known[1]
        found = (kind[1], tuple([fingerprint(getattr(value, name), depth) for name in kind[2]]))
        if kind[3] and _settled(value):
            _SETTLED[id(value), depth] = (value, found)
        return found
    attributes = dict(getattr(value, "__dict__", {}))
    for name in kind[2]:
        if hasattr(value, name):
            attributes[name] = getattr(value, name)
    if not attributes:
        return repr(value)
    return (kind[1], tuple([(name, fingerprint(v, depth)) for name, v in sorted(attributes.items())]))


_KINDS: dict[type, tuple] = {}  # how fingerprint walks a value of each type, worked out once per type
# (id, depth) -> (value, its fingerprint at that depth) for values that can never change (a game's card table):
# each value is kept, so that no other object can take its id
_SETTLED: dict[tuple[int, int], tuple] = {}


def _settled(value) -> bool:
    """Whether a value can never change: an atom, or a tuple, frozenset or frozen dataclass of such values."""
    kind = _kind(type(value))
    if kind[0] == "atom":
        return True
    if kind[0] in ("sequence", "set"):
        return isinstance(value, (tuple, frozenset)) and all(_settled(v) for v in value)
    return kind[0] == "dataclass" and kind[3] and all(_settled(getattr(value, name)) for name in kind[2])


def _kind(klass) -> tuple:
    known = _KINDS.get(klass)
    if known is None:
        if klass is type(None) or issubclass(klass, (bool, int, float, str, bytes)):
            known = ("atom",)
        elif issubclass(klass, (list, tuple, deque)):
            known = ("sequence",)
        elif issubclass(klass, dict):
            known = ("dict",)
        elif issubclass(klass, (set, frozenset)):
            known = ("set",)
        elif is_dataclass(klass):
            known = ("dataclass", klass.__name__, tuple(f.name for f in fields(klass)), klass.__dataclass_params__.frozen)
        else:
            known = ("object", klass.__name__, tuple(name for k in klass.__mro__ for name in getattr(k, "__slots__", ())))
        _KINDS[klass] = known
    return known


def _copy(state):
    return state.copy() if hasattr(state, "copy") else copy.deepcopy(state)


class Game:
    """A game's engine, its players by kind, and its plan's tables in order (game i of a playtest run sits at
    table i, so a crash a playtest found is an example here: its seed, its index, no choices)."""

    def __init__(self, game_id):
        project = validated(game_id)
        if not project.game.plugin.has_engine:
            pytest.skip(f"{game_id} has no engine")
        plan = project.game.plugin.playtest_plan()
        self.engine = plan.engine(project.game, None)
        self.policies = policy_table(plan.policy_table)
        self._cycle = plan.setups(project.game, None)
        self._tables: list = []

    def table(self, index: int):
        self._tables += islice(self._cycle, max(0, index + 1 - len(self._tables)))
        return self._tables[index]


GAMES: dict = {}


def _game(game_id) -> Game:
    if game_id not in GAMES:
        GAMES[game_id] = Game(game_id)
    return GAMES[game_id]


def play_checked(game: Game, setup, seed: int, choices: list[int], check: bool = True):
    """The game with these choices, then the table's own players, every property checked on the way (unless `check`
    is False); its moves (chance included) and end state. With no choices it is the playtest's game of that seed."""
    engine = game.engine
    seats = [game.policies[kind] for kind in setup.players]
    rng = random.Random(seed)
    state = start(engine, rng, setup.stage, dict(setup.options))
    engine.check_invariants(state)
    trace = []
    while not engine.is_terminal(state):
        step = len(trace)
        assert step < MAX_STEPS, f"seed {seed}: no end after {MAX_STEPS:,} moves"
        if engine.is_chance(state):
            action = engine.sample_chance(state, rng)
        else:
            actions = engine.legal_actions(state)
            assert actions, f"seed {seed}, move {step}: no legal move in a state that is not over"
            if step < len(choices):
                action = actions[choices[step] % len(actions)]
            else:
                action = seats[engine.current_player(state) % len(seats)](engine, state, actions, rng)
        if check and (step < FULL_CHECKS or step % CHECK_EVERY == 0):
            before = fingerprint(state)
            applied = engine.apply(state, action)
            assert fingerprint(state) == before, f"seed {seed}, move {step}: apply({action!r}) changed the state it was given"
            in_place = _copy(state)
            engine.apply_in_place(in_place, action)
            assert fingerprint(applied) == fingerprint(in_place), f"seed {seed}, move {step}: apply and apply_in_place differ"
            state = in_place
        else:
            engine.apply_in_place(state, action)
        if check:
            engine.check_invariants(state)
        trace.append(action)
    return trace, state


def replayed(engine, setup, seed: int, trace):
    """The recorded moves applied to a new game of the same seed: chance comes from the trace, not the seed.
    Moves are listed before each is applied, as in play, since engines may keep what they listed in the state."""
    state = start(engine, random.Random(seed), setup.stage, dict(setup.options))
    for action in trace:
        if not engine.is_chance(state):
            engine.legal_actions(state)
        engine.apply_in_place(state, action)
    return state


# Every crash ever found, kept as an explicit example of its game's property: (seed, table, choices). A playtest's
# game i of a run with --seed 1 is (game_seed(1, i), i, []).
CRASHES: dict[str, list[tuple[int, int, list[int]]]] = {
    # the 100,000-game soak of issue 19: no legal move in a live state after Doubles and a Copy of a Double
    # (greedy at red, green, yellow; veteran finals at green, red, red; greedy at green)
    "stranded": [(1001108, 1105, []), (1023195, 23192, []), (1025793, 25790, []), (1041031, 41028, []),
                 (1055156, 55153, []), (1057316, 57313, []), (1063440, 63437, [])],
}


def _property(game_id):
    @settings(PROPERTY, max_examples=max(1, EXAMPLES // FEWER.get(game_id, 1)))
    @given(seed=st.integers(0, 2**32 - 1), table=st.integers(0, TABLES - 1),
           choices=st.lists(st.integers(0, 2**16), max_size=300))
    def check(seed, table, choices):
        game = _game(game_id)
        engine, setup = game.engine, game.table(table)
        trace, end = play_checked(game, setup, seed, choices)
        again, _ = play_checked(game, setup, seed, choices, check=False)
        assert again == trace, f"seed {seed}: the same seed and choices played another game"
        assert fingerprint(replayed(engine, setup, seed, trace)) == fingerprint(end), f"seed {seed}: the moves replay another game"
        assert engine.result(end).winners is not None

    for seed, table, choices in CRASHES.get(game_id, ()):
        check = example(seed=seed, table=table, choices=choices)(check)
    return check


for _game_id in REAL_GAMES:  # one test per game: test_stranded, test_2200_escaping_earth...
    globals()[f"test_{_game_id.replace('-', '_')}"] = _property(_game_id)
