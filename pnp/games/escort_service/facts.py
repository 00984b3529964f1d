"""What an Escort Service card's face prints, as sentences for the card reference (GamePlugin.card_facts).

Actions print as icons with their amounts, a pilot's scrap slots as empty frames beside its health, a scenario's
set-up as columns of names; read out as drawn they are a dump ("10 SCRAP SLOTS", "STATUS TAUNT SELF"). Here each
says what it is: health and scrap slots apart, each action as a player says it, the set-up column by column.

A sentence here that holds every word a box of the face prints stands for that box (pnp.render.card_facts leaves
out a box whose words are all stated): "Warrior starting deck" says both the action card's deck line ("Warrior
deck") and its pile ("starting") in one, where the two boxes read out alone made two sentences on every row."""
from __future__ import annotations

from pnp.games.escort_service.actions import action_words
from pnp.games.escort_service.boxes import TEAM_NOTE, _enemy_name
from pnp.games.escort_service.cards import ELITE_ACTIONS


def card_facts(card, game) -> list[str]:
    facts = []
    if card.health is not None:
        facts.append(f"Health {card.health}" + (", ZEALOT: it goes for the shuttle first" if card.zealot else ""))
    if card.scrap_slots:
        facts.append(f"{card.scrap_slots} scrap slot{'s' if card.scrap_slots > 1 else ''}")
    if card.actions:
        facts.append("; ".join(action_words(line) for line in card.actions))
    if card.kind in ELITE_ACTIONS:
        facts.append(back_clue(card.kind))
    if _back_like_front(card, game):
        facts.append(SAME_BACK)
    if card.pile:
        facts.append(f"{_pilot_name(card, game)} {card.pile} deck".strip())
    if card.order is not None:
        facts.append(f"Scenario {card.order} of the campaign")
    if card.placement:  # the set-up as printed, then the note every scenario card prints beside its shuttle
        facts += [set_up(card.placement), TEAM_NOTE]
    return facts


def back_clue(kind: str) -> str:
    """The word an elite action card's back prints, the players' clue to what comes next (rule 2.4): its kind's
    back (layouts/escort-service/cards.yaml, elite-attack-back ...) prints elite_attack as ATTACK. The back is
    drawn from the kind, not from a back side of the card's own, so the front's row is where the table says it."""
    return "Back: " + kind.removeprefix("elite_").upper()


SAME_BACK = "the same as the front"  # said after "Back:", where every other basic enemy's row says its back's actions


def _back_like_front(card, game) -> bool:
    """Whether `card` is the back side of a double-sided card that prints what its front does (the Drone: one
    ranged shot and HEAT 1 on both sides). The card reference leaves out a back that repeats its front (pnp.rules.
    card_words.card_text), so that row alone, in a table where every basic enemy's row says "Back: ...", would seem
    to have lost its back (rule 2.4: every basic enemy card has an action list on each side and flips). Said as the
    back's own fact, the row ends "Back: The same as the front." as the others end with their back's actions."""
    record = game.card(card.id)
    if record is None or record.back is None or card != record.back:
        return False
    printed = {"count", "back"}  # how many copies, and the back's raw data: nothing a side prints
    return record.card.model_dump(exclude=printed) == card.model_dump(exclude=printed)


def _pilot_name(card, game) -> str:
    """The name of the pilot whose deck an action card is in, as its pilot card prints it ("" when none is found)."""
    return next((r.card.name for r in game.cards() if r.card.kind == "pilot" and r.card.character == card.character),
                "")


def set_up(placement) -> str:
    """The set-up the placement box draws: the pilots at the bottom of column 1, above the shuttle, then each
    column's enemies, bottom first. The note beside its shuttle (TEAM_NOTE) is a sentence of its own, the same on
    every scenario card, so the card reference says it once above its table. Named "Setting up", as the rulebook's
    section and index name it: one name for it everywhere."""
    columns = [", ".join(["the pilots"] + [_enemy_name(e) for e in placement[0]]) + ", above the shuttle"]
    columns += [", ".join(_enemy_name(e) for e in units) or "empty" for units in placement[1:]]
    return "Setting up, bottom first: " + "; ".join(f"column {i} {units}" for i, units in enumerate(columns, 1))
