"""The small drawing interface every renderer draws through.

Coordinates are PDF points with the origin at the bottom-left of the page.
`RecordingBackend` keeps the calls, so layout can be tested without a PDF.
"""
from __future__ import annotations

import math
from typing import Callable, NamedTuple, Protocol

from pnp.core.shapes import PathCommand, heart, polygon, star  # noqa: F401 - emblems import them from here too


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
    # `base`: the direction of the paragraph the string is a line of (pnp.text.fonts.setting: 1 right to left, 0 left
    # to right), None for the string's own (its first strong character)
    def text(self, x, y, string, font, size, color="#000000", align="left", base=None) -> None: ...
    # fitted with its aspect kept and centred: the whole image inside the box, or (fit="cover") the box filled and cut;
    # an SVG's currentColor is `color` (an icon's own, an art box's), black without one
    def image(self, path: str, x: float, y: float, w: float, h: float, fit: str = "contain",
              color: str | None = None) -> None: ...
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
    document for each colour and size. The form is drawn at the size its name says (to a hundredth of a point):
    an emblem asked for at 19.9963 pt and one at 20 pt share one name, so they must share one drawing, whichever
    a document (or an earlier one, pnp.render.form_reuse) drew first."""
    draw, size = emblems[name], round(size, 2)

    def scaled(inner):
        inner.save()
        inner.scale(size / 100.0, size / 100.0)
        draw(inner, color)
        inner.restore()

    symbol(backend, f"emblem:{name}:{color}:{size:.2f}", size, size, scaled, x, y)


class Wordless:
    """A backend that draws everything but text: a drawing shown too small to read (a tiled mat's assembly
    overview) keeps its shapes and prints no words under 6 pt. Its symbols are its own (a wordless copy of a
    symbol is never placed where the full one belongs)."""

    def __init__(self, inner):
        self.inner = inner

    def __getattr__(self, name):
        return getattr(self.inner, name)

    def text(self, *args, **kwargs) -> None:
        pass

    def has_symbol(self, name: str) -> bool:
        return self.inner.has_symbol(f"wordless:{name}")

    def define_symbol(self, name, width, height, draw) -> None:
        self.inner.define_symbol(f"wordless:{name}", width, height, lambda inner: draw(Wordless(inner)))

    def use_symbol(self, name: str, x: float, y: float) -> None:
        self.inner.use_symbol(f"wordless:{name}", x, y)


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


# The ink of a line of text, as multiples of its size: capitals rise 0.73 above the baseline and descenders drop
# 0.21 below it in Vera and most text faces. Lines set at pnp.text.fit.LEADING (1.18) never touch one another.
CAP_HEIGHT, DESCENT = 0.73, 0.21


class Drawn(NamedTuple):
    """What one drawing call covers on the page: its kind, its bounding box (page points) and, for text, the
    string and its type size as printed (the size times the scale it was drawn at). A tuple: a validation records
    some 8,000 for a game's faces, and a frozen dataclass took four times as long to make each."""

    kind: str  # "text", "rect", "line", "circle", "path", "image", "checkbox", "text_field"
    x0: float
    y0: float
    x1: float
    y1: float
    text: str = ""
    size: float = 0.0

    def overlaps(self, other: "Drawn", by: float = 0.0) -> bool:
        """The two boxes share more than `by` points in both directions."""
        return (min(self.x1, other.x1) - max(self.x0, other.x0) > by
                and min(self.y1, other.y1) - max(self.y0, other.y0) > by)

    def outside(self, x0: float, y0: float, x1: float, y1: float, by: float = 0.0) -> float:
        """How far this box reaches past the rectangle (0 when inside it, with `by` points to spare)."""
        return max(0.0, x0 - self.x0 - by, y0 - self.y0 - by, self.x1 - x1 - by, self.y1 - y1 - by)


IDENTITY = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def _times(m, n):
    """The matrix m applied after n (PDF's row-vector convention: a point goes through n first, then m)."""
    a, b, c, d, e, f = n
    A, B, C, D, E, F = m
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


def _box(m, points, kind, text="", size=0.0) -> Drawn:
    a, b, c, d, e, f = m
    if len(points) == 2:  # most calls (a rectangle's, a line's, a text's corners): the same sums, without zip
        (x0, y0), (x1, y1) = points
        u0, v0, u1, v1 = a * x0 + c * y0 + e, b * x0 + d * y0 + f, a * x1 + c * y1 + e, b * x1 + d * y1 + f
        return Drawn(kind, min(u0, u1), min(v0, v1), max(u0, u1), max(v0, v1), text, size)
    xs, ys = zip(*((a * x + c * y + e, b * x + d * y + f) for x, y in points))
    return Drawn(kind, min(xs), min(ys), max(xs), max(ys), text, size)


class RecordingBackend:
    """Records every call as (name, args); symbols are recorded once, where defined. It also learns what every
    call covers on the page (`drawn`, symbols placed where they are used), through save, restore, translate,
    scale and rotate, so checks can see overlapping and stray text (pnp.checks.drawn)."""

    def __init__(self, recorded: dict | None = None):
        """`recorded`: symbols recorded by other recording backends of the same drawings (a face's emblems, recorded
        once for all its boxes and all the game's faces, pnp.render.cards.box_drawings), name -> what was recorded."""
        self._recorded = recorded
        self.calls: list[tuple] = []
        self.symbols: dict[str, list[tuple]] = {}
        self.pages = 0
        self.drawn: list[Drawn] = []
        self._symbol_drawn: dict[str, list[Drawn]] = {}
        self._matrix, self._saved = IDENTITY, []
        self.lettering: list[tuple[str, str]] = []  # (font, string) of every text call, symbols' included

    def _record(name):
        extent_name = "_extent_" + name

        def method(self, *args, **kwargs):
            self.calls.append((name, args, kwargs))
            extent = getattr(self, extent_name, None)
            if extent is not None:
                extent(*args, **kwargs)
        return method

    for _name in ("end_page", "save", "restore", "translate", "rotate", "scale", "clip_rect",
                  "rect", "line", "circle", "path", "text", "image", "use_symbol", "checkbox", "text_field"):
        locals()[_name] = _record(_name)
    del _name

    def begin_page(self, width, height, trim_box=None, bleed_box=None):
        self.pages += 1
        self.calls.append(("begin_page", (width, height), {"trim_box": trim_box, "bleed_box": bleed_box}))
        self._matrix, self._saved = IDENTITY, []

    def has_symbol(self, name):
        return name in self.symbols

    def define_symbol(self, name, width, height, draw):
        recorded = self._recorded.get(name) if self._recorded is not None else None
        if recorded is not None:
            self.symbols[name], self._symbol_drawn[name], lettering = recorded
            self.lettering += lettering
            return
        outer, self.calls = self.calls, []
        outer_drawn, outer_matrix, outer_saved = self.drawn, self._matrix, self._saved
        self.drawn, self._matrix, self._saved = [], IDENTITY, []
        symbols, lettering = len(self.symbols), len(self.lettering)
        draw(self)
        self.symbols[name], self.calls = self.calls, outer
        self._symbol_drawn[name] = self.drawn
        self.drawn, self._matrix, self._saved = outer_drawn, outer_matrix, outer_saved
        if self._recorded is not None and len(self.symbols) == symbols + 1:  # it placed no symbol of its own
            self._recorded[name] = (self.symbols[name], self._symbol_drawn[name], self.lettering[lettering:])

    def texts(self) -> list[str]:
        """Every string drawn, symbols included, in drawing order."""
        found = [c[1][2] for c in self.calls if c[0] == "text"]
        for calls in self.symbols.values():
            found += [c[1][2] for c in calls if c[0] == "text"]
        return found

    def placed_glyphs(self) -> list[tuple[str, str, int, float, float]]:
        """Every glyph the text calls draw (symbols' included, in their own coordinates), as the text engine sets
        them (pnp.text.fonts.setting): (the string, the font the glyph is in, its glyph id, x, y of its origin), in
        drawing order, left to right within a string, each string set in the direction it was given (`base`). What
        pnp.render.pdf writes to the page, for tests."""
        from pnp.text.fonts import setting

        placed = []
        calls = [c for c in self.calls if c[0] == "text"] + [c for kept in self.symbols.values() for c in kept if c[0] == "text"]
        for _, args, kwargs in calls:
            x, y, string, font, size, *rest = args
            align = kwargs.get("align", rest[1] if len(rest) > 1 else "left")
            set_text = setting(string, font, kwargs.get("base"))
            width = set_text.units * size / 1000
            pen = {"left": x, "center": x - width / 2, "right": x - width}[align]
            for run in set_text.runs:
                for glyph in run.glyphs:
                    placed.append((string, run.font, glyph.gid, pen + glyph.x_offset * size / 1000,
                                   y + glyph.y_offset * size / 1000))
                    pen += glyph.advance * size / 1000
        return placed

    # -- what each call covers ------------------------------------------------------------------------
    def _extent_save(self):
        self._saved.append(self._matrix)

    def _extent_restore(self):
        self._matrix = self._saved.pop() if self._saved else IDENTITY

    def _extent_translate(self, x, y):
        self._matrix = _times(self._matrix, (1.0, 0.0, 0.0, 1.0, x, y))

    def _extent_scale(self, sx, sy):
        self._matrix = _times(self._matrix, (sx, 0.0, 0.0, sy, 0.0, 0.0))

    def _extent_rotate(self, degrees):
        r = math.radians(degrees)
        self._matrix = _times(self._matrix, (math.cos(r), math.sin(r), -math.sin(r), math.cos(r), 0.0, 0.0))

    def _add(self, kind, points, text="", size=0.0):
        self.drawn.append(_box(self._matrix, points, kind, text, size))

    def _extent_rect(self, x, y, w, h, *args, **kwargs):
        self._add("rect", ((x, y), (x + w, y + h)))

    def _extent_line(self, x1, y1, x2, y2, *args, **kwargs):
        self._add("line", ((x1, y1), (x2, y2)))

    def _extent_circle(self, cx, cy, r, *args, **kwargs):
        self._add("circle", ((cx - r, cy - r), (cx + r, cy + r)))

    def _extent_path(self, commands, *args, **kwargs):
        points = [(c[i], c[i + 1]) for c in commands for i in range(1, len(c) - 1, 2)]
        if points:
            self._add("path", points)

    def _extent_text(self, x, y, string, font, size, color="#000000", align="left", base=None):
        self.lettering.append((font, string))
        if not string.strip():
            return
        from pnp.text.fonts import string_width

        width = string_width(string, font, size, base)
        left = {"left": x, "center": x - width / 2, "right": x - width}[align]
        a, b, c, d, _, _ = self._matrix
        printed = size * math.sqrt(abs(a * d - b * c))  # the size as printed, at the scale it is drawn at
        self._add("text", ((left, y - DESCENT * size), (left + width, y + CAP_HEIGHT * size)), string, printed)

    def _extent_image(self, path, x, y, w, h, *args, **kwargs):
        self._add("image", ((x, y), (x + w, y + h)))

    def _extent_use_symbol(self, name, x, y):
        placed = _times(self._matrix, (1.0, 0.0, 0.0, 1.0, x, y))
        scale = math.sqrt(abs(placed[0] * placed[3] - placed[1] * placed[2]))
        for inner in self._symbol_drawn.get(name, ()):
            moved = _box(placed, ((inner.x0, inner.y0), (inner.x1, inner.y1)), inner.kind, inner.text, inner.size * scale)
            self.drawn.append(moved)

    def _extent_checkbox(self, name, x, y, size):
        self._add("checkbox", ((x, y), (x + size, y + size)))

    def _extent_text_field(self, name, x, y, w, h):
        self._add("text_field", ((x, y), (x + w, y + h)))
