"""Game registry: adding a game means one line in GAMES."""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any, Callable

from pnp.engine.vocabulary import Vocabulary
from pnp.model import Card

GAMES = {
    "escape-master": "pnp.games.escape_master",
    "saucer-escape": "pnp.games.saucer_escape",
}


@dataclass
class GamePlugin:
    id: str
    card_model: type[Card]
    vocabulary: Vocabulary
    art: dict[str, Callable]  # emblem name -> draw(backend, x, y, w, h, color)
    checks: Callable[[Any], list]  # game-specific content checks: (game) -> diagnostics
    engine: Callable[..., Any]  # (game, **options) -> engine object
    playtest: Callable[..., Any]  # (game, games, seed, ...) -> PlaytestReport
    replay: Callable[..., list[str]]  # (game, played seed, seed, ...) -> one playtest game, a line per step
    sheet_model: type | None = None  # the game's sheet file model, for sheet games
    sheet_renderers: dict[str, Callable] = field(default_factory=dict)  # sheet layout region kind -> draw function
    word_places: Callable[[Any], dict[str, list[str]]] | None = None  # effect word -> where a sheet uses it


def lazy(target: str) -> Callable:
    """`module:attribute.path` as a function that imports the module only when called, so that
    validating or building a game never loads its engine or playtest code."""
    module, _, path = target.partition(":")

    def call(*args, **kwargs):
        found = importlib.import_module(module)
        for name in path.split("."):
            found = getattr(found, name)
        return found(*args, **kwargs)

    return call


def plugin(game_id: str) -> GamePlugin:
    return importlib.import_module(GAMES[game_id]).PLUGIN


def known_games() -> list[str]:
    return sorted(GAMES)
