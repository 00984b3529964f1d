"""Stranded's content checks, each tied to the seed rule (or our decision) it keeps."""
from __future__ import annotations

import re
from collections import Counter

from pnp.core.diagnostics import Diagnostic
from pnp.games.stranded.cards import SOLS
from pnp.games.stranded.vocabulary import AGING_ABILITIES, CHAPTER_RULES, FIGHTING_ABILITIES
from pnp.model.walk import effect_lists

LEVELS = ("green", "yellow", "red")
STARTING_CARDS = 18
DANGERS = 30
AGING_PER_LEVEL = {"green": 8, "yellow": 10, "red": 11}  # aging cards in play at each level (ours)
APP_WORDS = re.compile(r"\b(click|clicking|press|pressing|button|tap|deal button|win round|add card|select)\b", re.I)


def word(effect) -> str:
    return effect if isinstance(effect, str) else next(iter(effect))


def check(game) -> list[Diagnostic]:
    problems = []
    for rule in (counts, card_parts, words_in_place, life, steps, every_word_used, paper_wording):
        problems += rule(game)
    return problems


def _deck_index(game, deck_id):
    return next((i for i, d in enumerate(game.manifest.decks) if d.id == deck_id), 0)


def _in_level(record, level: str) -> bool:
    return LEVELS.index(record.card.difficulty.value) <= LEVELS.index(level)


def counts(game) -> list[Diagnostic]:
    """Our counts, written in the rulebook: 18 starting cards, 30 dangers, aging cards per level, and enough
    Final Chapters at every level for a game to deal its two."""
    if not game.complete:  # counts wait until every card passes its own check
        return []
    problems, where = [], game.manifest_source.diagnostic
    records = list(game.cards())
    size = Counter()
    for record in records:
        size[record.card.kind] += record.card.count
    for kind, wanted, deck in (("starting", STARTING_CARDS, "starting"), ("endangerment", DANGERS, "dangers")):
        if size[kind] != wanted:
            problems.append(where(("decks", _deck_index(game, deck)), "count", f"Stranded has {wanted} {kind} cards, "
                                  f"not {size[kind]}"))
    per_game = getattr(game.settings, "chapters_per_game", 2)
    for level in LEVELS:
        aging = sum(r.card.count for r in records if r.card.kind == "aging" and _in_level(r, level))
        if aging != AGING_PER_LEVEL[level]:
            problems.append(where(("decks", _deck_index(game, "aging")), "count", f"the {level} level plays "
                                  f"{AGING_PER_LEVEL[level]} aging cards, not {aging}"))
        chapters = sum(r.card.count for r in records if r.card.kind == "final_chapter" and _in_level(r, level))
        if chapters < per_game:
            problems.append(where(("decks", _deck_index(game, "chapters")), "count", f"the {level} level has "
                                  f"{chapters} Final Chapters; a game deals {per_game}"))
    return problems


def card_parts(game) -> list[Diagnostic]:
    """Each kind has what the rules read: a fighting card its value, a danger its free cards, three values and
    its knowledge side, a Final Chapter its free cards and value, a Sol card its colour."""
    need = {"starting": ("value",), "aging": ("value",), "endangerment": ("free", "green", "yellow", "red", "knowledge"),
            "final_chapter": ("free", "hazard"), "step": ("sol",)}
    problems = []
    for record in game.cards():
        for field in need.get(record.card.kind, ()):
            if getattr(record.card, field) is None:
                problems.append(record.diagnostic("card-part", f"a {record.card.kind.replace('_', ' ')} card needs "
                                                  f"'{field}'", "kind"))
        card = record.card
        if card.kind == "endangerment" and None not in (card.green, card.yellow, card.red) and not (
                card.green <= card.yellow <= card.red):
            problems.append(record.diagnostic("values", f"a danger's values never fall: green <= yellow <= red, not "
                                              f"{card.green}/{card.yellow}/{card.red}", "yellow"))
        if record.card.kind in ("starting", "aging") and record.card.ability and not record.card.text:
            problems.append(record.diagnostic("text", "a card with an ability says what it does (text:)", "ability"))
    return problems


PLACES = {"starting": FIGHTING_ABILITIES, "knowledge": FIGHTING_ABILITIES, "aging": AGING_ABILITIES,
          "rules": CHAPTER_RULES}


def words_in_place(game) -> list[Diagnostic]:
    problems = []
    for record in game.cards():
        for where, effects in effect_lists(record.card, record.keypath):
            place = "knowledge" if "knowledge" in where else "rules" if where[-1] == "rules" else record.card.kind
            allowed = PLACES.get(place, ())
            for i, entry in enumerate(effects):
                if word(entry) not in allowed:
                    problems.append(record.source.diagnostic(where + (i,), "word-place", f"{word(entry)} cannot be "
                                    f"on a {place.replace('_', ' ')} card; use one of {', '.join(allowed) or 'none'}"))
    return problems


def life(game) -> list[Diagnostic]:
    """The life cap (22) and each level's starting life under it."""
    settings = game.settings
    if settings is None:
        return []
    problems = []
    for level, amount in settings.starting_life.items():
        if amount > settings.life_cap:
            problems.append(game.manifest_source.diagnostic(("settings", "starting_life", level), "life",
                            f"{level} starts with {amount} life, above the cap of {settings.life_cap}"))
    for level in LEVELS:
        if level not in settings.starting_life:
            problems.append(game.manifest_source.diagnostic(("settings", "starting_life"), "life",
                            f"starting_life needs a value for the {level} level"))
    return problems


def steps(game) -> list[Diagnostic]:
    if not game.complete:  # counts wait until every card passes its own check
        return []
    found = Counter(r.card.sol for r in game.cards() if r.card.kind == "step")
    if all(found[sol] == 1 for sol in SOLS) and sum(found.values()) == 3:
        return []
    return [game.manifest_source.diagnostic(("decks", _deck_index(game, "steps")), "steps",
                                            "the Sol cards are one each of green, yellow and red")]


def every_word_used(game) -> list[Diagnostic]:
    used = {word(e) for r in game.cards() for side, kp in r.sides() for _, effects in effect_lists(side, kp)
            for e in effects}
    return [game.manifest_source.diagnostic((), "unused-effect", f"effect word '{name}' is used by no card",
                                            severity="warning") for name in sorted(set(game.vocabulary.words) - used)]


def paper_wording(game) -> list[Diagnostic]:
    """A paper game: no app wording (click, press, Deal, Win Round, Add Card) in its rules or cards."""
    problems = []
    if game.rules is not None:
        for keypath, text in _rule_texts(game.rules.sections, ("sections",)):
            match = APP_WORDS.search(text)
            if match:
                problems.append(game.rules_source.diagnostic(keypath, "app-wording", f"'{match.group(0)}' is app "
                                "wording; say what the player does at the table"))
    for record in game.cards():
        for text, keypath in ((record.card.text, ("text",)), ):
            match = APP_WORDS.search(text or "")
            if match:
                problems.append(record.diagnostic("app-wording", f"'{match.group(0)}' is app wording", *keypath))
    return problems


def _rule_texts(sections, keypath):
    for i, section in enumerate(sections):
        where = keypath + (i,)
        yield where + ("intro",), section.intro
        for j, rule in enumerate(section.rules):
            yield where + ("rules", j, "text"), rule.text
            yield where + ("rules", j, "example"), rule.example
        yield from _rule_texts(section.sections, where + ("sections",))
