"""Coverage: how often each card and each effect word resolved, and which never did."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field


@dataclass
class Coverage:
    cards: Counter = field(default_factory=Counter)  # card id (or "id (part)") -> times resolved
    words: Counter = field(default_factory=Counter)  # effect word -> times resolved
    witnesses: dict[str, tuple] = field(default_factory=dict)  # card id -> (seed, round) of the earliest game it resolved in

    def record(self, card_id: str, words=(), where: tuple = ()) -> None:
        self.cards[card_id] += 1
        for word in words:
            self.words[word] += 1
        if card_id not in self.witnesses:
            self.witnesses[card_id] = where

    def merge(self, other: "Coverage") -> None:
        self.cards.update(other.cards)
        self.words.update(other.words)
        for key, value in other.witnesses.items():
            mine = self.witnesses.get(key)
            if mine is None or value < mine:  # the earliest seed wins, however the games were split up
                self.witnesses[key] = value

    def missing(self, expected) -> list[str]:
        return [item for item in expected if self.cards[item] == 0]

    def missing_words(self, expected) -> list[str]:
        return [word for word in expected if self.words[word] == 0]
