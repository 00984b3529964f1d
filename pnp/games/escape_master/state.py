"""Escape Master's game state, its records and its static card catalogue.

Physical GAME cards are numbered 0..N-1 (copies are separate cards); every
zone holds card numbers, so "every card in exactly one place" is checkable.
A state holds one `Player` part per seat (hand, Action pile, History, score,
leader and powers) and the shared table (draw pile, Stacks).
"""
from __future__ import annotations

from dataclasses import dataclass

from pnp.engine.machine import Chance, Decision, MachineState, Part, Step, record
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
    combinations: bool  # combinations are a yellow rule: the green kit plays single cards only
    # per card number, looked up on every legality test: a Numbered card's rank (0 for any other card), the
    # Wisdom cards, and the special cards (Dead End, traps, escapes)
    numbered_ranks: tuple[int, ...] = ()
    wisdoms: frozenset[int] = frozenset()
    specials: frozenset[int] = frozenset()


class Stack(Part):
    """A Stack in the middle: its cards, the rank play goes on from, and whether a Dead End closed it."""

    __slots__ = ("cards", "top", "closed")

    def __init__(self, cards: list[int], top: int, closed: bool = False):
        self.cards, self.top, self.closed = cards, top, closed


class Player(Part):
    """One seat: what the player holds and has in front of them, this round and for the whole game."""

    __slots__ = ("hand", "snares", "pitfalls", "history", "out", "total", "leader", "xp", "story_next", "story_now",
                 "beast", "powers", "uses", "immune", "forgive")

    def __init__(self, leader: int | None):
        self.total, self.leader, self.xp = 0, leader, []
        self.story_next = self.story_now = None  # Story card drawn (used next round), and in use this round
        self.beast = False
        self.new_round()

    def new_round(self) -> None:
        self.hand, self.snares, self.pitfalls, self.history = [], [], [], []  # snares: Uphill/Downhill traps
        self.out = False
        self.powers: tuple[Power, ...] = ()
        self.uses: dict[str, int] = {}  # power word -> uses left this round
        self.immune: set[str] = set()
        self.forgive = 0


class EscapeMasterState(MachineState):
    """A game: the machine's slots, the shared table and one Player per seat. `seat` is who acts now."""

    __slots__ = ("catalog", "count", "teams", "phase", "dealer", "seated", "players", "pile", "stacks", "removed",
                 "story_deck", "head_start", "actor", "steps", "tiebreaks", "winners", "rounds_limit", "early_ending")
    PARTS = ("players", "stacks")

    def teammate(self, player: int) -> int | None:
        if self.teams is None:
            return None
        return next((q for q in range(self.count) if q != player and self.teams[q] == self.teams[player]), None)

    def rivals(self, player: int) -> list[int]:
        mate = self.teammate(player)
        players = self.players
        return [q for q in self.seated if q != player and q != mate and not players[q].out]

    def seat_order(self) -> list[int]:
        """Seated players, starting at the dealer's left."""
        n = self.count
        return [(self.dealer + i) % n for i in range(1, n + 1) if (self.dealer + i) % n in self.seated]


# -- chance: who acts next at a table without turns -------------------------------------------------------------
@record
class Deal(Chance):
    """The GAME deck is shuffled and dealt for a new round."""


@record
class Turn(Chance):
    """Play is simultaneous: which player's hand lands next."""


@record
class PhotoFinish(Chance):
    """A player went out: which rivals laid their last card in the same instant."""

    rivals: tuple[int, ...]


# -- decisions before the dealer calls Start -------------------------------------------------------------------
@record
class UnlockBeastMode(Decision):
    """Spend Experience on the leader's Beast Mode for this round, or not."""


@record
class GiveBlunders(Decision):
    """Timber!: hand a rival Blunders, or decline."""

    blunders: int
    source: str


@record
class SlideUnder(Decision):
    """Slide a card from hand under the draw pile (DEAL_FEWER); `left` cards still to go."""

    left: int
    source: str


@record
class PassCard(Decision):
    """Pass a card to the rival with the fewest Blunders (PASS_CARD); `left` cards still to go."""

    left: int
    source: str


@record
class ShareStory(Decision):
    """Escape Alliance: the partners whose team draws the Story card say which of them takes it."""

    partners: tuple[int, ...]


# -- steps ---------------------------------------------------------------------------------------------------
@record
class ApplyPowers(Step):
    """Beast Mode is settled: every seated player's powers for the round take hold, from the dealer's left."""


@record
class StartPlay(Step):
    """The dealer calls Start."""


@record
class FinishRound(Step):
    """The round is scored and its Story card placed: the game ends, a tie-break follows, or the next deal."""
