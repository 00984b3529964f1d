"""A fight in Stranded: its numbers (the value to beat, your strength), its moves, and how it ends.

Moves: draw a free card, pay life for a card, use an ability, end the fight
won, or end it lost on purpose (never against a Final Chapter).
"""
from __future__ import annotations

from pnp.engine.api import Moves, one_of_each
from pnp.games.stranded.catalog import AGING, CHAPTER
from pnp.games.stranded.state import FINALS, Draw, PaidDestroys, Reshuffle, State, paid_destroys

FREE, PAID = Draw(free=True), Draw(free=False)  # records are immutable: one of each serves every draw


class FightRules:
    """A fight's part of StrandedEngine (which holds the catalog, the settings and the aging card sets)."""

    # -- the numbers of a fight -------------------------------------------------------------------------------
    def final(self, s: State) -> bool:
        return self.catalog.kinds[s.current] == CHAPTER

    def target(self, s: State) -> int:
        """The value to beat: the danger's for the Sol (lowered by Sol -1), or the Final Chapter's."""
        c = self.catalog
        card = s.current
        if c.kinds[card] == CHAPTER:
            return c.hazard[card] + s.weight
        return c.sols[card][max(0, s.sol - s.step_down)]

    def strength(self, s: State) -> int:
        """The fight's face-up values, doubled where doubled, with one highest unchanged card per
        Highest card = 0 counting nothing."""
        c = self.catalog
        if not s.doubled and self.zeroes.isdisjoint(s.drawn):
            return sum(map(c.value.__getitem__, s.drawn))
        zeroes = self.zeroes.intersection(s.drawn)
        values = [c.value[x] * (2 if x in s.doubled else 1) for x in s.drawn]
        for _ in zeroes:
            best = self._highest_unchanged(s, values)
            if best is None:
                break
            values[best] = 0
        return sum(values)

    def _highest_unchanged(self, s: State, values: list[int]) -> int | None:
        return max((i for i, x in enumerate(s.drawn) if x not in s.doubled and values[i] > 0),
                   key=values.__getitem__, default=None)

    def stopped(self, s: State) -> bool:
        return not self.stops.isdisjoint(s.drawn)

    def buy_cost(self, s: State) -> int:
        return 2 if self.catalog.rule[s.current] == "DEAR_DRAWS" else 1

    def can_draw(self, s: State) -> bool:
        """A card can come: the stack holds one, or a reshuffle would make one."""
        return bool(s.deck or s.discard or s.aging)

    def aging_weight(self, s: State, card: int) -> int:
        """Failing Reactor's rise, counted once as the fight begins: 2 for each aging card in the fighting deck."""
        c = self.catalog
        if c.rule[card] != "AGING_WEIGHT":
            return 0
        return 2 * sum(1 for x in s.deck + s.discard if c.kinds[x] == AGING)

    # -- the moves -------------------------------------------------------------------------------------------------
    def moves(self, s: State) -> Moves:
        c = self.catalog
        drawn = s.drawn
        can_draw = bool(s.deck or s.discard or s.aging)
        final = c.kinds[s.current] == CHAPTER
        free_left = can_draw and s.free_drawn < c.free[s.current] and self.stops.isdisjoint(drawn)
        draws = [("draw",)] if free_left else []
        if not free_left and can_draw and (s.life >= self.buy_cost(s) or final):
            draws.append(("buy",))
        word, used, usable = self.own_word, s.used, self.usable
        uses = [("use", x) for x in drawn if word[x] is not None and x not in used and usable(s, x)]
        ends = []
        if drawn or not can_draw:
            if self.strength(s) >= self.target(s):
                ends.append(("win",))
            elif not final:
                ends.append(("lose",))  # lost on purpose: only when short
        if not (draws or uses or ends):
            ends.append(("buy",))  # a Final Chapter out of cards and abilities: paying is all there is, and it loses
        return Moves((("draw", draws), ("use", uses), ("end", ends)))

    def move_draw(self, s: State, action) -> None:
        s.free_drawn += 1
        self.step_Draw(s, FREE)  # at once: nothing is queued before it (an empty stack queues it again)

    def move_buy(self, s: State, action) -> None:
        cost = self.buy_cost(s)
        if s.life < cost or not self.can_draw(s):
            self.die(s)  # a life due and none left, or a Final Chapter that can no longer be beaten
            return
        s.life -= cost
        s.bought_life += cost
        if cost == 2:
            s.resolved.append((self.catalog.keys[s.current], ("DEAR_DRAWS",)))
        self.step_Draw(s, PAID)

    def move_win(self, s: State, action) -> None:
        c = self.catalog
        self._witness_zero(s)
        due = self._aging_due(s)
        card = s.current
        if c.kinds[card] == CHAPTER:
            s.chapters.remove(card)
            s.resolved.append((f"beaten:{c.keys[card]}", ()))
        else:
            s.discard.append(card)  # turned round: its knowledge side from now on
            s.acquired.append(c.fight_key[card])
        self.after_fight(s, lost=False, due=due)

    def move_lose(self, s: State, action) -> None:
        self._witness_zero(s)
        due = self._aging_due(s)  # counted now: cards destroyed with the life paid still take their life
        short = max(0, self.target(s) - self.strength(s))
        if short > s.life:
            self.die(s)
            return
        s.life -= short
        s.danger_discard.append(s.current)
        s.current = None
        if short and s.drawn:
            s.pending.append(paid_destroys(short, due))
        else:
            self.after_fight(s, lost=True, due=due)

    # -- drawing ----------------------------------------------------------------------------------------------------
    def step_Draw(self, s: State, step: Draw) -> None:
        if not s.deck:
            if self.need_refill(s):
                s.queue.appendleft(step)  # drawn once the reshuffle is done
            return
        c = self.catalog
        card = s.deck.pop()
        s.drawn.append(card)
        if step.free:
            s.free_set.add(card)
        key = c.fight_key[card]
        s.played.append(key)
        if c.value[card]:
            s.resolved.append((key, ()))  # its value counts in the fight
        if step.credit:
            s.resolved.append(step.credit)
        if card in self.stops and s.free_drawn < c.free[s.current]:
            s.resolved.append((key, ("STOP",)))  # free cards were left: it stops them
        if c.word[card] == "DOUBLE" and c.rule[s.current] == "NO_DOUBLES":
            s.resolved.append((c.keys[s.current], ("NO_DOUBLES",)))  # a Double that cannot be used

    def step_Ask(self, s: State, step) -> None:
        s.pending.append(step.decision)

    def step_Refill(self, s: State, step) -> None:
        if not s.deck:
            self.need_refill(s)

    def need_refill(self, s: State) -> bool:
        """The fighting stack is empty: an aging card joins the discard pile, which becomes the stack (a chance
        step). False when there is nothing at all to draw."""
        if not s.discard and not s.aging:
            return False
        s.chance = Reshuffle()
        return True

    # -- beginning and ending a fight ----------------------------------------------------------------------------------
    def begin_fight(self, s: State, card: int) -> None:
        c = self.catalog
        s.current = card
        s.drawn, s.free_set, s.used, s.doubled = [], set(), set(), set()
        s.free_drawn = s.step_down = 0
        s.weight = self.aging_weight(s, card)
        s.played.append(c.keys[card])
        s.resolved.append((c.keys[card], ()))
        if s.weight:
            s.resolved.append((c.keys[card], ("AGING_WEIGHT",)))

    def offer_PaidDestroys(self, s: State, decision: PaidDestroys) -> list[tuple]:
        budget = decision.budget
        distinct = one_of_each(s.drawn, self.catalog.fight_key.__getitem__)
        return [("destroy", x) for x in distinct if self.destroy_price(x) <= budget] + [("done",)]

    def answer_PaidDestroys(self, s: State, decision: PaidDestroys, action) -> None:
        if action[0] == "destroy":
            self.remove(s, action[1], destroyed=True)
            budget = decision.budget - self.destroy_price(action[1])
            if budget > 0 and s.drawn:
                s.pending.append(paid_destroys(budget, decision.due))
                return
        self.after_fight(s, lost=True, due=decision.due)

    def destroy_price(self, card: int) -> int:
        return self.destroy_aging_cost if self.catalog.kinds[card] == AGING else self.destroy_cost

    def after_fight(self, s: State, lost: bool, due: int) -> None:
        """The fight's cards go to the discard pile; aging cards take their life, won or lost."""
        s.discard += s.drawn
        s.drawn = []
        s.current = None
        s.round += 1
        if due > s.life:
            self.die(s)
            return
        s.life -= due
        if s.sol == FINALS and not lost and not s.chapters:
            s.won = s.over = True

    def _aging_due(self, s: State) -> int:
        """Life the fight's aging cards take at its end (witnessed here: it is paid, or the game is lost)."""
        c = self.catalog
        due = 0
        for x in s.drawn:
            if c.word[x] == "LOSE_LIFE" and c.kinds[x] == AGING:
                due += c.number[x]
                s.resolved.append((c.fight_key[x], ("LOSE_LIFE",)))
        return due

    def _witness_zero(self, s: State) -> None:
        """A Highest card = 0 took effect when the fight ends with a positive unchanged card for it to take."""
        zeroes = self.zeroes.intersection(s.drawn)
        if zeroes:
            values = [self.catalog.value[x] for x in s.drawn]
            if self._highest_unchanged(s, values) is not None:
                s.resolved.append((self.catalog.fight_key[min(zeroes)], ("HIGHEST_ZERO",)))

    def remove(self, s: State, card: int, destroyed: bool = False) -> None:
        """A card leaves the fight (destroyed, exchanged, put below the stack): its use and doubling go with it."""
        s.drawn.remove(card)
        s.free_set.discard(card)
        s.used.discard(card)
        s.doubled.discard(card)
        if destroyed:
            key = self.catalog.fight_key[card]
            s.removed.append(card)
            s.destroyed.append(key)
            s.resolved.append((f"destroyed:{key}", ()))

    def die(self, s: State) -> None:
        """A life to pay and none left: the game is lost."""
        s.life = 0
        s.over = True

    @staticmethod
    def steps_left(s: State) -> int:
        """Sol -1 steps that still change the value: one per Sol gone by, none against a Final Chapter."""
        return s.sol - s.step_down if 0 < s.sol < FINALS else 0
