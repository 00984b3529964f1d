"""What an Escort Service card's face prints, as sentences for the card reference (GamePlugin.card_facts).

Actions print as icons with their amounts, a pilot's scrap slots as empty frames beside its health, a scenario's
set-up as columns of names; read out as drawn they are a dump ("10 SCRAP SLOTS", "STATUS TAUNT SELF"). Here each
says what it is: health and scrap slots apart, each action as a player says it, the set-up column by column."""
from __future__ import annotations

from pnp.games.escort_service.actions import ALWAYS_NAME_TARGET, DEFAULT_TARGET, parse
from pnp.games.escort_service.boxes import _enemy_name

WHO = {"SELF": "to self", "ALLY": "to an ally", "FOE": "to a foe", "SHUTTLE": "to the shuttle"}
GAINS = {"SELF": ("you", "gain"), "ALLY": ("an ally", "gains"), "FOE": ("a foe", "gains"),
         "SHUTTLE": ("the shuttle", "gains")}  # who takes a status, and its verb
WAYS = {"LEFT": "to the left", "RIGHT": "to the right", "UP": "upwards", "DOWN": "downwards"}


def card_facts(card, game) -> list[str]:
    facts = []
    if card.health is not None:
        facts.append(f"Health {card.health}" + (", Zealot: it goes for the shuttle first" if card.zealot else ""))
    if card.scrap_slots:
        facts.append(f"{card.scrap_slots} SCRAP SLOTS")
    if card.pile:
        facts.append(f"A{'n' if card.pile[0] in 'aeiou' else ''} {card.pile} card")
    if card.actions:
        facts.append("; ".join(action_words(line) for line in card.actions))
    if card.order is not None:
        facts.append(f"Scenario {card.order} of the campaign")
    if card.placement:
        facts.append(set_up(card.placement))
    return facts


def action_words(line: str) -> str:
    """'MELEE 1 AOE' -> 'Melee 1 to every foe in reach (AOE)'; 'STATUS TAUNT SELF' -> 'you gain Taunt'. Every word the
    card prints beside the icons (the target of a heal or a status, or any other action's unusual one: self, ally,
    foe, shuttle) is in it."""
    action = parse(line)
    reach = [f"within {action.within}"] if action.within is not None else []
    reach += [WAYS[action.direction]] if action.direction else []
    # the card names the target beside the icons as icon_line does: always for a heal, a status or a move
    printed = action.word in ALWAYS_NAME_TARGET or (action.target and action.target != DEFAULT_TARGET.get(action.status or action.word))
    if action.word == "STATUS":
        who, verb = GAINS[action.picks]
        said = " ".join([who, *reach, verb, action.status.capitalize()])
        return said + (" (self)" if printed and action.picks == "SELF" else "")
    words = [f"{action.word.capitalize()} {action.n}"]
    if action.aoe:  # every unit it may pick, as far as it reaches
        return " ".join(words + [f"to every {action.picks.lower()}", *(reach or ["in reach"]), "(AOE)"])
    return " ".join(words + ([WHO[action.picks]] if printed else []) + reach)


def set_up(placement) -> str:
    """The set-up the placement box draws: the SHUTTLE under column 1 with the pilots, then each column's enemies."""
    columns = [", ".join(["Pilots"] + [_enemy_name(e) for e in placement[0]]) + " above the SHUTTLE"]
    columns += [", ".join(_enemy_name(e) for e in units) or "empty" for units in placement[1:]]
    return "Set-up, bottom first: " + "; ".join(f"column {i} {units}" for i, units in enumerate(columns, 1))
