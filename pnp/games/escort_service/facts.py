"""What an Escort Service card's face prints, as sentences for the card reference (GamePlugin.card_facts).

Actions print as icons with their amounts, a pilot's scrap slots as empty frames beside its health, a scenario's
set-up as columns of names; read out as drawn they are a dump ("10 SCRAP SLOTS", "STATUS TAUNT SELF"). Here each
says what it is: health and scrap slots apart, each action as a player says it, the set-up column by column."""
from __future__ import annotations

from pnp.games.escort_service.actions import action_words
from pnp.games.escort_service.boxes import _enemy_name


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


def set_up(placement) -> str:
    """The set-up the placement box draws: the SHUTTLE under column 1 with the pilots, then each column's enemies."""
    columns = [", ".join(["Pilots"] + [_enemy_name(e) for e in placement[0]]) + " above the SHUTTLE"]
    columns += [", ".join(_enemy_name(e) for e in units) or "empty" for units in placement[1:]]
    return "Set-up, bottom first: " + "; ".join(f"column {i} {units}" for i, units in enumerate(columns, 1))
