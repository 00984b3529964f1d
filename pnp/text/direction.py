"""Right-to-left and mixed text: the Unicode bidirectional algorithm (UAX #9) resolves each character's embedding
level, and a line's runs are put in visual order by those levels.

    levels("Play שלום now")  ->  0 for the English letters, 1 for the Hebrew ones
    visual_order([0, 1, 1, 0])  ->  [0, 2, 1, 3]

The levels come from python-bidi's implementation of the algorithm in Python
(`bidi.algorithm`, rules P2 to I2): its Rust one gives only the reordered
string, and a line set in several fonts, with icons, needs to know where each
character went. Reordering (rule L2) is done here on the runs of a line, each
run shaped alone in its own direction (pnp.text.font_shaping): HarfBuzz
mirrors brackets and orders a right-to-left run's glyphs itself.

Text without a right-to-left character, in a left-to-right paragraph, is left
to right throughout: it never reaches the algorithm (the fast path of every
Latin, Greek or CJK text).
"""
from __future__ import annotations

import re
from functools import lru_cache

# Hebrew, Arabic, Syriac, Thaana, NKo, Samaritan, Mandaic ... and their presentation forms, and the explicit
# right-to-left marks: a character that can make a text right to left. Anything else is left to right or neutral.
RTL = re.compile("[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff\u200f\u202b\u202e\u2067]|[\U00010800-\U00010fff\U0001e800-\U0001efff]")


def has_rtl(text: str) -> bool:
    return RTL.search(text) is not None


def paragraph_level(text: str) -> int:
    """A paragraph's base level (rules P2-P3): 1 (right to left) when its first strong character is right to left,
    else 0 (left to right; a text without a strong character too). Worked out once for a whole paragraph and given
    to each of its lines (`levels(line, base)`): a wrapped line of an Arabic paragraph that starts with an English
    word is still right to left."""
    if not has_rtl(text):
        return 0
    from bidi import algorithm

    return algorithm.get_base_level(text)


@lru_cache(maxsize=4096)
def levels(text: str, base: int | None = None) -> tuple[int, ...]:
    """Each character's embedding level (even: left to right, odd: right to left); `base` the paragraph's level
    (None: from its first strong character, rules P2-P3). An explicit embedding or override character (removed by
    rule X9) takes the level of the character before it."""
    if not has_rtl(text) and not base:  # left to right throughout (a Latin line of a right-to-left paragraph is not)
        return (0,) * len(text)
    from bidi import algorithm

    storage = algorithm.get_empty_storage()
    storage["base_level"] = algorithm.get_base_level(text) if base is None else base
    storage["base_dir"] = ("L", "R")[storage["base_level"] % 2]
    algorithm.get_embedding_levels(text, storage)
    for index, char in enumerate(storage["chars"]):
        char["index"] = index
    algorithm.explicit_embed_and_overrides(storage)
    algorithm.resolve_weak_types(storage)
    algorithm.resolve_neutral_types(storage, False)
    algorithm.resolve_implicit_levels(storage, False)
    found = [None] * len(text)
    for char in storage["chars"]:
        found[char["index"]] = char["level"]
    previous = storage["base_level"]
    for index, level in enumerate(found):
        found[index] = previous = previous if level is None else level
    return tuple(_trailing_spaces_at_base(text, found, storage["base_level"]))


def _trailing_spaces_at_base(text: str, found: list[int], base: int) -> list[int]:
    """Rule L1: white space at the end of the text takes the paragraph's level."""
    end = len(text)
    while end and text[end - 1].isspace():
        end -= 1
        found[end] = base
    return found


def visual_order(run_levels: list[int]) -> list[int]:
    """Rule L2 on runs: the indexes of runs (given by their levels, in logical order) in visual order, left to
    right. From the highest level down to the lowest odd one, every maximal sequence at that level or higher is
    reversed."""
    order = list(range(len(run_levels)))
    if not run_levels or max(run_levels) == 0:
        return order
    lowest_odd = min(level for level in run_levels if level % 2) if any(level % 2 for level in run_levels) else 1
    for level in range(max(run_levels), lowest_odd - 1, -1):
        start = None
        for position in range(len(order) + 1):
            inside = position < len(order) and run_levels[order[position]] >= level
            if inside and start is None:
                start = position
            elif not inside and start is not None:
                order[start:position] = reversed(order[start:position])
                start = None
    return order
