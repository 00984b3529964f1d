"""Stranded's rules engine: one game, from the first danger to the second Final Chapter (rules.yaml).

Cards are indexes into the catalog; a fight keeps its face-up cards in
`drawn`, with the ones drawn for free, used and doubled in sets. Draws wait
for a reshuffle when the stack is empty (a chance step that first adds an
aging card), and abilities that need a choice push a decision. Shuffles are
the only randomness, each a chance action, so a seed replays a game.
"""
from __future__ import annotations

import random

from pnp.engine.api import InvariantError, Moves, Result, SoloEngine, one_of_each, shuffled_order
from pnp.games.stranded.catalog import AGING, CHAPTER, Catalog, build_catalog

LEVELS = ("green", "yellow", "red")
FINALS = 3  # the Sol index after red: the Final Chapters


class State:
    __slots__ = ("level", "life", "deck", "discard", "aging", "removed", "dangers", "danger_discard", "chapters",
                 "sol", "offer", "current", "drawn", "free_set", "used", "doubled", "free_drawn", "step_down", "queue",
                 "pending", "chance", "phase", "round", "won", "over", "resolved", "destroyed", "acquired",
                 "bought_life")

    def copy(self) -> State:
        new = State.__new__(State)
        for name in State.__slots__:
            value = getattr(self, name)
            setattr(new, name, value.copy() if isinstance(value, (list, set)) else value)
        new.resolved = []
        return new


class StrandedEngine(SoloEngine):
    def __init__(self, catalog: Catalog):
        self.catalog = catalog
        settings = catalog.settings
        self.cap, self.start_life = settings.life_cap, settings.starting_life
        self.destroy_cost, self.destroy_aging_cost = settings.destroy_cost, settings.destroy_aging_cost
        self.per_game, self.max_fights = settings.chapters_per_game, settings.max_fights
        # the aging cards that act by themselves, as sets: asked on every move of a fight
        aging = [i for i in range(len(catalog.keys)) if catalog.kinds[i] == AGING]
        self.stops = frozenset(i for i in aging if catalog.word[i] == "STOP")
        self.zeroes = frozenset(i for i in aging if catalog.word[i] == "HIGHEST_ZERO")

    @classmethod
    def from_game(cls, game, difficulty=None):
        return cls(build_catalog(game))

    # -- the API -----------------------------------------------------------------------------------
    def initial_state(self, rng: random.Random, level: str = "green", scenario: str | None = None, **_) -> State:
        """A new game at this difficulty level. Scenario "finals" (a playtest's, not the rules'): the game as it
        stands before the Final Chapters after a good run, every danger beaten and its knowledge in the fighting
        deck with one aging card per Sol gone by, so Final Chapter rules and rare knowledge cards are met often."""
        c = self.catalog
        s = State.__new__(State)
        s.level = LEVELS.index(level)
        s.life = self.start_life[level]
        s.deck, s.discard, s.removed = list(c.starting), [], []
        s.aging = [a for a in c.aging if c.levels[a] <= s.level]
        s.dangers, s.danger_discard = list(c.dangers), []
        s.chapters = [ch for ch in c.chapters if c.levels[ch] <= s.level]
        s.sol, s.offer, s.current = 0, [], None
        if scenario == "finals":
            s.deck += s.dangers + s.aging[:FINALS]
            s.aging, s.dangers, s.sol = s.aging[FINALS:], [], FINALS
        elif scenario is not None:
            raise ValueError(f"unknown scenario {scenario!r}")
        s.drawn, s.free_set, s.used, s.doubled = [], set(), set(), set()
        s.free_drawn = s.step_down = 0
        s.queue, s.pending, s.chance = [], [], ("setup",)
        s.phase, s.round, s.won, s.over, s.resolved = "setup", 0, False, False, []
        s.destroyed, s.acquired, s.bought_life = [], [], 0
        return s

    def sample_chance(self, s: State, rng: random.Random) -> tuple:
        kind = s.chance[0]
        if kind == "setup":
            return ("setup", shuffled_order(rng, len(s.deck)), shuffled_order(rng, len(s.dangers)), shuffled_order(rng, len(s.aging)),
                    tuple(sorted(rng.sample(range(len(s.chapters)), self.per_game))))
        if kind == "refill":
            return ("refill", shuffled_order(rng, len(s.discard) + (1 if s.aging else 0)))
        return ("dangers", shuffled_order(rng, len(s.danger_discard)))

    def legal_actions(self, s: State) -> list[tuple]:
        if s.over or s.chance:
            return []
        if s.pending:
            return self._pending_actions(s, s.pending[-1])
        if s.phase == "choose":
            return [("fight", card) for card in s.offer]
        if s.phase == "order":
            return [("chapter", card) for card in s.chapters]
        return self._fight_actions(s)

    def apply_in_place(self, s: State, action: tuple) -> None:
        s.resolved = []
        if s.chance:
            self._apply_chance(s, action)
        elif s.pending:
            self._apply_pending(s, s.pending.pop(), action)
        else:
            kind = action[0]
            if kind == "fight" or kind == "chapter":
                if kind == "fight":
                    other = s.offer[1 - s.offer.index(action[1])]
                    s.danger_discard.append(other)
                s.offer = []
                self._begin_fight(s, action[1])
            elif kind == "draw":
                s.free_drawn += 1
                s.queue.append(("draw", True))
            elif kind == "buy":
                self._buy(s)
            elif kind == "use":
                self._use(s, action[1])
            elif kind == "win":
                self._win(s)
            elif kind == "lose":
                self._lose(s)
        self._settle(s)

    def result(self, s: State) -> Result:
        return Result([s.life if s.won else 0], [0] if s.won else [], s.round,
                      {"level": LEVELS[s.level], "won": s.won, "life": s.life, "sol": s.sol,
                       "destroyed": list(s.destroyed), "acquired": list(s.acquired)})

    def check_invariants(self, s: State) -> None:
        if not 0 <= s.life <= self.cap:
            raise InvariantError(f"life {s.life} outside 0..{self.cap}")
        piles = s.deck + s.discard + s.drawn + s.removed + s.aging + s.dangers + s.danger_discard + s.offer
        if s.current is not None and self.catalog.kinds[s.current] != CHAPTER:
            piles.append(s.current)
        if len(piles) != len(set(piles)):
            raise InvariantError("a card is in two places at once")

    # -- settling ----------------------------------------------------------------------------------------
    def _settle(self, s: State) -> None:
        while not s.over and not s.chance and not s.pending:
            if s.queue:
                step = s.queue.pop(0)
                if step[0] == "draw":
                    self._draw(s, step[1])
                elif step[0] == "frame":
                    s.pending.append(step[1])
                elif step[0] == "refill" and not s.deck:
                    self._need_refill(s)
                continue
            if s.phase == "next":
                self._next_turn(s)
                continue
            return

    def _draw(self, s: State, free: bool) -> None:
        if not s.deck:
            if self._need_refill(s):
                s.queue.insert(0, ("draw", free))
            return
        card = s.deck.pop()
        s.drawn.append(card)
        if free:
            s.free_set.add(card)
        c = self.catalog
        s.resolved.append((c.fight_key[card], ()))
        if c.word[card] == "STOP" and c.kinds[card] == AGING and s.free_drawn < c.free[s.current]:
            s.resolved.append(("aging:STOP", ("STOP",)))  # free cards were left: it stops them
        if c.word[card] == "DOUBLE" and c.rule[s.current] == "NO_DOUBLES":
            s.resolved.append(("chapter:NO_DOUBLES", ("NO_DOUBLES",)))  # a Double that cannot be used

    def _need_refill(self, s: State) -> bool:
        """The fighting stack is empty: an aging card joins the discard pile, which becomes the stack (a chance
        step). False when there is nothing at all to draw."""
        if not s.discard and not s.aging:
            return False
        s.chance = ("refill",)
        return True

    def _apply_chance(self, s: State, action: tuple) -> None:
        kind = action[0]
        s.chance = None
        if kind == "setup":
            _, deck, dangers, aging, chapters = action
            s.deck = [s.deck[i] for i in deck]
            s.dangers = [s.dangers[i] for i in dangers]
            s.aging = [s.aging[i] for i in aging]
            s.chapters = [s.chapters[i] for i in chapters]
            for step in self.catalog.steps[:min(s.sol, FINALS - 1) + 1]:
                s.resolved.append((step, ()))
            s.phase = "next"
        elif kind == "refill":
            pile = s.discard + ([s.aging.pop()] if s.aging else [])
            s.deck = [pile[i] for i in action[1]]
            s.discard = []
        else:
            s.dangers = [s.danger_discard[i] for i in action[1]]
            s.danger_discard = []

    # -- turns -------------------------------------------------------------------------------------------
    def _next_turn(self, s: State) -> None:
        if s.round >= self.max_fights:
            s.over = True
            return
        if s.sol == FINALS:
            if not s.chapters:
                s.won = s.over = True
            elif len(s.chapters) > 1:
                s.phase = "order"
            else:
                self._begin_fight(s, s.chapters[0])
            return
        if len(s.dangers) >= 2:
            s.offer = [s.dangers.pop(), s.dangers.pop()]
            s.phase = "choose"
        elif len(s.dangers) == 1:
            self._begin_fight(s, s.dangers.pop())  # the last danger is fought: no choice
        else:
            s.sol += 1
            if s.sol < FINALS:
                s.resolved.append((self.catalog.steps[s.sol], ()))
                s.chance = ("dangers",)
            else:
                s.danger_discard = []  # what is left of the dangers is no longer used

    def _begin_fight(self, s: State, card: int) -> None:
        c = self.catalog
        s.current, s.phase = card, "fight"
        s.drawn, s.free_set, s.used, s.doubled = [], set(), set(), set()
        s.free_drawn = s.step_down = 0
        s.resolved.append((c.keys[card], ()))
        if c.rule[card] == "AGING_WEIGHT" and self.target(s) > c.hazard[card]:
            s.resolved.append(("chapter:AGING_WEIGHT", ("AGING_WEIGHT",)))

    # -- the numbers of a fight -------------------------------------------------------------------------------
    def final(self, s: State) -> bool:
        return self.catalog.kinds[s.current] == CHAPTER

    def target(self, s: State) -> int:
        c = self.catalog
        card = s.current
        if c.kinds[card] == CHAPTER:
            value = c.hazard[card]
            if c.rule[card] == "AGING_WEIGHT":
                value += 2 * sum(1 for x in s.deck + s.discard + s.drawn if c.kinds[x] == AGING)
            return value
        return c.sols[card][max(0, s.sol - s.step_down)]

    def strength(self, s: State) -> int:
        c = self.catalog
        zeroes = self.zeroes.intersection(s.drawn)
        if not s.doubled and not zeroes:
            return sum(map(c.value.__getitem__, s.drawn))
        values = [c.value[x] * (2 if x in s.doubled else 1) for x in s.drawn]
        for _ in zeroes:  # one card each: the highest unchanged positive value
            best = max((i for i, x in enumerate(s.drawn) if x not in s.doubled and values[i] > 0),
                       key=lambda i: values[i], default=None)
            if best is None:
                break
            values[best] = 0
        return sum(values)

    def stopped(self, s: State) -> bool:
        return not self.stops.isdisjoint(s.drawn)

    def _buy_cost(self, s: State) -> int:
        return 2 if self.catalog.rule[s.current] == "DEAR_DRAWS" else 1

    def _can_draw(self, s: State) -> bool:
        return bool(s.deck or s.discard or s.aging)

    # -- fight actions ---------------------------------------------------------------------------------------
    def _fight_actions(self, s: State):
        c = self.catalog
        can_draw = bool(s.deck or s.discard or s.aging)
        free_left = can_draw and s.free_drawn < c.free[s.current] and not self.stopped(s)
        draws = [("draw",)] if free_left else []
        if not free_left and can_draw and (s.life >= self._buy_cost(s) or self.final(s)):
            draws.append(("buy",))
        word, used = c.word, s.used
        uses = [("use", x) for x in s.drawn if word[x] is not None and x not in used and self._usable(s, x)]
        ends = []
        if s.drawn or not can_draw:
            if self.strength(s) >= self.target(s):
                ends.append(("win",))
            elif not self.final(s):
                ends.append(("lose",))  # lost on purpose: only when short
        if not (draws or uses or ends):
            ends.append(("buy",))  # a Final Chapter with nothing left to try: paying is all there is
        return Moves((("draw", draws), ("use", uses), ("end", ends)))

    def _others(self, s: State, source: int, chain=frozenset()):
        return [x for x in s.drawn if x != source and x not in chain]

    def _usable(self, s: State, card: int) -> bool:
        c = self.catalog
        word = c.word[card]
        if word is None or c.kinds[card] == AGING:
            return False
        if word in ("DESTROY", "EXCHANGE", "BELOW_STACK"):
            return bool(self._others(s, card))
        if word == "DOUBLE":
            return self.catalog.rule[s.current] != "NO_DOUBLES" and any(x not in s.doubled for x in self._others(s, card))
        if word == "COPY":
            return bool(self._copyable(s, card, frozenset([card])))
        if word == "STEP_DOWN":
            return 0 < s.sol < FINALS and s.step_down < s.sol
        if word == "SORT":
            return bool(s.deck)
        if word == "CARDS":
            return self._can_draw(s)
        return True

    def _copyable(self, s: State, source: int, chain) -> list[int]:
        c = self.catalog
        return [x for x in self._others(s, source, chain) if c.word[x] is not None and c.kinds[x] != AGING
                and (c.word[x] != "COPY" or self._copyable(s, source, chain | {x}))
                and (c.word[x] != "DOUBLE" or (c.rule[s.current] != "NO_DOUBLES"
                                               and any(y not in s.doubled for y in self._others(s, source))))]

    def _use(self, s: State, card: int) -> None:
        s.used.add(card)
        self._ability(s, card, card, frozenset([card]))

    def _ability(self, s: State, source: int, card: int, chain) -> None:
        """The ability printed on `card`, used by `source` (itself, or a Copy that copies it)."""
        c = self.catalog
        word, n = c.word[card], c.number[card]
        s.resolved.append((f"ability:{word}", (word,)))
        if word == "LIFE":
            s.life = min(self.cap, s.life + n)
        elif word == "CARDS":
            s.queue.append(("draw", True))
            if n > 1:
                s.queue.append(("frame", ("more",)))
        elif word == "STEP_DOWN":
            s.step_down += 1
        elif word == "SORT":
            s.pending.append(("sort",))
        elif word == "BELOW_STACK":
            s.queue += [("refill",), ("frame", ("below", source, chain))]
        elif word == "COPY":
            s.pending.append(("copy", source, chain))
        else:  # DESTROY, DOUBLE, EXCHANGE: a card of the fight to act on
            s.pending.append((word.lower(), source, chain, n))

    # -- decisions inside an ability ---------------------------------------------------------------------------
    def _pending_actions(self, s: State, frame) -> list[tuple]:
        kind = frame[0]
        if kind == "more":
            return [("more",), ("enough",)] if self._can_draw(s) else [("enough",)]
        if kind == "sort":
            return _sort_options(s.deck[-3:])
        if kind == "paid":
            budget = frame[1]
            return [("destroy", x) for x in _distinct(self.catalog, s.drawn)
                    if self._destroy_price(x) <= budget] + [("done",)]
        if kind == "copy":
            return [("target", x) for x in self._copyable(s, frame[1], frame[2])]
        others = self._others(s, frame[1])  # any card but the one using the ability (a copied card may be picked)
        if kind == "double":
            others = [x for x in others if x not in s.doubled]
        options = [("target", x) for x in others]
        if kind == "exchange" and len(frame) > 4:  # the second of two exchanges is optional
            options.append(("enough",))
        return options

    def _destroy_price(self, card: int) -> int:
        return self.destroy_aging_cost if self.catalog.kinds[card] == AGING else self.destroy_cost

    def _apply_pending(self, s: State, frame, action) -> None:
        kind = frame[0]
        if kind == "more":
            if action[0] == "more":
                s.queue.append(("draw", True))
        elif kind == "sort":
            self._sort(s, action)
        elif kind == "paid":
            if action[0] == "destroy":
                self._remove(s, action[1], destroyed=True)
                budget = frame[1] - self._destroy_price(action[1])
                if budget > 0 and s.drawn:
                    s.pending.append(("paid", budget))
                    return
            self._after_fight(s, lost=True)
        elif kind == "copy":
            self._ability(s, frame[1], action[1], frame[2] | {action[1]})
        elif action[0] == "enough":
            return
        elif kind == "destroy":
            self._remove(s, action[1], destroyed=True)
        elif kind == "double":
            s.doubled.add(action[1])
        elif kind == "exchange":
            target = action[1]
            was_free = target in s.free_set
            self._remove(s, target)
            s.discard.append(target)
            s.queue.append(("draw", was_free))
            if frame[3] > 1 and len(frame) == 4:
                s.queue.append(("frame", ("exchange", frame[1], frame[2], frame[3], "second")))
        elif kind == "below":
            target = action[1]
            was_free = target in s.free_set
            self._remove(s, target)
            s.deck.insert(0, target)
            if was_free:
                s.queue.append(("draw", True))

    def _remove(self, s: State, card: int, destroyed: bool = False) -> None:
        s.drawn.remove(card)
        s.free_set.discard(card)
        s.used.discard(card)
        s.doubled.discard(card)
        if destroyed:
            s.removed.append(card)
            s.destroyed.append(self.catalog.fight_key[card])
            s.resolved.append((f"destroyed:{self.catalog.fight_key[card]}", ()))

    def _sort(self, s: State, action) -> None:
        _, dropped, order = action
        looked = s.deck[-3:]
        del s.deck[-len(looked):]
        if dropped is not None:
            s.discard.append(dropped)
        s.deck += list(reversed(order))  # order[0] goes back on top

    # -- ending a fight -------------------------------------------------------------------------------------------
    def _buy(self, s: State) -> None:
        cost = self._buy_cost(s)
        if s.life < cost:
            self._die(s)
            return
        s.life -= cost
        s.bought_life += cost
        if cost == 2:
            s.resolved.append(("chapter:DEAR_DRAWS", ("DEAR_DRAWS",)))
        s.queue.append(("draw", False))

    def _win(self, s: State) -> None:
        c = self.catalog
        self._witness_zero(s)
        card = s.current
        if c.kinds[card] == CHAPTER:
            s.chapters.remove(card)
            s.resolved.append((f"beaten:{c.keys[card]}", ()))
        else:
            s.discard.append(card)  # turned round: its knowledge side from now on
            s.acquired.append(c.fight_key[card])
        self._after_fight(s, lost=False)

    def _lose(self, s: State) -> None:
        self._witness_zero(s)
        short = max(0, self.target(s) - self.strength(s))
        if short > s.life:
            self._die(s)
            return
        s.life -= short
        s.danger_discard.append(s.current)
        s.current = None
        if short and s.drawn:
            s.pending.append(("paid", short))
        else:
            self._after_fight(s, lost=True)

    def _witness_zero(self, s: State) -> None:
        c = self.catalog
        if any(c.word[x] == "HIGHEST_ZERO" and c.kinds[x] == AGING for x in s.drawn) and any(
                c.value[x] > 0 for x in s.drawn):
            s.resolved.append(("aging:HIGHEST_ZERO", ("HIGHEST_ZERO",)))

    def _after_fight(self, s: State, lost: bool) -> None:
        c = self.catalog
        aging_loss = sum(c.number[x] for x in s.drawn if c.word[x] == "LOSE_LIFE" and c.kinds[x] == AGING)
        s.discard += s.drawn
        s.drawn = []
        s.current = None
        s.round += 1
        if aging_loss:
            s.resolved.append(("aging:LOSE_LIFE", ("LOSE_LIFE",)))
            if aging_loss > s.life:
                self._die(s)
                return
            s.life -= aging_loss
        if s.sol == FINALS and not lost and not s.chapters:
            s.won = s.over = True
            return
        s.phase = "next"

    def _die(self, s: State) -> None:
        """A life to pay and none left: the game is lost."""
        s.life = 0
        s.over = True



def _distinct(catalog, cards) -> list[int]:
    return one_of_each(cards, lambda card: catalog.fight_key[card])


def _sort_options(cards) -> list[tuple]:
    """("sort", the card discarded or None, the others top first) for every choice Sort allows."""
    from itertools import permutations

    options = [("sort", None, order) for order in permutations(reversed(cards))]
    for dropped in cards:
        rest = [x for x in reversed(cards) if x != dropped]
        options += [("sort", dropped, order) for order in permutations(rest)]
    return options
