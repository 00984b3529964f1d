"""How small a drawing may be printed: its smallest text, measured from what it draws.

Every printed word is at least LEGIBLE_PT at 100 % (issue 18). A rulebook pictures cards, sheets and figures
scaled; the scale it may use comes from the picture's own smallest text, recorded by drawing it into a
RecordingBackend (so a layout that raises a size raises nothing here), never from a constant."""
from __future__ import annotations

from typing import Callable

from pnp.core.limits import MIN_TEXT_SIZE as LEGIBLE_PT  # the smallest printed text, at 100 %
from pnp.render.backend import RecordingBackend


def smallest_text(draw: Callable[[RecordingBackend], None]) -> float | None:
    """The size, in points, of the smallest text `draw(backend)` prints (scales inside the drawing and symbols it
    places included: the recording backend's extents); None when it prints no text."""
    backend = RecordingBackend()
    draw(backend)
    sizes = [d.size for d in backend.drawn if d.kind == "text"]
    return min(sizes) if sizes else None


def legible_scale(smallest: float | None) -> float:
    """The least scale at which text of size `smallest` prints at LEGIBLE_PT (0 for a drawing without text)."""
    return LEGIBLE_PT / smallest if smallest else 0.0
