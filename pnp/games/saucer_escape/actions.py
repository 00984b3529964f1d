"""Recon over the map and the free actions after the dice: what a player may do, and doing it."""
from __future__ import annotations

from pnp.engine.api import Moves
from pnp.games.saucer_escape import assault, tracks
from pnp.games.saucer_escape.catalog import HIVEMIND

END_TURN, ESCAPE = (("end-turn",),), (("escape",),)


class TurnActions:
    """Mixed into the engine: Recon (boxes, doors, events) and the free actions."""

    def _recon_actions(self, state):
        catalog = self.catalog
        moves = Moves().add("stop", [("stop",)])
        if state.can_use(catalog, "ADD_RECON") is not None:
            moves.add("penetrate", [("penetrate",)])
        if state.recon_left <= 0:
            return moves
        actions = []
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
        return moves.add("explore", actions)

    def frontier(self, state) -> set:
        adjacent, explored = self.catalog.adjacent, state.explored
        return {n for cell in explored for n in adjacent[cell]} - explored

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
        moves = Moves().add("end-turn", END_TURN)
        if state.pod >= catalog.pod_length:
            moves.add("escape", ESCAPE)
        leaders_dead = all(state.killed[:HIVEMIND])  # the Hivemind shows itself once its six leaders are dead
        explored, killed = state.explored, state.killed
        moves.add("assault", [("assault", row) for row, cell in enumerate(catalog.entrances)
                              if not killed[row] and cell in explored and (row != HIVEMIND or leaders_dead)])
        if any(state.wounds):
            hurt = [i for i in range(4) if state.wounds[i] > 0 and not state.dead[i]]
            if state.items["medkit"]:
                moves.add("medkit", [("medkit", i) for i in hurt])
            if state.can_use(catalog, "HEAL") is not None:
                moves.add("heal", [("heal", i) for i in hurt])
        if state.can_use(catalog, "REDUCE_ENEMY") is not None:
            moves.add("risky", [("risky", row, side) for row in range(7) if not killed[row]
                                for side, track in (("life", state.life), ("power", state.power)) if track[row] > 0])
        if state.artifacts >= catalog.advance_cost:
            moves.add("advance", [("advance", i, k) for i in state.alive() if state.rank[i] < catalog.crew[i].ranks
                                  for k in range(3) if k not in state.unlocked[i]])
        return moves.add("trade", self._trades(state))

    def _trades(self, state):
        """Every gear move between living crew; few distinct gear layouts occur, so they are remembered."""
        key = (tuple(state.dead), tuple(g["lasgun"] for g in state.gear), tuple(g["shield"] for g in state.gear))
        cache = self.__dict__.setdefault("_trade_cache", {})
        if key not in cache:
            actions = []
            alive = state.alive()
            crew = self.catalog.crew
            for giver in alive:
                gear = state.gear[giver]
                for item in ("lasgun", "shield"):
                    if gear[item]:
                        actions += [("trade", giver, taker, item) for taker in alive
                                    if taker != giver and state.gear[taker][item] < crew[taker].gear.get(item, 0)]
            cache[key] = tuple(actions)
        return list(cache[key])

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
