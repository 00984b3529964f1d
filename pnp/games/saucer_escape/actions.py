"""Recon over the map and the free actions after the dice: what a player may do, and doing it."""
from __future__ import annotations

from pnp.games.saucer_escape import assault, tracks
from pnp.games.saucer_escape.catalog import HIVEMIND
from pnp.sheet_checks import neighbours


class TurnActions:
    """Mixed into the engine: Recon (boxes, doors, events) and the free actions."""

    def _recon_actions(self, state):
        catalog = self.catalog
        actions = [("stop",)]
        if state.can_use(catalog, "ADD_RECON") is not None:
            actions.append(("penetrate",))
        if state.recon_left <= 0:
            return actions
        hack = state.can_use(catalog, "UNLOCK_RED_DOOR") is not None
        for cell in sorted(self.frontier(state)):
            ch = catalog.grid[cell]
            if ch in ".E":
                actions.append(("explore", cell, None))
            elif ch == "r":
                if state.items["red_keycard"]:
                    actions.append(("explore", cell, "key"))
                if hack:
                    actions.append(("explore", cell, "hack"))
            elif ch == "b" and state.items["blue_keycard"]:
                actions.append(("explore", cell, "key"))
        return actions

    def frontier(self, state) -> set:
        grid = self.catalog.grid
        return {n for cell in state.explored for n in neighbours(cell) if n in grid and n not in state.explored}

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
            for cell in state.assault.pop("events", []):
                state.pending.append(("event", cell))
            state.phase = "free"

    # -- free actions -------------------------------------------------------------------------
    def _free_actions(self, state):
        catalog = self.catalog
        actions = [("end-turn",)]
        if state.pod >= catalog.pod_length:
            actions.append(("escape",))
        leaders_dead = all(state.killed[:HIVEMIND])  # the Hivemind shows itself once its six leaders are dead
        explored, killed = state.explored, state.killed
        for row, cell in enumerate(catalog.entrances):
            if not killed[row] and cell in explored and (row != HIVEMIND or leaders_dead):
                actions.append(("assault", row))
        hurt = [i for i in range(4) if state.wounds[i] > 0 and not state.dead[i]]
        if state.items["medkit"]:
            actions += [("medkit", i) for i in hurt]
        if state.can_use(catalog, "HEAL") is not None:
            actions += [("heal", i) for i in hurt]
        if state.can_use(catalog, "REDUCE_ENEMY") is not None:
            actions += [("risky", row, side) for row in range(7) if not state.killed[row]
                        for side, track in (("life", state.life), ("power", state.power)) if track[row] > 0]
        if state.artifacts >= catalog.advance_cost:
            for i in state.alive():
                if state.rank[i] < catalog.crew[i].ranks:
                    actions += [("advance", i, k) for k in range(3) if k not in state.unlocked[i]]
        actions += self._trades(state)
        return actions

    def _trades(self, state):
        actions = []
        alive = state.alive()
        crew = self.catalog.crew
        for giver in alive:
            gear = state.gear[giver]
            for item in ("lasgun", "shield"):
                if gear[item]:
                    actions += [("trade", giver, taker, item) for taker in alive
                                if taker != giver and state.gear[taker][item] < crew[taker].gear.get(item, 0)]
        return actions

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
