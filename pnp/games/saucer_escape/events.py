"""The Event Table: each result's effect words, and the choices and dice they lead to."""
from __future__ import annotations

from pnp.games.saucer_escape import tracks


def resolve(engine, state, total: int) -> None:
    tracks.note(state, f"event:{total}")
    for word, param in engine.catalog.events[total]:
        tracks.note(state, f"word:{word}")
        EFFECTS[word](engine, state, param)


def _gain(engine, state, item):
    tracks.gain(state, engine.catalog, item)


def _artifacts(engine, state, amount):
    state.artifacts = max(0, state.artifacts + amount)


EFFECTS = {
    "HIT_ONE": lambda e, s, n: s.pending.append(("hit-one", n)),
    "HIT_ALL_ON": lambda e, s, n: s.pending.append(("event-die", "hit-all", n)),
    "POD": lambda e, s, n: tracks.advance_pod(s, e.catalog, n),
    "ARTIFACTS": _artifacts,
    "ARTIFACTS_ROLL": lambda e, s, _: s.pending.append(("event-die", "artifacts", 0)),
    "TRADE_SMALL": lambda e, s, n: s.pending.append(("trade", n, ("red_keycard", "medkit"))),
    "TRADE_LARGE": lambda e, s, n: s.pending.append(("trade", n, ("lasgun", "shield"))),
    "GAIN": _gain,
    "HEAL_ONE": lambda e, s, n: s.pending.append(("heal-one", n)),
    "REWARD_BOXES": lambda e, s, n: s.pending.append(("reward-boxes", n)),
}


def follow_up(engine, state, head, action) -> None:
    """A choice or die that an event asked for."""
    catalog = engine.catalog
    kind = head[0]
    if kind == "hit-one":
        tracks.wound(state, catalog, action[1], head[1])
    elif kind == "heal-one":
        tracks.heal(state, action[1], head[1])
    elif kind == "trade" and action[1] is not None:
        state.artifacts -= head[1]
        tracks.note(state, f"trade-event:{action[1]}")
        tracks.gain(state, catalog, action[1])
    elif kind == "reward-boxes":
        for _ in range(head[1]):
            tracks.darken_reward(state, catalog, action[1])
    elif kind == "event-die":
        if head[1] == "hit-all" and action[1] <= head[2]:
            for i in list(state.alive()):
                tracks.wound(state, catalog, i, 1)
        elif head[1] == "artifacts":
            state.artifacts += action[1]
