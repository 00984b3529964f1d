"""Changing dice you rolled: re-rolls (an Artifact, or Quick Thinking) and Good Intel's +/-1.

Turn dice, the enemy's assault die and the crew's assault dice all use these.
"""
from __future__ import annotations

import functools


def die_changes(engine, state, values: list[int], reroll: str, modify: str) -> tuple[tuple, tuple]:
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


def change_die(engine, state, action: tuple, values: list[int], where: str) -> None:
    """Pay for a re-roll (the new value comes as a chance step) or move a die by one."""
    if action[0].startswith("reroll"):
        engine.pay_reroll(state, action[2])
        state.pending.append(("reroll", where, action[1]))
    else:
        engine.use(state, "MODIFY_DIE")
        values[action[1]] += action[2]
