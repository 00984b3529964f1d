"""2200: Escaping Earth's rules engine: whole campaigns of runs, played by the book (rules.yaml and its
Clarifications say where the seed left a choice to us). Built on the machine (pnp.engine.machine).

A campaign: choose a ship, build its deck, pick SYSTEM cards, place the ship
(campaign.BetweenRuns). A turn: draw by crew, Time Dilation discards, systems;
the action phase (turns.TurnRules; cards and attacks in attacks.AttackRules);
the counter attack, in the order the player picks; rewards for cleared Zones
(gold or shop; BOSS events, which also open the next level); buying; cleanup
(rewards.RewardRules). Shuffles are the only randomness, each a chance step.
"""
from __future__ import annotations

import dataclasses

from pnp.engine.api import InvariantError, Result, shuffled_order
from pnp.engine.machine import Machine, Options
from pnp.games.escaping_earth import campaign
from pnp.games.escaping_earth.attacks import AttackRules
from pnp.games.escaping_earth.campaign import BetweenRuns
from pnp.games.escaping_earth.catalog import Catalog, build_catalog
from pnp.games.escaping_earth.combat import top
from pnp.games.escaping_earth.rewards import RewardRules
from pnp.games.escaping_earth.state import ActionPhase, DiscardPlayed, Fire, State, Systems, new_state
from pnp.games.escaping_earth.turns import TurnRules


@dataclasses.dataclass(frozen=True)
class EscapingEarthOptions(Options):
    """runs: how many runs the campaign has to escape in (rule campaign-length); None: the game's setting."""

    runs: int | None = None


class EscapingEarthEngine(BetweenRuns, TurnRules, AttackRules, RewardRules, Machine):
    Options = EscapingEarthOptions
    game_name = "2200-escaping-earth"

    def __init__(self, catalog: Catalog):
        self.catalog = catalog
        self.statics = frozenset(catalog.statics)
        self.max_statics = catalog.settings.statics_to_lose - 1
        self.treasure_cards = tuple(i for i, item in enumerate(catalog.items)
                                    if item.treasure and catalog.zones[i] is not None)
        # the records a turn queues over and over, made once (records are immutable and shared)
        self.effect_steps: dict = {}
        self.crew_draws: dict = {}
        self.fire_steps = tuple(Fire(card=card) for card in range(len(catalog.items)))
        self.discard_steps = tuple(DiscardPlayed(card=card) for card in range(len(catalog.items)))
        self.systems_step = Systems()
        self.action_step = ActionPhase()
        self.pendulum_key = next((item.key for item in catalog.items if item.key == "power-of-the-pendulum"), "")
        self.phase_moves = {"ship": self.moves_ship, "build": self.moves_build, "systems": self.moves_systems,
                       "place": self.moves_place, "action": self.moves_action, "counter": self.moves_counter,
                       "rewards": self.moves_rewards, "buy": self.moves_buy}

    @classmethod
    def from_game(cls, game, difficulty=None):
        """The engine for a validated game (2200: Escaping Earth has no difficulty levels)."""
        return cls(build_catalog(game))

    def __getstate__(self):  # the table of bound methods is rebuilt in a worker process
        state = super().__getstate__()
        state.pop("phase_moves", None)
        return state

    def __setstate__(self, state):
        self.__init__(state["catalog"])

    # -- the machine's hooks ---------------------------------------------------------------------------------
    def new_game(self, rng, options: EscapingEarthOptions) -> State:
        runs = options.runs if options.runs is not None else self.catalog.settings.runs_per_campaign
        return new_state(self.catalog, runs)

    def moves(self, state):
        return self.phase_moves[state.phase](state)

    def advance(self, state) -> bool:
        phase = state.phase
        if phase == "lost":
            campaign.end_run(self.catalog, state, won=False)
            return True
        if phase == "counter":
            return self.advance_counter(state)
        if phase == "rewards":
            return self.advance_rewards(state)
        return False

    def is_won(self, state: State) -> bool:
        return state.won

    def result(self, state: State) -> Result:
        level = 6 if state.won else state.best_level  # 6: all three FINAL BOSS cards cleared
        return Result([level], [0] if state.won else [], state.round,
                      {"runs": state.runs, "won": state.won, "levels": list(state.levels)})

    # -- chance: shuffles ------------------------------------------------------------------------------------
    def sample_SetupShuffle(self, state, chance, rng):
        return ("shuffle-run", tuple(shuffled_order(rng, len(p)) for p in (state.deck, *(t.cards for t in state.tracks))))

    def resolve_SetupShuffle(self, state, chance, action) -> None:
        for pile, order in zip((state.deck, *(t.cards for t in state.tracks)), action[1]):
            pile[:] = [pile[i] for i in order]
        for track in range(3):
            self.reset_top(state, track)
        state.phase = "place"

    def sample_Reshuffle(self, state, chance, rng):
        return ("reshuffle", shuffled_order(rng, len(state.discard)))

    def resolve_Reshuffle(self, state, chance, action) -> None:
        state.deck = [state.discard[i] for i in action[1]]
        state.discard = []

    def sample_LevelShuffle(self, state, chance, rng):
        return ("level", chance.track, shuffled_order(rng, len(chance.cards)))

    def resolve_LevelShuffle(self, state, chance, action) -> None:
        """The next level's cards go on top of what is left of the track."""
        state.tracks[chance.track].cards += [chance.cards[i] for i in action[2]]
        self.reset_top(state, chance.track)

    def sample_UnderShuffle(self, state, chance, rng):
        return ("under", chance.track, shuffled_order(rng, len(state.tracks[chance.track].cards) - 1))

    def resolve_UnderShuffle(self, state, chance, action) -> None:
        """The chosen card stays on top; the cards under it are shuffled."""
        cards = state.tracks[chance.track].cards
        under = cards[:-1]
        cards[:-1] = [under[i] for i in action[2]]

    # -- invariants ------------------------------------------------------------------------------------------
    def check_invariants(self, state: State) -> None:
        if state.over:  # a finished campaign leaves the last run's table as it stood
            return
        if state.ship is not None and not 0 <= state.health <= state.ship.health:
            raise InvariantError(f"health {state.health} outside 0..{state.ship.health}")
        if not 0 <= state.charge <= 3 or state.move < 0 or state.credit < 0 or state.block < 0:
            raise InvariantError("a counter below 0 or Shield Charge above 3")
        held = len(self.statics) - len(state.supply)
        if held > self.max_statics:
            raise InvariantError(f"{held} Static cards held: the run should have been lost")
        piles = state.deck + state.hand + state.discard + state.play
        if len(piles) != len(set(piles)):
            raise InvariantError("a card is in two places at once")
        if state.ship is not None and any(not campaign.allowed(self.catalog.item(c), state.ship) for c in piles):
            raise InvariantError("a card only for another ship is in this run's deck")
        if state.turn > self.catalog.settings.max_turns:
            raise InvariantError(f"turn {state.turn} past the rulebook's limit")
        for track in range(3):
            zone = top(self.catalog, state, track)
            if zone is not None and len(state.tracks[track].damage) != len(zone.enemies):
                raise InvariantError(f"damage cubes of track {track} do not match its top card")
