"""The small drawing interface every renderer draws through.

Coordinates are PDF points with the origin at the bottom-left of the page.
`RecordingBackend` keeps the calls, so layout can be tested without a PDF.
"""
from __future__ import annotations

from typing import Callable, Protocol

PathCommand = tuple  # ("M", x, y) | ("L", x, y) | ("C", x1, y1, x2, y2, x, y) | ("Z",)


class Backend(Protocol):
    def begin_page(self, width: float, height: float, trim_box=None, bleed_box=None) -> None: ...
    def end_page(self) -> None: ...
    def save(self) -> None: ...
    def restore(self) -> None: ...
    def translate(self, x: float, y: float) -> None: ...
    def rotate(self, degrees: float) -> None: ...
    def scale(self, sx: float, sy: float) -> None: ...
    def clip_rect(self, x: float, y: float, w: float, h: float) -> None: ...
    def rect(self, x, y, w, h, fill=None, stroke=None, width=0.5, radius=0.0) -> None: ...
    def line(self, x1, y1, x2, y2, color="#000000", width=0.5) -> None: ...
    def circle(self, cx, cy, r, fill=None, stroke=None, width=0.5) -> None: ...
    def path(self, commands: list[PathCommand], fill=None, stroke=None, width=0.5) -> None: ...
    def text(self, x, y, string, font, size, color="#000000", align="left") -> None: ...
    # fitted with its aspect kept and centred: the whole image inside the box, or (fit="cover") the box filled and cut
    def image(self, path: str, x: float, y: float, w: float, h: float, fit: str = "contain") -> None: ...
    def has_symbol(self, name: str) -> bool: ...
    def define_symbol(self, name: str, width: float, height: float, draw: Callable[["Backend"], None]) -> None: ...
    def use_symbol(self, name: str, x: float, y: float) -> None: ...
    def checkbox(self, name: str, x: float, y: float, size: float) -> None: ...
    def text_field(self, name: str, x: float, y: float, w: float, h: float) -> None: ...


def symbol(backend: Backend, name: str, width: float, height: float, draw: Callable[[Backend], None], x: float, y: float):
    """Draw something once per document and place it by reference afterwards."""
    if not backend.has_symbol(name):
        backend.define_symbol(name, width, height, draw)
    backend.use_symbol(name, x, y)


def star(cx: float, cy: float, outer: float, inner: float, points: int, turn: float = 90.0) -> list[tuple[float, float]]:
    """The corners of a star: `points` tips at radius `outer`, notches at `inner`, the first tip at `turn` degrees."""
    import math

    corners = []
    for i in range(points * 2):
        r = outer if i % 2 == 0 else inner
        a = math.radians(turn + i * 180.0 / points)
        corners.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return corners


def heart() -> list[PathCommand]:
    """A heart in the 100 x 100 emblem box, point down: life and health in more than one game."""
    return [("M", 50, 10), ("C", 10, 40, 4, 70, 26, 86), ("C", 38, 94, 48, 86, 50, 76), ("C", 52, 86, 62, 94, 74, 86),
            ("C", 96, 70, 90, 40, 50, 10), ("Z",)]


def place_emblem(backend: Backend, emblems, name: str, color: str, x: float, y: float, size: float) -> None:
    """A game's emblem (a drawing in a 100 x 100 box) scaled into a size x size square at (x, y), drawn once per
    document for each colour and size."""
    draw = emblems[name]

    def scaled(inner):
        inner.save()
        inner.scale(size / 100.0, size / 100.0)
        draw(inner, color)
        inner.restore()

    symbol(backend, f"emblem:{name}:{color}:{size:.2f}", size, size, scaled, x, y)


def polygon(points: list[tuple[float, float]]) -> list[PathCommand]:
    first, *rest = points
    return [("M", *first), *[("L", *p) for p in rest], ("Z",)]


class RecordingBackend:
    """Records every call as (name, args); symbols are recorded once, where defined."""

    def __init__(self):
        self.calls: list[tuple] = []
        self.symbols: dict[str, list[tuple]] = {}
        self.pages = 0

    def _record(name):
        def method(self, *args, **kwargs):
            self.calls.append((name, args, kwargs))
        return method

    for _name in ("end_page", "save", "restore", "translate", "rotate", "scale", "clip_rect",
                  "rect", "line", "circle", "path", "text", "image", "use_symbol", "checkbox", "text_field"):
        locals()[_name] = _record(_name)
    del _name

    def begin_page(self, width, height, trim_box=None, bleed_box=None):
        self.pages += 1
        self.calls.append(("begin_page", (width, height), {"trim_box": trim_box, "bleed_box": bleed_box}))

    def has_symbol(self, name):
        return name in self.symbols

    def define_symbol(self, name, width, height, draw):
        outer, self.calls = self.calls, []
        draw(self)
        self.symbols[name], self.calls = self.calls, outer

    def texts(self) -> list[str]:
        """Every string drawn, symbols included, in drawing order."""
        found = [c[1][2] for c in self.calls if c[0] == "text"]
        for calls in self.symbols.values():
            found += [c[1][2] for c in calls if c[0] == "text"]
        return found
