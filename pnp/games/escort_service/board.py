"""The board: who is in reach of an action, who an action picks, and units moving between columns.

Reach (rules.yaml, Actions and Modifiers): MELEE and an action without a
reach of its own pick among the eight spaces around the unit; IN n counts
orthogonal steps; IN a direction looks only that way. The shuttle is a space
just below column 1. Enemies pick by the targeting rules alone; a pilot's
action offers every unit it may pick.
"""
from __future__ import annotations

from dataclasses import replace

from pnp.games.escort_service.actions import Action
from pnp.games.escort_service.records import SHUTTLE


class Board:
    """Reach, targets and moves; mixed into the engine, which gives `self.columns` (how many there are)."""

    # -- reach ------------------------------------------------------------------------------------------------
    def _within(self, s, unit: int, action: Action) -> int | None:
        """The action's reach in steps; Long Barrel adds a step to a pilot's RANGED."""
        within = action.within
        if within is not None and action.word == "RANGED" and unit < len(s.seats) and s.seats[unit].has("long-barrel"):
            within += 1
        return within

    def _in_reach(self, action: Action, within: int | None, c: int, r: int, col: int, row: int) -> bool:
        dc, dr = col - c, row - r
        direction = action.direction
        if direction is not None:
            if direction == "LEFT" and dc >= 0 or direction == "RIGHT" and dc <= 0:
                return False
            if direction in ("UP", "DOWN") and (dc != 0 or (dr <= 0 if direction == "UP" else dr >= 0)):
                return False
        if within is not None:
            return abs(dc) + abs(dr) <= within
        return max(abs(dc), abs(dr)) == 1

    def _reach(self, s, unit: int, action: Action) -> list[int]:
        c, r = s.position(unit)
        within = self._within(s, unit, action)
        in_reach = self._in_reach
        return [other for col, column in enumerate(s.columns) for row, other in enumerate(column)
                if other != unit and in_reach(action, within, c, r, col, row)]

    def _reach_limits(self, s, unit: int, action: Action) -> bool:
        """Whether the action's IN leaves out a unit of the side it picks that it could otherwise pick: IN a number
        of steps, one farther away (without a limit the whole board is in reach); IN a direction, one its reach
        takes in the other way. Only then has IN taken effect (the playtest's witnesses)."""
        if not action.has_reach or action.picks not in ("FOE", "ALLY") or not s.on_board(unit):
            return False
        team = len(s.seats)
        ally = action.picks == "ALLY"
        if action.within is not None:
            wider = [u for column in s.columns for u in column if u != unit]
        else:
            wider = self._reach(s, unit, replace(action, direction=None))
        reach = set(self._reach(s, unit, action))
        return any(((u < team) == (unit < team)) == ally and u not in reach for u in wider)

    def _shuttle_in_reach(self, s, unit: int, action: Action) -> bool:
        if not s.on_board(unit):
            return False
        c, r = s.position(unit)
        return self._in_reach(action, self._within(s, unit, action), c, r, 0, -1)

    def _fallen_in_reach(self, s, unit: int, action: Action) -> list[int]:
        c, r = s.position(unit)
        within = self._within(s, unit, action)
        return [u for col, fallen in enumerate(s.fallen) for u in fallen if self._in_reach(action, within, c, r, col, -1)]

    def _distance(self, s, a: int, b: int) -> int:
        (c1, r1), (c2, r2) = s.position(a), s.position(b)
        return abs(c1 - c2) + abs(r1 - r2)

    # -- who an enemy picks ---------------------------------------------------------------------------------
    def _enemy_targets(self, s, unit: int, action: Action) -> list[int]:
        """Who an enemy's action picks, by the targeting rules (rules.yaml, 'An enemy's turn')."""
        picks = action.picks
        if picks is None:
            return []
        if picks == "SELF":
            return [unit]
        reach = self._reach(s, unit, action)
        team = len(s.seats)
        if picks == "ALLY":
            allies = [u for u in reach if u >= team] + [unit]
            if action.aoe:
                return allies
            hurt = [u for u in allies if s.damage_of(u)]  # the most damaged, ties as for an attack
            return [min(hurt, key=lambda u: (-s.damage_of(u),) + self._tie_order(s, unit, u))] if hurt else []
        pilots = [u for u in reach if u < team]
        attack = action.word in ("MELEE", "RANGED")  # only an attack goes for the shuttle, or must heed a TAUNT
        shuttle = attack and self._shuttle_in_reach(s, unit, action)
        if action.aoe:
            return pilots or ([SHUTTLE] if shuttle else [])
        zealot = s.unit(unit).zealot
        if not s.statuses:
            pick = self._enemy_pick(s, unit, pilots, shuttle, zealot, False, False)
            if zealot and pilots and pick == [SHUTTLE]:
                s.resolved.append(("zealot", ("ZEALOT",)))  # a pilot was in reach: the zealot chose the shuttle
            return pick
        pick = self._enemy_pick(s, unit, pilots, shuttle, zealot, attack, True)
        # a status is witnessed only when it changed the choice: the same pick without it would differ
        if attack and any(s.has_status(u, "TAUNT") for u in pilots) and pick != self._enemy_pick(
                s, unit, pilots, shuttle, zealot, False, True):
            s.resolved.append(("taunt", ("TAUNT",)))
        if any(s.has_status(u, "HIDDEN") for u in pilots) and pick != self._enemy_pick(s, unit, pilots, shuttle,
                                                                                         zealot, attack, False):
            s.resolved.append(("hidden", ("HIDDEN",)))
        if zealot and pick == [SHUTTLE] and self._enemy_pick(s, unit, pilots, shuttle, False, attack, True) != pick:
            s.resolved.append(("zealot", ("ZEALOT",)))
        return pick

    def _enemy_pick(self, s, unit: int, pilots: list[int], shuttle: bool, zealot: bool, taunt: bool,
                    hidden: bool) -> list[int]:
        """One target: for an attack a TAUNT pilot first, then the shuttle for a zealot (or when no pilot may be
        picked); then the pilot with the least health left; the ties as rules.yaml 'target-ties' says."""
        visible = [u for u in pilots if not s.has_status(u, "HIDDEN")] if hidden else pilots
        taunting = [u for u in visible if s.has_status(u, "TAUNT")] if taunt else []
        if taunting:
            visible = taunting
        elif shuttle and (zealot or not visible):
            return [SHUTTLE]
        if not visible:
            return []
        return [min(visible, key=lambda u: (s.health_left(u),) + self._tie_order(s, unit, u))]

    def _tie_order(self, s, unit: int, other: int) -> tuple:
        """rules.yaml 'target-ties': the nearest to the enemy first (in steps), then the lower column (column 1,
        above the shuttle, lowest), then the lower in its column."""
        return (self._distance(s, unit, other),) + s.position(other)

    # -- what a pilot may pick --------------------------------------------------------------------------------
    def _pilot_targets(self, s, unit: int, action: Action) -> list[int]:
        picks = action.picks
        if picks == "SELF":
            return [unit]
        if picks == "SHUTTLE":
            return [SHUTTLE] if self._shuttle_in_reach(s, unit, action) else []
        reach = self._reach(s, unit, action)
        team = len(s.seats)
        if picks == "ALLY":
            allies = [u for u in reach if u < team] + [unit]
            if action.word == "HEAL":  # a fallen pilot can be healed back up
                allies += self._fallen_in_reach(s, unit, action)
            return sorted(set(allies))
        foes = [u for u in reach if u >= team]
        if action.aoe or not s.statuses:
            return foes
        seen = [u for u in foes if not s.has_status(u, "HIDDEN")]
        if len(seen) < len(foes):
            s.resolved.append(("hidden", ("HIDDEN",)))  # a foe it could have picked is hidden
        if action.word not in ("MELEE", "RANGED"):
            return seen  # TAUNT binds attacks only
        taunting = [u for u in seen if s.has_status(u, "TAUNT")]
        if taunting and len(taunting) < len(seen):
            s.resolved.append(("taunt", ("TAUNT",)))
        return taunting or seen

    # -- moving ----------------------------------------------------------------------------------------------
    def _move(self, s, unit: int, columns: int) -> None:
        """Move a unit left (negative) or right; it stops at either end and goes on top of the column it enters."""
        c, _ = s.position(unit)
        to = min(self.columns - 1, max(0, c + columns))
        if to != c:
            s.columns[c] = tuple(u for u in s.columns[c] if u != unit)
            s.columns[to] += (unit,)
            s.acted = True
            s.resolved.append((f"column-{to + 1}", ()))
