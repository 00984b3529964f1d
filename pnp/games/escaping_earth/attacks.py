"""Playing a card: its effects one by one, an attack's firings and its second effect, and the choices they
ask for (a target, before or after, where to warp, which treasure). A mixin of the engine.

A card is witnessed when it took effect beyond being played: an attack when
it dealt damage or its second effect happened, any other card when one of
its effects changed something.
"""
from __future__ import annotations

from pnp.engine.api import one_of_each
from pnp.games.escaping_earth import combat
from pnp.games.escaping_earth.combat import hit, top, witness
from pnp.games.escaping_earth.effects import WORDS
from pnp.games.escaping_earth.state import Aim, Effect, Ready, SecondWhen, Target


class AttackRules:
    def queue_effects(self, state, effects, key: str) -> None:
        steps = self.effect_steps.get((key, effects))
        if steps is None:  # records are immutable: made once per card side, queued again and again
            steps = self.effect_steps[(key, effects)] = tuple(Effect(word=word, n=n, key=key) for word, n in effects)
        state.queue.extend(steps)

    def step_Effect(self, state, step) -> None:
        if WORDS[step.word](self.catalog, state, step.n, step.key):
            state.resolved.append((step.key, (step.word,)))

    def step_DiscardPlayed(self, state, step) -> None:
        if step.card in state.play:
            state.play.remove(step.card)
            state.discard.append(step.card)

    def move_play(self, state, action) -> None:
        card = action[1]
        item = self.catalog.item(card)
        state.hand.remove(card)
        state.play.append(card)
        state.played.append(item.key)
        attack = item.attack
        if attack is None:
            self.queue_effects(state, item.effects, item.key)
        elif attack.second and attack.when == "either":
            state.pending.append(SecondWhen(card=card))
            return
        else:
            self.queue_attack(state, card, attack.when == "before")
        state.queue.append(self.discard_steps[card])

    def queue_attack(self, state, card, second_first: bool) -> None:
        """The firings, with the second effect before or after them. A second effect that comes first gives a
        chance to spend its MOVE before the attack (rule second-effects)."""
        item = self.catalog.item(card)
        attack = item.attack
        if second_first:
            self.queue_effects(state, attack.second, item.key)
            if any(word == "MOVE" for word, _ in attack.second):
                state.queue.append(Ready(card=card))
        state.queue.extend((self.fire_steps[card],) * attack.repeat)
        if not second_first:
            self.queue_effects(state, attack.second, item.key)

    def offer_SecondWhen(self, state, decision):
        return [("second", "before"), ("second", "after")]

    def answer_SecondWhen(self, state, decision, action) -> None:
        rest = list(state.queue)  # the attack goes before anything already queued
        state.queue.clear()
        self.queue_attack(state, decision.card, action[1] == "before")
        state.queue.append(self.discard_steps[decision.card])
        state.queue.extend(rest)

    def step_Ready(self, state, step) -> None:
        if self.steps(state):
            state.pending.append(Aim(card=step.card))

    def offer_Aim(self, state, decision):
        return [("fire",)] + self.steps(state)

    def answer_Aim(self, state, decision, action) -> None:
        if action[0] == "move":
            self.move_move(state, action)
            if state.phase != "lost" and self.steps(state):
                state.pending.append(decision)  # more MOVE to spend before the attack

    def step_Fire(self, state, step) -> None:
        """One firing: a laser hits every enemy in range (once per square of a FINAL BOSS), a missile or blast
        hits one enemy the player picks."""
        card = step.card
        attack = self.catalog.item(card).attack
        if combat.jammed(self.catalog, state, attack):
            witness(state, "JAMMER")
        found = combat.targets(self.catalog, state, attack)
        if attack.type == "laser":
            dealt = 0
            for track, index, squares in found:
                for _ in range(squares):
                    dealt += hit(self.catalog, state, track, index, attack.damage, "laser")
            if dealt:
                state.resolved.append((self.catalog.item(card).key, ()))
        else:
            options = tuple((t, i) for t, i, _ in found)
            if attack.type == "missile":  # a cloaked enemy is no target for a missile: the choice narrows
                seen = [(t, i) for t, i in options if top(self.catalog, state, t).enemies[i].ability != "CLOAKING"]
                if len(seen) < len(options):
                    witness(state, "CLOAKING")
                options = tuple(seen)
            if options:
                state.pending.append(Target(card=card, options=options))

    def offer_Target(self, state, decision):
        return [("target", t, i) for t, i in decision.options]

    def answer_Target(self, state, decision, action) -> None:
        item = self.catalog.item(decision.card)
        if hit(self.catalog, state, action[1], action[2], item.attack.damage, item.attack.type):
            state.resolved.append((item.key, ()))

    def offer_Warp(self, state, decision):
        """Any square of any Zone card in play (as the card says: a bare area has no card to land on); with no card
        in play at all, the ship stays where it is."""
        offers = [("warp", t, s) for t in range(3) if state.tracks[t].cards for s in range(9)]
        return offers or [("warp", state.track, state.square)]

    def answer_Warp(self, state, decision, action) -> None:
        if (action[1], action[2]) != (state.track, state.square):  # a warp that lands where it took off moved nothing
            state.resolved.append((decision.key, ("WARP",)))
        self.enter(state, action[1], action[2])

    def offer_TakeTreasure(self, state, decision):
        return [("treasure", c) for c in _distinct(self.catalog, state.treasures)]

    def answer_TakeTreasure(self, state, decision, action) -> None:
        state.treasures.remove(action[1])
        state.hand.append(action[1])
        state.resolved.append((decision.key, ("TREASURE",)))


def _distinct(catalog, cards) -> list[int]:
    return one_of_each(cards, lambda card: catalog.item(card).key)
