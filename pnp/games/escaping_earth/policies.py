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
from pnp.games.escaping_earth.campaign import counted, eligible
from pnp.games.escaping_earth.combat import living
from pnp.games.escaping_earth.rating import Ratings, evaluate, ratings_for
from pnp.games.escaping_earth.state import Aim, Discard, DiscardPlayed, Effect, TakeTreasure, Warp

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


# -- the look ahead -------------------------------------------------------------------------------------
def _value_after(engine, state, action, runs: int, ratings: Ratings, depth: int = 0, last: bool = False) -> float:
    """The rating of the position a move leads to; through the choices it opens at once (a target, before or
    after, where to warp), taking the best of each, so playing a missile is rated by the hit it makes. The move
    is tried on a copy, except the last one tried from a position the look ahead made itself (`last`): that
    position is not looked at again, so the move is made on it."""
    new = state if last else state.copy()
    engine.apply_in_place(new, action)
    if new.pending and not new.over and not new.chance and depth < 3:
        follows = engine.legal_actions(new)
        if new.pending[-1].__class__ is Aim:  # looking ahead, a MOVE before the attack is not walked step by step
            follows = follows[:1]  # fire from here
        return max(_values(engine, new, follows, runs, ratings, depth + 1))
    return evaluate(engine.catalog, new, runs, ratings)


def _values(engine, node, moves, runs: int, ratings: Ratings, depth: int) -> list[float]:
    """The rating after each of these moves from a position the look ahead made (not looked at again once they
    are rated), in order."""
    if _plain_warp(node):
        return _warp_values(engine, node, moves, runs, ratings, depth)
    final = len(moves) - 1
    return [_value_after(engine, node, move, runs, ratings, depth, k == final) for k, move in enumerate(moves)]


PLACELESS = ("MOVE", "BLOCK")  # effect words that do the same wherever the ship is


def _plain_warp(node) -> bool:
    """Where to warp is asked in the action phase, and nothing left to happen after it depends on where the
    ship lands: the played card goes to the discard pile, MOVE or BLOCK add to their counters."""
    pending = node.pending
    if len(pending) != 1 or pending[0].__class__ is not Warp or node.phase != "action":
        return False
    return all(step.__class__ is DiscardPlayed or (step.__class__ is Effect and step.word in PLACELESS)
               for step in node.queue)


def _warp_values(engine, node, moves, runs: int, ratings: Ratings, depth: int) -> list[float]:
    """Where to warp, each rated. Landing on a square without a hazard changes where the ship is and nothing
    else (`_plain_warp`): the position after one such warp is made once, and the ship moved about on it. A
    warp onto a hazard is looked at on its own copy."""
    catalog = engine.catalog
    landed, values = None, []  # the position after a warp to a square without a hazard
    for move in moves:
        _, track, square = move
        cards = node.tracks[track].cards
        if cards and square in catalog.zones[cards[-1]].hazards:
            values.append(_value_after(engine, node, move, runs, ratings, depth))
            continue
        if landed is None:
            landed = node.copy()
            engine.apply_in_place(landed, move)
            assert not landed.pending and landed.chance is None and not landed.over, "a plain warp asked for more"
        else:
            landed.track, landed.square = track, square
        values.append(evaluate(catalog, landed, runs, ratings))
    return values


def _best(engine, state, actions, rng):
    """The move rated best. It is rated on a copy whose deck is shuffled afresh: a card a move would draw is
    a guess, as it is for a player who cannot see the deck's order."""
    blind = state.copy()
    rng.shuffle(blind.deck)
    values = _values(engine, blind, actions, blind.runs, ratings_for(engine.catalog), 0)
    best, best_value = actions[0], None
    for action, value in zip(actions, values):
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
    discards = [a for a in actions if a[0] == "discard"]  # a Blueprint is kept for the action phase
    return min(discards, key=lambda a: card_value(engine.catalog.item(a[1]), state.ship))


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
