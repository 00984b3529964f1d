"""Escort Service's rules engine: a whole campaign, scenario after scenario, for 1 to 4 pilots (rules.yaml).

The board is a row of columns, column 0 directly above the shuttle; each
column is a list of units, bottom first. The unit at the bottom of column 0
is the active unit; an empty column 0 makes the board TICK. Pilots decide
their moves (and the team decides scrap and upgrades); enemies act by the
targeting rules alone. Shuffles are chance steps, sampled from the seeded
generator, so a seed replays a campaign.
"""
from __future__ import annotations

import random

from pnp.engine.api import InvariantError, Moves, Result, SoloEngine, one_of_each, shuffled_order
from pnp.games.escort_service.actions import Action
from pnp.games.escort_service.catalog import Catalog, build_catalog
from pnp.games.escort_service.state import Seat, State, Unit

SHUTTLE = -1  # a target: the shuttle, a space just below column 0
END_HEAT = Action("HEAT", 1)


class EscortEngine(SoloEngine):
    def __init__(self, catalog: Catalog):
        self.catalog = catalog
        settings = catalog.settings
        self.columns, self.hand_size, self.max_turns = settings.columns, settings.hand_size, settings.max_turns
        self.upgrade_draw, self.upgrade_keep, self.min_deck = (settings.upgrade_draw, settings.upgrade_keep,
                                                               settings.min_deck)

    @classmethod
    def from_game(cls, game, difficulty=None):
        return cls(build_catalog(game))

    # -- the API ------------------------------------------------------------------------------------------
    def initial_state(self, rng: random.Random, pilots: str = "warrior", scenario: int = 0, arsenal: bool = False,
                      **_) -> State:
        """A campaign for these pilots (comma-separated characters), from this scenario (0: the first). With
        `arsenal` (a playtest's scenario, not the rules') every pilot starts with its upgrade deck shuffled into
        its deck, so upgrade cards get played from the first scenario on."""
        s = State.new(self.catalog, pilots.split(","), scenario)
        if arsenal:
            for seat in s.seats:
                seat.draw += seat.upgrades
                seat.deck_size += len(seat.upgrades)
                seat.upgrades = []
        s.chance = ("campaign",)
        return s

    def current_player(self, s: State) -> int | None:
        if s.chance or s.over:
            return None
        return s.deciding

    def sample_chance(self, s: State, rng: random.Random) -> tuple:
        kind = s.chance[0]
        if kind == "campaign":
            return ("campaign", shuffled_order(rng, len(self.catalog.scrap)),
                    tuple(shuffled_order(rng, len(seat.upgrades)) for seat in s.seats))
        if kind == "scenario":
            return ("scenario", tuple(shuffled_order(rng, len(seat.draw)) for seat in s.seats),
                    tuple(shuffled_order(rng, len(unit.deck)) for unit in s.enemies() if unit.elite))
        if kind == "reshuffle":  # a pilot's discard pile becomes its draw pile
            return ("reshuffle", shuffled_order(rng, len(s.seats[s.chance[1]].discard)))
        return ("elite", shuffled_order(rng, len(s.units[s.chance[1]].discard)))

    def legal_actions(self, s: State) -> list[tuple]:
        if s.over or s.chance:
            return []
        frame = s.pending[-1] if s.pending else None
        if frame is None:
            return self._turn_actions(s)
        kind = frame[0]
        if kind == "target":
            return [("target", t) for t in frame[3]]
        if kind == "discard":
            return [("discard", c) for c in _distinct(self.catalog, s.seats[frame[1]].hand)]
        if kind == "end":
            seat = s.seats[frame[1]]
            drops = [("drop", c) for c in _distinct(self.catalog, seat.hand)]
            return Moves((("keep", [("keep",)]), ("drop", drops)))
        if kind == "scrap":
            return self._scrap_actions(s, frame)
        if kind == "upgrade":
            return self._upgrade_actions(s, frame)
        raise InvariantError(f"unknown decision {kind}")

    def apply_in_place(self, s: State, action: tuple) -> None:
        s.resolved = []
        if s.chance:
            self._apply_chance(s, action)
        elif s.pending:
            self._decide(s, s.pending.pop(), action)
        else:
            self._turn_move(s, action)
        self._run(s)

    def result(self, s: State) -> Result:
        won = s.won
        seats = range(len(s.seats))
        return Result([s.scenarios_won] * len(s.seats), list(seats) if won else [], s.round,
                      {"pilots": [seat.character for seat in s.seats], "players": len(s.seats), "won": won,
                       "scenarios_won": s.scenarios_won, "reached": s.scenario, "shuttle": s.shuttle_damage,
                       "turns": s.round, "lost": s.lost_reason})

    def check_invariants(self, s: State) -> None:
        on_board = [u for column in s.columns for u in column]
        if len(on_board) != len(set(on_board)):
            raise InvariantError("a unit is in two places")
        for u in on_board:
            if not s.alive(u):
                raise InvariantError(f"unit {u} is on the board but destroyed")
        if s.shuttle_damage < 0 or any(seat.damage < 0 for seat in s.seats):
            raise InvariantError("negative damage")
        for seat in s.seats:
            cards = seat.cards
            if len(cards) != seat.deck_size:
                raise InvariantError(f"{seat.character} has {len(cards)} cards in play, its deck is {seat.deck_size}")

    # -- setting up ------------------------------------------------------------------------------------------
    def _apply_chance(self, s: State, action: tuple) -> None:
        kind, chance = action[0], s.chance
        s.chance = None
        if kind == "campaign":
            s.scrap = [s.scrap[i] for i in action[1]]
            for seat, order in zip(s.seats, action[2]):
                seat.upgrades = [seat.upgrades[i] for i in order]
            self._prepare_scenario(s)
        elif kind == "scenario":
            for seat, order in zip(s.seats, action[1]):
                seat.draw = [seat.draw[i] for i in order]
            for unit, order in zip([u for u in s.enemies() if u.elite], action[2]):
                unit.deck = [unit.deck[i] for i in order]
            for seat in s.seats:
                self._draw(s, seat, self.hand_size)
        elif kind == "reshuffle":
            seat = s.seats[chance[1]]
            seat.draw = [seat.discard[i] for i in action[1]]
            seat.discard = []
            self._draw(s, seat, chance[2])  # the cards still owed
        else:
            unit = s.units[chance[1]]
            unit.deck = [unit.discard[i] for i in action[1]]
            unit.discard = []

    def _prepare_scenario(self, s: State) -> None:
        """Place the scenario's enemies and the pilots; every pilot gathers its deck (a chance step shuffles)."""
        scenario = self.catalog.scenarios[s.scenario]
        s.shuttle_damage = max(0, s.shuttle_damage - scenario.repair)
        s.ticks, s.turns = 0, 0
        s.units = s.units[:len(s.seats)]
        s.columns = [[] for _ in range(self.columns)]
        s.fallen = [[] for _ in range(self.columns)]
        for seat in s.seats:
            seat.damage, seat.down = 0, False
            seat.draw = seat.cards
            seat.discard, seat.hand, seat.tucked, seat.playing = [], [], [], []
            s.columns[0].append(seat.index)
        s.statuses = {}
        for c, column in enumerate(self._placement(scenario, len(s.seats))):
            for enemy_id in column:
                enemy = self.catalog.enemies[enemy_id]
                unit = Unit(len(s.units), enemy_id, enemy.health, bool(enemy.deck), enemy.zealot, list(enemy.deck))
                s.units.append(unit)
                s.columns[c].append(unit.index)
        s.resolved.append((scenario.id, ()))
        s.chance = ("scenario",)
        s.phase = "next"

    def _placement(self, scenario, team: int) -> list[list[str]]:
        """The scenario's enemies per column, changed for the team's size (settings `team`)."""
        scaling = self.catalog.settings.team.get(team)
        columns = [list(column) for column in scenario.placement]
        if scaling is None:
            return columns
        for column in columns:
            for _ in range(min(scaling.leave_out, len(column) - 1)):
                column.pop()
        columns[-1] += scaling.add
        return columns

    # -- the turn loop -------------------------------------------------------------------------------------------
    def _run(self, s: State) -> None:
        """Resolve whatever needs no decision: queued actions, enemy turns, TICKs, the next turn."""
        while not s.over and not s.chance and not s.pending:
            if s.queue:
                self._resolve_next(s)
            elif s.phase == "next":
                self._next_turn(s)
            elif s.phase == "enemy-start":
                self._enemy_turn(s, s.unit(s.active))
            elif s.phase == "enemy-done":
                self._end_enemy_turn(s)
            elif s.phase == "pilot-ending":
                self._end_pilot_turn(s)
            else:
                return

    def _next_turn(self, s: State) -> None:
        if self._scenario_over(s):
            return
        while not s.columns[0]:
            if not any(s.columns):
                self._finish_scenario(s, self._goal_met(s))  # no unit left anywhere: nothing to tick toward
                return
            s.columns = s.columns[1:] + s.columns[:1]
            s.fallen = s.fallen[1:] + s.fallen[:1]
            s.ticks += 1
            s.resolved.append(("tick", ("TICK",)))
            if self._scenario_over(s):
                return
        s.turns += 1
        s.round += 1
        if s.turns > self.max_turns:
            self._lose(s, "turns")
            return
        unit = s.columns[0][0]
        s.active = unit
        self._expire_statuses(s, unit)
        if unit < len(s.seats):
            seat = s.seats[unit]
            s.resolved.append((f"{seat.character}-pilot", ()))
            seat.used = set()
            if seat.has("repair-drone") and seat.damage:
                seat.damage -= 1
                s.resolved.append(("scrap:repair-drone", ()))
            s.phase, s.deciding = "pilot", unit
        else:
            s.phase = "enemy-start"

    def _expire_statuses(self, s: State, unit: int) -> None:
        for status, owner, card in s.statuses.pop(unit, []):
            self._return_status(s, owner, card)

    def _return_status(self, s: State, owner: int, card: int) -> None:
        if owner < len(s.seats):
            seat = s.seats[owner]
            seat.tucked.remove(card)
            seat.discard.append(card)
        elif s.alive(owner):
            s.unit(owner).discard.append(card)

    # -- enemies -----------------------------------------------------------------------------------------------
    def _enemy_turn(self, s: State, unit: Unit) -> None:
        enemy = self.catalog.enemies[unit.kind]
        if unit.elite:
            if not unit.deck:
                if unit.discard:
                    s.chance = ("elite", unit.index)  # the turn goes on once the deck is shuffled
                else:
                    s.phase = "enemy-done"  # every action card is tucked under someone: nothing to do
                return
            card = unit.deck.pop(0)
            s.resolved.append((self.catalog.cards[card].id, ()))
            s.resolved.append((unit.kind, ()))
            s.queue = [(unit.index, card, a) for a in self.catalog.cards[card].actions]
            s.card_in_play = (unit.index, card)
        else:
            side = 1 if unit.flipped else 0
            s.resolved.append((f"{unit.kind}:{'ab'[side]}", ()))
            s.queue = [(unit.index, None, a) for a in enemy.sides[side]]
            unit.flipped = not unit.flipped
            s.card_in_play = None
        s.phase = "enemy-done"

    def _end_enemy_turn(self, s: State) -> None:
        unit = s.active
        if s.card_in_play is not None:
            owner, card = s.card_in_play
            if s.alive(owner) and card not in [c for _, _, c in s.all_statuses()]:
                s.unit(owner).discard.append(card)
            s.card_in_play = None
        if s.alive(unit) and s.position(unit) == (0, 0):
            self._heat(s, unit, END_HEAT)
        s.phase = "next"

    def _enemy_targets(self, s: State, unit: int, action: Action) -> list[int]:
        """Who an enemy's action picks, by the targeting rules (rules.yaml, 'An enemy's turn')."""
        picks = action.picks
        if picks is None:
            return []
        if picks == "SELF":
            return [unit]
        reach = self._reach(s, unit, action)
        if picks == "ALLY":
            allies = [u for u in reach if u >= len(s.seats)] + [unit]
            if action.aoe:
                return allies
            hurt = [u for u in allies if s.damage_of(u)]
            return [max(hurt, key=lambda u: (s.damage_of(u), -self._distance(s, unit, u), -u))] if hurt else []
        pilots = [u for u in reach if u < len(s.seats)]
        shuttle = self._shuttle_in_reach(s, unit, action)
        if action.aoe:
            return pilots or ([SHUTTLE] if shuttle and action.word in ("MELEE", "RANGED") else [])
        visible = [u for u in pilots if not s.has_status(u, "HIDDEN")]
        taunting = [u for u in visible if s.has_status(u, "TAUNT")]
        if taunting:
            visible = taunting
        elif shuttle and action.word in ("MELEE", "RANGED") and (s.unit(unit).zealot or not visible):
            if s.unit(unit).zealot and visible:
                s.resolved.append(("zealot", ("ZEALOT",)))
            return [SHUTTLE]
        if not visible:
            return []
        return [min(visible, key=lambda u: (s.health_left(u), self._distance(s, unit, u), s.position(u)))]

    # -- pilots --------------------------------------------------------------------------------------------------
    def _turn_actions(self, s: State):
        seat = s.seats[s.deciding]
        plays = [("play", c) for c in _distinct(self.catalog, seat.hand)]
        return Moves((("play", plays), ("stop", [("stop",)])))

    def _turn_move(self, s: State, action: tuple) -> None:
        seat = s.seats[s.deciding]
        if action[0] == "play":
            card = action[1]
            seat.hand.remove(card)
            seat.playing.append(card)
            s.resolved.append((self.catalog.cards[card].id, ()))
            s.card_in_play = (seat.index, card)
            s.queue = [(seat.index, card, a) for a in self.catalog.cards[card].actions] + [(seat.index, card, None)]
        elif action[0] == "stop":
            s.phase = "pilot-ending"
            s.deciding = seat.index

    def _end_pilot_turn(self, s: State) -> None:
        seat = s.seats[s.deciding]
        unit = seat.index
        if not seat.down and s.position(unit) == (0, 0):
            self._heat(s, unit, END_HEAT)
            if s.over:
                return
        s.phase = "pilot-discarding"
        if seat.hand:
            s.pending.append(("end", seat.index))
        else:
            self._refill(s, seat)

    def _refill(self, s: State, seat: Seat) -> None:
        size = self.hand_size + (1 if seat.has("spare-cell") else 0)
        if size > self.hand_size:
            s.resolved.append(("scrap:spare-cell", ()))
        s.phase = "next"
        self._draw(s, seat, size - len(seat.hand))

    def _draw(self, s: State, seat: Seat, n: int) -> None:
        """Draw n cards; an empty draw pile is refilled from the discard pile first (a chance step), the cards
        still owed drawn after it."""
        for drawn in range(n):
            if not seat.draw:
                if seat.discard:
                    s.chance = ("reshuffle", seat.index, n - drawn)
                return
            seat.hand.append(seat.draw.pop(0))

    # -- resolving actions ------------------------------------------------------------------------------------
    def _resolve_next(self, s: State) -> None:
        unit, card, action = s.queue.pop(0)
        if action is None:  # the card is done: to its owner's discard pile, unless it went under a unit
            seat = s.seats[unit]
            if card in seat.playing:
                seat.playing.remove(card)
                if not any(c == card and o == unit for _, o, c in s.all_statuses()):
                    seat.discard.append(card)
            s.card_in_play = None
            return
        if not s.alive(unit) and action.word != "HEAT":
            return  # a destroyed unit's remaining actions do nothing
        s.resolved.append((f"action:{action.word}", tuple(_words(action))))
        word = action.word
        if word == "HEAT":
            if s.alive(unit) and s.on_board(unit):
                self._heat(s, unit, action)
            return
        if word == "DRAW":
            self._draw(s, s.seats[unit], action.n)
            return
        if word == "DISCARD":
            seat = s.seats[unit]
            for _ in range(min(action.n, len(seat.hand))):
                s.pending.append(("discard", unit))
            return
        if unit >= len(s.seats):  # enemies pick by the rules
            for target in self._enemy_targets(s, unit, action):
                if s.over:
                    break
                self._effect(s, unit, card, action, target)
            return
        options = self._pilot_targets(s, unit, action)
        if action.aoe:
            for target in options:
                if s.over or s.phase == "upgrade":
                    break
                self._effect(s, unit, card, action, target)
        elif len(options) == 1:
            self._effect(s, unit, card, action, options[0])
        elif options:
            s.pending.append(("target", unit, (card, action), tuple(options)))
            s.deciding = unit

    def _pilot_targets(self, s: State, unit: int, action: Action) -> list[int]:
        picks = action.picks
        if picks == "SELF":
            return [unit]
        if picks == "SHUTTLE":
            return [SHUTTLE] if self._shuttle_in_reach(s, unit, action) else []
        reach = self._reach(s, unit, action)
        if picks == "ALLY":
            allies = [u for u in reach if u < len(s.seats)] + [unit]
            allies += [u for u in self._fallen_in_reach(s, unit, action)] if action.word == "HEAL" else []
            return sorted(set(allies))
        foes = [u for u in reach if u >= len(s.seats) and (action.aoe or not s.has_status(u, "HIDDEN"))]
        if not action.aoe:
            taunting = [u for u in foes if s.has_status(u, "TAUNT")]
            foes = taunting or foes
        return foes

    def _decide(self, s: State, frame, action: tuple) -> None:
        kind = frame[0]
        if kind == "target":
            unit, (card, act), _ = frame[1], frame[2], frame[3]
            self._effect(s, unit, card, act, action[1])
        elif kind == "discard":
            seat = s.seats[frame[1]]
            seat.hand.remove(action[1])
            seat.discard.append(action[1])
        elif kind == "end":
            seat = s.seats[frame[1]]
            if action[0] == "drop":
                seat.hand.remove(action[1])
                seat.discard.append(action[1])
                if seat.hand:
                    s.pending.append(frame)
                    return
            self._refill(s, seat)
        elif kind == "scrap":
            self._give_scrap(s, frame, action)
        elif kind == "upgrade":
            self._upgrade(s, frame, action)

    def _effect(self, s: State, unit: int, card, action: Action, target: int) -> None:
        word = action.word
        if word in ("MELEE", "RANGED"):
            amount = action.n
            if unit < len(s.seats):  # the once-a-turn scrap bonuses: first MELEE, first RANGED
                seat = s.seats[unit]
                effect = "servo-fist" if word == "MELEE" else "targeting-computer"
                if seat.has(effect) and word not in seat.used:
                    amount += 1
                    s.resolved.append((f"scrap:{effect}", ()))
                seat.used.add(word)
            self._damage(s, target, amount)
        elif word == "HEAL":
            self._heal(s, target, action.n)
        elif word in ("DELAY", "ADVANCE"):
            if target != SHUTTLE and s.on_board(target):
                self._move(s, target, action.n if word == "DELAY" else -action.n)
        elif word == "STATUS":
            if target == SHUTTLE or not s.alive(target):
                return
            s.statuses.setdefault(target, []).append((action.status, unit, card))
            if unit < len(s.seats):
                seat = s.seats[unit]
                seat.playing.remove(card)
                seat.tucked.append(card)
            s.resolved.append((f"status:{action.status}", (action.status,)))

    # -- the board -------------------------------------------------------------------------------------------
    def _reach(self, s: State, unit: int, action: Action) -> list[int]:
        c, r = s.position(unit)
        found = []
        for col, column in enumerate(s.columns):
            for row, other in enumerate(column):
                if other != unit and self._in_reach(action, c, r, col, row, unit, s):
                    found.append(other)
        return found

    def _in_reach(self, action: Action, c, r, col, row, unit, s) -> bool:
        dc, dr = col - c, row - r
        if action.direction == "LEFT" and dc >= 0 or action.direction == "RIGHT" and dc <= 0:
            return False
        if action.direction in ("UP", "DOWN") and (dc != 0 or (dr <= 0 if action.direction == "UP" else dr >= 0)):
            return False
        within = action.within
        if within is not None and unit < len(s.seats) and action.word == "RANGED" and s.seats[unit].has("long-barrel"):
            within += 1
        if within is not None:
            return abs(dc) + abs(dr) <= within
        return max(abs(dc), abs(dr)) == 1

    def _shuttle_in_reach(self, s: State, unit: int, action: Action) -> bool:
        if not s.on_board(unit):
            return False
        c, r = s.position(unit)
        return self._in_reach(action, c, r, 0, -1, unit, s)

    def _fallen_in_reach(self, s: State, unit: int, action: Action) -> list[int]:
        c, r = s.position(unit)
        return [u for col, fallen in enumerate(s.fallen) for u in fallen if self._in_reach(action, c, r, col, -1, unit, s)]

    def _distance(self, s: State, a: int, b: int) -> int:
        (c1, r1), (c2, r2) = s.position(a), s.position(b)
        return abs(c1 - c2) + abs(r1 - r2)

    def _move(self, s: State, unit: int, columns: int) -> None:
        """Move a unit left (negative) or right; it stops at either end and goes on top of the column it enters."""
        c, _ = s.position(unit)
        to = min(self.columns - 1, max(0, c + columns))
        if to != c:
            s.columns[c].remove(unit)
            s.columns[to].append(unit)
            s.resolved.append((f"column-{to + 1}", ()))

    def _heat(self, s: State, unit: int, action: Action) -> None:
        amount = action.n
        if unit < len(s.seats):
            seat = s.seats[unit]
            if seat.has("heat-sink") and "HEAT" not in seat.used and action is not END_HEAT:
                amount -= 1
                s.resolved.append(("scrap:heat-sink", ()))
            if action is not END_HEAT:
                seat.used.add("HEAT")
        c, _ = s.position(unit)
        overflow = max(0, c + amount - (self.columns - 1))
        self._move(s, unit, amount)
        if overflow:
            if unit < len(s.seats) and s.seats[unit].has("heat-vanes"):
                s.resolved.append(("scrap:heat-vanes", ()))
                return
            s.resolved.append(("overflow", ("VENT_OVERFLOW",)))
            self._damage(s, unit, overflow, vented=True)

    def _damage(self, s: State, target: int, amount: int, vented: bool = False) -> None:
        if target == SHUTTLE:
            s.shuttle_damage += amount
            s.resolved.append(("shuttle", ()))
            if s.shuttle_damage >= self.catalog.shuttle_health:
                self._lose(s, "shuttle")
            return
        if not s.alive(target) or amount <= 0:
            return
        shield = s.take_status(target, "SHIELD")
        if shield is not None:
            self._return_status(s, shield[1], shield[2])
            s.resolved.append(("shielded", ("SHIELD",)))
            return
        if s.has_status(target, "POISON"):
            amount += 1
            s.resolved.append(("poisoned", ("POISON",)))
        if target < len(s.seats):
            s.seats[target].damage += amount
        else:
            s.unit(target).damage += amount
        if s.health_left(target) <= 0:
            self._destroy(s, target)

    def _heal(self, s: State, target: int, amount: int) -> None:
        if target == SHUTTLE:
            s.shuttle_damage = max(0, s.shuttle_damage - amount)
            s.resolved.append(("shuttle-repaired", ()))
            return
        if target < len(s.seats):
            seat = s.seats[target]
            seat.damage = max(0, seat.damage - amount)
            if seat.down and s.health_left(target) > 0:
                col = next(i for i, fallen in enumerate(s.fallen) if target in fallen)
                s.fallen[col].remove(target)
                s.columns[col].append(target)
                seat.down = False
                s.resolved.append(("revive", ("REVIVE",)))
        elif s.alive(target):
            unit = s.unit(target)
            unit.damage = max(0, unit.damage - amount)

    def _destroy(self, s: State, target: int) -> None:
        col, _ = s.position(target)
        s.columns[col].remove(target)
        self._expire_statuses(s, target)
        for other, statuses in list(s.statuses.items()):  # its own status cards under other units end too
            for entry in [x for x in statuses if x[1] == target]:
                statuses.remove(entry)
                if target < len(s.seats):
                    self._return_status(s, target, entry[2])  # a pilot's card goes back to its discard pile
        if target < len(s.seats):
            s.seats[target].down = True
            s.fallen[col].append(target)
            s.resolved.append(("pilot-down", ()))
            if all(seat.down for seat in s.seats):
                self._lose(s, "pilots")
            return
        unit = s.unit(target)
        unit.alive = False
        s.resolved.append((f"destroyed:{unit.kind}", ()))
        if self._goal_met(s):
            self._finish_scenario(s, True)
            return
        if s.scrap:
            s.pending.insert(0, ("scrap", s.scrap.pop(0)))
            s.deciding = s.active if s.active is not None and s.active < len(s.seats) else 0

    # -- scrap ----------------------------------------------------------------------------------------------------
    def _scrap_actions(self, s: State, frame) -> list[tuple]:
        options = []
        for seat in s.seats:
            slots = self.catalog.pilots[seat.character].slots
            if len(seat.scrap) < slots:
                options.append(("give", seat.index))
            else:
                options += [("swap", seat.index, i) for i in range(len(seat.scrap))]
        return options + [("decline",)]

    def _give_scrap(self, s: State, frame, action: tuple) -> None:
        index = frame[1]
        card_id, effect = self.catalog.scrap[index]
        if action[0] == "decline":
            s.scrap_discard.append(index)
            return
        seat = s.seats[action[1]]
        if action[0] == "swap":
            s.scrap_discard.append(seat.scrap.pop(action[2]))
        seat.scrap.append(index)
        seat.effects = {self.catalog.scrap[i][1] for i in seat.scrap}
        s.resolved.append((card_id, ("SCRAP",)))

    # -- ending a scenario ----------------------------------------------------------------------------------------
    def _goal_met(self, s: State) -> bool:
        scenario = self.catalog.scenarios[s.scenario]
        enemies = [u for u in s.enemies() if u.alive]
        if scenario.goal == "defeat-all":
            return not enemies
        if scenario.goal == "defeat":
            return not any(u.kind == scenario.boss for u in enemies)
        return s.ticks >= scenario.ticks

    def _scenario_over(self, s: State) -> bool:
        if self._goal_met(s):
            self._finish_scenario(s, True)
            return True
        return False

    def _finish_scenario(self, s: State, won: bool) -> None:
        if s.over or s.phase == "upgrade":  # already decided (an AOE can destroy the last two enemies at once)
            return
        if not won:
            self._lose(s, "board")
            return
        scenario = self.catalog.scenarios[s.scenario]
        s.resolved.append((f"won:{scenario.id}", ()))
        s.scenarios_won += 1
        s.queue, s.pending = [], []
        s.card_in_play = None
        if s.scenario + 1 >= len(self.catalog.scenarios):
            s.won = s.over = True
            return
        s.phase = "upgrade"
        for seat in s.seats:  # draw upgrade cards: each pilot decides in turn
            seat.offer = seat.upgrades[:self.upgrade_draw]
            seat.upgrades = seat.upgrades[self.upgrade_draw:]
            seat.added = 0
        s.pending = [("upgrade", seat.index) for seat in reversed(s.seats)]
        s.deciding = s.pending[-1][1]

    def _upgrade_actions(self, s: State, frame) -> list[tuple]:
        seat = s.seats[frame[1]]
        options = []
        if seat.added < self.upgrade_keep:
            options += [("add", c) for c in _distinct(self.catalog, seat.offer)]
        if seat.added == 0 and seat.deck_size > self.min_deck:
            options += [("remove", c) for c in _distinct(self.catalog, seat.cards)]
        return options + [("done",)]

    def _upgrade(self, s: State, frame, action: tuple) -> None:
        seat = s.seats[frame[1]]
        if action[0] == "add":
            seat.offer.remove(action[1])
            seat.draw.append(action[1])
            seat.deck_size += 1
            seat.added += 1
            s.resolved.append((f"upgrade:{self.catalog.cards[action[1]].id}", ("UPGRADE",)))
            if seat.added < self.upgrade_keep and seat.offer:
                s.pending.append(frame)
                return
        elif action[0] == "remove":
            for pile in (seat.draw, seat.discard, seat.hand, seat.tucked, seat.playing):
                if action[1] in pile:
                    pile.remove(action[1])
                    break
            seat.deck_size -= 1
            s.resolved.append(("trimmed", ("UPGRADE",)))
        seat.upgrades += seat.offer  # the rest go under the upgrade deck
        seat.offer = []
        if s.pending:
            s.deciding = s.pending[-1][1]
            return
        s.scenario += 1
        self._prepare_scenario(s)

    def _lose(self, s: State, reason: str) -> None:
        s.over, s.won, s.lost_reason = True, False, reason


def _words(action: Action) -> list[str]:
    words = [action.word]
    if action.aoe:
        words.append("AOE")
    if action.within is not None or action.direction:
        words.append("IN")
    return words



def _distinct(catalog, cards) -> list[int]:
    return one_of_each(cards, lambda card: catalog.cards[card].id)
