"""A turn after the action phase: the counter attack, rewards for cleared Zones (gold or shop; BOSS events,
which open the next level), buying, and cleanup. A mixin of the engine."""
from __future__ import annotations

from pnp.engine.api import Moves
from pnp.games.escaping_earth import campaign, combat
from pnp.games.escaping_earth.combat import living, top
from pnp.games.escaping_earth.state import Escape, LevelShuffle, UnderShuffle


class RewardRules:
    # -- the counter attack: the player orders the attackers -------------------------------------------------
    def advance_counter(self, state) -> bool:
        state.attackers = [a for a in state.attackers if self.alive(state, *a)]
        if len(state.attackers) > 1:
            return False  # the player picks who attacks next
        if state.attackers:
            self.attack_ship(state, state.attackers.pop())
            return True
        state.phase = "rewards"
        state.rewards = [t for t in range(3) if state.tracks[t].cards and not living(self.catalog, state, t)]
        return True

    def moves_counter(self, state):
        return Moves((("attack", [("attack", t, i) for t, i in state.attackers]), ("extra", self.shield_moves(state))))

    def move_attack(self, state, action) -> None:
        state.attackers.remove((action[1], action[2]))
        self.attack_ship(state, (action[1], action[2]))

    def attack_ship(self, state, attacker) -> None:
        combat.counter_attack(self.catalog, state, attacker[0], attacker[1], self.add_static)

    def alive(self, state, track, index) -> bool:
        zone = top(self.catalog, state, track)
        damage = state.tracks[track].damage
        return zone is not None and index < len(zone.enemies) and damage[index] < zone.enemies[index].health

    def add_static(self, state) -> None:
        if len(self.statics) - len(state.supply) >= self.max_statics:
            combat.lose(state)  # a fourth Static
            return
        card = state.supply.pop()
        state.discard.append(card)
        state.resolved.append((self.catalog.item(card).key, ()))

    # -- rewards ------------------------------------------------------------------------------------------------
    def advance_rewards(self, state) -> bool:
        if not state.rewards:
            state.phase = "buy"
            return True
        track = state.rewards[0]
        zone = top(self.catalog, state, track)
        if zone.kind == "zone":
            return False  # gold or shop: the player's choice
        state.rewards.pop(0)
        card = state.tracks[track].cards.pop()
        state.cleared += 1
        item = self.catalog.item(card)
        state.resolved.append((zone.key, ()))
        state.played.append(item.key)
        (state.gold if "BLUEPRINT" in item.words else state.spent).append(card)
        self.queue_effects(state, item.effects, item.key)
        if zone.kind == "final_boss":
            state.finals += 1
            if state.finals == 3:  # the barrier falls once the last event has happened
                state.queue.append(Escape())
                return True
        self.reset_top(state, track)
        if zone.kind == "boss" and zone.level < 5 and state.boxes[(track, zone.level + 1)]:
            self.open_level(state, track, zone.level + 1)
        return True

    def step_Escape(self, state, step) -> None:
        campaign.end_run(self.catalog, state, won=True)

    def open_level(self, state, track, level) -> None:
        """A BOSS cleared: the track's next level goes on top of it, shuffled (clar-progression)."""
        cards = state.boxes[(track, level)]
        state.boxes = {**state.boxes, (track, level): ()}
        state.tracks[track].level = max(state.tracks[track].level, level)
        state.best_level = max(state.best_level, level)
        state.chance = LevelShuffle(track=track, cards=cards)

    def moves_rewards(self, state):
        track = state.rewards[0]
        return [("reward", track, "gold"), ("reward", track, "shop")]

    def move_reward(self, state, action) -> None:
        track = state.rewards.pop(0)
        card = state.tracks[track].cards.pop()
        state.cleared += 1
        state.resolved.append((self.catalog.zones[card].key, ()))
        (state.gold if action[2] == "gold" else state.shop).append(card)
        self.reset_top(state, track)

    def reset_top(self, state, track) -> None:
        """A new top card: no cubes on it. (An emptied deck leaves a bare area the ship may stay on: clar-empty-deck.)"""
        zone = top(self.catalog, state, track)
        state.tracks[track].damage = [0] * len(zone.enemies) if zone else []
        state.tracks[track].used = 0

    # -- buying -------------------------------------------------------------------------------------------------
    def gold(self, state) -> int:
        return state.credit + sum(1 for c in state.gold if "BLUEPRINT" not in self.catalog.item(c).words)

    def moves_buy(self, state):
        gold, blueprints = self.gold(state), len(self.blueprints(state))
        buys = []
        for card in state.shop:
            item = self.catalog.item(card)
            if item.ship:
                if item.ship.blueprints <= blueprints and item.ship.id not in state.ships:
                    buys.append(("buy", card))
            elif item.cost <= gold:
                buys.append(("buy", card))
        picks = []
        if gold >= self.catalog.settings.zone_pick_cost:
            picks = [("pick", t, c) for t in range(3) for c in state.tracks[t].cards[:-1]]
        return Moves((("buy", buys), ("pick", picks), ("end_buy", [("end_buy",)])))

    def pay(self, state, amount: int) -> None:
        from_credit = min(state.credit, amount)
        state.credit -= from_credit
        amount -= from_credit
        for card in [c for c in state.gold if "BLUEPRINT" not in self.catalog.item(c).words][:amount]:
            state.gold.remove(card)
            state.spent.append(card)

    def move_buy(self, state, action) -> None:
        card = action[1]
        item = self.catalog.item(card)
        state.shop.remove(card)
        if item.ship:
            for blueprint in self.blueprints(state)[:item.ship.blueprints]:
                state.gold.remove(blueprint)
                state.spent.append(blueprint)
            state.ships = state.ships + (item.ship.id,)
            state.reserve.append(card)
            campaign.take(self.catalog, state, card)
            self.unlock_treasures(state, item.ship.start)
            return
        self.pay(state, item.cost)
        # a SYSTEM, and a card only for another ship (rule exclusive-cards), wait in reserve for a later run
        later = item.kind == "system" or not campaign.allowed(item, state.ship)
        (state.reserve if later else state.discard).append(card)
        if item.permanent:
            campaign.take(self.catalog, state, card)

    def unlock_treasures(self, state, start: int) -> None:
        """Treasures of the levels below a new ship's start join the collection (rule unlock-treasures), wherever
        they are: in the box, or in a Zone deck on the table, which they leave (from its top, the next card
        comes up as when a card is cleared)."""
        catalog = self.catalog
        for card in self.treasure_cards:
            zone = catalog.zones[card]
            if zone.level >= start or card in state.collection:
                continue
            track = state.tracks[zone.track]
            if card in track.cards:
                on_top = track.cards[-1] == card
                track.cards.remove(card)
                if on_top:
                    self.reset_top(state, zone.track)
            campaign.take(catalog, state, card)

    def move_pick(self, state, action) -> None:
        track, card = action[1], action[2]
        self.pay(state, self.catalog.settings.zone_pick_cost)
        cards = state.tracks[track].cards
        cards.remove(card)
        cards.append(card)
        self.reset_top(state, track)
        if len(cards) > 2:
            state.chance = UnderShuffle(track=track)

    # -- cleanup -----------------------------------------------------------------------------------------------
    def move_end_buy(self, state, action) -> None:
        state.discard += state.hand + state.play
        state.hand, state.play = [], []
        state.move = state.credit = state.block = 0
        state.shield_used = state.cycle_used = state.shift_used = False
        if state.pendulum and state.mode == 2 and state.health < state.ship.health:  # Recovery Mode
            state.health += 1
            state.resolved.append((self.pendulum_key, ("PENDULUM_MODES",)))
        state.turn += 1
        state.round += 1
        if state.turn >= self.catalog.settings.max_turns:
            combat.lose(state)  # the patrols close in (rule time-limit)
            return
        self.begin_turn(state)
