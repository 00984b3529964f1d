"""2200: Escaping Earth's rules engine: whole campaigns of runs, played by the book (rules.yaml and its
Clarifications say where the seed left a choice to us).

A turn: draw by crew, Time Dilation discards, systems; the action phase
(cards, MOVE, the cycle action, bonus squares, Blueprints, Shield Charge, the
pendulum); the counter attack, in the order the player picks; rewards for
cleared Zones (gold or shop; BOSS events, which also open the next level);
buying; cleanup. Effects run from a queue, so a draw that needs a shuffle
(a chance step) or an attack that needs a target (a decision) waits and then
carries on. Shuffles are the only randomness, and each is a chance action.
"""
from __future__ import annotations

import random

from pnp.engine.api import InvariantError, Moves, Result, SoloEngine, one_of_each, shuffled_order
from pnp.games.escaping_earth import campaign, combat
from pnp.games.escaping_earth.catalog import Catalog, build_catalog
from pnp.games.escaping_earth.combat import hit, living, top, witness, zone_has
from pnp.games.escaping_earth.effects import WORDS, void_holds
from pnp.games.escaping_earth.geometry import NEIGHBOURS
from pnp.games.escaping_earth.state import State, new_state


class EscapingEarthEngine(SoloEngine):
    def __init__(self, catalog: Catalog):
        self.catalog = catalog
        self.statics = frozenset(catalog.statics)
        self.max_statics = catalog.settings.statics_to_lose - 1

    @classmethod
    def from_game(cls, game, difficulty=None):
        """The engine for a validated game (2200: Escaping Earth has no difficulty levels)."""
        return cls(build_catalog(game))

    # -- the API ------------------------------------------------------------------------------
    def initial_state(self, rng: random.Random, scenario: str | None = None, **_) -> State:
        state = new_state(self.catalog, scenario)
        if scenario:
            campaign.start_scenario(self.catalog, state, scenario)
        return state

    def sample_chance(self, state: State, rng: random.Random) -> tuple:
        kind = state.chance[0]
        if kind == "setup":
            return ("shuffle-run", tuple(shuffled_order(rng, len(p)) for p in (state.deck, *state.zones)))
        if kind == "reshuffle":
            return ("reshuffle", shuffled_order(rng, len(state.discard)))
        track = state.chance[1]
        under = len(state.zones[track]) - (1 if kind == "under" else 0)
        count = state.chance[2] if kind == "level" else under
        return (kind, track, shuffled_order(rng, count))

    def legal_actions(self, state: State) -> list[tuple]:
        if state.over or state.chance:
            return []
        if state.pending:
            return self._pending_actions(state, state.pending[-1])
        return PHASES[state.phase](self, state)

    def apply_in_place(self, state: State, action: tuple) -> None:
        state.resolved = []
        if state.chance:
            self._apply_chance(state, action)
        elif state.pending:
            self._apply_pending(state, state.pending.pop(), action)
        else:
            APPLY[action[0]](self, state, action)
        self._settle(state)

    def is_won(self, state: State) -> bool:
        return state.won

    def result(self, state: State) -> Result:
        level = 6 if state.won else state.best_level  # 6: all three FINAL BOSS cards cleared
        return Result([level], [0] if state.won else [], state.round,
                      {"runs": state.runs, "won": state.won, "levels": list(state.levels)})

    def check_invariants(self, state: State) -> None:
        if state.over:  # a finished campaign leaves the last run's table as it stood
            return
        if state.ship is not None and not 0 <= state.health <= state.ship.health:
            raise InvariantError(f"health {state.health} outside 0..{state.ship.health}")
        if not 0 <= state.charge <= 3 or state.move < 0 or state.credit < 0 or state.block < 0:
            raise InvariantError("a counter below 0 or Shield Charge above 3")
        held = len(self.statics) - len(state.supply)
        if held > self.max_statics:
            raise InvariantError(f"{held} Static cards held: the run should have been lost")
        piles = state.deck + state.hand + state.discard + state.play
        if len(piles) != len(set(piles)):
            raise InvariantError("a card is in two places at once")
        for track in range(3):
            zone = top(self.catalog, state, track)
            if zone is not None and len(state.damage[track]) != len(zone.enemies):
                raise InvariantError(f"damage cubes of track {track} do not match its top card")

    # -- settling: everything automatic, up to the next decision or chance --------------------------------
    def _settle(self, state: State) -> None:
        while not state.over:
            if state.phase == "lost":
                campaign.end_run(self.catalog, state, won=False)
                continue
            if state.chance or state.pending:
                return
            if state.queue:
                self._run_queue(state)
                continue
            step = SETTLE.get(state.phase)
            if step is None or not step(self, state):
                return

    def _run_queue(self, state: State) -> None:
        step = state.queue.pop(0)
        kind = step[0]
        if kind == "draw":
            self._draw(state, step[1])
        elif kind == "effect":
            WORDS[step[1]](self.catalog, state, step[2], step[3])
        elif kind == "fire":
            self._fire(state, step[1])
        elif kind == "discard-played":
            if step[1] in state.play:
                state.play.remove(step[1])
                state.discard.append(step[1])

    def _draw(self, state: State, n: int) -> None:
        while n > 0:
            if not state.deck:
                if state.discard:
                    state.queue.insert(0, ("draw", n))
                    state.chance = ("reshuffle",)
                return
            card = state.deck.pop()
            state.hand.append(card)
            n -= 1

    def _queue_effects(self, state: State, effects, key: str) -> None:
        state.queue += [("effect", word, n, key) for word, n in effects]

    # -- chance ------------------------------------------------------------------------------------
    def _apply_chance(self, state: State, action: tuple) -> None:
        kind = action[0]
        state.chance = None
        if kind == "shuffle-run":
            piles = (state.deck, *state.zones)
            for pile, order in zip(piles, action[1]):
                pile[:] = [pile[i] for i in order]
            for track in range(3):
                self._reset_top(state, track)
            state.phase = "place"
        elif kind == "reshuffle":
            state.deck = [state.discard[i] for i in action[1]]
            state.discard = []
        elif kind == "level":  # the next level's cards go on top of what is left of the track
            track, order = action[1], action[2]
            cards = state.pending_level
            state.zones[track] += [cards[i] for i in order]
            self._reset_top(state, track)
        elif kind == "under":  # the chosen card stays on top; the cards under it are shuffled
            track, order = action[1], action[2]
            under = state.zones[track][:-1]
            state.zones[track][:-1] = [under[i] for i in order]

    # -- the campaign between runs ------------------------------------------------------------------
    def _ship_actions(self, state):
        return [("ship", ship) for ship in state.ships
                if campaign.can_fly(self.catalog, state, campaign.ship_of(self.catalog, ship))]

    def _choose_ship(self, state, action):
        ship = campaign.ship_of(self.catalog, action[1])
        state.ship, state.leave_out, state.systems = ship, [], []
        state.run += 1
        state.phase = "build"

    def _build_actions(self, state):
        """Leave a card out of the deck (one offer per kind of card), or keep the rest."""
        ship = state.ship
        deck = [c for c in campaign.eligible(self.catalog, state, ship) if c not in state.leave_out]
        spare = campaign.counted(self.catalog, deck) > ship.min_deck
        offers, seen = [], set()
        for card in deck:
            item = self.catalog.item(card)
            if item.key not in seen and (spare or item.treasure):
                seen.add(item.key)
                offers.append(("leave", card))
        return Moves((("leave", offers), ("deck-done", [("deck-done",)])))

    def _leave(self, state, action):
        state.leave_out.append(action[1])

    def _deck_done(self, state, action):
        state.phase = "systems"

    def _system_actions(self, state):
        offers = []
        if len(state.systems) < state.ship.max_systems:
            offers = [("system", c) for c in campaign.systems_for(self.catalog, state, state.ship) if c not in state.systems]
        return Moves((("system", offers), ("systems-done", [("systems-done",)])))

    def _system(self, state, action):
        state.systems.append(action[1])

    def _systems_done(self, state, action):
        campaign.lay_out_run(self.catalog, state)
        ship_card = self.catalog.ships[state.ship.id][1]
        state.resolved.append((self.catalog.item(ship_card).key if ship_card is not None else state.ship.id, ()))
        state.chance = ("setup",)

    def _place(self, state, action):
        state.track, state.square = action[1], action[2]
        self._begin_turn(state)

    # -- a turn --------------------------------------------------------------------------------------
    def _begin_turn(self, state: State) -> None:
        state.phase = "start"
        state.queue.append(("draw", state.ship.crew))
        # each Time Dilation enemy in the ship's Zone makes a discard once the draw is done (clar-time-dilation)
        state.td_left = [i for i, e in living(self.catalog, state, state.track) if e.ability == "TIME_DILATION"]


    def _settle_start(self, state: State) -> bool:
        """After the draw: a discard per Time Dilation enemy, then systems and Warp Mode; then the actions."""
        if state.td_left:
            state.td_left.pop()
            witness(state, "TIME_DILATION")
            if state.hand:
                state.pending.append(("discard",))
            return True
        for card in state.systems:
            item = self.catalog.item(card)
            if item.effects and item.effects[0][0] != "PENDULUM_MODES":
                state.resolved.append((item.key, item.words))
                self._queue_effects(state, item.effects, item.key)
        if state.pendulum:
            key = self.catalog.item(next(c for c in state.systems if self.catalog.item(c).key == "power-of-the-pendulum")).key
            state.resolved.append((key, ("PENDULUM_MODES",)))
            if state.mode == 1:
                state.move += 1
        if state.ship.ability == "PLATING":
            state.plating = state.ship.number
        state.phase = "action"
        return True

    def _action_actions(self, state):
        catalog, zone = self.catalog, top(self.catalog, state, state.track)
        plays, seen = [], set()
        for card in state.hand:
            key = catalog.item(card).key
            if key not in seen:
                seen.add(key)
                plays.append(("play", card))
        moves = self._moves(state)
        cycles = []
        if not state.cycle_used and state.hand:
            ahead = self._enemy_ahead(state)
            for card in _distinct(catalog, state.hand):
                cycles.append(("cycle", card, "move"))
                if ahead is not None:
                    cycles.append(("cycle", card, "hit"))
        extras = []
        if zone is not None and state.square in zone.bonuses and not state.used[state.track] >> state.square & 1:
            effects = zone.bonuses[state.square]
            if not (effects[0][0] == "HEAL" and state.health >= state.ship.health):
                extras.append(("bonus",))
        if self._blueprints(state) and not void_holds(catalog, state):
            extras.append(("blueprint",))
        extras += self._shield(state)
        shifts = []
        if state.pendulum and not state.shift_used and state.hand:
            targets = (0, 2) if state.mode == 1 else (1,)
            shifts = [("shift", card, mode) for card in _distinct(catalog, state.hand) for mode in targets]
        return Moves((("play", plays), ("move", moves), ("cycle", cycles), ("extra", extras), ("shift", shifts),
                      ("end", [("end",)])))

    def _shield(self, state):
        if state.ship.ability == "SHIELD_CHARGE" and not state.shield_used and state.charge >= 2:
            return [("shield",)]
        return []

    def _moves(self, state) -> list[tuple]:
        """Steps MOVE pays for: to a neighbouring square, or to the same square one Zone up or down (not out of
        an Anchor's Zone). A step onto a Drag card costs 2; an empty Zone area can still be flown over."""
        if state.move < 1:
            return []
        found = []
        if self._step_cost(state, state.track) <= state.move:
            found += [("move", state.track, s) for s in NEIGHBOURS[state.square]]
        if not zone_has(self.catalog, state, state.track, "ANCHOR"):
            for t in (state.track - 1, state.track + 1):
                if 0 <= t < 3 and self._step_cost(state, t) <= state.move:
                    found.append(("move", t, state.square))
        return found

    def _step_cost(self, state, track) -> int:
        zone = top(self.catalog, state, track)
        return 2 if zone is not None and zone.drag else 1

    def _enemy_ahead(self, state):
        if state.square < 3:
            return None
        ahead = state.square - 3
        for i, enemy in living(self.catalog, state, state.track):
            if ahead in enemy.squares:
                return i
        return None

    def _blueprints(self, state) -> list[int]:
        return [c for c in state.gold if "BLUEPRINT" in self.catalog.item(c).words]

    def _play(self, state, action):
        card = action[1]
        item = self.catalog.item(card)
        state.hand.remove(card)
        state.play.append(card)
        state.resolved.append((item.key, item.words))
        attack = item.attack
        if attack is None:
            self._queue_effects(state, item.effects, item.key)
        elif attack.second and attack.when == "either":
            state.pending.append(("second", card))
            return
        else:
            self._queue_attack(state, card, attack.when == "before")
        state.queue.append(("discard-played", card))

    def _queue_attack(self, state, card, second_first: bool) -> None:
        item = self.catalog.item(card)
        attack = item.attack
        if second_first:
            self._queue_effects(state, attack.second, item.key)
        state.queue += [("fire", card)] * attack.repeat
        if not second_first:
            self._queue_effects(state, attack.second, item.key)

    def _fire(self, state, card) -> None:
        """One firing: a laser hits every enemy in range (once per square of a FINAL BOSS), a missile or other
        hits one enemy the player picks."""
        attack = self.catalog.item(card).attack
        if combat.jammed(self.catalog, state, attack):
            witness(state, "JAMMER")
        found = combat.targets(self.catalog, state, attack)
        if attack.type == "missile" and any(top(self.catalog, state, t).enemies[i].ability == "CLOAKING"
                                            for t, i, _ in found):
            witness(state, "CLOAKING")  # a cloaked enemy in reach that this missile cannot hurt
        if attack.type == "laser":
            for track, index, squares in found:
                for _ in range(squares):
                    hit(self.catalog, state, track, index, attack.damage, "laser")
        elif found:
            state.pending.append(("target", card, tuple((t, i) for t, i, _ in found)))

    def _move(self, state, action):
        track, square = action[1], action[2]
        if zone_has(self.catalog, state, state.track, "ANCHOR"):
            witness(state, "ANCHOR")  # the anchor kept this step on its card
        cost = self._step_cost(state, track)
        if cost == 2:
            witness(state, "DRAG")
        state.move -= cost
        self._enter(state, track, square)

    def _enter(self, state, track, square) -> None:
        state.track, state.square = track, square
        zone = top(self.catalog, state, track)
        if zone is not None and square in zone.hazards:
            witness(state, "HAZARD")
            combat.hurt(self.catalog, state, zone.hazards[square])

    def _cycle(self, state, action):
        card, use = action[1], action[2]
        state.hand.remove(card)
        state.discard.append(card)
        state.cycle_used = True
        if use == "move":
            state.move += 1
        else:
            index = self._enemy_ahead(state)
            if index is not None:
                hit(self.catalog, state, state.track, index, 1, "other")

    def _extra(self, state, action):
        kind = action[0]
        if kind == "bonus":
            zone = top(self.catalog, state, state.track)
            effects = zone.bonuses[state.square]
            state.used[state.track] |= 1 << state.square
            state.resolved.append((f"bonus:{effects[0][0]}", tuple(w for w, _ in effects)))
            self._queue_effects(state, effects, zone.key)
        elif kind == "blueprint":
            card = self._blueprints(state)[0]
            state.gold.remove(card)
            state.spent.append(card)
            state.resolved.append(("blueprint:draw", ("BLUEPRINT",)))
            state.queue.append(("draw", 1))
        elif kind == "shield":
            state.block += 1 if state.charge == 2 else 3
            state.charge, state.shield_used = 0, True
            state.resolved.append(("ship:shield", ("SHIELD_CHARGE",)))

    def _shift(self, state, action):
        card, mode = action[1], action[2]
        state.hand.remove(card)
        state.discard.append(card)
        state.mode, state.shift_used = mode, True
        state.resolved.append(("ship:shift", ("PENDULUM",)))

    def _end(self, state, action):
        state.phase = "counter"
        state.attackers = combat.attackers(self.catalog, state)

    # -- the counter attack ------------------------------------------------------------------------
    def _settle_counter(self, state) -> bool:
        state.attackers = [a for a in state.attackers if self._alive(state, *a)]
        if len(state.attackers) > 1:
            return False  # the player picks who attacks next
        if state.attackers:
            self._attack_ship(state, state.attackers.pop())
            return True
        state.phase = "rewards"
        state.rewards = [t for t in range(3) if state.zones[t] and not living(self.catalog, state, t)]
        return True

    def _counter_actions(self, state):
        return Moves((("attack", [("attack", t, i) for t, i in state.attackers]), ("extra", self._shield(state))))

    def _counter(self, state, action):
        if action[0] == "shield":
            self._extra(state, action)
            return
        state.attackers.remove((action[1], action[2]))
        self._attack_ship(state, (action[1], action[2]))

    def _attack_ship(self, state, attacker) -> None:
        combat.counter_attack(self.catalog, state, attacker[0], attacker[1], self._add_static)

    def _alive(self, state, track, index) -> bool:
        zone = top(self.catalog, state, track)
        return zone is not None and index < len(zone.enemies) and state.damage[track][index] < zone.enemies[index].health

    def _add_static(self, state) -> None:
        if len(self.statics) - len(state.supply) >= self.max_statics:
            state.phase = "lost"  # a fourth Static
            return
        card = state.supply.pop()
        state.discard.append(card)
        state.resolved.append(("static", ()))

    # -- rewards -------------------------------------------------------------------------------------
    def _settle_rewards(self, state) -> bool:
        if not state.rewards:
            state.phase = "buy"
            return True
        track = state.rewards[0]
        zone = top(self.catalog, state, track)
        if zone.kind == "zone":
            return False  # gold or shop: the player's choice
        state.rewards.pop(0)
        card = state.zones[track].pop()
        state.cleared += 1
        item = self.catalog.item(card)
        state.resolved += [(zone.key, ()), (item.key, item.words)]
        self._queue_effects(state, item.effects, item.key)
        (state.gold if "BLUEPRINT" in item.words else state.spent).append(card)
        if zone.kind == "final_boss":
            state.finals += 1
            if state.finals == 3:
                campaign.end_run(self.catalog, state, won=True)
                return True
        self._reset_top(state, track)
        if zone.kind == "boss" and zone.level < 5 and state.boxes[(track, zone.level + 1)]:
            self._open_level(state, track, zone.level + 1)
        return True

    def _open_level(self, state, track, level) -> None:
        """A BOSS cleared: the track's next level goes on top of it, shuffled (clar-progression)."""
        cards = state.boxes[(track, level)]
        state.boxes = {**state.boxes, (track, level): []}
        state.pending_level = cards
        state.track_level[track] = max(state.track_level[track], level)
        state.best_level = max(state.best_level, level)
        state.chance = ("level", track, len(cards))

    def _reward_actions(self, state):
        track = state.rewards[0]
        return [("reward", track, "gold"), ("reward", track, "shop")]

    def _reward(self, state, action):
        track = state.rewards.pop(0)
        card = state.zones[track].pop()
        state.cleared += 1
        state.resolved.append((self.catalog.zones[card].key, ()))
        (state.gold if action[2] == "gold" else state.shop).append(card)
        self._reset_top(state, track)

    def _reset_top(self, state, track) -> None:
        """A new top card: no cubes on it. (An emptied deck leaves a bare area the ship may stay on: clar-empty-deck.)"""
        zone = top(self.catalog, state, track)
        state.damage[track] = [0] * len(zone.enemies) if zone else []
        state.used[track] = 0

    # -- buying --------------------------------------------------------------------------------------
    def _gold(self, state) -> int:
        return state.credit + sum(1 for c in state.gold if "BLUEPRINT" not in self.catalog.item(c).words)

    def _buy_actions(self, state):
        gold, blueprints = self._gold(state), len(self._blueprints(state))
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
            picks = [("pick", t, c) for t in range(3) for c in state.zones[t][:-1]]
        return Moves((("buy", buys), ("pick", picks), ("end-buy", [("end-buy",)])))

    def _pay(self, state, amount: int) -> None:
        from_credit = min(state.credit, amount)
        state.credit -= from_credit
        amount -= from_credit
        for card in [c for c in state.gold if "BLUEPRINT" not in self.catalog.item(c).words][:amount]:
            state.gold.remove(card)
            state.spent.append(card)

    def _buy(self, state, action):
        card = action[1]
        item = self.catalog.item(card)
        state.shop.remove(card)
        if item.ship:
            for blueprint in self._blueprints(state)[:item.ship.blueprints]:
                state.gold.remove(blueprint)
                state.spent.append(blueprint)
            state.ships = state.ships + [item.ship.id]
            state.reserve.append(card)
            campaign.take(self.catalog, state, card)
            self._unlock_treasures(state, item.ship.start)
            return
        self._pay(state, item.cost)
        (state.reserve if item.kind == "system" else state.discard).append(card)
        if item.permanent:
            campaign.take(self.catalog, state, card)

    def _unlock_treasures(self, state, start: int) -> None:
        """Treasures of the levels below a new ship's start join the collection (rule unlock-treasures)."""
        for (track, level), cards in state.boxes.items():
            if level < start:
                for card in [c for c in cards if self.catalog.item(c).treasure]:
                    campaign.take(self.catalog, state, card)

    def _pick(self, state, action):
        track, card = action[1], action[2]
        self._pay(state, self.catalog.settings.zone_pick_cost)
        state.zones[track].remove(card)
        state.zones[track].append(card)
        self._reset_top(state, track)
        if len(state.zones[track]) > 2:
            state.chance = ("under", track)

    def _end_buy(self, state, action):
        state.discard += state.hand + state.play
        state.hand, state.play = [], []
        state.move = state.credit = state.block = 0
        state.shield_used = state.cycle_used = state.shift_used = False
        if state.pendulum and state.mode == 2 and state.health < state.ship.health:
            state.health += 1
            state.resolved.append(("pendulum:recovery", ("PENDULUM_MODES",)))
        state.turn += 1
        state.round += 1
        if state.turn >= self.catalog.settings.max_turns:
            state.phase = "lost"
            return
        self._begin_turn(state)

    # -- decisions inside an effect ----------------------------------------------------------------
    def _pending_actions(self, state, frame) -> list[tuple]:
        kind = frame[0]
        if kind == "discard":
            return [("discard", c) for c in _distinct(self.catalog, state.hand)]
        if kind == "second":
            return [("second", "before"), ("second", "after")]
        if kind == "target":
            return [("target", t, i) for t, i in frame[2]]
        if kind == "warp":
            return [("warp", t, s) for t in range(3) for s in range(9)]
        if kind == "treasure":
            return [("treasure", c) for c in _distinct(self.catalog, state.treasures)]
        raise InvariantError(f"no decision for {frame}")

    def _apply_pending(self, state, frame, action) -> None:
        kind = frame[0]
        if kind == "discard":
            state.hand.remove(action[1])
            state.discard.append(action[1])
        elif kind == "second":
            self._queue_attack_front(state, frame[1], action[1] == "before")
        elif kind == "target":
            card = frame[1]
            attack = self.catalog.item(card).attack
            hit(self.catalog, state, action[1], action[2], attack.damage, attack.type)
        elif kind == "warp":
            state.resolved.append(("warp", ("WARP",)))
            self._enter(state, action[1], action[2])
        elif kind == "treasure":
            state.treasures.remove(action[1])
            state.hand.append(action[1])

    def _queue_attack_front(self, state, card, second_first: bool) -> None:
        rest = state.queue
        state.queue = []
        self._queue_attack(state, card, second_first)
        state.queue += [("discard-played", card)] + rest



def _distinct(catalog, cards) -> list[int]:
    return one_of_each(cards, lambda card: catalog.item(card).key)


PHASES = {
    "ship": EscapingEarthEngine._ship_actions, "build": EscapingEarthEngine._build_actions,
    "systems": EscapingEarthEngine._system_actions, "place": lambda self, s: campaign.place_options(s),
    "action": EscapingEarthEngine._action_actions, "counter": EscapingEarthEngine._counter_actions,
    "rewards": EscapingEarthEngine._reward_actions, "buy": EscapingEarthEngine._buy_actions,
}
APPLY = {
    "ship": EscapingEarthEngine._choose_ship, "leave": EscapingEarthEngine._leave,
    "deck-done": EscapingEarthEngine._deck_done, "system": EscapingEarthEngine._system,
    "systems-done": EscapingEarthEngine._systems_done, "place": EscapingEarthEngine._place,
    "play": EscapingEarthEngine._play, "move": EscapingEarthEngine._move, "cycle": EscapingEarthEngine._cycle,
    "bonus": EscapingEarthEngine._extra, "blueprint": EscapingEarthEngine._extra,
    "shield": lambda self, s, a: (self._counter if s.phase == "counter" else self._extra)(s, a),
    "shift": EscapingEarthEngine._shift, "end": EscapingEarthEngine._end, "attack": EscapingEarthEngine._counter,
    "reward": EscapingEarthEngine._reward, "buy": EscapingEarthEngine._buy, "pick": EscapingEarthEngine._pick,
    "end-buy": EscapingEarthEngine._end_buy,
}
SETTLE = {"start": EscapingEarthEngine._settle_start, "counter": EscapingEarthEngine._settle_counter,
          "rewards": EscapingEarthEngine._settle_rewards}
