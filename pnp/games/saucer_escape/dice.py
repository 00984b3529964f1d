"""Changing dice you rolled: re-rolls (an Artifact, or Quick Thinking) and Good Intel's +/-1.

Turn dice, the enemy's assault die, the crew's assault dice and the Event
Table's dice all use these. A re-roll is paid now and its die falls as a chance
step (`Reroll`); the decision that offered it is asked again afterwards.
"""
from __future__ import annotations

import functools

from pnp.games.saucer_escape.records import Reroll


def die_changes(engine, state, values, reroll: str, modify: str) -> tuple[tuple, tuple]:
    """(re-roll moves, modify moves) for each die in `values`."""
    catalog = engine.catalog
    sources = ("artifact",) * (state.artifacts > 0) + ("ability",) * (state.can_use(catalog, "REROLL") is not None)
    rerolls = _rerolls(reroll, len(values), sources) if sources else ()
    modifies = _modifies(modify, tuple(values)) if state.can_use(catalog, "MODIFY_DIE") is not None else ()
    return rerolls, modifies


@functools.cache  # a handful of distinct answers, asked for every turn
def _rerolls(kind: str, dice: int, sources: tuple) -> tuple:
    return tuple((kind, i, source) for source in sources for i in range(dice))


@functools.cache
def _modifies(kind: str, values: tuple) -> tuple:
    return tuple((kind, i, d) for i, value in enumerate(values) for d in (-1, 1) if 1 <= value + d <= 6)


def reroll(engine, state, action: tuple, where: str) -> None:
    """Pay for a re-roll of die `action[1]` with `action[2]` (artifact or ability); the die falls next."""
    if action[2] == "artifact":
        state.artifacts -= 1
        engine.note(state, "spend:artifact-reroll")
    else:
        engine.use(state, "REROLL")
    state.chance = Reroll(where=where, index=action[1])


def modify(engine, state, action: tuple, values) -> tuple:
    """Good Intel: die `action[1]` moves by `action[2]`. The dice, changed (a tuple)."""
    engine.use(state, "MODIFY_DIE")
    index, delta = action[1], action[2]
    return tuple(value + delta if i == index else value for i, value in enumerate(values))
