"""Round end and scoring: Blunders, Story cards and Experience, the Breaking Point, tie-breaks."""
from __future__ import annotations

from pnp.engine.api import InvariantError
from pnp.games.escape_master import moves
from pnp.games.escape_master.state import State

MAX_ROUNDS = 400
EMPTYING = ("play", "open", "stretch", "close", "trap", "escape", "discard", "recycle")  # moves that lay down a last card


class ScoringRules:
    """Mixed into the engine: what happens when a round stops."""

    def _maybe_end_round(self, state: State) -> None:
        emptied = [p for p in state.seated if not state.hands[p] and not state.out[p]]
        for p in emptied:
            state.out[p] = True
        if emptied and (state.teams is None or self._team_done(state)):
            self._close_call(state)
        elif not state.pile and not any(moves.can_lay(state, self.catalog, q) for q in state.seated):
            self._end_round(state)
        elif all(state.out[q] for q in state.seated):
            self._end_round(state)

    def _team_done(self, state: State) -> bool:
        return any(state.out[p] and state.out[state.teammate(p)] for p in state.seated)

    def _close_call(self, state: State) -> None:
        """The round is going out. Rivals who could lay their last card at this instant may have been as fast
        (clar-photo-finish): a chance step says which were. Anyone with a Pitfall to answer is not among them."""
        state.photo = tuple(q for q in state.seated if not state.out[q] and len(state.hands[q]) == 1
                            and not state.pitfalls[q] and self._last_move(state, q) is not None)
        if state.photo:
            state.phase = "photo"
        else:
            self._end_round(state)

    def _last_move(self, state: State, q: int) -> tuple | None:
        """A move that empties a one-card hand: going out is emptying the hand by any legal move (clar-going-out)."""
        return next((a for a in moves.player_actions(state, self.catalog, q) if a[0] in EMPTYING), None)

    def _photo_finish(self, state: State, finished: tuple) -> None:
        for q in finished:
            action = self._last_move(state, q)
            if action is None:  # a faster finisher's card took away the move this player would have gone out with
                continue
            getattr(self, f"_{action[0]}")(state, q, action)  # the engine's own move: _play, _close, _trap...
            state.out[q] = True
            self._note(state, "photo-finish", ("PHOTO_FINISH",))
        state.photo = ()
        self._end_round(state)

    def _end_round(self, state: State) -> None:
        catalog = self.catalog
        scores = [0] * state.players
        for p in state.seated:
            for card in state.hands[p]:
                info = catalog.cards[card]
                scores[p] += info.penalty
                if info.penalty != 1:
                    self._note(state, info.id, ("PENALTY",))
                if state.early_ending and info.kind == "doom_master":
                    state.removed.append(card)
            if state.forgive[p] and scores[p]:
                source = next(pw.source for pw in state.powers[p] if pw.word == "FORGIVE")
                self._note(state, source, ("FORGIVE",))
            scores[p] = max(0, scores[p] - state.forgive[p])
            state.totals[p] += scores[p]
        self._retire_story_cards(state)
        self._draw_story(state, scores)
        self._finish_or_continue(state)

    def _retire_story_cards(self, state: State) -> None:
        """A used Story card becomes Experience under the leader (at most xp_cap)."""
        for p in range(state.players):
            story = state.story_now[p]
            if story is None:
                continue
            if len(state.xp[p]) < self.catalog.xp_cap:
                state.xp[p].append(story)
            else:
                state.story_deck.append(story)
            state.story_now[p] = None
        state.beast = [False] * state.players

    def _draw_story(self, state: State, scores: list[int]) -> None:
        if not state.story_deck:
            return
        if state.teams is None:
            groups = [[p] for p in state.seated]
        else:
            groups = [[p for p in state.seated if state.teams[p] == t] for t in sorted({state.teams[p] for p in state.seated})]
        key = [(sum(scores[p] for p in g), sum(state.totals[p] for p in g)) for g in groups]
        best = max(key)
        if key.count(best) > 1:
            return  # tied on hand and on running total: nobody draws
        group = groups[key.index(best)]
        taker = min(group, key=lambda p: (len(state.xp[p]), p))  # partners give it to the one with less Experience
        state.story_next[taker] = state.story_deck.pop(0)

    def _finish_or_continue(self, state: State) -> None:
        catalog = self.catalog
        team_totals = self._standings(state)
        if state.rounds_limit is not None:  # set rounds replace the Breaking Point
            ended = state.round >= state.rounds_limit
        else:
            ended = max(team_totals.values()) >= catalog.breaking_point
        ended = (ended
                 or (state.early_ending and sum(1 for c in state.removed if catalog.cards[c].kind == "doom_master") >= 3)
                 or state.tiebreaks > 0)
        if not ended:
            self._next_round(state)
            return
        low = min(team_totals.values())
        tied = [k for k, v in team_totals.items() if v == low]
        if len(tied) > 1 and state.tiebreaks < catalog.tiebreak_rounds:
            state.tiebreaks += 1
            state.seated = [p for p in range(state.players) if self._unit(state, p) in tied]
            self._next_round(state)
            return
        state.winners = sorted(p for p in range(state.players) if self._unit(state, p) in tied)
        state.phase = "over"

    def _unit(self, state: State, p: int) -> int:
        return state.teams[p] if state.teams else p

    def _standings(self, state: State) -> dict[int, int]:
        """Score per competitor (player, or team), among those still seated."""
        totals: dict[int, int] = {}
        for p in state.seated:
            totals[self._unit(state, p)] = totals.get(self._unit(state, p), 0) + state.totals[p]
        return totals

    def _next_round(self, state: State) -> None:
        order = [(state.dealer + i) % state.players for i in range(1, state.players + 1)]
        state.dealer = next(q for q in order if q in state.seated)
        state.phase = "deal"
        if state.round >= MAX_ROUNDS:
            raise InvariantError(f"the game passed the declared maximum of {MAX_ROUNDS} rounds")
