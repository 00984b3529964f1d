"""Stranded's content compiled for the engine: every physical card an index, its numbers in flat tuples.

A danger card is one card with two uses: in the danger piles it is the
danger; beaten, in the fighting piles, it is its knowledge side. The
fighting numbers of a danger index are its knowledge side's.
"""
from __future__ import annotations

from dataclasses import dataclass

from pnp.games.stranded.cards import SOLS

STARTING, DANGER, AGING, CHAPTER = 0, 1, 2, 3


def _word(effects) -> tuple[str | None, int]:
    if not effects:
        return None, 0
    first = effects[0]
    if isinstance(first, str):
        return first, 0
    word, n = next(iter(first.items()))
    return word, n or 0


@dataclass(frozen=True)
class Catalog:
    keys: tuple[str, ...]  # card index -> coverage key (a danger's: its id; its knowledge side: "<id>:knowledge")
    kinds: tuple[int, ...]
    levels: tuple[int, ...]  # 0 green, 1 yellow, 2 red: the first level the card is played at
    names: tuple[str, ...]  # a danger's: the danger's name
    value: tuple[int, ...]  # as a fighting card
    word: tuple[str | None, ...]  # its ability as a fighting card
    number: tuple[int, ...]
    fight_key: tuple[str, ...]  # coverage key when it is drawn into a fight
    fight_name: tuple[str, ...]  # its name as a fighting card (a danger's: its knowledge side's)
    free: tuple[int, ...]  # dangers and chapters
    sols: tuple[tuple[int, int, int], ...]  # dangers: green, yellow, red values
    hazard: tuple[int, ...]  # chapters
    rule: tuple[str | None, ...]  # chapters
    starting: tuple[int, ...]
    dangers: tuple[int, ...]
    aging: tuple[int, ...]
    chapters: tuple[int, ...]
    steps: tuple[str, ...]  # the Sol cards' ids, green first
    settings: object

    def is_aging(self, card: int) -> bool:
        return self.kinds[card] == AGING


def build_catalog(game) -> Catalog:
    rows = []
    kinds = {"starting": STARTING, "endangerment": DANGER, "aging": AGING, "final_chapter": CHAPTER}
    steps = {}
    for record in game.cards():
        card = record.card
        if card.kind == "step":
            steps[card.sol] = card.id
            continue
        kind = kinds[card.kind]
        side = card.knowledge if kind == DANGER else card
        word, number = _word(side.ability) if side is not None and kind != CHAPTER else (None, 0)
        rule = _word(card.rules)[0] if kind == CHAPTER else None
        for _ in range(card.count):
            rows.append((card.id, kind, SOLS.index(card.difficulty.value), card.name,
                         side.value if kind != CHAPTER else 0, word, number,
                         f"{card.id}:knowledge" if kind == DANGER else card.id,
                         side.name if kind == DANGER else card.name, card.free or 0,
                         (card.green, card.yellow, card.red) if kind == DANGER else (0, 0, 0), card.hazard or 0, rule))
    columns = list(zip(*rows))
    index = {k: tuple(i for i, row in enumerate(rows) if row[1] == k) for k in (STARTING, DANGER, AGING, CHAPTER)}
    return Catalog(*map(tuple, columns), index[STARTING], index[DANGER], index[AGING], index[CHAPTER],
                   tuple(steps[sol] for sol in SOLS), game.settings)
