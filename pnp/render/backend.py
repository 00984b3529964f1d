"""The small drawing interface every renderer draws through.

Coordinates are PDF points with the origin at the bottom-left of the page.
`RecordingBackend` keeps the calls, so layout can be tested without a PDF.
"""
from __future__ import annotations

from typing import Callable, Protocol

from pnp.shapes import PathCommand, heart, polygon, star  # noqa: F401 - emblems import them from here too


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


PLACEHOLDER_FILL, PLACEHOLDER_LINE, PLACEHOLDER_TEXT = "#d9d9d9", "#8c8c8c", "#404040"


def draw_placeholder(backend: Backend, path: str, x: float, y: float, w: float, h: float) -> None:
    """What stands for an image file that does not exist yet (a --draft build): a grey box with a cross and the
    file's name, clipped to the image's box, so the card still shows where its art goes and which file it wants."""
    from pathlib import PurePath

    name = PurePath(path).name
    backend.save()
    backend.clip_rect(x, y, w, h)
    backend.rect(x, y, w, h, fill=PLACEHOLDER_FILL, stroke=PLACEHOLDER_LINE, width=0.75)
    backend.line(x, y, x + w, y + h, PLACEHOLDER_LINE, 0.5)
    backend.line(x, y + h, x + w, y, PLACEHOLDER_LINE, 0.5)
    size = max(3.0, min(8.0, h / 4, w / max(1, 0.6 * len(name))))  # Vera averages about 0.6 em a character
    backend.rect(x, y + h / 2 - size * 0.45, w, size * 1.3, fill=PLACEHOLDER_FILL)  # the name on a band, not the cross
    backend.text(x + w / 2, y + h / 2 - size * 0.1, name, "Vera", size, PLACEHOLDER_TEXT, "center")
    backend.restore()


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
