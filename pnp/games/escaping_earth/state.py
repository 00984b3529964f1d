"""A campaign in progress: what lasts between runs (the collection, the box of Zone decks) and the run on the
table. Plain lists and ints, copied by hand: the greedy player copies states on every decision."""
from __future__ import annotations

LISTS = ("deck", "hand", "discard", "play", "reserve", "systems", "gold", "spent", "shop", "treasures", "supply",
         "queue", "pending", "attackers", "rewards", "td_left", "leave_out", "pending_level")


class State:
    __slots__ = (
        # the campaign
        "collection", "ships", "boxes", "run", "runs", "best_level", "levels", "won", "over",
        # the run: the ship
        "ship", "health", "charge", "revive_used", "mode", "pendulum", "plating",
        # the run: cards
        "deck", "hand", "discard", "play", "reserve", "systems", "gold", "spent", "shop", "treasures", "supply",
        # the run: the three Zone decks (index 0 = Ground), the top card's damage and used bonuses, the ship's place
        "zones", "damage", "used", "track_level", "track", "square", "finals", "cleared",
        # the turn
        "move", "credit", "block", "shield_used", "cycle_used", "shift_used", "turn", "round",
        # where play stands
        "phase", "queue", "pending", "chance", "attackers", "rewards", "td_left", "leave_out", "pending_level", "resolved",
        "scenario",
    )

    def copy(self) -> State:
        return _copy(self)

    def statics_held(self) -> int:
        """Static cards in the deck, hand, discard pile and play area: a fourth loses the run."""
        return 3 - len(self.supply)


SHARED = ("collection", "ships", "boxes", "levels")  # what lasts between runs: replaced when it changes, so shared


def _copier():
    """One function that copies every slot: lists are copied, what lasts between runs is shared, and the
    three Zone decks and their cubes are copied one level down. (Written out once: a loop over __slots__
    with getattr and setattr took a third of a greedy campaign.)"""
    lines = ["def copy(self):", "    new = State.__new__(State)"]
    for name in State.__slots__:
        if name in LISTS:
            lines.append(f"    new.{name} = self.{name}[:]")
        elif name in ("zones", "damage"):
            lines.append(f"    new.{name} = [part[:] for part in self.{name}]")
        elif name in ("used", "track_level"):
            lines.append(f"    new.{name} = self.{name}[:]")
        elif name == "resolved":
            lines.append("    new.resolved = []")
        else:
            lines.append(f"    new.{name} = self.{name}")
    lines.append("    return new")
    namespace = {"State": State}
    exec("\n".join(lines), namespace)  # noqa: S102 - code built above from the slot names, nothing else
    return namespace["copy"]


_copy = _copier()


def new_state(catalog, scenario=None) -> State:
    s = State.__new__(State)
    s.collection = set(catalog.starting_deck) | set(catalog.reserved)
    s.ships = [catalog.wolf.id]
    s.boxes = {key: list(cards) for key, cards in catalog.boxes.items()}
    s.run, s.runs, s.best_level, s.levels, s.won, s.over = 0, 0, 0, [], False, False
    s.ship, s.health, s.charge, s.revive_used, s.mode, s.pendulum, s.plating = None, 0, 0, False, 1, False, 0
    for name in LISTS:
        setattr(s, name, [])
    s.zones, s.damage, s.used, s.track_level = [[], [], []], [[], [], []], [0, 0, 0], [0, 0, 0]
    s.track, s.square, s.finals, s.cleared = 0, 0, 0, 0
    s.move = s.credit = s.block = 0
    s.shield_used = s.cycle_used = s.shift_used = False
    s.turn, s.round = 0, 0
    s.phase, s.chance, s.resolved, s.scenario = "ship", None, [], scenario
    return s
