"""Recon over the map and the free actions after the dice: what a player may do, and doing it."""
from __future__ import annotations

from operator import itemgetter

from pnp.engine.api import Moves
from pnp.games.saucer_escape import assault, tracks

_gear_counts = itemgetter("lasgun", "shield")
END_TURN, ESCAPE, STOP, PENETRATE = (("end-turn",),), (("escape",),), (("stop",),), (("penetrate",),)


def explore_options(grid: dict) -> dict:
    """Per map box, the explore moves on offer for each door mask (1: a red keycard, 2: Interlock Hack, 4: a blue keycard).

    Worked out once per sheet, so listing recon moves is a lookup per frontier box.
    """
    options = {}
    for cell, ch in grid.items():
        by_mask = []
        for doors in range(8):
            moves = []
            if ch in ".E":
                moves.append(("explore", cell, None))
            elif ch == "r":
                if doors & 1:
                    moves.append(("explore", cell, "key"))
                if doors & 2:
                    moves.append(("explore", cell, "hack"))
            elif ch == "b" and doors & 4:
                moves.append(("explore", cell, "key"))
            by_mask.append(tuple(moves))
        options[cell] = tuple(by_mask)
    return options


class TurnActions:
    """Mixed into the engine: Recon (boxes, doors, events) and the free actions."""

    def _recon_actions(self, state):
        catalog = self.catalog
        blocks = [("stop", STOP)]
        if state.can_use(catalog, "ADD_RECON") is not None:
            blocks.append(("penetrate", PENETRATE))
        if state.recon_left > 0:
            items = state.items
            doors = ((items["red_keycard"] > 0) | ((state.can_use(catalog, "UNLOCK_RED_DOOR") is not None) << 1)
                     | ((items["blue_keycard"] > 0) << 2))
            options = self.explore_options
            blocks.append(("explore", [move for cell in self.frontier(state) for move in options[cell][doors]]))
        return Moves(blocks)

    def frontier(self, state) -> list:
        """Unexplored boxes beside explored ones, in map order; worked out again only when the explored set grew."""
        if state.frontier_of != len(state.explored):
            adjacent, explored = self.catalog.adjacent, state.explored
            state.frontier = sorted({n for cell in explored for n in adjacent[cell]} - explored)
            state.frontier_of = len(explored)
        return state.frontier

    def _recon(self, state, action):
        catalog = self.catalog
        if action[0] == "penetrate":
            self.use(state, "ADD_RECON")
            state.recon_left += next(a[2] for m in catalog.crew for a in m.abilities if a[1] == "ADD_RECON")
            return
        if action[0] == "stop":
            state.recon_left = 0
        else:
            _, cell, how = action
            ch = catalog.grid[cell]
            if how == "key":
                key = "red_keycard" if ch == "r" else "blue_keycard"
                state.items[key] -= 1
                tracks.note(state, f"door:{ch}")
            elif how == "hack":
                self.use(state, "UNLOCK_RED_DOOR")
                tracks.note(state, "door:r")
            state.explored.add(cell)
            state.recon_left -= 1
            tracks.note(state, f"box:map.{cell[0]}.{cell[1]}")
            if ch == "E" and cell not in state.events_done:
                state.events_done.add(cell)
                state.assault.setdefault("events", []).append(cell)
        if state.recon_left <= 0:
            for cell in state.assault.pop("events", []):  # Events are rolled after every box is dark ...
                state.pending.append(("event", cell))
            if state.deferred:  # ... and before the dice still waiting are used
                state.pending.append(("deferred-dice",))
            state.phase = "free"

    # -- free actions -------------------------------------------------------------------------
    def _free_actions(self, state):
        # A gear trade changes nothing but gear, so after one the other free moves stand (see apply_in_place)
        base = state.free_base or self._free_base(state)
        state.free_offered = base
        return Moves((*base, ("trade", self._trades(state))))

    def _free_base(self, state) -> tuple:
        """The free moves other than gear trades, as (kind, moves) pairs."""
        catalog = self.catalog
        blocks = [("end-turn", END_TURN)]
        if state.pod >= catalog.pod_length:
            blocks.append(("escape", ESCAPE))
        explored, killed = state.explored, state.killed
        blocks.append(("assault", [("assault", row) for row, cell in enumerate(catalog.entrances)
                                   if not killed[row] and cell in explored]))
        if any(state.wounds):
            hurt = [i for i in range(4) if state.wounds[i] > 0 and not state.dead[i]]
            if state.items["medkit"]:
                blocks.append(("medkit", [("medkit", i) for i in hurt]))
            if state.can_use(catalog, "HEAL") is not None:
                blocks.append(("heal", [("heal", i) for i in hurt]))
        if state.can_use(catalog, "REDUCE_ENEMY") is not None:
            blocks.append(("risky", [("risky", row, side) for row in range(7) for side in tracks.lowerable(state, row)]))
        if state.artifacts >= catalog.advance_cost:
            blocks.append(("advance", [("advance", i, k) for i in state.alive() if state.rank[i] < catalog.crew[i].ranks
                                       for k in range(3) if k not in state.unlocked[i]]))
        return tuple(blocks)

    def _trades(self, state):
        """Every gear move between living crew; few distinct gear layouts occur, so they are remembered."""
        key = (*state.dead, *map(_gear_counts, state.gear))
        trades = self.trade_cache.get(key)
        if trades is None:
            actions = []
            alive = state.alive()
            crew = self.catalog.crew
            for giver in alive:
                gear = state.gear[giver]
                for item in ("lasgun", "shield"):
                    if gear[item]:
                        actions += [("trade", giver, taker, item) for taker in alive
                                    if taker != giver and state.gear[taker][item] < crew[taker].gear.get(item, 0)]
            trades = self.trade_cache[key] = tuple(actions)
        return trades

    def _free(self, state, action):
        catalog = self.catalog
        kind = action[0]
        if kind == "end-turn":
            if state.turn >= catalog.turns:
                state.over = True
            else:
                state.turn += 1
                state.phase = "roll"
        elif kind == "escape":
            state.escaped = True
            state.over = True
            tracks.note(state, "escape")
        elif kind == "assault":
            assault.begin(self, state, action[1])
        elif kind == "medkit":
            state.items["medkit"] -= 1
            tracks.heal(state, action[1], 1)
            tracks.note(state, "use:medkit")
        elif kind == "heal":
            self.use(state, "HEAL")
            tracks.heal(state, action[1], 1)
        elif kind == "risky":
            self.use(state, "REDUCE_ENEMY")
            tracks.lower_enemy(state, catalog, action[1], action[2])
        elif kind == "advance":
            _, i, k = action
            state.artifacts -= catalog.advance_cost
            state.rank[i] += 1
            state.unlocked[i].add(k)
            tracks.note(state, f"box:{catalog.crew[i].id}.rank.{state.rank[i]}")
            tracks.note(state, f"unlock:{catalog.crew[i].abilities[k][0]}")
        elif kind == "trade":
            _, giver, taker, item = action
            state.gear[giver][item] -= 1
            state.gear[taker][item] += 1
            tracks.note(state, f"trade:{item}")
