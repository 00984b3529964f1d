"""Generic content checks, shared by every game: ids, references, vocabulary, counts.

Each check takes the loaded game and returns diagnostics; none stops early,
so a designer sees every problem in one run.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace
from functools import lru_cache
from pathlib import PurePosixPath

from pnp.checks.player_words import glossary_headwords, tool_names
from pnp.content.game import Game
from pnp.core.diagnostics import Diagnostic, did_you_mean, nearest
from pnp.core.limits import MAX_DECK, MAX_REPORTS_PER_TEXT
from pnp.engine.vocabulary import EffectError
from pnp.layout import CardLayout, CardSize
from pnp.model.fields import DERIVED_VALUES, shadowed
from pnp.model.rules import Summary
from pnp.model.walk import effect_lists, rule_nodes, strings
from pnp.reading.image_files import find_image, image_warnings, is_image
from pnp.render.rulebook_figures import BOOK_FIGURES
from pnp.rules.tree import LINK
from pnp.text import markup
from pnp.text.fonts import glyph_message, missing_glyphs, run_fonts
from pnp.text.inline import unknown_icons

SUITED_NAME = ("suited", "name")  # a suited deck's card name pattern: its braces are slots, never icons
OWN_FILES = {"calibration": "the calibration page (calibration.pdf)"}  # what pnp writes beside the decks' PDFs
# a sheet's layout is layouts/<game>/<sheet id>.yaml, beside these other layouts of the game
OTHER_LAYOUTS = {"cards": "the card layout (cards.yaml)", "rulebook": "the rulebook's fonts (rulebook.yaml)"}


def unique_card_ids(game: Game) -> list[Diagnostic]:
    seen, problems = {}, []
    for record in game.cards():
        if record.card.id in seen:
            first = seen[record.card.id]
            problems.append(record.diagnostic("duplicate-id",
                f"card id '{record.card.id}' is already used at {first.source.place(first.keypath)}; ids must be unique in a game", "id"))
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
                problems.append(deck.source.diagnostic(("suits", i, "art"), "unknown-art",
                                                       _no_emblem(suit.art, emblems, images=False)))
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


def _no_emblem(name: str, emblems, images: bool = True) -> str:
    """Why an art value draws nothing: no emblem has its name, and (where an image may stand, `images`) it names no PNG,
    JPEG or SVG file either. A name that is a file's (art/crypt.gif) is told what pnp draws, not emblems it is not."""
    if images and _names_a_file(name):
        return (f"'{name}' is not a PNG, JPEG or SVG file; pnp draws those: export it as PNG and name that "
                f"({_as_png(name)})")
    hint = did_you_mean(name, emblems)
    if hint:
        return f"no emblem named '{name}'{hint}"
    listed = f"; the emblems are {', '.join(sorted(emblems))}" if len(emblems) <= 12 else ""
    if not images:  # a suit's art: the emblem its cards show
        return f"no emblem named '{name}'{listed}; a suit's art names one of the game's emblems, not an image file"
    return f"no emblem named '{name}'{listed}; or use an image file (art: {_as_png(name)})"


def _names_a_file(name: str) -> bool:
    return "/" in name or bool(PurePosixPath(name).suffix)


def _as_png(name: str) -> str:
    """The PNG file to name instead of an art value, relative to the game's folder as the value itself is: a word is a
    picture to put in art/ (bookshelf: art/bookshelf.png); a file's name keeps its folder and changes its type
    (art/crypt.gif: art/crypt.png, crypt.gif: crypt.png), never gaining a second art/ or a second suffix."""
    path = PurePosixPath(name)
    if name.endswith("/") or path.name in ("", ".", ".."):  # a folder's name, not a file's: no name to keep
        return "art/picture.png"
    return str(path.with_suffix(".png")) if _names_a_file(name) else f"art/{name}.png"


def _image_file_problems(game: Game, source, art: str, keypath: tuple) -> list[Diagnostic]:
    """An image a content file (`source`) names: inside the game's folder, there, and a PNG, JPEG or SVG (warnings for
    what of an SVG is not drawn)."""
    path, wrong = find_image(game.root, art)
    if wrong:
        return [source.diagnostic(keypath, *wrong)]
    return [source.diagnostic(keypath, *warning, severity="warning") for warning in image_warnings(path, art)]


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
    for i, entry in enumerate(game.manifest.sheets):
        if entry.id in OTHER_LAYOUTS:  # its layout's file would be the other layout's
            problems.append(game.manifest_source.diagnostic(("sheets", i, "id"), "reserved-id", f"'{entry.id}' names "
                            f"{OTHER_LAYOUTS[entry.id]} in layouts/{game.id}/; give the sheet another id"))
    for i, entry in enumerate(game.manifest.decks):
        if entry.id in OWN_FILES:  # a deck's PDF is <deck>.pdf beside them: one would replace the other
            problems.append(game.manifest_source.diagnostic(("decks", i, "id"), "reserved-id", f"'{entry.id}' names "
                            f"{OWN_FILES[entry.id]} in every home-print folder; give the deck another id"))
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
        problems += _composition(game, entry, deck, where)
    return problems


def _composition(game: Game, entry, deck, where: tuple) -> list[Diagnostic]:
    """The deck's cards of each kind against its composition. A kind the composition does not list is reported
    once, at the first card of it, with the listed kind it is likely a misspelling of; the count of that kind is
    then not reported short as well when the misspelt cards make it up (one typo, one error). The layout's check
    of the kind (pnp.content.binding) stays silent for such a card."""
    kinds, first = Counter(), {}
    for record in deck.cards:
        kinds[record.card.kind] += record.card.count
        first.setdefault(record.card.kind, record)
    unlisted = sorted(set(kinds) - set(entry.composition)) if entry.composition else []
    meant = {kind: nearest(kind, entry.composition) for kind in unlisted}
    problems = []
    for kind, expected in entry.composition.items():
        counted = kinds.get(kind, 0) + sum(kinds[typo] for typo, listed in meant.items() if listed == kind)
        if counted != expected:
            problems.append(game.manifest_source.diagnostic(where + ("composition", kind), "composition",
                f"deck '{entry.id}' must have {expected} '{kind}' cards but has {kinds.get(kind, 0)}"))
    for kind in unlisted:
        hint = did_you_mean(kind, entry.composition) or f"; add it to the composition or use one of: {', '.join(entry.composition)}"
        problems.append(first[kind].diagnostic("composition", f"card kind '{kind}' is not one of deck '{entry.id}''s "
                        f"kinds (its composition in game.yaml){hint}", "kind"))
    return problems


def rules(game: Game) -> list[Diagnostic]:
    """Rule ids are unique; {card:}, {term:}, {rule:} and {effect:} links resolve; vocabulary rules_refs exist."""
    if game.rules is None:
        return []
    src = game.rules_source
    problems, ids = [], {}
    for keypath, node in rule_nodes(game.rules.sections, ("sections",)):
        if node.id in ids:
            problems.append(src.diagnostic(keypath + ("id",), "duplicate-id", f"rule id '{node.id}' is already used; rule and section ids must be unique"))
        ids[node.id] = keypath
    terms = {t.id for t in game.rules.terms}
    cards = {r.card.id for r in game.cards()} | game.unparsed_ids  # a broken card is reported as such, not as missing
    counts = {d for d in game.decks} | {f"{d}/{r.card.kind}" for d, deck in game.decks.items() for r in deck.cards}
    targets = {"card": cards, "term": terms, "rule": set(ids), "effect": set(game.vocabulary.words), "count": counts}
    texts = [(src, keypath, text) for keypath, text in _rule_texts(game.rules, src)]
    texts += [(game.manifest_source, keypath, text) for keypath, text in _glossary_texts(game)]
    for source, keypath, text in texts:
        problems += [source.diagnostic(keypath, "emphasis", message) for message in markup.problems(text)]
        broken = [(kind, target) for kind, target in dict.fromkeys(LINK.findall(text))
                  if target not in targets[kind] and not (kind == "card" and game.names_card(target))]
        for kind, target in broken[:MAX_REPORTS_PER_TEXT]:
            problems.append(source.diagnostic(keypath, "broken-link", f"{{{kind}:{target}}} points at nothing{did_you_mean(target, targets[kind])}"))
        problems += _more(source, keypath, "broken-link", len(broken), "links that point at nothing")
    problems += _figures(game) + _summary_links(game, set(ids))
    for word in game.vocabulary.words.values():
        if word.rules_ref and word.rules_ref not in ids:
            problems.append(src.diagnostic((), "broken-link",
                f"effect {word.name} explains itself with rule '{word.rules_ref}', which rules.yaml does not define"))
    return problems


def _summary_links(game: Game, ids: set[str]) -> list[Diagnostic]:
    """The rules the summary points at exist: each step's `rules:` (or the older list's ids), a section or a rule."""
    summary, src = game.rules.summary, game.rules_source
    if isinstance(summary, Summary):
        named = [(("summary", "steps", i, "rules", j), rule) for i, step in enumerate(summary.steps)
                 for j, rule in enumerate(step.rules)]
    else:
        named = [(("summary", j), rule) for j, rule in enumerate(summary)]
    return [src.diagnostic(keypath, "broken-link", f"the summary points at rule '{rule}', which rules.yaml does not "
                           f"define{did_you_mean(rule, ids)}; name a section or rule by its id")
            for keypath, rule in named if rule not in ids]


def _figures(game: Game) -> list[Diagnostic]:
    """A rule's figure names a figure kind the game's package draws, with parameters it accepts."""
    problems, kinds = [], game.plugin.figures
    for keypath, node in rule_nodes(game.rules.sections, ("sections",)):
        figure = getattr(node, "figure", None)
        if figure is None:
            continue
        kind = figure.get("kind")
        if kind in BOOK_FIGURES and kind not in kinds:  # drawn for any game, checked with the sheets it may lie on
            continue
        if kind not in kinds:
            known = f"; this game draws {', '.join(sorted(kinds))}" if kinds else "; this game draws no figures"
            problems.append(game.rules_source.diagnostic(keypath + ("figure",), "figure",
                            f"figure kind {kind!r} is unknown{did_you_mean(str(kind), kinds)}{known}"))
            continue
        messages = kinds[kind].check(figure, game)
        for message in messages:
            problems.append(game.rules_source.diagnostic(keypath + ("figure",), "figure", message))
        # a card that does not load is reported on its own; a figure drawn from the cards waits until it does
        if not messages and not game.unparsed_ids and (failure := _figure_failure(kinds[kind], figure, game)):
            problems.append(game.rules_source.diagnostic(keypath + ("figure",), "figure", failure))
    return problems


def _figure_failure(kind, figure: dict, game: Game) -> str | None:
    """Why a figure cannot be drawn from this game's content, or None. A figure is drawn from the content behind
    it (a game's engine playing its cards): when that content breaks it, the problem is shown here, at the
    figure, never later as an error in an export template or an internal error in the build."""
    try:
        kind.size(figure, game)
        kind.describe(figure, game)
    except Exception as exc:  # noqa: BLE001 - a game package's figure code running on content: any failure is the content's
        return (f"this figure cannot be drawn from the game's content ({type(exc).__name__}: {str(exc)[:160]}); "
                "check the cards and rules it shows")
    return None


# The rulebook font each string of game.yaml and rules.yaml prints in, by its key: the cover's and the sections'
# titles in the heading font, glossary terms in bold, examples and the tagline in italic; any other string in the
# regular font, its emphasis in bold and italic.
RULEBOOK_SLOTS = {"title": "heading", "term": "bold", "example": "italic", "tagline": "italic"}


def rulebook_glyphs(game: Game, fonts: dict[str, str], printed_in: dict[str, str]) -> list[Diagnostic]:
    """Every string of game.yaml and rules.yaml can be drawn in the rulebook's font that prints it (`fonts`,
    pnp.layout.rulebook). The card and sheet files' strings the rulebook also prints (its card reference, its
    sheet pages) are checked against their layouts' regular fonts (layout_glyphs); `printed_in` (file -> that
    font, for each file whose layout loaded) says which: a file set in another font is checked against the
    rulebook's regular font too."""
    problems = []
    for source in filter(None, [game.manifest_source, game.rules_source]):
        for keypath, text in strings(source.data):
            slot = RULEBOOK_SLOTS.get(next((k for k in reversed(keypath) if isinstance(k, str)), ""), "regular")
            problems += _run_glyphs_at(source, keypath, text, slot, fonts)
    others = [s for s in (*(d.source for d in game.decks.values()), *(s.source for s in game.sheets.values()))
              if printed_in.get(s.path, fonts["regular"]) != fonts["regular"]]
    return problems + _glyphs_in(others, fonts["regular"])


def _run_glyphs_at(source, keypath: tuple, text: str, slot: str, fonts: dict[str, str]) -> list[Diagnostic]:
    """A diagnostic per font the text's runs are set in (its own, its emphasis's) that lacks some of their characters."""
    missing: dict[str, list[str]] = {}
    for font, piece in run_fonts(text, slot, fonts):
        missing.setdefault(font, []).extend(missing_glyphs(piece, font))
    return [source.diagnostic(keypath, "missing-glyph", glyph_message(list(dict.fromkeys(chars)), font))
            for font, chars in missing.items() if chars]


def layout_glyphs(sources, fonts: dict[str, str]) -> list[Diagnostic]:
    """Every string of these content files (a game's decks, or one sheet) can be drawn in the regular font of
    the layout that prints them; text boxes check their other fonts themselves (pnp.content.binding)."""
    return _glyphs_in(sources, fonts["regular"])


def _glyphs_in(sources, font: str) -> list[Diagnostic]:
    problems = []
    for source in filter(None, sources):
        for keypath, text in strings(source.data):
            if missing := missing_glyphs(text, font):
                problems.append(source.diagnostic(keypath, "missing-glyph", glyph_message(missing, font)))
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
        for keypath, text in strings(source.data):
            if keypath == SUITED_NAME:
                continue  # its {rank} and {suit} are filled in (pnp.model.deck.SuitedSpec checks them)
            unknown = unknown_icons(text, known)
            for name in unknown[:MAX_REPORTS_PER_TEXT]:
                hint = did_you_mean(name, known) or "; declare it under `icons:` in game.yaml or fix the name"
                problems.append(source.diagnostic(keypath, "unknown-icon", f"{{{name}}} is not an icon of this game{hint}"))
            problems += _more(source, keypath, "unknown-icon", len(unknown), "names in braces that are no icon of this game")
    return problems


def _more(source, keypath, code: str, found: int, what: str) -> list[Diagnostic]:
    """One line for what a text holds beyond the MAX_REPORTS_PER_TEXT problems reported one by one."""
    if found <= MAX_REPORTS_PER_TEXT:
        return []
    return [source.diagnostic(keypath, code, f"and {found - MAX_REPORTS_PER_TEXT} more {what} in this text "
                              f"(the first {MAX_REPORTS_PER_TEXT} are listed)")]


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
    for name in _names_in(text, named):
        card = named[name]
        if not level.includes(card.difficulty):
            found[card.id] = card
    return list(found.values())


def _names_in(text: str, named: dict) -> list[str]:
    """The names of `named` that stand as whole words in `text`, in the order first met. One walk of a tree of
    the names' letters from each word's start (at most 200 steps: a name's longest), never one search per name:
    thousands of cards and rules stay linear."""
    tree = _letter_tree(tuple(named))
    found = {}
    for start in (m.start() for m in re.finditer(r"(?<![\w-])\S", text)):
        node, at = tree, start
        while at < len(text) and text[at] in node:
            node, at = node[text[at]], at + 1
            if "" in node and not re.match(r"[\w-]", text[at:at + 1]):
                found.setdefault(node[""], None)
    return list(found)


@lru_cache(maxsize=8)
def _letter_tree(names: tuple[str, ...]) -> dict:
    tree: dict = {}
    for name in names:
        node = tree
        for letter in name:
            node = node.setdefault(letter, {})
        node[""] = name  # a name ends here ("" is never a letter)
    return tree


def _glossary_texts(game: Game):
    """game.yaml's texts the glossary prints as rules text: icons' meanings and effect words' glossary lines."""
    for name, icon in game.manifest.icons.items():
        if icon.meaning:
            yield ("icons", name, "meaning"), icon.meaning
    for name, word in game.manifest.vocabulary.items():
        yield ("vocabulary", name, "glossary"), word.glossary


def _rule_texts(rules_file, src):
    yield ("intro",), rules_file.intro
    for keypath, node in rule_nodes(rules_file.sections, ("sections",)):
        for attr in ("text", "intro", "example"):
            if getattr(node, attr, ""):
                yield keypath + (attr,), getattr(node, attr)
    for i, term in enumerate(rules_file.terms):
        yield ("terms", i, "text"), term.text
    if isinstance(rules_file.summary, Summary):  # a step may link a card or a term, and emphasise, like a rule
        for i, step in enumerate(rules_file.summary.steps):
            yield ("summary", "steps", i, "text"), step.text


def showcase(game: Game) -> list[Diagnostic]:
    """The cards and sheets the rulebook's title page pictures exist."""
    known = {r.card.id for r in game.cards()} | {entry.id for entry in game.manifest.sheets} | game.unparsed_ids
    return [game.manifest_source.diagnostic(("rulebook", "showcase", i), "broken-link", f"'{name}' is neither a card "
                                            f"nor a sheet of this game{did_you_mean(name, known)}")
            for i, name in enumerate(game.manifest.rulebook.showcase) if name not in known and not game.names_card(name)]


def layout_references(game: Game, layout: CardLayout) -> list[Diagnostic]:
    """The layout's card size is game.yaml's; emblems its templates name exist; backs name real decks, kinds and cards."""
    problems = []
    if layout.size.name != game.manifest.card_size:
        problems.append(game.manifest_source.diagnostic(("card_size",), "card-size",
                        f"game.yaml says '{game.manifest.card_size}' cards but layouts/{game.id}/cards.yaml lays out "
                        f"'{layout.size.name}'; make them agree"))
    for name, template in layout.templates.items():
        for key, value in template.values.items():
            if key.endswith("_art") and value not in game.emblems and not is_image(value):  # images: pnp.content.binding
                problems.append(layout.source.diagnostic(("templates", name, "values", key), "unknown-art",
                                                         _no_emblem(value, game.emblems)))
    # a kind is the game's when a card has it or the layout gives it a face: a card whose kind is misspelt (reported
    # at the card, pnp.content.binding) leaves its right kind without cards, and the layout naming that kind is not wrong
    kinds = {c.kind for r in game.cards() for c, _ in r.sides()} | set(layout.faces)
    kinds |= {str(raw.get("kind")) for d in game.decks.values() for raw in d.model.cards if isinstance(raw, dict)}
    known = {"decks": {entry.id for entry in game.manifest.decks}, "kinds": kinds,
             "cards": {r.card.id for r in game.cards()} | game.unparsed_ids}
    for group, names in known.items():
        for key in getattr(layout.backs, group):
            if key not in names and not (group != "decks" and game.unreadable_decks):  # its cards may be unread
                what = group[:-1]
                problems.append(layout.source.diagnostic(("backs", group, key), f"unknown-{what}", f"no {what} "
                                f"'{key}' in this game{did_you_mean(key, names)}", on_key=True))
    return problems + _palette_clashes(game, layout)


def _palette_clashes(game: Game, layout: CardLayout) -> list[Diagnostic]:
    """A palette `track` gives every card the value `track_color`: it must not hide a field or a value pnp gives."""
    problems = []
    for name in layout.palettes:
        value = f"{name}_color"
        if value in game.card_model.model_fields or value in DERIVED_VALUES:
            problems.append(layout.source.diagnostic(("palettes", name), "palette-clash", f"palette '{name}' gives "
                            f"cards the value '{value}', which {shadowed(value, game.card_model)}; name the palette "
                            "after another field", on_key=True))
    return problems


def deck_sizes(game: Game, layout: CardLayout) -> dict[str, CardSize]:
    """Each deck's card size: its own `card_size` in game.yaml, else the game's (an unknown name is left out)."""
    return {entry.id: layout.sizes[name] for entry in game.manifest.decks
            if (name := entry.card_size or game.manifest.card_size) in layout.sizes}


def card_sizes(game: Game, layout: CardLayout) -> list[Diagnostic]:
    """Every deck's size is a known one, and every card of a deck prints on templates of the deck's size:
    its faces (by kind) and its back (by card, kind or deck); reported where the layout picks the template."""
    problems = [game.manifest_source.diagnostic(("decks", i, "card_size"), "unknown-size", f"card size "
                f"'{entry.card_size}' is not in layouts/common/cards.yaml{did_you_mean(entry.card_size, layout.sizes)}")
                for i, entry in enumerate(game.manifest.decks) if entry.card_size and entry.card_size not in layout.sizes]
    sizes, seen = deck_sizes(game, layout), set()
    for record in game.cards():
        size = sizes.get(record.deck)
        if size is None:
            continue
        picked = [(layout.faces.get(card.kind), ("faces", card.kind), f"kind '{card.kind}'") for card, _ in record.sides()]
        if record.back is None:
            picked += [_back_pick(layout, record)]
        for template, where, what in picked:
            drawn_for = template.size if template and template.size else layout.size
            if template is None or drawn_for.name == size.name or (where, record.deck) in seen:
                continue
            seen.add((where, record.deck))
            problems.append(layout.source.diagnostic(where, "template-size", f"deck '{record.deck}' has {size.name} "
                            f"cards but template '{template.name}' (for {what}) is drawn for {drawn_for.name} cards; "
                            f"name a template drawn for {size.name} cards (`size: {size.name}` on it)"))
    return problems


def _back_pick(layout: CardLayout, record) -> tuple:
    """The back template a one-sided card gets, where the layout names it, and what it is chosen by."""
    for group, key in (("cards", record.card.id), ("kinds", record.card.kind), ("decks", record.deck)):
        template = getattr(layout.backs, group).get(key)
        if template is not None:
            return template, ("backs", group, key), f"the backs of {group[:-1]} '{key}'"
    return None, (), ""


GENERIC_CHECKS = (unique_card_ids, references, vocabulary, counts, rules, rule_colours, rules_fit_their_level, icons,
                  showcase, glossary_headwords, tool_names)


def check_game(game: Game, as_written: Game | None = None) -> list[Diagnostic]:
    """Every generic check, then the game's own. For an edition (pnp.content.translations), the game's own checks
    read the game `as_written`: a game package checks its texts' words in the language it knows (that a power's
    text says "never a Doom Master"), which a translation cannot say in those words."""
    problems = [problem for check in GENERIC_CHECKS for problem in check(game)]
    settled = game.settings is not None or game.plugin.settings_model is None  # unusable settings are reported
    problems += game.plugin.checks(as_written or game) if game.plugin.checks and settled else []
    return problems + supported_players(game)


def supported_players(game: Game) -> list[Diagnostic]:
    """game.yaml's player counts lie within those the game's package plays (an engine for one player cannot
    seat four)."""
    supported, players = game.plugin.players, game.manifest.players
    if supported is None or supported[0] <= players.min <= players.max <= supported[1]:
        return []
    low, high = supported
    counts = f"{low}" if low == high else f"{low} to {high}"
    return [game.manifest_source.diagnostic(("players",), "players", f"players: {players.min} to {players.max}, but "
                                            f"this game's package plays {counts} player(s); keep within that")]


def drafted(problems: list[Diagnostic]) -> list[Diagnostic]:
    """A draft prints before the art exists: an image that is not there yet is a warning, and the renderers draw a
    labelled placeholder in its box. Every other problem, a broken or outside image included, stays as it is."""
    return [replace(p, severity="warning", message=f"{p.message} (--draft: printed as a placeholder)")
            if p.code == "missing-image" and p.severity == "error" else p for p in problems]
