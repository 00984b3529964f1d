"""Checks of the words a player reads: the glossary is headed by the words printed on cards and in the rules
(never an effect word's identifier, never two headwords equal but for case), and no printed text speaks of the
tool that made it (a pnp command or option)."""
from __future__ import annotations

import re

from pnp.content.game import Game
from pnp.core.diagnostics import Diagnostic, did_you_mean
from pnp.model.walk import strings
from pnp.rules.tree import build_reference

# an identifier, not a word: letters and digits joined by underscores (SHIELD_CHARGE, DEAL_FEWER, spring_trap):
# no word printed on a card is written so
IDENTIFIER = re.compile(r"^[A-Za-z0-9]+(?:_[A-Za-z0-9]+)+$")
# content's own emphasis and code marks, which print as nothing: `**pnp** build` prints "pnp build"
EMPHASIS = re.compile(r"[*`]+")

# What player-facing text may not name (docs/how-to/rulebook.md, "Player-facing text never names the tool"): pnp followed by one of its commands,
# "pnp's", and pnp's command-line options. "PnP" alone (print-and-play) is a word players use, so it is allowed.
COMMANDS = ("list", "validate", "build", "playtest", "rules", "export-deck", "card", "schema", "init", "new")
OPTIONS = ("all", "booklet", "booklets", "debug", "deck", "difficulty", "draft", "format", "game", "games", "images",
           "kind", "only", "out", "paper", "players", "replay", "root", "seed", "vendor", "version", "watch")
TOOL_WORDS = re.compile(rf"\bpnp(?:\s+(?:{'|'.join(COMMANDS)})\b|'s\b|\s+--)|(?<![\w-])--(?:{'|'.join(OPTIONS)})\b",
                        re.IGNORECASE)


def glossary_headwords(game: Game) -> list[Diagnostic]:
    """Each glossary headword is a word players read: no identifier (ALL_CAPS_WITH_UNDERSCORES or one of the game's
    effect words, unless the word's own card text prints it so: `printed_as_named`), no two equal but for case; the
    effect words a term names exist and are named by one term only."""
    if game.rules is None or game.rules_source is None:
        return []
    rules, vocab = game.rules_source, game.vocabulary
    problems, named = [], {}
    for i, term in enumerate(game.rules.terms):
        for j, word in enumerate(term.words):
            if word not in vocab:
                problems.append(rules.diagnostic(("terms", i, "words", j), "unknown-effect", f"'{word}' is no effect "
                                                 f"word of this game{did_you_mean(word, vocab.words)}"))
            elif word in named:
                problems.append(rules.diagnostic(("terms", i, "words", j), "duplicate-id", f"{word} is already "
                                                 f"explained by the term '{named[word]}'; one entry per word"))
            named.setdefault(word, term.id)
    headwords = [(term.term, rules, ("terms", i, "term")) for i, term in enumerate(game.rules.terms)]
    headwords += [(icon.word, game.manifest_source, ("icons", name, "word")) for name, icon in game.manifest.icons.items()]
    for entry in build_reference(game).glossary:  # worked out once: the rulebook and exports read it too
        if entry.source == "effect":  # a word no term names: the glossary can only head it with its identifier
            problems.append(_unnamed_word(game, entry.id))
    seen = {}
    for headword, source, keypath in headwords:
        if IDENTIFIER.match(headword) or (headword in vocab and not printed_as_named(vocab, headword)):
            problems.append(source.diagnostic(keypath, "headword", f"the glossary headword '{headword}' is an "
                                              "identifier; write the word printed on the cards or in the rules"))
        twin = seen.setdefault(headword.casefold(), (headword, source, keypath))
        if twin[2] != keypath:
            problems.append(source.diagnostic(keypath, "headword", f"the glossary headword '{headword}' repeats "
                                              f"'{twin[0]}' ({twin[1].place(twin[2])}); one entry per concept: merge "
                                              "them (a term names its effect words with words:)"))
    return problems


def printed_as_named(vocab, word: str) -> bool:
    """Whether an effect word's own card text prints the word itself, capitals and all (2200's MOVE: "MOVE {n}."):
    players read it as written, so it may head its glossary entry. A word its text says otherwise ("Draw {n}." for
    DRAW) is an identifier as a headword."""
    return re.search(rf"(?<!\w){re.escape(word)}(?!\w)", vocab[word].template) is not None


def _unnamed_word(game: Game, word: str) -> Diagnostic:
    fix = (f"the glossary would head the effect word {word} with its identifier; add a term to rules.yaml with the "
           f"word players read (term: ..., words: [{word}])")
    if word in game.manifest.vocabulary:
        return game.manifest_source.diagnostic(("vocabulary", word), "headword", fix, on_key=True)
    keypath = ("terms",) if game.rules.terms else ()
    return game.rules_source.diagnostic(keypath, "headword", fix, on_key=bool(keypath))


def tool_names(game: Game) -> list[Diagnostic]:
    """No string of the game's content (rules, cards, sheets, game.yaml: what prints) names a pnp command or option:
    a rulebook tells players what to take out of the box, never what to type."""
    sources = [game.manifest_source, game.rules_source, *(d.source for d in game.decks.values()),
               *(s.source for s in game.sheets.values())]
    problems = []
    for source in filter(None, sources):
        for keypath, text in strings(source.data):
            found = TOOL_WORDS.search(EMPHASIS.sub("", text))
            if found:
                problems.append(source.diagnostic(keypath, "tool-name", f"'{found.group(0).strip()}' names the tool "
                                                  "that prints the game; players read this: say it in the game's "
                                                  "words (what to take out of the box, which cards to add)"))
    return problems
