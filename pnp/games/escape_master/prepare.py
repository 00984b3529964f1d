"""Deal and prepare: the shuffle, Beast Mode choices and start-of-round powers (all before "Start!")."""
from __future__ import annotations

import random

from pnp.games.escape_master.moves import movable
from pnp.games.escape_master.state import ApplyPowers, Deal, GiveBlunders, PassCard, Power, SlideUnder, StartPlay, UnlockBeastMode
from pnp.games.escape_master.state import EscapeMasterState as State

USE_WORDS = ("SWAP_WITH_PILE", "STRETCH", "SKIP_FORCED_DRAW", "DISCARD_NUMBERED", "REDIRECT_TRAP")
CHOICES = {"GIVE_BLUNDER": GiveBlunders, "DEAL_FEWER": SlideUnder, "PASS_CARD": PassCard}


class PrepareRules:
    """Mixed into the engine: everything between the shuffle and the dealer's "Start!"."""

    # -- the deal ----------------------------------------------------------------------------------------------
    def sample_Deal(self, state: State, chance: Deal, rng: random.Random) -> tuple:
        return ("deal", rng.getrandbits(32))

    def resolve_Deal(self, state: State, chance: Deal, action: tuple) -> None:
        catalog = state.catalog
        deck = [c.number for c in catalog.cards if c.number not in state.removed]
        random.Random(action[1]).shuffle(deck)
        players = state.players
        for me in players:
            me.new_round()
        state.stacks, state.head_start, state.actor, state.steps = [], None, None, 0
        state.round += 1
        for _ in range(catalog.hand_size):
            for p in state.seated:
                players[p].hand.append(deck.pop())
        state.pile = deck
        for me in players:
            me.story_now, me.story_next = me.story_next, None
        state.phase = "prepare"
        # decisions are answered newest first: push them in reverse seat order so the dealer's left goes first
        order = state.seat_order()
        state.pending += [UnlockBeastMode(seat=p) for p in reversed(order)
                          if players[p].leader is not None and len(players[p].xp) >= catalog.beast_cost]
        state.queue.append(ApplyPowers())

    # -- Beast Mode ---------------------------------------------------------------------------------------------
    def offer_UnlockBeastMode(self, state: State, decision: UnlockBeastMode) -> list[tuple]:
        return [("beast", True), ("beast", False)]

    def answer_UnlockBeastMode(self, state: State, decision: UnlockBeastMode, action: tuple) -> None:
        me = state.players[decision.seat]
        if action[1]:  # it takes effect when its powers do (they come from "<leader>#beast")
            state.played.append(state.catalog.leaders[me.leader][0] + "#beast")
            me.beast = True
            for _ in range(state.catalog.beast_cost):
                state.story_deck.append(me.xp.pop(0))  # to the bottom, unshuffled

    # -- powers for the round -----------------------------------------------------------------------------------
    def step_ApplyPowers(self, state: State, step: ApplyPowers) -> None:
        choices = []
        for p in state.seat_order():
            choices += self._apply_powers(state, p)
        state.pending += reversed(choices)
        state.queue.append(StartPlay())

    def step_StartPlay(self, state: State, step: StartPlay) -> None:
        state.phase = "play"

    def _apply_powers(self, state: State, p: int) -> list:
        """Set up this round's powers of player p; the choices they ask for, in order."""
        me = state.players[p]
        me.powers = tuple(self._powers_of(state, p))
        choices = []
        for power in me.powers:
            word, n = power.word, power.param
            if word in USE_WORDS:
                me.uses[word] = me.uses.get(word, 0) + n
            elif word == "IMMUNE":
                me.immune.add(n)
            elif word == "FORGIVE":
                me.forgive += n
            elif word == "HEAD_START":
                state.head_start = (p, n)
            elif word == "TUTOR":
                self._tutor(state, p, power)
            elif word == "GIVE_BLUNDER":
                if state.rivals(p):
                    choices.append(GiveBlunders(seat=p, blunders=n, source=power.source))
            elif movable(state.catalog.cards, me.hand, word):  # DEAL_FEWER, PASS_CARD
                choices.append(CHOICES[word](seat=p, left=n, source=power.source))
        return choices

    def _powers_of(self, state: State, p: int):
        me = state.players[p]
        if me.leader is not None:
            leader_id, ability, beast = state.catalog.leaders[me.leader]
            yield from (beast if me.beast else ability)
        if me.story_now is not None:
            yield from state.catalog.stories[me.story_now][1]

    def _tutor(self, state: State, p: int, power: Power) -> None:
        pile, cards = state.pile, state.catalog.cards
        for i in range(len(pile) - 1, -1, -1):
            if cards[pile[i]].kind == power.param:
                state.players[p].hand.append(pile.pop(i))
                self._note(state, power.source, ("TUTOR",))
                return

    # -- choices the powers ask for -----------------------------------------------------------------------------
    def offer_GiveBlunders(self, state: State, decision: GiveBlunders) -> list[tuple]:
        """Timber! "may": handing out the Blunders is a choice."""
        return [("give", q) for q in state.rivals(decision.seat)] + [("give", None)]

    def answer_GiveBlunders(self, state: State, decision: GiveBlunders, action: tuple) -> None:
        state.played.append(decision.source)
        if action[1] is not None:
            state.players[action[1]].total += decision.blunders
            self._note(state, decision.source, ("GIVE_BLUNDER",))

    def offer_SlideUnder(self, state: State, decision: SlideUnder) -> list[tuple]:
        return [("deal_fewer", c) for c in movable(state.catalog.cards, state.players[decision.seat].hand, "DEAL_FEWER")]

    def answer_SlideUnder(self, state: State, decision: SlideUnder, action: tuple) -> None:
        state.players[decision.seat].hand.remove(action[1])
        state.pile.insert(0, action[1])
        self._moved_one(state, decision, "DEAL_FEWER")

    def offer_PassCard(self, state: State, decision: PassCard) -> list[tuple]:
        return [("pass_card", c) for c in movable(state.catalog.cards, state.players[decision.seat].hand, "PASS_CARD")]

    def answer_PassCard(self, state: State, decision: PassCard, action: tuple) -> None:
        state.players[decision.seat].hand.remove(action[1])
        state.players[self._poorest_rival(state, decision.seat)].hand.append(action[1])
        self._moved_one(state, decision, "PASS_CARD")

    def _moved_one(self, state: State, decision, word: str) -> None:
        """One card moved; the same choice comes again while cards are left to move and one can move."""
        self._note(state, decision.source, (word,))
        left = decision.left - 1
        if left > 0 and movable(state.catalog.cards, state.players[decision.seat].hand, word):
            state.pending.append(type(decision)(seat=decision.seat, left=left, source=decision.source))

    def _poorest_rival(self, state: State, p: int) -> int:
        """The rival with the fewest Blunders; ties go to the first to the left (clar-ability-timing)."""
        order = [(p + i) % state.count for i in range(1, state.count)]
        rivals = [q for q in order if q in state.rivals(p)] or [q for q in order if q in state.seated]
        return min(rivals, key=lambda q: state.players[q].total)
