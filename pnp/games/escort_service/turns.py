"""Turns: the active unit, TICKs, an enemy's turn, a pilot's cards and the end of its turn, drawing.

`advance` starts the next turn whenever nothing is queued and no pilot is
deciding; a card's actions, an enemy's actions and the end of a pilot's turn
are `Step`s on the queue (pnp.engine.machine).
"""
from __future__ import annotations

from pnp.engine.api import Moves
from pnp.games.escort_service.records import (
    STALLED,
    Act,
    CardDone,
    ChooseTarget,
    Discard,
    EliteReshuffle,
    EndDiscard,
    EndTurn,
    EnemyDone,
    Reshuffle,
)

COSTS = ("HEAT", "DISCARD")  # what a card pays; it is witnessed only by what else it does


class Turns:
    """Mixed into the engine."""

    def advance(self, s) -> bool:
        if s.phase == "pilot" and not s.seats[s.active].down:
            return False  # the active pilot plays on until it stops
        # a pilot destroyed during its own turn takes no further part in it (rules.yaml 'pilot-destroyed')
        self._next_turn(s)
        return True

    def _next_turn(self, s) -> None:
        while not s.columns[0]:  # TICK until a unit is above the shuttle (an empty board ticks on by itself)
            s.columns = s.columns[1:] + s.columns[:1]
            s.fallen = s.fallen[1:] + s.fallen[:1]
            s.ticks += 1
            s.resolved.append(("tick", ("TICK",)))
            if self._goal_met(s):
                self._scenario_won(s)
                return
        s.turns += 1
        s.round += 1
        if s.turns > self.max_turns:  # the engine's safeguard against a game that never ends; no rule of the book
            self._lose(s, STALLED)
            return
        unit = s.active = s.columns[0][0]
        self._expire_statuses(s, unit)
        if unit < len(s.seats):
            seat = s.seats[unit]
            s.played.append(f"{seat.character}-pilot")  # a turn taken; witnessed by a card that takes effect
            seat.used = set()
            s.phase, s.seat = "pilot", unit
            if seat.has("repair-drone") and seat.damage:
                seat.damage -= 1
                self._scrap_took_effect(s, "repair-drone")
        else:
            s.phase = "enemy"
            self._enemy_turn(s, s.unit(unit))

    # -- enemies -----------------------------------------------------------------------------------------------
    def _enemy_turn(self, s, unit) -> None:
        if unit.elite:
            if not unit.deck:
                if unit.discard:
                    s.chance = EliteReshuffle(unit=unit.index)  # the turn goes on once the deck is shuffled
                return  # else every action card is under some unit: nothing to do this turn
            card = unit.deck.pop(0)
            s.played += [self.catalog.cards[card].id, unit.kind]  # the elite is witnessed when the card takes effect
            s.in_play, s.effective = self.catalog.cards[card].id, False
            s.queue.extend(self._card_steps(unit.index, card))
        else:
            side = f"{unit.kind}:{'b' if unit.flipped else 'a'}"
            s.played.append(side)
            s.in_play, s.effective = side, False
            s.queue.extend(self._side_steps(unit.index, unit.kind, 1 if unit.flipped else 0))
            unit.flipped = not unit.flipped

    def _card_steps(self, unit: int, card: int) -> tuple:
        """A card's actions as steps, then the step that puts the card away; the same unit and card always make
        the same (immutable) steps, so they are made once per engine."""
        key = (unit, card)
        steps = self._steps.get(key)
        if steps is None:
            pilots = self.catalog.cards[card].owner in self.catalog.pilots
            done = CardDone(seat=unit, card=card) if pilots else EnemyDone(unit=unit, card=card)
            steps = self._steps[key] = tuple(Act(unit=unit, card=card, action=a)
                                             for a in self.catalog.cards[card].actions) + (done,)
        return steps

    def _side_steps(self, unit: int, kind: str, side: int) -> tuple:
        """A basic enemy's side as steps (made once per engine, as `_card_steps`)."""
        key = (unit, kind, side)
        steps = self._steps.get(key)
        if steps is None:
            steps = self._steps[key] = tuple(Act(unit=unit, card=None, action=a)
                                             for a in self.catalog.enemies[kind].sides[side])
        return steps

    def step_EnemyDone(self, s, step: EnemyDone) -> None:
        if s.alive(step.unit) and step.card not in s.tucked_cards():
            s.unit(step.unit).discard.append(step.card)

    def resolve_EliteReshuffle(self, s, chance: EliteReshuffle, action: tuple) -> None:
        unit = s.unit(chance.unit)
        unit.deck = [unit.discard[i] for i in action[1]]
        unit.discard = []
        self._enemy_turn(s, unit)

    # -- a pilot's turn ---------------------------------------------------------------------------------------
    def moves(self, s):
        seat = s.seats[s.active]
        return Moves((("play", [("play", c) for c in self._distinct(seat.hand)]), ("stop", [("stop",)])))

    def move_play(self, s, action: tuple) -> None:
        seat, card = s.seats[s.active], action[1]
        seat.hand.remove(card)
        seat.playing.append(card)
        card_id = self.catalog.cards[card].id
        s.played.append(card_id)
        s.in_play, s.effective = card_id, False
        s.queue.extend(self._card_steps(seat.index, card))

    def move_stop(self, s, action: tuple) -> None:
        s.phase = "ending"
        s.queue.append(EndTurn(seat=s.active))

    def step_CardDone(self, s, step: CardDone) -> None:
        seat = s.seats[step.seat]
        if step.card in seat.playing:  # not gone under a unit as a status
            seat.playing.remove(step.card)
            seat.discard.append(step.card)
        s.in_play = None

    def step_EndTurn(self, s, step: EndTurn) -> None:
        seat = s.seats[step.seat]
        if not seat.down and s.columns[0] and s.columns[0][0] == seat.index:
            self._heat(s, seat.index, 1, end_of_turn=True)  # still directly above the shuttle
            if s.over or seat.down:
                return
        if seat.hand:
            s.pending.append(EndDiscard(seat=seat.index))
        else:
            self._refill(s, seat)

    def offer_EndDiscard(self, s, decision: EndDiscard):
        drops = [("drop", c) for c in self._distinct(s.seats[decision.seat].hand)]
        return Moves((("keep", [("keep",)]), ("drop", drops)))

    def answer_EndDiscard(self, s, decision: EndDiscard, action: tuple) -> None:
        seat = s.seats[decision.seat]
        if action[0] == "drop":
            seat.hand.remove(action[1])
            seat.discard.append(action[1])
            if seat.hand:
                s.pending.append(decision)
                return
        self._refill(s, seat)

    def _refill(self, s, seat) -> None:
        size = self.hand_size + (1 if seat.has("spare-cell") else 0)
        before = len(seat.hand)
        self._draw(s, seat, size - before)
        if size > self.hand_size and (len(seat.hand) > self.hand_size or s.chance is not None):
            self._scrap_took_effect(s, "spare-cell")  # a fifth card drawn

    def _draw(self, s, seat, n: int) -> None:
        """Draw n cards; an empty draw pile is refilled from the discard pile first (a chance step), the cards
        still owed drawn after it."""
        for drawn in range(n):
            if not seat.draw:
                if seat.discard:
                    s.chance = Reshuffle(seat=seat.index, owed=n - drawn)
                return
            seat.hand.append(seat.draw.pop(0))
            s.acted = True

    def resolve_Reshuffle(self, s, chance: Reshuffle, action: tuple) -> None:
        seat = s.seats[chance.seat]
        seat.draw = [seat.discard[i] for i in action[1]]
        seat.discard = []
        self._draw(s, seat, chance.owed)

    # -- one action ----------------------------------------------------------------------------------------------
    def step_Act(self, s, step: Act) -> None:
        unit, action = step.unit, step.action
        if not s.alive(unit):
            return  # a destroyed unit's remaining actions do nothing
        s.acted = False
        word = action.word
        limited = action.has_reach and self._reach_limits(s, unit, action)  # before the action moves anyone
        if word == "HEAT":
            if s.on_board(unit):
                self._heat(s, unit, action.n)
        elif word == "DRAW":
            self._draw(s, s.seats[unit], action.n)
        elif word == "DISCARD":
            owed = min(action.n, len(s.seats[unit].hand))
            s.pending.extend(Discard(seat=unit) for _ in range(owed))
            s.acted = owed > 0
        elif unit >= len(s.seats):  # enemies pick by the rules
            for target in self._enemy_targets(s, unit, action):
                if s.over:
                    break
                self._effect(s, unit, step.card, action, target)
        else:
            options = self._pilot_targets(s, unit, action)
            if action.aoe:
                for target in options:
                    if s.over:
                        break
                    self._effect(s, unit, step.card, action, target)
            elif len(options) == 1:
                self._effect(s, unit, step.card, action, options[0])
            elif options:
                s.pending.append(ChooseTarget(seat=unit, card=step.card, action=action, options=tuple(options)))
                return  # done when answered
        self._action_done(s, unit, action, limited)

    def _action_done(self, s, unit: int, action, limited: bool) -> None:
        """A pilot's first MELEE or RANGED of the turn uses up its scrap bonus, whether or not it reached anyone
        (rules.yaml 'clar-first-each-turn'), as the first HEAT uses up a Heat Sink."""
        if unit < len(s.seats) and (action.word == "MELEE" or action.word == "RANGED"):
            s.seats[unit].used.add(action.word)
        self._witness_action(s, unit, action, limited)

    def _witness_action(self, s, unit: int, action, limited: bool) -> None:
        """An action counts when it took effect, and its IN when that reach also left out a unit the action could
        otherwise have picked (`limited`, board._reach_limits). Its card counts when something beyond its cost
        (HEAT, DISCARD) did, and with it the pilot or the elite whose card it is: a turn taken that changed
        nothing witnesses neither."""
        if not s.acted:
            return
        s.resolved.append((action.key, action.words))
        if limited:
            s.resolved.append(("reach", ("IN",)))
        if action.word not in COSTS and not s.effective and s.in_play is not None:
            s.effective = True
            s.resolved.append((s.in_play, ()))
            owner = self._owner_key(s, unit)
            if owner is not None:
                s.resolved.append((owner, ()))

    def _owner_key(self, s, unit: int) -> str | None:
        """The witness key of the pilot or elite whose card is resolving; None for a basic enemy (its side is
        the card)."""
        if unit < len(s.seats):
            return f"{s.seats[unit].character}-pilot"
        enemy = s.unit(unit)
        return enemy.kind if enemy.elite else None

    def offer_ChooseTarget(self, s, decision: ChooseTarget):
        return [("target", t) for t in decision.options]

    def answer_ChooseTarget(self, s, decision: ChooseTarget, action: tuple) -> None:
        s.acted = False
        limited = decision.action.has_reach and self._reach_limits(s, decision.seat, decision.action)  # as offered
        self._effect(s, decision.seat, decision.card, decision.action, action[1])
        self._action_done(s, decision.seat, decision.action, limited)

    def offer_Discard(self, s, decision: Discard):
        return [("discard", c) for c in self._distinct(s.seats[decision.seat].hand)]

    def answer_Discard(self, s, decision: Discard, action: tuple) -> None:
        seat = s.seats[decision.seat]
        seat.hand.remove(action[1])
        seat.discard.append(action[1])
