"""Deal and prepare: the shuffle, Beast Mode choices and start-of-round powers."""
from __future__ import annotations

import random

from pnp.games.escape_master.moves import movable
from pnp.games.escape_master.state import Power, State

USE_WORDS = ("SWAP_WITH_PILE", "STRETCH", "SKIP_FORCED_DRAW", "DISCARD_NUMBERED", "REDIRECT_TRAP")


class PrepareRules:
    """Mixed into the engine: everything between the shuffle and the dealer's "Start!"."""

    def _deal(self, state: State, seed: int) -> None:
        catalog = self.catalog
        deck = [c.number for c in catalog.cards if c.number not in state.removed]
        random.Random(seed).shuffle(deck)
        state.__dict__.update(_empty_round(state.players))
        state.round += 1
        for _ in range(catalog.hand_size):
            for p in state.seated:
                state.hands[p].append(deck.pop())
        state.pile = deck
        state.story_now, state.story_next = state.story_next, [None] * state.players
        state.phase = "prepare"
        state.tasks = [[p, "beast", 0] for p in self._seat_order(state)
                       if state.leaders[p] is not None and len(state.xp[p]) >= catalog.beast_cost]
        self._advance_prepare(state)

    def _seat_order(self, state: State) -> list[int]:
        """Seated players, starting at the dealer's left."""
        n = state.players
        return [(state.dealer + i) % n for i in range(1, n + 1) if (state.dealer + i) % n in state.seated]

    def _advance_prepare(self, state: State) -> None:
        if state.tasks:
            return
        if not state.powers_applied:
            state.powers_applied = True
            for p in self._seat_order(state):
                self._apply_powers(state, p)
            if state.tasks:
                return
        state.phase = "play"

    def _apply_powers(self, state: State, p: int) -> None:
        powers = list(self._powers_of(state, p))
        state.powers[p] = powers
        for power in powers:
            word, n = power.word, power.param
            if word in USE_WORDS:
                state.uses[p][word] = state.uses[p].get(word, 0) + n
            elif word == "IMMUNE":
                state.immune[p].add(n)
            elif word == "FORGIVE":
                state.forgive[p] += n
            elif word == "HEAD_START":
                state.head_start = [p, n]
                self._note(state, power.source, (word,))
            elif word == "TUTOR":
                self._tutor(state, p, power)
            elif word in ("GIVE_BLUNDER", "DEAL_FEWER", "PASS_CARD"):
                if state.rivals(p) if word == "GIVE_BLUNDER" else movable(self.catalog, state.hands[p], word):
                    state.tasks.append([p, word, n, power.source])

    def _powers_of(self, state: State, p: int):
        if state.leaders[p] is not None:
            leader_id, ability, beast = self.catalog.leaders[state.leaders[p]]
            yield from (beast if state.beast[p] else ability)
        if state.story_now[p] is not None:
            yield from self.catalog.stories[state.story_now[p]][1]

    def _tutor(self, state: State, p: int, power: Power) -> None:
        for i in range(len(state.pile) - 1, -1, -1):
            if self.catalog.cards[state.pile[i]].kind == power.param:
                state.hands[p].append(state.pile.pop(i))
                self._note(state, power.source, ("TUTOR",))
                return

    def _task_actions(self, state: State) -> list[tuple]:
        p, task, n = state.tasks[0][:3]
        if task == "beast":
            return [("beast", True), ("beast", False)]
        if task == "GIVE_BLUNDER":  # Timber! "may": handing out the Blunder is a choice
            return [("give", q) for q in state.rivals(p)] + [("give", None)]
        return [(task.lower(), c) for c in movable(self.catalog, state.hands[p], task)]

    def _do_task(self, state: State, action: tuple) -> None:
        task = state.tasks[0]
        p = task[0]
        if action[0] == "beast":
            if action[1]:
                state.beast[p] = True
                for _ in range(self.catalog.beast_cost):
                    state.story_deck.append(state.xp[p].pop(0))  # to the bottom, unshuffled
                self._note(state, self.catalog.leaders[state.leaders[p]][0] + "#beast", ("BEAST_MODE",))
            state.tasks.pop(0)
        else:
            source = task[3]
            if action[0] == "give_blunder" or action[0] == "give":
                if action[1] is not None:
                    state.totals[action[1]] += task[2]
                task[2] = 0
            elif action[0] == "deal_fewer":
                state.hands[p].remove(action[1])
                state.pile.insert(0, action[1])
                task[2] -= 1
            elif action[0] == "pass_card":
                state.hands[p].remove(action[1])
                state.hands[self._poorest_rival(state, p)].append(action[1])
                task[2] -= 1
            if action[1] is not None:
                self._note(state, source, (task[1],))
            if task[2] <= 0 or not movable(self.catalog, state.hands[p], task[1]):
                state.tasks.pop(0)
        self._advance_prepare(state)

    def _poorest_rival(self, state: State, p: int) -> int:
        """The rival with the fewest Blunders; ties go to the first to the left (clar-ability-timing)."""
        order = [(p + i) % state.players for i in range(1, state.players)]
        rivals = [q for q in order if q in state.rivals(p)] or [q for q in order if q in state.seated]
        return min(rivals, key=lambda q: state.totals[q])


def _empty_round(n: int) -> dict:
    return dict(hands=[[] for _ in range(n)], pile=[], stacks=[], snares=[[] for _ in range(n)],
                pitfalls=[[] for _ in range(n)], history=[[] for _ in range(n)], out=[False] * n,
                powers=[[] for _ in range(n)], uses=[{} for _ in range(n)], immune=[set() for _ in range(n)],
                forgive=[0] * n, head_start=[], tasks=[], powers_applied=False, actor=None, steps=0)
