"""Where the generic region kinds put things inside their region (pure geometry, in points).

The validator uses these plans to say what does not fit; the renderer
(pnp.render.regions) draws exactly what they place. Coordinates are from the
design area's top-left, y growing downwards, like the layout files.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from pnp.core.units import mm
from pnp.text.fonts import string_width

if TYPE_CHECKING:
    from pnp.layout.cards import CardSize

AREA_LABEL_SIZE, AREA_TEXT_SIZE = 11.0, 8.0  # type sizes in points; text shrinks to fit down to the region's
TRACK_LABEL_SIZE = 8.0  # smallest type (pnp.text.legibility.floor: 6pt unless the layout lowers it)
INTRO_SIZE = 9.0  # a sheet's intro shrinks from 9pt to fit its region
TITLE_MAX, TITLE_GAP = 30.0, mm(4)  # the title's largest size; the least room between the title and the sheet's name
PAD = mm(3)  # inside a region's edge
LABEL = mm(6)  # height of an area's or track's label line
TEXT = mm(11)  # height of an area's text, when it has text
CARD_GAP = mm(4)  # between card outlines


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float


@dataclass(frozen=True)
class CardOutlines:
    """The card sizes a sheet's areas outline, as the cards are drawn: an area holding a deck's cards (`deck:`)
    outlines that deck's size (a landscape deck's outlines are landscape), any other area the game's card_size.
    The validator's fit checks and the renderer both ask it, so what is checked is what is drawn."""

    game: CardSize | None = None
    decks: dict[str, CardSize] = field(default_factory=dict)  # deck id -> its card size (Project.deck_sizes)

    def size_of(self, area) -> CardSize | None:
        """The size of the cards `area` holds; None when it is unknown (its deck's size is reported elsewhere)."""
        return self.decks.get(area.deck) if area.deck else self.game

    def trim_of(self, area) -> tuple[float, float]:
        """The width and height of an outline of the area, (0, 0) for no known size."""
        size = self.size_of(area)
        return (size.width, size.height) if size else (0.0, 0.0)


@dataclass(frozen=True)
class AreaPlan:
    label: Rect
    text: Rect | None
    slots: list[Rect]  # one card outline per card the area holds
    needed: tuple[float, float] | None = None  # when they do not fit: (height at this width, width for one row)


def area_plan(region, has_text: bool, cards: int, card_w: float, card_h: float) -> AreaPlan:
    """An area: its label, its text, then its card outlines in a grid centred across, at the top of the room
    below them. An area without text keeps the text's room when it can spare it, so the card outlines of areas
    side by side stand on one line whether or not each has text (as a publisher aligns a board's card slots)."""
    label = Rect(region.x + PAD, region.y + PAD, region.w - 2 * PAD, LABEL)
    text = Rect(label.x, label.y + label.h, label.w, TEXT) if has_text else None
    if cards == 0:
        return AreaPlan(label, text, [])
    bottom = region.y + region.h - PAD
    columns = max(1, min(cards, int((label.w + CARD_GAP) // (card_w + CARD_GAP))))
    rows = math.ceil(cards / columns)
    grid_w, grid_h = columns * card_w + (columns - 1) * CARD_GAP, rows * card_h + (rows - 1) * CARD_GAP
    top = label.y + label.h + mm(1)
    if has_text or top + TEXT + grid_h <= bottom + 0.01:
        top += TEXT
    if grid_w > label.w + 0.01 or top + grid_h > bottom + 0.01:
        one_row = 2 * PAD + cards * card_w + (cards - 1) * CARD_GAP
        return AreaPlan(label, text, [], (top + grid_h + PAD - region.y, one_row))
    left = label.x + (label.w - grid_w) / 2
    slots = [Rect(left + (i % columns) * (card_w + CARD_GAP), top + (i // columns) * (card_h + CARD_GAP), card_w, card_h)
             for i in range(cards)]
    return AreaPlan(label, text, slots)


def area_label_box(plan: AreaPlan, has_art: bool) -> Rect:
    """Where an area's label goes: its label line, after the area's emblem when it has one."""
    indent = AREA_LABEL_SIZE + 5 if has_art else 0.0
    return Rect(plan.label.x + indent, plan.label.y, plan.label.w - indent, plan.label.h)


def token_text_size(size: float) -> float:
    """The type size of the text printed on a token of this size."""
    return size * 0.6


@dataclass(frozen=True)
class TrackPlan:
    label: Rect
    boxes: list[Rect]  # box 1 first
    needed: float | None = None  # when the boxes do not fit: the region width they need


def track_plan(region, length: int, box: float, label_width: float) -> TrackPlan:
    """A track: its label on the left, then `length` boxes in a row, vertically centred."""
    label = Rect(region.x, region.y + (region.h - LABEL) / 2, label_width, LABEL)
    left = region.x + label_width + mm(2)
    if left + length * box > region.x + region.w + 0.01 or box > region.h + 0.01:
        return TrackPlan(label, [], left - region.x + length * box)
    top = region.y + (region.h - box) / 2
    return TrackPlan(label, [Rect(left + i * box, top, box, box) for i in range(length)])


def track_label_width(label: str, font: str) -> float:
    return string_width(label, font, TRACK_LABEL_SIZE) + 2


def track_label_columns(regions, tracks, font: str) -> dict[str, float]:
    """Track id -> the width its label column takes: the widest label of the tracks whose regions start at the same
    x, so tracks stacked in one column start their boxes at one x (a score sheet's team rows under its player rows,
    not 1.5 mm to their left because "Team A" is shorter than "Player 1")."""
    at = {region.name: region for region in regions}
    widths = {track.id: track_label_width(track.label, font) for track in tracks if track.id in at}
    column: dict[float, float] = {}
    for track_id, width in widths.items():
        x = round(at[track_id].x, 1)
        column[x] = max(column.get(x, 0.0), width)
    return {track_id: column[round(at[track_id].x, 1)] for track_id in widths}


TOKEN_GAP = mm(2)  # between tokens, room for the scissors


@dataclass(frozen=True)
class TokenPlan:
    label: Rect
    tokens: list[Rect]
    needed: float | None = None  # when they do not fit: the region height they need at this width


def token_plan(region, count: int, size: float) -> TokenPlan:
    """Tokens: a label, then `count` tokens in rows from the left, as many to a row as fit."""
    label = Rect(region.x + PAD, region.y + PAD, region.w - 2 * PAD, LABEL)
    top = label.y + label.h + mm(1)
    columns = max(1, int((region.w - 2 * PAD + TOKEN_GAP) // (size + TOKEN_GAP)))
    rows = math.ceil(count / columns)
    bottom = top + rows * size + (rows - 1) * TOKEN_GAP
    if size > region.w - 2 * PAD + 0.01 or bottom > region.y + region.h - PAD + 0.01:
        return TokenPlan(label, [], bottom + PAD - region.y)
    return TokenPlan(label, [Rect(label.x + (i % columns) * (size + TOKEN_GAP), top + (i // columns) * (size + TOKEN_GAP),
                                  size, size) for i in range(count)])


def title_sizes(region) -> tuple[float, float]:
    """The type sizes of a title region: the game's title, and the sheet's name beside it."""
    size = min(region.h * 0.7, TITLE_MAX)
    return size, min(size * 0.5, 12.0)


def title_overflow(region, title: str, name: str, fonts: dict[str, str]) -> float:
    """How far the title and the sheet's name, side by side, run past the region (0 when they fit)."""
    size, small = title_sizes(region)
    wide = string_width(title.upper(), fonts["bold"], size) + TITLE_GAP + string_width(name, fonts["italic"], small)
    return max(0.0, wide - region.w)
