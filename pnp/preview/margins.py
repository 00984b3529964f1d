"""How close a card's text comes to not fitting: the smallest text-fit margin on it.

pnp.binding fits every text box once (pnp.text.fit: wrapped, shrunk down to the box's minimum size if need
be) and keeps the result on the face. A box's margin is the height its fitted lines leave unused; a text that
had to shrink below the size the box asks for has no room left at that size, so the gallery says that too.
"""
from __future__ import annotations

from dataclasses import dataclass

from pnp.binding import Face
from pnp.text.fit import LEADING

TIGHT_MM = 1.0  # less room than this, or a shrunk text, is marked tight: one more word may not fit


@dataclass(frozen=True)
class Margin:
    box: str
    spare: float  # points of the box's height its lines leave unused
    size: float  # the size the text is set at
    asked: float  # the size the box asks for

    @property
    def spare_mm(self) -> float:
        return self.spare / 72 * 25.4

    @property
    def shrunk(self) -> bool:
        return self.size < self.asked - 1e-9

    @property
    def tight(self) -> bool:
        return self.shrunk or self.spare_mm < TIGHT_MM

    def describe(self) -> str:
        shrunk = f", shrunk from {self.asked:g} pt" if self.shrunk else ""
        return f"{self.spare_mm:.1f} mm spare in '{self.box}' at {self.size:g} pt{shrunk}"


def tightest(face: Face) -> Margin | None:
    """The smallest margin of any text box holding text on the face (a shrunk text first); None if none."""
    return min(_margins(face), key=lambda m: (not m.shrunk, m.spare, m.box), default=None)


def _margins(face: Face):
    boxes = {box.name: box for box in face.template.boxes}
    for name, fit in sorted(face.fits.items()):
        lines = sum(len(paragraph) for paragraph in fit.lines)
        if not fit.ok or not lines or name not in boxes:
            continue
        box = boxes[name]
        needed = lines * fit.size * LEADING + box.paragraph_gap * max(0, len(fit.lines) - 1)
        yield Margin(name, max(0.0, box.h - needed), fit.size, box.size)
