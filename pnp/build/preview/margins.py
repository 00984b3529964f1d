"""How close a card's text comes to not fitting: the smallest text-fit margin on a side.

pnp.content.binding fits every text box once (pnp.text.fit: wrapped, and shrunk towards the box's minimum size when it
must be) and keeps the result on the face. A box's margin is the room its text leaves for more: the height
below its last line while at least one more line fits there, else the room left on the last line (where the
next word would go; a one-line label sized to its line has its room across, not below). A text that had to
shrink below the size the box asks for has no room at that size, so the gallery says that too.
"""
from __future__ import annotations

from dataclasses import dataclass

from pnp.content.binding import Face
from pnp.layout import CardLayout
from pnp.text import markup
from pnp.text.fonts import base_of, family_of, font_of
from pnp.text.inline import width as inline_width

TIGHT_MM = 1.0  # less room than this, or a shrunk text, is marked tight: one more word may not fit


@dataclass(frozen=True)
class Margin:
    box: str
    room: float  # points of room for more text: below the last line, or after it (`across`)
    across: bool  # no further line fits: `room` is what is left on the last line
    size: float  # the size the text is set at
    asked: float  # the size the box asks for

    @property
    def room_mm(self) -> float:
        return self.room / 72 * 25.4

    @property
    def shrunk(self) -> bool:
        return self.size < self.asked - 1e-9

    @property
    def tight(self) -> bool:
        return self.shrunk or self.room_mm < TIGHT_MM

    def describe(self) -> str:
        """"'text', 4.2 mm below at 9 pt"; "'title', 1.9 mm across at 13 pt" (room on the last line)."""
        shrunk = f", shrunk from {self.asked:g} pt" if self.shrunk else ""
        return f"'{self.box}', {self.room_mm:.1f} mm {'across' if self.across else 'below'} at {self.size:g} pt{shrunk}"


def tightest(face: Face, layout: CardLayout) -> Margin | None:
    """The smallest margin of any text box holding text on the face (a shrunk text first); None if none."""
    return min(_margins(face, layout), key=lambda m: (not m.shrunk, m.room, m.box), default=None)


def _margins(face: Face, layout: CardLayout):
    boxes = {box.name: box for box in face.template.boxes}
    for name, fit in sorted(face.fits.items()):
        lines = sum(len(paragraph) for paragraph in fit.lines)
        if not fit.ok or not lines or name not in boxes:
            continue
        box = boxes[name]
        below = box.h - lines * fit.leading - box.paragraph_gap * (len(fit.lines) - 1)
        if below >= fit.leading:
            yield Margin(name, below, False, fit.size, box.size)
        else:
            last = _line_width(fit.lines[-1][-1], box.font, fit.size, layout)
            yield Margin(name, max(0.0, box.w - last), True, fit.size, box.size)


def _line_width(line: str, style: str, size: float, layout: CardLayout) -> float:
    """A fitted line's width as the renderer draws it (pnp.render.cards): each run of emphasis in its own font."""
    if not markup.has_markup(line):
        return inline_width(line, font_of(layout.fonts, style), size, layout.icons)
    family = family_of(layout.fonts)
    base = base_of(family, font_of(family, style))  # as the fit check took the box's font
    return sum(inline_width(text, font_of(family, slot), size, layout.icons)
               for slot, text, _ in markup.drawn_runs(line, base))
