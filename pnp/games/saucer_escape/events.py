"""The Event Table: each result's effect words, and the choices and dice they lead to.

Every roll an event makes (its two dice, and the die events 3 and 7 roll) is a
chance step followed by a decision: re-roll a die (an Artifact or Quick
Thinking), change one by 1 (Good Intel), or accept it. Only an accepted roll counts.
"""
from __future__ import annotations

from pnp.games.saucer_escape import tracks
from pnp.games.saucer_escape.dice import die_changes


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
    "POD_LOSS": lambda e, s, n: tracks.reduce_pod(s, n),
    "ARTIFACTS": _artifacts,
    "ARTIFACTS_ROLL": lambda e, s, _: s.pending.append(("event-die", "artifacts", 0)),
    "TRADE_SMALL": lambda e, s, n: s.pending.append(("trade", n, ("red_keycard", "medkit"))),
    "TRADE_LARGE": lambda e, s, n: s.pending.append(("trade", n, ("lasgun", "shield"))),
    "GAIN": _gain,
    "HEAL_ONE": lambda e, s, n: s.pending.append(("heal-one", n)),
    "REWARD_BOXES": lambda e, s, n: s.pending.append(("reward-boxes", n)),
}


# -- rolls the table makes, and the decision after each ------------------------------------------
def rolled(engine, state, head, action) -> None:
    """The table's dice have fallen: the player may now change them before they count."""
    dice = tuple(action[1]) if action[0] == "dice" else (action[1],)
    what = ("table",) if head[0] == "event" else head[1:]
    state.pending.insert(0, ("event-roll", what, dice))


def roll_actions(engine, state, head) -> list:
    rerolls, modifies = die_changes(engine, state, list(head[2]), "reroll-event", "modify-event")
    return [("accept",), *rerolls, *modifies]


def roll_decided(engine, state, head, action) -> None:
    what, dice = head[1], head[2]
    kind = action[0]
    if kind == "reroll-event":
        engine.pay_reroll(state, action[2])
        state.pending[:0] = [("reroll", "event", action[1]), head]  # the new value, then decide again
    elif kind == "modify-event":
        engine.use(state, "MODIFY_DIE")
        changed = tuple(value + action[2] if i == action[1] else value for i, value in enumerate(dice))
        state.pending.insert(0, ("event-roll", what, changed))
    elif what == ("table",):
        resolve(engine, state, sum(dice))
    else:
        _die_result(engine, state, what, dice[0])


def reroll_result(state, index: int, value: int) -> None:
    """A re-rolled event die: the decision waiting behind the re-roll gets the new value."""
    head = state.pending[0]
    state.pending[0] = (head[0], head[1], tuple(value if i == index else v for i, v in enumerate(head[2])))


def _die_result(engine, state, what, value) -> None:
    if what[0] == "hit-all" and value <= what[1]:
        for i in list(state.alive()):
            tracks.wound(state, engine.catalog, i, 1)
    elif what[0] == "artifacts":
        state.artifacts += value


def follow_up(engine, state, head, action) -> None:
    """A choice an event asked for."""
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
