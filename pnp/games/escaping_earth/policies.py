"""Players for 2200: Escaping Earth.

- random: uniform over the kinds of move on offer, then over the moves of that kind;
- greedy: tries each move of the turn one step ahead and keeps the one whose position it rates best (damage
  and kills in its Zone, the counter attack it would still face, its health and hand, where its attacks
  reach from); shops, sets up runs and builds decks by rules of thumb;
- veteran: the greedy player, dealt a late-game set-up (see playtest.SCENARIOS) to play late content;
- arsenal: the greedy player that keeps every card in its deck, dealt an arsenal set-up to play each card;
- collector: the greedy player from scratch that shops every other card it does not own, buys what it does
  not own and keeps every card in its deck: real campaigns that try the whole catalogue.
"""
from __future__ import annotations

from pnp.engine.runner import random_kind_policy
from pnp.games.escaping_earth import combat
from pnp.games.escaping_earth.campaign import counted, eligible
from pnp.games.escaping_earth.combat import living
from pnp.games.escaping_earth.state import Aim, Discard, TakeTreasure

WORD_VALUE = {"MOVE": 0.8, "DRAW": 2.0, "HEAL": 2.2, "CHARGE": 0.9, "BLOCK": 1.4, "CREDIT": 0.9, "PURGE": 1.0,
              "WARP": 2.0, "TREASURE": 3.0, "BLUEPRINT": 0.0, "PENDULUM_MODES": 3.0}


def card_value(item, ship=None) -> float:
    """A rough worth of a card in a deck, for shopping and discarding."""
    if item.kind == "static":
        return -5.0
    value = sum(WORD_VALUE.get(word, 0.0) * (n or 1) for word, n in item.effects)
    if ship is not None and ship.ability != "SHIELD_CHARGE":
        value -= sum(WORD_VALUE["CHARGE"] * (n or 1) for word, n in item.effects if word == "CHARGE")
    if item.attack:
        a = item.attack
        dots = sum(line.count("x") for line in a.grid)
        value += a.damage * a.repeat * (1.2 if a.type == "laser" else 1.0) * (1 + 0.15 * min(dots, 6))
        value += 1.0 * (a.up + a.down) + sum(WORD_VALUE.get(w, 0.0) * (n or 1) for w, n in a.second)
    return value


# -- the evaluation -------------------------------------------------------------------------------------
# The greedy player rates every position its look ahead reaches, hundreds of thousands a campaign: the rating
# reads each track's top card once and walks the enemies in plain loops. (The sums are added in a fixed order:
# a change of order could change a rating in its last bit, and with it a close choice.)
def _tops(catalog, state) -> list:
    """The Zone spec on top of each track, None for an empty deck."""
    zones = catalog.zones
    return [zones[track.cards[-1]] if track.cards else None for track in state.tracks]


def _standing(zone, damage) -> bool:
    """Whether any enemy of this top card still stands."""
    if zone is not None:
        for enemy, hits in zip(zone.enemies, damage):
            if hits < enemy.health:
                return True
    return False


def _counter_attack(state, tops) -> tuple[int, int]:
    """(damage, Thunder enemies) of the counter attack still to come this turn, before blocks: by every enemy in
    the action phase (the living ones in the ship's Zone, Ranged ones next to it), by those left in the counter
    attack, by none once it is over."""
    incoming = thunder = 0
    phase = state.phase
    if phase == "counter":
        attacking = [tops[t].enemies[i] for t, i in state.attackers]
    elif phase in ("start", "action"):
        attacking = []
        ship_track = state.track
        for t in (ship_track, ship_track - 1, ship_track + 1):
            zone = tops[t] if 0 <= t < 3 else None
            if zone is not None:
                for enemy, hits in zip(zone.enemies, state.tracks[t].damage):
                    if hits < enemy.health and (t == ship_track or enemy.ability == "RANGED"):
                        attacking.append(enemy)
    else:
        return 0, 0
    for enemy in attacking:
        incoming += enemy.number if enemy.ability == "SWORD" else 1
        thunder += enemy.ability == "THUNDER"
    return incoming, thunder


def _hurt_by(state, incoming: int) -> int:
    """Damage the counter attack would deal if the action phase ended now, after blocks."""
    shield = 0
    if state.ship.ability == "SHIELD_CHARGE" and not state.shield_used and state.charge >= 2:
        shield = 1 if state.charge == 2 else 3
    return max(0, incoming - state.block - state.plating - shield)


def _can_damage(state, track, enemy, kind) -> int:
    ability = enemy.ability
    if (ability == "CLOAKING" and kind == "missile") or (ability == "REFLECTIVE" and kind == "laser"):
        return 0
    if ability == "FORCEFIELD" and state.track == track:
        return 0
    return 1


def _reach_value(catalog, state, tops, standing_here: bool) -> float:
    """What the attack cards in hand could still do from where the ship stands."""
    total = 0.0
    away = 0.8 if standing_here else 1.6  # a target off the ship's Zone, worth more when nothing is left on it
    items, damage = catalog.items, [track.damage for track in state.tracks]
    for card in state.hand:
        attack = items[card].attack
        if attack is None:
            continue
        best = 0.0
        laser = attack.type == "laser"
        for t, i, squares in combat.targets(catalog, state, attack):
            enemy = tops[t].enemies[i]
            if not _can_damage(state, t, enemy, attack.type):
                continue
            per_hit = attack.damage - (enemy.number if enemy.ability == "ARMOR" else 0)
            if per_hit <= 0:
                continue
            left = enemy.health - damage[t][i]
            hits = attack.repeat * (squares if laser else 1)
            worth = min(left, per_hit * hits) * (2.0 if t == state.track else away)
            best = best + worth if laser else max(best, worth)
        total += best
    return total * 0.6


def _zone_value(state, tops, elsewhere: float, far: float) -> float:
    """Damage and kills on the top cards: in the ship's Zone above all (a kill more than any damage short of
    it); Self-Repair's damage counts for nothing, as it will be wiped."""
    value = 0.0
    for t, zone in enumerate(tops):
        if zone is None:
            continue
        here = t == state.track
        for enemy, hits in zip(zone.enemies, state.tracks[t].damage):
            if hits >= enemy.health:
                value += (14.0 + 1.5 * enemy.health) if here else (elsewhere + far * enemy.health)
            elif hits and enemy.ability != "SELF_REPAIR":  # (no damage adds nothing: 0.0 is skipped)
                value += hits * (1.5 if here else far)
    return value


PATIENCE = 6  # turns without a cleared Zone card before the greedy player takes more risks


def evaluate(catalog, state, base) -> float:
    if state.runs > base.runs or state.ship is None:  # the run was lost (or won) by this move
        return 1e6 if state.won else -1e6
    # a player stuck where it is safe but gets nowhere (a Forcefield it cannot reach, say) grows bolder
    stuck = max(0, state.turn - 2 * state.cleared - PATIENCE)
    elsewhere = 5.0 + min(stuck, 10) * 1.5
    fear = 6.0 if stuck == 0 else max(2.5, 6.0 - 0.5 * stuck)
    far = 0.5  # damage on other Zones; worth more when nothing is left to fight where the ship is
    tops = _tops(catalog, state)
    standing_here = _standing(tops[state.track], state.tracks[state.track].damage)
    if not standing_here:
        elsewhere, far = max(elsewhere, 12.0), 1.2
    value = _zone_value(state, tops, elsewhere, far)
    incoming, thunder = _counter_attack(state, tops)
    hurt = _hurt_by(state, incoming)
    value -= fear * hurt  # as much as the health it will cost: ending the turn is neither feared nor favoured
    if hurt >= state.health and not (state.ship.ability == "REVIVE" and not state.revive_used):
        value -= 300.0
    value -= 6.0 * thunder
    value += 6.0 * state.health + 1.2 * state.charge + 0.6 * len(state.hand) + 0.15 * state.move
    value += 0.8 * state.credit + 0.5 * state.block
    unbuilt = len(catalog.ships) - len(state.ships)  # Blueprints are kept for ships while any is left to build
    items = catalog.items
    value += (8.0 if unbuilt else 0.5) * sum(1 for c in state.gold if "BLUEPRINT" in items[c].words)
    value += _reach_value(catalog, state, tops, standing_here)
    if state.pendulum:  # Assault pays with attacks in hand, Recovery when hurt, Warp a little always
        attacks = sum(1 for c in state.hand if items[c].attack)
        value += (1.2 * attacks, 0.8, 2.5 if state.health < state.ship.health else 0.0)[state.mode]
    value -= 3.0 * (len(catalog.statics) - len(state.supply))  # Static cards held
    return value


def _value_after(engine, state, action, base, depth: int = 0) -> float:
    """The rating of the position a move leads to; through the choices it opens at once (a target, before or
    after, where to warp), taking the best of each, so playing a missile is rated by the hit it makes."""
    new = engine.apply(state, action)
    if new.pending and not new.over and not new.chance and depth < 3:
        follows = engine.legal_actions(new)
        if new.pending[-1].__class__ is Aim:  # looking ahead, a MOVE before the attack is not walked step by step
            follows = follows[:1]  # fire from here
        return max(_value_after(engine, new, follow, base, depth + 1) for follow in follows)
    return evaluate(engine.catalog, new, base)


def _best(engine, state, actions, rng):
    """The move rated best. It is rated on a copy whose deck is shuffled afresh: a card a move would draw is
    a guess, as it is for a player who cannot see the deck's order."""
    blind = state.copy()
    rng.shuffle(blind.deck)
    best, best_value = actions[0], None
    for action in actions:
        value = _value_after(engine, blind, action, blind)
        if best_value is None or value > best_value:
            best, best_value = action, value
    return best


# -- rules of thumb outside the fight ---------------------------------------------------------------------
def _place(engine, state, actions):
    catalog = engine.catalog

    def threat(track):
        return sum(e.health + 2 for _, e in living(catalog, state, track))

    track = min((a[1] for a in actions), key=threat)
    return next(a for a in actions if a[1] == track and a[2] == 7)  # the bottom middle square


def _wanted(engine, state, item) -> bool:
    """Worth putting in the shop rather than taking as gold: a ship still to build, a treasure (free and
    permanent), or a card good for its price that the gold in hand could soon pay for."""
    if item.ship:
        return item.ship.id not in state.ships
    if item.treasure:
        return True
    if item.kind == "system" and not item.permanent:
        return False
    worth = card_value(item, state.ship) * (1.5 if item.permanent else 1.0)
    return item.cost <= engine.gold(state) + 2 and worth >= 1.6 * item.cost + 0.5


def _reward(engine, state, actions, collect: bool = False):
    item = engine.catalog.item(state.tracks[actions[0][1]].cards[-1])
    # the collector shops every other card it does not own yet (the rest pays for them)
    novel = collect and state.cleared % 2 == 0 and state.tracks[actions[0][1]].cards[-1] not in state.collection
    return next(a for a in actions if a[2] == ("shop" if novel or _wanted(engine, state, item) else "gold"))


def _buy(engine, state, actions, collect: bool = False):
    catalog = engine.catalog
    buys = [a for a in actions if a[0] == "buy"]
    ships = [a for a in buys if catalog.item(a[1]).ship]
    if ships:
        return ships[0]
    if buys and collect:  # the collector buys what it does not own, the dearest first
        return max(buys, key=lambda a: (a[1] not in state.collection, catalog.item(a[1]).cost))
    if buys:
        return max(buys, key=lambda a: (card_value(catalog.item(a[1]), state.ship) * (1.5 if catalog.item(a[1]).permanent else 1.0),
                                        -catalog.item(a[1]).cost))
    picks = [a for a in actions if a[0] == "pick"]
    for action in picks:  # bring a ship still to be found to the top of its Zone deck
        item = catalog.item(action[2])
        if item.ship and item.ship.id not in state.ships:
            return action
    if state.health * 3 >= state.ship.health * 2 and engine.gold(state) >= 3:
        # strong enough, with gold to spare: bring a FINAL BOSS forward, else a BOSS whose next level holds a
        # ship still to build, else the level's BOSS
        homes = {catalog.zones[card].track for ship_id, (ship, card) in catalog.ships.items()
                 if card is not None and ship_id not in state.ships}
        for kind, tracks in (("final_boss", (0, 1, 2)), ("boss", homes), ("boss", (0, 1, 2))):
            for action in picks:
                zone = catalog.zones[action[2]]
                if zone.kind == kind and action[1] in tracks and zone.level == state.tracks[action[1]].level:
                    return action
    return next(a for a in actions if a[0] == "end_buy")


THIN = 1.7  # cards worth less than this are left out of a deck with room to spare


def _build(engine, state, actions, keep_all: bool = False):
    """Keep the deck lean: leave out weak cards while it stays two above the ship's minimum. A card that takes a
    treasure wants a Treasure Deck to take from: then the weakest treasure stays out."""
    catalog = engine.catalog
    deck = [c for c in eligible(catalog, state, state.ship) if c not in state.leave_out]
    if keep_all:  # an arsenal's sandbox deck keeps every card, to play each one
        return next(a for a in actions if a[0] == "deck_done")
    takers = any("TREASURE" in catalog.item(c).words for c in deck)
    if takers and not any(catalog.item(c).treasure for c in state.leave_out):
        treasures = [a for a in actions if a[0] == "leave" and catalog.item(a[1]).treasure]
        if treasures:
            return min(treasures, key=lambda a: card_value(catalog.item(a[1]), state.ship))
    if counted(catalog, deck) > state.ship.min_deck + 2:
        weak = [a for a in actions if a[0] == "leave" and card_value(catalog.item(a[1]), state.ship) < THIN]
        if weak:
            return min(weak, key=lambda a: card_value(catalog.item(a[1]), state.ship))
    return next(a for a in actions if a[0] == "deck_done")


def _discard(engine, state, actions):
    return min(actions, key=lambda a: card_value(engine.catalog.item(a[1]), state.ship))


def greedy_policy(engine, state, actions, rng, keep_all: bool = False, collect: bool = False):
    if len(actions) == 1:
        return actions[0]
    if len(engine.catalog.ships) > len(state.ships):  # Blueprints are kept for the ships still to build
        actions = [a for a in actions if a[0] != "blueprint"] or actions
    kind = actions[0][0]
    if state.pending:
        frame = state.pending[-1].__class__
        if frame is Discard:
            return _discard(engine, state, actions)
        if frame is TakeTreasure:
            return max(actions, key=lambda a: card_value(engine.catalog.item(a[1]), state.ship))
        return _best(engine, state, actions, rng)
    phase = state.phase
    if phase == "ship":
        return max(actions, key=lambda a: engine.catalog.ships[a[1]][0].start)
    if phase == "build":
        return _build(engine, state, actions, keep_all or collect)
    if phase == "systems":  # a system made for this ship first; otherwise any helps, varied from run to run
        own = [a for a in actions if a[0] == "system" and engine.catalog.item(a[1]).exclusive == state.ship.id]
        return own[0] if own else actions[int(rng.random() * len(actions))]
    if phase == "place":
        return _place(engine, state, actions)
    if phase == "rewards":
        return _reward(engine, state, actions, collect)
    if phase == "buy":
        return _buy(engine, state, actions, collect)
    if phase == "counter" and kind != "shield" and any(a[0] == "shield" for a in actions):
        return next(a for a in actions if a[0] == "shield")
    return _best(engine, state, actions, rng)


def arsenal_policy(engine, state, actions, rng):
    return greedy_policy(engine, state, actions, rng, keep_all=True)


def collector_policy(engine, state, actions, rng):
    return greedy_policy(engine, state, actions, rng, collect=True)


POLICIES = {"random": random_kind_policy, "greedy": greedy_policy, "veteran": greedy_policy,
            "arsenal": arsenal_policy, "collector": collector_policy}
