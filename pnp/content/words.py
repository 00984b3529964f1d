"""The words pnp (and a game's package) prints around a game's own texts, in the game's language: "Contents",
"Glossary", "Example:", a difficulty colour's name, the name a suited deck gives its cards.

A word is looked up, first found wins: the game's translation of it (translations/<lang>.yaml, key `pnp/<word>`:
a game says "Sommaire" where pnp says "Table des matières"), the game package's words (GamePlugin.words) in the
language, pnp's table of the language (pnp.defaults.words), then the package's and pnp's English. The language is
the edition's, else the game's source language (the first of game.yaml's `languages:`), else English."""
from __future__ import annotations

from pnp.defaults.words import ENGLISH, fill, table

OVERRIDE = "pnp/"  # a translation's key for one of pnp's words: pnp/contents


def language(game) -> str:
    """The language a game prints in: its edition's, else the one its content is written in."""
    if getattr(game, "lang", None):
        return game.lang
    declared = game.manifest.languages
    return declared[0] if declared else ENGLISH


def raw(game, key: str) -> str:
    """The word `key` in the game's language, its {slots} unfilled: the game's translation of it first."""
    return game.words[key] if key in game.words else raw_in(game, key, language(game))


def raw_in(game, key: str, lang: str) -> str:
    """The word `key` in `lang` as the game's package and pnp say it, else in English."""
    own = game.plugin.words
    for found in (own.get(lang, {}), table(lang), own.get(ENGLISH, {}), table(ENGLISH)):
        if key in found:
            return found[key]
    raise KeyError(f"pnp has no word '{key}'")  # a bug of pnp's: every word it asks for is in en.yaml


def say(game, key: str, **values) -> str:
    """The word `key` in the game's language, its {slots} filled with `values` (as given: escape them first where
    the text is markup)."""
    return fill(raw(game, key), values)


def overridable(game) -> dict[str, str]:
    """`pnp/<word>` -> the word in the game's source language, for every word a translation may say its own way."""
    source = (game.manifest.languages or [ENGLISH])[0]
    keys = dict.fromkeys([*table(ENGLISH), *game.plugin.words.get(ENGLISH, {})])
    return {OVERRIDE + key: raw_in(game, key, source) for key in keys}
