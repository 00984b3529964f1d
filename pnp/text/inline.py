"""Icons inside text: `{heat} 2` in a card's or a rule's text shows the game's `heat` icon before the 2.

An icon is measured like a glyph one `ICON_EM` wide, so the text-fit check
that `pnp validate` runs is the one `pnp build` draws by. Braces around
anything that is not an icon name of the game stay text (the validator
names a `{word}` that looks like an icon but is none).
"""
from __future__ import annotations

import re

from pnp.text.fonts import string_width

ICON = re.compile(r"\{([a-z][a-z0-9-]*)\}")
ICON_EM = 1.15  # an icon's advance width, in font sizes: its square plus a little air
ICON_RISE = -0.14  # its square's bottom, in font sizes from the baseline (sits like a capital with a descender)
OBJECT = "\ufffc"  # an icon, to the bidirectional algorithm: a neutral object between the letters


def segments(text: str, icons) -> list[tuple[str, str]]:
    """("text", s) and ("icon", name) pieces, in order; `{x}` for an x not among `icons` stays text."""
    pieces, last = [], 0
    for match in ICON.finditer(text):
        if match.group(1) not in icons:
            continue
        if match.start() > last:
            pieces.append(("text", text[last:match.start()]))
        pieces.append(("icon", match.group(1)))
        last = match.end()
    if last < len(text):
        pieces.append(("text", text[last:]))
    return pieces


def width(text: str, font: str, size: float, icons, base: int | None = None) -> float:
    """The width of a word or line with its icons, in points; `base` the direction of its paragraph
    (pnp.text.fonts.setting)."""
    if not icons or "{" not in text:
        return string_width(text, font, size, base)
    return sum(ICON_EM * size if kind == "icon" else string_width(piece, font, size, base)
               for kind, piece in segments(text, icons))


def unknown_icons(text: str, icons) -> list[str]:
    """Names written as icons in `text` that the game has no icon for, once each."""
    return list(dict.fromkeys(m.group(1) for m in ICON.finditer(text or "") if m.group(1) not in icons))


def plain(text: str, words: dict[str, str]) -> str:
    """The text with each icon as its word (for Markdown, JSON and searching)."""
    return ICON.sub(lambda m: words.get(m.group(1), m.group(0)), text)
