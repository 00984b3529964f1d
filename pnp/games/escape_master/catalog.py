"""The engine's view of the content: physical cards and powers, from the validated game."""
from __future__ import annotations

from pnp.content.game import Game
from pnp.games.escape_master.state import CardInfo, Catalog, Power
from pnp.model import Difficulty


def build_catalog(game: Game, difficulty: Difficulty | None = None) -> Catalog:
    level = difficulty or Difficulty.red
    vocab = game.vocabulary
    cards = []
    # lower kits first, so that a card has the same number in every kit (a kit's cards are a prefix of the next's)
    records = sorted(game.decks["game"].cards, key=lambda record: record.card.difficulty.level)
    for record in records:
        card = record.card
        if not level.includes(card.difficulty):
            continue
        effects = [vocab.parse(e) for e in card.effects]
        words = tuple(e.word for e in effects)
        params = {e.word: e.param for e in effects}
        for _ in range(card.count):
            cards.append(CardInfo(len(cards), card.id, card.kind, card.rank or 0, card.suit, words,
                                  trap=params.get("TRAP"), discards=params.get("DISCARD_EXTRA", 0),
                                  penalty=params.get("PENALTY", 1)))

    def powers(source: str, effects) -> tuple[Power, ...]:
        parsed = [vocab.parse(e) for e in effects]
        return tuple(Power(source, e.word, e.param if e.param is not None else 1) for e in parsed)

    leaders, stories = [], []
    if level == Difficulty.red:
        for record in game.decks.get("character").cards if "character" in game.decks else []:
            card = record.card
            leaders.append((card.id, powers(card.id, card.ability.effects), powers(card.id + "#beast", card.beast_mode.effects)))
        for record in game.decks.get("story").cards if "story" in game.decks else []:
            stories.append((record.card.id, powers(record.card.id, record.card.effects)))
    settings = game.settings
    return Catalog(tuple(cards), tuple(leaders), tuple(stories), settings.hand_size, settings.breaking_point,
                   settings.xp_cap, settings.beast_mode_cost, settings.tiebreak_rounds, settings.set_rounds, level,
                   combinations=level.includes(Difficulty.yellow),
                   numbered_ranks=tuple(c.rank if c.kind == "numbered" else 0 for c in cards),
                   wisdoms=frozenset(c.number for c in cards if c.kind == "wisdom"),
                   specials=frozenset(c.number for c in cards if c.kind in ("dead_end", "trap", "escape")))
