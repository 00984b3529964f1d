"""Players for playtests: uniform random, and a greedy player that races to go out."""
from __future__ import annotations

import random

from pnp.engine.runner import random_policy

# Higher is better. Laying cards empties the hand; traps slow the leader down.
PRIORITY = {
    "combo": 40, "open": 30, "play": 28, "stretch": 27, "recycle": 26, "escape": 22, "trap": 18,
    "discard": 16, "redirect": 15, "close": 6, "swap": 5, "draw": 4, "announce": 3, "accept": 1,
    "beast": 10, "give": 10, "deal_fewer": 10, "pass_card": 10,
}


def greedy_policy(engine, state, actions, rng: random.Random):
    best = max(_score(engine, state, a) for a in actions)
    choices = [a for a in actions if _score(engine, state, a) == best]
    return choices[rng.randrange(len(choices))]


def _score(engine, state, action) -> float:
    kind = action[0]
    score = PRIORITY.get(kind, 0)
    cards = state.catalog.cards
    if kind == "story_to":
        return -len(state.players[action[1]].xp)  # partners give the Story card to the one with less Experience
    if kind == "beast":
        return score + (1 if action[1] else 0)
    if kind == "give":
        if action[1] is None:
            return score - 1  # declining Timber! helps nobody at the table
        return score - state.players[action[1]].total / 100  # hit the leader (fewest Blunders)
    if kind in ("deal_fewer", "pass_card"):
        return score + cards[action[1]].penalty + (0.5 if cards[action[1]].kind in ("trap", "escape", "dead_end") else 0)
    if kind == "trap":
        return score - len(state.players[action[2]].hand) / 100  # aim at whoever is closest to going out
    if kind == "escape":
        return score + (5 if action[4] is not None and cards[action[4]].kind == "doom_master" else 0) + (1 if action[3] is not None else 0)
    if kind == "play" and cards[action[1]].kind == "wisdom":
        return score - 3  # keep Wisdom for when nothing else fits
    return score


POLICIES = {"random": random_policy, "greedy": greedy_policy}
