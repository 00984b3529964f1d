"""The abilities of starting and knowledge cards: when each can be used, and what it does.

An ability is used once per fight (`move_use`); one that needs a choice asks
it as a decision, and the next ability waits until it is finished. A Copy uses
another card's ability as its own (`source` is then the Copy), so what a
copied ability can do is asked from the Copy's side: a Copy of a Double needs a
card left to double, and none against The Ascent Vehicle.
"""
from __future__ import annotations

from itertools import permutations

from pnp.games.stranded.catalog import AGING
from pnp.games.stranded.state import (
    Ask,
    BelowTarget,
    CopyTarget,
    DestroyTarget,
    DoubleTarget,
    Draw,
    ExchangeTarget,
    MayReplace,
    MoreCards,
    Refill,
    SortTop,
    State,
)


class Abilities:
    """The abilities' part of StrandedEngine; what they act on (drawing, removing, the value to beat) is in
    FightRules."""

    # -- what can be used -------------------------------------------------------------------------------------
    def usable(self, s: State, card: int) -> bool:
        word = self.own_word[card]  # None for aging cards: their abilities work by themselves
        if word == "LIFE":
            return True
        return word is not None and self.can_do(s, word, card, frozenset((card,)) if word == "COPY" else frozenset())

    def can_do(self, s: State, word: str, source: int, chain: frozenset) -> bool:
        """Whether `source` can use the ability `word` now (its own, or one it copies)."""
        if word in ("DESTROY", "EXCHANGE"):
            return bool(self.others(s, source))
        if word == "BELOW_STACK":  # the stack must hold a card, after a reshuffle if need be
            return bool(self.others(s, source)) and self.can_draw(s)
        if word == "DOUBLE":
            return self.catalog.rule[s.current] != "NO_DOUBLES" and any(
                x not in s.doubled for x in self.others(s, source))
        if word == "COPY":
            return bool(self.copyable(s, source, chain))
        if word == "STEP_DOWN":
            return self.steps_left(s) > 0
        if word == "SORT":
            return bool(s.deck)
        if word == "CARDS":
            return self.can_draw(s)
        return True  # LIFE

    @staticmethod
    def others(s: State, source: int, chain=frozenset()) -> list[int]:
        return [x for x in s.drawn if x != source and x not in chain]

    def copyable(self, s: State, source: int, chain: frozenset) -> list[int]:
        """The cards whose ability the Copy `source` could use now (never an aging ability, never back
        along the chain of Copies that led here)."""
        c = self.catalog
        return [x for x in self.others(s, source, chain) if c.word[x] is not None and c.kinds[x] != AGING
                and self.can_do(s, c.word[x], source, chain | {x})]

    def credit(self, source: int, word: str) -> tuple:
        """What took effect, for the witnesses: the card using the ability, and its word (a Copy's: COPY too)."""
        c = self.catalog
        return (c.fight_key[source], (word,) if c.word[source] == word else ("COPY", word))

    # -- using one ----------------------------------------------------------------------------------------------
    def move_use(self, s: State, action) -> None:
        card = action[1]
        s.used.add(card)
        s.played.append(self.catalog.fight_key[card])
        self.ability(s, card, card, frozenset((card,)))

    def ability(self, s: State, source: int, card: int, chain: frozenset) -> None:
        """The ability printed on `card`, used by `source` (itself, or a Copy that copies it)."""
        c = self.catalog
        word, n = c.word[card], c.number[card]
        if word == "LIFE":
            gained = min(self.cap, s.life + n) - s.life
            if gained:
                s.life += gained
                s.resolved.append(self.credit(source, word))
        elif word == "CARDS":  # costs no life, yet not a free card: laid right of the danger (clar-ability-draws)
            s.queue.append(Draw(free=False, credit=self.credit(source, word)))
            if n > 1:
                s.queue.append(Ask(decision=MoreCards(source=source, chain=chain)))
        elif word == "STEP_DOWN":
            before = self.target(s)
            s.step_down += 1
            if self.target(s) != before:
                s.resolved.append(self.credit(source, word))
        elif word == "SORT":
            s.pending.append(SortTop(source=source, chain=chain))
        elif word == "BELOW_STACK":
            s.queue += [Refill(), Ask(decision=BelowTarget(source=source, chain=chain))]
        elif word == "COPY":
            s.pending.append(CopyTarget(source=source, chain=chain))
        elif word == "DESTROY":
            s.pending.append(DestroyTarget(source=source, chain=chain))
        elif word == "DOUBLE":
            s.pending.append(DoubleTarget(source=source, chain=chain))
        elif word == "EXCHANGE":
            s.pending.append(ExchangeTarget(source=source, chain=chain, left=n, optional=False))

    # -- the choices inside an ability ---------------------------------------------------------------------------
    def offer_CopyTarget(self, s: State, d: CopyTarget) -> list[tuple]:
        return [("target", x) for x in self.copyable(s, d.source, d.chain)]

    def answer_CopyTarget(self, s: State, d: CopyTarget, action) -> None:
        self.ability(s, d.source, action[1], d.chain | {action[1]})

    def offer_DestroyTarget(self, s: State, d: DestroyTarget) -> list[tuple]:
        return [("target", x) for x in self.others(s, d.source)]  # a copied card may be picked

    def answer_DestroyTarget(self, s: State, d: DestroyTarget, action) -> None:
        self.remove(s, action[1], destroyed=True)
        s.resolved.append(self.credit(d.source, "DESTROY"))

    def offer_DoubleTarget(self, s: State, d: DoubleTarget) -> list[tuple]:
        return [("target", x) for x in self.others(s, d.source) if x not in s.doubled]

    def answer_DoubleTarget(self, s: State, d: DoubleTarget, action) -> None:
        s.doubled.add(action[1])
        if self.catalog.value[action[1]]:  # doubling 0 changes nothing
            s.resolved.append(self.credit(d.source, "DOUBLE"))

    def offer_ExchangeTarget(self, s: State, d: ExchangeTarget) -> list[tuple]:
        options = [("target", x) for x in self.others(s, d.source)]
        return options + [("enough",)] if d.optional else options

    def answer_ExchangeTarget(self, s: State, d: ExchangeTarget, action) -> None:
        if action[0] == "enough":
            return
        target = action[1]
        was_free = target in s.free_set
        self.remove(s, target)
        s.discard.append(target)
        s.resolved.append(self.credit(d.source, "EXCHANGE"))
        s.queue.append(Draw(free=was_free))  # the replacement takes the exchanged card's place
        if d.left > 1:  # the second exchange, after the replacement is drawn (it may be exchanged in turn)
            s.queue.append(Ask(decision=ExchangeTarget(source=d.source, chain=d.chain, left=d.left - 1,
                                                       optional=True)))

    def offer_BelowTarget(self, s: State, d: BelowTarget) -> list[tuple]:
        return [("target", x) for x in self.others(s, d.source)]

    def answer_BelowTarget(self, s: State, d: BelowTarget, action) -> None:
        target = action[1]
        was_free = target in s.free_set
        self.remove(s, target)
        s.deck.insert(0, target)
        s.resolved.append(self.credit(d.source, "BELOW_STACK"))
        if was_free:  # a free card put below: the player may draw a free card in its place
            s.pending.append(MayReplace(source=d.source, chain=d.chain))

    def offer_MayReplace(self, s: State, d: MayReplace) -> list[tuple]:
        return [("replace",), ("enough",)]

    def answer_MayReplace(self, s: State, d: MayReplace, action) -> None:
        if action[0] == "replace":
            s.queue.append(Draw(free=True))

    def offer_MoreCards(self, s: State, d: MoreCards) -> list[tuple]:
        return [("more",), ("enough",)] if self.can_draw(s) else [("enough",)]

    def answer_MoreCards(self, s: State, d: MoreCards, action) -> None:
        if action[0] == "more":
            s.queue.append(Draw(free=False, credit=self.credit(d.source, "CARDS")))

    def offer_SortTop(self, s: State, d: SortTop) -> list[tuple]:
        return sort_options(s.deck[-3:])

    def answer_SortTop(self, s: State, d: SortTop, action) -> None:
        _, dropped, order = action
        looked = s.deck[-3:]
        del s.deck[-len(looked):]
        if dropped is not None:
            s.discard.append(dropped)
        s.deck += list(reversed(order))  # order[0] goes back on top
        if dropped is not None or list(order) != looked[::-1]:
            s.resolved.append(self.credit(d.source, "SORT"))


def sort_options(cards) -> list[tuple]:
    """("sort", the card discarded or None, the others top first) for every choice Sort allows."""
    options = [("sort", None, order) for order in permutations(reversed(cards))]
    for dropped in cards:
        rest = [x for x in reversed(cards) if x != dropped]
        options += [("sort", dropped, order) for order in permutations(rest)]
    return options
