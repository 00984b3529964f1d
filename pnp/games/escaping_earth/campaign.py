"""Between runs: choosing a ship and building a deck from the collection, laying out a run, and putting the
cards of a lost run back in their Zone decks. Late-game scenarios start a campaign further along."""
from __future__ import annotations

from pnp.games.escaping_earth.geometry import SQUARES

# name -> (ships built, levels below which the permanent cards and treasures are kept, every item kept)
SCENARIOS = {
    "phoenix": (("the-phoenix",), 2, False),
    "pendulum": (("the-phoenix", "the-pendulum"), 3, False),
    "dreadnought": (("the-phoenix", "the-pendulum", "the-dreadnought"), 4, False),
    "final": (("the-phoenix", "the-pendulum", "the-dreadnought"), 5, False),
    # arsenals: one ship and every item of every level, so each card (exclusives too) gets played
    "arsenal-wolf": ((), 6, True),
    "arsenal-phoenix": (("the-phoenix",), 6, True),
    "arsenal-pendulum": (("the-pendulum",), 6, True),
    "arsenal-dreadnought": (("the-dreadnought",), 6, True),
}


def start_scenario(catalog, state, name: str) -> None:
    """A campaign some runs in: these ships built, and the permanent cards and treasures of the levels below
    kept, as a player who cleared and bought them would have. An arsenal keeps every item, bought or not: a
    sandbox to prove each card plays. Nothing else differs from a real campaign."""
    ships, below, everything = SCENARIOS[name]
    for ship in ships:
        take(catalog, state, catalog.ships[ship][1])
        state.ships = state.ships + [ship]
    if everything:  # the arsenal flies its one ship: the Wolf only if no other is named
        state.ships = [ship for ship in state.ships if ship != catalog.wolf.id or not ships]
    for (track, level), cards in list(state.boxes.items()):
        if level < below:
            for card in list(cards):
                item = catalog.item(card)
                if item.kind not in ("ship", "event") and (everything or item.permanent):
                    take(catalog, state, card)


def take(catalog, state, card: int) -> None:
    """A Zone card joins the collection for good: it leaves its Zone deck in the box. (What lasts between runs
    is replaced, never changed in place: states copied for a look ahead share it.)"""
    zone = catalog.zones[card]
    if zone is not None and card in state.boxes[(zone.track, zone.level)]:
        key = (zone.track, zone.level)
        state.boxes = {**state.boxes, key: [c for c in state.boxes[key] if c != card]}
    state.collection = state.collection | {card}


def ship_of(catalog, ship_id: str):
    return catalog.ships[ship_id][0]


def eligible(catalog, state, ship) -> list[int]:
    """Collection cards this ship may take into its deck (SYSTEM cards go in play instead; ships never go)."""
    return sorted(card for card in state.collection if catalog.item(card).kind not in ("system", "ship")
                  and catalog.item(card).exclusive in (None, ship.id))


def counted(catalog, cards) -> int:
    """Cards that count towards the minimum deck size: treasures do not."""
    return sum(1 for card in cards if not catalog.item(card).treasure)


def can_fly(catalog, state, ship) -> bool:
    return counted(catalog, eligible(catalog, state, ship)) >= ship.min_deck


def systems_for(catalog, state, ship) -> list[int]:
    return sorted(card for card in state.collection if catalog.item(card).kind == "system"
                  and catalog.item(card).exclusive in (None, ship.id))


def lay_out_run(catalog, state) -> None:
    """Deck, reserve and Treasure Deck from the collection; the starting level's Zone decks on the table."""
    ship = state.ship
    chosen = set(state.systems)
    deck = [c for c in eligible(catalog, state, ship) if c not in state.leave_out]
    state.deck = [c for c in deck if not catalog.item(c).treasure] + [c for c in deck if catalog.item(c).treasure]
    state.treasures = [c for c in state.leave_out if catalog.item(c).treasure]
    state.reserve = sorted(c for c in state.collection if c not in deck and c not in chosen
                           and c not in state.treasures and catalog.item(c).kind != "ship")
    state.hand, state.discard, state.play, state.gold, state.spent, state.shop = [], [], [], [], [], []
    state.leave_out = []
    state.supply = list(catalog.statics)
    state.boxes = dict(state.boxes)
    for track in range(3):
        state.zones[track] = list(state.boxes[(track, ship.start)])
        state.boxes[(track, ship.start)] = []
        state.track_level[track] = ship.start
        cards = state.zones[track]
        state.damage[track] = [0] * len(catalog.zones[cards[-1]].enemies) if cards else []
        state.used[track] = 0
    state.health, state.charge, state.revive_used, state.mode, state.finals = ship.health, 0, False, 1, 0
    state.cleared = 0  # Zone cards cleared this run
    state.pendulum = ship.ability == "PENDULUM" and any(catalog.item(c).key == "power-of-the-pendulum" for c in chosen)
    state.move = state.credit = state.block = state.plating = 0
    state.shield_used = state.cycle_used = state.shift_used = False
    state.turn = 0
    state.queue, state.pending, state.attackers, state.rewards, state.td_left = [], [], [], [], []


def end_run(catalog, state, won: bool) -> None:
    """A lost run sends every card that is not in the collection back to its Zone deck; statics go back to the
    supply. A won run ends the campaign."""
    state.runs += 1
    state.levels = state.levels + [max(state.track_level)]
    state.best_level = max(state.best_level, max(state.track_level))
    if won:
        state.won = state.over = True
        return
    boxes = {key: list(cards) for key, cards in state.boxes.items()}
    for pile in (state.deck, state.hand, state.discard, state.play, state.reserve, state.systems, state.gold,
                 state.spent, state.shop, state.treasures, *state.zones):
        for card in pile:
            zone = catalog.zones[card]
            if zone is not None and card not in state.collection:
                boxes[(zone.track, zone.level)].append(card)
        pile.clear()
    for cards in boxes.values():
        cards.sort()  # the box is unordered; sorted, a seed replays the same
    state.boxes = boxes
    state.supply = list(catalog.statics)
    state.ship, state.chance = None, None
    state.queue, state.pending, state.attackers, state.rewards, state.td_left = [], [], [], [], []
    state.phase = "over" if state.runs >= catalog.settings.runs_per_campaign else "ship"
    state.over = state.phase == "over"


def place_options(state) -> list[tuple]:
    return [("place", t, s) for t in range(3) if state.zones[t] for s in range(len(SQUARES))]
