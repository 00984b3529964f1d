"""SVG files: vector art wherever an image may stand (a card's art, an image box, a back, an icon, a sheet), read
into plain shapes the PDF backend draws as vectors (pnp.render.svg_art) and validation measures and checks.

Why pnp's own reader: svglib, the usual one, needs lxml (compiled, and pnp's dependencies are pure wheels) and
looks fonts up on the machine (builds must not depend on it). What icon sets and editors write is small: this
reads it with the standard library's expat, which also gives every element its line for a diagnostic.

What is drawn: <path> (every command, arcs included), <rect> (rounded too), <circle>, <ellipse>, <line>,
<polyline>, <polygon>, in <g>, <a>, nested <svg> and <use> of an element of the same file (#id), with their
transforms; fill, stroke and their opacities, fill-rule, line caps, joins and dashes, `opacity` (multiplied into
the shapes under it), `display`, `visibility`, `color` and currentColor (the colour the picture is shown in: an
icon's own, an art box's `color`, else black); those as attributes, in a `style` attribute, or in a <style> sheet
of plain `tag`, `.class` and `#id` selectors; viewBox and preserveAspectRatio. A gradient is drawn as the mean of
its stops' colours.

What is not drawn, each said in a warning at the line that names the file (`svg-unsupported`): text (convert it to
paths), embedded pictures, filters, masks, clipping paths, patterns, markers, animation, foreignObject.

What is refused, at that line with the SVG's own line (`bad-image`), before anything is drawn: a DTD with entity
declarations and any entity reference (a "billion laughs"), a reference to anything outside the file (href and
xlink:href to a file or an address, CSS @import and url() of one, an xml-stylesheet), a <script> or an event
attribute (onload=...), a file that is not well-formed XML or whose root is not <svg>, and sizes past the limits
of pnp.core.limits (bytes, elements counted as parsed, nesting depth, path segments, number magnitudes). Expat
stops at the first such thing: nothing is expanded first and checked after.
"""
from __future__ import annotations

import hashlib
import math
import os
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from xml.parsers import expat

from pnp.core.limits import MAX_SVG_BYTES, MAX_SVG_COORDINATE, MAX_SVG_DEPTH, MAX_SVG_ELEMENTS, MAX_SVG_PATH_COMMANDS

SUFFIX = ".svg"
SVG_NS = "http://www.w3.org/2000/svg"
XLINK_NS = "http://www.w3.org/1999/xlink"
CURRENT = "currentColor"  # a shape painted in the colour the picture is shown in
IDENTITY = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def is_svg(name: str | None) -> bool:
    return bool(name) and str(name).lower().endswith(SUFFIX)


class SvgRefused(ValueError):
    """An SVG pnp does not draw: the message says what and where (its line), and what to do."""


@dataclass(frozen=True)
class Shape:
    """One filled and/or stroked outline, in the coordinates of its element: `matrix` takes them to the SVG's
    viewport (CSS px, y down). Commands are absolute: ("M", x, y), ("L", x, y), ("C", x1, y1, x2, y2, x, y), ("Z",)."""

    commands: tuple
    matrix: tuple
    fill: str | None  # "#rrggbb", CURRENT or None
    fill_opacity: float
    even_odd: bool
    stroke: str | None
    stroke_width: float
    stroke_opacity: float
    cap: int  # PDF's: 0 butt, 1 round, 2 square
    join: int  # 0 miter, 1 round, 2 bevel
    miter_limit: float
    dash: tuple
    dash_offset: float


@dataclass(frozen=True)
class Svg:
    """An SVG file read: its size (CSS px; what a box fits, aspect kept), its shapes and what was not drawn."""

    width: float
    height: float
    shapes: tuple
    notes: tuple  # what is not drawn, one line each, with the SVG's line
    digest: str  # of the file's bytes: names the drawing in a PDF (one form per picture, size and colour)


# ---------------------------------------------------------------------------------------------------------------
# the file

def read_svg(path: Path | str) -> Svg:
    """The SVG at `path`, read once per version of the file; SvgRefused says why pnp does not draw it."""
    info = os.stat(path)
    return _read(str(path), info.st_mtime_ns, info.st_size)


def svg_problem(path: Path) -> str | None:
    """What is wrong with an SVG file for pnp (after its name in a diagnostic), or None."""
    try:
        read_svg(path)
    except SvgRefused as exc:
        return str(exc)
    except OSError as exc:
        return f"cannot be read ({exc.strerror or exc})"
    return None


@lru_cache(maxsize=128)
def _read(path: str, mtime: int, size: int) -> Svg:
    if size > MAX_SVG_BYTES:
        raise SvgRefused(f"is {size / (1024 * 1024):.1f} MB; SVG files are at most {MAX_SVG_BYTES // (1024 * 1024)} MB: "
                         "simplify it or export it as PNG")
    with open(path, "rb") as file:
        data = file.read(MAX_SVG_BYTES + 1)
    if len(data) > MAX_SVG_BYTES:
        raise SvgRefused(f"is more than {MAX_SVG_BYTES // (1024 * 1024)} MB; SVG files are at most that")
    root = _parse(data)
    return _Drawing(root).svg(hashlib.sha256(data).hexdigest())


# ---------------------------------------------------------------------------------------------------------------
# parsing: expat, every hostile construct refused as it is met

@dataclass
class _Node:
    tag: str  # the local name for an SVG element (or one in no namespace), else "namespace name"
    attrs: dict
    line: int
    children: list = field(default_factory=list)
    text: list = field(default_factory=list)


WHAT_TO_DO = "pnp draws what is in the file itself"
EXTERNAL_CSS = re.compile(r"@import|url\(\s*(?!['\"]?\s*#)", re.IGNORECASE)  # url() of anything but #id


def _refuse(parser, what: str):
    raise SvgRefused(f"line {parser.CurrentLineNumber}: {what}")


def _parse(data: bytes) -> _Node:
    parser = expat.ParserCreate(namespace_separator=" ")
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)  # an external DTD is never read
    stack: list[_Node] = []
    roots: list[_Node] = []
    count = [0]

    def doctype(name, system_id, public_id, has_internal_subset):
        if has_internal_subset:  # where entities are declared: a billion laughs, or a file's contents pulled in
            _refuse(parser, "has a DTD with declarations (entities); export it again as plain SVG, without a DOCTYPE")

    def entity(*args):
        _refuse(parser, "declares an entity; export it again as plain SVG, without a DOCTYPE")

    def skipped(name, is_parameter):
        _refuse(parser, f"refers to the entity &{name}; which pnp does not expand; export it again as plain SVG")

    def external(*args):
        _refuse(parser, f"refers to an external entity; {WHAT_TO_DO}")
        return 0

    def instruction(target, data):
        if target.lower() == "xml-stylesheet":
            _refuse(parser, f"links a stylesheet (<?xml-stylesheet?>); {WHAT_TO_DO}: put the styles in the file")

    def start(tag, attrs):
        count[0] += 1
        if count[0] > MAX_SVG_ELEMENTS:
            _refuse(parser, f"has more than {MAX_SVG_ELEMENTS:,} elements; simplify it or export it as PNG")
        if len(stack) >= MAX_SVG_DEPTH:
            _refuse(parser, f"nests elements more than {MAX_SVG_DEPTH} deep; flatten its groups")
        namespace, _, local = tag.rpartition(" ")
        node = _Node(local if namespace in ("", SVG_NS) else tag, attrs, parser.CurrentLineNumber)
        _hostile(node, parser)
        (stack[-1].children if stack else roots).append(node)
        stack.append(node)

    def end(tag):
        node = stack.pop()
        if node.tag == "style" and EXTERNAL_CSS.search("".join(node.text)):
            raise SvgRefused(f"line {node.line}: its <style> imports or links a file or address (@import, url()); "
                             f"{WHAT_TO_DO}")

    def characters(text):
        if stack and stack[-1].tag == "style":
            stack[-1].text.append(text)

    parser.StartDoctypeDeclHandler = doctype
    parser.EntityDeclHandler = entity
    parser.UnparsedEntityDeclHandler = entity
    parser.SkippedEntityHandler = skipped
    parser.ExternalEntityRefHandler = external
    parser.ProcessingInstructionHandler = instruction
    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = characters
    try:
        parser.Parse(data, True)
    except expat.ExpatError as exc:
        raise SvgRefused(f"line {exc.lineno}: is not well-formed XML ({expat.ErrorString(exc.code)}); "
                         "export it again from the drawing program") from None
    except RecursionError:  # not reached within MAX_SVG_DEPTH; said rather than crashed on all the same
        raise SvgRefused("nests elements too deep; flatten its groups") from None
    root = roots[0]
    if root.tag != "svg":
        raise SvgRefused(f"line {root.line}: its root element is <{root.tag.rpartition(' ')[2]}>, not <svg>; "
                         "name an SVG file")
    return root


def _hostile(node: _Node, parser) -> None:
    """A script, an event handler or a reference out of the file is refused where it is met."""
    local = node.tag.rpartition(" ")[2]
    if local == "script":
        _refuse(parser, "holds a <script>; pnp draws no scripts: remove it")
    for name, value in node.attrs.items():
        plain = name.rpartition(" ")[2]
        if plain.lower().startswith("on"):
            _refuse(parser, f"has an event attribute ({plain}=); pnp runs no scripts: remove it")
        if plain == "href":
            target = value.strip()
            if target.startswith("#") or (local == "image" and target.lower().startswith("data:")):
                continue  # inside the file (an embedded picture is said to be undrawn, not refused)
            shown = target if len(target) <= 60 else target[:57] + "..."
            _refuse(parser, f"<{local}> links to '{shown}'; {WHAT_TO_DO}: no other files or addresses")
        if EXTERNAL_CSS.search(value):  # style="fill:url(...)", fill="url(...)", filter="url(...)"...
            _refuse(parser, f"its {plain} imports or links a file or address (@import, url()); {WHAT_TO_DO}")


# ---------------------------------------------------------------------------------------------------------------
# numbers, lengths, colours, transforms

NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
SEPARATORS = re.compile(r"[\s,]*")
UNITS = {"": 1.0, "px": 1.0, "pt": 96 / 72, "pc": 16.0, "mm": 96 / 25.4, "cm": 96 / 2.54, "in": 96.0,
         "em": 16.0, "ex": 8.0}
LENGTH = re.compile(r"\s*([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)\s*(px|pt|pc|mm|cm|in|em|ex|%)?\s*$", re.IGNORECASE)


MIN_SIZE = 1 / MAX_SVG_COORDINATE  # smallest width, height or viewBox side: fitted to a box, all is scaled by its inverse


def _bounded(value: float, line: int) -> float:
    if not abs(value) <= MAX_SVG_COORDINATE:  # a NaN fails too
        raise SvgRefused(f"line {line}: the number {value:g} is past ±{MAX_SVG_COORDINATE:,}; scale the drawing down")
    return value


def _numbers(text: str, line: int) -> list[float]:
    return [_bounded(float(n), line) for n in NUMBER.findall(text or "")]


def _length(text: str | None, line: int, reference: float = 0.0, default: float = 0.0) -> float:
    """A length in user units (CSS px); a percentage of `reference`."""
    if text is None:
        return default
    match = LENGTH.match(text)
    if not match:
        return default
    value = _bounded(float(match.group(1)), line)
    unit = (match.group(2) or "").lower()
    return value * reference / 100 if unit == "%" else value * UNITS[unit]


def _times(m, n):
    """The matrix m after n (a point goes through n first), as PDF and SVG write them: (a, b, c, d, e, f)."""
    a, b, c, d, e, f = n
    A, B, C, D, E, F = m
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


TRANSFORM = re.compile(r"\s*(matrix|translate|scale|rotate|skewX|skewY)\s*\(([^)]*)\)\s*,?", re.IGNORECASE)


def _transform(text: str, line: int):
    """The matrix a transform attribute writes; SvgRefused for one pnp cannot read (a guess would misplace it)."""
    matrix, at = IDENTITY, 0
    text = text.strip()
    while at < len(text):
        match = TRANSFORM.match(text, at)
        if not match:
            raise SvgRefused(f"line {line}: the transform '{text[:60]}' cannot be read; export the file again")
        kind, values = match.group(1).lower(), _numbers(match.group(2), line)
        step = _step(kind, values)
        if step is None:
            raise SvgRefused(f"line {line}: {kind}() with {len(values)} numbers cannot be read; export the file again")
        matrix = _times(matrix, step)
        at = match.end()
    return matrix


def _step(kind: str, v: list[float]):
    if kind == "matrix" and len(v) == 6:
        return tuple(v)
    if kind == "translate" and len(v) in (1, 2):
        return (1.0, 0.0, 0.0, 1.0, v[0], v[1] if len(v) == 2 else 0.0)
    if kind == "scale" and len(v) in (1, 2):
        return (v[0], 0.0, 0.0, v[1] if len(v) == 2 else v[0], 0.0, 0.0)
    if kind == "rotate" and len(v) in (1, 3):
        r = math.radians(v[0])
        turn = (math.cos(r), math.sin(r), -math.sin(r), math.cos(r), 0.0, 0.0)
        if len(v) == 1:
            return turn
        cx, cy = v[1], v[2]
        return _times((1.0, 0.0, 0.0, 1.0, cx, cy), _times(turn, (1.0, 0.0, 0.0, 1.0, -cx, -cy)))
    if kind == "skewx" and len(v) == 1:
        return (1.0, 0.0, math.tan(math.radians(v[0])), 1.0, 0.0, 0.0)
    if kind == "skewy" and len(v) == 1:
        return (1.0, math.tan(math.radians(v[0])), 0.0, 1.0, 0.0, 0.0)
    return None


RGB_FUNCTION = re.compile(r"rgba?\(\s*([^)]*)\)$", re.IGNORECASE)


def _colour(text: str) -> tuple[str, float] | None:
    """'#rrggbb' and an alpha (0..1) for a CSS colour, or None for one pnp cannot read."""
    text = text.strip()
    match = RGB_FUNCTION.match(text)
    if match:
        parts = [p for p in re.split(r"[\s,/]+", match.group(1)) if p]
        if len(parts) not in (3, 4):
            return None
        try:
            channels = [min(255, max(0, round(float(p[:-1]) * 2.55 if p.endswith("%") else float(p)))) for p in parts[:3]]
            alpha = (float(parts[3][:-1]) / 100 if parts[3].endswith("%") else float(parts[3])) if len(parts) == 4 else 1.0
        except ValueError:
            return None
        return "#{:02x}{:02x}{:02x}".format(*channels), min(1.0, max(0.0, alpha))
    from PIL import ImageColor

    try:
        rgb = ImageColor.getrgb(text)
    except ValueError:
        return None
    return "#{:02x}{:02x}{:02x}".format(*rgb[:3]), (rgb[3] / 255 if len(rgb) == 4 else 1.0)


# ---------------------------------------------------------------------------------------------------------------
# path data: absolute moves, lines and cubic curves

COMMAND = re.compile(r"[\s,]*([MmZzLlHhVvCcSsQqTtAa])")
ARGUMENTS = {"m": 2, "l": 2, "h": 1, "v": 1, "c": 6, "s": 4, "q": 4, "t": 2, "a": 7, "z": 0}


class _PathError(ValueError):
    pass


def _path_data(d: str, line: int, budget: list) -> tuple[tuple, bool]:
    """The commands path data draws, and whether it was read to its end (an error stops it, as browsers do)."""
    out, at = [], 0
    x = y = start_x = start_y = 0.0
    last_control, last = None, ""
    try:
        while True:
            match = COMMAND.match(d, at)
            if not match:
                if SEPARATORS.match(d, at).end() == len(d):
                    return tuple(out), True
                raise _PathError
            letter, at = match.group(1), match.end()
            kind = letter.lower()
            first = True
            while True:
                if kind == "z":
                    if out and out[-1][0] != "Z":
                        out.append(("Z",))
                    x, y, last_control = start_x, start_y, None
                    break
                args, at = _arguments(d, at, kind, line)
                if args is None:
                    if first:
                        raise _PathError
                    break
                relative = letter.islower()
                ox, oy = (x, y) if relative else (0.0, 0.0)
                if kind == "m":
                    x, y = args[0] + ox, args[1] + oy
                    if first:
                        out.append(("M", x, y))
                        start_x, start_y = x, y
                    else:  # pairs after a move's first are lines
                        out.append(("L", x, y))
                    last_control = None
                elif kind in ("l", "h", "v"):
                    if kind == "h":
                        x = args[0] + (x if relative else 0.0)
                    elif kind == "v":
                        y = args[0] + (y if relative else 0.0)
                    else:
                        x, y = args[0] + ox, args[1] + oy
                    out.append(("L", x, y))
                    last_control = None
                elif kind in ("c", "s"):
                    if kind == "c":
                        x1, y1, x2, y2, ex, ey = args[0] + ox, args[1] + oy, args[2] + ox, args[3] + oy, args[4] + ox, args[5] + oy
                    else:
                        x1, y1 = (2 * x - last_control[0], 2 * y - last_control[1]) if last in "CcSs" and last_control else (x, y)
                        x2, y2, ex, ey = args[0] + ox, args[1] + oy, args[2] + ox, args[3] + oy
                    out.append(("C", x1, y1, x2, y2, ex, ey))
                    last_control, x, y = (x2, y2), ex, ey
                elif kind in ("q", "t"):
                    if kind == "q":
                        qx, qy, ex, ey = args[0] + ox, args[1] + oy, args[2] + ox, args[3] + oy
                    else:
                        qx, qy = (2 * x - last_control[0], 2 * y - last_control[1]) if last in "QqTt" and last_control else (x, y)
                        ex, ey = args[0] + ox, args[1] + oy
                    out.append(("C", x + 2 / 3 * (qx - x), y + 2 / 3 * (qy - y), ex + 2 / 3 * (qx - ex), ey + 2 / 3 * (qy - ey), ex, ey))
                    last_control, x, y = (qx, qy), ex, ey
                else:  # "a"
                    ex, ey = args[5] + ox, args[6] + oy
                    out += _arc(x, y, args[0], args[1], args[2], args[3], args[4], ex, ey)
                    x, y, last_control = ex, ey, None
                if not out or out[0][0] != "M":
                    raise _PathError  # path data starts with a move
                if len(out) > budget[0]:
                    raise SvgRefused(f"line {line}: has more than {MAX_SVG_PATH_COMMANDS:,} path segments in all; "
                                     "simplify it or export it as PNG")
                last, first = letter, False
                if kind == "m":
                    letter = "l" if relative else "L"
                    kind = "l"
                    last = "M"
    except _PathError:
        return tuple(out), False
    finally:
        budget[0] -= len(out)


def _arguments(d: str, at: int, kind: str, line: int):
    """The numbers of one command's segment at `at` (arc flags are single digits: '011' is 0, 1, 1), or None."""
    values = []
    for index in range(ARGUMENTS[kind]):
        at = SEPARATORS.match(d, at).end()
        if kind == "a" and index in (3, 4):
            if at < len(d) and d[at] in "01":
                values.append(float(d[at]))
                at += 1
                continue
            return None, at
        match = NUMBER.match(d, at)
        if not match:
            return None, at
        values.append(_bounded(float(match.group()), line))
        at = match.end()
    return values, at


def _arc(x1, y1, rx, ry, angle, large, sweep, x2, y2) -> list[tuple]:
    """An elliptical arc as cubic curves of at most a quarter turn each (SVG 1.1, appendix F.6.5)."""
    if (x1, y1) == (x2, y2):
        return []
    rx, ry = abs(rx), abs(ry)
    if rx == 0 or ry == 0:
        return [("L", x2, y2)]
    phi = math.radians(angle % 360)
    cos_phi, sin_phi = math.cos(phi), math.sin(phi)
    dx, dy = (x1 - x2) / 2, (y1 - y2) / 2
    x1p, y1p = cos_phi * dx + sin_phi * dy, -sin_phi * dx + cos_phi * dy
    grow = (x1p / rx) ** 2 + (y1p / ry) ** 2
    if grow > 1:  # radii too small to reach: scaled up until they do
        rx, ry = rx * math.sqrt(grow), ry * math.sqrt(grow)
    numerator = rx * rx * ry * ry - rx * rx * y1p * y1p - ry * ry * x1p * x1p
    denominator = rx * rx * y1p * y1p + ry * ry * x1p * x1p
    root = math.sqrt(max(0.0, numerator / denominator)) if denominator else 0.0
    if large == sweep:
        root = -root
    cxp, cyp = root * rx * y1p / ry, -root * ry * x1p / rx
    cx = cos_phi * cxp - sin_phi * cyp + (x1 + x2) / 2
    cy = sin_phi * cxp + cos_phi * cyp + (y1 + y2) / 2
    start = math.atan2((y1p - cyp) / ry, (x1p - cxp) / rx)
    end = math.atan2((-y1p - cyp) / ry, (-x1p - cxp) / rx)
    delta = end - start
    if sweep and delta < 0:
        delta += 2 * math.pi
    elif not sweep and delta > 0:
        delta -= 2 * math.pi
    pieces = max(1, math.ceil(abs(delta) / (math.pi / 2) - 1e-9))
    step = delta / pieces
    k = 4 / 3 * math.tan(step / 4)
    out = []

    def point(t):
        ex, ey = rx * math.cos(t), ry * math.sin(t)
        return cos_phi * ex - sin_phi * ey + cx, sin_phi * ex + cos_phi * ey + cy

    def slope(t):
        ex, ey = -rx * math.sin(t), ry * math.cos(t)
        return cos_phi * ex - sin_phi * ey, sin_phi * ex + cos_phi * ey

    t = start
    for index in range(pieces):
        t2 = t + step
        (px, py), (qx, qy) = point(t), point(t2)
        (dx1, dy1), (dx2, dy2) = slope(t), slope(t2)
        if index == pieces - 1:
            qx, qy = x2, y2
        out.append(("C", px + k * dx1, py + k * dy1, qx - k * dx2, qy - k * dy2, qx, qy))
        t = t2
    return out


KAPPA = 0.5522847498  # a quarter circle's control points, as a fraction of its radius


def _ellipse(cx, cy, rx, ry) -> tuple:
    kx, ky = rx * KAPPA, ry * KAPPA
    return (("M", cx + rx, cy), ("C", cx + rx, cy + ky, cx + kx, cy + ry, cx, cy + ry),
            ("C", cx - kx, cy + ry, cx - rx, cy + ky, cx - rx, cy), ("C", cx - rx, cy - ky, cx - kx, cy - ry, cx, cy - ry),
            ("C", cx + kx, cy - ry, cx + rx, cy - ky, cx + rx, cy), ("Z",))


def _rounded_rect(x, y, w, h, rx, ry) -> tuple:
    if not rx or not ry:
        return (("M", x, y), ("L", x + w, y), ("L", x + w, y + h), ("L", x, y + h), ("Z",))
    kx, ky = rx * KAPPA, ry * KAPPA
    return (("M", x + rx, y), ("L", x + w - rx, y), ("C", x + w - rx + kx, y, x + w, y + ry - ky, x + w, y + ry),
            ("L", x + w, y + h - ry), ("C", x + w, y + h - ry + ky, x + w - rx + kx, y + h, x + w - rx, y + h),
            ("L", x + rx, y + h), ("C", x + rx - kx, y + h, x, y + h - ry + ky, x, y + h - ry),
            ("L", x, y + ry), ("C", x, y + ry - ky, x + rx - kx, y, x + rx, y), ("Z",))


# ---------------------------------------------------------------------------------------------------------------
# the drawing: styles cascaded, shapes collected

INHERITED = {"fill": "#000000", "fill-opacity": "1", "fill-rule": "nonzero", "stroke": "none", "stroke-width": "1",
             "stroke-opacity": "1", "stroke-linecap": "butt", "stroke-linejoin": "miter", "stroke-miterlimit": "4",
             "stroke-dasharray": "none", "stroke-dashoffset": "0", "visibility": "visible", "color": "#000000"}
OWN = ("opacity", "display", "clip-path", "mask", "filter", "marker-start", "marker-mid", "marker-end")
PROPERTIES = set(INHERITED) | set(OWN) | {"marker"}
CAPS = {"butt": 0, "round": 1, "square": 2}
JOINS = {"miter": 0, "miter-clip": 0, "arcs": 0, "round": 1, "bevel": 2}
SHAPES = ("path", "rect", "circle", "ellipse", "line", "polyline", "polygon")
CONTAINERS = ("g", "a", "svg", "switch")
SILENT = ("title", "desc", "metadata", "style", "defs", "symbol", "linearGradient", "radialGradient", "stop",
          "clipPath", "mask", "pattern", "marker", "filter")  # definitions: drawn only where they are used
UNDRAWN = {"text": "text is not drawn; convert it to paths (Inkscape: Path > Object to Path)",
           "image": "embedded pictures are not drawn; put the picture in an image box of its own",
           "foreignObject": "foreignObject is not drawn"}
REFERENCES = {"clip-path": "clipping paths are not applied (the shapes are drawn whole)",
              "mask": "masks are not applied", "filter": "filters (shadows, blurs) are not applied",
              "marker-start": "markers (arrowheads) are not drawn", "marker-mid": "markers (arrowheads) are not drawn",
              "marker-end": "markers (arrowheads) are not drawn", "marker": "markers (arrowheads) are not drawn"}
CSS_RULE = re.compile(r"([^{}]+)\{([^{}]*)\}")
SIMPLE_SELECTOR = re.compile(r"^(?:[A-Za-z][\w-]*|\.[\w-]+|#[\w-]+)$")


def _declarations(text: str) -> dict:
    out = {}
    for part in text.split(";"):
        name, colon, value = part.partition(":")
        if colon:
            out[name.strip().lower()] = value.replace("!important", "").strip()
    return out


class _Drawing:
    def __init__(self, root: _Node):
        self.root = root
        self.ids: dict[str, _Node] = {}
        self.rules: list[tuple[str, dict]] = []  # (selector, declarations), in the stylesheet's order
        self.shapes: list[Shape] = []
        self.notes: dict[str, list] = {}  # what is not drawn -> [first line, how many times]
        self.budget = [MAX_SVG_PATH_COMMANDS]
        self.elements = 0
        self._index(root)

    def _index(self, root: _Node) -> None:
        stack = [root]
        while stack:
            node = stack.pop()
            if "id" in node.attrs:
                self.ids.setdefault(node.attrs["id"], node)
            if node.tag == "style":
                self._stylesheet(node)
            stack += reversed(node.children)

    def _stylesheet(self, node: _Node) -> None:
        text = re.sub(r"/\*.*?\*/", "", "".join(node.text), flags=re.DOTALL)
        for selectors, body in CSS_RULE.findall(text):
            declarations = _declarations(body)
            for selector in selectors.split(","):
                selector = selector.strip()
                if SIMPLE_SELECTOR.match(selector):
                    self.rules.append((selector, declarations))
                elif selector:
                    self._note(node.line, f"the CSS selector '{selector[:40]}' is not applied (plain tag, .class and "
                                          "#id selectors are)")

    def _note(self, line: int, what: str) -> None:
        entry = self.notes.setdefault(what, [line, 0])
        entry[1] += 1

    def svg(self, digest: str) -> Svg:
        width, height, view, self.user_size = self._viewport(self.root, None)
        style = self._style(self.root, dict(INHERITED))  # the root's own paint (fill="currentColor") is inherited
        self._children(self.root, view, style, self._fraction(style.get("opacity", "1")), 0)
        notes = tuple(f"line {line}: {what}" + (f" ({count} places)" if count > 1 else "")
                      for what, (line, count) in sorted(self.notes.items(), key=lambda item: item[1][0]))
        return Svg(width, height, tuple(self.shapes), notes, digest)

    def _viewport(self, node: _Node, parent: tuple[float, float] | None):
        """The element's size and the matrix from its viewBox to its viewport (SVG's preserveAspectRatio)."""
        box = _numbers(node.attrs.get("viewBox", ""), node.line)
        if node.attrs.get("viewBox") is not None and (len(box) != 4 or box[2] <= 0 or box[3] <= 0):
            raise SvgRefused(f"line {node.line}: the viewBox '{node.attrs['viewBox'][:40]}' is not four numbers with a "
                             "positive width and height")
        reference = parent or ((box[2], box[3]) if box else (0.0, 0.0))
        width = _length(node.attrs.get("width"), node.line, reference[0])
        height = _length(node.attrs.get("height"), node.line, reference[1])
        if box:
            if width <= 0 and height <= 0:
                width, height = box[2], box[3]
            elif width <= 0:
                width = height * box[2] / box[3]
            elif height <= 0:
                height = width * box[3] / box[2]
        elif width <= 0 or height <= 0:
            raise SvgRefused(f"line {node.line}: has no viewBox and no width and height; pnp cannot tell its size: "
                             "give it a viewBox")
        if min(width, height, *(box[2:] or (1.0,))) < MIN_SIZE:  # scaled up to a box, its numbers would overflow
            raise SvgRefused(f"line {node.line}: its size or viewBox is under {MIN_SIZE:g}; scale the drawing up")
        if not box:
            return width, height, IDENTITY, (width, height)
        sx, sy = width / box[2], height / box[3]
        align, _, meet = node.attrs.get("preserveAspectRatio", "xMidYMid meet").strip().partition(" ")
        if align != "none":
            sx = sy = (max if meet.strip() == "slice" else min)(sx, sy)
        tx, ty = -box[0] * sx, -box[1] * sy
        if align != "none":
            tx += {"xMin": 0.0, "xMax": 1.0}.get(align[:4], 0.5) * (width - box[2] * sx)
            ty += {"YMin": 0.0, "YMax": 1.0}.get(align[4:8], 0.5) * (height - box[3] * sy)
        return width, height, (sx, 0.0, 0.0, sy, tx, ty), (box[2], box[3])

    def _style(self, node: _Node, inherited: dict) -> dict:
        style = {k: v for k, v in inherited.items() if k in INHERITED}
        declared = {k: v.strip() for k, v in node.attrs.items() if k in PROPERTIES}
        classes = set(node.attrs.get("class", "").split())
        for selector, declarations in self.rules:  # tags, then classes, then ids: CSS's order of weight
            if selector == node.tag:
                declared.update(declarations)
        for selector, declarations in self.rules:
            if selector[0] == "." and selector[1:] in classes:
                declared.update(declarations)
        for selector, declarations in self.rules:
            if selector[0] == "#" and selector[1:] == node.attrs.get("id"):
                declared.update(declarations)
        declared.update(_declarations(node.attrs.get("style", "")))
        for name, value in declared.items():
            if value != "inherit" and name in PROPERTIES:
                style[name] = value
        for name, what in REFERENCES.items():
            if style.get(name, "none") != "none":
                self._note(node.line, what)
        return style

    def _children(self, node: _Node, matrix, style: dict, opacity: float, depth: int) -> None:
        for child in node.children:
            self._element(child, matrix, style, opacity, depth + 1)

    def _element(self, node: _Node, matrix, inherited: dict, opacity: float, depth: int) -> None:
        self.elements += 1
        if self.elements > MAX_SVG_ELEMENTS or depth > MAX_SVG_DEPTH:
            raise SvgRefused(f"line {node.line}: draws more than {MAX_SVG_ELEMENTS:,} elements, or nests them more "
                             f"than {MAX_SVG_DEPTH} deep, once its <use>s are followed; simplify it")
        tag = node.tag
        if tag in SILENT or " " in tag:  # definitions, and other programs' elements (Inkscape's, Illustrator's)
            return
        if tag in UNDRAWN or tag in ("tspan", "textPath"):
            self._note(node.line, UNDRAWN.get(tag, UNDRAWN["text"]))
            return
        if tag not in SHAPES and tag not in CONTAINERS and tag != "use":
            self._note(node.line, f"<{tag}> is not drawn")
            return
        style = self._style(node, inherited)
        if style.get("display", "inline").strip() == "none":
            return
        opacity *= self._fraction(style.get("opacity", "1"))
        if "transform" in node.attrs:
            matrix = _times(matrix, _transform(node.attrs["transform"], node.line))
        if tag == "svg":  # nested: its own viewport at x, y
            _, _, view, _ = self._viewport(node, self.user_size)
            shift = (1.0, 0.0, 0.0, 1.0, _length(node.attrs.get("x"), node.line), _length(node.attrs.get("y"), node.line))
            matrix = _times(matrix, _times(shift, view))
        if tag in CONTAINERS:
            self._children(node, matrix, style, opacity, depth)
        elif tag == "use":
            self._use(node, matrix, style, opacity, depth)
        elif style.get("visibility", "visible").strip() not in ("hidden", "collapse"):
            self._shape(node, matrix, style, opacity)

    def _use(self, node: _Node, matrix, style: dict, opacity: float, depth: int) -> None:
        target = node.attrs.get("href") or node.attrs.get(f"{XLINK_NS} href") or ""
        used = self.ids.get(target.strip()[1:]) if target.strip().startswith("#") else None
        if used is None:
            self._note(node.line, f"<use> of '{target[:40]}', which is not in the file, draws nothing")
            return
        shift = (1.0, 0.0, 0.0, 1.0, _length(node.attrs.get("x"), node.line), _length(node.attrs.get("y"), node.line))
        matrix = _times(matrix, shift)
        if used.tag == "symbol":
            self._children(used, matrix, style, opacity, depth)
        else:
            self._element(used, matrix, style, opacity, depth + 1)

    def _fraction(self, text: str) -> float:
        try:
            value = float(text[:-1]) / 100 if text.strip().endswith("%") else float(text)
        except ValueError:
            return 1.0
        return min(1.0, max(0.0, value)) if value == value else 1.0

    def _outline(self, node: _Node) -> tuple | None:
        a, line = node.attrs, node.line
        width, height = self.user_size  # what percentages are of
        diagonal = math.hypot(width, height) / math.sqrt(2)

        def length(name, reference=diagonal):
            return _length(a.get(name), line, reference)

        if node.tag == "path":
            commands, whole = _path_data(a.get("d", ""), line, self.budget)
            if not whole:
                self._note(line, "path data with an error is drawn up to the error")
            return commands
        if node.tag == "rect":
            w, h = length("width", width), length("height", height)
            if w <= 0 or h <= 0:
                return None
            rx, ry = a.get("rx"), a.get("ry")
            rx_value = length("rx", width) if rx is not None else None
            ry_value = length("ry", height) if ry is not None else None
            rx_value = ry_value if rx_value is None else rx_value
            ry_value = rx_value if ry_value is None else ry_value
            return _rounded_rect(length("x", width), length("y", height), w, h, min(rx_value or 0.0, w / 2),
                                 min(ry_value or 0.0, h / 2))
        if node.tag in ("circle", "ellipse"):
            rx = length("r") if node.tag == "circle" else length("rx", width)
            ry = length("r") if node.tag == "circle" else length("ry", height)
            return _ellipse(length("cx", width), length("cy", height), rx, ry) if rx > 0 and ry > 0 else None
        if node.tag == "line":
            return (("M", length("x1", width), length("y1", height)), ("L", length("x2", width), length("y2", height)))
        points = _numbers(a.get("points", ""), line)
        if len(points) < 4:
            return None
        commands = [("M", points[0], points[1])] + [("L", points[i], points[i + 1]) for i in range(2, len(points) - 1, 2)]
        return tuple(commands + ([("Z",)] if node.tag == "polygon" else []))

    def _shape(self, node: _Node, matrix, style: dict, opacity: float) -> None:
        commands = self._outline(node)
        if not commands:
            return
        for value in matrix:
            _bounded(value, node.line)
        fill, fill_alpha = self._paint(style["fill"], node.line)
        stroke, stroke_alpha = self._paint(style["stroke"], node.line)
        stroke_width = _length(style["stroke-width"], node.line, 1.0)
        if stroke_width <= 0:
            stroke = None
        if node.tag in ("line",):
            fill = None
        if fill is None and stroke is None:
            return
        dash = tuple(v for v in _numbers(style["stroke-dasharray"], node.line) if v >= 0)
        if dash and not any(dash):
            dash = ()
        self.shapes.append(Shape(
            commands=commands, matrix=matrix, fill=fill,
            fill_opacity=opacity * fill_alpha * self._fraction(style["fill-opacity"]),
            even_odd=style["fill-rule"].strip() == "evenodd", stroke=stroke, stroke_width=stroke_width,
            stroke_opacity=opacity * stroke_alpha * self._fraction(style["stroke-opacity"]),
            cap=CAPS.get(style["stroke-linecap"].strip(), 0), join=JOINS.get(style["stroke-linejoin"].strip(), 0),
            miter_limit=max(1.0, _length(style["stroke-miterlimit"], node.line, default=4.0)),
            dash=dash * (2 if len(dash) % 2 else 1), dash_offset=_length(style["stroke-dashoffset"], node.line)))

    def _paint(self, value: str, line: int) -> tuple[str | None, float]:
        value = value.strip()
        if value in ("none", "transparent", ""):
            return None, 1.0
        if value.lower() == "currentcolor":
            return CURRENT, 1.0
        if value.startswith("url("):
            ident, _, fallback = value[4:].partition(")")
            used = self.ids.get(ident.strip().strip("'\"").lstrip("#"))
            if used is not None and used.tag in ("linearGradient", "radialGradient"):
                self._note(line, "gradients are drawn in one colour, the mean of their stops")
                return self._mean_colour(used, line)
            self._note(line, "patterns are not drawn; their shapes are filled with the fallback colour or not at all")
            return self._paint(fallback or "none", line)
        colour = _colour(value)
        if colour is None:
            self._note(line, f"the colour '{value[:30]}' cannot be read; drawn black")
            return "#000000", 1.0
        return colour

    def _mean_colour(self, gradient: _Node, line: int) -> tuple[str | None, float]:
        stops = [node for node in gradient.children if node.tag == "stop"]
        link = gradient.attrs.get("href") or gradient.attrs.get(f"{XLINK_NS} href") or ""
        if not stops and link.startswith("#") and link[1:] in self.ids:  # stops kept in another gradient
            stops = [node for node in self.ids[link[1:]].children if node.tag == "stop"]
        colours = []
        for stop in stops:
            declared = {**stop.attrs, **_declarations(stop.attrs.get("style", ""))}
            colour = _colour(declared.get("stop-color", "#000000")) or ("#000000", 1.0)
            colours.append((colour[0], colour[1] * self._fraction(declared.get("stop-opacity", "1"))))
        if not colours:
            return None, 1.0
        channels = [sum(int(c[1 + 2 * i:3 + 2 * i], 16) for c, _ in colours) / len(colours) for i in range(3)]
        return "#{:02x}{:02x}{:02x}".format(*(round(c) for c in channels)), sum(a for _, a in colours) / len(colours)


# ---------------------------------------------------------------------------------------------------------------
# the clean copy: for the HTML rules reference, the shapes as read, and nothing else of the file

def _n(value: float) -> str:
    return f"{value:.4f}".rstrip("0").rstrip(".")


def clean_svg(svg: Svg, color: str = "#000000") -> str:
    """The drawing as a new SVG document of plain paths: what pnp read of the file, never what it did not (no
    scripts, links or styles of the original reach a page that shows it). currentColor is `color`."""
    parts = []
    for shape in svg.shapes:
        d = " ".join(c[0] + " ".join(_n(v) for v in c[1:]) for c in shape.commands)
        fill = color if shape.fill == CURRENT else (shape.fill or "none")
        paint = f' fill="{fill}" fill-opacity="{_n(shape.fill_opacity)}"'
        if shape.even_odd:
            paint += ' fill-rule="evenodd"'
        if shape.stroke:
            stroke = color if shape.stroke == CURRENT else shape.stroke
            paint += (f' stroke="{stroke}" stroke-width="{_n(shape.stroke_width)}" stroke-opacity="{_n(shape.stroke_opacity)}"'
                      f' stroke-linecap="{("butt", "round", "square")[shape.cap]}"'
                      f' stroke-linejoin="{("miter", "round", "bevel")[shape.join]}"'
                      f' stroke-miterlimit="{_n(shape.miter_limit)}"')
            if shape.dash:
                paint += f' stroke-dasharray="{" ".join(_n(v) for v in shape.dash)}" stroke-dashoffset="{_n(shape.dash_offset)}"'
        matrix = " ".join(_n(v) for v in shape.matrix)
        parts.append(f'<path transform="matrix({matrix})" d="{d}"{paint}/>')
    return (f'<svg xmlns="{SVG_NS}" viewBox="0 0 {_n(svg.width)} {_n(svg.height)}" width="{_n(svg.width)}" '
            f'height="{_n(svg.height)}" overflow="hidden">{"".join(parts)}</svg>')
