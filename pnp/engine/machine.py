"""The inner machine every game's engine is built on: states, records, the settle loop, dispatch and options.

An engine is a `Machine` subclass. What it holds is a `MachineState`; what it
queues, asks and samples are records (`Step`, `Decision`, `Chance`), frozen
dataclasses with named fields, never tuples read by position. The machine
gives the whole Engine API of `pnp.engine.api` from five conventions:

1. **Moves.** An action is a tuple `(kind, *args)`: the kind first, so players
   can group moves by kind (`Moves` blocks). With no decision pending, the
   engine's `moves(state)` lists the legal moves and `move_<kind>(state, action)`
   applies one.
2. **Decisions.** A rule that makes a player choose pushes a `Decision` record
   onto `state.pending` (the newest is answered first). `offer_<Record>(state,
   decision)` lists the answers and `answer_<Record>(state, decision, action)`
   applies the one chosen; the decision is popped before it is answered.
   `decision.seat` is who answers.
3. **Steps.** What a rule makes happen later is a `Step` record queued on
   `state.queue` (a deque, first in first out). `settle` runs them one by
   one with `step_<Record>(state, step)` until the game ends, a chance step is
   due, a decision is pending, or nothing is queued and `advance(state)` says
   the state waits for a move (it returns False).
4. **Chance.** Randomness is a `Chance` record in `state.chance`;
   `sample_<Record>(state, chance, rng)` draws an outcome (an action tuple)
   and `resolve_<Record>(state, chance, action)` applies it, so a recorded
   game replays without its random source. An engine may list the outcomes
   with `outcomes_<Record>`; without one they are sampled only.
5. **Options.** A game's options are an `Options` dataclass (difficulty,
   scenario, team size and so on). `engine.options(**given)` checks names,
   types and choices and says what is wrong in a `OptionsError`; no entry
   point takes `**kwargs` it does not read.

The state-copy rule (`MachineState.copy`): containers in a state's slots
(list, dict, set, deque, Counter) are copied one level; slots listed in a
class's `PARTS` hold mutable `Part` objects (one, or a list or dict of them),
which are copied with the same rule; everything else held in a state (ints,
strings, tuples, frozensets, records) is immutable and shared between copies.
`resolved` and `played` start empty in a copy.

Witnesses: after every applied action, `state.resolved` lists what took effect
(element keys, or (key, effect words) pairs) and `state.played` what was played
or tried whether or not it changed anything; only `resolved` witnesses an element.
"""
from __future__ import annotations

import random
from collections import Counter, deque
from typing import ClassVar

from pnp.engine.api import Action, Moves, Result
from pnp.engine.options import Options, OptionsError, choice  # noqa: F401 - games import them from here
from pnp.engine.records import record  # every Step, Decision and Chance; games import it from here


@record
class Step:
    """Something the rules make happen once what is on the queue before it has happened."""


@record
class Decision:
    """A choice a rule asks of a player; the machine offers the answers and applies the one chosen."""

    seat: int = 0


@record
class Chance:
    """A random event due next: a shuffle, a roll, a draw from a face-down pile."""


_CONTAINERS = (list, dict, set, deque, Counter)


class Part:
    """A mutable piece of a state held in a slot (a player's hand and tableau, a unit on the board): copied
    with its state, by the same rule. A subclass lists its own `__slots__` and may list `PARTS` too."""

    __slots__ = ()
    PARTS: ClassVar[tuple[str, ...]] = ()

    def copy(self):
        try:
            return _copiers[self.__class__](self)
        except KeyError:
            return _copier(self.__class__)(self)


class MachineState(Part):
    """What every engine's state holds besides its game's own slots (declared by subclasses). A copy starts
    with `resolved` and `played` empty."""

    __slots__ = ("queue", "pending", "chance", "seat", "round", "over", "resolved", "played")

    def start(self) -> None:
        """The machine's slots for a new game (an engine's `new_game` calls this first)."""
        self.queue, self.pending, self.chance = deque(), [], None
        self.seat, self.round, self.over = 0, 0, False
        self.resolved, self.played = [], []


_copiers: dict[type, object] = {}


def _copy_plan(cls: type) -> tuple:
    """(slot, is a part) for every slot of the class and its bases."""
    parts = set(getattr(cls, "PARTS", ()))
    slots = [name for klass in reversed(cls.__mro__) for name in getattr(klass, "__slots__", ())]
    return tuple((name, name in parts) for name in dict.fromkeys(slots))


def _copier(cls: type):
    """The copy rule for one class, written out once as straight-line code: a state is copied on every look-ahead
    of a greedy player, and looking each slot up by name made that four times slower. A slot left unset (the
    code stops at it) is copied by the same rule slot by slot."""
    names = {"cls": cls, "containers": frozenset(_CONTAINERS), "copy_part": _copy_part,
             "slot_by_slot": _copy_slot_by_slot}
    lines = ["def copy(self):", "    new = cls.__new__(cls)", "    try:"]
    for name, is_part in _copy_plan(cls):
        if issubclass(cls, MachineState) and name in ("resolved", "played"):
            lines.append(f"        new.{name} = []")  # witnesses start empty in a copy
        elif is_part:
            lines += [f"        value = self.{name}",
                      f"        new.{name} = [part.copy() for part in value] if value.__class__ is list "
                      "else copy_part(value)"]
        else:
            lines += [f"        value = self.{name}",
                      f"        new.{name} = value.copy() if value.__class__ in containers else value"]
    lines += ["    except AttributeError:", "        return slot_by_slot(self)", "    return new"]
    exec("\n".join(lines), names)  # noqa: S102 - built from the class's own slot names, nothing else
    copier = _copiers[cls] = names["copy"]
    return copier


def _copy_slot_by_slot(obj):
    cls = obj.__class__
    new = cls.__new__(cls)
    for name, is_part in _copy_plan(cls):
        try:
            value = getattr(obj, name)
        except AttributeError:  # a slot a game leaves unset
            continue
        if is_part:
            value = _copy_part(value)
        elif value.__class__ in _CONTAINERS:
            value = value.copy()
        setattr(new, name, value)
    if isinstance(obj, MachineState):
        new.resolved, new.played = [], []
    return new


def _copy_part(value):
    if value is None:
        return None
    if isinstance(value, Part):
        return value.copy()
    if value.__class__ is dict:
        return {key: part.copy() for key, part in value.items()}
    return value.__class__(part.copy() for part in value)


# -- the machine -------------------------------------------------------------------------------------------
class Machine:
    """The Engine API, given the game's hooks: `new_game`, `moves`, `advance`, `result`, `check_invariants`,
    and the `move_`, `offer_`/`answer_`, `step_`, `sample_`/`resolve_` methods named by convention."""

    Options: ClassVar[type[Options]] = Options
    game_name: ClassVar[str] = "this game"
    # A decision with one answer (or none) is taken without asking, in games whose rules make many such
    # forced choices; decisions of the classes in `always_a_choice` are known to offer several and not counted.
    answers_alone: ClassVar[bool] = False
    always_a_choice: ClassVar[frozenset] = frozenset()
    # Move kinds a player may make while a decision is pending (an escape, a concession): `anytime(state)`
    # lists them; choosing one leaves the decision where it is.
    anytime_kinds: ClassVar[frozenset] = frozenset()

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        cls._dispatch = None  # worked out on first use, once per engine class

    def __new__(cls, *args, **kwargs):
        """Every engine starts with its handler tables (`_move_handlers`, `_step_handlers`...), empty: each finds
        its methods by name on first use. Made here, not in `__init__` (a game's own, which need not call this
        one's), and again when an engine is unpickled in a worker: bound methods are never pickled. Plain instance
        attributes, not a `__getattr__` or a class-level descriptor: either one keeps CPython from caching where
        `self.x` is found, and every rule's `self.catalog` or `self.strength(...)` paid for it on every move."""
        engine = super().__new__(cls)
        for name, prefix in _HANDLER_TABLES.items():
            setattr(engine, name, _Handlers(engine, prefix))
        return engine

    def _tables(self) -> dict:
        """prefix -> {kind or record class name -> method name}, from the methods the class defines."""
        table = type(self)._dispatch
        if table is None:
            table = {prefix: {} for prefix in _PREFIXES}
            for name in dir(type(self)):
                for prefix in _PREFIXES:
                    if name.startswith(prefix):
                        table[prefix][name[len(prefix):]] = name
            type(self)._dispatch = table
        return table

    def __getstate__(self):
        return {name: value for name, value in self.__dict__.items()
                if name not in _HANDLER_TABLES and name != "_options"}

    # -- options and the first state ----------------------------------------------------------------------
    def options(self, **given) -> Options:
        """The game's options, checked; the same names and values give the same (frozen) record, checked once,
        as a playtest asks for the same few tables thousands of times."""
        cache = self.__dict__.setdefault("_options", {})
        try:
            key = tuple(given.items())
            known = cache.get(key)
        except TypeError:  # a value that cannot be a key (a list): checked every time
            return self.Options.make(self.game_name, **given)
        if known is None:
            known = cache[key] = self.Options.make(self.game_name, **given)
        return known

    def initial_state(self, rng: random.Random, options: Options | None = None):
        """A new game with these options (the defaults when None), settled up to its first chance step or move."""
        state = self.new_game(rng, options if options is not None else self.options())
        self.settle(state)
        return state

    def new_game(self, rng: random.Random, options: Options):
        raise NotImplementedError

    # -- what the runner asks -------------------------------------------------------------------------------
    def is_terminal(self, state) -> bool:
        return state.over

    def is_chance(self, state) -> bool:
        return state.chance is not None

    def current_player(self, state) -> int | None:
        if state.chance is not None or state.over:
            return None
        return state.pending[-1].seat if state.pending else state.seat

    def chance_outcomes(self, state) -> list[Action]:
        chance = state.chance
        if chance.__class__.__name__ in self._tables()["outcomes_"]:
            return self._outcome_handlers[chance.__class__](state, chance)
        return []

    def sample_chance(self, state, rng: random.Random) -> Action:
        chance = state.chance
        return self._sample_handlers[chance.__class__](state, chance, rng)

    def legal_actions(self, state) -> list[Action]:
        if state.over or state.chance is not None:
            return []
        pending = state.pending
        if not pending:
            return self.moves(state)
        decision = pending[-1]
        offers = self._offer_handlers[decision.__class__](state, decision)
        if self.anytime_kinds:
            extra = self.anytime(state)
            if extra:
                return _with(offers, extra)
        return offers

    def apply(self, state, action: Action):
        new = state.copy()
        self.apply_in_place(new, action)
        return new

    def apply_in_place(self, state, action: Action) -> None:
        if state.resolved:  # new lists only when there was something (the runner has counted it)
            state.resolved = []
        if state.played:
            state.played = []
        chance = state.chance
        if chance is not None:
            state.chance = None
            self._resolve_handlers[chance.__class__](state, chance, action)
        elif state.pending and action[0] not in self.anytime_kinds:
            decision = state.pending.pop()
            self._answer_handlers[decision.__class__](state, decision, action)
        else:
            self._move_handlers[action[0]](state, action)
        self.settle(state)

    def settle(self, state) -> None:
        """Run queued steps until the game ends, chance is due, a decision is pending, or it waits for a move.
        In a game that `answers_alone`, a decision that leaves no choice (one answer, or none) is taken here.
        When the game is over, whatever was still queued or to decide is dropped. (One frame: a playout
        settles after every move, tens of thousands of times a second.)"""
        queue, pending = state.queue, state.pending  # what else it needs is looked up only when it is needed:
        while not state.over and state.chance is None:  # most moves queue nothing and ask nothing
            if pending:
                if not self.answers_alone:
                    return
                decision = pending[-1]
                kind = decision.__class__
                if kind in self.always_a_choice:
                    return
                offers = self._offer_handlers[kind](state, decision)
                if len(offers) > 1:
                    return
                pending.pop()
                if offers:
                    self._answer_handlers[kind](state, decision, offers[0])
            elif queue:
                step = queue.popleft()
                self._step_handlers[step.__class__](state, step)
            elif not self.advance(state):
                return
        if state.over:
            pending.clear()
            queue.clear()
            state.chance = None

    # -- the game's hooks ------------------------------------------------------------------------------------
    def moves(self, state) -> list[Action]:
        """The legal moves when no decision is pending (a `Moves` to group them by kind)."""
        raise NotImplementedError

    def advance(self, state) -> bool:
        """Nothing is queued: move the game on (a new turn, the next phase) and return True, or return False
        when the state waits for a player's move."""
        return False

    def result(self, state) -> Result:
        raise NotImplementedError

    def anytime(self, state) -> list[Action]:
        """Moves of the `anytime_kinds` open now, offered beside any pending decision."""
        return []

    def check_invariants(self, state) -> None:
        """Raise InvariantError when the state breaks a rule of the game."""


_PREFIXES = ("move_", "offer_", "answer_", "step_", "sample_", "resolve_", "outcomes_")
_HANDLER_TABLES = {"_move_handlers": "move_", "_offer_handlers": "offer_", "_answer_handlers": "answer_",
                   "_step_handlers": "step_", "_sample_handlers": "sample_", "_resolve_handlers": "resolve_",
                   "_outcome_handlers": "outcomes_"}


class _Handlers(dict):
    """One engine's bound methods for one prefix, keyed by move kind (a str) or by record class: each found by
    name the first time it is asked for, then a plain dict lookup."""

    def __init__(self, engine: Machine, prefix: str):
        super().__init__()
        self.engine, self.prefix = engine, prefix

    def __missing__(self, key):
        name = key if isinstance(key, str) else key.__name__
        method = self.engine._tables()[self.prefix].get(name)
        if method is None:
            raise NotImplementedError(f"{type(self.engine).__name__} has no method {self.prefix}{name}")
        bound = self[key] = getattr(self.engine, method)
        return bound


def _with(offers: list, extra: list) -> list:
    """A decision's answers and the anytime moves not among them, as one list (one more block for `Moves`)."""
    extra = [action for action in extra if action not in offers]
    if not extra:
        return offers
    if isinstance(offers, Moves):
        blocks = [(kind, offers[start:start + count]) for kind, start, count in offers.blocks]
        return Moves(blocks + [(extra[0][0], extra)])
    return [*offers, *extra]
