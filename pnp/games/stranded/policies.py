"""Players for Stranded.

- random: uniform over the kinds of move on offer, then over the moves of that kind;
- greedy: plays as a careful player does: picks the danger whose knowledge is worth most for its price,
  draws its free cards while short, uses abilities that raise its strength or life, wins when it can, pays
  life for a card only when close and healthy, and otherwise loses on purpose to destroy its worst cards;
- veteran: the greedy player, at the playtest's "finals" table (every knowledge card in its deck, the Final
  Chapters next), so the Final Chapter rules and the rarest knowledge cards are met in every such game.
"""
from __future__ import annotations

from pnp.engine.runner import random_kind_policy
from pnp.games.stranded.catalog import AGING, CHAPTER
from pnp.games.stranded.state import ChooseChapter, ChooseDanger

ABILITY_WORTH = {"LIFE": 1.5, "CARDS": 1.5, "DESTROY": 1.5, "DOUBLE": 2.0, "COPY": 1.0, "STEP_DOWN": 1.0,
                 "SORT": 1.0, "EXCHANGE": 1.5, "BELOW_STACK": 1.0}


def worth(catalog, card: int) -> float:
    """A fighting card's worth in a deck: its value, a bit more for a useful ability, less for aging harm."""
    word = catalog.word[card]
    value = float(catalog.value[card])
    if catalog.kinds[card] == AGING:
        return value - (2.0 if word else 0.0) - 1.0
    return value + ABILITY_WORTH.get(word, 0.0) * max(1, catalog.number[card] or 1) ** 0.5


def worths(engine) -> tuple[float, ...]:
    """Every card's worth, worked out once per engine: the greedy player asks it on most of its moves."""
    table = engine.__dict__.get("_worths")
    if table is None:
        catalog = engine.catalog
        table = engine.__dict__["_worths"] = tuple(worth(catalog, card) for card in range(len(catalog.keys)))
    return table


def _choose(engine, s, actions):
    catalog = engine.catalog

    def score(card):
        price = catalog.sols[card][s.sol] if catalog.kinds[card] != CHAPTER else catalog.hazard[card]
        return worths(engine)[card] * 2.0 - price * 0.7 + catalog.free[card] * 0.3

    return max(actions, key=lambda a: score(a[1]))


def _best_target(engine, s, options, prefer):
    targets = [o for o in options if o[0] == "target"]
    if not targets:
        return options[0]
    return prefer(targets)


def greedy_policy(engine, s, actions, rng):
    if len(actions) == 1:
        return actions[0]
    catalog = engine.catalog
    if s.pending:
        decision = s.pending[-1].__class__
        if decision is ChooseDanger:
            return _choose(engine, s, actions)
        if decision is ChooseChapter:
            return min(actions, key=lambda a: catalog.hazard[a[1]])
        return _pending(engine, s, actions)
    kinds = {a[0]: a for a in actions}
    uses = [a for a in actions if a[0] == "use"]
    strength, target = engine.strength(s), engine.target(s)
    # abilities that only help: life below the cap, doubling, destroying a bad card, stepping down, sorting
    for a in uses:
        word = catalog.word[a[1]]
        if word == "LIFE" and s.life < engine.cap:
            return a
        if word in ("DOUBLE", "STEP_DOWN", "SORT") and strength < target:
            return a
        if word in ("DESTROY", "EXCHANGE", "BELOW_STACK") and any(worths(engine)[x] < 0.5 for x in s.drawn if x != a[1]):
            return a
        if word == "COPY" and strength < target:
            return a
        if word == "CARDS" and strength < target:
            return a
    if strength >= target and "win" in kinds:
        return kinds["win"]
    if "draw" in kinds:
        return kinds["draw"]
    if "buy" in kinds:
        short = target - strength
        if engine.final(s) or (short <= 2 and s.life >= 10) or "lose" not in kinds:
            return kinds["buy"]
    return kinds.get("lose") or kinds.get("win") or actions[0]


def _pending(engine, s, actions):
    catalog, w = engine.catalog, worths(engine)
    frame = s.pending[-1].__class__.__name__
    if frame == "MoreCards":
        return next((a for a in actions if a[0] == "more"), actions[0]) if engine.strength(s) < engine.target(s) \
            else next(a for a in actions if a[0] == "enough")
    if frame == "SortTop":
        def kept(a):
            dropped, order = a[1], a[2]
            drop_gain = -w[dropped] if dropped is not None else 0.0
            return (drop_gain, [w[x] for x in order])
        return max(actions, key=kept)
    if frame == "PaidDestroys":  # spend the life already paid on the worst cards of the fight
        destroys = [a for a in actions if a[0] == "destroy" and w[a[1]] < 1.0]
        return min(destroys, key=lambda a: w[a[1]]) if destroys else next(a for a in actions if a[0] == "done")
    if frame == "DoubleTarget":
        return _best_target(engine, s, actions, lambda ts: max(ts, key=lambda a: catalog.value[a[1]]))
    if frame == "CopyTarget":
        return _best_target(engine, s, actions, lambda ts: max(ts, key=lambda a: w[a[1]]))
    return _best_target(engine, s, actions, lambda ts: min(ts, key=lambda a: w[a[1]]))


POLICIES = {"random": random_kind_policy, "greedy": greedy_policy, "veteran": greedy_policy}
