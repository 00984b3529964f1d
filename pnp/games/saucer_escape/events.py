"""The Event Table: each result's effect words, and the choices and dice they lead to.

Every roll an event makes (its two dice, and the die events 3 and 7 roll) is a
chance step followed by a decision (`EventRoll`): re-roll a die (an Artifact or
Quick Thinking), change one by 1 (Good Intel), or accept it. Only an accepted
roll counts. An event is played when rolled and takes effect when it changes
the sheet (lose 2 Artifacts with none left changes nothing).
"""
from __future__ import annotations

from pnp.games.saucer_escape import dice, tracks
from pnp.games.saucer_escape.records import EventDice, EventDie, EventRoll, HealOne, HitOne, RewardBoxes, Trade

ACCEPT = ("accept",)
DECLINE = ("buy", None)


class EventRules:
    def step_RollEvent(self, state, step):
        state.chance = EventDice()

    def sample_EventDice(self, state, chance, rng):
        r = rng.random
        return ("dice", (int(r() * 6) + 1, int(r() * 6) + 1))

    def outcomes_EventDice(self, state, chance):
        return [("dice", (a, b)) for a in range(1, 7) for b in range(1, 7)]

    def resolve_EventDice(self, state, chance, action):
        state.event_dice = tuple(action[1])
        state.pending.append(EventRoll())

    def sample_EventDie(self, state, chance, rng):
        return ("die", int(rng.random() * 6) + 1)

    def outcomes_EventDie(self, state, chance):
        return [("die", v) for v in range(1, 7)]

    def resolve_EventDie(self, state, chance, action):
        state.event_dice = (action[1],)
        state.pending.append(EventRoll(effect=chance.effect, param=chance.param, event=chance.event))

    # -- the roll, before it counts ---------------------------------------------------------------------------
    def offer_EventRoll(self, state, decision):
        rerolls, modifies = dice.die_changes(self, state, state.event_dice, "reroll-event", "modify-event")
        return [ACCEPT, *rerolls, *modifies]

    def answer_EventRoll(self, state, decision, action):
        kind = action[0]
        if kind == "reroll-event":
            state.pending.append(decision)
            dice.reroll(self, state, action, "event")
        elif kind == "modify-event":
            state.pending.append(decision)
            state.event_dice = dice.modify(self, state, action, state.event_dice)
        elif decision.effect == "table":
            self.event_happens(state, sum(state.event_dice))
        else:
            self.event_die_counts(state, decision, state.event_dice[0])

    def event_happens(self, state, total: int) -> None:
        key = f"event:{total}"
        tracks.tried(state, key)
        for word, param in self.catalog.events[total]:
            tracks.tried(state, f"word:{word}")
            if EFFECTS[word](self, state, param, key):
                tracks.note(state, key)

    def event_die_counts(self, state, decision, value: int) -> None:
        if decision.effect == "hit-all":
            if value <= decision.param:
                for i in state.alive():
                    tracks.wound(state, self.catalog, i, 1)
                tracks.note(state, decision.event)
        elif decision.effect == "artifacts":
            state.artifacts += value
            tracks.note(state, decision.event)

    # -- choices an event asks for -------------------------------------------------------------------------------
    def offer_HitOne(self, state, decision):
        return [("target", i) for i in state.alive()]

    def answer_HitOne(self, state, decision, action):
        tracks.wound(state, self.catalog, action[1], decision.hits)
        tracks.note(state, decision.event)

    def offer_HealOne(self, state, decision):
        return [("target", i) for i in state.alive() if state.wounds[i] > 0]

    def answer_HealOne(self, state, decision, action):
        tracks.heal(state, action[1], decision.amount)
        tracks.note(state, decision.event)

    def offer_Trade(self, state, decision):
        return [DECLINE] + ([("buy", item) for item in decision.items] if state.artifacts >= decision.price else [])

    def answer_Trade(self, state, decision, action):
        if action[1] is None:
            return
        state.artifacts -= decision.price
        tracks.note(state, f"trade-event:{action[1]}")
        if tracks.gain(state, self.catalog, action[1], decision.event):
            tracks.note(state, decision.event)

    def offer_RewardBoxes(self, state, decision):
        return [("track", t) for t in range(6)
                if not state.collected[t] and state.reward[t] < self.catalog.reward_lengths[t]]

    def answer_RewardBoxes(self, state, decision, action):
        for _ in range(decision.boxes):
            tracks.darken_reward(state, self.catalog, action[1])
        tracks.note(state, decision.event)


def _gain(engine, state, item, event) -> bool:
    return tracks.gain(state, engine.catalog, item, event)


def _artifacts(engine, state, amount, event) -> bool:
    before = state.artifacts
    state.artifacts = max(0, state.artifacts + amount)
    return state.artifacts != before


def _pod_loss(engine, state, boxes, event) -> bool:
    return tracks.reduce_pod(state, boxes)


def _ask(decision):
    """An effect that waits for a choice or a die: it takes effect when that is answered."""
    def effect(engine, state, param, event) -> bool:
        made = decision(param, event)
        if isinstance(made, EventDie):
            state.chance = made
        else:
            state.pending.append(made)
        return False
    return effect


EFFECTS = {
    "HIT_ONE": _ask(lambda n, event: HitOne(hits=n, event=event)),
    "HIT_ALL_ON": _ask(lambda n, event: EventDie(effect="hit-all", param=n, event=event)),
    "POD_LOSS": _pod_loss,
    "ARTIFACTS": _artifacts,
    "ARTIFACTS_ROLL": _ask(lambda n, event: EventDie(effect="artifacts", event=event)),
    "TRADE_SMALL": _ask(lambda n, event: Trade(price=n, items=("red_keycard", "medkit"), event=event)),
    "TRADE_LARGE": _ask(lambda n, event: Trade(price=n, items=("lasgun", "shield"), event=event)),
    "FIND": _gain,
    "HEAL_ONE": _ask(lambda n, event: HealOne(amount=n, event=event)),
    "REWARD_BOXES": _ask(lambda n, event: RewardBoxes(boxes=n, event=event)),
}
