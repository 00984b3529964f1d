"""Stranded's rules engine: one game, from the first danger to the second Final Chapter (rules.yaml).

The engine is a `pnp.engine.machine.Machine`: this module holds the game's
outline (setting up, the shuffles, choosing the next fight, the end); a
fight's moves and numbers are in `fight`, the abilities in `abilities`, the
state and its records in `state`. Shuffles are the only randomness, each a
chance step, so a seed replays a game.
"""
from __future__ import annotations

import random

from pnp.engine.api import InvariantError, Result, shuffled_order
from pnp.engine.machine import Machine
from pnp.games.stranded.abilities import Abilities
from pnp.games.stranded.catalog import AGING, Catalog, build_catalog
from pnp.games.stranded.fight import FightRules
from pnp.games.stranded.state import FINALS, LEVELS, ChooseChapter, ChooseDanger, NewSol, SetUp, State, StrandedOptions, choose_danger

__all__ = ["FINALS", "LEVELS", "StrandedEngine"]


class StrandedEngine(FightRules, Abilities, Machine):
    Options = StrandedOptions
    game_name = "Stranded"

    def __init__(self, catalog: Catalog, difficulty: str | None = None):
        self.catalog = catalog
        self.difficulty = difficulty  # the one level a playtest plays, if it was asked for one
        settings = catalog.settings
        self.cap, self.start_life = settings.life_cap, settings.starting_life
        self.destroy_cost, self.destroy_aging_cost = settings.destroy_cost, settings.destroy_aging_cost
        self.per_game = settings.chapters_per_game
        # the aging cards that act by themselves, as sets: asked on every move of a fight
        aging = [i for i in range(len(catalog.keys)) if catalog.kinds[i] == AGING]
        # the ability a player may use, per card: aging abilities are not theirs to use
        self.own_word = tuple(None if catalog.kinds[i] == AGING else catalog.word[i] for i in range(len(catalog.keys)))
        self.stops = frozenset(i for i in aging if catalog.word[i] == "STOP")
        self.zeroes = frozenset(i for i in aging if catalog.word[i] == "HIGHEST_ZERO")

    @classmethod
    def from_game(cls, game, difficulty=None):
        """The engine plays every level (a game's level is its `level` option); asked for one difficulty, it
        says so, and the playtest expects only the cards played at that level."""
        return cls(build_catalog(game), difficulty.value if difficulty is not None else None)

    # -- a new game ----------------------------------------------------------------------------------------
    def new_game(self, rng: random.Random, options: StrandedOptions) -> State:
        """The piles of a new game at the options' level, waiting for the first shuffles."""
        c = self.catalog
        s = State.__new__(State)
        s.start()
        s.level = level = LEVELS.index(options.level)
        s.life = self.start_life[options.level]
        s.deck, s.discard, s.removed = list(c.starting), [], []
        s.aging = [a for a in c.aging if c.levels[a] <= level]  # cards above the level stay in the box
        s.dangers, s.danger_discard = list(c.dangers), []
        s.chapters = [ch for ch in c.chapters if c.levels[ch] <= level]
        s.sol, s.current = 0, None
        s.drawn, s.free_set, s.used, s.doubled = [], set(), set(), set()
        s.free_drawn = s.step_down = s.weight = 0
        s.won, s.destroyed, s.acquired, s.bought_life = False, [], [], 0
        s.chance = SetUp()
        return s

    # -- the shuffles ----------------------------------------------------------------------------------------
    def sample_SetUp(self, s: State, chance, rng: random.Random) -> tuple:
        return ("setup", shuffled_order(rng, len(s.deck)), shuffled_order(rng, len(s.dangers)),
                shuffled_order(rng, len(s.aging)), tuple(sorted(rng.sample(range(len(s.chapters)), self.per_game))))

    def resolve_SetUp(self, s: State, chance, action) -> None:
        _, deck, dangers, aging, chapters = action
        s.deck = [s.deck[i] for i in deck]
        s.dangers = [s.dangers[i] for i in dangers]
        s.aging = [s.aging[i] for i in aging]
        s.chapters = [s.chapters[i] for i in chapters]  # the others go back in the box
        for step in self.catalog.steps[:min(s.sol, FINALS - 1) + 1]:  # the Sol card on the table
            s.resolved.append((step, ()))

    def sample_Reshuffle(self, s: State, chance, rng: random.Random) -> tuple:
        return ("refill", shuffled_order(rng, len(s.discard) + (1 if s.aging else 0)))

    def resolve_Reshuffle(self, s: State, chance, action) -> None:
        pile = s.discard + ([s.aging.pop()] if s.aging else [])
        s.deck = [pile[i] for i in action[1]]
        s.discard = []

    def sample_NewSol(self, s: State, chance, rng: random.Random) -> tuple:
        return ("dangers", shuffled_order(rng, len(s.danger_discard)))

    def resolve_NewSol(self, s: State, chance, action) -> None:
        s.dangers = [s.danger_discard[i] for i in action[1]]
        s.danger_discard = []

    # -- turns --------------------------------------------------------------------------------------------------
    def advance(self, s: State) -> bool:
        """Between fights: turn over the next dangers, move the Sol on, or face the Final Chapters."""
        if s.current is not None:
            return False  # a fight is on: it waits for a move
        if s.sol == FINALS:
            if not s.chapters:
                s.won = s.over = True
            elif len(s.chapters) > 1:
                s.pending.append(ChooseChapter())
            else:
                self.begin_fight(s, s.chapters[0])
        elif len(s.dangers) >= 2:
            s.pending.append(choose_danger(s.dangers.pop(), s.dangers.pop()))
        elif s.dangers:
            self.begin_fight(s, s.dangers.pop())  # the last danger is fought: no choice
        else:
            s.sol += 1
            if s.sol < FINALS:
                s.resolved.append((self.catalog.steps[s.sol], ()))
                s.chance = NewSol()
            else:
                s.danger_discard = []  # what is left of the dangers goes back in the box
        return True

    def offer_ChooseDanger(self, s: State, decision: ChooseDanger) -> list[tuple]:
        return [("fight", card) for card in decision.cards]

    def answer_ChooseDanger(self, s: State, decision: ChooseDanger, action) -> None:
        first, second = decision.cards
        s.danger_discard.append(second if action[1] == first else first)
        self.begin_fight(s, action[1])

    def offer_ChooseChapter(self, s: State, decision) -> list[tuple]:
        return [("chapter", card) for card in s.chapters]

    def answer_ChooseChapter(self, s: State, decision, action) -> None:
        self.begin_fight(s, action[1])

    # -- the end ------------------------------------------------------------------------------------------------
    def result(self, s: State) -> Result:
        return Result([s.life if s.won else 0], [0] if s.won else [], s.round,
                      {"level": LEVELS[s.level], "won": s.won, "life": s.life, "sol": s.sol,
                       "destroyed": list(s.destroyed), "acquired": list(s.acquired)})

    def check_invariants(self, s: State) -> None:
        if not 0 <= s.life <= self.cap:
            raise InvariantError(f"life {s.life} outside 0..{self.cap}")
        piles = s.deck + s.discard + s.drawn + s.removed + s.aging + s.dangers + s.danger_discard
        for decision in s.pending:
            if decision.__class__ is ChooseDanger:
                piles += decision.cards
        if s.current is not None and s.current not in s.chapters:
            piles.append(s.current)
        if len(piles) != len(set(piles)):
            raise InvariantError("a card is in two places at once")
