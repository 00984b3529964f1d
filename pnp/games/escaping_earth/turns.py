"""A turn up to the counter attack: the draw, Time Dilation, systems, and the action phase's moves (cards,
MOVE, the cycle action, bonus squares, Blueprints, Shield Charge, the pendulum). A mixin of the engine."""
from __future__ import annotations

from pnp.engine.api import Moves, one_of_each
from pnp.games.escaping_earth import combat
from pnp.games.escaping_earth.combat import hit, living, top, witness, zone_has
from pnp.games.escaping_earth.effects import void_holds
from pnp.games.escaping_earth.geometry import NEIGHBOURS
from pnp.games.escaping_earth.state import Dilate, Discard, Draw, Reshuffle


class TurnRules:
    # -- the start of a turn ---------------------------------------------------------------------------------
    def begin_turn(self, state) -> None:
        """Draw the crew (and what an event held over, its draws and treasures: clar-event-draw); then a discard
        for each Time Dilation enemy of the ship's Zone (clar-time-dilation); then systems."""
        state.phase = "start"
        queue = state.queue
        crew = self.crew_draws.get(state.ship.crew)
        if crew is None:
            crew = self.crew_draws[state.ship.crew] = Draw(n=state.ship.crew)
        queue.append(crew)
        queue.extend(state.held_over)
        state.held_over = ()
        for _, enemy in living(self.catalog, state, state.track):
            if enemy.ability == "TIME_DILATION":
                queue.append(Dilate(key=enemy.name))
        queue.append(self.systems_step)

    def step_Draw(self, state, step) -> None:
        n, drawn = step.n, False
        while n > 0:
            if not state.deck:
                if state.discard:  # shuffle the discard pile into a new deck, then draw the rest
                    state.queue.appendleft(Draw(n=n, key=step.key))
                    state.chance = Reshuffle()
                break
            state.hand.append(state.deck.pop())
            n -= 1
            drawn = True
        if drawn and step.key:
            state.resolved.append((step.key, ("DRAW",)))

    def step_Dilate(self, state, step) -> None:
        if state.hand:
            state.pending.append(Discard())

    def offer_Discard(self, state, decision):
        """The card to discard; or first a Blueprint spent to draw (clar-blueprint-gold), a card more to choose from
        (the original rulebook's Void stops a Blueprint's draw at any point of the turn)."""
        discards = [("discard", c) for c in _distinct(self.catalog, state.hand)]
        if self.blueprints(state) and not zone_has(self.catalog, state, state.track, "VOID"):
            discards.append(("blueprint",))
        return discards

    def answer_Discard(self, state, decision, action) -> None:
        if action[0] == "blueprint":  # the card comes first, then the same discard is asked again
            state.queue.appendleft(Dilate(key="blueprint:draw"))
            self.spend_blueprint(state, state.queue.appendleft)
            return
        state.hand.remove(action[1])
        state.discard.append(action[1])
        witness(state, "TIME_DILATION")

    def step_Systems(self, state, step) -> None:
        for card in state.systems:
            item = self.catalog.item(card)
            state.played.append(item.key)
            self.queue_effects(state, item.effects, item.key)
        if state.pendulum and state.mode == 1:  # Warp Mode
            state.move += 1
            state.resolved.append((self.pendulum_key, ("PENDULUM_MODES",)))
        if state.ship.ability == "PLATING":
            state.plating = state.ship.number
        # the action phase begins once the systems' effects are done: a SYSTEM's draw as the turn starts is not
        # one Void stops (Symbol Guide 2: only "during your action phase")
        state.queue.append(self.action_step)

    def step_ActionPhase(self, state, step) -> None:
        state.phase = "action"

    # -- the action phase --------------------------------------------------------------------------------------
    def moves_action(self, state):
        catalog = self.catalog
        kinds = _distinct(catalog, state.hand)
        plays = [("play", card) for card in kinds]
        cycles = []
        if not state.cycle_used and kinds:
            ahead = self.enemy_ahead(state) is not None
            for card in kinds:
                cycles.append(("cycle", card, "move"))
                if ahead:
                    cycles.append(("cycle", card, "hit"))
        extras = []
        zone = top(catalog, state, state.track)
        if zone is not None and state.square in zone.bonuses and not state.tracks[state.track].used >> state.square & 1:
            effects = zone.bonuses[state.square]
            if not (effects[0][0] == "HEAL" and state.health >= state.ship.health):
                extras.append(("bonus",))
        if self.blueprints(state) and not void_holds(catalog, state):
            extras.append(("blueprint",))
        extras += self.shield_moves(state)
        shifts = []
        if state.pendulum and not state.shift_used and kinds:
            targets = (0, 2) if state.mode == 1 else (1,)
            shifts = [("shift", card, mode) for card in kinds for mode in targets]
        return Moves((("play", plays), ("move", self.steps(state)), ("cycle", cycles), ("extra", extras),
                      ("shift", shifts), ("end", [("end",)])))

    def shield_moves(self, state):
        if state.ship.ability == "SHIELD_CHARGE" and not state.shield_used and state.charge >= 2:
            return [("shield",)]
        return []

    def steps(self, state) -> list[tuple]:
        """Steps MOVE pays for: to a neighbouring square, or to the same square one Zone up or down (not out of
        an Anchor's Zone). A step onto a Drag card costs 2; an empty Zone area can still be flown over."""
        if state.move < 1:
            return []
        found = []
        if self.step_cost(state, state.track) <= state.move:
            found += [("move", state.track, s) for s in NEIGHBOURS[state.square]]
        if not zone_has(self.catalog, state, state.track, "ANCHOR"):
            for t in (state.track - 1, state.track + 1):
                if 0 <= t < 3 and self.step_cost(state, t) <= state.move:
                    found.append(("move", t, state.square))
        return found

    def step_cost(self, state, track) -> int:
        zone = top(self.catalog, state, track)
        return 2 if zone is not None and zone.drag else 1

    def enemy_ahead(self, state):
        """The living enemy on the square just ahead of the ship (the cycle action's target), if any."""
        if state.square < 3:
            return None
        ahead = state.square - 3
        for i, enemy in living(self.catalog, state, state.track):
            if ahead in enemy.squares:
                return i
        return None

    def blueprints(self, state) -> list[int]:
        return [c for c in state.gold if "BLUEPRINT" in self.catalog.item(c).words]

    def move_move(self, state, action) -> None:
        track, square = action[1], action[2]
        if zone_has(self.catalog, state, state.track, "ANCHOR") and track == state.track and any(
                0 <= t < 3 and self.step_cost(state, t) <= state.move for t in (track - 1, track + 1)):
            witness(state, "ANCHOR")  # a step to the next Zone was paid for, and the Anchor kept it on its card
        cost = self.step_cost(state, track)
        if cost == 2:
            witness(state, "DRAG")
        state.move -= cost
        self.enter(state, track, square)

    def enter(self, state, track, square) -> None:
        state.track, state.square = track, square
        zone = top(self.catalog, state, track)
        if zone is not None and square in zone.hazards:
            witness(state, "HAZARD")
            combat.hurt(self.catalog, state, zone.hazards[square])

    def move_cycle(self, state, action) -> None:
        card, use = action[1], action[2]
        state.hand.remove(card)
        state.discard.append(card)
        state.cycle_used = True
        if use == "move":
            state.move += 1
        else:
            index = self.enemy_ahead(state)
            if index is not None:
                hit(self.catalog, state, state.track, index, 1, "blast")  # the cycle action hits as a blast

    def move_bonus(self, state, action) -> None:
        zone = top(self.catalog, state, state.track)
        effects = zone.bonuses[state.square]
        state.tracks[state.track].used |= 1 << state.square
        key = f"bonus:{effects[0][0]}"
        state.played.append(key)
        self.queue_effects(state, effects, key)

    def move_blueprint(self, state, action) -> None:
        self.spend_blueprint(state, state.queue.append)

    def spend_blueprint(self, state, queue) -> None:
        """A Blueprint from the gold pile to the spent gold, for a card drawn (`queue` puts the draw in line)."""
        card = self.blueprints(state)[0]
        state.gold.remove(card)
        state.spent.append(card)
        state.played.append("blueprint:draw")
        queue(Draw(n=1, key="blueprint:draw"))

    def move_shield(self, state, action) -> None:
        state.block += 1 if state.charge == 2 else 3
        state.charge, state.shield_used = 0, True
        state.resolved.append(("ship:shield", ("SHIELD_CHARGE",)))

    def move_shift(self, state, action) -> None:
        card, mode = action[1], action[2]
        state.hand.remove(card)
        state.discard.append(card)
        state.mode, state.shift_used = mode, True
        state.resolved.append(("ship:shift", ("PENDULUM",)))

    def move_end(self, state, action) -> None:
        state.phase = "counter"
        state.attackers = combat.attackers(self.catalog, state)


def _distinct(catalog, cards) -> list[int]:
    return one_of_each(cards, lambda card: catalog.item(card).key)
