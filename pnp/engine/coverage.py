"""Coverage: how often each card and each effect word resolved, and which never did."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field


@dataclass
class Coverage:
    cards: Counter = field(default_factory=Counter)  # card id (or "id (part)") -> times it took effect
    words: Counter = field(default_factory=Counter)  # effect word -> times it took effect
    played: Counter = field(default_factory=Counter)  # key -> times played or tried, effective or not
    witnesses: dict[str, tuple] = field(default_factory=dict)  # card id -> (seed, round) of the earliest game it resolved in

    newest_seed: int = -1  # no witness comes from a later seed, so a game with a later seed only adds new keys
    staged: Coverage | None = None  # the games played from a playtest set-up, counted apart

    def part(self, staged: bool) -> Coverage:
        """The table a game counts into: this one, or the one for games from a playtest set-up."""
        if not staged:
            return self
        if self.staged is None:
            self.staged = Coverage()
        return self.staged

    def witness(self, seed: int, first: dict, round_at) -> None:
        """Keep (seed, round) for the keys one game resolved; `first` maps each key to where it first
        happened in the game and round_at(where) gives the round there. The earliest seed wins."""
        witnesses = self.witnesses
        candidates = first.keys() - witnesses.keys() if seed > self.newest_seed else first.keys()
        for key in candidates:
            mine = witnesses.get(key)
            if mine is not None and mine[0] < seed:  # an earlier game already witnessed it
                continue
            where = (seed, round_at(first[key]))
            if mine is None or where < mine:
                witnesses[key] = where
                self.newest_seed = max(self.newest_seed, seed)

    def merge(self, other: "Coverage") -> None:
        self.cards.update(other.cards)
        self.words.update(other.words)
        self.played.update(other.played)
        if other.staged is not None:
            self.part(staged=True).merge(other.staged)
        for key, value in other.witnesses.items():
            mine = self.witnesses.get(key)
            if mine is None or value < mine:  # the earliest seed wins, however the games were split up
                self.witnesses[key] = value
        self.newest_seed = max(self.newest_seed, other.newest_seed)

    def missing(self, expected) -> list[str]:
        return [item for item in expected if self.cards[item] == 0]

    def missing_words(self, expected) -> list[str]:
        return [word for word in expected if self.words[word] == 0]
