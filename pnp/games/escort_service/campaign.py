"""The campaign: setting up each scenario, the team's order in column 1, scrap, the end of a scenario, upgrades.

Between scenarios this edition heals every pilot fully, brings the fallen
back, and gathers and shuffles every deck for a fresh hand (rules.yaml,
Clarifications).
"""
from __future__ import annotations

from pnp.engine.api import shuffled_order
from pnp.games.escort_service.records import GiveScrap, NextScenario, PlacePilot, ScenarioShuffle, Upgrade
from pnp.games.escort_service.state import Unit


class Campaign:
    """Mixed into the engine."""

    # -- the campaign's and each scenario's shuffles -----------------------------------------------------------
    def sample_CampaignShuffle(self, s, chance, rng):
        return ("campaign", shuffled_order(rng, len(s.scrap)),
                tuple(shuffled_order(rng, len(seat.upgrades)) for seat in s.seats))

    def resolve_CampaignShuffle(self, s, chance, action: tuple) -> None:
        s.scrap = [s.scrap[i] for i in action[1]]
        for seat, order in zip(s.seats, action[2]):
            seat.upgrades = [seat.upgrades[i] for i in order]
        self._prepare_scenario(s)

    def sample_ScenarioShuffle(self, s, chance, rng):
        return ("scenario", tuple(shuffled_order(rng, len(seat.draw)) for seat in s.seats),
                tuple(shuffled_order(rng, len(unit.deck)) for unit in s.units if unit.elite))

    def resolve_ScenarioShuffle(self, s, chance, action: tuple) -> None:
        for seat, order in zip(s.seats, action[1]):
            seat.draw = [seat.draw[i] for i in order]
            self._draw(s, seat, self.hand_size)
        for unit, order in zip([u for u in s.units if u.elite], action[2]):
            unit.deck = [unit.deck[i] for i in order]
        if len(s.seats) > 1:
            s.pending.append(PlacePilot(seat=0))
        else:
            s.columns[0] = (0,) + s.columns[0]

    def sample_Reshuffle(self, s, chance, rng):
        return ("reshuffle", shuffled_order(rng, len(s.seats[chance.seat].discard)))

    def sample_EliteReshuffle(self, s, chance, rng):
        return ("elite", shuffled_order(rng, len(s.unit(chance.unit).discard)))

    # -- a scenario ---------------------------------------------------------------------------------------------
    def _prepare_scenario(self, s) -> None:
        """Place the scenario's enemies; every pilot gathers its deck (a chance step shuffles), then the team
        stacks its pilots in column 1."""
        scenario = self.catalog.scenarios[s.scenario]
        s.shuttle_damage = max(0, s.shuttle_damage - scenario.repair)
        s.ticks, s.turns, s.active, s.phase = 0, 0, None, "setup"
        team = len(s.seats)
        s.units = []
        s.columns = [() for _ in range(self.columns)]
        s.fallen = [() for _ in range(self.columns)]
        s.statuses = {}
        for seat in s.seats:  # this edition's rule: healed, back up, the whole deck shuffled for a fresh hand
            seat.damage, seat.down = 0, False
            seat.draw = seat.cards
            seat.discard, seat.hand, seat.tucked, seat.playing = [], [], [], []
        for c, column in enumerate(self._placement(scenario, team)):
            for enemy_id in column:
                unit = Unit(team + len(s.units), self.catalog.enemies[enemy_id])
                s.units.append(unit)
                s.columns[c] += (unit.index,)
        s.resolved.append((scenario.id, ()))
        s.chance = ScenarioShuffle()

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

    def offer_PlacePilot(self, s, decision: PlacePilot):
        return [("place", seat.index) for seat in s.seats if seat.index not in decision.placed]

    def answer_PlacePilot(self, s, decision: PlacePilot, action: tuple) -> None:
        placed = decision.placed + (action[1],)
        left = [seat.index for seat in s.seats if seat.index not in placed]
        if len(left) > 1:
            s.pending.append(PlacePilot(seat=decision.seat, placed=placed))
            return
        s.columns[0] = placed + tuple(left) + s.columns[0]  # the pilots at the bottom, below any enemy there
        s.resolved.append(("pilot-order", ()))

    def _goal_met(self, s) -> bool:
        scenario = self.catalog.scenarios[s.scenario]
        if scenario.goal == "defeat-all":
            return not any(u.alive for u in s.units)
        if scenario.goal == "defeat":
            return not any(u.alive and u.kind == scenario.boss for u in s.units)
        return s.ticks >= scenario.ticks

    # -- scrap ------------------------------------------------------------------------------------------------------
    def offer_GiveScrap(self, s, decision: GiveScrap):
        options = []
        for seat in s.seats:
            if len(seat.scrap) < self.catalog.pilots[seat.character].slots:
                options.append(("give", seat.index))
            else:
                options += [("swap", seat.index, i) for i in range(len(seat.scrap))]
        return options + [("decline",)]

    def answer_GiveScrap(self, s, decision: GiveScrap, action: tuple) -> None:
        if action[0] == "decline":
            s.scrap_discard.append(decision.scrap)
            return
        seat = s.seats[action[1]]
        if action[0] == "swap":
            s.scrap_discard.append(seat.scrap.pop(action[2]))
        seat.scrap.append(decision.scrap)
        seat.effects = frozenset(self.catalog.scrap[i][1] for i in seat.scrap)
        card_id = self.catalog.scrap[decision.scrap][0]
        s.played.append(card_id)  # slotted: the card is witnessed once its bonus changes a number (combat)
        s.resolved.append(("scrap-slotted", ("SCRAP",)))  # the SCRAP event took effect: a card went into a slot
        if not seat.down and s.health_left(seat.index) <= 0 and s.on_board(seat.index):
            self._destroy(s, seat.index)  # an Armor Plate given up: as much damage as health is destroyed

    # -- the end of a scenario ---------------------------------------------------------------------------------
    def step_ScenarioWon(self, s, step) -> None:
        scenario = self.catalog.scenarios[s.scenario]
        s.resolved.append((f"won:{scenario.id}", ()))
        s.scenarios_won += 1
        s.in_play = None
        if s.scenario + 1 >= len(self.catalog.scenarios):
            s.won = s.over = True
            return
        for seat in s.seats:  # draw upgrade cards: each pilot decides in turn
            seat.offer = seat.upgrades[:self.upgrade_draw]
            seat.upgrades = seat.upgrades[self.upgrade_draw:]
            seat.added = 0
        s.pending.extend(Upgrade(seat=seat.index) for seat in reversed(s.seats))
        s.queue.append(NextScenario())

    def offer_Upgrade(self, s, decision: Upgrade):
        seat = s.seats[decision.seat]
        options = []
        if seat.added < self.upgrade_keep:
            options += [("add", c) for c in self._distinct(seat.offer)]
        if seat.added == 0 and seat.deck_size > self.min_deck:
            options += [("remove", c) for c in self._distinct(seat.cards)]
        return options + [("done",)]

    def answer_Upgrade(self, s, decision: Upgrade, action: tuple) -> None:
        seat = s.seats[decision.seat]
        if action[0] == "add":
            seat.offer.remove(action[1])
            seat.draw.append(action[1])
            seat.deck_size += 1
            seat.added += 1
            s.resolved.append((f"upgrade:{self.catalog.cards[action[1]].id}", ("UPGRADE",)))
            if seat.added < self.upgrade_keep and seat.offer:
                s.pending.append(decision)
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

    def step_NextScenario(self, s, step) -> None:
        s.scenario += 1
        self._prepare_scenario(s)

