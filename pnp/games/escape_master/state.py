"""Escape Master's game state and its static card catalogue.

Physical GAME cards are numbered 0..N-1 (copies are separate cards); every
zone holds card numbers, so "every card in exactly one place" is checkable.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from pnp.model import Difficulty

WILD = 0  # the top "rank" of a Stack whose top card is Wisdom


@dataclass(frozen=True)
class CardInfo:
    number: int
    id: str
    kind: str
    rank: int  # 0 for cards without a rank
    suit: str | None
    words: tuple[str, ...]
    trap: str | None = None  # draw3 | ascending | descending
    discards: int = 0  # cards an escape may discard (DISCARD_EXTRA)
    penalty: int = 1  # Blunders if held at round end


@dataclass(frozen=True)
class Power:
    source: str  # card id it comes from ("leader-x", "leader-x#beast", "story-y")
    word: str
    param: object


@dataclass(frozen=True)
class Catalog:
    cards: tuple[CardInfo, ...]  # the GAME deck at this difficulty
    leaders: tuple[tuple[str, tuple[Power, ...], tuple[Power, ...]], ...]  # (id, ability, beast mode)
    stories: tuple[tuple[str, tuple[Power, ...]], ...]
    hand_size: int
    breaking_point: int
    xp_cap: int
    beast_cost: int
    tiebreak_rounds: int
    set_rounds: int
    difficulty: Difficulty


@dataclass
class Stack:
    cards: list[int]
    top: int  # rank of the top card, or WILD
    closed: bool = False

    def copy(self) -> "Stack":
        return Stack(list(self.cards), self.top, self.closed)


@dataclass
class State:
    players: int
    teams: tuple[int, ...] | None  # team of each player, or None
    phase: str = "deal"  # deal | prepare | play | photo | over
    photo: tuple = ()  # in the photo phase: rivals who could lay their last card at the instant the round ended
    round: int = 0
    dealer: int = 0
    seated: list[int] = field(default_factory=list)  # who plays this round (all, or a tie-break subset)
    hands: list[list[int]] = field(default_factory=list)
    pile: list[int] = field(default_factory=list)  # the top card is pile[-1]
    stacks: list[Stack] = field(default_factory=list)
    snares: list[list[int]] = field(default_factory=list)  # active Uphill/Downhill traps per player
    pitfalls: list[list[int]] = field(default_factory=list)  # Pitfalls waiting for an answer
    history: list[list[int]] = field(default_factory=list)
    removed: list[int] = field(default_factory=list)  # the Doom pile (early-ending variant)
    out: list[bool] = field(default_factory=list)
    totals: list[int] = field(default_factory=list)
    leaders: list[int | None] = field(default_factory=list)
    xp: list[list[int]] = field(default_factory=list)  # story indices tucked under each leader
    story_deck: list[int] = field(default_factory=list)  # index 0 is the top
    story_next: list[int | None] = field(default_factory=list)  # drawn, used next round
    story_now: list[int | None] = field(default_factory=list)  # in use this round
    beast: list[bool] = field(default_factory=list)
    powers: list[list[Power]] = field(default_factory=list)
    uses: list[dict] = field(default_factory=list)  # word -> uses left this round
    immune: list[set] = field(default_factory=list)
    forgive: list[int] = field(default_factory=list)
    head_start: list = field(default_factory=list)  # [player, plays left] or []
    tasks: list[list] = field(default_factory=list)  # prepare-phase decisions: [player, task, n]
    powers_applied: bool = False
    actor: int | None = None
    steps: int = 0  # actions in this round
    tiebreaks: int = 0
    winners: list[int] = field(default_factory=list)
    rounds_limit: int | None = None  # set-rounds variant
    early_ending: bool = False
    resolved: list = field(default_factory=list)  # (card id, words) resolved by the last action

    def copy(self) -> "State":
        new = State.__new__(State)
        new.__dict__.update(self.__dict__)
        for name in ("hands", "snares", "pitfalls", "history", "xp", "tasks"):
            setattr(new, name, [list(x) for x in getattr(self, name)])
        for name in ("seated", "pile", "removed", "out", "totals", "leaders", "story_deck",
                     "story_next", "story_now", "beast", "forgive", "head_start", "winners", "resolved"):
            setattr(new, name, list(getattr(self, name)))
        new.stacks = [s.copy() for s in self.stacks]
        new.powers = [list(p) for p in self.powers]
        new.uses = [dict(u) for u in self.uses]
        new.immune = [set(i) for i in self.immune]
        return new

    def teammate(self, player: int) -> int | None:
        if self.teams is None:
            return None
        return next((q for q in range(self.players) if q != player and self.teams[q] == self.teams[player]), None)

    def rivals(self, player: int) -> list[int]:
        mate = self.teammate(player)
        return [q for q in self.seated if q != player and q != mate and not self.out[q]]
