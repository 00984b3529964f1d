"""A campaign in progress, and the records the engine queues, asks and shuffles with.

What lasts between runs (the collection, the ships built, the box of Zone
decks) is held immutably and replaced when it changes, so the many copies a
look-ahead makes share it. The run on the table is plain lists and ints; each
of the three Zone decks is a `Track` part (its cards, the cubes on its top
card, its used bonus squares). A state is copied by the machine's rule
(`MachineState.copy`), in code written for this state's slots (`State.copy`).
"""
from __future__ import annotations

from pnp.engine.machine import Chance, Decision, MachineState, Part, Step, record


class Track(Part):
    """One Zone deck on the table: its cards (the top card last), the damage on the top card's enemies, the
    bonus squares used on it (a bit per square), and the highest level laid on it this run."""

    __slots__ = ("cards", "damage", "used", "level")

    def __init__(self, cards=(), damage=(), level: int = 0):
        self.cards, self.damage, self.used, self.level = list(cards), list(damage), 0, level

    def copy(self) -> Track:
        new = Track.__new__(Track)
        new.cards, new.damage, new.used, new.level = self.cards.copy(), self.damage.copy(), self.used, self.level
        return new


class State(MachineState):
    __slots__ = (
        # the campaign: collection (frozenset), ships (tuple), boxes ((track, level) -> tuple), levels (tuple)
        "collection", "ships", "boxes", "runs", "best_level", "levels", "won", "runs_allowed",
        # the run: the ship and its trackers
        "ship", "health", "charge", "revive_used", "mode", "pendulum", "plating",
        # the run: cards
        "deck", "hand", "discard", "play", "reserve", "systems", "gold", "spent", "shop", "treasures", "supply",
        # the run: the three Zone decks (0 = Ground), where the ship is, FINAL BOSS cards cleared, cards cleared
        "tracks", "track", "square", "finals", "cleared",
        # the turn
        "move", "credit", "block", "shield_used", "cycle_used", "shift_used", "turn", "held_over",
        # where play stands: the phase, the enemies still to counter attack, tracks still to collect
        "phase", "attackers", "rewards", "leave_out",
    )
    PARTS = ("tracks",)
    # Slots that only ever hold immutable values (ints, strings, tuples, frozensets, records, a Ship), and the
    # boxes, which are replaced and never changed in place: a copy shares them. Every other slot holds a list or
    # the queue and is copied one level; `tracks` holds parts. (The machine's rule, without asking each slot
    # what it holds: a greedy player copies the state for every move it looks at.)
    SHARED = ("chance", "seat", "round", "over", "collection", "ships", "boxes", "runs", "best_level", "levels",
              "won", "runs_allowed", "ship", "health", "charge", "revive_used", "mode", "pendulum", "plating",
              "track", "square", "finals", "cleared", "move", "credit", "block", "shield_used", "cycle_used",
              "shift_used", "turn", "held_over", "phase")

    def statics_held(self) -> int:
        """Static cards in the deck, hand, discard pile and play area: a fourth loses the run."""
        return 3 - len(self.supply)


def _state_copier():
    """`State.copy` as straight-line code, one line per slot (made once, from the slot names alone). A slot not
    declared SHARED is copied with its `copy()`, so a new slot holding an int fails loudly until it is declared."""
    slots = [name for klass in reversed(State.__mro__) for name in getattr(klass, "__slots__", ())]
    lines = ["def copy(self):", "    new = State.__new__(State)", "    new.resolved, new.played = [], []",
             "    new.tracks = tracks = []",
             "    for track in self.tracks:  # Track.copy, written out: three calls saved on every copy",
             "        copied = Track.__new__(Track)",
             "        copied.cards, copied.damage = track.cards.copy(), track.damage.copy()",
             "        copied.used, copied.level = track.used, track.level",
             "        tracks.append(copied)"]
    for name in slots:
        if name in State.SHARED:
            lines.append(f"    new.{name} = self.{name}")
        elif name not in ("resolved", "played", "tracks"):
            lines.append(f"    new.{name} = self.{name}.copy()")
    lines.append("    return new")
    names = {"State": State, "Track": Track}
    exec("\n".join(lines), names)  # noqa: S102 - built from the class's own slot names, nothing else
    return names["copy"]


State.copy = _state_copier()


# -- steps: what the rules make happen next, in order ----------------------------------------------------------
@record
class Draw(Step):
    n: int
    key: str = ""  # the card or rule that draws, witnessed when a card is drawn


@record
class Effect(Step):
    word: str
    n: int | None
    key: str


@record
class Fire(Step):
    """One firing of an attack card (a card that fires twice queues two)."""

    card: int


@record
class Ready(Step):
    """An attack whose second effect came first: a chance to spend that MOVE before it fires."""

    card: int


@record
class DiscardPlayed(Step):
    card: int


@record
class Dilate(Step):
    """A Time Dilation enemy of the ship's Zone makes the player discard (one step per enemy)."""

    key: str


@record
class Systems(Step):
    """SYSTEM cards act, the pendulum's Warp Mode and the Dreadnought's plating, as the turn starts."""


@record
class ActionPhase(Step):
    """The turn's start done (its draws, Time Dilation discards and SYSTEM effects): the action phase begins."""


@record
class Escape(Step):
    """The third FINAL BOSS cleared, its event done: the campaign is won."""


# -- decisions -------------------------------------------------------------------------------------------------
@record
class Discard(Decision):
    """Time Dilation: which card of the hand to discard."""


@record
class SecondWhen(Decision):
    """An attack with a second effect that may come before or after it."""

    card: int


@record
class Aim(Decision):
    """The second effect came first: move with it, or fire."""

    card: int


@record
class Target(Decision):
    """Which enemy a missile (or a blast) hits: (track, enemy) pairs in range."""

    card: int
    options: tuple


@record
class Warp(Decision):
    key: str


@record
class TakeTreasure(Decision):
    key: str


# -- chance: shuffles ------------------------------------------------------------------------------------------
@record
class SetupShuffle(Chance):
    """The run's deck and its three Zone decks."""


@record
class Reshuffle(Chance):
    """The discard pile becomes the deck."""


@record
class LevelShuffle(Chance):
    """A BOSS cleared: the track's next level, shuffled onto it."""

    track: int
    cards: tuple


@record
class UnderShuffle(Chance):
    """A card picked to the top of a Zone deck: the cards under it are shuffled."""

    track: int


def new_state(catalog, runs_allowed: int) -> State:
    s = State()
    s.start()
    s.collection = frozenset(catalog.starting_deck) | frozenset(catalog.reserved)
    s.ships = (catalog.wolf.id,)
    s.boxes = dict(catalog.boxes)
    s.runs, s.best_level, s.levels, s.won, s.runs_allowed = 0, 0, (), False, runs_allowed
    s.ship, s.health, s.charge, s.revive_used, s.mode, s.pendulum, s.plating = None, 0, 0, False, 1, False, 0
    for name in ("deck", "hand", "discard", "play", "reserve", "systems", "gold", "spent", "shop", "treasures",
                 "supply", "attackers", "rewards", "leave_out"):
        setattr(s, name, [])
    s.tracks = [Track() for _ in range(3)]
    s.track, s.square, s.finals, s.cleared = 0, 0, 0, 0
    s.move = s.credit = s.block = 0
    s.shield_used = s.cycle_used = s.shift_used = False
    s.turn, s.held_over = 0, ()
    s.phase = "ship"
    return s
