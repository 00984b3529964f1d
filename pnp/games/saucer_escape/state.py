"""Saucer Escape's sheet state: what is darkened, written and crossed out."""
from __future__ import annotations

from dataclasses import dataclass, field

from pnp.games.saucer_escape.catalog import Catalog


@dataclass
class SaucerState:
    phase: str = "setup-roll"
    turn: int = 0
    enemy_numbers: list[int] = field(default_factory=list)  # number written beside each enemy row
    reward_numbers: list[int] = field(default_factory=list)  # number written beside each Reward track
    artifacts: int = 0
    life: list[int] = field(default_factory=lambda: [0] * 7)  # dark boxes per enemy row (Hivemind last)
    power: list[int] = field(default_factory=lambda: [0] * 7)
    killed: list[bool] = field(default_factory=lambda: [False] * 7)
    location: list[int] = field(default_factory=lambda: [0] * 6)
    pod: int = 0
    reward: list[int] = field(default_factory=lambda: [0] * 6)
    collected: list[bool] = field(default_factory=lambda: [False] * 6)
    explored: set = field(default_factory=set)
    frontier: list = field(default_factory=list)  # unexplored boxes beside explored ones, sorted; replaced, never mutated
    frontier_of: int = -1  # the size of `explored` when `frontier` was worked out (explored only grows)
    events_done: set = field(default_factory=set)
    items: dict = field(default_factory=lambda: {"medkit": 0, "red_keycard": 0, "blue_keycard": 0})
    wounds: list[int] = field(default_factory=lambda: [0] * 4)
    spent: list[int] = field(default_factory=lambda: [0] * 4)  # Power boxes used
    rank: list[int] = field(default_factory=lambda: [0] * 4)
    dead: list[bool] = field(default_factory=lambda: [False] * 4)
    unlocked: list[set] = field(default_factory=lambda: [set() for _ in range(4)])
    gear: list[dict] = field(default_factory=lambda: [{"lasgun": 0, "shield": 0} for _ in range(4)])
    dice: list[int] = field(default_factory=list)
    rolled: list[int] = field(default_factory=list)  # the dice as rolled (and re-rolled), before Good Intel: doubles count here
    deferred: tuple = ()  # dice waiting while the Recon die goes first: (area, value) pairs
    record: list[tuple] = field(default_factory=list)  # the Turn Record: dice per area, per turn
    recon_left: int = 0
    pending: list[tuple] = field(default_factory=list)  # decisions and chance steps waiting, in order
    assault: dict = field(default_factory=dict)
    escaped: bool = False
    over: bool = False
    resolved: list = field(default_factory=list)  # element keys resolved by the last action
    free_offered: tuple | None = None  # the non-trade free moves last listed ...
    free_base: tuple | None = None  # ... still standing after a gear trade; None otherwise

    @property
    def round(self) -> int:
        """The engine contract's round (pnp.engine.api.GameState): a turn of the sheet."""
        return self.turn

    def copy(self) -> "SaucerState":
        new = SaucerState.__new__(SaucerState)
        new.__dict__.update(self.__dict__)
        for name in ("enemy_numbers", "reward_numbers", "life", "power", "killed", "location", "reward", "collected",
                     "wounds", "spent", "rank", "dead", "dice", "rolled", "record", "pending", "resolved"):
            setattr(new, name, list(getattr(self, name)))
        new.explored, new.events_done = set(self.explored), set(self.events_done)
        new.items = dict(self.items)
        new.assault = {k: list(v) if isinstance(v, list) else v for k, v in self.assault.items()}
        new.unlocked = [set(u) for u in self.unlocked]
        new.gear = [dict(g) for g in self.gear]
        return new

    # -- derived quantities --------------------------------------------------
    def row_of_enemy(self, number: int) -> int | None:
        """The enemy row with this number: rows are numbered 1..6 in order, starting from the first row's number."""
        return (number - self.enemy_numbers[0]) % 6 if self.enemy_numbers else None

    def row_of_reward(self, number: int) -> int | None:
        return (number - self.reward_numbers[0]) % 6 if self.reward_numbers else None

    def alive(self) -> list[int]:
        return [i for i in range(4) if not self.dead[i]]

    def max_life(self, catalog: Catalog, i: int) -> int:
        return catalog.crew[i].life + self.rank[i]

    def can_use(self, catalog: Catalog, word: str) -> int | None:
        """The crew member who can pay for an unlocked ability with this effect word now, if any."""
        for i, k, power in catalog.holders.get(word, ()):
            if k in self.unlocked[i] and not self.dead[i] and power + self.rank[i] > self.spent[i]:
                return i
        return None

    def negated(self, catalog: Catalog, row: int, kind: str) -> int:
        """Items of this kind boxed in by the enemy's two tracks."""
        columns = catalog.enemies[row].neg_lasgun if kind == "lasgun" else catalog.enemies[row].neg_shield
        return sum(1 for c in columns if self.life[row] >= c and self.power[row] >= c)

    def carried(self, kind: str) -> int:
        return sum(self.gear[i][kind] for i in self.alive())

