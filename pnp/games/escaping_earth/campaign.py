"""Between runs: choosing a ship and building a deck from the collection, laying out a run, and putting the
cards of a lost run back in their Zone decks. `BetweenRuns` holds the moves of the set-up (a mixin of the
engine); the functions below it are the rules it and the rest of the engine share."""
from __future__ import annotations

from pnp.engine.api import Moves
from pnp.games.escaping_earth.geometry import SQUARES
from pnp.games.escaping_earth.state import SetupShuffle, Track


class BetweenRuns:
    """Choose a ship, leave cards out of the deck, pick SYSTEM cards, place the ship: then the run begins."""

    def moves_ship(self, state):
        return [("ship", ship) for ship in state.ships if can_fly(self.catalog, state, ship_of(self.catalog, ship))]

    def move_ship(self, state, action) -> None:
        state.ship, state.leave_out, state.systems = ship_of(self.catalog, action[1]), [], []
        state.phase = "build"

    def moves_build(self, state):
        """Leave a card out of the deck (one offer per kind of card), or keep the rest. Treasures may always be
        left out (they form the Treasure Deck); other cards while the deck stays above the ship's minimum."""
        catalog, ship = self.catalog, state.ship
        deck = [c for c in eligible(catalog, state, ship) if c not in state.leave_out]
        spare = counted(catalog, deck) > ship.min_deck
        offers, seen = [], set()
        for card in deck:
            item = catalog.item(card)
            if item.key not in seen and (spare or item.treasure):
                seen.add(item.key)
                offers.append(("leave", card))
        return Moves((("leave", offers), ("deck_done", [("deck_done",)])))

    def move_leave(self, state, action) -> None:
        state.leave_out.append(action[1])

    def move_deck_done(self, state, action) -> None:
        state.phase = "systems"

    def moves_systems(self, state):
        offers = []
        if len(state.systems) < state.ship.max_systems:
            offers = [("system", c) for c in systems_for(self.catalog, state, state.ship) if c not in state.systems]
        return Moves((("system", offers), ("systems_done", [("systems_done",)])))

    def move_system(self, state, action) -> None:
        state.systems.append(action[1])

    def move_systems_done(self, state, action) -> None:
        lay_out_run(self.catalog, state)
        ship_card = self.catalog.ships[state.ship.id][1]
        key = self.catalog.item(ship_card).key if ship_card is not None else state.ship.id
        state.played.append(key)
        state.resolved.append((key, ()))  # the ship flies a run
        state.chance = SetupShuffle()

    def moves_place(self, state):
        return [("place", t, s) for t in range(3) if state.tracks[t].cards for s in range(len(SQUARES))]

    def move_place(self, state, action) -> None:
        state.track, state.square = action[1], action[2]
        self.begin_turn(state)


def take(catalog, state, card: int) -> None:
    """A Zone card joins the collection for good: it leaves its Zone deck in the box. (What lasts between runs
    is replaced, never changed in place: states copied for a look ahead share it.)"""
    zone = catalog.zones[card]
    if zone is not None:
        key = (zone.track, zone.level)
        if card in state.boxes[key]:
            state.boxes = {**state.boxes, key: tuple(c for c in state.boxes[key] if c != card)}
    state.collection = state.collection | {card}


def ship_of(catalog, ship_id: str):
    return catalog.ships[ship_id][0]


def allowed(item, ship) -> bool:
    """A card only for one ship (rule exclusive-cards) is for that ship's runs alone."""
    return item.exclusive is None or item.exclusive == ship.id


def eligible(catalog, state, ship) -> list[int]:
    """Collection cards this ship may take into its deck (SYSTEM cards go in play instead; ships never go)."""
    return sorted(card for card in state.collection if catalog.item(card).kind not in ("system", "ship")
                  and allowed(catalog.item(card), ship))


def counted(catalog, cards) -> int:
    """Cards that count towards the minimum deck size: treasures do not."""
    return sum(1 for card in cards if not catalog.item(card).treasure)


def can_fly(catalog, state, ship) -> bool:
    return counted(catalog, eligible(catalog, state, ship)) >= ship.min_deck


def systems_for(catalog, state, ship) -> list[int]:
    return sorted(card for card in state.collection if catalog.item(card).kind == "system"
                  and allowed(catalog.item(card), ship))


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
    boxes = dict(state.boxes)
    for track in range(3):
        cards = boxes[(track, ship.start)]
        boxes[(track, ship.start)] = ()
        state.tracks[track] = Track(cards, [0] * len(catalog.zones[cards[-1]].enemies) if cards else [], ship.start)
    state.boxes = boxes
    state.health, state.charge, state.revive_used, state.mode, state.finals = ship.health, 0, False, 1, 0
    state.cleared = 0  # Zone cards cleared this run
    state.pendulum = ship.ability == "PENDULUM" and any(catalog.item(c).key == "power-of-the-pendulum" for c in chosen)
    state.move = state.credit = state.block = state.plating = 0
    state.shield_used = state.cycle_used = state.shift_used = False
    state.turn, state.held_over = 0, ()
    state.queue.clear()
    state.pending, state.attackers, state.rewards = [], [], []


def end_run(catalog, state, won: bool) -> None:
    """A lost run sends every card that is not in the collection back to its Zone deck; statics go back to the
    supply. A won run ends the campaign, and so does the last run the campaign allows (rule campaign-length)."""
    state.runs += 1
    reached = max(track.level for track in state.tracks)
    state.levels = state.levels + (reached,)
    state.best_level = max(state.best_level, reached)
    if won:
        state.won = state.over = True
        return
    boxes = {key: list(cards) for key, cards in state.boxes.items()}
    for pile in (state.deck, state.hand, state.discard, state.play, state.reserve, state.systems, state.gold,
                 state.spent, state.shop, state.treasures, *(track.cards for track in state.tracks)):
        for card in pile:
            zone = catalog.zones[card]
            if zone is not None and card not in state.collection:
                boxes[(zone.track, zone.level)].append(card)
        pile.clear()
    state.boxes = {key: tuple(sorted(cards)) for key, cards in boxes.items()}  # sorted: a seed replays the same
    state.tracks = [Track() for _ in range(3)]
    state.supply = list(catalog.statics)
    state.ship, state.chance, state.held_over = None, None, ()
    state.queue.clear()
    state.pending, state.attackers, state.rewards = [], [], []
    state.phase = "over" if state.runs >= state.runs_allowed else "ship"
    state.over = state.phase == "over"
