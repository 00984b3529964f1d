"""The validated content, compiled once into plain tuples the engine reads in its inner loops.

Every physical card gets an index: copies of a starter are separate cards.
A Zone card is one card with two specs, its zone and its item side; in a
deck, in the shop or in the gold pile it is its item side that counts.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from pnp.games.escaping_earth.cards import TRACKS
from pnp.games.escaping_earth.checks import ship_id
from pnp.games.escaping_earth.geometry import SQUARES


def _effects(entries) -> tuple[tuple[str, int | None], ...]:
    return tuple((e, None) if isinstance(e, str) else next(iter(e.items())) for e in entries)


@dataclass(frozen=True)
class Enemy:
    squares: tuple[int, ...]
    health: int
    ability: str | None
    number: int  # Armor's or Sword's N; 0 otherwise
    name: str


@dataclass(frozen=True)
class Zone:
    key: str  # the card id: its zone side's coverage key
    name: str
    track: int
    level: int
    kind: str  # zone, boss or final_boss
    enemies: tuple[Enemy, ...]
    bonuses: dict  # square -> ((word, n), ...)
    hazards: dict  # square -> damage
    jammer: bool
    drag: bool
    rule_words: tuple[str, ...]
    # derived from the enemies, for the look-ahead's inner loops: every ability on the card, and per square
    # 0-8 the indexes of the enemies standing on it (in order)
    abilities: frozenset = frozenset()
    on_square: tuple[tuple[int, ...], ...] = ()


@dataclass(frozen=True)
class Attack:
    type: str
    damage: int
    grid: tuple[str, ...]
    up: bool
    down: bool
    repeat: int
    second: tuple
    when: str


@dataclass(frozen=True)
class Ship:
    id: str
    name: str
    crew: int
    min_deck: int
    max_systems: int
    health: int
    start: int
    blueprints: int
    ability: str
    number: int


@dataclass(frozen=True)
class Item:
    key: str  # coverage key of this side: a starter's id, or "<zone card id>:item"
    name: str
    kind: str  # attack, utility, system, ship, event, static
    cost: int | None
    effects: tuple
    attack: Attack | None
    ship: Ship | None
    exclusive: str | None
    starter: bool
    permanent: bool
    treasure: bool

    @cached_property  # asked of every card in the gold pile on every look ahead
    def words(self) -> tuple[str, ...]:
        found = [w for w, _ in self.effects]
        if self.attack:
            found += [w for w, _ in self.attack.second]
        return tuple(found)


@dataclass
class Catalog:
    items: list[Item] = field(default_factory=list)  # card index -> what it is in a deck, shop or gold pile
    zones: list[Zone | None] = field(default_factory=list)  # card index -> its zone side, for Zone cards
    boxes: dict = field(default_factory=dict)  # (track, level) -> the Zone card indexes of that level deck
    starting_deck: tuple[int, ...] = ()
    reserved: tuple[int, ...] = ()
    statics: tuple[int, ...] = ()
    wolf: Ship | None = None
    ships: dict = field(default_factory=dict)  # ship id -> (its Ship, the card index that carries it; None: the Wolf)
    settings: object = None

    def item(self, card: int) -> Item:
        return self.items[card]


def _item(side, key: str) -> Item:
    attack = None
    if side.attack:
        a = side.attack
        attack = Attack(a.type, a.damage, tuple(a.range.grid), a.range.up, a.range.down, a.repeat,
                        _effects(a.second), a.when)
    ship = None
    if side.ship:
        s = side.ship
        word, number = _effects(s.ability)[0]
        ship = Ship(ship_id(side.name), side.name, s.crew, s.min_deck, s.max_systems, s.health, s.start_level,
                    s.blueprints, word, number or 0)
    return Item(key, side.name, side.kind, side.cost, _effects(side.effects), attack, ship, side.exclusive,
                side.starter, side.permanent, side.treasure)


def _zone(card) -> Zone:
    enemies = []
    for e in card.enemies:
        word, number = _effects(e.ability)[0] if e.ability else (None, 0)
        enemies.append(Enemy(tuple(SQUARES.index(s) for s in e.squares), e.health, word, number or 0, e.name))
    bonuses = {SQUARES.index(b.at): _effects(b.effects) for b in card.bonuses}
    rules = [(SQUARES.index(r.at), *_effects(r.effects)[0]) for r in card.rules]
    return Zone(card.id, card.name, TRACKS.index(card.track), card.level, card.kind, tuple(enemies), bonuses,
                {square: n for square, word, n in rules if word == "HAZARD"},
                any(word == "JAMMER" for _, word, _ in rules), any(word == "DRAG" for _, word, _ in rules),
                tuple(word for _, word, _ in rules), frozenset(e.ability for e in enemies if e.ability),
                tuple(tuple(i for i, e in enumerate(enemies) if square in e.squares) for square in range(len(SQUARES))))


def build_catalog(game) -> Catalog:
    catalog = Catalog(settings=game.settings)
    starting, reserved, statics = [], [], []
    for record in game.cards():
        card = record.card
        if record.deck == "zones":
            catalog.boxes.setdefault((TRACKS.index(card.track), card.level), []).append(len(catalog.items))
            catalog.zones.append(_zone(card))
            catalog.items.append(_item(record.back, f"{card.id}:item"))
            item = catalog.items[-1]
            if item.ship:
                catalog.ships[item.ship.id] = (item.ship, len(catalog.items) - 1)
        elif record.deck == "starters":
            for _ in range(card.count):
                (reserved if card.exclusive else starting).append(len(catalog.items))
                catalog.zones.append(None)
                catalog.items.append(_item(card, card.id))
        elif record.deck == "statics":
            for _ in range(card.count):
                statics.append(len(catalog.items))
                catalog.zones.append(None)
                catalog.items.append(Item(card.id, card.name, "static", None, (), None, None, None, False, False, False))
        elif record.deck == "ships":
            ship = _item(card, card.id).ship
            catalog.wolf = ship
            catalog.ships[ship.id] = (ship, None)
    catalog.boxes = {key: tuple(cards) for key, cards in catalog.boxes.items()}
    catalog.starting_deck, catalog.reserved, catalog.statics = tuple(starting), tuple(reserved), tuple(statics)
    return catalog
