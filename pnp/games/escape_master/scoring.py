"""Round end and scoring: going out, photo finishes, Blunders, Story cards and Experience, the Breaking Point,
tie-breaks."""
from __future__ import annotations

import random

from pnp.games.escape_master import moves
from pnp.games.escape_master.state import Deal, FinishRound, PhotoFinish, ShareStory
from pnp.games.escape_master.state import EscapeMasterState as State


class ScoringRules:
    """Mixed into the engine: what happens when a round stops."""

    def _maybe_end_round(self, state: State) -> None:
        players = state.players
        emptied = [p for p in state.seated if not players[p].hand and not players[p].out]
        for p in emptied:
            players[p].out = True
        if emptied and (state.teams is None or self._team_done(state)):
            self._close_call(state)
        elif not state.pile and not any(moves.can_lay(state, q) for q in state.seated):
            self._end_round(state)
        elif all(players[q].out for q in state.seated):
            self._end_round(state)

    def _team_done(self, state: State) -> bool:
        players = state.players
        return any(players[p].out and players[state.teammate(p)].out for p in state.seated)

    # -- going out in the same instant ----------------------------------------------------------------------
    def _close_call(self, state: State) -> None:
        """The round is going out. Rivals who could lay their last card at this instant may have been as fast
        (clar-photo-finish): a chance step says which were. Anyone with a Pitfall to answer is not among them."""
        players = state.players
        rivals = tuple(q for q in state.seated if not players[q].out and len(players[q].hand) <= 2
                       and not players[q].pitfalls and self._last_move(state, q) is not None)
        if rivals:
            state.phase = "photo"
            state.chance = PhotoFinish(rivals=rivals)
        else:
            self._end_round(state)

    def _last_move(self, state: State, q: int) -> tuple | None:
        """One motion that empties the hand: going out is emptying the hand by any legal move (clar-going-out),
        and a last combination, or a Vanish taking the last other card with it, lays two cards at once."""
        size = len(state.players[q].hand)
        return next((a for a in moves.player_actions(state, q) if a[0] in self.LAST_CARD and _cards_laid(a) == size),
                    None)

    def outcomes_PhotoFinish(self, state: State, chance: PhotoFinish) -> list[tuple]:
        rivals = chance.rivals
        subsets = [tuple(q for k, q in enumerate(rivals) if mask >> k & 1) for mask in range(1 << len(rivals))]
        return [("photo", subset) for subset in sorted(subsets, key=lambda s: (len(s), s))]

    def sample_PhotoFinish(self, state: State, chance: PhotoFinish, rng: random.Random) -> tuple:
        # each rival's last card was as likely to land just before the call as just after it
        return ("photo", tuple(q for q in chance.rivals if rng.random() < 0.5))

    def resolve_PhotoFinish(self, state: State, chance: PhotoFinish, action: tuple) -> None:
        for q in action[1]:
            last = self._last_move(state, q)
            if last is None:  # a faster finisher's card took the play this one needed: the card goes back (seed)
                continue
            self.LAST_CARD[last[0]](self, state, q, last)
            state.players[q].out = True
            self._note(state, "photo-finish", ("PHOTO_FINISH",))
        self._end_round(state)

    # -- scoring ----------------------------------------------------------------------------------------------
    def _end_round(self, state: State) -> None:
        cards = state.catalog.cards
        held = [0] * state.count  # Blunders held at the end, before any Forgive: they decide who draws a Story card
        for p in state.seated:
            me = state.players[p]
            for card in me.hand:
                info = cards[card]
                held[p] += info.penalty
                if info.penalty != 1:
                    self._note(state, info.id, ("PENALTY",))
                if state.early_ending and info.kind == "doom_master":
                    state.removed.append(card)
            if me.forgive and held[p]:
                self._note(state, next(pw.source for pw in me.powers if pw.word == "FORGIVE"), ("FORGIVE",))
            me.total += max(0, held[p] - me.forgive)
        self._retire_story_cards(state)
        if self._draw_story(state, held):  # partners choose which of them takes it, then the round is over
            state.phase = "scoring"
            state.queue.append(FinishRound())
        else:
            self._finish_or_continue(state)

    def step_FinishRound(self, state: State, step: FinishRound) -> None:
        self._finish_or_continue(state)

    def _retire_story_cards(self, state: State) -> None:
        """A used Story card becomes Experience under the leader (at most xp_cap)."""
        for me in state.players:
            if me.story_now is None:
                continue
            if len(me.xp) < state.catalog.xp_cap:
                me.xp.append(me.story_now)
            else:
                state.story_deck.append(me.story_now)
            me.story_now = None
        for me in state.players:
            me.beast = False

    def _draw_story(self, state: State, held: list[int]) -> bool:
        """The player (or team) left holding the most Blunders draws a Story card; True when a team's partners
        must now choose which of them takes it."""
        if not state.story_deck:
            return False
        players = state.players
        if state.teams is None:
            groups = [[p] for p in state.seated]
        else:
            teams = sorted({state.teams[p] for p in state.seated})
            groups = [[p for p in state.seated if state.teams[p] == t] for t in teams]
        key = [(sum(held[p] for p in g), sum(players[p].total for p in g)) for g in groups]
        best = max(key)
        if key.count(best) > 1:
            return False  # tied on hand and on running total: nobody draws
        group = groups[key.index(best)]
        if len(group) > 1:
            state.pending.append(ShareStory(seat=group[0], partners=tuple(group)))
            return True
        players[group[0]].story_next = state.story_deck.pop(0)
        return False

    def offer_ShareStory(self, state: State, decision: ShareStory) -> list[tuple]:
        return [("story_to", p) for p in decision.partners]

    def answer_ShareStory(self, state: State, decision: ShareStory, action: tuple) -> None:
        state.players[action[1]].story_next = state.story_deck.pop(0)

    def _finish_or_continue(self, state: State) -> None:
        catalog = state.catalog
        standings = self._standings(state)
        if state.rounds_limit is not None:  # set rounds replace the Breaking Point
            ended = state.round >= state.rounds_limit
        else:
            ended = max(standings.values()) >= catalog.breaking_point
        doom_pile = sum(1 for c in state.removed if catalog.cards[c].kind == "doom_master")
        ended = ended or (state.early_ending and doom_pile >= 3) or state.tiebreaks > 0
        if not ended:
            self._next_round(state)
            return
        low = min(standings.values())
        tied = [k for k, v in standings.items() if v == low]
        if len(tied) > 1 and state.tiebreaks < catalog.tiebreak_rounds:
            state.tiebreaks += 1
            state.seated = [p for p in range(state.count) if self._unit(state, p) in tied]
            self._next_round(state)
            return
        state.winners = sorted(p for p in range(state.count) if self._unit(state, p) in tied)
        state.phase = "over"
        state.over = True

    def _unit(self, state: State, p: int) -> int:
        return state.teams[p] if state.teams else p

    def _standings(self, state: State) -> dict[int, int]:
        """Score per competitor (player, or team), among those still seated."""
        totals: dict[int, int] = {}
        for p in state.seated:
            unit = self._unit(state, p)
            totals[unit] = totals.get(unit, 0) + state.players[p].total
        return totals

    def _next_round(self, state: State) -> None:
        order = [(state.dealer + i) % state.count for i in range(1, state.count + 1)]
        state.dealer = next(q for q in order if q in state.seated)
        state.phase = "deal"
        state.chance = Deal()


def _cards_laid(action: tuple) -> int:
    """How many cards of the hand one move lays down: two for a combination or a Vanish that discards, else one."""
    if action[0] == "combo":
        return 2
    if action[0] == "escape" and action[4] is not None:
        return 2
    return 1
