"""Escape Master's rules engine.

A real-time game played as interleaving: in the play phase a chance step
picks which player acts next (uniformly among those with a legal action),
so a faster opponent can make your play impossible, as at the table.
Rounds run deal -> prepare (Beast Mode, start-of-round powers) -> play ->
scoring, until the Breaking Point (or a variant's end) and any tie-breaks.
"""
from __future__ import annotations

import random

from pnp.engine.api import AppliesOnCopy, InvariantError, Result
from pnp.games.escape_master import moves
from pnp.games.escape_master.catalog import build_catalog
from pnp.games.escape_master.prepare import PrepareRules, _empty_round
from pnp.games.escape_master.scoring import ScoringRules
from pnp.games.escape_master.state import WILD, Catalog, Stack, State

MAX_STEPS_PER_ROUND = 3000


class EscapeMasterEngine(PrepareRules, ScoringRules, AppliesOnCopy):
    def __init__(self, catalog: Catalog):
        self.catalog = catalog

    @classmethod
    def from_game(cls, game, difficulty=None, **_):
        return cls(build_catalog(game, difficulty))

    # -- set-up -------------------------------------------------------------
    def initial_state(self, rng: random.Random, players: int = 4, team: bool = False,
                      set_rounds: bool = False, early_ending: bool = False) -> State:
        if team and players % 2:
            raise ValueError("the team game needs an even number of players")
        red = self.catalog.difficulty.value == "red"
        leaders = list(range(len(self.catalog.leaders))) if red else []
        rng.shuffle(leaders)
        stories = list(range(len(self.catalog.stories))) if red else []
        rng.shuffle(stories)
        n = players
        return State(
            players=n, teams=tuple(p % (n // 2) for p in range(n)) if team else None,
            dealer=rng.randrange(n), seated=list(range(n)), totals=[0] * n,
            leaders=[leaders[p] if p < len(leaders) else None for p in range(n)], xp=[[] for _ in range(n)],
            story_deck=stories, story_next=[None] * n, story_now=[None] * n, beast=[False] * n,
            rounds_limit=self.catalog.set_rounds if set_rounds else None, early_ending=early_ending,
            **_empty_round(n),
        )

    # -- the API ------------------------------------------------------------
    def is_chance(self, state: State) -> bool:
        return state.phase in ("deal", "photo") or (state.phase == "play" and self._forced_actor(state) is None
                                                     and state.actor is None)

    def chance_outcomes(self, state: State) -> list[tuple]:
        """Enumerable chance outcomes: who acts next, or who finished in the same instant.
        (A shuffle is sampled: its outcomes are too many.)"""
        if state.phase == "photo":
            candidates = state.photo
            subsets = [tuple(q for k, q in enumerate(candidates) if mask >> k & 1) for mask in range(1 << len(candidates))]
            return [("photo", subset) for subset in sorted(subsets, key=lambda s: (len(s), s))]
        if state.phase != "play":
            return []
        return [("turn", q) for q in state.seated if moves.player_actions(state, self.catalog, q)]

    def sample_chance(self, state: State, rng: random.Random) -> tuple:
        if state.phase == "deal":
            return ("deal", rng.getrandbits(32))
        if state.phase == "photo":  # each rival's last card was as likely just before the call as just after it
            return ("photo", tuple(q for q in state.photo if rng.random() < 0.5))
        # uniform over players with a legal action, by rejection: cheaper than listing every player's moves
        candidates = [q for q in state.seated if not state.out[q]]
        while candidates:
            q = candidates.pop(rng.randrange(len(candidates)))
            actions = moves.player_actions(state, self.catalog, q)
            if actions:
                # the chosen player's moves stay valid through the ("turn", q) step: keep them for legal_actions
                self._offered = (state, state.steps, q, actions)
                return ("turn", q)
        raise InvariantError(f"round {state.round}: no player has a legal action in a non-terminal state")

    def current_player(self, state: State) -> int | None:
        if state.phase == "prepare" and state.tasks:
            return state.tasks[0][0]
        if state.phase == "play":
            forced = self._forced_actor(state)
            return forced if forced is not None else state.actor
        return None

    def legal_actions(self, state: State) -> list[tuple]:
        if state.phase == "prepare":
            return self._task_actions(state)
        player = self.current_player(state)
        if state.phase != "play" or player is None:
            return []
        offered = getattr(self, "_offered", None)
        if offered and offered[0] is state and offered[1] == state.steps and offered[2] == player and state.actor == player:
            return list(offered[3])
        return moves.player_actions(state, self.catalog, player)

    def is_terminal(self, state: State) -> bool:
        return state.phase == "over"

    def result(self, state: State) -> Result:
        return Result(scores=list(state.totals), winners=list(state.winners), rounds=state.round)

    # -- applying actions -----------------------------------------------------
    def apply_in_place(self, state: State, action: tuple) -> None:
        state.resolved = []
        kind = action[0]
        if kind == "deal":
            self._deal(state, action[1])
        elif kind == "photo":
            self._photo_finish(state, action[1])
        elif kind == "turn":
            state.actor = action[1]
        elif state.phase == "prepare":
            self._do_task(state, action)
        else:
            player = self.current_player(state)
            PLAY[kind](self, state, player, action)
            state.steps += 1
            state.actor = None
            if state.head_start and state.head_start[0] == player:
                state.head_start[1] -= 1
                if state.head_start[1] <= 0:
                    state.head_start = []
            self._maybe_end_round(state)

    def _forced_actor(self, state: State) -> int | None:
        """HEAD_START: the holder acts first while they have plays left and something to do."""
        if state.head_start:
            player, left = state.head_start
            if left > 0 and moves.player_actions(state, self.catalog, player):
                return player
        return None

    def _note(self, state: State, card_id: str, words=()) -> None:
        state.resolved.append((card_id, tuple(words)))

    def _note_card(self, state: State, card: int) -> None:
        info = self.catalog.cards[card]
        self._note(state, info.id, info.words)

    # -- play -------------------------------------------------------------------
    def _lay(self, state, p, card, stack_index):
        state.hands[p].remove(card)
        info = self.catalog.cards[card]
        stack = state.stacks[stack_index]
        stack.cards.append(card)
        stack.top = WILD if info.kind == "wisdom" else info.rank
        self._note_card(state, card)
        if info.kind == "wisdom":
            self._clear_snares(state)

    def _play(self, state, p, action):
        self._lay(state, p, action[1], action[2])

    def _stretch(self, state, p, action):
        self._use(state, p, "STRETCH")
        self._lay(state, p, action[1], action[2])

    def _open(self, state, p, action):
        card = action[1]
        state.stacks.append(Stack([], 7))
        self._lay(state, p, card, len(state.stacks) - 1)

    def _combo(self, state, p, action):
        _, a, b, s = action
        if s == -1:
            state.stacks.append(Stack([], 7))
            s = len(state.stacks) - 1
        self._lay(state, p, a, s)
        self._lay(state, p, b, s)
        self._note(state, "combination", ("COMBO",))

    def _close(self, state, p, action):
        _, card, s = action
        state.hands[p].remove(card)
        state.stacks[s].cards.append(card)
        state.stacks[s].closed = True
        self._note_card(state, card)

    def _trap(self, state, p, action):
        _, card, q = action
        state.hands[p].remove(card)
        info = self.catalog.cards[card]
        shield = "draw3" if info.trap == "draw3" else "direction"
        if shield in state.immune[q] or "all" in state.immune[q]:
            state.history[q].append(card)
            self._note(state, self._immunity_source(state, q, shield), ("IMMUNE",))
        elif info.trap == "draw3":
            state.pitfalls[q].append(card)
        else:
            state.snares[q].append(card)
        self._note_card(state, card)

    def _immunity_source(self, state, q, shield) -> str:
        return next(pw.source for pw in state.powers[q] if pw.word == "IMMUNE" and pw.param in (shield, "all"))

    def _escape(self, state, p, action):
        _, card, owner, trap, discard = action
        state.hands[p].remove(card)
        if trap is not None:
            (state.pitfalls[owner] if trap in state.pitfalls[owner] else state.snares[owner]).remove(trap)
            state.history[owner] += [trap, card]
        else:
            state.history[p].append(card)
        if discard is not None:
            state.hands[p].remove(discard)
            state.history[p].append(discard)
            if self.catalog.cards[discard].kind == "doom_master":
                self._note(state, self.catalog.cards[discard].id + " (vanished)", ("DISCARD_EXTRA",))
        self._note_card(state, card)

    def _accept(self, state, p, action):
        state.pitfalls[p].remove(action[1])
        for _ in range(3):
            if state.pile:
                state.hands[p].append(state.pile.pop())
        state.history[p].append(action[1])

    def _discard(self, state, p, action):
        state.hands[p].remove(action[1])
        state.history[p].append(action[1])
        self._note(state, self.catalog.cards[action[1]].id + " (discarded)", ())

    def _recycle(self, state, p, action):
        self._use(state, p, "DISCARD_NUMBERED")
        state.hands[p].remove(action[1])
        state.history[p].append(action[1])

    def _swap(self, state, p, action):
        self._use(state, p, "SWAP_WITH_PILE")
        state.hands[p].remove(action[1])
        state.pile.insert(0, action[1])
        state.hands[p].append(state.pile.pop())

    def _redirect(self, state, p, action):
        _, trap, q = action
        self._use(state, p, "REDIRECT_TRAP")
        pile = state.pitfalls if trap in state.pitfalls[p] else state.snares
        pile[p].remove(trap)
        shield = "draw3" if self.catalog.cards[trap].trap == "draw3" else "direction"
        if shield in state.immune[q] or "all" in state.immune[q]:  # passed on to an immune rival, it is spent
            state.history[q].append(trap)
            self._note(state, self._immunity_source(state, q, shield), ("IMMUNE",))
        else:
            pile[q].append(trap)

    def _draw(self, state, p, action):
        state.hands[p].append(state.pile.pop())

    def _announce(self, state, p, action):
        order = [(p + i) % state.players for i in range(1, state.players + 1)]  # caller last
        for q in order:
            if q not in state.seated or state.out[q] or not state.pile:
                continue
            if q != p and state.uses[q].get("SKIP_FORCED_DRAW", 0):
                self._use(state, q, "SKIP_FORCED_DRAW")
                continue
            state.hands[q].append(state.pile.pop())

    def _use(self, state, p, word):
        state.uses[p][word] -= 1
        source = next((pw.source for pw in state.powers[p] if pw.word == word), word)
        self._note(state, source, (word,))

    def _clear_snares(self, state):
        for q in range(state.players):
            if state.snares[q]:
                state.history[q] += state.snares[q]
                state.snares[q] = []
                self._note(state, "wisdom", ("CLEAR_DIRECTION_TRAPS",))

    # -- invariants ------------------------------------------------------------
    def check_invariants(self, state: State) -> None:
        if state.phase in ("play", "prepare"):
            zones = [c for h in state.hands for c in h] + state.pile + [c for s in state.stacks for c in s.cards]
            zones += [c for z in state.snares + state.pitfalls + state.history for c in z] + state.removed
            expected = len(self.catalog.cards)
            if len(zones) != expected or len(set(zones)) != expected:
                raise InvariantError(f"round {state.round}: {len(zones)} card places for {expected} cards ({len(set(zones))} distinct)")
            for p in range(state.players):
                if len(state.snares[p]) > 1:
                    raise InvariantError(f"player {p} has {len(state.snares[p])} Snares at once")
        if state.steps > MAX_STEPS_PER_ROUND:
            raise InvariantError(f"round {state.round} passed {MAX_STEPS_PER_ROUND} actions")
        # "no non-terminal state without a legal action" is enforced where the next actor is
        # chosen (sample_chance) and by the runner, which sees every decision point


PLAY = {
    "play": EscapeMasterEngine._play, "stretch": EscapeMasterEngine._stretch, "open": EscapeMasterEngine._open,
    "combo": EscapeMasterEngine._combo, "close": EscapeMasterEngine._close, "trap": EscapeMasterEngine._trap,
    "escape": EscapeMasterEngine._escape, "accept": EscapeMasterEngine._accept, "discard": EscapeMasterEngine._discard,
    "recycle": EscapeMasterEngine._recycle, "swap": EscapeMasterEngine._swap, "redirect": EscapeMasterEngine._redirect,
    "draw": EscapeMasterEngine._draw, "announce": EscapeMasterEngine._announce,
}
