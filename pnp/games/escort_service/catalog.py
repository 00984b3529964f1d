"""Escort Service's content compiled for the engine: cards as indexes, actions parsed once."""
from __future__ import annotations

from dataclasses import dataclass

from pnp.games.escort_service.actions import Action, parse
from pnp.games.escort_service.cards import ELITE_ACTIONS


@dataclass(frozen=True)
class ActionCard:
    id: str
    name: str
    owner: str  # a pilot's character, or an elite's id
    actions: tuple[Action, ...]
    status: str | None  # the status it tucks under a unit, if any
    pile: str | None = None  # pilots' cards: starting or upgrade


@dataclass(frozen=True)
class Pilot:
    character: str
    name: str
    health: int
    slots: int
    starting: tuple[int, ...]  # action card indexes, copies included
    upgrades: tuple[int, ...]


@dataclass(frozen=True)
class Enemy:
    id: str
    name: str
    health: int
    zealot: bool
    sides: tuple[tuple[Action, ...], ...]  # basic: the two sides; elite: ()
    deck: tuple[int, ...]  # elite: its action cards' indexes


@dataclass(frozen=True)
class Scenario:
    id: str
    name: str
    placement: tuple[tuple[str, ...], ...]
    goal: str
    ticks: int
    boss: str | None
    repair: int


@dataclass(frozen=True)
class Catalog:
    cards: tuple[ActionCard, ...]  # every action card (pilots' and elites'), one entry per copy
    pilots: dict[str, Pilot]
    enemies: dict[str, Enemy]
    scrap: tuple[tuple[str, str], ...]  # (card id, effect), one per copy
    scenarios: tuple[Scenario, ...]  # in campaign order
    shuttle_health: int
    settings: object


def _status(actions) -> str | None:
    return next((a.status for a in actions if a.word == "STATUS"), None)


def build_catalog(game) -> Catalog:
    cards, pilots, enemies, scrap, scenarios = [], {}, {}, [], []
    shuttle = 12
    elite_cards: dict[str, list[int]] = {}
    pilot_cards: dict[str, dict[str, list[int]]] = {}
    records = list(game.cards())
    for record in records:
        card = record.card
        if card.kind == "action" or card.kind in ELITE_ACTIONS:
            actions = tuple(parse(line) for line in card.actions)
            for _ in range(card.count):
                index = len(cards)
                cards.append(ActionCard(card.id, card.name, card.character, actions, _status(actions), card.pile))
                if card.kind == "action":
                    pilot_cards.setdefault(card.character, {"starting": [], "upgrade": []})[card.pile].append(index)
                else:
                    elite_cards.setdefault(card.character, []).append(index)
        elif card.kind == "shuttle":
            shuttle = card.health
        elif card.kind == "scrap":
            scrap += [(card.id, card.scrap)] * card.count
        elif card.kind == "scenario":
            scenarios.append(Scenario(card.id, card.name, tuple(tuple(c) for c in card.placement), card.goal,
                                      card.ticks or 0, card.boss, card.shuttle_repair or 0))
    for record in records:
        card = record.card
        if card.kind == "pilot":
            own = pilot_cards.get(card.character, {"starting": [], "upgrade": []})
            pilots[card.character] = Pilot(card.character, card.name, card.health, card.scrap_slots or 0,
                                           tuple(own["starting"]), tuple(own["upgrade"]))
        elif card.kind == "enemy":
            back = record.back
            sides = (tuple(parse(x) for x in card.actions), tuple(parse(x) for x in back.actions))
            enemies[card.id] = Enemy(card.id, card.name, card.health, card.zealot, sides, ())
        elif card.kind == "elite":
            enemies[card.id] = Enemy(card.id, card.name, card.health, card.zealot, (),
                                     tuple(elite_cards.get(card.id, ())))
    scenarios.sort(key=lambda s: next(r.card.order for r in records if r.card.id == s.id))
    return Catalog(tuple(cards), pilots, enemies, tuple(scrap), tuple(scenarios), shuttle, game.settings)
