"""The greedy players' rating of a position: damage and kills in the ship's Zone, the counter attack it would
still face, its health and hand, where its attacks reach from (see pnp.games.escaping_earth.policies).

A greedy player rates every position its look ahead reaches, tens of thousands
a campaign, and most of them stand on a few boards: the same Zone for the ship,
the same top cards, the same damage on them (27 places to warp to, three
Zones; the next move of the turn, on a board no hit has changed). `Ratings`
work out once per board what the board is worth, and once per board, square
and card what an attack card in hand could do from there. A board's key names
everything those figures read, so a figure found again is the figure computed
again, whichever decision or campaign asks (or thread: nothing in the table
changes once made): one table is kept, for the catalog last asked for.
(Sums are added in a fixed order: another order could change a rating in its
last bit, and with it a close choice.)
"""
from __future__ import annotations

from pnp.games.escaping_earth import combat

PATIENCE = 6  # turns without a cleared Zone card before the greedy player takes more risks


class Ratings:
    """The figures ratings share, for one catalog: board key -> what the board is worth (`_rate_board`), with
    per square 0-8 a table card -> what that attack card could do from there."""

    __slots__ = ("catalog", "boards")
    LIMIT = 2_000  # boards kept before the table starts afresh (2 kB each; most are met again within a turn)

    def __init__(self, catalog=None):
        self.catalog, self.boards = catalog, {}


_shared = Ratings()


def ratings_for(catalog) -> Ratings:
    """The table of figures for this catalog's boards: the last one asked for is kept (it holds the catalog,
    so a table is never taken for another catalog's)."""
    global _shared
    if _shared.catalog is not catalog or len(_shared.boards) > Ratings.LIMIT:
        _shared = Ratings(catalog)
    return _shared


def evaluate(catalog, state, runs: int, ratings: Ratings | None = None) -> float:
    """How good the position is; `runs`: the runs played when the look ahead began."""
    if state.runs > runs or state.ship is None:  # the run was lost (or won) by this move
        return 1e6 if state.won else -1e6
    # a player stuck where it is safe but gets nowhere (a Forcefield it cannot reach, say) grows bolder
    stuck = state.turn - 2 * state.cleared - PATIENCE
    stuck = stuck if stuck > 0 else 0
    key = (_board(state), stuck, state.phase, tuple(state.attackers) if state.phase == "counter" else ())
    boards = (ratings or Ratings()).boards
    rated = boards.get(key)
    if rated is None:
        rated = boards[key] = _rate_board(catalog, state, stuck)
    standing_here, value, incoming, thunder, fear, reaches = rated
    hurt = _hurt_by(state, incoming)
    if hurt:  # as much as the health it will cost: ending the turn is neither feared nor favoured
        value -= fear * hurt
    if hurt >= state.health and not (state.ship.ability == "REVIVE" and not state.revive_used):
        value -= 300.0
    value -= 6.0 * thunder
    value += 6.0 * state.health + 1.2 * state.charge + 0.6 * len(state.hand) + 0.15 * state.move
    value += 0.8 * state.credit + 0.5 * state.block
    items = catalog.items
    if state.gold:  # Blueprints are kept for ships while any is left to build
        unbuilt = len(catalog.ships) - len(state.ships)
        value += (8.0 if unbuilt else 0.5) * sum(1 for c in state.gold if "BLUEPRINT" in items[c].words)
    value += _reach_value(catalog, state, standing_here, reaches[state.square])
    if state.pendulum:  # Assault pays with attacks in hand, Recovery when hurt, Warp a little always
        attacks = sum(1 for c in state.hand if items[c].attack)
        value += (1.2 * attacks, 0.8, 2.5 if state.health < state.ship.health else 0.0)[state.mode]
    value -= 3.0 * (len(catalog.statics) - len(state.supply))  # Static cards held
    return value


# -- the board: where the ship is, the top cards and the damage on them ----------------------------------------
def _board(state) -> tuple:
    """What a board's figures read: the ship's track, and each track's top card and damage (three tracks)."""
    ground, air, space = state.tracks
    return (state.track, ground.cards[-1] if ground.cards else None, tuple(ground.damage),
            air.cards[-1] if air.cards else None, tuple(air.damage),
            space.cards[-1] if space.cards else None, tuple(space.damage))


def _tops(catalog, state) -> list:
    """The Zone spec on top of each track, None for an empty deck."""
    zones = catalog.zones
    return [zones[track.cards[-1]] if track.cards else None for track in state.tracks]


def _rate_board(catalog, state, stuck: int) -> tuple:
    """(any enemy left in the ship's Zone, what the damage and kills are worth, the counter attack's damage
    before blocks, its Thunder enemies, how much each point of that damage is feared, and per square an empty
    table for what attack cards could do from there)."""
    fear = 6.0 if stuck == 0 else max(2.5, 6.0 - 0.5 * stuck)
    elsewhere = 5.0 + min(stuck, 10) * 1.5
    far = 0.5  # damage on other Zones; worth more when nothing is left to fight where the ship is
    tops = _tops(catalog, state)
    standing_here = _standing(tops[state.track], state.tracks[state.track].damage)
    if not standing_here:
        elsewhere, far = max(elsewhere, 12.0), 1.2
    incoming, thunder = _counter_attack(state, tops)
    return standing_here, _zone_value(state, tops, elsewhere, far), incoming, thunder, fear, [{} for _ in range(9)]


def _standing(zone, damage) -> bool:
    """Whether any enemy of this top card still stands."""
    if zone is not None:
        for enemy, hits in zip(zone.enemies, damage):
            if hits < enemy.health:
                return True
    return False


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


# -- the hand: what its attacks could still do ------------------------------------------------------------------
def _reach_value(catalog, state, standing_here: bool, known: dict) -> float:
    """What the attack cards in hand could still do from where the ship stands; `known`: what each card could
    do from this square of this board, as far as worked out."""
    total, tops, items = 0.0, None, catalog.items
    for card in state.hand:
        attack = items[card].attack
        if attack is None:
            continue
        best = known.get(card)
        if best is None:
            if tops is None:
                tops = _tops(catalog, state)
            best = known[card] = _attack_value(catalog, state, tops, attack, standing_here)
        total += best
    return total * 0.6


def _attack_value(catalog, state, tops, attack, standing_here: bool) -> float:
    """The damage one attack card could deal from here (a laser's to all it reaches, another's best target),
    twice as much in the ship's Zone; a target elsewhere counts more when nothing is left in the ship's."""
    best = 0.0
    away = 0.8 if standing_here else 1.6
    laser = attack.type == "laser"
    for t, i, squares in combat.targets(catalog, state, attack):
        enemy = tops[t].enemies[i]
        if not _can_damage(state, t, enemy, attack.type):
            continue
        per_hit = attack.damage - (enemy.number if enemy.ability == "ARMOR" else 0)
        if per_hit <= 0:
            continue
        left = enemy.health - state.tracks[t].damage[i]
        hits = attack.repeat * (squares if laser else 1)
        worth = min(left, per_hit * hits) * (2.0 if t == state.track else away)
        best = best + worth if laser else max(best, worth)
    return best


def _can_damage(state, track, enemy, kind) -> int:
    ability = enemy.ability
    if (ability == "CLOAKING" and kind == "missile") or (ability == "REFLECTIVE" and kind == "laser"):
        return 0
    if ability == "FORCEFIELD" and state.track == track:
        return 0
    return 1
