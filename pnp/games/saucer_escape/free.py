"""The free actions after the dice: what a player may do, and doing it (the machine's `move_` handlers)."""
from __future__ import annotations

from pnp.engine.api import Moves
from pnp.games.saucer_escape import tracks
from pnp.games.saucer_escape.records import NextTurn

END_TURN, ESCAPE = (("end_turn",),), (("escape",),)


class FreeActions:
    def moves(self, state):
        # A gear trade changes nothing but gear, so after one the other free moves stand (see apply_in_place)
        base = state.free_base or self.free_base(state)
        state.free_offered = base
        return Moves((*base, ("trade", self.trades(state))))

    def free_base(self, state) -> tuple:
        """The free moves other than gear trades, as (kind, moves) pairs."""
        catalog = self.catalog
        blocks = [("end_turn", END_TURN)]
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
                                       for k in range(3) if (i, k) not in state.unlocked]))
        return tuple(blocks)

    def trades(self, state):
        """Every gear move between living crew; few distinct gear layouts occur, so they are remembered."""
        gear = state.gear
        key = (*state.dead, *gear.values())
        trades = self.trade_cache.get(key)
        if trades is None:
            actions = []
            alive = state.alive()
            crew = self.catalog.crew
            for giver in alive:
                for item in ("lasgun", "shield"):
                    if gear[giver, item]:
                        actions += [("trade", giver, taker, item) for taker in alive
                                    if taker != giver and gear[taker, item] < crew[taker].gear.get(item, 0)]
            trades = self.trade_cache[key] = tuple(actions)
        return trades

    def move_end_turn(self, state, action):
        state.queue.append(NextTurn())

    def move_escape(self, state, action):
        state.escaped = True
        state.over = True
        tracks.note(state, "escape")

    def move_medkit(self, state, action):
        state.items["medkit"] -= 1
        tracks.heal(state, action[1], 1)
        tracks.note(state, "use:medkit")

    def move_heal(self, state, action):
        self.use(state, "HEAL")
        tracks.heal(state, action[1], 1)

    def move_risky(self, state, action):
        self.use(state, "REDUCE_ENEMY")
        tracks.lower_enemy(state, action[1], action[2])

    def move_advance(self, state, action):
        catalog = self.catalog
        _, i, k = action
        state.artifacts -= catalog.advance_cost
        state.rank[i] += 1
        state.unlocked.add((i, k))
        tracks.note(state, f"box:{catalog.crew[i].id}.rank.{state.rank[i]}")
        tracks.note(state, f"unlock:{catalog.crew[i].abilities[k][0]}")

    def move_trade(self, state, action):
        _, giver, taker, item = action
        state.gear[giver, item] -= 1
        state.gear[taker, item] += 1
        tracks.note(state, f"trade:{item}")
