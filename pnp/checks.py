"""Generic content checks, shared by every game: ids, references, vocabulary, counts.

Each check takes the loaded game and returns diagnostics; none stops early,
so a designer sees every problem in one run.
"""
from __future__ import annotations

import re
from collections import Counter

from pnp.content import Game
from pnp.diagnostics import Diagnostic, did_you_mean
from pnp.engine.vocabulary import EffectError
from pnp.image_files import find_image, is_image
from pnp.layout import CardLayout
from pnp.model.walk import effect_lists
from pnp.rules.tree import LINK
from pnp.text.fonts import DEFAULT_FONT, glyph_message, missing_glyphs
from pnp.text.inline import unknown_icons

MAX_DECK = 1000  # physical cards per deck: real games print a few hundred; a bound keeps every build finite


def unique_card_ids(game: Game) -> list[Diagnostic]:
    seen, problems = {}, []
    for record in game.cards():
        if record.card.id in seen:
            first = seen[record.card.id]
            problems.append(record.diagnostic("duplicate-id",
                f"card id '{record.card.id}' is already used at {first.source.path}:{first.source.at(first.keypath)[0]}; ids must be unique in a game", "id"))
        else:
            seen[record.card.id] = record
    return problems


def references(game: Game) -> list[Diagnostic]:
    """Suits and art named by cards (both sides) and suits exist."""
    problems = []
    emblems = game.emblems
    all_suits = {s.id for d in game.decks.values() for s in d.model.suits}
    for deck in game.decks.values():
        for i, suit in enumerate(deck.model.suits):
            if suit.art not in emblems:
                problems.append(deck.source.diagnostic(("suits", i, "art"), "unknown-art", _no_emblem(suit.art, emblems)))
        for record in deck.cards:
            if record.keypath[0] != "cards":
                continue  # generated from a suit, checked above
            for card, keypath in record.sides():
                if card.suit and card.suit not in all_suits:
                    problems.append(record.source.diagnostic(keypath + ("suit",), "unknown-suit", f"suit '{card.suit}' "
                                    f"is not defined in any deck{did_you_mean(card.suit, all_suits)}"))
                if is_image(card.art):
                    problems += _image_file_problems(game, record.source, card.art, keypath + ("art",))
                elif card.art and card.art not in emblems:
                    problems.append(record.source.diagnostic(keypath + ("art",), "unknown-art", _no_emblem(card.art, emblems)))
    return problems


def _no_emblem(name: str, emblems) -> str:
    if not emblems:
        return f"no emblem named '{name}': this game has no vector emblems; use an image file (art: art/{name}.png)"
    return f"no emblem named '{name}'{did_you_mean(name, emblems)}"


def _image_file_problems(game: Game, source, art: str, keypath: tuple) -> list[Diagnostic]:
    """An image a content file (`source`) names: inside the game's folder, there, and a PNG or JPEG."""
    _, wrong = find_image(game.root, art)
    return [source.diagnostic(keypath, *wrong)] if wrong else []


def vocabulary(game: Game) -> list[Diagnostic]:
    """Every effect word on every side of every card is known, with a valid parameter; every known word is used."""
    vocab = game.vocabulary
    problems, used = [], set()
    for record in game.cards():
        for card, keypath in record.sides():
            for where, effects in effect_lists(card, keypath):
                for i, entry in enumerate(effects):
                    try:
                        used.add(vocab.parse(entry).word)
                    except EffectError as exc:
                        code = "unknown-effect" if "unknown" in str(exc) else "effect"
                        problems.append(record.source.diagnostic(where + (i,), code, str(exc)))
    if game.manifest.sheets:
        return problems  # sheet games check their words against the sheet (the game's own checks)
    for name in sorted(set(vocab.words) - used - vocab.unused_ok):
        problems.append(game.manifest_source.diagnostic((), "unused-effect",
            f"effect word '{name}' is used by no card; use it or list it as unused on purpose", severity="warning"))
    return problems


def counts(game: Game) -> list[Diagnostic]:
    """Deck ids are unique; deck sizes and per-kind compositions match the manifest (the seed's component list)."""
    problems = []
    for group in ("decks", "sheets"):
        seen = set()
        for i, entry in enumerate(getattr(game.manifest, group)):
            if entry.id in seen or (group == "sheets" and entry.id in {d.id for d in game.manifest.decks}):
                problems.append(game.manifest_source.diagnostic((group, i, "id"), "duplicate-id", f"'{entry.id}' "
                                "already names a deck or sheet of this game; give each its own id"))
            seen.add(entry.id)
    for i, entry in enumerate(game.manifest.decks):
        deck = game.decks.get(entry.id)
        if deck is None or deck.unparsed:  # a card with errors of its own: counting comes after fixing it
            continue
        where = ("decks", i)
        if deck.size > MAX_DECK:
            problems.append(game.manifest_source.diagnostic(where, "count", f"deck '{entry.id}' has {deck.size} cards; "
                            f"pnp prints decks of up to {MAX_DECK} cards (copies included): split it"))
        if deck.model.deck != entry.id:
            problems.append(deck.source.diagnostic(("deck",), "deck-id", f"this file says deck '{deck.model.deck}' but game.yaml lists it as '{entry.id}'"))
        if entry.count is not None and deck.size != entry.count:
            problems.append(game.manifest_source.diagnostic(where + ("count",), "count",
                f"deck '{entry.id}' must have {entry.count} cards but {deck.model.deck} has {deck.size}; fix the copies (count:) in {deck.source.path}"))
        if entry.min_count is not None and deck.size < entry.min_count:
            problems.append(game.manifest_source.diagnostic(where + ("min_count",), "count",
                f"deck '{entry.id}' needs at least {entry.min_count} cards but has {deck.size}"))
        kinds = Counter()
        for record in deck.cards:
            kinds[record.card.kind] += record.card.count
        for kind, expected in entry.composition.items():
            if kinds.get(kind, 0) != expected:
                problems.append(game.manifest_source.diagnostic(where + ("composition", kind), "composition",
                    f"deck '{entry.id}' must have {expected} '{kind}' cards but has {kinds.get(kind, 0)}"))
        for kind in sorted(set(kinds) - set(entry.composition)) if entry.composition else ():
            problems.append(game.manifest_source.diagnostic(where + ("composition",), "composition",
                f"deck '{entry.id}' has {kinds[kind]} '{kind}' cards, a kind its composition does not list"))
    return problems


def rules(game: Game) -> list[Diagnostic]:
    """Rule ids are unique; {card:}, {term:}, {rule:} and {effect:} links resolve; vocabulary rules_refs exist."""
    if game.rules is None:
        return []
    src = game.rules_source
    problems, ids = [], {}
    for keypath, node in _rule_nodes(game.rules.sections, ("sections",)):
        if node.id in ids:
            problems.append(src.diagnostic(keypath + ("id",), "duplicate-id", f"rule id '{node.id}' is already used; rule and section ids must be unique"))
        ids[node.id] = keypath
    terms = {t.id for t in game.rules.terms}
    cards = {r.card.id for r in game.cards()} | game.unparsed_ids  # a broken card is reported as such, not as missing
    counts = {d for d in game.decks} | {f"{d}/{r.card.kind}" for d, deck in game.decks.items() for r in deck.cards}
    targets = {"card": cards, "term": terms, "rule": set(ids), "effect": set(game.vocabulary.words), "count": counts}
    for keypath, text in _rule_texts(game.rules, src):
        for kind, target in LINK.findall(text):
            if target not in targets[kind]:
                problems.append(src.diagnostic(keypath, "broken-link", f"{{{kind}:{target}}} points at nothing{did_you_mean(target, targets[kind])}"))
    problems += _figures(game)
    for word in game.vocabulary.words.values():
        if word.rules_ref and word.rules_ref not in ids:
            problems.append(src.diagnostic((), "broken-link",
                f"effect {word.name} explains itself with rule '{word.rules_ref}', which rules.yaml does not define"))
    return problems


def _figures(game: Game) -> list[Diagnostic]:
    """A rule's figure names a figure kind the game's package draws, with parameters it accepts."""
    problems, kinds = [], game.plugin.figures
    for keypath, node in _rule_nodes(game.rules.sections, ("sections",)):
        figure = getattr(node, "figure", None)
        if figure is None:
            continue
        kind = figure.get("kind")
        if kind not in kinds:
            known = f"; this game draws {', '.join(sorted(kinds))}" if kinds else "; this game draws no figures"
            problems.append(game.rules_source.diagnostic(keypath + ("figure",), "figure",
                            f"figure kind {kind!r} is unknown{did_you_mean(str(kind), kinds)}{known}"))
            continue
        for message in kinds[kind].check(figure, game):
            problems.append(game.rules_source.diagnostic(keypath + ("figure",), "figure", message))
    return problems


def glyphs(game: Game) -> list[Diagnostic]:
    """Every string of every content file can be drawn: the PDFs set all text in the bundled Vera family."""
    sources = [game.manifest_source, game.rules_source, *(d.source for d in game.decks.values()),
               *(s.source for s in game.sheets.values())]
    problems = []
    for source in filter(None, sources):
        for keypath, text in _strings(source.data, ()):
            if missing := missing_glyphs(text, DEFAULT_FONT):
                problems.append(source.diagnostic(keypath, "missing-glyph", glyph_message(missing, DEFAULT_FONT)))
    return problems


def icons(game: Game) -> list[Diagnostic]:
    """Each icon of game.yaml draws (its emblem exists, its image is a readable file in the game's folder), and every
    `{name}` written in card, rules or sheet text is one of them."""
    problems = []
    for name, icon in game.manifest.icons.items():
        where = ("icons", name)
        if icon.emblem is not None and icon.emblem not in game.emblems:
            problems.append(game.manifest_source.diagnostic(where + ("emblem",), "unknown-art",
                                                            _no_emblem(icon.emblem, game.emblems)))
        if icon.image is not None:
            problems += _image_file_problems(game, game.manifest_source, icon.image, where + ("image",))
    known = game.manifest.icons
    sources = [game.rules_source, *(d.source for d in game.decks.values()), *(s.source for s in game.sheets.values())]
    for source in filter(None, sources):
        for keypath, text in _strings(source.data, ()):
            for name in unknown_icons(text, known):
                hint = did_you_mean(name, known) or "; declare it under `icons:` in game.yaml or fix the name"
                problems.append(source.diagnostic(keypath, "unknown-icon", f"{{{name}}} is not an icon of this game{hint}"))
    return problems


def _strings(node, keypath):
    if isinstance(node, str):
        yield keypath, node
    elif isinstance(node, dict):
        for key, value in node.items():
            yield from _strings(value, keypath + (key,))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _strings(value, keypath + (i,))


def rule_colours(game: Game) -> list[Diagnostic]:
    """In a game with difficulty levels, every rule has a colour, its own or its section's."""
    if game.rules is None or not game.manifest.difficulty_levels:
        return []
    problems = []

    def walk(sections, keypath, inherited):
        for i, section in enumerate(sections):
            level = section.difficulty or inherited
            for j, rule in enumerate(section.rules):
                if (rule.difficulty or level) is None:
                    problems.append(game.rules_source.diagnostic(keypath + (i, "rules", j, "id"), "no-difficulty",
                                    f"rule '{rule.id}' has no difficulty colour; add difficulty: green, yellow or red"))
            walk(section.sections, keypath + (i, "sections"), level)

    walk(game.rules.sections, ("sections",), None)
    return problems


def rules_fit_their_level(game: Game) -> list[Diagnostic]:
    """A rule of one colour speaks only of cards of that colour or below: printed as a kit of that colour, it
    must not link to, or name, a card the kit leaves out. (Rules that describe the levels name them by colour.)"""
    if game.rules is None or not game.manifest.difficulty_levels:
        return []
    named = {r.card.name: r.card for r in game.cards() if r.keypath[0] == "cards"}  # suited cards are never named
    problems = []

    def walk(sections, keypath, inherited):
        for i, section in enumerate(sections):
            level = section.difficulty or inherited
            places = [(keypath + (i, "intro"), section.intro, level)]
            places += [(keypath + (i, "rules", j, "text"), rule.text, rule.difficulty or level) for j, rule in enumerate(section.rules)]
            for where, text, at in places:
                if at is None or not text:
                    continue
                for card in _higher_cards(game, named, text, at):
                    problems.append(game.rules_source.diagnostic(where, "rule-level", f"a {at.value} rule names "
                                    f"'{card.name}', a {card.difficulty.value} card: the {at.value} kit has no such card; "
                                    f"move the words to a {card.difficulty.value} rule"))
            walk(section.sections, keypath + (i, "sections"), level)

    walk(game.rules.sections, ("sections",), None)
    return problems


def _higher_cards(game: Game, named: dict, text: str, level) -> list:
    found = {}
    for kind, target in LINK.findall(text):
        record = game.card(target) if kind == "card" else None
        if record is not None and not level.includes(record.card.difficulty):
            found[record.card.id] = record.card
    for name, card in named.items():
        if not level.includes(card.difficulty) and re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text):
            found[card.id] = card
    return list(found.values())


def _rule_nodes(sections, keypath):
    for i, section in enumerate(sections):
        where = keypath + (i,)
        yield where, section
        for j, rule in enumerate(section.rules):
            yield where + ("rules", j), rule
        yield from _rule_nodes(section.sections, where + ("sections",))


def _rule_texts(rules_file, src):
    yield ("intro",), rules_file.intro
    for keypath, node in _rule_nodes(rules_file.sections, ("sections",)):
        for attr in ("text", "intro", "example"):
            if getattr(node, attr, ""):
                yield keypath + (attr,), getattr(node, attr)
    for i, term in enumerate(rules_file.terms):
        yield ("terms", i, "text"), term.text


def showcase(game: Game) -> list[Diagnostic]:
    """The cards and sheets the rulebook's title page pictures exist."""
    known = {r.card.id for r in game.cards()} | {entry.id for entry in game.manifest.sheets} | game.unparsed_ids
    return [game.manifest_source.diagnostic(("rulebook", "showcase", i), "broken-link", f"'{name}' is neither a card "
                                            f"nor a sheet of this game{did_you_mean(name, known)}")
            for i, name in enumerate(game.manifest.rulebook.showcase) if name not in known]


def layout_references(game: Game, layout: CardLayout) -> list[Diagnostic]:
    """The layout's card size is game.yaml's; emblems its templates name exist; backs name real decks, kinds and cards."""
    problems = []
    if layout.size.name != game.manifest.card_size:
        problems.append(game.manifest_source.diagnostic(("card_size",), "card-size",
                        f"game.yaml says '{game.manifest.card_size}' cards but layouts/{game.id}/cards.yaml lays out "
                        f"'{layout.size.name}'; make them agree"))
    for name, template in layout.templates.items():
        for key, value in template.values.items():
            if key.endswith("_art") and value not in game.emblems and not is_image(value):  # images: pnp.binding
                problems.append(layout.source.diagnostic(("templates", name, "values", key), "unknown-art",
                                                         _no_emblem(value, game.emblems)))
    kinds = {c.kind for r in game.cards() for c, _ in r.sides()}
    kinds |= {str(raw.get("kind")) for d in game.decks.values() for raw in d.model.cards if isinstance(raw, dict)}
    known = {"decks": {entry.id for entry in game.manifest.decks}, "kinds": kinds,
             "cards": {r.card.id for r in game.cards()} | game.unparsed_ids}
    for group, names in known.items():
        for key in getattr(layout.backs, group):
            if key not in names:
                what = group[:-1]
                problems.append(layout.source.diagnostic(("backs", group, key), f"unknown-{what}", f"no {what} "
                                f"'{key}' in this game{did_you_mean(key, names)}", on_key=True))
    return problems


GENERIC_CHECKS = (unique_card_ids, references, vocabulary, counts, rules, rule_colours, rules_fit_their_level, glyphs,
                  icons, showcase)


def check_game(game: Game) -> list[Diagnostic]:
    """Every generic check, then the game's own."""
    problems = [problem for check in GENERIC_CHECKS for problem in check(game)]
    return problems + (game.plugin.checks(game) if game.plugin.checks else [])
