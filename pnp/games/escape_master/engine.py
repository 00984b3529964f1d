"""Escape Master's rules engine, on the shared machine (pnp.engine.machine).

A real-time game played as interleaving: in the play phase a chance step
(`Turn`) picks which player acts next (uniformly among those with a legal
action), so a faster opponent can make your play impossible, as at the table.
Rounds run deal (`Deal` chance) -> prepare (Beast Mode and start-of-round
choices, as decisions) -> play -> scoring, until the Breaking Point (or a
variant's end) and any tie-breaks.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from pnp.engine.api import InvariantError, Result
from pnp.engine.machine import Machine, Options, OptionsError, choice
from pnp.games.escape_master import moves
from pnp.games.escape_master.catalog import build_catalog
from pnp.games.escape_master.plays import PlayRules
from pnp.games.escape_master.prepare import PrepareRules
from pnp.games.escape_master.scoring import ScoringRules
from pnp.games.escape_master.state import Catalog, Deal, EscapeMasterState, Player, Turn
from pnp.games.escape_master.vocabulary import PLAYER_COUNTS
from pnp.model import Difficulty

# Sanity bounds for the invariant checks, never rules: a round ends within about 2 x 106 moves (every move lays,
# draws or spends a once-a-round power), and a game ends at the Breaking Point long before.
MAX_STEPS_PER_ROUND = 3000
MAX_ROUNDS = 400
LEVELS = tuple(level.value for level in Difficulty)
TURN = Turn()
# the moves that are plays for a head start (clar-head-start): a card laid on a Stack or an Action pile
HEAD_START_PLAYS = frozenset({"play", "stretch", "open", "combo", "close", "trap", "escape"})


@dataclass(frozen=True)
class EscapeMasterOptions(Options):
    players: int = choice(4, tuple(range(PLAYER_COUNTS[0], PLAYER_COUNTS[1] + 1)), "seats at the table")
    team: bool = False  # Escape Alliance: teams of two (red)
    set_rounds: bool = False  # a fixed number of rounds instead of the Breaking Point
    early_ending: bool = False  # the Doom pile ends the game early (red)
    difficulty: str | None = choice(None, LEVELS, "the kit on the table; none: the level the engine was built at")


class EscapeMasterEngine(PrepareRules, PlayRules, ScoringRules, Machine):
    Options = EscapeMasterOptions
    game_name = "escape-master"
    _offered = None  # (state, round, steps, player, moves): the last Turn's chosen player and their moves

    def __getstate__(self):  # the cached moves belong to one game in one process: never shipped to a worker
        state = super().__getstate__()
        state.pop("_offered", None)
        return state

    def __init__(self, catalogs: dict[Difficulty, Catalog], level: Difficulty = Difficulty.red):
        self.catalogs = catalogs
        self.catalog = catalogs[level]  # the kit the engine was built for: what a playtest must witness

    @classmethod
    def from_game(cls, game, difficulty: Difficulty | None = None) -> EscapeMasterEngine:
        return cls({level: build_catalog(game, level) for level in Difficulty}, difficulty or Difficulty.red)

    # -- the first state ------------------------------------------------------------------------------------
    def new_game(self, rng: random.Random, options: EscapeMasterOptions) -> EscapeMasterState:
        catalog = self.catalogs[Difficulty(options.difficulty)] if options.difficulty else self.catalog
        n = options.players
        if options.team and (n % 2 or n < 4):
            raise OptionsError(f"escape-master: the team game needs teams of two (4 or 6 players), not {n} players")
        if options.early_ending and not any(c.kind == "doom_master" for c in catalog.cards):
            raise OptionsError("escape-master: the early ending needs the Doom Master cards (the red kit)")
        leaders = list(range(len(catalog.leaders)))
        rng.shuffle(leaders)
        stories = list(range(len(catalog.stories)))
        rng.shuffle(stories)
        state = EscapeMasterState()
        state.start()
        state.catalog, state.count = catalog, n
        state.teams = tuple(p % (n // 2) for p in range(n)) if options.team else None
        state.dealer, state.seated = rng.randrange(n), list(range(n))
        state.players = [Player(leaders[p] if p < len(leaders) else None) for p in range(n)]
        state.story_deck, state.removed, state.pile, state.stacks = stories, [], [], []
        state.phase, state.head_start, state.actor, state.steps = "deal", None, None, 0
        state.tiebreaks, state.winners = 0, []
        state.rounds_limit = catalog.set_rounds if options.set_rounds else None
        state.early_ending = options.early_ending
        state.chance = Deal()
        return state

    # -- who acts: a table without turns ----------------------------------------------------------------------
    def advance(self, state: EscapeMasterState) -> bool:
        """In play with nobody acting: a head start's holder acts, or chance picks the next hand to land."""
        if state.phase != "play" or state.actor is not None:
            return False
        forced = self._forced_actor(state)
        if forced is not None:
            state.actor = state.seat = forced
            return False
        state.chance = TURN
        return True

    def _forced_actor(self, state: EscapeMasterState) -> int | None:
        """HEAD_START: the holder acts first while they have plays left and a play to make (clar-head-start);
        with none to make, the head start is over."""
        if state.head_start:
            player, left = state.head_start
            if left > 0 and any(action[0] in HEAD_START_PLAYS for action in moves.player_actions(state, player)):
                return player
            state.head_start = None
        return None

    def outcomes_Turn(self, state: EscapeMasterState, chance: Turn) -> list[tuple]:
        return [("turn", q) for q in state.seated if moves.player_actions(state, q)]

    def sample_Turn(self, state: EscapeMasterState, chance: Turn, rng: random.Random) -> tuple:
        # uniform over players with a legal action, by rejection: cheaper than listing every player's moves
        players = state.players
        candidates = [q for q in state.seated if not players[q].out]
        while candidates:
            q = candidates.pop(rng.randrange(len(candidates)))
            actions = moves.player_actions(state, q)
            if actions:
                # the chosen player's moves stay valid through the ("turn", q) step: keep them for `moves`
                self._offered = (state, state.round, state.steps, q, actions)
                return ("turn", q)
        raise InvariantError(f"round {state.round}: no player has a legal action in a non-terminal state")

    def resolve_Turn(self, state: EscapeMasterState, chance: Turn, action: tuple) -> None:
        state.actor = state.seat = action[1]

    def moves(self, state: EscapeMasterState) -> list[tuple]:
        player = state.actor
        if state.phase != "play" or player is None:
            return []
        offered = self._offered
        if (offered and offered[0] is state and offered[1] == state.round and offered[2] == state.steps
                and offered[3] == player):
            return list(offered[4])
        return moves.player_actions(state, player)

    def _after_move(self, state: EscapeMasterState, player: int, kind: str) -> None:
        state.steps += 1
        state.actor = None
        if state.head_start and state.head_start[0] == player:
            if kind in HEAD_START_PLAYS:
                left = state.head_start[1] - 1
                source = next(pw.source for pw in state.players[player].powers if pw.word == "HEAD_START")
                self._note(state, source, ("HEAD_START",))  # a card laid before anyone else could act
                state.head_start = (player, left) if left > 0 else None
            else:  # a draw, a call or a card to History is no play, and it ends the head start (clar-head-start)
                state.head_start = None
        self._maybe_end_round(state)

    # -- the outcome ------------------------------------------------------------------------------------------
    def result(self, state: EscapeMasterState) -> Result:
        return Result(scores=[me.total for me in state.players], winners=list(state.winners), rounds=state.round)

    def check_invariants(self, state: EscapeMasterState) -> None:
        if state.phase in ("play", "prepare"):
            players = state.players
            zones = [c for me in players for zone in (me.hand, me.snares, me.pitfalls, me.history) for c in zone]
            zones += state.pile + [c for s in state.stacks for c in s.cards] + state.removed
            expected = len(state.catalog.cards)
            if len(zones) != expected or len(set(zones)) != expected:
                raise InvariantError(f"round {state.round}: {len(zones)} card places for {expected} cards "
                                     f"({len(set(zones))} distinct)")
            for p, me in enumerate(players):
                if len(me.snares) > 1:
                    raise InvariantError(f"player {p} has {len(me.snares)} Snares at once")
        if state.steps > MAX_STEPS_PER_ROUND:
            raise InvariantError(f"round {state.round} passed {MAX_STEPS_PER_ROUND} actions")
        if state.round > MAX_ROUNDS:
            raise InvariantError(f"the game passed {MAX_ROUNDS} rounds")
        # "no non-terminal state without a legal action" is enforced where the next actor is
        # chosen (sample_Turn) and by the runner, which sees every decision point
