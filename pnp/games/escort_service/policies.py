"""Players for Escort Service (each seat a pilot; the team's shared choices are made by the pilot whose turn it is).

- random: uniform over the kinds of move on offer, then over the moves of that kind;
- greedy: tries each card in hand and each target one step ahead, on a copy of the state, and keeps the move
  whose outcome it rates best (the shuttle's damage most of all, then foes hurt and destroyed, pilots hurt or
  down, and pilots kept near the shuttle); it stops when no card improves on stopping (and after a turn without a
  card it trades half its hand for fresh cards, so it never idles), gives scrap to the pilot
  with the most room and adds upgrades at random, the stronger ones likelier;
- arsenal: the greedy player dealt every upgrade card in its deck from the start (a playtest scenario), so each
  upgrade card is played in every such game.
"""
from __future__ import annotations

import random

from pnp.engine.runner import random_kind_policy
from pnp.games.escort_service.records import ChooseTarget, Discard, EndDiscard, GiveScrap, PlacePilot, Upgrade

LOOK_THROUGH = (ChooseTarget, GiveScrap)  # decisions a look-ahead answers on its own
LOOKAHEAD = random.Random(0)  # chance inside a look-ahead: never the game's own generator, so no peeking


def rate(engine, s) -> float:
    """How well the team stands (higher is better)."""
    if s.over:
        return 10_000.0 if s.won else -10_000.0 + 100 * s.scenarios_won
    score = 100.0 * s.scenarios_won - 9.0 * s.shuttle_damage
    for seat in s.seats:
        score -= 2.0 * seat.damage + (25.0 if seat.down else 0.0)
        if not seat.down and s.on_board(seat.index):
            score -= 0.6 * s.position(seat.index)[0]
        score += 0.7 * len(seat.hand)
    for unit in s.enemies():
        if unit.alive:
            score += 2.5 * unit.damage - 1.5 * (engine.columns - s.position(unit.index)[0])
        else:
            score += 12.0
    team = len(s.seats)
    for entries in s.statuses.values():
        score += 1.5 * sum(1 for tucked in entries if tucked.owner < team)
    return score


def _settle(engine, s, depth: int = 0):
    """Play out a copy until the acting pilot decides again: chance by the look-ahead generator, target
    decisions greedily one level deep, scrap as the greedy team gives it (so a kill that wins is seen to win)."""
    while not s.over and (s.chance or (s.pending and s.pending[-1].__class__ in LOOK_THROUGH)) and depth < 12:
        if s.chance:
            engine.apply_in_place(s, engine.sample_chance(s, LOOKAHEAD))
        elif s.pending[-1].__class__ is GiveScrap:
            engine.apply_in_place(s, _give_scrap(s, engine.legal_actions(s)))
        else:
            actions = engine.legal_actions(s)
            best = max(actions, key=lambda a: rate(engine, engine.apply(s, a)))
            engine.apply_in_place(s, best)
        depth += 1
    return s


def _give_scrap(s, actions):
    """To the pilot with the most room (standing ones first); declined when every slot is full."""
    gives = [a for a in actions if a[0] == "give"]
    if not gives:
        return ("decline",)
    return min(gives, key=lambda a: (len(s.seats[a[1]].scrap), s.seats[a[1]].down, a[1]))


def _after(engine, s, action):
    return _settle(engine, engine.apply(s, action))


def card_worth(card) -> float:
    """A card's worth in a deck, by what it does: damage and healing count most, heat costs."""
    worth = 0.0
    for a in card.actions:
        worth += {"MELEE": 1.6, "RANGED": 1.8, "HEAL": 1.3, "DELAY": 0.7, "ADVANCE": 0.4, "DRAW": 0.9,
                  "DISCARD": -0.5, "HEAT": -0.6}.get(a.word, 0.0) * max(1, a.n) + (1.2 if a.word == "STATUS" else 0.0)
        worth += 1.5 if a.aoe else 0.0
    return worth


def greedy_policy(engine, s, actions, rng):
    if len(actions) == 1:
        return actions[0]
    frame = s.pending[-1].__class__ if s.pending else None
    catalog = engine.catalog
    if frame is ChooseTarget or frame is None:
        base = None
        best, best_score = actions[0], float("-inf")
        for action in actions:
            if action[0] == "stop":
                score = rate(engine, s) + 0.5  # stopping has to be beaten by a real gain
                base = score
            else:
                score = rate(engine, _after(engine, s, action))
            if score > best_score:
                best, best_score = action, score
        return best if base is None or best_score > base else next(a for a in actions if a[0] == "stop")
    if frame is Discard:
        return min(actions, key=lambda a: card_worth(catalog.cards[a[1]]))
    if frame is EndDiscard:  # drop cards that only cost heat; after a turn with no card played, refresh half the hand
        seat = s.seats[s.pending[-1].seat]
        drops = [a for a in actions if a[0] == "drop"]
        useless = [a for a in drops if card_worth(catalog.cards[a[1]]) < 0]
        if useless:
            return useless[0]
        if not seat.used and drops and len(seat.hand) > engine.hand_size // 2:
            return min(drops, key=lambda a: card_worth(catalog.cards[a[1]]))
        return ("keep",)
    if frame is PlacePilot:  # the pilot with the most health first: it takes the first blows
        return max(actions, key=lambda a: (s.health_left(a[1]), -a[1]))
    if frame is GiveScrap:
        return _give_scrap(s, actions)
    if frame is Upgrade:
        adds = [a for a in actions if a[0] == "add"]
        if adds:  # the stronger the card, the likelier; weak ones still get a chance, so decks differ
            weights = [max(0.2, card_worth(catalog.cards[a[1]])) for a in adds]
            return rng.choices(adds, weights)[0]
        removes = [a for a in actions if a[0] == "remove" and card_worth(catalog.cards[a[1]]) < 1.0]
        return min(removes, key=lambda a: card_worth(catalog.cards[a[1]])) if removes else ("done",)
    return actions[0]


POLICIES = {"random": random_kind_policy, "greedy": greedy_policy, "arsenal": greedy_policy}
