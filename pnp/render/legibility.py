"""How small a drawing may be printed: its smallest text, measured from what it draws.

Every printed word is at least LEGIBLE_PT at 100 % (issue 18). A rulebook pictures cards, sheets and figures
scaled; the scale it may use comes from the picture's own smallest text, recorded by drawing it into a
RecordingBackend (so a layout that raises a size raises nothing here), never from a constant."""
from __future__ import annotations

from typing import Callable

from pnp.render.backend import RecordingBackend

LEGIBLE_PT = 6.0  # the smallest printed text, at 100 %


def smallest_text(draw: Callable[[RecordingBackend], None]) -> float | None:
    """The size, in points, of the smallest text `draw(backend)` prints (scales inside the drawing and symbols it
    places included); None when it prints no text."""
    backend = RecordingBackend()
    draw(backend)
    sizes = _text_sizes(backend.calls, backend.symbols, 1.0, 0)
    return min(sizes) if sizes else None


def _text_sizes(calls, symbols, scale: float, depth: int) -> list[float]:
    sizes, stack = [], []
    for name, args, _ in calls:
        if name == "save":
            stack.append(scale)
        elif name == "restore":
            scale = stack.pop() if stack else scale
        elif name == "scale":
            scale *= min(abs(args[0]), abs(args[1]))  # the smaller stretch: text may stand either way
        elif name == "text" and str(args[2]).strip():
            sizes.append(args[4] * scale)
        elif name == "use_symbol" and args[0] in symbols and depth < 16:
            sizes += _text_sizes(symbols[args[0]], symbols, scale, depth + 1)
    return sizes


def legible_scale(smallest: float | None) -> float:
    """The least scale at which text of size `smallest` prints at LEGIBLE_PT (0 for a drawing without text)."""
    return LEGIBLE_PT / smallest if smallest else 0.0
