"""The generic region kinds, drawn from a sheet's content: any game's sheet can use them.

- title: the game's title and the sheet's name;
- intro: the sheet's intro text;
- area: a labelled place for cards or tokens (a region named like one of the sheet's areas),
  with an outline for each card it holds;
- track: a labelled row of boxes (a region named like one of the sheet's tracks);
- tokens: counters to cut out (a region named like one of the sheet's token sets);
- image: a picture the layout names (`src:`), under the game's content folder.

Where things go inside a region is pnp.layout.regions, which the validator checks.
"""
from __future__ import annotations

from pnp.core.units import mm
from pnp.layout.regions import (
    AREA_LABEL_SIZE,
    AREA_TEXT_SIZE,
    INTRO_SIZE,
    TRACK_LABEL_SIZE,
    area_label_box,
    area_plan,
    title_sizes,
    token_plan,
    token_text_size,
    track_label_columns,
    track_plan,
)
from pnp.reading.image_files import find_image
from pnp.text.legibility import floor


def draw_title(pen, region, sheet, game) -> None:
    size, small = title_sizes(region)  # checked to fit: pnp.checks.sheets
    pen.text(region.x, region.y + (region.h - size) / 2, game.manifest.title.upper(), size, "bold", pen.colors["accent"])
    pen.text(region.x + region.w, region.y + (region.h - small) / 2, sheet.name, small, "italic", pen.colors["muted"],
             "right")


def draw_intro(pen, region, sheet, game) -> None:
    pen.paragraph(region.x, region.y, region.w, region.h, sheet.intro, INTRO_SIZE,
                  floor(region.min_size))  # checked to fit: pnp.checks.sheets


def draw_area(pen, region, sheet, game) -> None:
    area = next(a for a in sheet.areas if a.id == region.name)
    card_w, card_h = pen.outlines.trim_of(area)  # its deck's cards as they are drawn, landscape or not
    plan = area_plan(region, bool(area.text), area.cards, card_w, card_h)
    accent = area.color or pen.colors["accent"]
    # on a drawn ground (a playmat's art) the area is its frame alone, the ground showing through it
    pen.rect(region.x, region.y, region.w, region.h, fill=None if pen.on_ground else pen.colors["panel"],
             stroke=area.color or pen.colors["muted"], width=1.6 if area.color or pen.on_ground else 0.8, radius=mm(3))
    if area.art:
        pen.emblem(area.art, plan.label.x, plan.label.y - 1, AREA_LABEL_SIZE + 2, accent)
    label = area_label_box(plan, bool(area.art))  # the label and the text shrink to fit, checked to: pnp.checks.sheets
    pen.paragraph(label.x, label.y, label.w, label.h, area.label, AREA_LABEL_SIZE, floor(region.min_size), "bold", accent)
    if plan.text:
        pen.paragraph(plan.text.x, plan.text.y, plan.text.w, plan.text.h, area.text, AREA_TEXT_SIZE,
                      floor(region.min_size))
    numbers = _slot_numbers(plan.slots, area.stack_up)
    for number, slot in zip(numbers, plan.slots):
        pen.rect(slot.x, slot.y, slot.w, slot.h, fill=pen.colors["paper"], stroke=pen.colors["muted"], width=0.6,
                 radius=mm(2.5))
        if pen.on_ground:
            _slot_frame(pen, slot, accent, area, area.label if len(plan.slots) == 1 else str(number))


def _slot_numbers(slots, stack_up: bool) -> list[int]:
    """Each outline's number, in the slots' order: in reading order (top row first, left to right), or from the
    lowest up for an area whose cards stack upward (the unit at the bottom of a column is its first)."""
    if not stack_up:
        return list(range(1, len(slots) + 1))
    order = sorted(range(len(slots)), key=lambda i: (-slots[i].y, slots[i].x))  # y grows downward on a sheet
    numbers = [0] * len(slots)
    for number, index in enumerate(order, 1):
        numbers[index] = number
    return numbers


SLOT_LABEL_SIZE = 9.0  # points: a card slot's label, read across the table
SLOT_CORNER, SLOT_INSET = mm(7), mm(2.5)  # a slot frame's corner legs, and how far in from the slot's edge


def _slot_frame(pen, slot, accent: str, area, label: str) -> None:
    """A card slot on a playmat: corner marks in the area's colour where the card's corners go, the area's emblem
    faint in the middle and the slot's label (the area's name, or its number in a row of slots) under it, so the
    mat reads without cards on it and a card laid on it covers it all."""
    x0, y0, x1, y1 = slot.x + SLOT_INSET, slot.y + SLOT_INSET, slot.x + slot.w - SLOT_INSET, slot.y + slot.h - SLOT_INSET
    leg = min(SLOT_CORNER, (x1 - x0) / 3, (y1 - y0) / 3)
    for cx, cy, dx, dy in ((x0, y0, 1, 1), (x1, y0, -1, 1), (x0, y1, 1, -1), (x1, y1, -1, -1)):
        pen.line(cx, cy, cx + dx * leg, cy, accent, 1.2)
        pen.line(cx, cy, cx, cy + dy * leg, accent, 1.2)
    middle_x, middle_y = slot.x + slot.w / 2, slot.y + slot.h / 2
    if area.art:
        art = min(slot.w, slot.h) * 0.4
        pen.emblem(area.art, middle_x - art / 2, middle_y - art * 0.75, art, pen.colors["panel"])
    fit = pen.fit(x1 - x0 - 2 * SLOT_INSET, slot.h / 4, label, SLOT_LABEL_SIZE, SLOT_LABEL_SIZE, "bold")
    lines = [line for paragraph in fit.lines for line in paragraph] if fit.ok else []
    for k, line in enumerate(lines):  # centred under the emblem (or on the slot's middle, without one)
        top = middle_y + (art * 0.35 if area.art else -len(lines) * fit.leading / 2) + k * fit.leading
        pen.text(middle_x, top, line, SLOT_LABEL_SIZE, "bold", pen.colors["muted"], "center")


def draw_track(pen, region, sheet, game) -> None:
    track = next(t for t in sheet.tracks if t.id == region.name)
    # its label column the widest of the tracks stacked with it (pen.regions, the layout's: one x for their boxes)
    columns = track_label_columns(pen.regions or (region,), sheet.tracks, pen.fonts["bold"])
    plan = track_plan(region, track.length, pen.box_size, columns[track.id])
    pen.text(plan.label.x, plan.label.y + (plan.label.h - TRACK_LABEL_SIZE) / 2, track.label, TRACK_LABEL_SIZE, "bold")
    icons = {icon.at: icon.icon for icon in track.icons}
    for number, box in enumerate(plan.boxes, 1):
        pen.box(box.x, box.y, f"{region.name}.{number}", box.w, icons.get(number))
        if track.numbered:  # a number to put a token on, faint so a pencil mark still shows
            size = box.w * 0.42
            pen.text(box.x + box.w / 2, box.y + box.h / 2 - 0.4 * size, str(track.first + number - 1), size, "bold",
                     pen.colors["muted"], "center")


def draw_tokens(pen, region, sheet, game) -> None:
    tokens = next(t for t in sheet.tokens if t.id == region.name)
    plan = token_plan(region, tokens.count, tokens.size)
    pen.paragraph(plan.label.x, plan.label.y, plan.label.w, plan.label.h, f"{tokens.label} ({tokens.count})",
                  AREA_LABEL_SIZE, floor(region.min_size), "bold", pen.colors["accent"])  # checked to fit
    for slot in plan.tokens:
        if tokens.shape == "circle":
            pen.circle(slot.x + slot.w / 2, slot.y + slot.h / 2, slot.w / 2, fill=tokens.color, stroke=pen.colors["ink"])
        else:
            pen.rect(slot.x, slot.y, slot.w, slot.h, fill=tokens.color, stroke=pen.colors["ink"], width=0.6, radius=mm(1))
        if tokens.art:
            inset = slot.w * 0.15
            pen.emblem(tokens.art, slot.x + inset, slot.y + inset, slot.w - 2 * inset)
        if tokens.text:
            size = token_text_size(slot.h)  # digits (0.72 of the type size) centred: the baseline 0.36 size below the middle
            pen.text(slot.x + slot.w / 2, slot.y + slot.h / 2 - 0.44 * size, tokens.text, size, "bold", align="center")


def draw_image(pen, region, sheet, game) -> None:
    path, _ = find_image(game.root, region.src)  # the file validation checked (pnp.checks.sheets.sheet_images)
    if path:
        pen.image(str(path), region.x, region.y, region.w, region.h, region.fit)


RENDERERS = {"title": draw_title, "intro": draw_intro, "area": draw_area, "track": draw_track, "tokens": draw_tokens,
             "image": draw_image}
