"""Drawing one card side: a `Face` bound by pnp.content.binding (template, values, fitted text).

A face is stored once per document as a symbol, so copies and repeated backs
cost one reference each.
"""
from __future__ import annotations

from pnp.content.binding import Face
from pnp.core.shapes import polygon
from pnp.layout import Box, CardLayout
from pnp.reading.svg_files import is_svg
from pnp.render.backend import Backend, Drawn, RecordingBackend, place_emblem, symbol
from pnp.render.form_reuse import Sharing
from pnp.text import direction, markup
from pnp.text.direction import has_rtl
from pnp.text.fit import paragraph_base
from pnp.text.fonts import base_of, family_of, font_of, string_width
from pnp.text.inline import ICON_EM, ICON_RISE, OBJECT, segments
from pnp.text.inline import width as inline_width

DIFFICULTY_COLORS = {"green": "#2e9e48", "yellow": "#e3b21b", "red": "#c7372f"}
# each level a shape of its own as well as a colour: read without colour vision, and never taken for a game's own
# green, yellow and red (a deck of green, yellow and red cards)
DIFFICULTY_SHAPES = {"green": "circle", "yellow": "diamond", "red": "triangle"}


def difficulty_outline(level: str, cx: float, cy: float, r: float) -> list[tuple[float, float]] | None:
    """The corners of a level's mark centred on (cx, cy) within radius r; None for a circle."""
    shape = DIFFICULTY_SHAPES[level]
    if shape == "diamond":
        return [(cx, cy + r), (cx + r, cy), (cx, cy - r), (cx - r, cy)]
    if shape == "triangle":
        return [(cx, cy + r), (cx + r * 0.95, cy - r * 0.75), (cx - r * 0.95, cy - r * 0.75)]
    return None
ASCENT = 0.78  # baseline sits this many font sizes below a line's top


def draw_face(backend: Backend, face: Face, layout: CardLayout, emblems: dict, x: float, y: float) -> None:
    """Place a face with the bottom-left corner of its bleed at (x, y)."""
    size = face_size(face, layout)
    width, height = size.width + 2 * size.bleed, size.height + 2 * size.bleed
    symbol(backend, face.key, width, height, lambda b: _draw(b, face, layout, emblems), x, y)


class BoxDrawing:
    """What one box of a face draws, as the recording backend saw it: what each call covers (`drawn`), the
    strings it prints (`texts`) and each string with its font (`lettering`)."""

    __slots__ = ("box", "drawn", "texts", "lettering")

    def __init__(self, box: Box, drawn: list[Drawn], texts: list[str], lettering: list[tuple[str, str]]):
        self.box, self.drawn, self.texts, self.lettering = box, drawn, texts, lettering


def box_drawings(face: Face, layout: CardLayout, emblems: dict) -> list[BoxDrawing]:
    """Each box the face shows, fills aside, drawn alone into a recording backend. Recorded once per face and
    kept on it: the validator's checks, the card reference's facts and every rulebook's legible scale read the
    same drawings, and a build's workers inherit them from the validation before they fork."""
    kept = face.__dict__.get("_box_drawings")  # not a field: a face's fingerprint and equality ignore it
    if kept is not None and kept[0] is layout and kept[1] is emblems:
        return kept[2]
    drawings = []
    recorded = layout.__dict__.get("_recorded_symbols")  # its emblems, recorded once for every face of the layout
    if recorded is None or recorded[0] is not emblems:
        recorded = layout.__dict__["_recorded_symbols"] = (emblems, {})
    for box in face.template.boxes:
        if box.type == "fill" or not box.shown_on(face.values):
            continue
        pen = RecordingBackend(recorded[1])
        draw_box(pen, box, face, layout, emblems)
        drawings.append(BoxDrawing(box, pen.drawn, pen.texts(), pen.lettering))
    face.__dict__["_box_drawings"] = (layout, emblems, drawings)
    return drawings


def game_sharing(project) -> Sharing:
    """What lets a document of a game's faces (its deck files, print-shop files, card images and rulebooks) reuse
    their finished forms from the process's other documents (pnp.render.form_reuse): the scope (the project) and
    every (font, string) all the game's faces print, as recorded. So each document settles its fonts alike, and a
    face drawn in any of them is put into the others (a worker drawing a rulebook's card reference has drawn its
    decks' faces)."""
    faces = {id(face): face for face in (*project.faces.fronts.values(), *project.faces.backs.values())}.values()
    return Sharing(project, frozenset(pair for face in faces
                                      for drawing in box_drawings(face, project.layout, project.game.emblems)
                                      for pair in drawing.lettering))


def smallest_face_text(face: Face, layout: CardLayout, emblems: dict) -> float | None:
    """The size of the smallest text the face prints (as drawn, scales inside it included); None if it prints none."""
    sizes = [d.size for drawing in box_drawings(face, layout, emblems) for d in drawing.drawn if d.kind == "text"]
    return min(sizes) if sizes else None


def face_size(face: Face, layout: CardLayout):
    """The card size a face is drawn for: its template's, else the layout's."""
    return face.template.size or layout.size


def _draw(b: Backend, face: Face, layout: CardLayout, emblems: dict) -> None:
    for box in face.template.boxes:
        if box.shown_on(face.values):  # `when:` names a value this card leaves unset (or sets)
            draw_box(b, box, face, layout, emblems)


def draw_box(b: Backend, box: Box, face: Face, layout: CardLayout, emblems: dict) -> None:
    """One box of a face, in the face's coordinates (the bleed's bottom-left corner at the origin)."""
    size = face_size(face, layout)
    if box.type == "fill":
        b.rect(0, 0, size.width + 2 * size.bleed, size.height + 2 * size.bleed, fill=_color(box.color, face.values))
        return
    left = size.bleed + box.x
    bottom = size.bleed + size.height - box.y - box.h
    if box.rotate:
        b.save()
        b.translate(left + box.w / 2, bottom + box.h / 2)
        b.rotate(box.rotate)
        b.translate(-(left + box.w / 2), -(bottom + box.h / 2))
    if box.type in DRAWERS:
        DRAWERS[box.type](b, box, face, layout, emblems, left, bottom)
    else:  # a box the game's package draws from the card's data
        layout.box_kinds[box.type].draw(b, box, face, layout, emblems, left, bottom)
    if box.rotate:
        b.restore()


def _color(value: str | None, values: dict) -> str | None:
    if value and value.startswith("{"):
        return values.get(value.strip("{}"), "#ff00ff")
    return value


def _draw_rect(b, box: Box, face, layout, emblems, left, bottom):
    b.rect(left, bottom, box.w, box.h, fill=_color(box.fill, face.values), stroke=_color(box.stroke, face.values),
           width=box.stroke_width, radius=box.radius)


def _draw_text(b, box: Box, face, layout, emblems, left, bottom):
    fit = face.fits.get(box.name)
    if fit is None or not fit.lines:
        return
    font = font_of(layout.fonts, box.font)
    total = sum(len(p) for p in fit.lines) * fit.leading + box.paragraph_gap * (len(fit.lines) - 1)
    top = bottom + box.h
    if box.valign == "middle":
        top -= (box.h - total) / 2
    elif box.valign == "bottom":
        top = bottom + total
    color = _color(box.color, face.values)
    baseline = top - fit.size * ASCENT - (fit.leading - fit.size) / 2
    family = family_of(layout.fonts)
    for paragraph in fit.lines:
        base = paragraph_base(" ".join(paragraph), layout.icons)  # as the fit measured its lines
        align = line_align(box.align, base)
        x = {"left": left, "center": left + box.w / 2, "right": left + box.w}[align]
        for line in paragraph:
            if markup.has_markup(line):
                draw_emphasized_line(b, x, baseline, line, family, box.font, fit.size, color, align, layout.icons,
                                     emblems, layout.accents, base)
            elif layout.icons and "{" in line:
                draw_line_with_icons(b, x, baseline, line, font, fit.size, color, align, layout.icons, emblems, base)
            elif base is None:  # a paragraph without right-to-left text: each line left to right, as it always was
                b.text(x, baseline, line, font, fit.size, color, align)
            else:
                b.text(x, baseline, line, font, fit.size, color, align, base=base)
            baseline -= fit.leading
        baseline -= box.paragraph_gap


def line_align(align: str, base: int | None) -> str:
    """The side a box's line is aligned to: `start` (what a box that names no alignment takes) and `end` are the
    sides where its paragraph's direction begins and ends (start is the right of an Arabic or Hebrew paragraph, so a
    layout shared by an English and an Arabic edition sets each as its readers expect); left, center and right are
    the sides they name, in every script."""
    if align == "start":
        return "right" if base == 1 else "left"
    if align == "end":
        return "left" if base == 1 else "right"
    return align


def draw_line_with_icons(b, x, baseline, line, font, size, color, align, icons: dict, emblems,
                         base: int | None = None) -> None:
    """One line of text with inline icons: text runs and icon squares placed left to right, the whole line aligned
    as a plain line would be (widths as pnp.text.inline measures them for the fit check). `base`: the direction of
    its paragraph (pnp.text.fit.paragraph_base; None: the line's own)."""
    if base == 1 or has_rtl(line):
        draw_in_visual_order(b, x, baseline, [(font, line, color)], size, align, icons, emblems, base)
        return
    pieces = segments(line, icons)
    total = inline_width(line, font, size, icons)
    left = {"left": x, "center": x - total / 2, "right": x - total}[align]
    for kind, piece in pieces:
        if kind == "text":
            b.text(left, baseline, piece, font, size, color, "left")
            left += string_width(piece, font, size)
            continue
        square = size * (ICON_EM - 0.15)
        place_icon(b, icons[piece], emblems, left + size * 0.075, baseline + size * ICON_RISE, square)
        left += size * ICON_EM


def draw_emphasized_line(b, x, baseline, line, family: tuple, slot: str, size, color, align, icons: dict,
                         emblems, colors: dict | None = None, base: int | None = None) -> None:
    """One fitted line with emphasis and spans (pnp.text.markup): each run in its own font of the family
    (pnp.text.fonts.family_of; `slot` the box's font) and its own colour (#rrggbb, or a name of `colors`; else
    `color`, the text's), with its icons, left to right; the whole line aligned as pnp.text.fit measured it.
    `base`: the direction of its paragraph (pnp.text.fit.paragraph_base; None: the line's own)."""
    style = base_of(family, font_of(family, slot))  # as the fit check took the box's font
    pieces = [(font_of(family, run_slot), text, span_color(run_color, colors, color))
              for run_slot, text, run_color in markup.drawn_runs(line, style)]
    if base == 1 or any(has_rtl(text) for _, text, _ in pieces):
        draw_in_visual_order(b, x, baseline, pieces, size, align, icons, emblems, base)
        return
    total = sum(inline_width(text, font, size, icons) for font, text, _ in pieces)
    left = {"left": x, "center": x - total / 2, "right": x - total}[align]
    for font, text, run_color in pieces:
        if icons and "{" in text:
            draw_line_with_icons(b, left, baseline, text, font, size, run_color, "left", icons, emblems)
        else:
            b.text(left, baseline, text, font, size, run_color, "left")
        left += inline_width(text, font, size, icons)


def draw_in_visual_order(b, x, baseline, pieces, size, align, icons: dict, emblems, base: int | None = None) -> None:
    """A line of runs (font, text, colour), in reading order, holding right-to-left text or in a right-to-left
    paragraph: its runs and icons cut where their direction changes (pnp.text.direction: levels of the whole line in
    its paragraph's direction `base`, None for its own; an icon a neutral object) and drawn in visual order, each
    text piece set by the engine in its own direction, the whole line aligned."""
    parts = []  # (kind, font, text or icon name, colour), in reading order
    for font, text, color in pieces:
        for kind, piece in (segments(text, icons) if icons and "{" in text else [("text", text)]):
            parts.append((kind, font, piece, color))
    draw_parts_in_visual_order(b, x, baseline, parts, size, align, icons, emblems, base)


def draw_parts_in_visual_order(b, x, baseline, parts, size, align, icons: dict, emblems,
                               base: int | None = None) -> tuple[float, float]:
    """A line's parts in reading order, each ("text", font, text, colour) or ("icon", font, icon name, colour), cut
    where their direction changes and drawn in visual order, the whole line aligned on x; returns its left and
    right ends."""
    shown = "".join(piece if kind == "text" else OBJECT for kind, _, piece, _ in parts)
    levels, cut, start = direction.levels(shown, base), [], 0
    for kind, font, piece, color in parts:
        length = len(piece) if kind == "text" else 1
        offset = 0
        for end in range(1, length + 1):
            if end == length or levels[start + end] != levels[start + offset]:
                cut.append(((kind, font, piece[offset:end] if kind == "text" else piece, color), levels[start + offset]))
                offset = end
        start += length
    ordered = [cut[i] for i in direction.visual_order([level for _, level in cut])]
    # each piece is of one level: set in its direction (a piece of neutrals between Arabic words is right to left)
    widths = [string_width(piece, font, size, level % 2) if kind == "text" else size * ICON_EM
              for (kind, font, piece, _), level in ordered]
    total = sum(widths)
    left = line_left = {"left": x, "center": x - total / 2, "right": x - total}[align]
    for ((kind, font, piece, color), level), width in zip(ordered, widths):
        if kind == "text":
            b.text(left, baseline, piece, font, size, color, "left", base=level % 2)
        else:
            place_icon(b, icons[piece], emblems, left + size * 0.075, baseline + size * ICON_RISE, size * (ICON_EM - 0.15))
        left += width
    return line_left, left


def span_color(named: str | None, colors: dict | None, color: str) -> str:
    """A span's colour: #rrggbb as written, a name of the layout's colours as the layout says; no colour, or a name
    the layout lacks (reported by the validator), the text's own."""
    if named is None:
        return color
    if markup.HEX.fullmatch(named):
        return named
    return (colors or {}).get(named, color)


def place_icon(b, icon: tuple[str, str, str], emblems, x: float, y: float, size: float) -> None:
    """An inline icon as pnp.content.binding.game_icons gives it, in its own colour, in a size x size square with its
    bottom-left corner at (x, y)."""
    drawing, target, color = icon
    if drawing == "image":
        b.image(target, x, y, size, size, **({"color": color} if is_svg(target) else {}))
    else:
        place_emblem(b, emblems, target, color, x, y, size)


def _draw_art(b, box: Box, face, layout, emblems, left, bottom):
    name = face.values.get(box.field or "art")
    if not name:
        return
    color = _color(box.color, face.values)
    if box.name in face.images:  # an image file (found by pnp.content.binding), fitted into the box with its aspect kept
        path = face.images[box.name]  # an SVG's currentColor is the box's colour, as an emblem takes it
        b.image(path, left, bottom, box.w, box.h, **({"color": color} if color and is_svg(path) else {}))
        return
    draw, w, h = emblems[name], round(box.w, 2), round(box.h, 2)  # drawn at the size its name says (place_emblem)

    def scaled(inner):
        inner.save()
        inner.scale(w / 100.0, h / 100.0)
        draw(inner, color)
        inner.restore()

    symbol(b, f"emblem:{name}:{color}:{w:.2f}x{h:.2f}", w, h, scaled, left, bottom)


def _draw_image(b, box: Box, face, layout, emblems, left, bottom):
    """A background, frame or picture: the file pnp.content.binding found for the box, covering it (or contained in it)."""
    path = face.images.get(box.name)
    if path:
        b.image(path, left, bottom, box.w, box.h, **({"fit": box.fit} if box.fit != "contain" else {}))


def _draw_difficulty(b, box: Box, face, layout, emblems, left, bottom):
    level = face.values.get("difficulty")
    if level:
        r = min(box.w, box.h) / 2
        corners = difficulty_outline(level, left + r, bottom + r, r)
        if corners is None:
            b.circle(left + r, bottom + r, r, fill=DIFFICULTY_COLORS[level], stroke="#ffffff", width=0.6)
        else:
            b.path(polygon(corners), fill=DIFFICULTY_COLORS[level], stroke="#ffffff", width=0.6)


DRAWERS = {"rect": _draw_rect, "text": _draw_text, "art": _draw_art, "image": _draw_image, "difficulty": _draw_difficulty}
