"""2200: Escaping Earth's content checks, each tied to the seed rule (or our decision) it keeps."""
from __future__ import annotations

import re
from collections import Counter

from pnp.core.diagnostics import Diagnostic
from pnp.games.escaping_earth.cards import TRACKS, ZONE_KINDS
from pnp.games.escaping_earth.geometry import SQUARES, neighbours
from pnp.games.escaping_earth.vocabulary import (
    ABILITIES,
    EVENT_EFFECTS,
    PLAYER_EFFECTS,
    SHIP_ABILITIES,
    SYSTEM_EFFECTS,
    ZONE_RULES,
)
from pnp.model.walk import effect_lists

LEVELS = range(1, 6)
NORMAL_PER_DECK = 4  # 78 Zone cards = 3 tracks x 5 levels x (4 + a BOSS) + 3 FINAL BOSS
BONUS_WORDS = ("HEAL", "MOVE", "DRAW", "CHARGE", "CREDIT", "BLOCK", "PURGE")
STARTING_DECK = {"speed": 2, "missile": 1, "laser": 1, "shield-charge": 1, "escape": 1}  # "Setup for your first run"
RESERVED = {"phoenix-tear": "The Phoenix", "power-of-the-pendulum": "The Pendulum",
            "dreadnought-cannon": "The Dreadnought"}
SHIP_HOMES = {"The Phoenix": ("air", 2), "The Pendulum": ("space", 3), "The Dreadnought": ("ground", 4)}  # Objectives
ITEM_KINDS = ("attack", "utility", "system", "ship")


def ship_id(name: str) -> str:
    """A ship is named by the slug of its name ("The Wolf" -> "the-wolf"): exclusive cards point at it."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def word(effect) -> tuple[str, object]:
    return (effect, None) if isinstance(effect, str) else next(iter(effect.items()))


def check(game) -> list[Diagnostic]:
    problems = []
    for rule in (zone_counts, zone_sides, item_sides, starters, ships, exclusives, words_in_place, defeatable,
                 every_word_used, statics):
        problems += rule(game)
    return problems


def _records(game, *kinds):
    return [r for r in game.cards() if r.card.kind in kinds]


def zone_counts(game) -> list[Diagnostic]:
    """Per track and level: 4 Zone cards and a BOSS; at level 5 also one FINAL BOSS per track."""
    if not game.complete:  # counts wait until every card passes its own check
        return []
    zones = game.decks.get("zones")
    if zones is None:
        return []
    counts = Counter((r.card.track, r.card.level, r.card.kind) for r in zones.cards for _ in range(r.card.count))
    where = game.manifest_source.diagnostic
    index = next(i for i, d in enumerate(game.manifest.decks) if d.id == "zones")
    problems = []
    for track in TRACKS:
        for level in LEVELS:
            wanted = {"zone": NORMAL_PER_DECK, "boss": 1, "final_boss": 1 if level == 5 else 0}
            for kind, n in wanted.items():
                if counts[track, level, kind] != n:
                    problems.append(where(("decks", index), "zone-count", f"{track.title()} {level} has "
                                          f"{counts[track, level, kind]} '{kind}' cards; it needs {n}"))
    return problems


def zone_sides(game) -> list[Diagnostic]:
    """Zone fronts: a track and level, at least one enemy (ours: an empty zone would be cleared for free), enemies
    over several squares only on a FINAL BOSS (and there connected), a named enemy on each BOSS."""
    problems = []
    for record in _records(game, *ZONE_KINDS):
        card = record.card
        if card.track is None or card.level is None:
            problems.append(record.diagnostic("zone", "a Zone card needs its track and level", "kind"))
        if not card.enemies:
            problems.append(record.diagnostic("zone-enemies", "a Zone card needs at least one enemy", "kind"))
        for i, enemy in enumerate(card.enemies):
            squares = [SQUARES.index(s) for s in enemy.squares]
            if len(squares) > 1 and card.kind != "final_boss":
                problems.append(record.diagnostic("zone-span", "only a FINAL BOSS has an enemy over several squares",
                                                  "enemies", i, "at"))
            elif len(set(squares)) != len(squares) or not _connected(squares):
                problems.append(record.diagnostic("zone-span", "an enemy's squares must be different and touch each "
                                                  "other", "enemies", i, "at"))
        if card.kind == "final_boss" and not any(len(e.squares) > 1 for e in card.enemies):
            problems.append(record.diagnostic("zone-span", "a FINAL BOSS has an enemy over several squares", "enemies"))
        if card.kind != "zone" and not any(e.name for e in card.enemies):
            problems.append(record.diagnostic("boss-name", "a BOSS names its main enemy (name:)", "enemies"))
        if record.back is None:
            problems.append(record.diagnostic("zone-back", "every Zone card has an item side: add back:", "id"))
        elif (record.back.kind == "event") != (card.kind != "zone"):
            wanted = "an event" if card.kind != "zone" else f"an item ({', '.join(ITEM_KINDS)})"
            problems.append(record.diagnostic("zone-back", f"the back of a '{card.kind}' card is {wanted}, not "
                                              f"'{record.back.kind}'", "back", "kind"))
    return problems


def _connected(squares: list[int]) -> bool:
    seen, todo = {squares[0]}, [squares[0]]
    while todo:
        for n in neighbours(todo.pop()):
            if n in squares and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(squares)


def _items(game):
    """(record, side, key path) of every item side, starter and ship card."""
    for record in game.cards():
        for side, keypath in record.sides():
            if side.kind in ITEM_KINDS + ("event",):
                yield record, side, keypath


def item_sides(game) -> list[Diagnostic]:
    """Gold costs in the upper right: items have one, starters, ships and events do not; a treasure costs 0 and is
    permanent; a SYSTEM is permanent (bought ones wait in reserve for the next run); range grids have a dot."""
    problems = []
    for record, side, keypath in _items(game):
        def bad(code, message, *more):
            problems.append(record.source.diagnostic(keypath + more, code, message))

        shop = record.deck == "zones" and side.kind in ("attack", "utility", "system")
        if shop and side.cost is None:
            bad("cost", "an item for the shop needs a gold cost (cost:)", "kind")
        if not shop and side.cost is not None:
            bad("cost", f"a {'starter' if side.starter else side.kind} is never bought with gold: remove cost:", "cost")
        if side.treasure and (side.cost != 0 or not side.permanent):
            bad("treasure", "a treasure costs 0 and is permanent", "treasure")
        if shop and side.cost == 0 and not side.treasure:
            bad("cost", "only treasures cost 0", "cost")
        if side.kind == "system" and not side.permanent:
            bad("system", "a SYSTEM is permanent: one bought in a run is only used from the next", "kind")
        if (side.kind == "attack") != (side.attack is not None):
            bad("attack", "an attack card has attack: and only attack cards do", "kind")
        if side.attack and not any("x" in line for line in side.attack.range.grid):
            bad("range", "a range grid needs at least one dot (x)", "attack", "range", "grid")
        if side.kind in ("utility", "system", "event") and not side.effects:
            bad("effects", f"a {side.kind} card needs effects", "kind")
        if side.kind in ("utility", "system", "event", "ship", "static") and not side.text:
            bad("text", "this card needs its rules text (text:)", "kind")
        if side.kind != "event" and any(word(e)[0] == "BLUEPRINT" for e in side.effects):
            bad("blueprint", "only a BOSS event becomes a Blueprint", "effects")
    return problems


def starters(game) -> list[Diagnostic]:
    """The starting deck exactly as the seed lists it, and the three reserved starters."""
    deck = game.decks.get("starters")
    if deck is None:
        return []
    problems = []
    found = {r.card.id: r for r in deck.cards}
    where = ("decks", next(i for i, d in enumerate(game.manifest.decks) if d.id == "starters"))
    for card_id, copies in STARTING_DECK.items():
        record = found.get(card_id)
        if record is None or record.card.count != copies or record.card.exclusive:
            problems.append(game.manifest_source.diagnostic(where, "starters", f"the starting deck needs {copies} "
                            f"'{card_id}' card(s), usable by every ship"))
    missile = found.get("missile")
    if missile and (not missile.card.attack or missile.card.attack.type != "missile" or missile.card.attack.damage != 2):
        problems.append(missile.diagnostic("starters", "the starting Missile is a missile with attack 2", "attack"))
    for card_id, ship in RESERVED.items():
        record = found.get(card_id)
        if record is None:
            problems.append(game.manifest_source.diagnostic(where, "starters", f"the reserved starter '{card_id}' is missing"))
        elif record.card.exclusive != ship_id(ship):
            problems.append(record.diagnostic("starters", f"'{card_id}' waits in reserve for {ship}: set exclusive: "
                                              f"{ship_id(ship)}", "id"))
    if "power-of-the-pendulum" in found and found["power-of-the-pendulum"].card.kind != "system":
        problems.append(found["power-of-the-pendulum"].diagnostic("starters", "Power of the Pendulum is a SYSTEM", "kind"))
    for record in deck.cards:
        if not record.card.starter:
            problems.append(record.diagnostic("starters", "a starter card sets starter: true", "id"))
    return problems


def ships(game) -> list[Diagnostic]:
    """The Wolf starts every campaign; the other ships lie where the Objectives say and cost Blueprints."""
    problems = []
    for record, side, keypath in _items(game):
        if side.kind != "ship":
            continue
        ship = side.ship
        if ship is None:
            problems.append(record.source.diagnostic(keypath + ("kind",), "ship", "a ship card needs ship:"))
            continue
        if ship.min_deck < ship.crew:
            problems.append(record.source.diagnostic(keypath + ("ship", "min_deck"), "ship",
                            "the minimum deck must hold at least a turn's draw (crew)"))
        home = SHIP_HOMES.get(side.name)
        if record.deck == "ships" and ship.blueprints:
            problems.append(record.source.diagnostic(keypath + ("ship", "blueprints"), "ship",
                            "the starting ship is never bought: blueprints 0"))
        if record.deck == "zones":
            if not ship.blueprints:
                problems.append(record.source.diagnostic(keypath + ("ship", "blueprints"), "ship",
                                "a ship found in a Zone costs Blueprints"))
            if home and (record.card.track, record.card.level) != home:
                problems.append(record.source.diagnostic(keypath + ("name",), "ship-home", f"{side.name} is found in "
                                f"{home[0].title()} {home[1]}, not {record.card.track.title()} {record.card.level}"))
    names = {side.name for _, side, _ in _items(game) if side.kind == "ship"}
    for name in SHIP_HOMES:
        if name not in names:
            problems.append(game.manifest_source.diagnostic(("decks",), "ship-home", f"{name} is missing: it lies on "
                            f"the item side of a {SHIP_HOMES[name][0].title()} {SHIP_HOMES[name][1]} card"))
    return problems


def exclusives(game) -> list[Diagnostic]:
    """A ship-exclusive card names a ship that exists; Charge is dead on any ship but the Wolf (a warning)."""
    ids = {ship_id(side.name) for _, side, _ in _items(game) if side.kind == "ship"}
    problems = []
    for record, side, keypath in _items(game):
        if side.exclusive and side.exclusive not in ids:
            problems.append(record.source.diagnostic(keypath + ("exclusive",), "exclusive", f"no ship is called "
                            f"'{side.exclusive}'; ships: {', '.join(sorted(ids))}"))
        words = {word(e)[0] for e in side.effects}
        if words == {"CHARGE"} and side.exclusive != "the-wolf":
            problems.append(record.source.diagnostic(keypath + ("effects",), "charge-only", "only the Wolf uses Charge: "
                            "make this card Wolf-only or give it another effect", "warning"))
    return problems


PLACES = {  # (card kind or part) -> the words allowed there
    "ability": ABILITIES, "bonuses": BONUS_WORDS, "rules": ZONE_RULES, "attack": PLAYER_EFFECTS,
    "ship": SHIP_ABILITIES, "utility": PLAYER_EFFECTS, "system": SYSTEM_EFFECTS, "event": EVENT_EFFECTS,
    "guide": ABILITIES,
}


def words_in_place(game) -> list[Diagnostic]:
    """Every effect word sits where the engine reads it: enemy abilities are among the twelve, bonuses and
    special rules use their own words, cards and events the player's."""
    problems = []
    for record in game.cards():
        for side, keypath in record.sides():
            for where, effects in effect_lists(side, keypath):
                part = where[len(keypath)]
                place = part if part in ("ship", "bonuses", "rules", "attack") else (
                    "ability" if where[-1] == "ability" else side.kind)
                allowed = PLACES.get(place)
                for i, entry in enumerate(effects):
                    name = word(entry)[0]
                    if allowed is not None and name not in allowed:
                        what = {"ability": "an enemy ability", "bonuses": "a bonus square", "rules": "a special rule",
                                "ship": "a ship's ability"}.get(place, f"a {place} card")
                        problems.append(record.source.diagnostic(where + (i,), "word-place", f"{name} cannot be "
                                        f"{what}; use one of {', '.join(allowed)}"))
    return problems


def _sources(game, level: int):
    """(type, damage, reaches another Zone) of every attack a deck could hold at this level: starters, and item
    sides from this level down, a ship's exclusive cards only from its starting level; plus the cycle action's
    1 damage to the square ahead."""
    starts = {ship_id(side.name): side.ship.start_level for _, side, _ in _items(game) if side.kind == "ship" and side.ship}
    found = [("blast", 1, False)]  # the cycle action
    for record, side, _ in _items(game):
        reachable = record.deck != "zones" or record.card.level <= level
        if side.exclusive and starts.get(side.exclusive, 1) > level:
            reachable = False
        if side.attack and reachable:
            rng = side.attack.range
            found.append((side.attack.type, side.attack.damage, rng.up or rng.down))
    return found


def defeatable(game) -> list[Diagnostic]:
    """Every enemy can be damaged by something a player could own when they meet it (ENGINE.md, "playable")."""
    problems = []
    pools = {level: _sources(game, level) for level in LEVELS}
    for record in _records(game, *ZONE_KINDS):
        for i, enemy in enumerate(record.card.enemies):
            ability, number = word(enemy.ability[0]) if enemy.ability else (None, None)
            armor = number if ability == "ARMOR" else 0
            usable = [s for s in pools.get(record.card.level, []) if s[1] > armor
                      and not (ability == "CLOAKING" and s[0] == "missile")
                      and not (ability == "REFLECTIVE" and s[0] == "laser")
                      and not (ability == "FORCEFIELD" and not s[2])]
            if not usable:
                problems.append(record.diagnostic("undefeatable", f"nothing a player can own by level "
                                f"{record.card.level} can damage this enemy ({ability or 'no ability'}); add a card "
                                "that can, or soften it", "enemies", i))
    return problems


def every_word_used(game) -> list[Diagnostic]:
    used = {word(e)[0] for r in game.cards() for side, kp in r.sides() for _, effects in effect_lists(side, kp)
            for e in effects}
    return [game.manifest_source.diagnostic((), "unused-effect", f"effect word '{name}' is used by no card",
                                            severity="warning") for name in sorted(set(game.vocabulary.words) - used)]


def statics(game) -> list[Diagnostic]:
    """The Static supply holds one fewer card than the count that ends a run (a fourth Static loses)."""
    deck = game.decks.get("statics")
    limit = getattr(game.settings, "statics_to_lose", None)
    if deck is None or limit is None or deck.size == limit - 1:
        return []
    index = next(i for i, d in enumerate(game.manifest.decks) if d.id == "statics")
    return [game.manifest_source.diagnostic(("decks", index), "statics", f"the Static supply has {deck.size} cards "
                                            f"but settings say the {limit}th Static loses: they must agree")]
