"""The state of an Escort Service campaign: the pilots (seats), the units on the board, the shuttle.

Units are numbered: pilots first (unit i is seat i), then the enemies of the
scenario in play. Positions are found from the columns, which are short.
The copy rule is the machine's (pnp.engine.machine): seats and enemy units
are `Part`s, copied with the state; everything else is copied one level, so
what a state holds in its lists is immutable: columns and fallen pilots are
tuples of units, statuses tuples of `Tucked` records, all replaced on change.
"""
from __future__ import annotations

from pnp.engine.machine import MachineState, Part


class Seat(Part):
    """A pilot: its piles of cards, its scrap, its damage."""

    __slots__ = ("index", "character", "health", "draw", "discard", "hand", "tucked", "playing", "upgrades", "scrap",
                 "offer", "effects", "damage", "down", "deck_size", "added", "used")

    def __init__(self, index: int, character: str, health: int, starting: tuple, upgrades: tuple):
        self.index, self.character, self.health = index, character, health
        self.draw, self.discard, self.hand, self.tucked, self.playing = list(starting), [], [], [], []
        self.upgrades, self.scrap, self.offer = list(upgrades), [], []
        self.effects: frozenset[str] = frozenset()  # what its scrap does (replaced, never changed in place)
        self.damage, self.down, self.deck_size, self.added = 0, False, len(starting), 0
        self.used: set[str] = set()  # action words used this turn: the once-a-turn scrap bonuses

    def has(self, effect: str) -> bool:
        return effect in self.effects

    @property
    def max_health(self) -> int:
        return self.health + (2 if "armor-plate" in self.effects else 0)

    @property
    def cards(self) -> list[int]:
        """Every card of its deck, wherever it is."""
        return self.draw + self.discard + self.hand + self.tucked + self.playing


class Unit(Part):
    """An enemy on the board: its damage, which side is up (basic) or its action deck (elite). What never changes
    (kind, health, ZEALOT) is read from its catalog entry, so a copy carries only what play changes."""

    __slots__ = ("index", "enemy", "deck", "discard", "damage", "flipped", "alive")

    def __init__(self, index: int, enemy):
        self.index, self.enemy = index, enemy
        self.deck, self.discard = list(enemy.deck), []
        self.damage, self.flipped, self.alive = 0, False, True

    @property
    def kind(self) -> str:
        return self.enemy.id

    @property
    def health(self) -> int:
        return self.enemy.health

    @property
    def elite(self) -> bool:
        return bool(self.enemy.deck)

    @property
    def zealot(self) -> bool:
        return self.enemy.zealot


class State(MachineState):
    """A campaign. `phase` says what `advance` does when nothing is queued: "pilot" waits for the active
    pilot's move; "won" waits for the scenario's end to settle; anything else starts the next turn."""

    __slots__ = ("seats", "units", "columns", "fallen", "statuses", "scrap", "scrap_discard", "shuttle_damage",
                 "scenario", "scenarios_won", "ticks", "turns", "active", "phase", "in_play", "effective",
                 "acted", "won", "lost_reason")
    PARTS = ("seats", "units")

    @classmethod
    def new(cls, catalog, characters: list[str], scenario: int) -> State:
        s = cls()
        s.start()
        s.seats = [Seat(i, c, catalog.pilots[c].health, catalog.pilots[c].starting, catalog.pilots[c].upgrades)
                   for i, c in enumerate(characters)]
        s.units = []  # the enemies of the scenario in play; unit i (i >= team size) is units[i - team size]
        s.columns, s.fallen = [], []  # units per column, bottom first; pilots down below each column
        s.statuses = {}  # unit -> (Tucked, ...)
        s.scrap, s.scrap_discard = list(range(len(catalog.scrap))), []
        s.shuttle_damage, s.scenario, s.scenarios_won, s.ticks, s.turns = 0, scenario, 0, 0, 0
        s.active, s.phase = None, "setup"
        s.in_play = None  # the card whose actions are resolving: (unit, card key) for the witnesses
        s.effective = s.acted = False  # the card in play / the action resolving took effect
        s.won, s.lost_reason = False, ""
        return s

    # -- units -------------------------------------------------------------------------------------------------
    def enemies(self) -> list[Unit]:
        return self.units

    def unit(self, index: int) -> Unit:
        return self.units[index - len(self.seats)]

    def is_pilot(self, index: int) -> bool:
        return index < len(self.seats)

    def alive(self, index: int) -> bool:
        if index < 0:
            return False
        return not self.seats[index].down if index < len(self.seats) else self.unit(index).alive

    def on_board(self, index: int) -> bool:
        return any(index in column for column in self.columns)

    def position(self, index: int) -> tuple[int, int]:
        """(column, row): column 0 above the shuttle, row 0 its bottom; the shuttle is (0, -1)."""
        if index < 0:
            return (0, -1)
        for c, column in enumerate(self.columns):
            if index in column:
                return (c, column.index(index))
        for c, fallen in enumerate(self.fallen):
            if index in fallen:
                return (c, -1)
        raise KeyError(index)

    def damage_of(self, index: int) -> int:
        return self.seats[index].damage if index < len(self.seats) else self.unit(index).damage

    def health_left(self, index: int) -> int:
        if index < len(self.seats):
            return self.seats[index].max_health - self.seats[index].damage
        unit = self.unit(index)
        return unit.health - unit.damage

    # -- statuses ----------------------------------------------------------------------------------------------
    def has_status(self, index: int, status: str) -> bool:
        return any(t.status == status for t in self.statuses.get(index, ()))

    def take_status(self, index: int, status: str):
        """The first status card of this kind under the unit, taken from under it; None if there is none."""
        entries = self.statuses.get(index, ())
        for i, tucked in enumerate(entries):
            if tucked.status == status:
                self.statuses[index] = entries[:i] + entries[i + 1:]
                return tucked
        return None

    def tuck(self, index: int, tucked) -> None:
        self.statuses[index] = self.statuses.get(index, ()) + (tucked,)

    def tucked_cards(self) -> set[int]:
        return {t.card for entries in self.statuses.values() for t in entries}
