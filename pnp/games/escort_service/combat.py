"""Actions taking effect: damage, healing, moving, heat, statuses, and units destroyed.

Every effect that changes the game sets `state.acted`, so the action (and the
card it is on) is witnessed only when it did something (pnp.engine.machine).
"""
from __future__ import annotations

from pnp.games.escort_service.actions import Action
from pnp.games.escort_service.records import SHUTTLE, GiveScrap, ScenarioWon, Tucked


class Combat:
    """Mixed into the engine, which gives the catalog, `self.columns` and the board's methods."""

    def _effect(self, s, unit: int, card: int | None, action: Action, target: int) -> None:
        word = action.word
        if word == "MELEE" or word == "RANGED":
            amount, bonus = action.n, None
            if unit < len(s.seats):
                bonus = self._pilot_bonus(s.seats[unit], word)
                amount += bonus is not None
                if word == "RANGED" and target != SHUTTLE and s.seats[unit].has("long-barrel") \
                        and self._distance(s, unit, target) > action.within:
                    self._scrap_took_effect(s, "long-barrel")  # only the longer barrel reaches this far
            if self._damage(s, target, amount) and bonus:
                self._scrap_took_effect(s, bonus)  # the extra point landed: a shield took none of it
        elif word == "HEAL":
            self._heal(s, target, action.n)
        elif word == "DELAY" or word == "ADVANCE":
            if target != SHUTTLE and s.on_board(target):
                self._move(s, target, action.n if word == "DELAY" else -action.n)
        elif word == "STATUS":
            if target == SHUTTLE or not s.alive(target):
                return
            s.tuck(target, Tucked(status=action.status, owner=unit, card=card))
            if unit < len(s.seats):
                seat = s.seats[unit]
                seat.playing.remove(card)
                seat.tucked.append(card)
            s.acted = True  # the card moved under a unit; the status itself counts when it changes something
            s.played.append(action.status)

    def _pilot_bonus(self, seat, word: str) -> str | None:
        """The once-a-turn scrap bonus this action gets (what the scrap does), or None: Servo Fist on the first MELEE,
        Targeting Computer on the first RANGED of the turn; the whole action, every unit an AOE reaches. The word
        counts as used once that action is done, whether or not it reached anyone (turns._action_done; rules.yaml
        'clar-first-each-turn')."""
        effect = "servo-fist" if word == "MELEE" else "targeting-computer"
        return effect if seat.has(effect) and word not in seat.used else None

    def _scrap_took_effect(self, s, effect: str) -> None:
        """A slotted scrap card's bonus changed a number: the effect and the card that does it are witnessed
        (slotting a card is the SCRAP event's effect, not the card's: campaign.answer_GiveScrap)."""
        s.resolved.append((f"scrap:{effect}", ()))
        s.resolved.append((self._scrap_cards[effect], ()))

    def _heat(self, s, unit: int, amount: int, end_of_turn: bool = False) -> None:
        """Vent the heat by moving right; what cannot be vented past the last column is damage."""
        if unit < len(s.seats) and not end_of_turn:  # Heat Sink: the first HEAT action each turn is 1 lower
            seat = s.seats[unit]
            if seat.has("heat-sink") and "HEAT" not in seat.used:
                amount -= 1
                self._scrap_took_effect(s, "heat-sink")
            seat.used.add("HEAT")
        c, _ = s.position(unit)
        overflow = max(0, c + amount - (self.columns - 1))
        self._move(s, unit, amount)
        if overflow:
            if unit < len(s.seats) and s.seats[unit].has("heat-vanes"):
                self._scrap_took_effect(s, "heat-vanes")
                return
            s.resolved.append(("overflow", ("VENT_OVERFLOW",)))
            self._damage(s, unit, overflow)

    def _damage(self, s, target: int, amount: int) -> bool:
        """Deal the damage; True when it landed (False when a shield took it or there was nothing to damage)."""
        if target == SHUTTLE:
            s.shuttle_damage += amount
            s.acted = True
            s.resolved.append(("shuttle", ()))
            if s.shuttle_damage >= self.catalog.shuttle_health:
                self._lose(s, "shuttle")
            return True
        if not s.alive(target) or amount <= 0:
            return False
        s.acted = True
        shield = s.take_status(target, "SHIELD")
        if shield is not None:
            self._return_status(s, shield)
            s.resolved.append(("shielded", ("SHIELD",)))
            return False
        if s.has_status(target, "POISON"):
            amount += 1
            s.resolved.append(("poisoned", ("POISON",)))
        if target < len(s.seats):
            seat = s.seats[target]
            seat.damage += amount
            if seat.damage >= seat.health and seat.has("armor-plate") and s.health_left(target) > 0:
                self._scrap_took_effect(s, "armor-plate")  # standing only thanks to the plate
        else:
            s.unit(target).damage += amount
        if s.health_left(target) <= 0:
            self._destroy(s, target)
        return True

    def _heal(self, s, target: int, amount: int) -> None:
        if target == SHUTTLE:
            if s.shuttle_damage:
                s.shuttle_damage = max(0, s.shuttle_damage - amount)
                s.acted = True
                s.resolved.append(("shuttle-repaired", ()))
            return
        if target < len(s.seats):
            seat = s.seats[target]
            if not seat.damage:
                return
            seat.damage = max(0, seat.damage - amount)
            s.acted = True
            if seat.down and s.health_left(target) > 0:  # back on top of the column it fell under
                col = next(i for i, fallen in enumerate(s.fallen) if target in fallen)
                s.fallen[col] = tuple(u for u in s.fallen[col] if u != target)
                s.columns[col] += (target,)
                seat.down = False
                s.resolved.append(("revive", ("REVIVE",)))
        elif s.alive(target):
            unit = s.unit(target)
            if unit.damage:
                unit.damage = max(0, unit.damage - amount)
                s.acted = True

    # -- statuses ------------------------------------------------------------------------------------------------
    def _expire_statuses(self, s, unit: int) -> None:
        """The unit becomes active (or leaves the board): the status cards under it go back to their owners."""
        for tucked in s.statuses.pop(unit, ()):
            self._return_status(s, tucked)

    def _return_status(self, s, tucked: Tucked) -> None:
        owner = tucked.owner
        if owner < len(s.seats):
            seat = s.seats[owner]
            seat.tucked.remove(tucked.card)
            seat.discard.append(tucked.card)
        elif s.alive(owner):
            s.unit(owner).discard.append(tucked.card)
        # a destroyed elite's card leaves the game with it

    # -- destroyed ----------------------------------------------------------------------------------------------
    def _destroy(self, s, target: int) -> None:
        """A unit destroyed: off the board; the cards under it go back to their owners, while its own status cards
        under other units stay until those units become active (rules.yaml 'statuses-expire')."""
        col, _ = s.position(target)
        s.columns[col] = tuple(u for u in s.columns[col] if u != target)
        self._expire_statuses(s, target)
        if target < len(s.seats):
            s.seats[target].down = True
            s.fallen[col] += (target,)
            s.resolved.append(("pilot-down", ()))
            return
        unit = s.unit(target)
        unit.alive = False
        s.resolved.append((f"destroyed:{unit.kind}", ()))
        if s.scrap:  # every destroyed enemy draws a scrap card, the one that ends the scenario too
            s.pending.append(GiveScrap(seat=self._team_seat(s), scrap=s.scrap.pop(0)))
        if s.phase != "won" and self._goal_met(s):
            self._scenario_won(s)

    def _scenario_won(self, s) -> None:
        """The goal is met: the scenario ends at once, whatever was still to resolve (the scrap drawn is still
        given out first)."""
        s.phase = "won"
        s.queue.clear()
        s.queue.append(ScenarioWon())

    def _team_seat(self, s) -> int:
        """Who answers for the team: the active pilot, else the first pilot."""
        active = s.active
        return active if active is not None and active < len(s.seats) else 0

    def _lose(self, s, reason: str) -> None:
        s.over, s.won, s.lost_reason = True, False, reason
