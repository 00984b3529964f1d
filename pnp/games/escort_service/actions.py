"""Escort Service's actions as a card writes them: one short line each, in the order they resolve.

    MELEE 1            deal 1 damage to a unit next to you
    RANGED 2 IN 3      deal 2 damage to a unit at most 3 steps away
    MELEE 1 AOE        every foe next to you
    DELAY 2 IN RIGHT   push a unit to your right 2 columns further right
    HEAL 2 ALLY        a friendly unit next to you (yourself included)
    STATUS TAUNT SELF  tuck this card under yourself, showing TAUNT

A line is a word (the action), its amount (or, for STATUS, the status), and
any modifiers: AOE, IN with a number or a direction, and who it picks (SELF,
ALLY, FOE, SHUTTLE). The same grammar serves the players' cards and the
enemies'; the card face draws each line with the action's icon
(`icon_line`), the engine resolves the parsed `Action`.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

ACTIONS = ("HEAT", "MELEE", "RANGED", "HEAL", "DELAY", "ADVANCE", "DISCARD", "DRAW", "STATUS")
STATUSES = ("TAUNT", "SHIELD", "POISON", "HIDDEN")
DIRECTIONS = ("LEFT", "RIGHT", "UP", "DOWN")
TARGETS = ("SELF", "ALLY", "FOE", "SHUTTLE")
MODIFIERS = ("AOE", "IN")
DAMAGE = ("MELEE", "RANGED")
NEEDS_AMOUNT = ("HEAT", "MELEE", "RANGED", "HEAL", "DELAY", "ADVANCE", "DISCARD", "DRAW")
SELF_ONLY = ("HEAT", "DISCARD", "DRAW")  # act on the unit itself and its hand: no target, no modifier
DEFAULT_TARGET = {"MELEE": "FOE", "RANGED": "FOE", "HEAL": "ALLY", "DELAY": "FOE", "ADVANCE": "SELF",
                  "TAUNT": "SELF", "HIDDEN": "SELF", "SHIELD": "ALLY", "POISON": "FOE"}
MAX_AMOUNT = 6
MAX_RANGE = 6


class ActionError(ValueError):
    """A line that is not an action; the message says what to write instead."""


@dataclass(frozen=True)
class Action:
    word: str
    n: int = 0  # damage, heal, columns, cards or HEAT; 0 for STATUS
    status: str | None = None
    aoe: bool = False
    within: int | None = None  # IN n: at most n orthogonal steps away
    direction: str | None = None  # IN LEFT/RIGHT/UP/DOWN: only units that way
    target: str | None = None  # who it picks: SELF, ALLY (own side, self included), FOE, SHUTTLE

    @cached_property  # the witness key, read every time the action takes effect; an Action is immutable
    def key(self) -> str:
        return f"action:{self.word}"

    @cached_property  # read every time the action takes effect
    def words(self) -> tuple[str, ...]:
        """The effect words witnessed whenever the action takes effect: its own, and AOE. IN is not among them:
        a reach takes effect only when it leaves out a unit the action could otherwise pick (board.reach_limits),
        so the engine witnesses it apart."""
        return (self.word,) + (("AOE",) if self.aoe else ())

    @property
    def has_reach(self) -> bool:
        """It shows IN: a number of steps or a direction."""
        return self.within is not None or self.direction is not None

    @property
    def picks(self) -> str | None:
        """Who the action picks, its default filled in (None for HEAT, DISCARD and DRAW)."""
        if self.word in SELF_ONLY:
            return None
        return self.target or DEFAULT_TARGET[self.status if self.word == "STATUS" else self.word]

    def __str__(self) -> str:
        parts = [self.word, self.status if self.word == "STATUS" else str(self.n)]
        parts += ["AOE"] if self.aoe else []
        parts += [f"IN {self.within}"] if self.within is not None else []
        parts += [f"IN {self.direction}"] if self.direction else []
        parts += [self.target] if self.target else []
        return " ".join(parts)


def parse(line: str) -> Action:
    tokens = str(line).upper().split()
    if not tokens:
        raise ActionError("an empty action; write one such as 'MELEE 1'")
    word, rest = tokens[0], tokens[1:]
    if word not in ACTIONS:
        raise ActionError(f"'{tokens[0]}' is not an action; use one of {', '.join(ACTIONS)}")
    fields: dict = {"word": word}
    if word == "STATUS":
        if not rest or rest[0] not in STATUSES:
            raise ActionError(f"a STATUS action names its status: STATUS {' | '.join(STATUSES)}")
        fields["status"], rest = rest[0], rest[1:]
    else:
        if not rest or not rest[0].isdigit():
            raise ActionError(f"a {word} action needs its amount, a number from 1 to {MAX_AMOUNT} ({word} 1)")
        fields["n"], rest = int(rest[0]), rest[1:]
        if not 1 <= fields["n"] <= MAX_AMOUNT:
            size = "too little" if fields["n"] < 1 else "too much"
            raise ActionError(f"an amount of {fields['n']} is {size} for {word}: amounts go from 1 to {MAX_AMOUNT}")
    _modifiers(word, rest, fields)
    action = Action(**fields)
    _check(action)
    return action


def _modifiers(word: str, rest: list[str], fields: dict) -> None:
    i = 0
    while i < len(rest):
        token = rest[i]
        if token == "AOE":
            fields["aoe"] = True
        elif token == "IN":
            if i + 1 >= len(rest):
                raise ActionError("a reach (IN) needs a number of steps or a direction (IN 2, IN LEFT)")
            what = rest[i + 1]
            if what.isdigit():
                fields["within"] = int(what)
            elif what in DIRECTIONS:
                fields["direction"] = what
            else:
                raise ActionError(f"a reach of IN {what} is no reach: write a number of steps or one of {', '.join(DIRECTIONS)}")
            i += 1
        elif token in TARGETS:
            fields["target"] = token
        else:
            raise ActionError(f"'{token}' is not a modifier of {word}; use AOE, IN n, IN a direction, or one of "
                              f"{', '.join(TARGETS)}")
        i += 1


def _check(a: Action) -> None:
    if a.word in SELF_ONLY and (a.aoe or a.within is not None or a.direction or a.target):
        raise ActionError(f"a {a.word} action acts on the unit itself: it takes no modifier")
    if a.word == "RANGED" and a.within is None:
        raise ActionError("a RANGED action needs its range: RANGED n IN steps (RANGED 2 IN 3)")
    if a.within is not None and not 1 <= a.within <= MAX_RANGE:
        raise ActionError(f"a reach of IN {a.within} is out of bounds: a range goes from 1 to {MAX_RANGE} steps")
    if a.word == "MELEE" and a.within is not None:
        raise ActionError("a MELEE action reaches the units next to you; use RANGED for a reach in steps")
    if a.target == "SHUTTLE" and a.word not in ("HEAL", "MELEE", "RANGED"):
        raise ActionError(f"a {a.word} action cannot pick the shuttle; only damage and HEAL SHUTTLE can")
    if a.aoe and a.target in ("SELF", "SHUTTLE"):
        raise ActionError(f"an AOE action affects every unit in reach; it cannot go with {a.target}")


ALWAYS_NAME_TARGET = ("HEAL", "STATUS", "DELAY", "ADVANCE")  # who it heals, tucks under or moves: never left implied


def icon_line(a: Action) -> str:
    """The action as printed: its icon and amount, who it picks, then its modifiers (inline icons,
    pnp.text.inline). A heal, a status, a DELAY or an ADVANCE always names its target (self, ally, foe, shuttle)
    right after its icon and amount, so a player never has to know the default; damage names it only when it is
    not a foe."""
    if a.word == "STATUS":  # the status itself is named in the band along the card's bottom edge
        parts = ["{status}", "{" + a.status.lower() + "}"]
    else:
        parts = ["{" + a.word.lower() + "}", str(a.n)]
    if a.word in ALWAYS_NAME_TARGET or (a.target and a.target != DEFAULT_TARGET.get(a.status or a.word)):
        parts.append(a.picks.lower())
    if a.aoe:
        parts.append("{aoe}")
    if a.within is not None:
        parts += ["{in}", str(a.within)]
    if a.direction:
        parts += ["{in}", "{" + a.direction.lower() + "}"]
    return " ".join(parts)


# -- an action in words, as a player says it (the card reference, the words under a card's icons) ----------
# Its word in capitals, as the rules and the glossary print it (MELEE, TAUNT), then whom it picks: "to self", "to an
# ally", "to a foe", "to the shuttle", for a status as for any other action ("TAUNT to self", never "you gain Taunt
# (self)", which said the target twice)
WHO = {"SELF": "to self", "ALLY": "to an ally", "FOE": "to a foe", "SHUTTLE": "to the shuttle"}
WAYS = {"LEFT": "to the left", "RIGHT": "to the right", "UP": "upwards", "DOWN": "downwards"}


def action_words(line: str) -> str:
    """'MELEE 1 AOE' -> 'MELEE 1 to every foe in reach (AOE)'; 'STATUS TAUNT SELF' -> 'TAUNT to self'. Every word the
    card prints beside the icons (the target of a heal or a status, or any other action's unusual one: self, ally,
    foe, shuttle) is in it."""
    action = parse(line)
    reach = [f"within {action.within}"] if action.within is not None else []
    reach += [WAYS[action.direction]] if action.direction else []
    # the card names the target beside the icons as icon_line does: always for a heal, a status or a move
    printed = action.word in ALWAYS_NAME_TARGET or (action.target and action.target != DEFAULT_TARGET.get(action.status or action.word))
    words = [action.status] if action.word == "STATUS" else [f"{action.word} {action.n}"]
    if action.aoe:  # every unit it may pick, as far as it reaches
        return " ".join(words + [f"to every {action.picks.lower()}", *(reach or ["in reach"]), "(AOE)"])
    return " ".join(words + ([WHO[action.picks]] if printed else []) + reach)
