"""Saucer Escape's sheet state: what is darkened, written and crossed out.

The machine's copy rule copies each slot's list, dict or set one level, so no
slot holds a mutable container inside another: gear is keyed by (crew member,
item), unlocked abilities are (crew member, ability) pairs, and an assault in
progress is a `Part` of its own.
"""
from __future__ import annotations

from pnp.engine.machine import MachineState, Part
from pnp.games.saucer_escape.catalog import Catalog

GEAR = ("lasgun", "shield")


def _describe(obj) -> str:
    """Every slot and its value: a test compares these to see that `apply` left its input alone."""
    names = [name for klass in type(obj).__mro__ for name in getattr(klass, "__slots__", ())]
    return f"{type(obj).__name__}({', '.join(f'{name}={getattr(obj, name, None)!r}' for name in names)})"


class Assault(Part):
    """An assault in progress: the enemy's row, its die and locked target, the crew's dice and bonuses, the hits."""

    __slots__ = ("row", "enemy_die", "target", "crew", "bonus", "predictive", "total", "killed", "hits", "lowered")
    __repr__ = _describe

    def __init__(self, row: int):
        self.row, self.predictive = row, False
        self.again()

    def again(self) -> None:
        """Its steps start over (a new assault, or the same one after a miss); Predictive Model stays used."""
        self.enemy_die, self.target, self.crew, self.bonus, self.total, self.killed, self.hits = 0, 0, [], 0, 0, False, 0
        # (witness key, hits before, hits after, Shields burnt) per Predictive Model, Overcharge or Medkit that
        # lowered the hits
        self.lowered = ()


class SaucerState(MachineState):
    """`round` is the turn (1 to 30; 0 during set-up)."""

    __slots__ = (
        "enemy_numbers", "reward_numbers",  # the number written beside each enemy row and each Reward track
        "artifacts", "items",  # Artifacts; Medkits and keycards (party item tracks)
        "life", "power", "killed",  # per enemy row, the Hivemind last: dark boxes, crossed out
        "location", "reward", "collected", "pod",  # Location and Reward tracks, the Escape Pod
        "explored", "frontier", "frontier_of", "events_done", "new_events",  # the map
        "wounds", "spent", "rank", "dead", "unlocked", "gear",  # the crew
        "dice", "fueled", "record", "deferred", "recon_die", "recon_left", "recon_bonus",  # this turn
        "event_dice", "assault", "escaped", "free_offered", "free_base",
    )
    PARTS = ("assault",)
    __repr__ = _describe

    def start(self) -> None:
        super().start()
        self.enemy_numbers, self.reward_numbers = [], []
        self.artifacts, self.items = 0, {"medkit": 0, "red_keycard": 0, "blue_keycard": 0}
        self.life, self.power, self.killed = [0] * 7, [0] * 7, [False] * 7
        self.location, self.reward, self.collected, self.pod = [0] * 6, [0] * 6, [False] * 6, 0
        self.explored, self.events_done, self.new_events = set(), set(), []
        self.frontier, self.frontier_of = [], -1  # unexplored boxes beside explored ones, for `explored` of that size
        self.wounds, self.spent, self.rank, self.dead = [0] * 4, [0] * 4, [0] * 4, [False] * 4
        self.unlocked = set()  # (crew member, ability index)
        self.gear = {(i, item): 0 for i in range(4) for item in GEAR}
        self.dice = []  # the turn's dice as they stand (rolled, re-rolled, changed by Good Intel)
        self.fueled = False  # this turn's doubles darkened a pod box already
        self.record = []  # the Turn Record: (area, die) per turn
        self.deferred = ()  # dice waiting while the Recon die goes first: (area, value) pairs
        self.recon_die = 0  # the Recon die's face (Good Intel may still raise it while exploring)
        self.recon_left, self.recon_bonus = 0, 0  # boxes the Recon die has left; boxes of it Penetration added
        self.event_dice = ()  # the event roll being decided on
        self.assault = None
        self.escaped = False
        self.free_offered = self.free_base = None  # the free moves last listed; kept across a gear trade

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
        for i, ability, power in catalog.holders.get(word, ()):
            if ability in self.unlocked and not self.dead[i] and power + self.rank[i] > self.spent[i]:
                return i
        return None

    def negated(self, catalog: Catalog, row: int, kind: str) -> int:
        """Items of this kind boxed in by the enemy's two tracks."""
        columns = catalog.enemies[row].neg_lasgun if kind == "lasgun" else catalog.enemies[row].neg_shield
        return sum(1 for c in columns if self.life[row] >= c and self.power[row] >= c)

    def carried(self, kind: str) -> int:
        gear = self.gear
        return sum(gear[i, kind] for i in range(4) if not self.dead[i])
