"""Escort Service's rules engine: a whole campaign, scenario after scenario, for 1 to 4 pilots (rules.yaml).

The board is a row of columns, column 0 directly above the shuttle; each
column is a tuple of units, bottom first. The unit at the bottom of column 0
is the active unit; an empty column 0 makes the board TICK. Pilots decide
their moves (and the team decides its order, scrap and upgrades); enemies
act by the targeting rules alone. Shuffles are chance steps, sampled from the
seeded generator, so a seed replays a campaign.

The engine is a `pnp.engine.machine.Machine`; its rules live by topic in
board (reach, targets, moving), combat (effects, damage, destroyed units),
turns (whose turn, cards and actions) and campaign (scenarios, scrap,
upgrades).
"""
from __future__ import annotations

import random

from pnp.engine.api import InvariantError, Result
from pnp.engine.machine import Machine, OptionsError
from pnp.games.escort_service.board import Board
from pnp.games.escort_service.campaign import Campaign
from pnp.games.escort_service.catalog import Catalog, build_catalog
from pnp.games.escort_service.combat import Combat
from pnp.games.escort_service.records import SHUTTLE, CampaignShuffle, EscortOptions
from pnp.games.escort_service.state import State
from pnp.games.escort_service.turns import Turns

__all__ = ["SHUTTLE", "EscortEngine"]


class EscortEngine(Turns, Combat, Board, Campaign, Machine):
    Options = EscortOptions
    game_name = "escort-service"

    def __init__(self, catalog: Catalog):
        self.catalog = catalog
        settings = catalog.settings
        self.columns, self.hand_size, self.max_turns = settings.columns, settings.hand_size, settings.max_turns
        self.upgrade_draw, self.upgrade_keep, self.min_deck = (settings.upgrade_draw, settings.upgrade_keep,
                                                               settings.min_deck)
        self._kinds = tuple(card.id for card in catalog.cards)  # card index -> its id: copies share one
        self._scrap_cards = {effect: card_id for card_id, effect in catalog.scrap}  # what a scrap card does -> its id
        self._steps: dict = {}  # the steps of a unit's card or side, made once (turns.Turns._card_steps)
        self._options: dict = {}  # options checked once per set of values given

    def options(self, **given) -> EscortOptions:
        """The machine's checked options; the same values give the same (frozen) options, checked once."""
        key = tuple(sorted(given.items()))
        options = self._options.get(key)
        if options is None:
            options = self._options[key] = super().options(**given)
        return options

    @classmethod
    def from_game(cls, game, difficulty=None):
        return cls(build_catalog(game))

    def new_game(self, rng: random.Random, options: EscortOptions) -> State:
        """A campaign for these pilots, from this scenario; the scrap pile and upgrade decks are shuffled first."""
        characters = options.pilots.split(",")
        unknown = [c for c in characters if c not in self.catalog.pilots]
        if unknown or not 1 <= len(characters) <= 4:
            raise OptionsError(f"escort-service: pilots '{options.pilots}' must name 1 to 4 of "
                               f"{', '.join(self.catalog.pilots)}")
        if not 0 <= options.scenario < len(self.catalog.scenarios):
            raise OptionsError(f"escort-service: scenario {options.scenario} is not one of 0 to "
                               f"{len(self.catalog.scenarios) - 1}")
        s = State.new(self.catalog, characters, options.scenario)
        s.chance = CampaignShuffle()
        return s

    def _distinct(self, cards) -> list[int]:
        """One card of each kind: copies of a card are one choice, not several (the first copy in order)."""
        kinds = self._kinds
        seen, found = set(), []
        for card in cards:
            kind = kinds[card]
            if kind not in seen:
                seen.add(kind)
                found.append(card)
        return found

    # -- the API --------------------------------------------------------------------------------------------------
    def result(self, s: State) -> Result:
        won = s.won
        seats = range(len(s.seats))
        return Result([s.scenarios_won] * len(s.seats), list(seats) if won else [], s.round,
                      {"pilots": [seat.character for seat in s.seats], "players": len(s.seats), "won": won,
                       "scenarios_won": s.scenarios_won, "reached": s.scenario, "shuttle": s.shuttle_damage,
                       "turns": s.round, "lost": s.lost_reason})

    def check_invariants(self, s: State) -> None:
        on_board = [u for column in s.columns for u in column]
        if len(on_board) != len(set(on_board)):
            raise InvariantError("a unit is in two places")
        for u in on_board:
            if not s.alive(u):
                raise InvariantError(f"unit {u} is on the board but destroyed")
        if s.shuttle_damage < 0 or any(seat.damage < 0 for seat in s.seats):
            raise InvariantError("negative damage")
        for seat in s.seats:
            cards = seat.cards
            if len(cards) != seat.deck_size:
                raise InvariantError(f"{seat.character} has {len(cards)} cards in play, its deck is {seat.deck_size}")
            if not seat.down and s.health_left(seat.index) <= 0 and s.phase != "setup":
                raise InvariantError(f"{seat.character} stands with {seat.damage} damage on {seat.max_health} health")
