"""SVG art drawn as vectors: an SVG file wherever an image may stand (PdfBackend.image hands it here), its shapes
as read by pnp.reading.svg_files, in the PDF's own paths.

Each picture is a symbol (a PDF form, drawn once per document for each size, fit and colour) fitted into its box
with its aspect kept as raster images are: the whole picture in the box (`contain`) or the box filled and the rest
cut off (`cover`); what lies outside the SVG's own viewport is cut off too, as a browser does.

Colour goes through the backend's colour functions, so a CMYK press file gets every fill and stroke through the
press profile (pnp.render.press) and no RGB at all: fills as any fill, strokes as lines (pure black strokes in black
ink alone). A press file has no transparency (PDF/X-1a): there a shape's opacity is flattened on paper white, as a
transparent raster image is; RGB files keep it as the PDF's own.
"""
from __future__ import annotations

from reportlab.pdfgen.canvas import FILL_EVEN_ODD, FILL_NON_ZERO

from pnp.reading.svg_files import CURRENT, Svg, read_svg
from pnp.render.backend import symbol

DEFAULT_COLOR = "#000000"  # currentColor where the picture is shown in no colour of its own (a browser's default)


def draw_svg(backend, path: str, x: float, y: float, w: float, h: float, fit: str = "contain",
             color: str | None = None) -> None:
    """The SVG at `path` fitted into the w x h box at (x, y), currentColor drawn in `color`."""
    svg = read_svg(path)
    current = color or DEFAULT_COLOR
    key = f"svg:{svg.digest}:{w:.2f}x{h:.2f}:{fit}:{current}"
    symbol(backend, key, w, h, lambda inner: _draw(inner, svg, w, h, fit, current), x, y)


def fitted(svg: Svg, w: float, h: float, fit: str) -> tuple[float, float, float]:
    """The scale (points per SVG px) and the offset of the picture's top-left corner in a w x h box."""
    scale = (max if fit == "cover" else min)(w / svg.width, h / svg.height)
    return scale, (w - svg.width * scale) / 2, (h + svg.height * scale) / 2


def _draw(backend, svg: Svg, w: float, h: float, fit: str, current: str) -> None:
    canvas = backend.canvas
    scale, left, top = fitted(svg, w, h, fit)
    canvas.saveState()
    _clip(canvas, 0, 0, w, h)
    canvas.transform(scale, 0, 0, -scale, left, top)  # SVG's y runs down the page
    _clip(canvas, 0, 0, svg.width, svg.height)
    for shape in svg.shapes:
        _shape(backend, shape, current)
    canvas.restoreState()


def _clip(canvas, x, y, w, h) -> None:
    path = canvas.beginPath()
    path.rect(x, y, w, h)
    canvas.clipPath(path, stroke=0, fill=0)


def _shape(backend, shape, current: str) -> None:
    fill = _paint(backend, shape.fill, shape.fill_opacity, current, "fill")
    stroke = _paint(backend, shape.stroke, shape.stroke_opacity, current, "stroke")
    if not fill and not stroke:
        return
    canvas = backend.canvas
    canvas.saveState()
    canvas.transform(*shape.matrix)
    if stroke:
        canvas.setLineWidth(shape.stroke_width)
        canvas.setLineCap(shape.cap)
        canvas.setLineJoin(shape.join)
        canvas.setMiterLimit(shape.miter_limit)
        if shape.dash:
            canvas.setDash(list(shape.dash), shape.dash_offset)
    outline = canvas.beginPath()
    for command in shape.commands:
        op = command[0]
        if op == "M":
            outline.moveTo(*command[1:])
        elif op == "L":
            outline.lineTo(*command[1:])
        elif op == "C":
            outline.curveTo(*command[1:])
        else:
            outline.close()
    canvas.drawPath(outline, stroke=1 if stroke else 0, fill=1 if fill else 0,
                    fillMode=FILL_EVEN_ODD if shape.even_odd else FILL_NON_ZERO)
    canvas.restoreState()


def _paint(backend, colour: str | None, opacity: float, current: str, role: str) -> bool:
    """Set the fill or stroke colour (through the backend: a press's CMYK), with its opacity; False: nothing to paint."""
    if colour is None or opacity <= 0:
        return False
    colour = current if colour == CURRENT else colour
    canvas = backend.canvas
    if backend.press is not None and opacity < 1:  # no transparency in a press file: flattened on paper white
        colour, opacity = _on_white(colour, opacity), 1.0
    if role == "fill":
        canvas.setFillColor(backend.color(colour))
        if opacity < 1:
            canvas.setFillAlpha(opacity)
    else:
        canvas.setStrokeColor(backend.line_color(colour))
        if opacity < 1:
            canvas.setStrokeAlpha(opacity)
    return True


def _on_white(colour: str, opacity: float) -> str:
    channels = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    return "#{:02x}{:02x}{:02x}".format(*(round(255 - (255 - c) * opacity) for c in channels))
