"""Escort Service's content checks, each tied to a rule of the game (rules.yaml) or of the seed.

- a pilot: two pilot cards, a starting deck of exactly 10 (decks never go below 10) and an upgrade deck of at
  least the 3 cards an upgrade draws;
- an action card: at most one STATUS (the card goes under one unit), actions that fit who plays them (no HEAT
  or DRAW on a basic enemy's turn needs a hand, so enemies never DISCARD or DRAW; a basic enemy cannot tuck its
  own card, so it has no STATUS);
- a basic enemy: both sides, each with actions; an elite: an action deck of at least 6, each card's kind (its
  back, the players' clue) matching what its face does;
- a scenario: every enemy it places exists with enough copies, the goal has what it needs (survive: TICKs;
  defeat: a placed enemy), the campaign order has no gap;
- the board: the shuttle and one column card per column;
- the scenario cards' note names the rule that changes the set-up for the team's size by its number.
"""
from __future__ import annotations

import re
from collections import Counter

from pnp.core.diagnostics import Diagnostic, did_you_mean
from pnp.games.escort_service.actions import ACTIONS, DIRECTIONS, MODIFIERS, STATUSES, parse
from pnp.games.escort_service.boxes import TEAM_NOTE, TEAM_NOTE_RULE
from pnp.games.escort_service.cards import ELITE_ACTIONS
from pnp.rules.tree import build_reference

MIN_ELITE_DECK = 6
MOVES = ("DELAY", "ADVANCE")
SUPPORT = ("HEAL",)
PROTECTIVE = ("SHIELD", "HIDDEN", "TAUNT")


def check(game) -> list[Diagnostic]:
    return [p for step in (pilots, action_cards, enemies, elites, scenarios, team_sizes, team_note, icons_for_words,
                           board) for p in step(game)]


def _records(game, kind=None):
    return [r for r in game.cards() if kind is None or r.card.kind == kind]


def pilots(game) -> list[Diagnostic]:
    if not game.complete:  # counts wait until every card passes its own check
        return []
    problems = []
    settings = game.settings
    characters = {r.card.character for r in _records(game, "pilot")}
    for character in sorted(characters):
        records = [r for r in game.cards() if r.card.character == character]
        first = next(r for r in records if r.card.kind == "pilot")
        pilot_cards = sum(r.card.count for r in records if r.card.kind == "pilot")
        starting = sum(r.card.count for r in records if r.card.kind == "action" and r.card.pile == "starting")
        upgrade = sum(r.card.count for r in records if r.card.kind == "action" and r.card.pile == "upgrade")
        if pilot_cards != 2:
            problems.append(first.diagnostic("pilot", f"{first.card.name} has {pilot_cards} pilot card(s); a pilot has 2 "
                                             "(one by the draw pile, one on the board)", "count"))
        if starting != settings.min_deck:
            problems.append(first.diagnostic("deck-size", f"{first.card.name}'s starting deck has {starting} cards; it "
                                             f"has exactly {settings.min_deck} (a deck never goes below "
                                             f"{settings.min_deck})", "id"))
        if upgrade < settings.upgrade_draw:
            problems.append(first.diagnostic("deck-size", f"{first.card.name}'s upgrade deck has {upgrade} cards; an "
                                             f"upgrade draws {settings.upgrade_draw}, so it needs at least that many",
                                             "id"))
        if starting < settings.hand_size:
            problems.append(first.diagnostic("deck-size", f"{first.card.name} cannot draw an opening hand of "
                                             f"{settings.hand_size}", "id"))
    for record in _records(game, "action"):
        if record.card.character not in characters:
            problems.append(record.diagnostic("unknown-pilot", f"action card of '{record.card.character}', which has no "
                                              f"pilot card{did_you_mean(record.card.character, characters)}",
                                              "character"))
        if record.card.pile is None:
            problems.append(record.diagnostic("pile", "an action card says its pile: starting or upgrade", "id"))
    return problems


def _sides(record):
    return [(card, keypath) for card, keypath in record.sides()]


def action_cards(game) -> list[Diagnostic]:
    """At most one STATUS per card; enemies neither draw, discard nor (basic ones) tuck a status."""
    problems = []
    for record in game.cards():
        for card, keypath in _sides(record):
            actions = [parse(line) for line in card.actions]
            statuses = [a for a in actions if a.word == "STATUS"]
            if len(statuses) > 1:
                problems.append(record.source.diagnostic(keypath + ("actions",), "status", f"'{card.name}' has "
                                f"{len(statuses)} STATUS actions; the card goes under one unit, so it has one at most"))
            if card.kind == "enemy" or card.kind in ELITE_ACTIONS:
                for i, a in enumerate(actions):
                    if a.word in ("DISCARD", "DRAW"):
                        problems.append(record.source.diagnostic(keypath + ("actions", i), "enemy-action", f"'{card.name}': "
                                        f"an enemy has no hand, so it cannot {a.word}"))
                    if a.word == "STATUS" and card.kind == "enemy":
                        problems.append(record.source.diagnostic(keypath + ("actions", i), "enemy-action", f"'{card.name}': "
                                        "a basic enemy cannot tuck its own card under a unit; give STATUS to an elite"))
            if card.kind in ("action", "enemy") or card.kind in ELITE_ACTIONS:
                if not actions:
                    problems.append(record.source.diagnostic(keypath + ("actions",), "actions",
                                                             f"'{card.name}' has no actions; give it at least one"))
    return problems


def enemies(game) -> list[Diagnostic]:
    problems = []
    for record in _records(game, "enemy"):
        if record.back is None or record.back.kind != "enemy":
            problems.append(record.diagnostic("enemy-sides", f"basic enemy '{record.card.name}' is double-sided: give "
                                              "it a back: with the other turn's actions", "id"))
        elif record.back.health != record.card.health:
            problems.append(record.source.diagnostic(record.keypath + ("back", "health"), "enemy-sides",
                            f"'{record.card.name}' shows health {record.card.health} on one side and "
                            f"{record.back.health} on the other; flipping never heals"))
        if record.card.health is None:
            problems.append(record.diagnostic("health", f"enemy '{record.card.name}' needs its health", "id"))
    return problems


def elite_clue(actions) -> str:
    """The kind an elite action card is, by what it does: moving units is a move; healing or protecting (and no
    damage) is support; the rest is an attack."""
    parsed = [parse(line) for line in actions]
    if any(a.word in MOVES for a in parsed):
        return "elite_move"
    damage = any(a.word in ("MELEE", "RANGED") for a in parsed)
    helps = any(a.word in SUPPORT or (a.word == "STATUS" and a.status in PROTECTIVE) for a in parsed)
    return "elite_support" if helps and not damage else "elite_attack"


def elites(game) -> list[Diagnostic]:
    if not game.complete:  # counts wait until every card passes its own check
        return []
    problems = []
    for record in _records(game, "elite"):
        deck = [r for r in game.cards() if r.card.kind in ELITE_ACTIONS and r.card.character == record.card.id]
        size = sum(r.card.count for r in deck)
        if size < MIN_ELITE_DECK:
            problems.append(record.diagnostic("elite-deck", f"elite '{record.card.name}' has {size} action cards; it "
                                              f"needs at least {MIN_ELITE_DECK}", "id"))
    elite_ids = {r.card.id for r in _records(game, "elite")}
    for record in game.cards():
        if record.card.kind not in ELITE_ACTIONS:
            continue
        if record.card.character not in elite_ids:
            problems.append(record.diagnostic("unknown-elite", f"elite action card of '{record.card.character}', which "
                                              f"is no elite{did_you_mean(record.card.character, elite_ids)}", "character"))
        clue = elite_clue(record.card.actions)
        if clue != record.card.kind:
            problems.append(record.diagnostic("elite-back", f"'{record.card.name}' is kind {record.card.kind}, but its "
                                              f"actions make it {clue}: its back would give the players the wrong "
                                              "clue", "kind"))
    return problems


def scenarios(game) -> list[Diagnostic]:
    if not game.complete:  # counts wait until every card passes its own check
        return []
    problems = []
    copies = Counter()
    for record in game.cards():
        if record.card.kind in ("enemy", "elite"):
            copies[record.card.id] += record.card.count
    records = sorted(_records(game, "scenario"), key=lambda r: r.card.order or 0)
    columns = game.settings.columns
    for record in records:
        card = record.card
        if len(card.placement) != columns:
            problems.append(record.diagnostic("placement", f"scenario '{card.name}' places {len(card.placement)} "
                                              f"columns; the board has {columns} (write [] for an empty one)", "placement"))
        used = Counter(e for column in card.placement for e in column)
        # the most of each enemy any team size puts on the table: the scenario's own plus what that size adds
        needed = Counter(used)
        for scaling in game.settings.team.values():
            needed |= used + Counter(scaling.add)
        for i, column in enumerate(card.placement):
            for j, enemy in enumerate(column):
                if enemy not in copies:
                    problems.append(record.source.diagnostic(record.keypath + ("placement", i, j), "unknown-enemy",
                                    f"scenario '{card.name}' places '{enemy}', which is no enemy"
                                    f"{did_you_mean(enemy, copies)}"))
        for enemy, n in needed.items():
            if enemy in copies and n > copies[enemy]:
                problems.append(record.diagnostic("placement", f"scenario '{card.name}' places {n} {enemy} (with the "
                                                  f"enemies a team size adds), but the game has {copies[enemy]} such "
                                                  "card(s)", "placement"))
        if not used:
            problems.append(record.diagnostic("placement", f"scenario '{card.name}' places no enemy", "placement"))
        if card.goal == "survive" and not card.ticks:
            problems.append(record.diagnostic("goal", f"scenario '{card.name}' is won by surviving: say for how many "
                                              "TICKs (ticks:)", "goal"))
        if card.goal == "defeat" and card.boss not in used:
            problems.append(record.diagnostic("goal", f"scenario '{card.name}' is won by destroying '{card.boss}', "
                                              "which it does not place", "boss"))
        if card.goal is None:
            problems.append(record.diagnostic("goal", f"scenario '{card.name}' needs a goal: defeat-all, survive or "
                                              "defeat", "id"))
    orders = [r.card.order for r in records]
    if orders != list(range(1, len(orders) + 1)):
        problems.append(records[0].diagnostic("order", f"scenario orders are {orders}; number them 1, 2, 3... in "
                                              "campaign order", "order") if records else
                        game.manifest_source.diagnostic(("decks",), "order", "the game has no scenario"))
    return problems


def icons_for_words(game) -> list[Diagnostic]:
    """Every action, modifier, direction and status has its icon: the cards print them as icons, so one missing would
    leave a `{word}` with nothing to draw."""
    needed = [w.lower() for w in (*ACTIONS, *MODIFIERS, *DIRECTIONS, *STATUSES)]
    return [game.manifest_source.diagnostic(("icons",), "icon", f"the {name.upper()} icon is missing: declare "
                                            f"`{name}` under icons: (cards print it)")
            for name in needed if name not in game.manifest.icons]


def team_sizes(game) -> list[Diagnostic]:
    """Each team size the settings change is one the game is played with, and the enemies it adds exist."""
    enemies = {r.card.id for r in game.cards() if r.card.kind in ("enemy", "elite")}
    players = game.manifest.players
    problems = [game.manifest_source.diagnostic(("settings", "team", size), "team", f"a team of {size} is never "
                f"played: game.yaml's players are {players.min} to {players.max}", on_key=True)
                for size in game.settings.team if not players.min <= size <= players.max]
    return problems + [game.manifest_source.diagnostic(("settings", "team", size, "add", i), "unknown-enemy", f"a team "
                       f"of {size} adds '{enemy}', which is no enemy{did_you_mean(enemy, enemies)}")
                       for size, scaling in game.settings.team.items() for i, enemy in enumerate(scaling.add)
                       if enemy not in enemies]


def team_note(game) -> list[Diagnostic]:
    """The rule a scenario card's note names (boxes.TEAM_NOTE: "... (rule 3.4).") is the rule that changes the
    set-up for the team's size, as the rulebook numbers it: a rule moved elsewhere would leave every card pointing
    at the wrong one."""
    if game.rules is None:
        return []
    number = next((n.number for n in build_reference(game).walk() if n.id == TEAM_NOTE_RULE), None)
    printed = re.search(r"\(rule ([\d.]+)\)", TEAM_NOTE)
    if number is not None and printed and printed.group(1) == number:
        return []
    return [game.rules_source.diagnostic(("sections",), "team-note", f"every scenario card's note reads '{TEAM_NOTE}', "
                                         f"but rule '{TEAM_NOTE_RULE}' is numbered {number or 'nowhere'}: keep the "
                                         "rule where the cards point, or change the note (pnp/games/escort_service/"
                                         "boxes.py)")]


def board(game) -> list[Diagnostic]:
    if not game.complete:  # counts wait until every card passes its own check
        return []
    shuttles = _records(game, "shuttle")
    numbers = sorted(r.card.number for r in _records(game, "column") if r.card.number)
    problems = []
    if len(shuttles) != 1 or shuttles[0].card.health is None:
        problems.append(game.manifest_source.diagnostic(("decks",), "board", "the board has one shuttle card with "
                                                        "its health"))
    if numbers != list(range(1, game.settings.columns + 1)):
        problems.append(game.manifest_source.diagnostic(("decks",), "board", f"the column cards are numbered "
                        f"{numbers}; the board has one for each of 1 to {game.settings.columns}"))
    return problems
