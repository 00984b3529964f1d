"""The state of an Escort Service campaign: the pilots (seats), the units on the board, the shuttle.

Units are numbered: pilots first (unit i is seat i), then the enemies of the
scenario in play. Positions are found from the columns, which are short.
"""
from __future__ import annotations

import copy

SEAT_LISTS = ("draw", "discard", "hand", "tucked", "playing", "upgrades", "scrap", "offer")


class Seat:
    __slots__ = ("index", "character", "health", "draw", "discard", "hand", "tucked", "playing", "upgrades", "scrap",
                 "offer", "effects", "damage", "down", "deck_size", "added", "used")

    def __init__(self, index: int, character: str, health: int, starting: tuple, upgrades: tuple):
        self.index, self.character, self.health = index, character, health
        self.draw, self.discard, self.hand, self.tucked, self.playing = list(starting), [], [], [], []
        self.upgrades, self.scrap, self.offer = list(upgrades), [], []
        self.effects: set[str] = set()  # what its scrap does
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

    def copy(self) -> Seat:
        new = copy.copy(self)
        for name in SEAT_LISTS:
            setattr(new, name, list(getattr(self, name)))
        new.effects, new.used = set(self.effects), set(self.used)
        return new


class Unit:
    """An enemy on the board: its kind, damage, which side is up (basic) or its action deck (elite)."""

    __slots__ = ("index", "kind", "health", "elite", "zealot", "deck", "discard", "damage", "flipped", "alive")

    def __init__(self, index: int, kind: str, health: int, elite: bool, zealot: bool, deck: list):
        self.index, self.kind, self.health, self.elite, self.zealot = index, kind, health, elite, zealot
        self.deck, self.discard = deck, []
        self.damage, self.flipped, self.alive = 0, False, True

    def copy(self) -> Unit:
        new = copy.copy(self)
        new.deck, new.discard = list(self.deck), list(self.discard)
        return new


class State:
    def __init__(self):
        self.seats: list[Seat] = []
        self.units: list = []  # seats' indexes first (None: a pilot), then enemy Units
        self.columns: list[list[int]] = []
        self.fallen: list[list[int]] = []  # destroyed pilots below each column
        self.statuses: dict[int, list[tuple[str, int, int]]] = {}  # unit -> (status, owner unit, card)
        self.scrap: list[int] = []
        self.scrap_discard: list[int] = []
        self.shuttle_damage = 0
        self.scenario = self.scenarios_won = self.ticks = self.turns = self.round = 0
        self.active: int | None = None
        self.deciding = 0
        self.phase = "setup"
        self.queue: list = []  # actions still to resolve: (unit, card or None, Action; None ends a pilot's card)
        self.pending: list = []  # decisions waiting, the last one first
        self.card_in_play = None
        self.chance = None
        self.over = self.won = False
        self.lost_reason = ""
        self.resolved: list = []

    @classmethod
    def new(cls, catalog, characters: list[str], scenario: int) -> State:
        s = cls()
        for i, character in enumerate(characters):
            pilot = catalog.pilots[character]
            s.seats.append(Seat(i, character, pilot.health, pilot.starting, pilot.upgrades))
        s.units = [None] * len(s.seats)
        s.scrap = list(range(len(catalog.scrap)))
        s.scenario = scenario
        return s

    def copy(self) -> State:
        new = copy.copy(self)
        new.seats = [seat.copy() for seat in self.seats]
        new.units = [u.copy() if u is not None else None for u in self.units]
        new.columns = [list(c) for c in self.columns]
        new.fallen = [list(c) for c in self.fallen]
        new.statuses = {k: list(v) for k, v in self.statuses.items()}
        new.scrap, new.scrap_discard = list(self.scrap), list(self.scrap_discard)
        new.queue, new.pending, new.resolved = list(self.queue), list(self.pending), []
        return new

    # -- units -------------------------------------------------------------------------------------------------
    def enemies(self) -> list[Unit]:
        return self.units[len(self.seats):]

    def unit(self, index: int) -> Unit:
        return self.units[index]

    def is_pilot(self, index: int) -> bool:
        return index < len(self.seats)

    def alive(self, index: int) -> bool:
        if index < 0:
            return False
        return not self.seats[index].down if self.is_pilot(index) else self.units[index].alive

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
        return self.seats[index].damage if self.is_pilot(index) else self.units[index].damage

    def health_left(self, index: int) -> int:
        if self.is_pilot(index):
            return self.seats[index].max_health - self.seats[index].damage
        unit = self.units[index]
        return unit.health - unit.damage

    # -- statuses ----------------------------------------------------------------------------------------------
    def has_status(self, index: int, status: str) -> bool:
        return any(s == status for s, _, _ in self.statuses.get(index, ()))

    def take_status(self, index: int, status: str):
        for i, entry in enumerate(self.statuses.get(index, ())):
            if entry[0] == status:
                return self.statuses[index].pop(i)
        return None

    def all_statuses(self):
        return [entry for entries in self.statuses.values() for entry in entries]
